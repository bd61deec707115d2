#!/usr/bin/env bash
# notes-gemv entry 79: the unsplit rule's bytes an SM in flight on this
# device (MV_LAB_FLIGHT=k KB; the library's 25 was fitted on an H100,
# ~3.1 TB/s x ~1 us over 132 SMs; an H200 reads ~4.3 TB/s) at 31 and 37
# KB against the library's, on exp/lists/flight-20261128.txt
# (exp/flight-list.py 202611281 7: a 256-305 tiles, b 206-255, p2 two of
# the sweep's 256-tile shapes). The lab exp/patches/lab-flight.patch
# (build-bench/ab/mvbench-flight.gz; carry build-bench). Every other
# shape checked under the knob first; both passes. About 250 s.
set -u
. exp/carried.sh
lab_pass flight flight MV_LAB_FLIGHT=37 exp/lists/flight-20261128.txt ${BUDGET:-200} \
  "base: f31:MV_LAB_FLIGHT=31 f37:MV_LAB_FLIGHT=37"
