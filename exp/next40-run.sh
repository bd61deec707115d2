#!/usr/bin/env bash
# The fortieth session's first device call (notes-gemv's Next), about
# 540 s on an H200; carry build-bench, kind nvidia-h200, timeout 590.
# (0) Entry 95's lab, exp/ntxwave-run.sh (its header; ~200 s) into $OUT/ntxwave.
# (1) The paper's sweep at the record 4ec9f87 (build-bench/ab/mvbench-rec4ec.gz;
#     rebuild if missing: git worktree add /tmp/r 4ec9f87 && exp/build-ab.sh
#     rec4ec /tmp/r && gzip build-bench/ab/mvbench-rec4ec), cold twice and
#     hot once: issue 18's target 4 (entry 94's bound returns the eight op T
#     shapes of 64 KB columns to their looping grid).
# (2) What cuBLAS launches on the draws' worst large calls (ncu, not locked,
#     cold, its first three launches of the shape: kernel names, grids,
#     blocks, registers, waves, durations, DRAM): the op N ones that
#     tiled-n runs unsplit at 2.1-2.4 blocks an SM, the sweep's two op N
#     losers of 256 tiles, and op T's split plans; the default's own
#     kernel on four of them (ncu_run's sections).
# Raw: $OUT/ntxwave/, sweep-cold1.tgz, sweep-cold2.tgz, sweep-hot.tgz, ncu/.
set -u
. exp/carried.sh
t0=$(date +%s)
mkdir -p $OUT/ntxwave && OUT=$OUT/ntxwave bash exp/ntxwave-run.sh
echo "ntxwave lab done $(( $(date +%s) - t0 )) s"
TAG=-cold1 B=rec4ec BUDGET=90 bash exp/sweep-h200.sh
TAG=-cold2 B=rec4ec BUDGET=90 bash exp/sweep-h200.sh
TAG=-hot MODES=hot B=rec4ec BUDGET=90 bash exp/sweep-h200.sh
mkdir -p $OUT/ncu && rm -rf /tmp/ncu && ln -s $OUT/ncu /tmp/ncu  # raw ncu output straight into $OUT
cublas_ncu rec4ec d-N-18563x932 18563 932 d N
cublas_ncu rec4ec d-N-17701x617 17701 617 d N
cublas_ncu rec4ec d-N-18002x1342 18002 1342 d N
cublas_ncu rec4ec s-N-16384x16384 16384 16384 s N
cublas_ncu rec4ec d-N-8192x16384 8192 16384 d N
cublas_ncu rec4ec d-T-20133x1082 20133 1082 d T
cublas_ncu rec4ec d-T-267554x138 267554 138 d T
cublas_ncu rec4ec s-T-11671x2790 11671 2790 s T
# The default's first kernel on four of them, the same sections as ncu_run.
ncu_run rec4ec own-d-N-18563x932 "" 18563 932 d N
ncu_run rec4ec own-s-N-16384x16384 "" 16384 16384 s N
ncu_run rec4ec own-s-T-11671x2790 "" 11671 2790 s T
ncu_run rec4ec own-d-T-20133x1082 "" 20133 1082 d T
