#!/usr/bin/env python3
"""Entry 89's third list, for exp/patches/lab-warpmany.patch's two knobs:
exp/warpmany-list.py's r4 class (tiled-t plans of more than four waves,
columns of four rounds a lane or more, 16-512 MiB), tagged by the warp
columns' blocks (n / 8) over a wave of four an SM: p (under 0.7), a
(0.7-1), b (1-1.6), c (1.6-2.5), d (2.5 and more).
usage: exp/warpmany2-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, exp_module, pm

WL = exp_module('warpmany-list')


def tag_of(dt, m, n, lda, nbytes, op):
    if WL.tag_of(dt, m, n, lda, nbytes, op) != 'r4':
        return None
    w = pm.cdiv(n, 8) / (pm.SMS * 4)
    return 'p' if w < 0.7 else 'a' if w < 1 else 'b' if w < 1.6 else 'c' if w < 2.5 else 'd'


draw(int(sys.argv[1]), int(sys.argv[2]), ('p', 'a', 'b', 'c', 'd'), tag_of, max_bytes=512 << 20, ops='T')
