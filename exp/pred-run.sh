#!/usr/bin/env bash
# notes-gemv entry 61 in the library: the plans of tiled-t's
# predicated-tail instance (three blocks an SM, rounds of eight) on the
# four-per-SM instance (rounds of four, planned at its own wave), by the
# lab knob MV_LAB_PRED (exp/patches/lab-pred.patch): 1 never the
# predicated-tail instance, 2 only where its grid is one block an SM or
# fewer. First mvbench random's checks of the lab build under
# MV_LAB_PRED=1 (odd lda, strides), then knob-run against the same build's
# default on exp/lists/pred-knob-LIST-20261127.txt (LIST: docs or fresh;
# the op T points of the record build's draws from 2 MiB that take that
# instance, lda = m). Build: git worktree add /tmp/w-pred HEAD && (cd
# /tmp/w-pred && git apply exp/patches/review-mends-12.patch
# exp/patches/lab-pred.patch) && exp/build-ab.sh pred /tmp/w-pred, gzip it
# into build-bench/ab. Carry build-bench.
. exp/carried.sh
[ -z "${CHECKS:-}" ] || lab_checks pred MV_LAB_PRED=1 61
BUDGET=${BUDGET:-500} bash exp/knob-run.sh pred exp/lists/pred-knob-${LIST:-docs}-20261127.txt "base: r1:MV_LAB_PRED=1"
