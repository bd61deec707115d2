#!/usr/bin/env python3
"""Fresh op N shapes for entry 87 (MV_LAB_STREAM: tiled-n's plans run as
tiles of whole-block runs, 4 KB of each column a block) by
exp/plan-model.py: plans of tiled-n or tiled-n-shift (no skinny kernel),
m of 4 KB or more (a tile of the lab's), tagged v (lda a multiple of the 16-byte vector) or o (not), -m (16-64
MiB) or -x (64-512 MiB). usage: exp/stream-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes):
    if nbytes < 16 << 20 or m * dt < 4096:  # a whole tile of the lab's (256 vectors) or more
        return None
    p = pm.plan(dt, 'N', m, n, lda)
    if p['skinny'] or not p['kernel'].startswith('tiled_n'):
        return None
    return ('v' if lda % (16 // dt) == 0 else 'o') + ('-x' if nbytes >= 64 << 20 else '-m')


draw(int(sys.argv[1]), int(sys.argv[2]), ('v-m', 'v-x', 'o-m', 'o-x'), tag_of, max_bytes=512 << 20)
