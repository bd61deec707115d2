#!/usr/bin/env python3
"""Fresh op T shapes of 16-512 MiB for entry 89 (MV_LAB_WARPMANY=R: warp
columns where tiled-t's column blocks make more than four waves) by
exp/plan-model.py: tiled-t plans (not cols4, flat-t or a skinny kernel),
unsplit, whose column blocks at launch_t's first P make more than four
waves of four an SM; tagged by a lane's rounds of four vectors under
warp columns (nvec / 128): r1 (1-2), r2 (2-4), r4 (4 or more).
usage: exp/warpmany-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm

pm.WARPMANY = 0  # the plans before entry 89's rule (its lab's base)


def tag_of(dt, m, n, lda, nbytes, op):
    if nbytes < 16 << 20:
        return None
    V = 16 // dt
    nvec = pm.cdiv(m, V)
    log_p = min(pm.log2_ceil(pm.cdiv(nvec, pm.K_UNROLL)), 8)
    if pm.cdiv(n, pm.K_THREADS >> log_p) <= 4 * pm.SMS * 4:
        return None
    p = pm.plan(dt, 'T', m, n, lda)
    if p['skinny'] or not p['kernel'].startswith('tiled_t') or p['splits'] != 1 or p['P'] == 32:
        return None
    r = nvec / 128
    return None if r < 1 else 'r1' if r < 2 else 'r2' if r < 4 else 'r4'



def warp_fill(n):
    """The part of their last wave of four an SM that warp columns' blocks
    (n / 8) fill, as launch_t's kWarpManyFill test reads it."""
    b, w = pm.cdiv(n, 8), pm.SMS * 4
    return b / (pm.cdiv(b, w) * w)


if __name__ == '__main__':
    draw(int(sys.argv[1]), int(sys.argv[2]), ('r1', 'r2', 'r4'), tag_of, max_bytes=512 << 20, ops='T')
