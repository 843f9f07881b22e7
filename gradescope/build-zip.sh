#!/usr/bin/env bash
# Builds the Gradescope autograder zip from a commit of this repository (HEAD unless given): setup.sh and
# run_autograder at the zip's root, and the committed course tree under course/. Only committed files go in, so
# nothing uncommitted in this working tree (a learner's edits, a gradebook) can reach the autograder.
# It is written outside the repository unless OUT is given, so a `git add -A` never commits it.
# With CLASS_FILE set, that class file goes in as class.json beside run_autograder, which grades with its weights.
# With ASSIGNMENT set too (one autograder per assignment), its name goes in as assignment.txt, and run_autograder
# grades that assignment's exercises alone. The class file and the assignment are checked here, with the checker's
# own reader: a file it cannot read, or an assignment it does not name, fails the build, never the students' grades.
#   [CLASS_FILE=class.json [ASSIGNMENT=week1]] bash gradescope/build-zip.sh [OUT.zip] [COMMIT]
set -euo pipefail
repo="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
if [ -n "${ASSIGNMENT:-}" ] && [ -z "${CLASS_FILE:-}" ]; then
  (cd "$repo" && node --import tsx checker/gradescope/assignment-cli.ts --lang "${CHECKER_LANG:-ko}")
  exit 2
fi
if [ -n "${CLASS_FILE:-}" ]; then
  class_abs="$(cd "$(dirname "$CLASS_FILE")" && pwd)/$(basename "$CLASS_FILE")"
  (cd "$repo" && node --import tsx checker/gradescope/assignment-cli.ts --config "$class_abs" ${ASSIGNMENT:+--assignment "$ASSIGNMENT"} --lang "${CHECKER_LANG:-ko}") || exit 2
fi
commit="${2:-HEAD}"
out="${1:-${TMPDIR:-/tmp}/mcp-autograder-$(git -C "$repo" rev-parse --short "$commit").zip}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$repo" archive --format=tar --prefix=course/ "$commit" | tar -x -C "$work"
# The course copy has no git history; private suites are type-checked against the committed starters, so the blobs
# its checker/starters.json names go into a git folder of their own beside it (read with --starters-git).
git init --bare --quiet "$work/course/.starters.git"
node -e 'for (const files of Object.values(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")))) for (const id of Object.values(files)) console.log(id)' "$work/course/checker/starters.json" \
  | git -C "$repo" pack-objects --stdout --quiet | git --git-dir "$work/course/.starters.git" unpack-objects -q
cp "$work/course/gradescope/setup.sh" "$work/course/gradescope/run_autograder" "$work/"
chmod 755 "$work/setup.sh" "$work/run_autograder"
files=(setup.sh run_autograder course)
if [ -n "${CLASS_FILE:-}" ]; then cp "$CLASS_FILE" "$work/class.json"; files+=(class.json); fi
if [ -n "${ASSIGNMENT:-}" ]; then printf '%s\n' "$ASSIGNMENT" > "$work/assignment.txt"; files+=(assignment.txt); fi
rm -f "$out"
out_abs="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
(cd "$work" && zip -qr -X "$out_abs" "${files[@]}")
echo "wrote $out_abs ($(git -C "$repo" rev-parse --short "$commit"))"
