#!/usr/bin/env python3
"""Fresh op N shapes for notes-gemv entry 96's lab (exp/patches/lab-wlow.patch):
unsplit tiled-n plans just past a wave at four an SM whose tiles of twice
the height make 2-2 1/8 blocks an SM (under the pipelined window, so entry
65's doubling leaves them), where plan-model's WIDE_N_LOW changes the plan;
tagged by A's size: a under 16 MiB, b 16-64 MiB, c 64-512 MiB, and o for
columns off 16 bytes (odd lda) at any size.
usage: exp/wlow-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, changed

TAGS = ('a', 'b', 'c', 'o')


def tag_of(dt, m, n, lda, nbytes):
    if changed(dt, m, n, lda, 'WIDE_N_LOW', False, True) is None:  # the lab's shapes (the rule since entry 96)
        return None
    if lda % (16 // dt):
        return 'o'
    return 'a' if nbytes < 16 << 20 else 'b' if nbytes < 64 << 20 else 'c'


draw(int(sys.argv[1]), int(sys.argv[2]), TAGS, tag_of, max_bytes=512 << 20)
