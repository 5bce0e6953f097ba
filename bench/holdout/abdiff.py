#!/usr/bin/env python3
"""A/B: the reports OLD and NEW binaries make over DIRs (default run, or
--strict), and what differs. usage: abdiff.py OLD NEW [--strict] DIR..."""
import json, subprocess, sys
args = sys.argv[1:]
strict = '--strict' in args
args = [a for a in args if a != '--strict']
old, new, dirs = args[0], args[1], args[2:]
def run(b, d):
    cmd = [b, 'check', '--format', 'json', '--fail-level', 'none'] + (['--strict'] if strict else []) + [d]
    r = subprocess.run(cmd, capture_output=True, text=True)
    try:
        doc = json.loads(r.stdout)
    except Exception:
        print('bad output', b, d, r.stderr[:300]); return set()
    return {(x['file'], x['start']['line'], x['start']['column'], x['rule'], x['message']) for x in doc['diagnostics']}
for d in dirs:
    a, b = run(old, d), run(new, d)
    print('== %s: %d -> %d (-%d +%d)' % (d, len(a), len(b), len(a - b), len(b - a)))
    for x in sorted(a - b):
        print('  - %s:%d:%d %s %s' % (x[0], x[1], x[2], x[3], x[4][:160]))
    for x in sorted(b - a):
        print('  + %s:%d:%d %s %s' % (x[0], x[1], x[2], x[3], x[4][:160]))
