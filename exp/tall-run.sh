#!/usr/bin/env bash
# One device call for exp/patches/tall-k.txt: tall-t's K on ragged n, then
# tiled-n-shift forced on unaligned tall op N, from the lab build
# (carry build-bench with ab/mvbench-tallk.gz); results in $OUT/k, $OUT/shift.
set -u
top=$OUT
mkdir -p $top/k $top/shift
OUT=$top/k BUDGET=${BUDGET_K:-300} bash exp/knob-run.sh tallk exp/lists/tall-k-20261126.txt \
  "base: k4:MV_LAB_TALL_K=4 k8:MV_LAB_TALL_K=8 k16:MV_LAB_TALL_K=16 rule:MV_LAB_TALL_K=-1" | tail -8
OUT=$top/shift BUDGET=${BUDGET_SHIFT:-180} bash exp/knob-run.sh tallk exp/lists/n-shift-20261126.txt \
  "base: shift:MV_LAB_N_SHIFT=1" | tail -20
