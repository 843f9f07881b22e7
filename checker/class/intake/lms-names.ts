/** What a submission's name tells beyond the student: which LMS named it, and what that LMS wrote into it. */
export interface SubmissionName {
  /** The student's key: the name without `.zip` and without the LMS's additions; rosters, shards and duplicates use it. */
  key: string;
  /** The name a row shows: the submission's own name, with Moodle's suffix left out. */
  shown: string;
  /** From Canvas's "Download Submissions" file name: the Canvas user id and whether Canvas marked it late. */
  canvas?: { userId: string; late: boolean };
  /** From Moodle's "Download all submissions": the participant id and the plugin that wrote the folder (`file`, `onlinetext`, …). */
  moodle?: { participant: string; plugin: string };
}

/**
 * Moodle names each student's folder (or, without "Download submissions in folders", each file)
 * `Full Name_<participant id>_assignsubmission_<plugin>_` followed by the file's own name, if any.
 */
const MOODLE = /^(.+?)_(\d+)_assignsubmission_([a-z]+)_(.*)$/s;

/**
 * Canvas names each file of "Download Submissions" `<name>_<LATE_ or late_ when late><user id>_<attachment id>_<file name>`,
 * where `<name>` is the student's sortable name lowercased with its spaces and punctuation taken out (so it holds no `_`),
 * and a second upload of the same file name carries `-1`, `-2` in the file name.
 */
const CANVAS = /^([^_]+)_(?:(late)_)?(\d+)_(\d+)_(.+)$/is;

/** Reads a submission's name (a folder or a file in the submissions folder). */
export function submissionName(name: string): SubmissionName {
  const moodle = MOODLE.exec(name);
  if (moodle) {
    const [, student, participant, plugin] = moodle as unknown as [string, string, string, string];
    return { key: student, shown: student, moodle: { participant, plugin } };
  }
  const bare = name.replace(/\.zip$/i, '');
  const canvas = CANVAS.exec(name);
  if (canvas && /\.zip$/i.test(name)) {
    const [, student, late, userId] = canvas as unknown as [string, string, string | undefined, string];
    return { key: student, shown: name, canvas: { userId, late: late !== undefined } };
  }
  return { key: bare, shown: name };
}

/** The student key of a submission's name (see SubmissionName.key). */
export function studentKey(name: string): string {
  return submissionName(name).key;
}

/** True for the folder Moodle writes for a student's online text: it holds no code and is no submission. */
export function isMoodleOnlineText(name: string): boolean {
  return submissionName(name).moodle?.plugin === 'onlinetext';
}

/** Two rows of one gradebook that are one student: the same student key (studentKey) or the same LMS id. */
export interface DuplicateRows {
  /** The rows' names, as the gradebook shows them. */
  rows: [string, string];
  /** What they share: the student key, or the roster's id. */
  shared: { key: string } | { id: string };
}

/**
 * The first two rows that are one student, or null. An LMS import would take one of them and drop the other
 * (or a 0 would overwrite a real score), so a gradebook with such rows is never written by grade:merge.
 */
export function duplicateRows(rows: readonly { student: string; id?: string }[]): DuplicateRows | null {
  const byKey = new Map<string, string>();
  const byId = new Map<string, string>();
  for (const row of rows) {
    const key = studentKey(row.student);
    const sameKey = byKey.get(key);
    if (sameKey !== undefined) return { rows: [sameKey, row.student], shared: { key } };
    byKey.set(key, row.student);
    if (row.id === undefined || row.id === '') continue;
    const sameId = byId.get(row.id);
    if (sameId !== undefined) return { rows: [sameId, row.student], shared: { id: row.id } };
    byId.set(row.id, row.student);
  }
  return null;
}
