import { readFileSync } from 'node:fs';
import type { Selected } from './course.ts';
import { UsageError } from '../usage/command-line.ts';

/** Submission name → the student's id in the LMS (class/intake/roster.ts reads it). */
type Roster = ReadonlyMap<string, string>;

/**
 * An instructor's class file (`--config FILE`): what differs from class to class without touching the checker,
 * whose committed files the integrity check keeps exactly as they are.
 */
export interface ClassConfig {
  /** Points per exercise id for this class; exercises not named keep their manifest weight. */
  weights: Record<string, number>;
  /** Submission name (folder, or a .zip named so with or without `.zip`) → the student's id in the LMS. */
  roster: Roster;
  /** The class's assignments by name: each a set of exercises with its own deadline and weights (`grade --assignment NAME`). */
  assignments: ReadonlyMap<string, Assignment>;
  /** The Canvas assignment gradebook-canvas.csv fills (a column of that name, so Canvas updates it rather than adding one). */
  canvasAssignment?: string;
  /** Grade each `.git` copy at its last commit at or before this time. */
  deadline?: Date;
}

/** One assignment of a class file: the exercises it grades (chapters or single exercises), its deadline and weights. */
export interface Assignment {
  /** Exercise ids, in course order. */
  exercises: string[];
  deadline?: Date;
  /** Points per exercise id for this assignment, over the class's own weights. */
  weights: Record<string, number>;
}

/** No class file: manifest weights, no roster, no deadline, no assignments. */
export const NO_CONFIG: ClassConfig = { weights: {}, roster: new Map(), assignments: new Map() };

/** The keys a class file may hold at its top; the parser reads these and the --config error lists them. */
export const CLASS_FILE_KEYS = ['weights', 'roster', 'deadline', 'assignments', 'canvasAssignment'] as const;

/** The keys one entry of `assignments` may hold. */
export const ASSIGNMENT_KEYS = ['exercises', 'deadline', 'weights'] as const;

/** A usage error for a key of the class file that does not fit, listing the keys valid where it stands. */
function bad(file: string, key: string, keys: readonly string[] = CLASS_FILE_KEYS): UsageError {
  return new UsageError((say) => say.configBad(file, key, keys));
}

/** The first key of an object that is not among the known ones. */
function unknownKey(entry: object, known: readonly string[]): string | undefined {
  return Object.keys(entry).find((key) => !known.includes(key));
}

/** Reads and checks a class file; anything wrong in it is a usage error naming the key. */
export function readClassConfig(file: string, selected: readonly Selected[]): ClassConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError((say) => say.configUnreadable(file, error instanceof Error ? error.message : String(error)));
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad(file, '{ … }');
  const unknown = unknownKey(raw, CLASS_FILE_KEYS);
  if (unknown !== undefined) throw bad(file, unknown);
  const { weights = {}, roster = {}, deadline, canvasAssignment, assignments = {} } = raw as Partial<Record<(typeof CLASS_FILE_KEYS)[number], unknown>>;
  const ids = new Set(selected.map(({ exercise }) => exercise.id));
  checkWeights(file, 'weights', weights, ids);
  if (typeof roster !== 'object' || roster === null || Array.isArray(roster)) throw bad(file, 'roster');
  for (const [name, id] of Object.entries(roster)) {
    if (typeof id !== 'string' || id.trim() === '') throw bad(file, `roster.${name}`);
  }
  if (canvasAssignment !== undefined && (typeof canvasAssignment !== 'string' || canvasAssignment.trim() === '')) throw bad(file, 'canvasAssignment');
  // Own entries only, into a Map: a student named like an Object property is looked up like any other.
  const config: ClassConfig = { weights: weights as Record<string, number>, roster: new Map(Object.entries(roster as Record<string, string>)), assignments: readAssignments(file, assignments, selected) };
  if (typeof canvasAssignment === 'string') config.canvasAssignment = canvasAssignment.trim();
  if (deadline !== undefined) config.deadline = deadlineOption(typeof deadline === 'string' ? deadline : '', `${file}: deadline`);
  return config;
}

