#!/usr/bin/env python3
"""Fresh op T shapes for the lab of notes-gemv entry 74 (MV_LAB_TGRID=1:
tiled-t without its looping grid), drawn as mvbench random draws them (m, n
log-uniform in [8, 2^20], a quarter with an odd lda, A of 16 to 512 MiB),
kept where exp/plan-model.py plans tiled-t on a looping grid; tagged by the
instance (p: float's predicated tail, t: four an SM) and A's size (-l
under 64 MiB, -x from 64). usage: exp/tgrid-list.py SEED PER_TAG > LIST"""
import math, random, sys
from list_draw import pm

rng = random.Random(int(sys.argv[1]))
per = int(sys.argv[2])
tags = ('p-l', 'p-x', 't-l', 't-x')
got = {t: [] for t in tags}
while any(len(v) < per for v in got.values()):
    dt = rng.choice((4, 8))
    m = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    n = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    lda = m + (0 if m % 2 else 1) if rng.random() < 0.25 else m
    nbytes = lda * n * dt
    if nbytes < 16 << 20 or nbytes >= 512 << 20:
        continue
    p = pm.plan(dt, 'T', m, n, lda)
    if p['skinny'] or p['kernel'] not in ('tiled_t', 'tiled_t_pred') or p.get('grid', p['blocks']) >= p['blocks']:
        continue
    tag = ('p' if p['kernel'] == 'tiled_t_pred' else 't') + ('-l' if nbytes < 64 << 20 else '-x')
    if len(got[tag]) < per:
        got[tag].append(f"{'s' if dt == 4 else 'd'} T {m} {n} {lda} {tag}")
for t in tags:
    print('\n'.join(got[t]))
