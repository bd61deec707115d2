#!/usr/bin/env python3
"""Entry 90's list: fresh op T shapes of 16-512 MiB in exp/warpmany-list.py's
r4 class (tiled-t plans of more than four waves before entry 89's rule)
tagged by the warp blocks' fill of their last wave of four an SM (launch_t's
kWarpManyFill = 0.63): f0 (0.55-0.63, the rule keeps the looping grid) and
f1 (0.63-0.70, the rule takes warp columns), the border the rule's
threshold sits on.
usage: exp/warpfill-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, exp_module, pm

WL = exp_module('warpmany-list')


def tag_of(dt, m, n, lda, nbytes, op):
    if WL.tag_of(dt, m, n, lda, nbytes, op) != 'r4':
        return None
    f = WL.warp_fill(n)
    return 'f0' if 0.55 <= f < 0.63 else 'f1' if 0.63 <= f < 0.70 else None


draw(int(sys.argv[1]), int(sys.argv[2]), ('f0', 'f1'), tag_of, max_bytes=512 << 20, ops='T')
