#!/usr/bin/env python3
"""Fresh op N shapes for flat-n's lab of notes-gemv entry 75 (MV_LAB_FNS=k:
from three loops a k-th of the wave of blocks): columns off 16 bytes of at
most 32 vectors (lda = m, a quarter lda = m + 1 or m + 2 where that is
off 16 bytes too), A of 4-300 MiB, kept where flat-n plans three loops or
more (a port of launch_flat_n below); tagged by the finish's rounds of
eight loads a thread at the full wave (f12: 1-2, f35: 3-5, f68: 6-8) and
A's size (-s under 32 MiB, -x from 32). With a third argument, float
only, tagged by A's size alone around the rule's bound (s 4-16 MiB, m
16-40, l 40-64, x 64-160), for the second pass.
usage: exp/fns-list.py SEED PER_TAG [float]"""
import math, random, sys

cd = lambda a, b: -(-a // b)


def flat_n(dt, m, n, lda):
    """launch_flat_n's plan: (splits, loops, the finish's rounds)."""
    W = 16 // dt
    g = W
    while lda % g:
        g //= 2
    period = lda // g
    active = 256 // period * period
    nvec = cd((n - 1) * lda + m, W)
    rounds = cd(nvec, active)
    outs = 1 << (m - 1).bit_length()
    want = 132 * (3 if dt == 4 else 2)  # 78 / 102 registers (check-kernel-resources)
    s = max(1, min(want, rounds, 64 * (256 // outs)))
    loops = cd(rounds, 8 * s)
    if loops <= 2:
        s = cd(rounds, 8 * loops)
    else:
        s = max(1, min(want, rounds))
    per = cd(rounds, s)
    s = cd(nvec, per * active)
    lanes = outs // W if outs % W == 0 else outs
    return s, loops, cd(cd(s, 256 // lanes), 8)


rng = random.Random(int(sys.argv[1]))
per_tag = int(sys.argv[2])
second = len(sys.argv) > 3
tags = ['s', 'm', 'l', 'x'] if second else [f + z for f in ('f12', 'f35', 'f68') for z in ('-s', '-x')]
got = {t: [] for t in tags}
tries = 0
while any(len(v) < per_tag for v in got.values()) and tries < 2_000_000:
    tries += 1
    dt = 4 if second else rng.choice((4, 8))
    W = 16 // dt
    m = int(math.exp(rng.uniform(math.log(8), math.log(32 * W))))
    lda = m + rng.choice((1, 2)) if rng.random() < 0.25 else m
    if lda % W == 0 or lda > 32 * W:
        continue
    nbytes = math.exp(rng.uniform(math.log(4 << 20), math.log((160 if second else 300) << 20)))
    n = int(nbytes / (lda * dt))
    s, loops, fin = flat_n(dt, m, n, lda)
    if loops <= 2:
        continue
    mib = lda * n * dt / 2**20
    if second:
        tag = 's' if mib < 16 else 'm' if mib < 40 else 'l' if mib < 64 else 'x'
    else:
        tag = ('f12' if fin <= 2 else 'f35' if fin <= 5 else 'f68') + ('-s' if mib < 32 else '-x')
    if len(got[tag]) < per_tag:
        got[tag].append(f"{'s' if dt == 4 else 'd'} N {m} {n} {lda} {tag}")
for t in tags:
    print('\n'.join(got[t]))
print(f"# seed {sys.argv[1]}, {tries} draws, " + ", ".join(f"{t} {len(v)}" for t, v in got.items()), file=sys.stderr)