/** Checks a weights object: exercise ids among `ids`, each a number above 0; a usage error names the key. */
function checkWeights(file: string, key: string, weights: unknown, ids: ReadonlySet<string>): asserts weights is Record<string, number> {
  const keys = key === 'weights' ? CLASS_FILE_KEYS : ASSIGNMENT_KEYS;
  if (typeof weights !== 'object' || weights === null || Array.isArray(weights)) throw bad(file, key, keys);
  for (const [id, weight] of Object.entries(weights)) {
    if (!ids.has(id)) throw bad(file, `${key}.${id}`, keys);
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) throw bad(file, `${key}.${id}`, keys);
  }
}

/**
 * The class file's assignments: `{ "NAME": { "exercises": ["01", "02/1"], "deadline": "…", "weights": { … } } }`,
 * where an entry of `exercises` is a chapter id (all its exercises) or one exercise id.
 */
function readAssignments(file: string, raw: unknown, selected: readonly Selected[]): Map<string, Assignment> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad(file, 'assignments');
  const found = new Map<string, Assignment>();
  for (const [name, entry] of Object.entries(raw)) {
    const where = `assignments.${name}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(file, where, ASSIGNMENT_KEYS);
    const unknown = unknownKey(entry, ASSIGNMENT_KEYS);
    if (unknown !== undefined) throw bad(file, `${where}.${unknown}`, ASSIGNMENT_KEYS);
    const { exercises, deadline, weights = {} } = entry as Partial<Record<(typeof ASSIGNMENT_KEYS)[number], unknown>>;
    if (!Array.isArray(exercises) || exercises.length === 0) throw bad(file, `${where}.exercises`, ASSIGNMENT_KEYS);
    const chosen = new Set<string>();
    for (const id of exercises) {
      const matches = selected.filter(({ chapter, exercise }) => exercise.id === id || chapter.id === id);
      if (typeof id !== 'string' || matches.length === 0) throw bad(file, `${where}.exercises`, ASSIGNMENT_KEYS);
      for (const { exercise } of matches) chosen.add(exercise.id);
    }
    const ids = selected.map(({ exercise }) => exercise.id).filter((id) => chosen.has(id));
    checkWeights(file, `${where}.weights`, weights, new Set(ids));
    const assignment: Assignment = { exercises: ids, weights };
    if (deadline !== undefined) assignment.deadline = deadlineOption(typeof deadline === 'string' ? deadline : '', `${file}: ${where}.deadline`);
    found.set(name, assignment);
  }
  return found;
}

/** A deadline as given (`--deadline` or the class file): an ISO 8601 time with its offset, such as 2026-12-01T23:59:00+09:00. */
export function deadlineOption(value: string, where = '--deadline'): Date {
  const when = new Date(value);
  if (!/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !/(Z|[+-]\d{2}:?\d{2})$/.test(value) || Number.isNaN(when.getTime())) {
    throw new UsageError((say) => say.badDeadline(where, value));
  }
  return when;
}

/** One assignment as a grader applies it: its name, its exercises in course order and the points of each. */
export interface AssignmentGrading {
  name: string;
  exercises: string[];
  /** Points per exercise id: the class's weights, then the assignment's own; only its exercises. */
  weights: Record<string, number>;
}

/** The named assignment of a class file as a grader applies it; undefined when the class file has no such assignment. */
export function assignmentGrading(config: ClassConfig, name: string): AssignmentGrading | undefined {
  const named = config.assignments.get(name);
  if (!named) return undefined;
  const weights = Object.fromEntries(Object.entries({ ...config.weights, ...named.weights }).filter(([id]) => named.exercises.includes(id)));
  return { name, exercises: named.exercises, weights };
}
