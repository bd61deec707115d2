#!/usr/bin/env bash
# notes-gemv entry 83 (the H200's large tiled-t calls are latency-bound:
# entry 80): tiled-t with a ring of four rounds of A in flight a thread
# (16 loads, two blocks an SM, 128 registers; MV_LAB_TDEEP=1), a looping
# grid of one wave of it or the plan's own grid where it fits one, from
# 64 MiB (t64) and from 16 MiB (t16), against the library's, on
# exp/lists/tdeep-20261128.txt (exp/tdeep-list.py 202611284 3: p float's
# predicated tail, f float's four an SM, d double, -x from 64 MiB, -l
# 16-64; six of the draws' losers; two of the sweep's). The lab build of
# exp/patches/lab-deep.patch, lab-flatt.patch and lab-tdeep.patch
# (build-bench/ab/mvbench-deep.gz; carry build-bench). Every other shape
# checked under the knob first; both passes. About 150 s on an H200.
set -u
. exp/carried.sh
lab_pass tdeep deep "MV_LAB_TDEEP=1 MV_LAB_TDEEP_MIB=16" exp/lists/tdeep-20261128.txt ${BUDGET:-140} \
  "base: t64:MV_LAB_TDEEP=1 t16:MV_LAB_TDEEP=1,MV_LAB_TDEEP_MIB=16"
