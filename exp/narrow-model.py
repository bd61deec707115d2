#!/usr/bin/env python3
# The narrow kernels' own time below the bandwidth regime (the big operand
# under 16 MiB) against a model of their chain (launch + steps, steps x
# vectors, a split's finish), fitted by least squares over mvbench gemm
# --random runs with "own" rows (one shape once: medians over runs; chains
# from exp/emu/chainprobe with exp/emu/occupancy.sh's table), and what a
# rule "own where the model's time is under T" would move against
# gemm_blas.c's small-grid rule.
#   exp/narrow-model.py CHAINPROBE TABLE DTYPE RUN.csv[.gz] ...
import collections, csv, gzip, math, statistics, subprocess, sys
import numpy as np
probe, table, dt, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
sz = 4 if dt == 's' else 8
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in files:
    per = collections.defaultdict(dict)
    for r in csv.DictReader(gzip.open(f, 'rt') if f.endswith('gz') else open(f)):
        if r['suite'] == 'gemm-random' and r['dtype'] == dt and r['time_us']:
            per[(r['op'], int(r['m']), int(r['n']), int(r['k']))][r['variant']] = r
    for key, v in per.items():
        if 'own' in v and v['own']['path'] == 'narrow' and 'cublas' in v:
            rows[key]['own'].append(float(v['own']['time_us']))
            rows[key]['cub'].append(min(float(v['cublas']['time_us']), float(v['cublas-aa']['time_us'])))
keys = sorted(rows)
out = subprocess.run([probe, '2', table], input=''.join(f'{dt} {o} {m} {n} {k}\n' for o, m, n, k in keys),
                     capture_output=True, text=True, check=True).stdout.splitlines()
info = []
for (op, m, n, k), line in zip(keys, out):
    st, nb, teams, steps, splits, waves = map(int, line.split()[5:11])
    nbf = lambda x: 2 if x <= 2 else 4 if x <= 4 else 8 if x <= 8 else 16 if x <= 16 else 32
    cols = n <= 32 and (m > 32 or nbf(n) <= nbf(m))  # mv_gemm_narrow_cols
    nv, big = (n, k * m) if cols else (m, k * n)
    if big * sz >= 16 << 20:
        continue
    own, cub = statistics.median(rows[(op, m, n, k)]['own']), statistics.median(rows[(op, m, n, k)]['cub'])
    c = dict(op=op, m=m, n=n, k=k, st=st, nb=nb, teams=teams, steps=steps, splits=splits, waves=waves, nv=nv,
             cols=cols, own=own, cub=cub)
    # gemm_blas.c's small-grid rule
    if splits > 1 and st and teams > 1:
        cur = nv <= 16 and (dt == 's' or nv <= 4 or steps <= 20)
    elif splits > 1:
        cur = nb <= 8 and steps <= 2
    elif st:
        cur = steps <= 8
    elif nb > 16:
        cur = waves <= 1 and steps <= (2 if dt == 'd' else 1 if cols else 0)
    else:
        cur = steps <= 4 and steps * nb <= 32 and (waves <= 1 or nv < 2 * k)
    c['cur'] = cur
    c['x'] = [1, steps, steps * nb / 8, 1 if splits > 1 else 0, waves]
    info.append(c)
X = np.array([c['x'] for c in info]); Y = np.array([c['own'] for c in info])
coef = np.linalg.lstsq(X, Y, rcond=None)[0]
for c in info:
    c['model'] = float(coef @ c['x'])
res = [c['own'] / c['model'] for c in info]
print(f'{dt}: {len(info)} narrow shapes under 16 MiB: own us = {coef[0]:.2f} + {coef[1]:.3f} steps + '
      f'{coef[2]:.3f} steps x nb / 8 + {coef[3]:.2f} split + {coef[4]:.2f} waves; measured / model '
      f'{min(res):.2f}-{max(res):.2f}')
geo = lambda r: math.exp(sum(map(math.log, r)) / max(len(r), 1))
cr = [c['own'] / c['cub'] for c in info if c['cur']]
print(f'current rule: own {len(cr)} (geo {geo(cr):.3f}, >1.00 {sum(x > 1 for x in cr)}, >1.03 {sum(x > 1.03 for x in cr)})')
for T in (7.0, 8.0, 9.0, 10.0):
    sel = [c for c in info if c['model'] <= T or c['cur']]
    r = [c['own'] / c['cub'] for c in sel]
    moved = [c for c in sel if not c['cur']]
    print(f'current or model <= {T}: own {len(sel)} (geo {geo(r):.3f}, >1.00 {sum(x > 1 for x in r)}, '
          f'>1.03 {sum(x > 1.03 for x in r)}); moved {len(moved)}')
    for c in sorted(moved, key=lambda c: c['own'] / c['cub']):
        print(f"   {c['op']} {c['m']}x{c['n']}x{c['k']} {'T' if c['st'] else 'N'} nb={c['nb']} teams={c['teams']} "
              f"steps={c['steps']} splits={c['splits']} waves={c['waves']} own {c['own']:.2f} "
              f"model {c['model']:.2f} cub {c['cub']:.2f} r {c['own'] / c['cub']:.3f}")
