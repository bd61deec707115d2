#!/usr/bin/env bash
# notes-gemv entry 90's second pass: entry 89's rule (MV_LAB_WARPMANY=1 on
# every shape of the list: their fills are 0.63 or more) against the plans
# before it, on exp/lists/warpvpt-20261128.txt (exp/warpvpt-list.py
# 202611302 8: v0, the plan before reads under 13 vectors a thread a
# column; v1, 14 or more). build-bench/ab/mvbench-warpmany.gz (carry
# build-bench). About 150 s on an H200.
set -u
. exp/carried.sh
TAIL=30 lab_pass warpvpt warpmany "MV_LAB_WARPMANY=1" exp/lists/warpvpt-20261128.txt ${BUDGET:-110} \
  "base: w:MV_LAB_WARPMANY=1"
