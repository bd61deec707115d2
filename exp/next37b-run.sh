#!/usr/bin/env bash
# notes-gemv entry 90: entry 89's rule (warp columns past four waves where
# their blocks fill 0.63 of their last wave) on the paper's sweep shapes it
# changes (exp/lists/sweep-warpmany-20261128.txt: every op T shape of the
# grid whose plan exp/plan-model.py changes) and on fresh shapes either
# side of its threshold (exp/warpfill-list.py 202611301 6: f0 fill
# 0.55-0.63, f1 0.63-0.70). build-bench/ab/mvbench-warpmany.gz
# (exp/patches/lab-warpmany.patch on 4c6306a; carry build-bench):
# MV_LAB_WARPMANY=1 is the landed rule on every shape of both lists (their
# fills are 0.55 or more, and w has no fill test), 0 the rule before.
# About 250 s on an H200.
set -u
. exp/carried.sh
TAIL=30 lab_pass sweepwm warpmany "MV_LAB_WARPMANY=1" exp/lists/sweep-warpmany-20261128.txt ${BUDGET:-110} \
  "base: w:MV_LAB_WARPMANY=1"
TAIL=30 lab_pass warpfill warpmany "MV_LAB_WARPMANY=1" exp/lists/warpfill-20261128.txt ${BUDGET:-110} \
  "base: w:MV_LAB_WARPMANY=1"
