#!/usr/bin/env bash
# Peak memory (maximum resident set size) and time of `urilint check` on the
# inputs of the memory policy (issue 27 item 1, issue 22 items 14 and 17),
# for this checkout and, when given, another urilint binary, run one after
# the other on each input so that the pairs see the same load: Markdown of
# 32 MB and 64 MB (the Markdown of CORPUS/md repeated, else
# testdata/markdown), `-j 32` on 32 Markdown files of 1.9 MB, 300 MB of
# URI lines, one line of 100 MB holding 5 million URIs, and one HTML href
# of 20 MB of `&amp;`. Prints, per run: input, binary, wall seconds, user
# CPU seconds, peak KB.
#
#   bench/memory.sh [OTHER_BINARY]      SCALE=0.1 bench/memory.sh (smaller inputs)
set -euo pipefail
cd "$(dirname "$0")/.."
other=${1:+$(realpath "$1")}
scale=${SCALE:-1}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
go build -o "$work/urilint" ./cmd/urilint
md=../shared/corpus/md
[ -d "$md" ] || md=testdata/markdown
find "$md" -name '*.md' -print0 | sort -z | xargs -0 cat > "$work/all.md"
python3 - "$work" "$scale" <<'PY'
import os, sys
work, scale = sys.argv[1], float(sys.argv[2])
src = open(os.path.join(work, 'all.md'), 'rb').read()
def md(name, size):
    size = int(size * scale)
    out = (src * (size // len(src) + 1))[:size]
    open(os.path.join(work, name), 'wb').write(out[:out.rfind(b'\n') + 1])
md('md32.md', 32 << 20)
md('md64.md', 64 << 20)
os.makedirs(os.path.join(work, 'j32'))
md('j32/1.md', 1.9 * (1 << 20))
for i in range(2, 33):
    os.link(os.path.join(work, 'j32/1.md'), os.path.join(work, f'j32/{i}.md'))
block = ''.join(f'see https://example.com/path/{i}/item?q={i}&x=y#frag and urn:isbn:{i:010d}\n'
                for i in range(20000)).encode()
with open(os.path.join(work, 'uris.txt'), 'wb') as f:
    for _ in range(int((300 << 20) * scale) // len(block) + 1):
        f.write(block)
open(os.path.join(work, 'oneline.txt'), 'wb').write(b'http://e.com/abcdef ' * int(5_000_000 * scale) + b'\n')
open(os.path.join(work, 'amp.html'), 'wb').write(b'<p><a href="http://e.com/?' + b'&amp;' * int((4 << 20) * scale) + b'">x</a></p>\n')
PY
bins=("$work/urilint")
[ -n "$other" ] && bins+=("$other")
measure() { # label args...
  local label=$1; shift
  for b in "${bins[@]}"; do
    name=this; [ "$b" = "$work/urilint" ] || name=$b
    /usr/bin/time -f "%e %U %M" -o "$work/t" "$b" check --quiet --fail-level none "$@" >/dev/null 2>&1 || true
    read -r wall user kb < "$work/t"
    printf '%-8s %-30s %8s s %8s s CPU %10s KB\n' "$label" "$name" "$wall" "$user" "$kb"
  done
}
cd "$work"
measure md32 md32.md
measure md64 md64.md
measure j32 -j 32 j32
measure uris uris.txt
measure oneline oneline.txt
measure amp amp.html
