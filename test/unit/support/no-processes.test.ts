import * as named from 'node:child_process';
import childProcess from 'node:child_process';
import { expect, test } from 'vitest';
import { PROCESS_STARTERS, takeAsked } from './no-processes.ts';

test('in the unit project every way to start a process throws, naming the command, and is recorded for the test to fail', () => {
  for (const name of PROCESS_STARTERS) {
    for (const starter of [childProcess[name], named[name]] as ((command: string, args?: string[]) => unknown)[]) {
      expect(() => starter(process.execPath, ['--version']), name).toThrow(`${name}: ${process.execPath} --version`);
      expect(() => starter(process.execPath, ['--version']), name).toThrow('UNIT_PROCESSES');
    }
  }
  expect(takeAsked()).toHaveLength(PROCESS_STARTERS.length * 4);
  expect(takeAsked()).toEqual([]);
});
