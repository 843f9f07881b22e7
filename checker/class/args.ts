import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Lang } from '../usage/messages.ts';
import { UsageError, langOption, readOptions, timeoutOption } from '../usage/command-line.ts';
import { localStamp } from '../course/files.ts';
import { isInside } from '../trust/confine.ts';
import { deadlineOption } from '../course/class-file.ts';
import { shardOption } from './intake/shard.ts';
import type { Shard } from './intake/shard.ts';

/** Parsed `npm run grade` command line. */
export interface GradeArgs {
  submissions: string;
  out: string;
  suites?: string;
  /** The class file: weights, roster, deadline and assignments (read by course/class-file.ts). */
  config?: string;
  /** Overrides the class file's deadline. */
  deadline?: Date;
  /** Regrade only these submissions, into the gradebook already in the output folder. */
  only?: string[];
  /** Run the similarity pass (for a person to review). */
  similarity: boolean;
  /** Grade only this part of the class (see intake/shard.ts); `grade:merge` joins the parts. */
  shard?: Shard;
  /** Grade only this assignment of the class file: its exercises, deadline and weights. */
  assignment?: string;
  /** Read a key on standard input and sign the gradebook folder with it (books/signed-book.ts), for the class workflow. */
  sign: boolean;
  lang: Lang;
  timeoutMs: number;
}

/**
 * Reads the command line of `npm run grade`. Without --out the gradebook goes to ~/mcp-gradebooks/gradebook-<local time>:
 * student names and grades never land in the course repository, where one `git add -A` would commit them.
 */
export function parseGradeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): GradeArgs {
  const { positional, values: options, flags } = readOptions('grade', argv);
  const lang = langOption(options['--lang'], env);
  const timeoutMs = timeoutOption(options['--timeout']);
  if (positional.length !== 1) throw new UsageError((say) => say.oneSubmissions);
  const submissions = positional[0]!;
  const out = options['--out'] ?? join(homedir(), 'mcp-gradebooks', `gradebook-${localStamp(now)}`);
  if (isInside(resolve(out), resolve(submissions))) throw new UsageError((say) => say.outInside(out));
  const suites = options['--suites'];
  const config = options['--config'];
  const deadline = options['--deadline'] === undefined ? undefined : deadlineOption(options['--deadline']);
  const shard = options['--shard'] === undefined ? undefined : shardOption(options['--shard']);
  const only = options['--only']?.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (only && !options['--out']) throw new UsageError((say) => say.onlyNeedsOut);
  const assignment = options['--assignment'];
  return { submissions, out, ...(suites ? { suites } : {}), ...(config ? { config } : {}), ...(deadline ? { deadline } : {}), ...(only ? { only } : {}), ...(shard ? { shard } : {}), ...(assignment ? { assignment } : {}), similarity: flags['--similarity'], sign: flags['--sign'], lang, timeoutMs };
}
