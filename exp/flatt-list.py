#!/usr/bin/env python3
"""Fresh op T shapes for entry 82 (MV_LAB_FLATT=1: flat-t's vectors
stepped, and summed with no selects where they lie inside one column) by
exp/plan-model.py: plans flat-t takes, tagged by columns' vectors and A's
size: s (up to 64 vectors) and l (65-128), each -m (16-64 MiB) or -x
(from 64 MiB). usage: exp/flatt-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes, op):
    if op != 'T' or nbytes < 16 << 20 or pm.plan(dt, 'T', m, n, lda)['skinny'] != 'flat_t':
        return None
    return ('s' if (m * dt + 15) // 16 <= 64 else 'l') + ('-x' if nbytes >= 64 << 20 else '-m')


draw(int(sys.argv[1]), int(sys.argv[2]), ('s-m', 's-x', 'l-m', 'l-x'), tag_of, max_bytes=512 << 20, ops='T')
