#!/usr/bin/env bash
# notes-gemv Next (twenty-sixth session): tiled-t with the next round's four
# loads of A out before this round's FMAs (eight in flight a thread), at
# three blocks an SM (80 registers, no spill; ptxas here), where the plan's
# blocks all fit one wave at three an SM, the plan unchanged
# (exp/patches/lab-tiled-t-pipe.patch: MV_LAB_TPIPE=1 double, 2 both
# types), as entry 63 did for tiled-n. First mvbench random's checks of
# the lab build under MV_LAB_TPIPE=2 (odd lda, strides), then knob-run on
# exp/lists/tpipe-20261127.txt (the op T tiled-t points from 8 MiB of the
# 449de3e record's two draws whose blocks fit one wave at three an SM: 36
# double, 4 float on four an SM, 35 float on the predicated tail).
# Build: git worktree add /tmp/w-tpipe HEAD && (cd /tmp/w-tpipe && git
# apply exp/patches/lab-tiled-t-pipe.patch) && exp/build-ab.sh tpipe
# /tmp/w-tpipe, gzip it into build-bench/ab (built 2026-11-27:
# build-bench/ab/mvbench-tpipe.gz). Carry build-bench.
. exp/carried.sh
[ -n "${NO_CHECKS:-}" ] || lab_checks tpipe MV_LAB_TPIPE=2 64
BUDGET=${BUDGET:-400} bash exp/knob-run.sh tpipe exp/lists/tpipe-20261127.txt "base: pipe:MV_LAB_TPIPE=2"
