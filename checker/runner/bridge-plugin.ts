import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { deniedModule, fileOfId, isInside } from '../trust/confine.ts';
import type { LoadScope } from '../trust/confine.ts';
import { bundleChapter } from './bridge-bundle.ts';
import type { BundledModule } from './bridge-bundle.ts';

/**
 * The chapters whose learner code runs across the bridge, in a process of its own (checker/suites/_lib/bridge.ts), by
 * folder name: every chapter of the course. The test fixture course's chapters still load learner modules into the
 * fork that runs their suites (see docs/maintainers.md). Fixed here, in the checker: nothing in a submission chooses it.
 */
export const BRIDGED_CHAPTERS: ReadonlySet<string> = new Set(['01-mini-mcp', '02-two-sided-allowlists', '03-real-mcp-sdk', '04-remote-mcp-http', '05-mcp-host']);

/**
 * The one public suite file of a bridged chapter that runs beside the learner's code, in the learner process: the SDK's
 * own server loop around the learner's McpServer (chapter 3), so only protocol messages cross the bridge. It decides
 * nothing: the suites that import it judge what comes back. A private suite never runs there.
 */
export const BESIDE_LEARNER = 'in-learner.ts';

/** The bridged chapter whose BESIDE_LEARNER file `file` is (inside `root`'s public suites), or undefined. */
export function besideLearnerChapter(file: string, root: string): string | undefined {
  const suites = join(root, 'checker', 'suites');
  if (!isInside(file, suites)) return undefined;
  const parts = relative(suites, file).split(sep);
  return parts.length === 2 && parts[1] === BESIDE_LEARNER && BRIDGED_CHAPTERS.has(parts[0]!) ? parts[0] : undefined;
}

/** True for a suite file (public, or an instructor's private one beside it) of a bridged chapter. */
export function isBridgedSuite(file: string): boolean {
  const match = /[\\/]checker[\\/]suites[\\/]([^\\/]+)[\\/]/.exec(file);
  return match !== null && BRIDGED_CHAPTERS.has(match[1]!.replace(/\.private.*$/, ''));
}

/** The source of a module that lists folders while Vite transforms it (see confine.ts); the bundle refuses it the same way. */
const GLOB = /import\s*\.\s*meta\s*\.\s*glob/;

/** A learner module, as Vite names it: a TypeScript or JavaScript file. */
const SOURCE = /\.[cm]?[jt]s$/;

/** A name a generated module can export as it is. */
const NAME = /^[A-Za-z_$][\w$]*$/;

/** The specifier a generated module imports the bridge by; only this plugin resolves it (to the suites' own helper). */
const BRIDGE_ID = 'checker:bridge';

/** The generated module that stands for one learner module in the fork: its exports are the learner process's, through the bridge. */
export function proxyModule(module: BundledModule): string {
  const lines = [`import { learnerModule } from ${JSON.stringify(BRIDGE_ID)};`, `const learner = await learnerModule(${JSON.stringify(module.bundle)});`];
  for (const name of module.exports) {
    if (name === 'default') lines.push(`export default learner['default'];`);
    else if (NAME.test(name) && name !== 'learner') lines.push(`export const ${name} = learner[${JSON.stringify(name)}];`);
  }
  lines.push('');
  return lines.join('\n');
}

/** What the loop guard makes of one learner file: its rewritten code, or nothing to change. */
export type GuardResult = { code: string } | null | undefined;

/** The bridge plugin of one lane, and a way to drop what it built when learner files change. */
export interface BridgePlugin {
  plugin: Plugin;
  /** Drops the bundles of the chapter holding `file` (of every chapter when no file is given). */
  forget(file?: string): void;
}

/**
 * A Vite plugin that, in the graded student's folder, loads every module of a bridged chapter as a generated module
 * (proxyModule) instead of the learner's code: the fork that runs the suites never gets learner code. The chapter is
 * bundled once per student (with `transform`, the loop guard, on each learner file) for the learner process.
 */
export function bridgePlugin(scope: LoadScope, transform: (code: string, id: string) => GuardResult | Promise<GuardResult>): BridgePlugin {
  const built = new Map<string, Promise<Map<string, BundledModule> | string>>();
  const plugin: Plugin = {
    name: 'checker-bridge',
    enforce: 'pre',
    resolveId(source) {
      return source === BRIDGE_ID && scope.root !== null ? join(scope.root, 'checker', 'suites', '_lib', 'bridge.ts') : null;
    },
    async load(id) {
      const file = fileOfId(id);
      const root = scope.root;
      if (file === null || root === null || /[?#]/.test(id) || !SOURCE.test(file)) return null;
      const chapters = join(root, 'chapters');
      const beside = besideLearnerChapter(file, root);
      if (!beside && !isInside(file, chapters)) return null;
      const chapter = beside ?? relative(chapters, file).split(sep)[0] ?? '';
      if (!BRIDGED_CHAPTERS.has(chapter)) return null;
      const dir = join(chapters, chapter);
      let modules = built.get(dir);
      if (!modules) {
        const extra = join(root, 'checker', 'suites', chapter, BESIDE_LEARNER);
        // import.meta.glob is Vite's, never the bundler's: a learner file that asks for it throws the sandbox's refusal, as in a fork.
        modules = bundleChapter(
          dir,
          root,
          (code, id) => (GLOB.test(code) ? { code: deniedModule('import.meta.glob', undefined, 'FolderListing') } : transform(code, id)),
          existsSync(extra) ? [extra] : [],
        );
        built.set(dir, modules);
      }
      const got = await modules;
      if (typeof got === 'string') return `throw new Error(${JSON.stringify(got)});\nexport {};\n`;
      const module = got.get(file);
      if (!module) return `throw new Error(${JSON.stringify(`bridge: ${relative(root, file)} was not bundled`)});\nexport {};\n`;
      return proxyModule(module);
    },
  };
  return {
    plugin,
    forget(file) {
      if (file === undefined) return built.clear();
      for (const dir of built.keys()) if (isInside(file, dir)) built.delete(dir);
    },
  };
}
