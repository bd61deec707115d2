#!/usr/bin/env python3
"""Fresh op N shapes for notes-gemv entry 100's lab (exp/patches/lab-rowdeep.patch:
MV_LAB_ROWDEEP=D runs gemv_n_rowdeep, tiles of 32 x V rows over all
columns, four warps taking groups of D columns in turn, D loads in flight
a lane), from 16 MiB, where exp/plan-model.py's plan is tiled-n's (not a
skinny kernel's nor a thin one's); tags: o columns off 16 bytes (odd lda),
mid 16-64 MiB, p2 unsplit at 2-2.5 blocks an SM from 64 MiB (the draws'
op N losers' class), un other unsplit plans from 64 MiB, sp split from 64
MiB.
usage: exp/rowdeep-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm

TAGS = ('o', 'mid', 'p2', 'un', 'sp')


def tag_of(dt, m, n, lda, nbytes):
    if nbytes < 16 << 20 or m < 32 * (16 // dt) * pm.SMS:  # a row tile an SM at least
        return None
    p = pm.plan(dt, 'N', m, n, lda)
    if p['skinny'] or not p['kernel'].startswith('tiled_n'):
        return None
    if lda % (16 // dt):
        return 'o'
    if nbytes < 64 << 20:
        return 'mid'
    if p['splits'] > 1:
        return 'sp'
    return 'p2' if 2 <= p['blocks'] / pm.SMS < 2.5 else 'un'


draw(int(sys.argv[1]), int(sys.argv[2]), TAGS, tag_of, max_bytes=512 << 20)
