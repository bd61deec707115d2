#!/usr/bin/env python3
"""Fresh shapes for the lab of notes-gemv entry 78 (MV_LAB_SPAN=2: tiled-n's
and tiled-t's split spans in whole rounds), both ops, where
exp/plan-model.py's plan changes (SPAN), tagged by kernel (n: tiled-n and
its pipelined instance, t: tiled-t's) and A's size (-a under 1 MiB, -s
1-16, -l 16-64, -x 64-512). usage: exp/span-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import changed, draw


def tag_of(dt, m, n, lda, nbytes, op):
    ab = changed(dt, m, n, lda, 'SPAN', 0, 2, op)
    if ab is None or ab[0]['splits'] == ab[1]['splits'] and ab[0]['blocks'] == ab[1]['blocks']:
        return None
    k = 'n' if op == 'N' else 't'
    mib = nbytes / 2**20
    return k + ('-a' if mib < 1 else '-s' if mib < 16 else '-l' if mib < 64 else '-x')


tags = tuple(k + z for k in ('n', 't') for z in ('-a', '-s', '-l', '-x'))
draw(int(sys.argv[1]), int(sys.argv[2]), tags, tag_of, max_bytes=512 << 20, ops='NT')
