#!/usr/bin/env python3
"""notes-gemv entry 90's Next item 3: fresh op T shapes of 64-512 MiB that
the default gives flat-t (exp/plan-model.py), tagged by type and instance:
fs / ds (float / double, columns of more than 48 vectors: the Step
instance), fp / dp (48 or fewer: the plain one).
usage: exp/flatt-big-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes, op):
    if nbytes < 64 << 20 or pm.plan(dt, 'T', m, n, lda)['skinny'] != 'flat_t':
        return None
    return ('f' if dt == 4 else 'd') + ('s' if pm.cdiv(m, 16 // dt) > 48 else 'p')


draw(int(sys.argv[1]), int(sys.argv[2]), ('fs', 'fp', 'ds', 'dp'), tag_of, max_bytes=512 << 20, ops='T')
