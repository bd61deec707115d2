#!/usr/bin/env python3
# Where a mvbench random run loses time, by the default's plan: per op and
# plan kind of exp/plan-model.py (kernel, split or not; the skinny kernels
# by the model's flag), the points, the geomean default / read kernel over
# the same bytes (launch-independent within a process) and the log-sum
# lost, the worst three shapes; A's bytes within [MIN_KIB, MAX_KIB).
#   exp/random-plans.py RUN.csv[.gz] [MIN_KIB MAX_KIB]
import collections, csv, gzip, importlib.util, math, os, sys
spec = importlib.util.spec_from_file_location('pm', os.path.join(os.path.dirname(__file__), 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)
f = sys.argv[1]
lo = int(sys.argv[2]) << 10 if len(sys.argv) > 2 else 0
hi = int(sys.argv[3]) << 10 if len(sys.argv) > 3 else 1 << 62
rows = collections.defaultdict(dict)
for r in csv.DictReader(gzip.open(f, 'rt') if f.endswith('gz') else open(f)):
    if r['mode'] == 'cold':
        rows[(r['dtype'], r['op'], int(r['m']), int(r['n']), int(r['lda']))][r['variant']] = r
groups = collections.defaultdict(list)
for k, v in rows.items():
    if 'default' not in v or 'read-ceiling' not in v:
        continue
    if not lo <= int(v['default']['bytes']) < hi:
        continue
    p = pm.plan(4 if k[0] == 's' else 8, k[1], k[2], k[3], k[4])
    kind = (p['skinny'] or p['kernel']) + (' split' if p.get('splits', 1) > 1 else '')
    d, rd = float(v['default']['time_us']), float(v['read-ceiling']['time_us'])
    groups[(k[1], kind)].append((d / rd, k, d, rd))
print('op kind                     points  default/read  lost (log-sum)  worst (default / read us)')
for key, l in sorted(groups.items(), key=lambda x: -sum(math.log(y[0]) for y in x[1])):
    lost = sum(math.log(x[0]) for x in l)
    print('%s  %-24s %5d  %12.3f  %14.2f  %s' % (
        key[0], key[1], len(l), math.exp(lost / len(l)), lost,
        ' '.join('%s %dx%d %.1f/%.1f' % (x[1][0], x[1][2], x[1][3], x[2], x[3]) for x in sorted(l)[-3:])))
