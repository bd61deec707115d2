#!/usr/bin/env python3
"""Fresh op N shapes for entry 76's second pass (MV_LAB_NHALF=1: split
tiled-n plans, not tiled-n-shift's, planned again on half their wave), by
exp/plan-model.py (NHALF), tagged by the whole wave's splits a tile (u:
the half wave needs no split; p128: 128 splits or more; p64: 64-127; p16:
16-63) and A's size (-s under 16 MiB, -l from 16). usage:
exp/nhalf2-list.py SEED PER_TAG > LIST; with a third argument "small",
the third pass's tags: A of 2-5 MiB (a) and 5-16 MiB (b), any splits;
"two": the fourth's, A from 64 MiB, two splits that half the wave
unsplits, by loads (v: 16-byte, o: scalar)"""
import sys
from list_draw import changed, draw


def tag_of(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'NHALF', 0, 1)
    if ab is None or ab[0]['kernel'] == 'tiled_n_shift':
        return None
    s0, s1 = ab[0]['splits'], ab[1]['splits']
    k = 'u' if s1 == 1 else 'p128' if s0 >= 128 else 'p64' if s0 >= 64 else 'p16' if s0 >= 16 else None
    if k is None:
        return None
    return k + ('-s' if nbytes < 16 << 20 else '-l')


def small_tag(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'NHALF', 0, 1)
    if ab is None or ab[0]['kernel'] == 'tiled_n_shift' or nbytes < 2 << 20:
        return None
    return 'a' if nbytes < 5 << 20 else 'b'


def two_tag(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'NHALF', 0, 1)
    if ab is None or ab[0]['kernel'] == 'tiled_n_shift' or nbytes < 64 << 20:
        return None
    if ab[0]['splits'] != 2 or ab[1]['splits'] != 1:
        return None
    return 'v' if lda % (16 // dt) == 0 else 'o'


if sys.argv[3:] == ['two']:
    draw(int(sys.argv[1]), int(sys.argv[2]), ('v', 'o'), two_tag, max_bytes=512 << 20)
elif sys.argv[3:] == ['small']:
    draw(int(sys.argv[1]), int(sys.argv[2]), ('a', 'b'), small_tag, max_bytes=16 << 20)
else:
    tags = tuple(k + z for k in ('u', 'p128', 'p64', 'p16') for z in ('-s', '-l'))
    draw(int(sys.argv[1]), int(sys.argv[2]), tags, tag_of, max_bytes=512 << 20)
