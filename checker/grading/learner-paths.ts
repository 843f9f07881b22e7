import { relative } from 'node:path';

/*
 * How the paths in one grading's messages read, beside target.ts (how a learner's own paths read). Every path
 * inside the scratch folder (see scratch.ts: `t<n>/chapters`, `t<n>/checker/suites`, the lanes' `.sandbox/`
 * temporary folders) is written the way the learner knows it, so no message shows a temporary folder, and equal
 * failures read the same for every student and every run: the class statistics count them as one message as they are.
 */

/** How messages name the folder a suite's or the learner's code gets as os.tmpdir() while grading. */
const SHOWN_TMP = '$TMPDIR';

/**
 * Writes every path inside the scratch folder the way the learner knows it, whatever form a message gives it
 * (absolute, a file:// URL, relative to the current folder, or from the scratch root as Vite names modules):
 * chapters as the learner's chapters folder, suites as checker/suites, a lane's temporary folder as $TMPDIR
 * (without the random suffix of a folder made in it), so equal failures read the same for every student.
 */
export function learnerPaths(text: string, root: string, shownChapters: string): string {
  const escaped = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let absolute = text.replaceAll(`file://${root}`, root).replaceAll(`/@fs${root}`, root);
  const fromCwd = relative(process.cwd(), root);
  if (fromCwd.startsWith('..')) absolute = absolute.replaceAll(`${fromCwd}/`, `${root}/`);
  return absolute
    .replace(new RegExp(`${escaped(root)}/\\.sandbox/[^/\\s]+/([^/\\s'"\`]+?)-[A-Za-z0-9]{6}(?=/)`, 'g'), `${SHOWN_TMP}/$1`)
    .replace(new RegExp(`${escaped(root)}/\\.sandbox/[^/\\s'"\`]+`, 'g'), SHOWN_TMP)
    .replace(new RegExp(`${escaped(root)}/t\\d+/chapters`, 'g'), shownChapters)
    .replace(new RegExp(`${escaped(root)}/t\\d+/checker/suites`, 'g'), 'checker/suites')
    .replace(/(^|[\s'"`(\[])\/t\d+\/chapters\//g, `$1${shownChapters}/`)
    .split(root).join('<checker>');
}
