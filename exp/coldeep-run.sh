#!/usr/bin/env bash
# notes-gemv entry 99's lab, about 220 s on an H200; carry build-bench/ab,
# kind nvidia-h200, timeout 300. gemv_t_coldeep (four whole columns a block of
# four warps, a warp a column, D 16-byte loads of A in flight a lane, no
# split: cuBLAS's op T grid, entry 97) on exp/lists/coldeep-20261129.txt
# (exp/coldeep-list.py 202611299 5: tags c4, o, mid, sp, un; plus five of the
# draws' op T losers and four of the sweep's long-column shapes), base
# against MV_LAB_COLDEEP=8 (d8) and 16 (d16). build-bench/ab/mvbench-coldeep.gz:
# b7d7ee7 with exp/patches/lab-coldeep.patch (rebuild if missing: git
# worktree add /tmp/coldeep b7d7ee7 && git -C /tmp/coldeep apply
# $PWD/exp/patches/lab-coldeep.patch && exp/build-ab.sh coldeep /tmp/coldeep &&
# gzip build-bench/ab/mvbench-coldeep). Then ncu of d16 on two of the draws'
# (registers, occupancy, DRAM). Everything into $OUT/coldeep.tgz.
set -u
. exp/carried.sh
t0=$(date +%s)
lab_part coldeep "MV_LAB_COLDEEP=16" exp/lists/coldeep-20261129.txt ${BUDGET:-150} \
  "base: d8:MV_LAB_COLDEEP=8 d16:MV_LAB_COLDEEP=16"
ncu_run coldeep d16-d-T-20133x1082 "MV_LAB_COLDEEP=16" 20133 1082 d T
ncu_run coldeep d8-d-T-20133x1082 "MV_LAB_COLDEEP=8" 20133 1082 d T
ncu_run coldeep d16-s-T-11671x2790 "MV_LAB_COLDEEP=16" 11671 2790 s T
part_end coldeep
