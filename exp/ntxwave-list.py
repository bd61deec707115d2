#!/usr/bin/env python3
"""Fresh op N shapes of 64-512 MiB for notes-gemv entry 95's lab
(exp/patches/lab-ntx.patch): the draws' unsplit tiled-n plans just past a
whole wave of four blocks an SM take 1.25-1.36x the read kernel's time,
those just under one 1.02-1.14x. Plain tiled-n plans (aligned columns, no
split) by exp/plan-model.py, tagged by their blocks over one wave (132 x
4): p1 in (1, 1.15], p2 in (2, 2.15] (just past one and two waves), u1 in
(0.85, 1] (just under one), m1 in (1.3, 1.7] (mid-wave).
usage: exp/ntxwave-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm

BANDS = {'p1': (1.0, 1.15), 'p2': (2.0, 2.15), 'u1': (0.85, 1.0), 'm1': (1.3, 1.7)}


def tag_of(dt, m, n, lda, nbytes):
    if nbytes < 64 << 20:
        return None
    p = pm.plan(dt, 'N', m, n, lda)
    if p['skinny'] or p['kernel'] != 'tiled_n' or p['splits'] != 1:
        return None
    waves = p['blocks'] / (pm.SMS * 4)
    for tag, (lo, hi) in BANDS.items():
        if lo < waves <= hi:
            return tag
    return None


draw(int(sys.argv[1]), int(sys.argv[2]), tuple(BANDS), tag_of, max_bytes=512 << 20)
