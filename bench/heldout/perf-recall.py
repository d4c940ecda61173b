#!/usr/bin/env python3
"""How much of what a reviewer marks does perf-review find, and how many
look-alikes does it flag?

    bench/heldout/perf-recall.py LABELS CODE_BASE=REPORT.json ...

LABELS is a table of candidates (code_base, path, line, category, label,
note) found by grep and labelled by reading the code before the audit ran:
`pitfall` (a reviewer marks it) or `look-alike` (the same form, nothing to
fix).  Each REPORT is `hotpath-audit audit --root REPO --paths . --no-config
--packs perf-review --format json` of that code base.  A rule finding
counts for the nearest candidate of its file within two lines (a finding is
anchored at its match, a candidate at the line grep found).  Prints recall over the
pitfalls, the share of look-alikes flagged, and the findings no candidate
accounts for.  A script that prints figures, not a test."""
import csv, json, sys


def main():
    if len(sys.argv) < 3 or any('=' not in a for a in sys.argv[2:]):
        sys.stderr.write(__doc__)
        return 2
    labels = [r for r in csv.DictReader((l for l in open(sys.argv[1]) if not l.startswith('#')), delimiter='\t')]
    findings = {}
    for arg in sys.argv[2:]:
        base, path = arg.split('=', 1)
        findings[base] = [(f['path'], f['line'], f['rule']) for f in json.load(open(path))['rule_findings']]
    # each finding to its nearest candidate of the same file, within two lines
    hits = {}
    for base, fs in findings.items():
        for f in fs:
            near = [(abs(f[1] - int(r['line'])), i) for i, r in enumerate(labels)
                    if r['code_base'] == base and r['path'] == f[0] and abs(f[1] - int(r['line'])) <= 2]
            if near:
                hits.setdefault(min(near)[1], []).append(f)
    used = set()
    counts = {'pitfall': [0, 0], 'look-alike': [0, 0]}
    for i, r in enumerate(labels):
        if r['code_base'] not in findings:
            continue
        hit = hits.get(i, [])
        counts[r['label']][1] += 1
        if hit:
            counts[r['label']][0] += 1
            used.update((r['code_base'],) + f for f in hit)
        if r['label'] == 'pitfall' or hit:
            print('%-10s %-8s %s:%s %s %s' % (r['label'], 'FOUND' if hit else 'missed', r['path'], r['line'],
                                              r['category'], ','.join(sorted({f[2] for f in hit}))))
    for base, fs in findings.items():
        for f in fs:
            if (base,) + f not in used:
                print('%-10s %-8s %s:%s %s' % ('unlabelled', '', f[0], f[1], f[2]))
    p, l = counts['pitfall'], counts['look-alike']
    print('pitfalls found: %d of %d (%.0f%%); look-alikes flagged: %d of %d (%.1f%%)' %
          (p[0], p[1], 100.0 * p[0] / max(p[1], 1), l[0], l[1], 100.0 * l[0] / max(l[1], 1)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
