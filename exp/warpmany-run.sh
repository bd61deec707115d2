#!/usr/bin/env bash
# notes-gemv entry 89: warp columns where tiled-t's column blocks make
# more than four waves (MV_LAB_WARPMANY=1; exp/patches/lab-warpmany.patch,
# build-bench/ab/mvbench-warpmany.gz, carry build-bench) on
# exp/lists/warpmany-20261128.txt (exp/warpmany-list.py 202611289: r4
# columns of 4+ rounds a lane, r1 of 1-2, three of the draws' losers).
# Every other shape checked under the knob first; both passes. ~170 s.
set -u
. exp/carried.sh
TAIL=25 lab_pass warpmany warpmany "MV_LAB_WARPMANY=1" exp/lists/warpmany-20261128.txt ${BUDGET:-170} \
  "base: w:MV_LAB_WARPMANY=1"
