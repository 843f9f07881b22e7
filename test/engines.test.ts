import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from './support/run.ts';

type Version = [number, number, number];

/** `20.19` → [20, 19, 0]; missing parts count as 0. */
function parse(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether a Node version meets one engines comparator such as `>=18`, `^20.17.0` or `~16.13`. */
function meets(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|\^|~|=)?\s*v?([\d.x*]+)$/.exec(comparator.trim());
  if (!match) throw new Error(`unreadable engines comparator: ${comparator}`);
  const bound = parse(match[2]!.replace(/[x*]/g, '0'));
  const order = compare(version, bound);
  switch (match[1]) {
    case '>=': return order >= 0;
    case '>': return order > 0;
    case '<=': return order <= 0;
    case '<': return order < 0;
    case '^': return order >= 0 && version[0] === bound[0];
    case '~': return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    default: return version[0] === bound[0] && (match[2]!.split('.').length < 2 || version[1] === bound[1]);
  }
}

/** Whether a Node version satisfies an engines range: `||` alternatives of space-separated comparators. */
function satisfies(version: string, range: string): boolean {
  const tight = range.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1');
  return tight.split('||').some((part) => part.trim().split(/\s+/).every((comparator) => meets(parse(version), comparator)));
}

test('the range check reads engines fields the way npm does', () => {
  expect(satisfies('20.19.0', '^22.22.2 || ^24.15.0 || >=26.0.0')).toBe(false);
  expect(satisfies('20.19.0', '^14.17.0 || ^16.13.0 || >=18.0.0')).toBe(true);
  expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
  expect(satisfies('20.18.9', '^20.19.0 || >=22.12.0')).toBe(false);
  expect(satisfies('20.19.0', '>= 12')).toBe(true);
  expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
});

test('every locked package accepts the oldest Node that package.json and the README promise, so npm ci prints no EBADENGINE', () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } };
  const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
  expect(floor, 'engines.node is a plain >= floor').toBeDefined();
  expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toContain(`Node.js ${floor!.replace(/\.0$/, '')}`);
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
  const refusing = Object.entries(lock.packages)
    .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
    .filter(([, range]) => range !== undefined && !satisfies(floor!, range))
    .map(([path, range]) => `${path} wants node ${range}`);
  expect(refusing).toEqual([]);
});
