#!/usr/bin/env python3
# exp/ab-random.sh's comparison: per shape, the default's median time in
# the lab build over the base build's; the shapes whose plan the model
# (exp/plan-model.py, FLAG on in the lab: BALANCE, WARP_COLS) changes, and the rest.
#   exp/ab-compare.py DIR BASE LAB [FLAG]
import collections, glob, importlib.util, math, os, statistics, sys
import csv
d, base, lab = sys.argv[1:4]
flag = sys.argv[4] if len(sys.argv) > 4 else 'BALANCE'  # the model's switch of the lab rule
spec = importlib.util.spec_from_file_location('pm', os.path.join(os.path.dirname(__file__), 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)
t = collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(os.path.join(d, 'ab-*-*.csv')):
    b = os.path.basename(f)[3:].rsplit('-', 1)[0]
    for r in csv.DictReader(open(f)):
        if r['m'] == 'm':  # the header of a run appended to the file
            continue
        k = (r['dtype'], r['op'], int(r['m']), int(r['n']), int(r['lda']))
        t[(k, r['variant'])][b].append(float(r['time_us']))
groups = collections.defaultdict(list)
rows = []
for (k, var), v in t.items():
    if var != 'default' or base not in v or lab not in v:
        continue
    dt = 4 if k[0] == 's' else 8
    setattr(pm, flag, False)
    p0 = pm.plan(dt, k[1], k[2], k[3], k[4])
    setattr(pm, flag, True)
    p1 = pm.plan(dt, k[1], k[2], k[3], k[4])
    changed = p0 != p1
    r = statistics.median(v[lab]) / statistics.median(v[base])
    cub = statistics.median(t[(k, 'cublas')][base] + t[(k, 'cublas')][lab])
    rd = statistics.median(t[(k, 'read-ceiling')][base] + t[(k, 'read-ceiling')][lab])
    groups['changed' if changed else 'same'].append(math.log(r))
    rows.append((changed, r, k, statistics.median(v[base]), statistics.median(v[lab]), cub, rd,
                 p0.get('splits'), p1.get('splits'), p0['blocks']))
for g, l in sorted(groups.items()):
    print('%-8s %4d shapes  geomean lab/base %.3f  min %.3f  max %.3f' % (
        g, len(l), math.exp(sum(l) / len(l)), math.exp(min(l)), math.exp(max(l))))
print('\nchanged shapes (lab/base, shape, base us, lab us, cuBLAS us, read us, splits base -> lab, base blocks):')
for r in sorted(x for x in rows if x[0]):
    print('  %.3f %s %s %7d x %-7d lda %-7d %8.2f %8.2f %8.2f %8.2f  %s -> %s  (%d)' % (
        r[1], r[2][0], r[2][1], r[2][2], r[2][3], r[2][4], r[3], r[4], r[5], r[6], r[7], r[8], r[9]))
same = sorted(x for x in rows if not x[0])
print('\nunchanged, extremes:')
for r in same[:4] + same[-4:]:
    print('  %.3f %s %s %7d x %-7d lda %-7d %8.2f %8.2f' % (r[1], r[2][0], r[2][1], r[2][2], r[2][3], r[2][4], r[3], r[4]))
