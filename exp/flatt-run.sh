#!/usr/bin/env bash
# notes-gemv entry 82 (flat-t is issue-bound on the H200: entry 80):
# flat-t's vectors stepped and summed with no selects where they lie inside
# one column (MV_LAB_FLATT=1) against the library's, on
# exp/lists/flatt-20261128.txt (exp/flatt-list.py 202611283 4: s up to 64
# vectors a column, l 65-128, -m 16-64 MiB, -x from 64; four of the draws'
# points). The lab build of exp/patches/lab-deep.patch and lab-flatt.patch
# (build-bench/ab/mvbench-deep.gz; carry build-bench). Every other shape
# checked under the knob first; both passes. About 150 s on an H200.
set -u
. exp/carried.sh
TAIL=30 lab_pass flatt deep MV_LAB_FLATT=1 exp/lists/flatt-20261128.txt ${BUDGET:-130} "base: f:MV_LAB_FLATT=1"
