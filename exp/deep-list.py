#!/usr/bin/env python3
"""Fresh op N shapes for entry 81 (MV_LAB_DEEP=4: tiled-n with four quads
of A in flight a thread, two blocks an SM, where the plan's blocks make
one wave of it) by exp/plan-model.py: tiled-n plans (not tiled-n-shift's)
of at most 2 x 132 blocks, tagged by A's size: x from 64 MiB (the knob's
default bound), l 16-64 MiB (MV_LAB_DEEP_MIB=16). usage:
exp/deep-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes):
    p = pm.plan(dt, 'N', m, n, lda)
    if p['skinny'] or p['kernel'] not in ('tiled_n', 'tiled_n_pipe') or p['blocks'] > 2 * pm.SMS or nbytes < 16 << 20:
        return None
    return 'x' if nbytes >= 64 << 20 else 'l'


draw(int(sys.argv[1]), int(sys.argv[2]), ('x', 'l'), tag_of, max_bytes=512 << 20)
