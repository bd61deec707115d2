#!/usr/bin/env python3
"""Fresh op T shapes for entry 85 (lab exp/patches/lab-step.patch) by
exp/plan-model.py: mid-m / mid-x, plans flat-t takes over columns of 33-64
vectors (MV_LAB_STEP_MIN=32 runs them stepped), 16-64 MiB / from 64 MiB;
lw-2 / lw-4, columns of 65-128 vectors that flat-t could take but leaves
to tiled-t (its blocks make 2-4 / 4-8 waves at four an SM on 132 SMs;
MV_LAB_LONG_WAVES=2 or 4 gives them to flat-t, stepped).
usage: exp/step-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes, op):
    W = 16 // dt
    vecs = (m + W - 1) // W
    if op != 'T' or nbytes < 16 << 20 or lda % W == 0:
        return None
    sk = pm.plan(dt, 'T', m, n, lda)['skinny']
    if sk == 'flat_t' and 33 <= vecs <= 64:
        return 'mid-x' if nbytes >= 64 << 20 else 'mid-m'
    flat = lda >= W and lda <= 128 * W and not (lda - m >= W and 8 * lda > 9 * m)
    if sk is None and flat and 65 <= vecs <= 128:
        fb = -(-n // ((256 * 8 * W - (W - 1)) // lda))
        waves = fb / (pm.SMS * 4)
        if 2 <= waves < 4:
            return 'lw-2'
        if 4 <= waves < 8:
            return 'lw-4'
    return None


draw(int(sys.argv[1]), int(sys.argv[2]), ('mid-m', 'mid-x', 'lw-2', 'lw-4'), tag_of, max_bytes=512 << 20, ops='T')
