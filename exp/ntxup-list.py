#!/usr/bin/env python3
"""Fresh op N shapes for the lab of notes-gemv entry 74, by
exp/plan-model.py: split tiled-n plans that the library leaves split and
whose tiles twice as tall (MV_LAB_NTXUP=1, NTX_UP) change the plan, tagged
v (16-byte loads) or o (columns off 16 bytes, scalar loads) and by A's size
(-s under 16 MiB, -l 16-64 MiB, -x 64-512 MiB); and f: 8-16 MiB shapes
where entry 73's third pass (FEWER_N) changes the plan, for MV_LAB_NOFEWER.
usage: exp/ntxup-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import changed, draw, pm


def tag_of(dt, m, n, lda, nbytes):
    if 8 << 20 <= nbytes < 16 << 20 and changed(dt, m, n, lda, 'FEWER_N', 0, 45):
        return 'f'
    if changed(dt, m, n, lda, 'NTX_UP', 0, 1) is None:
        return None
    return ('v' if lda % (16 // dt) == 0 else 'o') + ('-s' if nbytes < 16 << 20 else '-l' if nbytes < 64 << 20 else '-x')


tags = ('v-s', 'v-l', 'v-x', 'o-s', 'o-l', 'o-x', 'f')
draw(int(sys.argv[1]), int(sys.argv[2]), tags, tag_of, max_bytes=512 << 20)
