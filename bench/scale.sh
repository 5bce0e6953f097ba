#!/usr/bin/env bash
# The two figures of issue 7 on whole directories: how much faster
# `urilint check` runs with -j 2 than with -j 1, and the peak memory
# (maximum resident set size, from GNU time) of check and extract on about
# 500 MB of text, as many small files and as five large ones.
#
# Speed-up: ROUNDS rounds (default 10), each a -j 1 run then a -j 2 run;
# each round gives a ratio, and the median and quartiles of the ratios are
# printed, with the best and median times. On a noisy machine a round's
# two runs see much the same noise, so the paired ratios vary less than
# the times. It is measured on DIR (default ../shared/corpus) and on the
# 500 MB directory of small files.
#
# The machine's own ceiling is measured beside it: two -j 1 processes, each
# given every other file, at once, against one -j 1 process given all of
# them. Where memory bandwidth or a noisy host limits what two cores do,
# no -j 2 run can beat that ratio by much.
#
#   bench/scale.sh [DIR]     ROUNDS=20 bench/scale.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/corpus}
rounds=${ROUNDS:-10}
txt=../shared/corpus/txt
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/urilint" ./cmd/urilint
run() { /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>&1 || true; cat "$work/t"; }

check() { "$work/urilint" check --quiet --fail-level none "$@" >/dev/null 2>&1 || true; }
now() { date +%s.%N; }

speedup() {
  : > "$work/pairs"
  "$work/urilint" check --list-files "$1" > "$work/files"
  # Every other file to each half, so that the halves are alike in work
  # (the files are sorted, and Markdown and HTML cost more than text);
  # one command line each (-s), so that each half is one process.
  awk 'NR % 2' "$work/files" > "$work/half1"
  awk '!(NR % 2)' "$work/files" > "$work/half2"
  for _ in $(seq "$rounds"); do
    t0=$(now); check -j 1 "$1"; t1=$(now); check -j 2 "$1"; t2=$(now)
    xargs -d '\n' -s 1000000 -a "$work/half1" "$work/urilint" check --quiet --fail-level none -j 1 >/dev/null 2>&1 &
    xargs -d '\n' -s 1000000 -a "$work/half2" "$work/urilint" check --quiet --fail-level none -j 1 >/dev/null 2>&1 &
    wait; t3=$(now)
    echo "$t0 $t1 $t2 $t3" >> "$work/pairs"
  done
  python3 - "$work/pairs" "$1" <<'PY'
import sys, statistics
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
a = [r[1] - r[0] for r in rows]  # -j 1
b = [r[2] - r[1] for r in rows]  # -j 2
c = [r[3] - r[2] for r in rows]  # two -j 1 processes on half the files each, at once
def summary(ratios):
    r = sorted(ratios)
    q = statistics.quantiles(r, n=4) if len(r) > 1 else [r[0]] * 3
    return f"{statistics.median(r):.2f}x (median of {len(r)} rounds; quartiles {q[0]:.2f}x to {q[2]:.2f}x)"
print(f"{sys.argv[2]}: -j 1 best {min(a):.2f} s, median {statistics.median(a):.2f} s; "
      f"-j 2 best {min(b):.2f} s, median {statistics.median(b):.2f} s")
print(f"  -j 2 is {summary([x / y for x, y in zip(a, b)])} as fast as -j 1")
print(f"  the machine's ceiling, two -j 1 processes on half the files each, at once: {summary([x / y for x, y in zip(a, c)])}")
print(f"  -j 2 against that ceiling: {summary([z / y for y, z in zip(b, c)])}")
PY
}

mkdir -p "$work/many" "$work/large"
i=0
while [ "$(du -sm "$work/many" | cut -f1)" -lt 500 ]; do
  for f in "$txt"/*; do i=$((i+1)); cp "$f" "$work/many/$i.txt"; done
done
cat "$txt"/* > "$work/all.txt"
n=$(( (100 << 20) / $(stat -c %s "$work/all.txt") + 1 ))
for _ in $(seq "$n"); do cat "$work/all.txt"; done > "$work/large/1.txt"
for k in 2 3 4 5; do cp "$work/large/1.txt" "$work/large/$k.txt"; done
rm "$work/all.txt"

echo "== -j 1 against -j 2"
speedup "$dir"
speedup "$work/many"

echo "== peak memory on about 500 MB of text (-j 2)"
for d in many large; do
  for cmd in "check --quiet --fail-level none" "extract --format json"; do
    read -r secs kb < <(run "$work/urilint" $cmd -j 2 "$work/$d")
    echo "$d ($(ls "$work/$d" | wc -l) files, $(du -sm "$work/$d" | cut -f1) MB), $cmd: $secs s, peak $((kb / 1024)) MB"
  done
done
