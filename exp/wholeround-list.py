#!/usr/bin/env python3
"""notes-gemv entry 93's list: op T shapes whose plan entry 90's rule
changes (exp/plan-model.py WARPMANY 0 -> 1) and whose base plan is
tiled-t with P = 256, tagged wl / wh (whole rounds: vec_per_thread a
multiple of 8, m = 8192 k float or 4096 k double; under 40 / from 40
base blocks a SM) and fl / fh (a fraction of a round, m drawn near the
same sizes). n drawn log-uniform (not a power of two), lda = m or m + V
(aligned columns), A of 64-512 MiB.
usage: exp/wholeround-list.py SEED PER_TAG > LIST"""
import math, random, sys
from list_draw import emit, pm

seed, per = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
got = {t: [] for t in ('wl', 'wh', 'fl', 'fh')}
tries = 0
while any(len(v) < per for v in got.values()) and tries < 500000:
    tries += 1
    dt = rng.choice((4, 8))
    W = 16 // dt
    unit = 8192 if dt == 4 else 4096
    whole = rng.random() < 0.5
    m = unit * rng.randint(1, 4) if whole else int(unit * math.exp(rng.uniform(0, math.log(4.5))))
    n = int(math.exp(rng.uniform(math.log(1000), math.log(40000))))
    if n & (n - 1) == 0:
        continue
    lda = m if rng.random() < 0.6 else m + W
    nbytes = lda * n * dt
    if not (64 << 20) <= nbytes < (512 << 20):
        continue
    pm.WARPMANY = 0
    a = pm.plan(dt, 'T', m, n, lda)
    pm.WARPMANY = 1
    b = pm.plan(dt, 'T', m, n, lda)
    if a['skinny'] or a['kernel'] != 'tiled_t' or a.get('P') != 256 or (a['blocks'], a.get('P')) == (b['blocks'], b.get('P')):
        continue
    vpt = a['vec_per_thread']
    is_whole = vpt == int(vpt) and int(vpt) % 8 == 0
    if is_whole != whole:
        continue
    tag = ('w' if whole else 'f') + ('h' if a['per_sm'] >= 40 else 'l')
    if len(got[tag]) < per:
        got[tag].append(f"{'s' if dt == 4 else 'd'} T {m} {n} {lda} {tag}")
emit(got, seed, tries)
