#!/usr/bin/env bash
# notes-gemv entry 89, the next pass: warp columns on tiled-t's plans of
# more than four waves (w: MV_LAB_WARPMANY=1) and the same with their rows
# split to fill whole waves (ws2: + MV_LAB_WARPSPLIT=2, parts of two rounds of eight vectors a lane or more), on
# exp/lists/warpmany2-20261128.txt (exp/warpmany2-list.py 202611291 6:
# tags by the warp blocks' waves). exp/patches/lab-warpmany.patch on
# 4c6306a's sources, build-bench/ab/mvbench-warpmany.gz (carry
# build-bench). Every other shape checked under ws2 first; both passes.
# About 230 s on an H200.
set -u
. exp/carried.sh
TAIL=40 lab_pass warpmany2 warpmany "MV_LAB_WARPMANY=1 MV_LAB_WARPSPLIT=2" exp/lists/warpmany2-20261128.txt ${BUDGET:-200} \
  "base: w:MV_LAB_WARPMANY=1 ws2:MV_LAB_WARPMANY=1,MV_LAB_WARPSPLIT=2"
