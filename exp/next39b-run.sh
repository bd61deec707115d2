#!/usr/bin/env bash
# notes-gemv entry 93's test: entry 90's rule (warp columns past four
# waves) on exp/lists/wholeround-20261129.txt (exp/wholeround-list.py
# 20261129 6: base plans tiled-t with P = 256, whole rounds or a fraction,
# under 40 or from 40 blocks a SM), the looping grid (base) against warp
# columns (w: MV_LAB_WARPMANY=1 of build-bench/ab/mvbench-warpmany.gz,
# exp/patches/lab-warpmany.patch on 4c6306a: on these shapes the same plan
# as main's rule). Every other shape checked under w first; both passes.
# About 240 s on an H200. Carry build-bench.
set -u
. exp/carried.sh
TAIL=40 lab_pass wholeround warpmany "MV_LAB_WARPMANY=1" exp/lists/wholeround-20261129.txt ${BUDGET:-200} \
  "base: w:MV_LAB_WARPMANY=1"
