#!/usr/bin/env python3
# Two mvbench random runs of the same draw from two builds (each its own
# process): per shape the default's time over the same process's read
# kernel (launch-independent), the lab's ratio over the base's, geomean by
# A's size and by the plan (exp/plan-model.py); cuBLAS-relative counts.
#   exp/ab-draw.py BASE.csv[.gz] LAB.csv[.gz]
import collections, csv, gzip, importlib.util, math, os, signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under | head
spec = importlib.util.spec_from_file_location('pm', os.path.join(os.path.dirname(__file__), 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)


def load(f):
    rows = collections.defaultdict(dict)
    for r in csv.DictReader(gzip.open(f, 'rt') if f.endswith('gz') else open(f)):
        if r['mode'] == 'cold':
            rows[(r['dtype'], r['op'], int(r['m']), int(r['n']), int(r['lda']))][r['variant']] = r
    return rows


base, lab = load(sys.argv[1]), load(sys.argv[2])
t = lambda v, name: float(v[name]['time_us'])
by_size, by_kind, by_op, allr = collections.defaultdict(list), collections.defaultdict(list), collections.defaultdict(list), []
slower = {'base': 0, 'lab': 0}
for k, b in base.items():
    l = lab.get(k)
    if not l or 'default' not in b or 'default' not in l:
        continue
    r = (t(l, 'default') / t(l, 'read-ceiling')) / (t(b, 'default') / t(b, 'read-ceiling'))
    mib = int(b['default']['bytes']) / 2**20
    size = '<1' if mib < 1 else '1-16' if mib < 16 else '16-64' if mib < 64 else '>=64'
    p = pm.plan(4 if k[0] == 's' else 8, k[1], k[2], k[3], k[4])
    kind = k[1] + ' ' + (p['skinny'] or p['kernel']) + (' split' if p.get('splits', 1) > 1 else '')
    by_size[(k[0], size)].append(r)
    by_op[(k[0], k[1])].append(r)
    by_kind[kind].append((r, k))
    allr.append(r)
    for name, v in (('base', b), ('lab', l)):
        aa = abs(t(v, 'cublas-aa') / t(v, 'cublas') - 1) if 'cublas-aa' in v else 0
        slower[name] += t(v, 'default') / t(v, 'cublas') > 1 + aa
gm = lambda l: math.exp(sum(math.log(x) for x in l) / len(l))
print('all %d points: lab/base %.3f; slower than cuBLAS beyond A/A: base %d, lab %d' % (
    len(allr), gm(allr), slower['base'], slower['lab']))
print('  by type and op: ' + ', '.join('%s %s %.3f' % (key[0], key[1], gm(by_op[key])) for key in sorted(by_op)))
for key in sorted(by_size):
    print('  %s %-6s MiB %4d  %.3f' % (key[0], key[1], len(by_size[key]), gm(by_size[key])))
for kind, l in sorted(by_kind.items(), key=lambda x: gm([y[0] for y in x[1]])):
    l.sort()
    print('  %-26s %4d  %.3f  best %s %.2f  worst %s %.2f' % (kind, len(l), gm([x[0] for x in l]),
          '%s %dx%d' % (l[0][1][0], l[0][1][2], l[0][1][3]), l[0][0], '%s %dx%d' % (l[-1][1][0], l[-1][1][2], l[-1][1][3]), l[-1][0]))
