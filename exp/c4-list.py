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
from list_draw import draw, plan_with, pm

TAGS = ('a', 'b', 'm', 'o', 'x')


def plan(dt, m, n, lda, **flags):
    """plan-model's op T plan with the lab's flags (C4_MIN, C4_XKB, C4_FILL)."""
    return plan_with(dt, 'T', m, n, lda, **flags)


def tiled_t(dt, m, n, lda, nbytes):
    """From 16 MiB, a plan of tiled-t's: not a skinny kernel's, not cols4's."""
    if nbytes < 16 << 20:
        return False
    base = plan(dt, m, n, lda)
    return not base['skinny'] and not base['kernel'].startswith('cols4')


def tag_of(dt, m, n, lda, nbytes, op):
    if not tiled_t(dt, m, n, lda, nbytes):
        return None
    c4 = plan(dt, m, n, lda, C4_MIN=15)
    if c4['kernel'].startswith('cols4'):
        if lda % (16 // dt):
            return 'o'
        per_sm = c4['blocks'] / pm.SMS
        if nbytes < 64 << 20:
            return 'm'
        return 'a' if per_sm < 2.5 else 'b'
    if plan(dt, m, n, lda, C4_MIN=15, C4_XKB=16)['kernel'].startswith('cols4'):
        return 'x'
    return None


if __name__ == '__main__':
    draw(int(sys.argv[1]), int(sys.argv[2]), TAGS, tag_of, max_bytes=512 << 20, ops='T')
