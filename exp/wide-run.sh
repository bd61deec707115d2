#!/usr/bin/env bash
# thin-n-wide (one 512-thread block an SM) on a partial wave: the lab
# exp/patches/lab-wide-fill.patch (at fe27f5a; MV_LAB_WIDE=pct takes wide
# tiles from pct% of the SMs instead of 7/8) over 24 fresh shapes of
# 8-128 MiB (exp/wide-list.py 202611292 8), both passes. Carry
# build-bench (ab/mvbench-wide.gz). About 120 s.
set -u
. exp/carried.sh
LAB_BUILD=wide TAIL=32 knob wide ${BUDGET:-130} exp/lists/wide-20261127.txt "base: w50:MV_LAB_WIDE=50"
