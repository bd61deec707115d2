#!/usr/bin/env bash
# notes-gemv entry 98's lab, about 200 s on an H200; carry build-bench,
# kind nvidia-h200, timeout 240. Op T's four-column blocks (cols4) in one
# wave of 1.5 or more an SM, unsplit, where tiled-t splits (cuBLAS's grid
# on these shapes, entry 97), and for x of 16-64 KB:
# exp/lists/c4-20261129.txt (exp/c4-list.py 202611297 4: tags a, b, m, o,
# x; plus five of the draws' op T losers), base against MV_LAB_C4=15
# (c4) and MV_LAB_C4=15 with MV_LAB_C4X=16 (c4x). build-bench/ab/mvbench-c4.gz:
# 91bc3ed with exp/patches/lab-c4.patch (rebuild if missing: git worktree
# add /tmp/c4 91bc3ed && git -C /tmp/c4 apply $PWD/exp/patches/lab-c4.patch
# && exp/build-ab.sh c4 /tmp/c4 && gzip build-bench/ab/mvbench-c4).
# Everything into $OUT/c4.tgz.
set -u
. exp/carried.sh
t0=$(date +%s)
lab_part c4 "MV_LAB_C4=15 MV_LAB_C4X=16" exp/lists/c4-20261129.txt ${BUDGET:-120} \
  "base: c4:MV_LAB_C4=15 c4x:MV_LAB_C4=15,MV_LAB_C4X=16"
part_end c4
