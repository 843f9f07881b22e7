import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LEARNER_HEAP_MB, deniedFrom, laneSandbox, learnerEnv, permissionFlag, SANDBOX_PRELOAD, sandboxArgv } from '../../../../checker/trust/sandbox.ts';
import { tempDir } from '../../support/temp.ts';

describe('permissionFlag', () => {
  test('is a permission-model flag this Node accepts', () => {
    const flag = permissionFlag();
    expect(['--permission', '--experimental-permission']).toContain(flag);
    expect(process.allowedNodeEnvironmentFlags.has(flag)).toBe(true);
  });
});

describe('learnerEnv', () => {
  test("is the whole environment: PATH, a locale, HOME and TMPDIR in the write folder, and the checker's own variables", () => {
    const env = learnerEnv('/scratch/.sandbox/a', { CHECKER_LANG: 'en' });
    expect(Object.keys(env).sort()).toEqual(['CHECKER_LANG', 'HOME', 'LANG', 'PATH', 'TMPDIR']);
    expect(env).toMatchObject({ HOME: '/scratch/.sandbox/a', TMPDIR: '/scratch/.sandbox/a', LANG: 'C.UTF-8', CHECKER_LANG: 'en' });
    expect(env['PATH']!.split(':')[0]).toBe(join(process.execPath, '..'));
  });
});

describe('sandboxArgv', () => {
  const quiet = tempDir('sandbox-quiet');
  test('turns the permission model on, allows each read path and the one write path, caps the heap, then loads the preload', () => {
    expect(sandboxArgv({ read: ['/scratch', '/repo/node_modules'], write: '/scratch/.sandbox/a' })).toEqual([
      permissionFlag(),
      '--allow-fs-read=/scratch',
      '--allow-fs-read=/repo/node_modules',
      '--allow-fs-write=/scratch/.sandbox/a',
      `--max-old-space-size=${LEARNER_HEAP_MB}`,
      '--disable-warning=ExperimentalWarning',
      '--require',
      SANDBOX_PRELOAD,
    ]);
  });

  test('a process started with it prints nothing of its own on stderr: no experimental-feature warning reaches a suite', () => {
    const ran = spawnSync(process.execPath, [...sandboxArgv({ read: [SANDBOX_PRELOAD], write: quiet }), '-e', '0'], { encoding: 'utf8' });
    expect(ran.status).toBe(0);
    expect(ran.stderr).toBe('');
  });

  test('allows nothing to read when given nothing, and never child processes, workers, addons or WASI', () => {
    const argv = sandboxArgv({ read: [], write: '/w' });
    expect(argv.filter((arg) => arg.startsWith('--allow-fs-read'))).toEqual([]);
    expect(argv.filter((arg) => /^--allow-(child-process|worker|addons|wasi)/.test(arg))).toEqual([]);
  });

  test('a file-system refusal names the refused path in its message, however the learner code reads (sync, promise, callback, ES import)', () => {
    const outside = join(tempDir('sandbox-outside'), 'secret.txt');
    writeFileSync(outside, 'not for learners');
    const probe = join(quiet, 'probe.mjs');
    writeFileSync(
      probe,
      [
        "import { readFileSync } from 'node:fs';",
        "import { readFile } from 'node:fs/promises';",
        "import fs from 'node:fs';",
        'const said = [];',
        `try { readFileSync(${JSON.stringify(outside)}); } catch (error) { said.push(error.message); }`,
        `try { await readFile(${JSON.stringify(outside)}); } catch (error) { said.push(error.message); }`,
        `await new Promise((done) => fs.readFile(${JSON.stringify(outside)}, (error) => { said.push(error.message); done(); }));`,
        'console.log(JSON.stringify(said));',
      ].join('\n'),
    );
    const ran = spawnSync(process.execPath, [...sandboxArgv({ read: [quiet, SANDBOX_PRELOAD], write: quiet }), probe], { encoding: 'utf8' });
    expect(ran.status, ran.stderr).toBe(0);
    const said = JSON.parse(ran.stdout) as string[];
    expect(said).toHaveLength(3);
    for (const message of said) {
      // Node 20 says only the first sentence; Node 22 and later add one on --allow-fs-read before the path.
      expect(message.startsWith('Access to this API has been restricted'), message).toBe(true);
      expect(message.endsWith(`: ${outside}`), message).toBe(true);
      expect(message, message).not.toContain('.:');
    }
  });

  test("a listener the learner code hands to watchFile or watch stays its own: unwatchFile and removeListener find it, and the process exits on its own", () => {
    const watched = join(quiet, 'watched.txt');
    writeFileSync(watched, 'x');
    const probe = join(quiet, 'listeners.mjs');
    writeFileSync(
      probe,
      [
        "import fs from 'node:fs';",
        'const listener = () => {};',
        `fs.watchFile(${JSON.stringify(watched)}, { interval: 10 }, listener);`,
        `fs.unwatchFile(${JSON.stringify(watched)}, listener);`,
        `const watcher = fs.watch(${JSON.stringify(watched)}, listener);`,
        "const own = watcher.listeners('change').includes(listener);",
        "watcher.removeListener('change', listener);",
        "console.log(JSON.stringify({ own, left: watcher.listenerCount('change') }));",
        'watcher.close();',
      ].join('\n'),
    );
    // A safety net only: a listener still watched keeps the process alive, and the kill then fails the test.
    const ran = spawnSync(process.execPath, [...sandboxArgv({ read: [quiet, SANDBOX_PRELOAD], write: quiet }), probe], { encoding: 'utf8', timeout: 120_000 });
    expect(ran.signal, 'the process did not exit on its own').toBeNull();
    expect(ran.status, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ own: true, left: 0 });
  });

  test('the preload is the file beside the module', () => {
    expect(basename(SANDBOX_PRELOAD)).toBe('sandbox-preload.cjs');
    expect(existsSync(SANDBOX_PRELOAD)).toBe(true);
  });
});

