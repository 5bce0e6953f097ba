#!/usr/bin/env bash
# The two figures of issue 7 on a whole directory: how much faster
# `urilint check` runs with -j 2 than with -j 1 (alternating runs, best
# and median of five each), and the peak memory (maximum resident set
# size, from GNU time) of check and extract on a directory of about 500 MB
# of text, made of the corpus's text files repeated, as many small files
# and as five large ones.
#
#   bench/scale.sh [DIR]     DIR defaults to ../shared/corpus
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/corpus}
txt=../shared/corpus/txt
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/urilint" ./cmd/urilint
run() { /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>&1 || true; cat "$work/t"; }

echo "== -j 1 against -j 2 on $dir"
: > "$work/j1"; : > "$work/j2"
for _ in 1 2 3 4 5; do
  run "$work/urilint" check --quiet --fail-level none -j 1 "$dir" | cut -d' ' -f1 >> "$work/j1"
  run "$work/urilint" check --quiet --fail-level none -j 2 "$dir" | cut -d' ' -f1 >> "$work/j2"
done
python3 - "$work/j1" "$work/j2" <<'PY'
import sys, statistics
a = [float(x) for x in open(sys.argv[1])]
b = [float(x) for x in open(sys.argv[2])]
print(f"-j 1: best {min(a):.2f} s, median {statistics.median(a):.2f} s")
print(f"-j 2: best {min(b):.2f} s, median {statistics.median(b):.2f} s")
print(f"-j 2 is {min(a)/min(b):.2f}x (best) and {statistics.median(a)/statistics.median(b):.2f}x (median) as fast")
PY

echo "== peak memory on about 500 MB of text"
mkdir -p "$work/many" "$work/large"
i=0
while [ "$(du -sm "$work/many" | cut -f1)" -lt 500 ]; do
  for f in "$txt"/*; do i=$((i+1)); cp "$f" "$work/many/$i.txt"; done
done
for k in 1 2 3 4 5; do
  while [ "$(du -sm "$work/large/$k.txt" 2>/dev/null | cut -f1 || echo 0)" -lt 100 ]; do cat "$txt"/* >> "$work/large/$k.txt"; done
done
for d in many large; do
  for cmd in "check --quiet --fail-level none" "extract --format json"; do
    read -r secs kb < <(run "$work/urilint" $cmd "$work/$d")
    echo "$d, $cmd: $secs s, peak $((kb / 1024)) MB"
  done
done
