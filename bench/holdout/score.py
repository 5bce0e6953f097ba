#!/usr/bin/env python3
"""Score judged labels: per rule TP/FP/NOISE (ARTEFACT apart), precision,
and the weighted precision (each rule's share of all reports times its
precision on the judged sample).

usage: score.py OUTDIR
"""
import json, os, sys, glob, collections
out = sys.argv[1]
alld = json.load(open(os.path.join(out, 'all.json')))['diagnostics']
counts = collections.Counter(d['rule'] for d in alld)
sample = {json.loads(l)['id']: json.loads(l) for l in open(os.path.join(out, 'sample.jsonl'))}
labels = {}
for p in sorted(glob.glob(os.path.join(out, 'labels-*.jsonl'))):
    for l in open(p):
        l = l.strip()
        if not l:
            continue
        x = json.loads(l)
        labels[x['id']] = x
per = collections.defaultdict(collections.Counter)
errfp = []
for i, it in sample.items():
    lab = labels.get(i, {}).get('label', 'UNJUDGED').upper()
    per[it['rule']][lab] += 1
    if lab == 'FP' and it['severity'] == 'error':
        errfp.append(it)
tot = collections.Counter()
w = 0.0; wsum = 0
print('%-26s %6s %5s %4s %4s %5s %4s %5s' % ('rule', 'total', 'TP', 'FP', 'NOI', 'ART', 'UNJ', 'prec'))
for rule, c in counts.most_common():
    p = per[rule]
    n = p['TP'] + p['FP'] + p['NOISE']
    prec = p['TP'] / n if n else float('nan')
    if n:
        w += counts[rule] * prec; wsum += counts[rule]
    tot.update(p)
    print('%-26s %6d %5d %4d %4d %5d %4d %5.2f' % (rule, c, p['TP'], p['FP'], p['NOISE'], p['ARTEFACT'], p['UNJUDGED'], prec))
print('total reports %d, judged %d: TP %d FP %d NOISE %d ARTEFACT %d unjudged %d' % (
    len(alld), sum(tot.values()) - tot['UNJUDGED'], tot['TP'], tot['FP'], tot['NOISE'], tot['ARTEFACT'], tot['UNJUDGED']))
print('weighted precision %.3f' % (w / wsum if wsum else float('nan')))
print('FP at error severity: %d' % len(errfp))
