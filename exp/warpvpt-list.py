#!/usr/bin/env python3
"""Entry 90's second list: fresh op T shapes of 16-512 MiB that entry 89's
rule gives warp columns (exp/warpmany-list.py's r4 class, the warp blocks
filling 0.63 of their last wave or more), tagged by the vectors a thread
of the plan before the rule reads a column (exp/plan-model.py's
vec_per_thread with WARPMANY = 0): v0 under 13, v1 14 or more (on the
sweep's 64 KB columns, 16, warp columns lost 1.5-2%).
usage: exp/warpvpt-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, exp_module, pm

WL = exp_module('warpmany-list')


def tag_of(dt, m, n, lda, nbytes, op):
    if WL.tag_of(dt, m, n, lda, nbytes, op) != 'r4':
        return None
    if WL.warp_fill(n) < 0.63:
        return None
    vpt = pm.plan(dt, 'T', m, n, lda)['vec_per_thread']
    return 'v0' if vpt < 13 else 'v1' if vpt >= 14 else None


draw(int(sys.argv[1]), int(sys.argv[2]), ('v0', 'v1'), tag_of, max_bytes=512 << 20, ops='T')
