#!/usr/bin/env python3
"""Run urilint's default configuration over a held-out corpus and draw a
stratified sample of its reports for judging.

usage: sample.py BIN OUTDIR CORPUS... [--n 330] [--min 10] [--k 6] [--seed S] [--per-repo]

Each CORPUS directory is checked in a run of its own; their reports are
pooled. With --per-repo, each repository of a CORPUS (a directory of it
with a .git at its top) is checked in a run of its own instead, as its
authors would run urilint: what a rule judges across the documents of a
run (a project's habit, its own site's URL) is then judged per project.

Writes OUTDIR/all.json (every report), OUTDIR/sample.jsonl and
OUTDIR/batch-1..k.jsonl (id, file, line, column, rule, severity, message,
uri, context: the lines around the report, the report's line marked ">>").
Every report is judged when there are at most N; else each rule gets
max(min, N x its share), at most its count.
"""
import argparse, json, os, random, subprocess, sys, collections

ap = argparse.ArgumentParser()
ap.add_argument('bin'); ap.add_argument('out'); ap.add_argument('corpus', nargs='+')
ap.add_argument('--n', type=int, default=330); ap.add_argument('--min', type=int, default=10)
ap.add_argument('--k', type=int, default=6); ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--per-repo', action='store_true')
a = ap.parse_args()
os.makedirs(a.out, exist_ok=True)
doc = {'diagnostics': [], 'errors': []}
runs = []
for c in a.corpus:
    repos = sorted(os.path.join(c, e) for e in os.listdir(c) if os.path.isdir(os.path.join(c, e, '.git'))) if a.per_repo else []
    runs += repos or [c]
for c in runs:
    r = subprocess.run([a.bin, 'check', '--format', 'json', '--fail-level', 'none', c],
                       capture_output=True, text=True)
    d = json.loads(r.stdout)
    doc['diagnostics'] += d['diagnostics']
    doc['errors'] += d.get('errors') or []
diags = doc['diagnostics']
json.dump(doc, open(os.path.join(a.out, 'all.json'), 'w'))
print('reports', len(diags), 'errors', len(doc.get('errors') or []), file=sys.stderr)
by = collections.defaultdict(list)
for i, d in enumerate(diags):
    d['id'] = i
    by[d['rule']].append(d)
rng = random.Random(a.seed)
sample = []
if len(diags) <= a.n:
    sample = list(diags)
else:
    for rule, ds in sorted(by.items()):
        q = min(len(ds), max(a.min, round(a.n * len(ds) / len(diags))))
        sample += rng.sample(ds, q)
rng.shuffle(sample)
def context(d):
    try:
        lines = open(d['file'], encoding='utf-8', errors='replace').read().split('\n')
    except OSError as e:
        return str(e)
    ln = d['start']['line']
    out = []
    for j in range(max(1, ln - 4), min(len(lines), ln + 4) + 1):
        t = lines[j - 1]
        if len(t) > 400:
            t = t[:400] + '...'
        out.append(('>> ' if j == ln else '   ') + '%d: ' % j + t)
    return '\n'.join(out)
items = []
for d in sample:
    items.append({'id': d['id'], 'file': d['file'], 'line': d['start']['line'], 'column': d['start']['column'],
                  'rule': d['rule'], 'severity': d['severity'], 'message': d['message'], 'uri': d.get('uri', ''),
                  'fix': [f['message'] + (' (safe)' if f.get('safe') else '') for f in d.get('fixes') or []],
                  'context': context(d)})
with open(os.path.join(a.out, 'sample.jsonl'), 'w') as f:
    for it in items:
        f.write(json.dumps(it) + '\n')
# Batches: keep a file's reports together, balance by size.
byfile = collections.defaultdict(list)
for it in items:
    byfile[it['file']].append(it)
batches = [[] for _ in range(a.k)]
for fl in sorted(byfile.values(), key=len, reverse=True):
    min(batches, key=len).extend(fl)
for i, b in enumerate(batches, 1):
    with open(os.path.join(a.out, 'batch-%d.jsonl' % i), 'w') as f:
        for it in b:
            f.write(json.dumps(it) + '\n')
counts = collections.Counter(d['rule'] for d in diags)
print('sampled', len(items), 'of', len(diags), file=sys.stderr)
for rule, c in counts.most_common():
    print('%-28s %5d  sampled %d' % (rule, c, sum(1 for it in items if it['rule'] == rule)), file=sys.stderr)
