#!/usr/bin/env bash
# notes-gemv entry 62: the four-per-SM plan's row parts counted in its own
# rounds (four vectors) instead of rounds of eight, so that one partial
# wave of long columns is cut into parts that fill their waves
# (exp/patches/lab-parts4.patch: MV_LAB_PARTS=1 double, 2 both types).
# First mvbench random's checks of the lab build under MV_LAB_PARTS=2,
# then knob-run on exp/lists/parts-20261127.txt (the op T points of the
# record build's two draws whose plan the knob changes, and controls).
# Build: git worktree add /tmp/w-parts HEAD && (cd /tmp/w-parts && git
# apply exp/patches/lab-parts4.patch) && exp/build-ab.sh parts4 /tmp/w-parts,
# gzip it into build-bench/ab. Carry build-bench.
. exp/carried.sh
lab_checks parts4 MV_LAB_PARTS=2 62
BUDGET=${BUDGET:-300} bash exp/knob-run.sh parts4 exp/lists/parts-20261127.txt "base: p1:MV_LAB_PARTS=1 p2:MV_LAB_PARTS=2"
