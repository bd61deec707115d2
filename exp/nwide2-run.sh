#!/usr/bin/env bash
# notes-gemv Next (twenty-seventh session): tiled-n plans of 793-1055
# tiles without a split (1.5-2 waves at four blocks an SM, the last one
# part-filled). Entry 65 doubles the tiles where that lands in the
# pipelined window (281-396 blocks); past it, doubled tiles would make one
# wave at four an SM (397-528 blocks) with the plain instance: the lab
# MV_LAB_NWIDE2=1 (in the build of exp/patches/lab-flat-t-wide.patch, on
# top of exp/patches/pipe-t-wide-n.patch) on exp/lists/nwide2-20261127.txt:
# 6 such points of the record 82340fc's draws, 10 fresh ones (16-512 MiB,
# drawn by exp/plan-model.py, seed 20261128) and 2 controls. Carry
# build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-120} bash exp/knob-run.sh flat exp/lists/nwide2-20261127.txt "base: wide2:MV_LAB_NWIDE2=1"
