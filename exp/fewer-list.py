#!/usr/bin/env python3
"""Fresh op N shapes where the lab rule of notes-gemv entry 73
(MV_LAB_FEWER=60: a split tiled-n plan under 64 MiB that no other rule
changes takes tiles of half, else a quarter, the height where those need no
split, make at most a wave at four an SM and at least 60% of the split
plan's blocks) changes the plan, by exp/plan-model.py (FEWER_N), tagged by
the unsplit blocks over the split plan's (r60: 0.60-0.75, r75: 0.75-0.95)
and A's size (-s under 16 MiB, -l 16-64 MiB); u columns off 16 bytes.
With LOW (percent, under 60), the rule from LOW% of the blocks and the tag
r45 (LOW% to 60%) too.
usage: exp/fewer-list.py SEED PER_TAG [LOW] > LIST"""
import sys
from list_draw import changed, draw


def tag_of(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'FEWER_N', 0, low)
    if ab is None or ab[1].get('short', 0) < 5:
        return None
    if lda % (16 // dt):
        return 'u'
    r = ab[1]['blocks'] / ab[0]['blocks']
    return ('r45' if r < 0.6 else 'r60' if r < 0.75 else 'r75') + ('-s' if nbytes < 16 << 20 else '-l')


low = int(sys.argv[3]) if len(sys.argv) > 3 else 60
tags = ('r60-s', 'r60-l', 'r75-s', 'r75-l', 'u')
draw(int(sys.argv[1]), int(sys.argv[2]), (('r45-s', 'r45-l') if low < 60 else ()) + tags, tag_of)
