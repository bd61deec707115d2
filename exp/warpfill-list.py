#!/usr/bin/env python3
"""Entry 90's list: fresh op T shapes of 16-512 MiB in exp/warpmany-list.py's
r4 class (tiled-t plans of more than four waves before entry 89's rule)
tagged by the warp blocks' fill of their last wave of four an SM (launch_t's
kWarpManyFill = 0.63): f0 (0.55-0.63, the rule keeps the looping grid) and
f1 (0.63-0.70, the rule takes warp columns), the border the rule's
threshold sits on.
usage: exp/warpfill-list.py SEED PER_TAG > LIST"""
import importlib.util, os, sys
from list_draw import draw, pm

_spec = importlib.util.spec_from_file_location('wl', os.path.join(os.path.dirname(__file__), 'warpmany-list.py'))
WL = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(WL)


def tag_of(dt, m, n, lda, nbytes, op):
    if WL.tag_of(dt, m, n, lda, nbytes, op) != 'r4':
        return None
    b, w = pm.cdiv(n, 8), pm.SMS * 4
    f = b / (pm.cdiv(b, w) * w)
    return 'f0' if 0.55 <= f < 0.63 else 'f1' if 0.63 <= f < 0.70 else None


draw(int(sys.argv[1]), int(sys.argv[2]), ('f0', 'f1'), tag_of, max_bytes=512 << 20, ops='T')
