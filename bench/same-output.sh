#!/usr/bin/env bash
# Checks that a change of structure changed no output: builds urilint at a
# git revision (default HEAD) and from the working tree, runs both over a
# corpus (default ../shared/corpus, or URILINT_CORPUS) in every output
# format of check and extract (default and strict, every file named
# explicitly as well as the directory walked), of --diff and of --fix (on
# two copies of the corpus, which must end the same), and compares the
# outputs byte for byte.
#
#   bench/same-output.sh [REV]
#
# It prints one line per run and exits 1 when an output differs (the first
# lines of the difference are printed).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
corpus=${URILINT_CORPUS:-../shared/corpus}
[ -d "$corpus" ] || { echo "no corpus at $corpus" >&2; exit 2; }
corpus=$(cd "$corpus" && pwd)

tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/old-tree" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add --detach -q "$tmp/old-tree" "$rev"
(cd "$tmp/old-tree" && go build -o "$tmp/old" ./cmd/urilint)
go build -o "$tmp/new" ./cmd/urilint

# Every file, named (named files are read whatever their extension, so
# this covers what the default walk leaves out).
(cd "$corpus" && find . -type f | LC_ALL=C sort) >"$tmp/files"

status=0
compare() { # name, then the arguments
  local name=$1
  shift
  (cd "$corpus" && "$tmp/old" "$@" >"$tmp/old.out" 2>"$tmp/old.err"; echo "exit $?" >>"$tmp/old.err") || true
  (cd "$corpus" && "$tmp/new" "$@" >"$tmp/new.out" 2>"$tmp/new.err"; echo "exit $?" >>"$tmp/new.err") || true
  if cmp -s "$tmp/old.out" "$tmp/new.out" && cmp -s "$tmp/old.err" "$tmp/new.err"; then
    printf 'same       %-34s %10d bytes\n' "$name" "$(wc -c <"$tmp/old.out")"
  else
    printf 'DIFFERENT  %s\n' "$name"
    diff "$tmp/old.out" "$tmp/new.out" | head -20 || true
    diff "$tmp/old.err" "$tmp/new.err" | head -10 || true
    status=1
  fi
}

for strict in "" "--strict"; do
  for format in text json jsonl sarif github; do
    compare "check $format $strict" check --no-config --color never --format "$format" $strict .
  done
  compare "check --diff $strict" check --no-config --diff $strict .
  compare "check named files $strict" check --no-config --format jsonl --include-code-blocks --include-code-spans $strict $(cat "$tmp/files")
done
for format in text json jsonl; do
  compare "extract $format" extract --no-config --format "$format" .
done
compare "extract named files" extract --no-config --format jsonl --include-code-blocks --include-code-spans $(cat "$tmp/files")

# --fix writes: each binary fixes its own copy of the corpus, and the
# copies must end the same.
for strict in "" "--strict"; do
  rm -rf "$tmp/fix-old" "$tmp/fix-new"
  cp -r "$corpus" "$tmp/fix-old"
  cp -r "$corpus" "$tmp/fix-new"
  chmod -R u+w "$tmp/fix-old" "$tmp/fix-new" # the corpus may be read-only
  (cd "$tmp/fix-old" && "$tmp/old" check --no-config --fix --format jsonl $strict . >"$tmp/old.out" 2>"$tmp/old.err"; echo "exit $?" >>"$tmp/old.err") || true
  (cd "$tmp/fix-new" && "$tmp/new" check --no-config --fix --format jsonl $strict . >"$tmp/new.out" 2>"$tmp/new.err"; echo "exit $?" >>"$tmp/new.err") || true
  if cmp -s "$tmp/old.out" "$tmp/new.out" && cmp -s "$tmp/old.err" "$tmp/new.err" && diff -r -q "$tmp/fix-old" "$tmp/fix-new" >/dev/null; then
    printf 'same       %-34s %10d bytes\n' "check --fix $strict" "$(wc -c <"$tmp/old.out")"
  else
    printf 'DIFFERENT  %s\n' "check --fix $strict"
    diff "$tmp/old.out" "$tmp/new.out" | head -10 || true
    diff -r -q "$tmp/fix-old" "$tmp/fix-new" | head -10 || true
    status=1
  fi
done
exit $status
