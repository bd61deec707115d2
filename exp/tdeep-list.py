#!/usr/bin/env python3
"""Fresh op T shapes for entry 83 (MV_LAB_TDEEP=1: tiled-t with four rounds
of A in flight a thread, two blocks an SM) by exp/plan-model.py: tiled-t
plans (any instance; not flat-t's or the skinny kernels') from 16 MiB,
tagged by instance (p: float's predicated tail, f: float's four an SM, d:
double) and A's size (-x from 64 MiB, -l 16-64). usage:
exp/tdeep-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes, op):
    if op != 'T' or nbytes < 16 << 20:
        return None
    p = pm.plan(dt, 'T', m, n, lda)
    if p['skinny'] or not p['kernel'].startswith('tiled_t'):
        return None
    k = 'd' if dt == 8 else 'p' if p['kernel'] == 'tiled_t_pred' else 'f'
    return k + ('-x' if nbytes >= 64 << 20 else '-l')


tags = tuple(k + z for k in ('p', 'f', 'd') for z in ('-x', '-l'))
draw(int(sys.argv[1]), int(sys.argv[2]), tags, tag_of, max_bytes=512 << 20, ops='T')
