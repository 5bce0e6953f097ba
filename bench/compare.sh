#!/usr/bin/env bash
# Times whole-process urilint against xurls (mvdan.cc/xurls, strict mode: one
# regexp over the text) on the same files, best of three rounds each, and
# prints MB/s and the speed-up. Both run in one call, so the ratio holds on
# a noisy machine.
#
#   bench/compare.sh [DIR]      DIR defaults to ../shared/corpus/txt
#
# It builds urilint from this checkout and installs xurls v2.6.0 if missing.
# (It follows shared/bench/compare.sh, whose timing reads GNU time's output
# from a stream it has sent to /dev/null; here time writes to a file.)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/corpus/txt}
[ -d "$dir" ] || { echo "bench/compare.sh: no directory $dir" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/urilint" ./cmd/urilint
xurls=$(command -v xurls || echo "$(go env GOPATH)/bin/xurls")
[ -x "$xurls" ] || go install mvdan.cc/xurls/v2/cmd/xurls@v2.6.0
find "$dir" -type f | LC_ALL=C sort > "$work/files"
bytes=$(xargs -a "$work/files" cat | wc -c)

best() { # best wall-clock seconds of three runs of "$@"
  local b=""
  for _ in 1 2 3; do
    /usr/bin/time -f %e -o "$work/t" "$@" >/dev/null 2>&1 || true
    t=$(tail -1 "$work/t")
    b=$(python3 -c "print(min(float('$t'), float('${b:-$t}')))")
  done
  echo "$b"
}
u=$(best sh -c "xargs -a '$work/files' '$work/urilint' extract --format json")
x=$(best sh -c "xargs -a '$work/files' '$xurls'")
python3 - "$bytes" "$u" "$x" <<'PY'
import sys
n, u, x = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
mb = n / 1e6
print(f"corpus {mb:.1f} MB")
print(f"urilint extract  {u:8.2f} s  {mb/max(u,1e-3):8.1f} MB/s")
print(f"xurls (strict)   {x:8.2f} s  {mb/max(x,1e-3):8.1f} MB/s")
print(f"speed-up over xurls: {x/max(u,1e-3):.1f}x")
PY
