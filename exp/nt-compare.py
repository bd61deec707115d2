#!/usr/bin/env python3
# exp/nt-knobs.sh's runs: per shape the default's time of each spec (the
# lower of its two passes) over the first spec's, and its time over one read
# of A at the run's read bandwidth; geomeans by type.
#   exp/nt-compare.py DIR SPEC...
import csv, glob, math, os, re, sys
d, specs = sys.argv[1], [s.split('@')[0] for s in sys.argv[2:]]
t, bw = {}, {}
for s in specs:
    for f in glob.glob(os.path.join(d, s + '-*', 'measurements-nt.csv')):
        for r in csv.DictReader(open(f)):
            if r['variant'] == 'default':
                k = (r['dtype'], int(r['m']), int(r['n']))
                t.setdefault(s, {})[k] = min(t.get(s, {}).get(k, 1e30), float(r['time_us']))
    for f in glob.glob(os.path.join(d, s + '-*.txt')):
        m = re.search(r'read bandwidth (\d+) GB/s', open(f).read())
        if m:
            bw[s] = float(m.group(1))
base = specs[0]
print('shape            ' + ''.join('%14s' % s for s in specs))
logs = {}
for k in sorted(t[base], key=lambda k: (k[0], k[1] * k[2])):
    rd = k[1] * k[2] * (4 if k[0] == 's' else 8) / (bw.get(base, 3100) * 1e3)
    row = '%s %6d x %-6d' % k
    for s in specs:
        v = t.get(s, {}).get(k)
        if v is None:
            row += '%14s' % '-'
            continue
        row += '  %5.3f (%4.0f%%)' % (v / t[base][k], 100 * rd / v) if s != base else '  %6.1f (%3.0f%%)' % (v, 100 * rd / v)
        logs.setdefault((k[0], s), []).append(math.log(v / t[base][k]))
    print(row)
for (dt, s), l in sorted(logs.items()):
    if s != base:
        print('%s %-8s geomean %.3f over %d shapes' % (dt, s, math.exp(sum(l) / len(l)), len(l)))
