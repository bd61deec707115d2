#!/usr/bin/env python3
# Issue 23: matvec's own GEMM kernels against cuBLAS on mvbench gemm
# --random runs that carry the "own" row (exp/gemm-own-run.sh). Per type
# and own kernel: shapes, geomean own / cuBLAS, how many own wins (by more
# than the A/A spread), and own / cuBLAS against the model's work time
# t_w (a wave count times a tile's FMAs at the SM's rate, or the bytes at
# the bandwidth), in bands, so that a rule "own below T us of work" can be
# read off; the shapes that the current default sends to cuBLAS while own
# is faster, and the default's losses.
#   exp/gemm-own.py RUN.csv [RUN.csv ...]
import collections, csv, math, sys
SM, BPS = 132, 2
RATE = 2 * 128 * 1.755e9          # FP32 (or FP64 DMMA) flops per SM per s, H100 SXM boost
BW = 3.0e12
TILE = {'simt': (64, 128), 'dmma': (128, 128), 'dmma-narrow': (128, 32)}
def work_us(dt, m, n, k, path):
    es = 4 if dt == 's' else 8
    byts = es * (m * k + k * n + m * n)
    tm, tn = TILE.get(path, (m, n))
    tiles = math.ceil(m / tm) * math.ceil(n / tn)
    waves = math.ceil(tiles / (SM * BPS))
    tflops = waves * BPS * 2 * tm * tn * k / RATE if path in TILE else 2 * m * n * k / (SM * RATE)
    return max(tflops, byts / BW) * 1e6
rows = collections.defaultdict(dict)
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        if r['suite'] != 'gemm-random' or not r['time_us']:
            continue
        rows[(f, r['dtype'], r['op'], int(r['m']), int(r['n']), int(r['k']))][r['variant']] = r
pts = []
for key, v in rows.items():
    if not all(x in v for x in ('cublas', 'cublas-aa', 'default', 'own')):
        continue
    c, aa = float(v['cublas']['time_us']), float(v['cublas-aa']['time_us'])
    spread = abs(aa / c - 1)
    own, d = float(v['own']['time_us']), float(v['default']['time_us'])
    f, dt, op, m, n, k = key
    pts.append(dict(dt=dt, op=op, m=m, n=n, k=k, c=c, spread=spread, own=own, d=d, path=v['default']['path'],
                    opath=v['own']['path'], w=work_us(dt, m, n, k, v['own']['path'])))
print('%d shapes' % len(pts))
print('type own-kernel  shapes  geo own/cuBLAS  own faster*  own slower*')
g = collections.defaultdict(list)
for p in pts:
    g[(p['dt'], p['opath'])].append(p)
for (dt, op), l in sorted(g.items()):
    geo = math.exp(sum(math.log(p['own'] / p['c']) for p in l) / len(l))
    fast = sum(p['own'] < p['c'] * (1 - p['spread']) for p in l)
    slow = sum(p['own'] > p['c'] * (1 + p['spread']) for p in l)
    print('%-4s %-11s %6d %15.3f %12d %12d' % (dt, op, len(l), geo, fast, slow))
print('\nown / cuBLAS by the model\'s work time (us), own kernels other than gemv:')
bands = [0, 0.25, 0.5, 1, 2, 4, 8, 16, 64, 1e9]
for lo, hi in zip(bands, bands[1:]):
    l = [p for p in pts if lo <= p['w'] < hi and p['opath'] not in ('gemv',)]
    if not l:
        continue
    r = sorted(p['own'] / p['c'] for p in l)
    print('  w in [%5g, %5g): %4d shapes, own/cuBLAS min %.2f median %.2f max %.2f, own faster in %d' % (
        lo, hi, len(l), r[0], r[len(r) // 2], r[-1], sum(x < 1 for x in r)))
print('\ndefault on cuBLAS where own is faster beyond the spread:')
for p in sorted(pts, key=lambda p: p['own'] / p['c']):
    if p['path'] == 'cublas' and p['own'] < p['c'] * (1 - p['spread']):
        print('  %s %s %6d x %6d x %6d own %-11s w %7.2f us: own %8.2f cuBLAS %8.2f (%.2f)' % (
            p['dt'], p['op'], p['m'], p['n'], p['k'], p['opath'], p['w'], p['own'], p['c'], p['own'] / p['c']))
print('\ndefault slower than cuBLAS beyond the spread:')
for p in sorted(pts, key=lambda p: -p['d'] / p['c']):
    if p['d'] > p['c'] * (1 + p['spread']):
        print('  %s %s %6d x %6d x %6d path %-11s own %-11s w %7.2f: default %8.2f cuBLAS %8.2f (%.3f) own %.3f' % (
            p['dt'], p['op'], p['m'], p['n'], p['k'], p['path'], p['opath'], p['w'], p['d'], p['c'], p['d'] / p['c'],
            p['own'] / p['c']))
