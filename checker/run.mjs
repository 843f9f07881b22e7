// Starts a TypeScript entry point of the checker: `node checker/run.mjs checker/cli.ts check ...`.
// vitest is imported before tsx's loader is registered, so its few hundred modules load at plain Node
// speed instead of passing through the TypeScript hooks; this saves about 0.4 s on every check.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
const entry = resolve(process.argv[2] ?? '');
process.argv.splice(1, 2, entry);
try {
  await import(pathToFileURL(entry).href);
} catch (error) {
  // A chapter manifest that breaks the naming convention is a course author's mistake: say it in one line.
  if (!(error instanceof Error) || error.name !== 'ManifestError') throw error;
  console.error(error.message);
  process.exitCode = 2;
}
