#!/usr/bin/env python3
"""Fresh op N shapes where entry 69's rule (split tiled-n plans under
64 MiB take halved or quartered tiles that need no split and make one
wave) changes the plan, by exp/plan-model.py, tagged by what it takes:
h halved into a full plain wave, q quartered into the pipelined window,
qp quartered into a full plain wave, u the same on columns off 16 bytes
(lda odd); halved tiles into the window (entry 68) already land.
usage: exp/short-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import changed, draw, pm

# The plans as entry 69 found them: the later rules off.
pm.SCALAR_WIDE = pm.SAME_N = False


def tag_of(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'SHORT_N', False, True)
    if ab is None or not ab[1].get('short'):
        return None
    b = ab[1]
    if lda % (16 // dt):
        return 'u'
    return {(1, 'tiled_n'): 'h', (2, 'tiled_n_pipe'): 'q', (2, 'tiled_n'): 'qp'}.get((b['short'], b['kernel']))


draw(int(sys.argv[1]), int(sys.argv[2]), ('h', 'q', 'qp', 'u'), tag_of)
