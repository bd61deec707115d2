#!/usr/bin/env python3
"""Fresh op N shapes where the lab rule of notes-gemv entry 72 (MV_LAB_SAME:
a split tiled-n plan under 64 MiB takes tiles of half, else a quarter, the
height where those need no split and make 19/20 to all of the blocks the
split plan had) changes the plan, by exp/plan-model.py (SAME_N), tagged by
the blocks an SM and A's size: lo (under 2 1/8 an SM, below the pipelined
window), mid (3-3.8 an SM, between the window and a full plain wave),
each -s (under 16 MiB) or -l (16-64 MiB); u columns off 16 bytes (lda odd).
usage: exp/same-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import changed, draw, pm


def tag_of(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'SAME_N', False, True)
    if ab is None or ab[1].get('short', 0) < 3:
        return None
    if lda % (16 // dt):
        return 'u'
    b = ab[1]['blocks']
    band = 'lo' if b <= pm.SMS * 17 // 8 else 'mid' if b > pm.SMS * 3 else None
    return band and band + ('-s' if nbytes < 16 << 20 else '-l')


draw(int(sys.argv[1]), int(sys.argv[2]), ('lo-s', 'lo-l', 'mid-s', 'mid-l', 'u'), tag_of)
