#!/usr/bin/env bash
# Times whole-process urilint against two peers on the same files, best of
# three rounds each, and prints MB/s and the ratios. All runs alternate in
# one call, so the ratios hold on a noisy machine.
#
#   bench/compare.sh [DIR]      DIR defaults to ../shared/corpus/txt
#
# Peers: xurls (mvdan.cc/xurls, strict mode: one regexp over the text),
# installed from the Go module proxy, and linkify-it (the npm package
# markdown-it uses), installed from npm into a temporary directory, run by
# a small Node script that reads each file and counts linkify.match's
# results. urilint is built from this checkout and runs as `extract
# --format json` (what the peers do: find links) and as `check`.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-../shared/corpus/txt}
[ -d "$dir" ] || { echo "bench/compare.sh: no directory $dir" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/urilint" ./cmd/urilint
xurls=$(command -v xurls || echo "$(go env GOPATH)/bin/xurls")
[ -x "$xurls" ] || go install mvdan.cc/xurls/v2/cmd/xurls@v2.6.0
linkify=""
if command -v node >/dev/null && command -v npm >/dev/null; then
  (cd "$work" && npm install --silent --no-audit --no-fund linkify-it@5 >/dev/null 2>&1) && linkify=yes
  cat > "$work/linkify.cjs" <<'JS'
// node linkify.cjs FILE...: prints how many links linkify-it finds.
const fs = require('fs');
const linkify = require('linkify-it')();
let n = 0;
for (const f of process.argv.slice(2)) {
  const m = linkify.match(fs.readFileSync(f, 'utf8'));
  if (m) n += m.length;
}
console.log(n);
JS
fi
# The files urilint reads (so that every tool reads the same ones).
"$work/urilint" extract --list-files "$dir" > "$work/files"
bytes=$(xargs -d '\n' -a "$work/files" cat | wc -c)
# Each peer runs once untimed first, and must find links: a peer that
# fails at once (a file it cannot open) would otherwise look fast.
found_xurls=$(xargs -d '\n' -a "$work/files" "$xurls" | wc -l)
echo "xurls finds $found_xurls links"
[ "$found_xurls" -gt 0 ] || { echo "bench/compare.sh: xurls found nothing" >&2; exit 1; }
if [ -n "$linkify" ]; then
  found_linkify=$(xargs -d '\n' -a "$work/files" node "$work/linkify.cjs" | awk '{n += $1} END {print n}')
  echo "linkify-it finds $found_linkify links"
  [ "$found_linkify" -gt 0 ] || { echo "bench/compare.sh: linkify-it found nothing" >&2; exit 1; }
fi
echo "urilint extract finds $("$work/urilint" extract "$dir" | wc -l) URIs and URNs"

time1() { # wall-clock seconds of "$@"
  /usr/bin/time -f %e -o "$work/t" "$@" >/dev/null 2>&1 || true
  tail -1 "$work/t"
}
declare -A best
names=(extract check xurls)
[ -n "$linkify" ] && names+=(linkify-it)
for _ in 1 2 3; do
  for name in "${names[@]}"; do
    case $name in
    extract) t=$(time1 "$work/urilint" extract --format json "$dir") ;;
    check) t=$(time1 "$work/urilint" check --quiet --fail-level none "$dir") ;;
    xurls) t=$(time1 sh -c "xargs -d '\\n' -a '$work/files' '$xurls'") ;;
    linkify-it) t=$(time1 sh -c "xargs -d '\\n' -a '$work/files' node '$work/linkify.cjs'") ;;
    esac
    best[$name]=$(python3 -c "print(min(float('$t'), float('${best[$name]:-$t}')))")
  done
done
python3 - "$bytes" "${best[extract]}" "${best[check]}" "${best[xurls]}" "${best[linkify-it]:-0}" <<'PY'
import sys
n, ex, ch, xu, li = int(sys.argv[1]), *map(float, sys.argv[2:])
mb = n / 1e6
print(f"corpus {mb:.1f} MB")
for name, t in [("urilint extract", ex), ("urilint check", ch), ("xurls (strict)", xu), ("linkify-it", li)]:
    if t > 0:
        print(f"{name:16} {t:8.2f} s  {mb/max(t,1e-3):8.1f} MB/s")
for peer, t in [("xurls", xu), ("linkify-it", li)]:
    if t > 0:
        print(f"urilint extract is {t/max(ex,1e-3):.1f}x faster than {peer}, check {t/max(ch,1e-3):.1f}x")
PY
