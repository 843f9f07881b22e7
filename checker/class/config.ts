import { readFileSync } from 'node:fs';
import type { Selected } from '../course/course.ts';
import { UsageError } from '../usage/command-line.ts';
import { NO_ROSTER } from './roster.ts';
import type { Roster } from './roster.ts';

/**
 * An instructor's class file (`--config FILE`): what differs from class to class without touching the checker,
 * whose committed files the integrity check keeps exactly as they are.
 */
export interface ClassConfig {
  /** Points per exercise id for this class; exercises not named keep their manifest weight. */
  weights: Record<string, number>;
  /** Submission name (folder, or a .zip named so with or without `.zip`) → the student's id in the LMS. */
  roster: Roster;
  /** The Canvas assignment gradebook-canvas.csv fills (a column of that name, so Canvas updates it rather than adding one). */
  canvasAssignment?: string;
  /** Grade each `.git` copy at its last commit at or before this time. */
  deadline?: Date;
}

/** No class file: manifest weights, no roster, no deadline. */
export const NO_CONFIG: ClassConfig = { weights: {}, roster: NO_ROSTER };

/** Reads and checks a class file; anything wrong in it is a usage error naming the key. */
export function readClassConfig(file: string, selected: readonly Selected[]): ClassConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError((say) => say.configUnreadable(file, error instanceof Error ? error.message : String(error)));
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UsageError((say) => say.configBad(file, '{ … }'));
  const { weights = {}, roster = {}, deadline, canvasAssignment, ...rest } = raw as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new UsageError((say) => say.configBad(file, unknown));
  const ids = new Set(selected.map(({ exercise }) => exercise.id));
  if (typeof weights !== 'object' || weights === null || Array.isArray(weights)) throw new UsageError((say) => say.configBad(file, 'weights'));
  for (const [id, weight] of Object.entries(weights)) {
    if (!ids.has(id)) throw new UsageError((say) => say.configBad(file, `weights.${id}`));
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) throw new UsageError((say) => say.configBad(file, `weights.${id}`));
  }
  if (typeof roster !== 'object' || roster === null || Array.isArray(roster)) throw new UsageError((say) => say.configBad(file, 'roster'));
  for (const [name, id] of Object.entries(roster)) {
    if (typeof id !== 'string' || id.trim() === '') throw new UsageError((say) => say.configBad(file, `roster.${name}`));
  }
  if (canvasAssignment !== undefined && (typeof canvasAssignment !== 'string' || canvasAssignment.trim() === '')) throw new UsageError((say) => say.configBad(file, 'canvasAssignment'));
  // Own entries only, into a Map: a student named like an Object property is looked up like any other.
  const config: ClassConfig = { weights: weights as Record<string, number>, roster: new Map(Object.entries(roster as Record<string, string>)) };
  if (typeof canvasAssignment === 'string') config.canvasAssignment = canvasAssignment.trim();
  if (deadline !== undefined) config.deadline = deadlineOption(typeof deadline === 'string' ? deadline : '', `${file}: deadline`);
  return config;
}

/** A deadline as given (`--deadline` or the class file): an ISO 8601 time with its offset, such as 2026-12-01T23:59:00+09:00. */
export function deadlineOption(value: string, where = '--deadline'): Date {
  const when = new Date(value);
  if (!/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !/(Z|[+-]\d{2}:?\d{2})$/.test(value) || Number.isNaN(when.getTime())) {
    throw new UsageError((say) => say.badDeadline(where, value));
  }
  return when;
}
