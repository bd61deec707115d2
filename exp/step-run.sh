#!/usr/bin/env bash
# notes-gemv entry 85: flat-t's Step instance (entry 84) on columns of
# 33-64 vectors (s32: MV_LAB_STEP_MIN=32) and flat-t for columns of 65-128
# vectors from 2 waves of its blocks instead of 8 (w2:
# MV_LAB_LONG_WAVES=2), against the library's, on exp/lists/
# step-20261128.txt (exp/step-list.py 202611285 5). The lab build of
# exp/patches/lab-step.patch on 9afd5ee's sources (build-bench/ab/
# mvbench-step.gz; carry build-bench). Every other shape checked under
# both knobs first; both passes. About 200 s on an H200.
set -u
. exp/carried.sh
TAIL=30 lab_pass step step "MV_LAB_STEP_MIN=32 MV_LAB_LONG_WAVES=2" exp/lists/step-20261128.txt ${BUDGET:-190} \
  "base: s32:MV_LAB_STEP_MIN=32 w2:MV_LAB_LONG_WAVES=2"
rm -f $OUT/*/gpu.txt
