#!/usr/bin/env python3
# The tile kernels' own time against a model (launch + k-steps x waves +
# C's bytes + A's and B's bytes), fitted by least squares over mvbench gemm
# --random runs with "own" rows (one shape once: the median over runs), and
# what a rule "own where the model's time is under T" would move against
# gemm_blas.c's rule: shapes moved, their own / cuBLAS time.
#   exp/tile-model.py DTYPE KERNEL RUN.csv[.gz] ...
import collections, csv, gzip, math, statistics, sys
import numpy as np
dt, kern, files = sys.argv[1], sys.argv[2], sys.argv[3:]
sz = 4 if dt == 's' else 8
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in files:
    per = collections.defaultdict(dict)
    for r in csv.DictReader(gzip.open(f, 'rt') if f.endswith('gz') else open(f)):
        if r['suite'] != 'gemm-random' or r['dtype'] != dt or not r['time_us']:
            continue
        per[(r['op'], int(r['m']), int(r['n']), int(r['k']))][r['variant']] = r
    for key, v in per.items():
        if 'own' in v and v['own']['path'] == kern and 'cublas' in v:
            rows[key]['own'].append(float(v['own']['time_us']))
            rows[key]['cub'].append(min(float(v['cublas']['time_us']), float(v['cublas-aa']['time_us'])))
            rows[key]['path'].append(v['default']['path'])
cd = lambda a, b: -(-a // b)
X, Y, info = [], [], []
for (op, m, n, k), v in rows.items():
    sw = cd(k, 16) * cd(cd(m, 64) * cd(n, 64), 264)
    mc = m * n * sz / 2**20
    mab = (m * k + k * n) * sz / 2**20
    own, cub = statistics.median(v['own']), statistics.median(v['cub'])
    info.append((op, m, n, k, sw, mc, mab, own, cub, v['path'][-1]))
    if sw <= 16 and mc + mab <= 32:
        X.append([1, sw, mc, mab]); Y.append(own)
coef = np.linalg.lstsq(np.array(X), np.array(Y), rcond=None)[0]
pred = lambda sw, mc, mab: coef @ [1, sw, mc, mab]
res = [y / (np.array(x) @ coef) for x, y in zip(X, Y)]
print(f'{dt} {kern}: {len(info)} shapes, fit over {len(X)}: own us = {coef[0]:.2f} + {coef[1]:.3f} sw + '
      f'{coef[2]:.3f} MiB(C) + {coef[3]:.3f} MiB(A,B); measured / model {min(res):.2f}-{max(res):.2f}')
for T in (7.0, 7.5, 8.0, 8.5, 9.0):
    cr = [i[7] / i[8] for i in info if i[4] <= 4 and i[5] + i[6] <= (4 if dt == 's' else 8)]
    sel = [i for i in info if pred(i[4], i[5], i[6]) <= T]
    r = [i[7] / i[8] for i in sel]
    cur = lambda i: i[4] <= 4 and i[5] + i[6] <= (4 if dt == 's' else 8)  # gemm_blas.c's rule
    moved = [i for i in sel if not cur(i)]
    out = [i for i in info if cur(i) and i not in sel]
    print(f'T={T}: own {len(sel)} (geo {math.exp(sum(map(math.log, r)) / max(len(r), 1)):.3f}, '
          f'>1.00 {sum(x > 1 for x in r)}, >1.03 {sum(x > 1.03 for x in r)}); from cuBLAS {len(moved)}, '
          f'to cuBLAS {len(out)}')
    for i in sorted(moved + out, key=lambda i: i[7] / i[8]):
        print(f'   {"->own" if i in moved else "->cub"} {i[0]} {i[1]}x{i[2]}x{i[3]} sw={i[4]} C={i[5]:.1f} AB={i[6]:.1f} '
              f'own {i[7]:.2f} model {pred(i[4], i[5], i[6]):.2f} cub {i[8]:.2f} r {i[7] / i[8]:.3f}')
