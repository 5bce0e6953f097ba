#!/usr/bin/env python3
"""List the projects of held-out sets whose names the checkout already holds.

usage: seen.py CHECKOUT SET...

A set's builder checks each project against docs/evaluation.md and the
shared corpus's README only; a project that the code's comments, the rule
documents or the tests name (a case taken from its documents) was seen by
the team too. This prints, for each project directory of each SET (a
directory of a held-out set, each project a directory of it), the name it
matched and where, after the prefixes and suffixes packages add
("python3-", "lib", "r-cran-", "-doc", a version). Names under four letters
are not looked for. A match on a common word ("clock", "parse") is not a
project the team saw: read each line, and move out of the set only the
projects that are, before the set is measured.
"""
import os, re, sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
checkout, sets = sys.argv[1], sys.argv[2:]
texts = []
for root, dirs, files in os.walk(checkout):
    dirs[:] = [d for d in dirs if d != '.git']
    for f in files:
        try:
            with open(os.path.join(root, f), errors='ignore') as fh:
                texts.append(fh.read().lower())
        except OSError:
            pass
text = '\n'.join(texts)

def names(project):
    n = project.split('__')[-1].lower()
    out = [n]
    n = re.sub(r'(-doc|-docs|-data|-common|-bin|-html|-www|-dev|-utils|-tools)$', '', n)
    out.append(n)
    n = re.sub(r'^(python3?-|php-|r-cran-|r-bioc-|lib|elpa-|vim-|lua-|golang-|node-|ruby-|perl-)', '', n)
    out.append(n)
    n = re.sub(r'[0-9.]+$', '', n)
    out.append(n)
    out.append(re.sub(r'-ocaml$', '', n))
    return [x for x in dict.fromkeys(out) if len(x) >= 4]

for d in sets:
    for project in sorted(os.listdir(d)):
        if not os.path.isdir(os.path.join(d, project)):
            continue
        for n in names(project):
            m = re.search(r'(?<![a-z0-9])' + re.escape(n) + r'(?![a-z0-9])', text)
            if m:
                around = text[max(0, m.start() - 50):m.end() + 30].replace('\n', ' ')
                print(f'{d}/{project}: "{n}" in ...{around}...')
                break
