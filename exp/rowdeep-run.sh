#!/usr/bin/env bash
# notes-gemv entry 100's lab, about 220 s on an H200; carry build-bench/ab,
# kind nvidia-h200, timeout 300. gemv_n_rowdeep (op N tiles of 32 x V rows
# over all columns, a block of four warps taking groups of D columns in
# turn, D loads in flight a lane: cuBLAS's op N grid, entry 97) on
# exp/lists/rowdeep-20261129.txt (exp/rowdeep-list.py 202611300 5: tags o,
# mid, p2, un; plus five of the draws' op N losers and three of the
# sweep's 256-tile shapes), base against MV_LAB_ROWDEEP=8 (d8) and 16
# (d16). build-bench/ab/mvbench-rowdeep.gz: b7d7ee7's sources with
# exp/patches/lab-rowdeep.patch (rebuild if missing: git worktree add
# /tmp/rowdeep b7d7ee7 && git -C /tmp/rowdeep apply
# $PWD/exp/patches/lab-rowdeep.patch && exp/build-ab.sh rowdeep /tmp/rowdeep
# && gzip build-bench/ab/mvbench-rowdeep). Then ncu of d16 on two.
# Everything into $OUT/rowdeep.tgz.
set -u
. exp/carried.sh
t0=$(date +%s)
lab_part rowdeep "MV_LAB_ROWDEEP=16" exp/lists/rowdeep-20261129.txt ${BUDGET:-150} \
  "base: d8:MV_LAB_ROWDEEP=8 d16:MV_LAB_ROWDEEP=16"
ncu_run rowdeep d16-d-N-18563x932 "MV_LAB_ROWDEEP=16" 18563 932 d N
ncu_run rowdeep d16-s-N-16384x16384 "MV_LAB_ROWDEEP=16" 16384 16384 s N
part_end rowdeep
