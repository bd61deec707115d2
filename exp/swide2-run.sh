#!/usr/bin/env bash
# Second pass of the scalar-wide lab (exp/patches/lab-scalar-wide.patch,
# notes-gemv entry 71): columns off 16 bytes, tiles on 65% of the SMs to
# all (MV_LAB_SWIDE=65), fresh shapes (exp/wide-list.py 202611294 14
# odd2): e A of 8-48 MiB, where the first pass gained; f 48-128 MiB (every
# other), where long calls lost. Base against s65, both passes. Carry
# build-bench (ab/mvbench-swide.gz). About 170 s.
set -u
. exp/carried.sh
LAB_BUILD=swide TAIL=30 knob swide2 ${BUDGET:-150} exp/lists/swide2-20261127.txt "base: s65:MV_LAB_SWIDE=65"
