#!/usr/bin/env bash
# notes-gemv entry 89, cols4's plans: tiled-t's plan instead (nc:
# MV_LAB_NOCOLS4=1), that with warp columns (ncw: + MV_LAB_WARPMANY=1)
# and their rows split to whole waves (ncws2: + MV_LAB_WARPSPLIT=2), on
# exp/lists/cols4-lab-20261128.txt (exp/cols4-lab-list.py 202611292 6
# and the draws' float T 23058 x 2875). The lab build of
# exp/patches/lab-warpmany.patch (build-bench/ab/mvbench-warpmany.gz;
# carry build-bench). Every other shape checked under ncws2 first; both
# passes. About 170 s on an H200.
set -u
. exp/carried.sh
TAIL=20 lab_pass cols4lab warpmany "MV_LAB_NOCOLS4=1 MV_LAB_WARPMANY=1 MV_LAB_WARPSPLIT=2" exp/lists/cols4-lab-20261128.txt ${BUDGET:-160} \
  "base: nc:MV_LAB_NOCOLS4=1 ncw:MV_LAB_NOCOLS4=1,MV_LAB_WARPMANY=1 ncws2:MV_LAB_NOCOLS4=1,MV_LAB_WARPMANY=1,MV_LAB_WARPSPLIT=2"
