#!/usr/bin/env python3
"""Fresh op N shapes for the lab of notes-gemv entry 76 (MV_LAB_NHALF=2:
split tiled-n and tiled-n-shift plans that the library leaves split,
planned again on half their wave), by exp/plan-model.py (NHALF), tagged by
the kernel (v: tiled-n's 16-byte loads, o: its scalar loads for columns
off 16 bytes, sh: tiled-n-shift) and A's size (-a under 1 MiB, -s 1-16,
-l 16-64, -x 64-512). usage: exp/nhalf-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import changed, draw


def tag_of(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'NHALF', 0, 2)
    if ab is None:
        return None
    k = 'sh' if ab[0]['kernel'] == 'tiled_n_shift' else 'v' if lda % (16 // dt) == 0 else 'o'
    mib = nbytes / 2**20
    return k + ('-a' if mib < 1 else '-s' if mib < 16 else '-l' if mib < 64 else '-x')


tags = tuple(k + z for k in ('v', 'o', 'sh') for z in ('-a', '-s', '-l', '-x'))
draw(int(sys.argv[1]), int(sys.argv[2]), tags, tag_of, max_bytes=512 << 20)
