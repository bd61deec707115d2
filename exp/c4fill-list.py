#!/usr/bin/env python3
"""Fresh op T shapes for entry 98's next lab (exp/patches/lab-c4fill.patch):
cols4's four-column blocks where they fill most of one wave (MV_LAB_C4F=pct,
unsplit, less than a wave), and x's 64 KB bound moved to 16 KB
(MV_LAB_C4X=16). Kept where exp/plan-model.py's C4_FILL (at 70) or C4_XKB
(at 16) change the plan, from 16 MiB; tags by the fill of cols4's wave
(blocks over 132 x 3 double, 132 x 4 float): v7 0.7-0.8, v8 0.8-0.9, v9
0.9-1 (aligned columns), o8 0.8-1 (columns off 16 bytes), x only with
x's bound moved (aligned columns).
usage: exp/c4fill-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, exp_module, pm

c4 = exp_module('c4-list')
TAGS = ('v7', 'v8', 'v9', 'o8', 'x')


def tag_of(dt, m, n, lda, nbytes, op):
    if not c4.tiled_t(dt, m, n, lda, nbytes):
        return None
    vec = lda % (16 // dt) == 0
    f = c4.plan(dt, m, n, lda, C4_FILL=70)
    if f['kernel'].startswith('cols4'):
        fill = f['blocks'] / (pm.SMS * f['bps'])
        if not vec:
            return 'o8' if fill >= 0.8 else None
        return 'v7' if fill < 0.8 else 'v8' if fill < 0.9 else 'v9'
    if vec and c4.plan(dt, m, n, lda, C4_XKB=16)['kernel'].startswith('cols4'):
        return 'x'
    return None


draw(int(sys.argv[1]), int(sys.argv[2]), TAGS, tag_of, max_bytes=512 << 20, ops='T')
