// The floor benchmark's per-student process: it runs under the checker's sandbox flags (bench/floor-run.ts starts it)
// and imports one prepared bundle per suite file, in order, each with its own copy of the learner's modules, and
// runs the tests each registered, one after another, with the checker's per-test limit. Plain JavaScript: the
// sandboxed process gets no TypeScript loader, the same as a learner process the checker starts.
const [limitText, ...bundles] = process.argv.slice(2);
const limitMs = Number(limitText);

// As the checker's lanes do (dangerouslyIgnoreUnhandledErrors), a stray rejection in learner code fails no other test.
process.on('unhandledRejection', () => undefined);
process.on('uncaughtException', () => undefined);

/** Runs one registered function within the per-test limit; resolves to an error message, or null when it passed. */
async function within(fn) {
  let timer;
  try {
    await Promise.race([
      Promise.resolve().then(fn),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${limitMs} ms`)), limitMs);
      }),
    ]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

const results = [];
for (const bundle of bundles) {
  const suite = { tests: [], afterAll: [], current: undefined };
  globalThis.__floorSuite = suite;
  const loaded = await within(() => import(bundle));
  if (loaded !== null) {
    results.push({ bundle, loadError: loaded, tests: [] });
    continue;
  }
  const tests = [];
  for (const { name, fn } of suite.tests) {
    suite.current = name;
    tests.push({ name, error: await within(fn) });
  }
  suite.current = undefined;
  for (const fn of suite.afterAll) await within(fn);
  results.push({ bundle, loadError: null, tests });
}
process.send?.(results, () => process.exit(0));