describe('laneSandbox', () => {
  const root = tempDir('sandbox');

  test("makes the lane's own write folder and reads only the shared paths (as given and by their real paths) and the preload, never the whole scratch folder", () => {
    const packages = join(root, 'real-node-modules');
    mkdirSync(packages);
    symlinkSync(packages, join(root, 'node_modules'));
    const paths = laneSandbox(root, [join(root, 'node_modules')], 'lane-3');
    expect(paths.write).toBe(join(root, '.sandbox', 'lane-3'));
    expect(statSync(paths.write).isDirectory()).toBe(true);
    expect(paths.read).toEqual([join(root, 'node_modules'), realpathSync(packages), SANDBOX_PRELOAD]);
  });
});

describe('deniedFrom', () => {
  test('reads the refused right and resource of an ERR_ACCESS_DENIED error', () => {
    expect(deniedFrom({ code: 'ERR_ACCESS_DENIED', permission: 'FileSystemWrite', resource: '/etc/x' })).toEqual({ permission: 'FileSystemWrite', resource: '/etc/x' });
    expect(deniedFrom({ code: 'ERR_ACCESS_DENIED', permission: 'ChildProcess' })).toEqual({ permission: 'ChildProcess', resource: '' });
  });

  test('a refusal without a permission field is a binding refusal, named by its message', () => {
    expect(deniedFrom({ code: 'ERR_ACCESS_DENIED', message: 'process.binding is not allowed' })).toEqual({ permission: 'Binding', resource: 'process.binding is not allowed' });
    expect(deniedFrom({ code: 'ERR_ACCESS_DENIED' })).toEqual({ permission: 'Binding', resource: '' });
  });

  test('a refused native addon is reported as Addons', () => {
    expect(deniedFrom({ code: 'ERR_DLOPEN_DISABLED', message: 'Cannot load native addon' })).toEqual({ permission: 'Addons', resource: '' });
  });

  test('anything else is not a refusal', () => {
    for (const error of [null, undefined, 'ERR_ACCESS_DENIED', 42, new Error('boom'), { code: 'ENOENT', permission: 'FileSystemRead' }, {}]) {
      expect(deniedFrom(error)).toBeNull();
    }
  });
});
