#!/usr/bin/env python3
"""Fresh op N shapes for entry 79 (MV_LAB_FLIGHT: the unsplit rule's KB an
SM in flight, 25 in the library, fitted on an H100) by exp/plan-model.py
(FLIGHT_KB): from 64 MiB, plans that the rule unsplits at 25 KB and that
stay split at 37 (the H200's ~4.8 TB/s x ~1 us over 132 SMs), tagged by
where they fall: a (unsplit at 31 too: 256-305 tiles), b (split at 31:
206-255 tiles). usage: exp/flight-list.py SEED PER_TAG > LIST"""
import sys
from list_draw import changed, draw


def tag_of(dt, m, n, lda, nbytes):
    ab = changed(dt, m, n, lda, 'FLIGHT_KB', 25, 37)
    if ab is None or nbytes < 64 << 20:
        return None
    lo = changed(dt, m, n, lda, 'FLIGHT_KB', 25, 31)
    return 'b' if lo else 'a'


draw(int(sys.argv[1]), int(sys.argv[2]), ('a', 'b'), tag_of, max_bytes=512 << 20)
