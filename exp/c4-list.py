#!/usr/bin/env python3
"""Fresh op T shapes for notes-gemv entry 98's lab (exp/patches/lab-c4.patch):
where cuBLAS runs four whole columns a block in one wave of about two an
SM (entry 97), tiled-t splits; the lab takes cols4's four-column blocks
from 1.5 blocks an SM (MV_LAB_C4=15) and, with MV_LAB_C4X=16, for x of
16-64 KB too. Kept where exp/plan-model.py's C4_MIN / C4_XKB change the
plan; tags: a 1.5-2.5 blocks an SM from 64 MiB, b 2.5 up to a wave from
64 MiB, m 1.5 up to a wave at 16-64 MiB, o columns off 16 bytes (odd
lda, the shifted cols4) from 16 MiB, x only with the x bound moved.
usage: exp/c4-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm

TAGS = ('a', 'b', 'm', 'o', 'x')


def plan(dt, m, n, lda, c4, xkb):
    pm.C4_MIN, pm.C4_XKB = c4, xkb
    try:
        return pm.plan(dt, 'T', m, n, lda)
    finally:
        pm.C4_MIN, pm.C4_XKB = 0, 64


def tag_of(dt, m, n, lda, nbytes, op):
    if nbytes < 16 << 20:
        return None
    base = plan(dt, m, n, lda, 0, 64)
    if base['skinny'] or base['kernel'].startswith('cols4'):
        return None
    c4 = plan(dt, m, n, lda, 15, 64)
    if c4['kernel'].startswith('cols4'):
        if lda % (16 // dt):
            return 'o'
        per_sm = c4['blocks'] / pm.SMS
        if nbytes < 64 << 20:
            return 'm'
        return 'a' if per_sm < 2.5 else 'b'
    if plan(dt, m, n, lda, 15, 16)['kernel'].startswith('cols4'):
        return 'x'
    return None


draw(int(sys.argv[1]), int(sys.argv[2]), TAGS, tag_of, max_bytes=512 << 20, ops='T')
