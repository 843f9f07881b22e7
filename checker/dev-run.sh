#!/usr/bin/env bash
# Development aid: run one chapter's hidden suites against TARGET (chapters or solutions) in a scratch copy.
# Usage: bash checker/dev-run.sh TARGET CHAPTER_DIR [vitest args...]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
target=$1; chapter=$2; shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/chapters" "$tmp/checker/suites"
cp -r "$repo/$target/$chapter" "$tmp/chapters/$chapter"
cp -r "$repo/checker/suites/$chapter" "$repo/checker/suites/_lib" "$tmp/checker/suites/"
ln -s "$repo/node_modules" "$tmp/node_modules"
cd "$tmp" && "$repo/node_modules/.bin/vitest" run --root "$tmp" --pool forks "$@"
