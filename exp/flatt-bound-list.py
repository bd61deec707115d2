#!/usr/bin/env python3
"""notes-gemv entry 92: op T shapes whose columns flat-t could take (off a
16-byte boundary, packed, at most 128 vectors) but whose blocks fall short
of launch_flat_t's wave bounds, so the default gives them another kernel:
tags f1 / d1 (float / double, columns of at most 64 vectors, 0.5-1.25 waves
of flat-t blocks), f2 / d2 (65-128 vectors, 1.25-8 waves). For a lab that
forces flat-t there (exp/patches/lab-flatforce.patch).
usage: exp/flatt-bound-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes, op):
    W = 16 // dt
    vecs = pm.cdiv(m, W)
    if lda % W == 0 or lda < W or lda > 128 * W or vecs > 128 or (lda - m >= W and 8 * lda > 9 * m):
        return None
    waves = pm.cdiv(n, (256 * 8 * W - (W - 1)) // lda) / (pm.SMS * 4)
    t = 'f' if dt == 4 else 'd'
    if vecs <= 64 and 0.5 <= waves < 1.25:
        return t + '1'
    if vecs > 64 and 1.25 <= waves < 8:
        return t + '2'
    return None


draw(int(sys.argv[1]), int(sys.argv[2]), ('f1', 'd1', 'f2', 'd2'), tag_of, odd_lda=lambda m: m + 1 + (m % 2),
     max_bytes=512 << 20, ops='T')
