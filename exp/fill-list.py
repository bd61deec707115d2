#!/usr/bin/env python3
"""Fresh op N shapes of 64-512 MiB for entry 88 (does entry 87's stream
lab win where tiled-n's unsplit grid leaves SMs idle?) by
exp/plan-model.py: tiled-n or tiled-n-shift plans, m of 4 KB or more,
tagged lo (an unsplit plan whose blocks fill under 85% of whole rounds
of the SMs: sm_fill = blocks / (ceil(blocks / SMs) * SMs)) or hi (any
other plan). usage: exp/fill-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import draw, pm


def tag_of(dt, m, n, lda, nbytes):
    if nbytes < 64 << 20 or m * dt < 4096:
        return None
    p = pm.plan(dt, 'N', m, n, lda)
    if p['skinny'] or not p['kernel'].startswith('tiled_n'):
        return None
    return 'lo' if p['splits'] == 1 and p['sm_fill'] < 0.85 else 'hi'


draw(int(sys.argv[1]), int(sys.argv[2]), ('lo', 'hi'), tag_of, max_bytes=512 << 20)
