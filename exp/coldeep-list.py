#!/usr/bin/env python3
"""Fresh op T shapes for notes-gemv entry 99's lab (exp/patches/lab-coldeep.patch:
MV_LAB_COLDEEP=D runs gemv_t_coldeep, four whole columns a block of four warps,
D 16-byte loads in flight a lane, on columns of 16 KB or more), from 16
MiB, where exp/plan-model.py's plan is not a skinny kernel's; tags: c4
where the plan is cols4 already, o columns off 16 bytes (odd lda), mid
16-64 MiB, sp tiled-t split from 64 MiB, un tiled-t unsplit from 64 MiB.
usage: exp/coldeep-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, exp_module

c4 = exp_module('c4-list')
TAGS = ('c4', 'o', 'mid', 'sp', 'un')


def tag_of(dt, m, n, lda, nbytes, op):
    if nbytes < 16 << 20 or m * dt < 16 << 10:
        return None
    p = c4.plan(dt, m, n, lda)
    if p['skinny']:
        return None
    if p['kernel'].startswith('cols4'):
        return 'c4'
    if lda % (16 // dt):
        return 'o'
    if nbytes < 64 << 20:
        return 'mid'
    return 'sp' if p['splits'] > 1 else 'un'


draw(int(sys.argv[1]), int(sys.argv[2]), TAGS, tag_of, max_bytes=512 << 20, ops='T')
