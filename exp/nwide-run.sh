#!/usr/bin/env bash
# notes-gemv Next (twenty-sixth session): op N tiled-n tiles just past a
# wave (no split: 536-883 tiles on 528 places, 1.04-1.07x cuBLAS's time at
# 536-583) doubled in height where that makes them one partial wave at
# three blocks an SM, which then takes entry 63's pipelined instance
# (exp/patches/lab-tiled-n-wide.patch, on top of review-mends-13.patch and
# tiled-n-pipe.patch: MV_LAB_NWIDE=1). First mvbench random's checks of
# the lab build under the knob (odd lda, strides), then knob-run on
# exp/lists/nwide-20261127.txt (the 14 op N points of the 449de3e record's
# two draws whose plan it changes, 4 controls). Build: git worktree add
# /tmp/w-nwide HEAD && (cd /tmp/w-nwide && for p in review-mends-13
# tiled-n-pipe lab-tiled-n-wide; do git apply exp/patches/$p.patch ||
# break; done) && exp/build-ab.sh nwide /tmp/w-nwide, gzip it into
# build-bench/ab (built 2026-11-27: build-bench/ab/mvbench-nwide.gz).
# Carry build-bench.
. exp/carried.sh
[ -n "${NO_CHECKS:-}" ] || lab_checks nwide MV_LAB_NWIDE=1 65
BUDGET=${BUDGET:-200} bash exp/knob-run.sh nwide exp/lists/nwide-20261127.txt "base: wide:MV_LAB_NWIDE=1"
