#!/usr/bin/env bash
# notes-gemv entry 68, fourth pass (Next 2): split tiled-n plans under 64
# MiB that the half-tiles rule leaves, where halved tiles make one plain
# wave of 3.8-4 blocks an SM unsplit (h) or quartered tiles land unsplit
# in the pipelined window (q); 20 fresh shapes (exp/lists/ntx4-20261128.txt,
# seed 202611284), the NTX lab's m1 and m2 against the default, both
# passes. Carry build-bench. About 150 s.
set -u
. exp/carried.sh
LAB_BUILD=ntx TAIL=30 knob ntx4 ${BUDGET:-150} exp/lists/ntx4-20261128.txt "base: m1:MV_LAB_NTX=-1 m2:MV_LAB_NTX=-2"
