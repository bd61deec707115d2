#!/usr/bin/env python3
"""Entry 89's second list: exp/warpmany-list.py's r4 class (tiled-t
plans of more than four waves, columns of four rounds a lane or more)
tagged by x's bytes (m * dt): x32 (32-48 KiB) or x48 (48-64 KiB), the
range where the first list's one shape of 63 KiB lost and two of 48 won.
usage: exp/warpmany-x-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, exp_module

WL = exp_module('warpmany-list')


def tag_of(dt, m, n, lda, nbytes, op):
    if WL.tag_of(dt, m, n, lda, nbytes, op) != 'r4' or m * dt < 32 << 10:
        return None
    return 'x32' if m * dt < 48 << 10 else 'x48'


draw(int(sys.argv[1]), int(sys.argv[2]), ('x32', 'x48'), tag_of, max_bytes=512 << 20, ops='T')
