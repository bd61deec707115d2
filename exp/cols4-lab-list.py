#!/usr/bin/env python3
"""Entry 89's cols4 list: fresh op T shapes of 16-512 MiB that
exp/plan-model.py gives to cols4 (columns of more than 64 KiB, four a
block), tagged cv (cols4_vec: columns on 16-byte boundaries) or cs
(cols4_shift or cols4_scalar: off them), for MV_LAB_NOCOLS4 (tiled-t's
plan instead) and the warp columns of MV_LAB_WARPMANY / WARPSPLIT.
usage: exp/cols4-lab-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes, op):
    if nbytes < 16 << 20:
        return None
    k = pm.plan(dt, 'T', m, n, lda)['kernel']
    return None if not k.startswith('cols4') else 'cv' if k == 'cols4_vec' else 'cs'


draw(int(sys.argv[1]), int(sys.argv[2]), ('cv', 'cs'), tag_of, max_bytes=512 << 20, ops='T')
