import { CHAPTERS } from '../../course/current.ts';
import { chapterFolder, gradedTarget, shownPath } from '../../course/target.ts';
import type { Lang } from '../../usage/messages.ts';
import { UsageError, langOption, readOptions } from '../../usage/command-line.ts';
import { DEFAULT_SCOPES, isServable } from './http-chapter.ts';

/** A parsed `serve` or `conformance` command line. */
export interface HttpArgs {
  /** The chapter folder to serve, absolute. */
  chapterDir: string;
  /** How messages name that folder, such as `chapters/04-remote-mcp-http` (relative to the current folder when inside it). */
  shown: string;
  lang: Lang;
  port: number;
  scopes: readonly string[];
  /** serve --issuer: the authorization server whose JWTs the endpoint accepts, instead of a test token. */
  issuer?: string;
}

/** The chapters whose folder in DIR holds an HTTP endpoint. */
function servableIds(target: string): string[] {
  const found = gradedTarget(target, CHAPTERS);
  return CHAPTERS.filter((chapter) => isServable(chapterFolder(found, chapter))).map((chapter) => chapter.id);
}

/** Reads `ID [--target DIR] [--lang ko|en]` (and for serve `--port`, `--scopes`); throws UsageError on anything else. */
export function parseHttpArgs(command: 'serve' | 'conformance', argv: readonly string[], defaultTarget: string, env: NodeJS.ProcessEnv = process.env): HttpArgs {
  const { positional, values } = readOptions(command, argv);
  const given = values as Partial<Record<'--target' | '--lang' | '--port' | '--scopes' | '--issuer', string>>;
  const lang = langOption(given['--lang'], env);
  const target = given['--target'] ?? defaultTarget;
  const ids = servableIds(target);
  if (positional.length !== 1) throw new UsageError((say) => say.oneChapter(command, ids));
  const word = positional[0]!;
  const chapter = CHAPTERS.find((candidate) => candidate.id === word || candidate.dir === word);
  if (!chapter || !ids.includes(chapter.id)) throw new UsageError((say) => say.notServable(word, ids));
  const found = gradedTarget(target, CHAPTERS);
  return {
    chapterDir: chapterFolder(found, chapter),
    shown: shownPath(found, chapter.dir) || '.',
    lang,
    port: portOption(given['--port']),
    scopes: scopesOption(given['--scopes']),
    ...(given['--issuer'] === undefined ? {} : { issuer: issuerOption(given['--issuer']) }),
  };
}

/** The port from --port: FALLBACK (3000) unless given, 0 for any free one. */
export function portOption(value: string | undefined, fallback = 3000): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError((say) => say.badPort(value));
  return port;
}

/** The token's scopes from --scopes (`a,b` or `a b`), else the demo reader's. */
function scopesOption(value: string | undefined): readonly string[] {
  if (value === undefined) return DEFAULT_SCOPES;
  const scopes = value.split(/[\s,]+/).filter((scope) => scope !== '');
  if (scopes.length === 0 || scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) throw new UsageError((say) => say.badScopes(value));
  return scopes;
}

/** The issuer from --issuer: an http(s) URL without query or fragment (RFC 8414 §2), kept exactly as written. */
function issuerOption(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search !== '' || url.hash !== '') throw new UsageError((say) => say.badIssuer(value));
  return value;
}
