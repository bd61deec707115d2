#!/usr/bin/env bash
# notes-gemv entry 67, Next (2): flat-t over unaligned op T columns of
# 65-128 vectors gained from 8 waves of its blocks (0.960, 18 points of two
# draws) and lost under (1.038, 30). Third pass on fresh shapes of 90-512
# MiB (exp/lists/flat3-20261127.txt, seed 202611273, tagged by flat-t's
# waves in fours: w04 = 4-7 waves, ...) with MV_LAB_FLAT=128, both passes,
# then ncu (exp/ncu-large.sh's metrics: DRAM bytes and busy, duration) of
# the default with and without the knob on two shapes past 8 waves, to see
# whether flat-t's gain is DRAM-side (the predicated tail's scattered
# column heads) as entry 46 saw for cuBLAS. The lab build: a worktree of
# the library with exp/patches/lab-flat-t-wide.patch applied, built by
# exp/build-ab.sh flat and gzipped into build-bench/ab. Carry build-bench.
# About 260 s.
. exp/carried.sh
top=$OUT
mkdir -p $top/knob $top/ncu-base $top/ncu-flat
OUT=$top/knob BUDGET=${BUDGET:-200} bash exp/knob-run.sh flat exp/lists/flat3-20261127.txt "base: f128:MV_LAB_FLAT=128" | tail -40
shapes="s:T:339x354911 d:T:253x155743"
OUT=$top/ncu-base bash exp/ncu-large.sh flat "$shapes"
MV_LAB_FLAT=128 OUT=$top/ncu-flat bash exp/ncu-large.sh flat "$shapes"
