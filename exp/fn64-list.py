#!/usr/bin/env python3
"""Fresh op N shapes for the lab of notes-gemv entry 77 (MV_LAB_FN64=1:
flat-n for lda of 33-64 16-byte vectors, columns off 16 bytes, which
tiled-n and tiled-n-shift take today), m and n log-uniform as mvbench
random draws them within that lda (lda = m, a quarter m + 1 or m + 2 off
16 bytes), tagged by A's size (a under 1 MiB, s 1-16, l 16-64, x 64-512).
usage: exp/fn64-list.py SEED PER_TAG > LIST"""
import math, random, sys

rng = random.Random(int(sys.argv[1]))
per = int(sys.argv[2])
tags = ('a', 's', 'l', 'x')
got = {t: [] for t in tags}
while any(len(v) < per for v in got.values()):
    dt = rng.choice((4, 8))
    W = 16 // dt
    m = int(math.exp(rng.uniform(math.log(32 * W + 1), math.log(64 * W))))
    lda = m + rng.choice((1, 2)) if rng.random() < 0.25 else m
    if lda % W == 0 or lda > 64 * W:
        continue
    n = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    mib = lda * n * dt / 2**20
    if mib < 100 / 1024 or mib >= 512:
        continue
    tag = 'a' if mib < 1 else 's' if mib < 16 else 'l' if mib < 64 else 'x'
    if len(got[tag]) < per:
        got[tag].append(f"{'s' if dt == 4 else 'd'} N {m} {n} {lda} {tag}")
for t in tags:
    print('\n'.join(got[t]))
