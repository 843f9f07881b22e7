import { readFileSync } from 'node:fs';
import * as z from 'zod';
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

/**
 * A JSON object read as a Map of its own entries, so a key named like an Object property (`__proto__`, `constructor`)
 * is an entry like any other (z.record would drop `__proto__`); anything else is left for z.map to refuse.
 */
function ownEntries<T extends z.ZodType>(value: T) {
  return z.preprocess((input) => (typeof input === 'object' && input !== null && !Array.isArray(input) ? new Map(Object.entries(input)) : input), z.map(z.string(), value));
}

/** Points per exercise id: finite numbers above 0 (zod 4's numbers refuse Infinity, which JSON's 1e999 reads as). */
const weightsSchema = ownEntries(z.number().positive());

/** A deadline as written: one that is no text reads as '', which deadlineOption then refuses naming where it stands. */
const deadlineSchema = z.string().catch('');

/** One entry of `assignments`: its exercises (chapter or exercise ids), its deadline and its weights. */
const assignmentSchema = z.strictObject({
  exercises: z.array(z.string()).min(1),
  deadline: deadlineSchema.optional(),
  weights: weightsSchema.optional(),
});

/** The shape of a class file, declared once: the parser reads it and the --config error lists its keys. */
const classFileSchema = z.strictObject({
  weights: weightsSchema.optional(),
  roster: ownEntries(z.string().regex(/\S/)).optional(),
  deadline: deadlineSchema.optional(),
  assignments: ownEntries(assignmentSchema).optional(),
  canvasAssignment: z.string().trim().min(1).optional(),
});

/** The keys a class file may hold at its top, taken from its schema; the --config error lists them. */
export const CLASS_FILE_KEYS = Object.freeze([...classFileSchema.keyof().options]);

/** The keys one entry of `assignments` may hold, taken from its schema. */
export const ASSIGNMENT_KEYS = Object.freeze([...assignmentSchema.keyof().options]);

/** A usage error for a key of the class file that does not fit, listing the keys valid where it stands. */
function bad(file: string, key: string, keys: readonly string[] = CLASS_FILE_KEYS): UsageError {
  return new UsageError((say) => say.configBad(file, key, keys));
}

/**
 * The usage error for what the schema refused: the outermost unknown key first, else the first issue, named by its dotted key
 * (`roster.alice`, `assignments.hw1.exercises`; a list's index is left out) with the keys valid where it stands.
 */
function refusal(file: string, issues: readonly z.core.$ZodIssue[]): UsageError {
  const unknown = issues.filter(({ code }) => code === 'unrecognized_keys').sort((one, other) => one.path.length - other.path.length);
  const issue = unknown[0] ?? issues[0];
  const path = (issue?.path ?? []).filter((key): key is string => typeof key === 'string');
  if (issue?.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  if (path.length === 0) return bad(file, '{ … }');
  return bad(file, path.join('.'), path[0] === 'assignments' && path.length > 1 ? ASSIGNMENT_KEYS : CLASS_FILE_KEYS);
}

/** Reads and checks a class file; anything wrong in it is a usage error naming the key. */
export function readClassConfig(file: string, selected: readonly Selected[]): ClassConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError((say) => say.configUnreadable(file, error instanceof Error ? error.message : String(error)));
  }
  const parsed = classFileSchema.safeParse(raw);
  if (!parsed.success) throw refusal(file, parsed.error.issues);
  const { weights = new Map<string, number>(), roster = new Map<string, string>(), deadline, canvasAssignment, assignments = new Map() } = parsed.data;
  const ids = new Set(selected.map(({ exercise }) => exercise.id));
  const config: ClassConfig = { weights: checkWeights(file, 'weights', weights, ids), roster, assignments: readAssignments(file, assignments, selected) };
  if (canvasAssignment !== undefined) config.canvasAssignment = canvasAssignment;
  if (deadline !== undefined) config.deadline = deadlineOption(deadline, `${file}: deadline`);
  return config;
}

// The schema declares the shape; which exercise ids a file may name depends on the exercises selected, so that is checked after it.

/** A weights Map as a record, its exercise ids among `ids`; a usage error names the first id that is not. */
function checkWeights(file: string, key: string, weights: ReadonlyMap<string, number>, ids: ReadonlySet<string>): Record<string, number> {
  const unknown = [...weights.keys()].find((id) => !ids.has(id));
  if (unknown !== undefined) throw bad(file, `${key}.${unknown}`, key === 'weights' ? CLASS_FILE_KEYS : ASSIGNMENT_KEYS);
  return Object.fromEntries(weights);
}

/**
 * The class file's assignments: `{ "NAME": { "exercises": ["01", "02/1"], "deadline": "…", "weights": { … } } }`,
 * where an entry of `exercises` is a chapter id (all its exercises) or one exercise id, expanded in course order.
 */
function readAssignments(file: string, raw: ReadonlyMap<string, z.output<typeof assignmentSchema>>, selected: readonly Selected[]): Map<string, Assignment> {
  const found = new Map<string, Assignment>();
  for (const [name, { exercises, deadline, weights = new Map<string, number>() }] of raw) {
    const where = `assignments.${name}`;
    if (exercises.some((id) => !selected.some(({ chapter, exercise }) => exercise.id === id || chapter.id === id))) throw bad(file, `${where}.exercises`, ASSIGNMENT_KEYS);
    const ids = selected.filter(({ chapter, exercise }) => exercises.includes(exercise.id) || exercises.includes(chapter.id)).map(({ exercise }) => exercise.id);
    const assignment: Assignment = { exercises: ids, weights: checkWeights(file, `${where}.weights`, weights, new Set(ids)) };
    if (deadline !== undefined) assignment.deadline = deadlineOption(deadline, `${file}: ${where}.deadline`);
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
