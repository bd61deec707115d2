#!/usr/bin/env bash
# The fortieth session's second device call (notes-gemv entry 96), about
# 200 s on an H200; carry build-bench, kind nvidia-h200, timeout 400.
# (0) The lab: unsplit tiled-n plans just past a wave at four an SM whose
#     doubled tiles make 2-2 1/8 blocks an SM, under the pipelined window
#     (exp/lists/wlow-20261129.txt, exp/wlow-list.py 202611296 6 plus two
#     of the draws'), base against MV_LAB_WLOW=1 (the doubled tiles,
#     plain instance). build-bench/ab/mvbench-wlow.gz: f2ff0ba with
#     exp/patches/lab-wlow.patch (rebuild if missing: git worktree add
#     /tmp/wl f2ff0ba && git -C /tmp/wl apply $PWD/exp/patches/lab-wlow.patch
#     && exp/build-ab.sh wlow /tmp/wl && gzip build-bench/ab/mvbench-wlow).
# (1) What cuBLAS launches (its kernel is named "kernel" in CUDA 13's
#     cuBLAS: the fortieth session's first call matched none) on eight of
#     the worst large calls and the sweep's two op N losers.
# Everything into $OUT/wlow.tgz (at most eight files come back).
set -u
. exp/carried.sh
t0=$(date +%s)
lab_part wlow "MV_LAB_WLOW=1" exp/lists/wlow-20261129.txt ${BUDGET:-110} "base: on:MV_LAB_WLOW=1"
cublas_ncu wlow d-N-18563x932 18563 932 d N
cublas_ncu wlow d-N-17701x617 17701 617 d N
cublas_ncu wlow s-N-16384x16384 16384 16384 s N
cublas_ncu wlow d-N-8192x16384 8192 16384 d N
cublas_ncu wlow d-N-34257x461 34257 461 d N
cublas_ncu wlow d-T-20133x1082 20133 1082 d T
cublas_ncu wlow s-T-11671x2790 11671 2790 s T
cublas_ncu wlow s-T-890x4295 890 4295 s T
part_end wlow
