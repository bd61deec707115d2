#!/usr/bin/env bash
# Entry 98's next lab (notes-gemv Next, item 0), about 200 s on an H200;
# carry build-bench/ab, kind nvidia-h200, timeout 260. Op T's four-column
# blocks (cols4) where they fill 70% or more of one wave, unsplit (entry
# 98: 0.916x the time on 4 of 4 from 0.8 full, 1.04-1.05x below), and x's
# 64 KB bound at 16 KB: exp/lists/c4fill-20261129.txt (exp/c4fill-list.py
# 202611298 5: tags v7, v8, v9 by the wave's fill with aligned columns, o8
# off 16 bytes, x), base against MV_LAB_C4F=70 (f70) and MV_LAB_C4X=16
# (x16). build-bench/ab/mvbench-c4fill.gz: b1c1701 with
# exp/patches/lab-c4fill.patch (rebuild if missing: git worktree add
# /tmp/c4f b1c1701 && git -C /tmp/c4f apply $PWD/exp/patches/lab-c4fill.patch
# && exp/build-ab.sh c4fill /tmp/c4f && gzip build-bench/ab/mvbench-c4fill).
# Adopt by tag: a fill bound where f70 wins on every tag above it; x16 if
# it wins on x. Everything into $OUT/c4fill.tgz.
set -u
. exp/carried.sh
t0=$(date +%s)
lab_part c4fill "MV_LAB_C4F=70 MV_LAB_C4X=16" exp/lists/c4fill-20261129.txt ${BUDGET:-130} \
  "base: f70:MV_LAB_C4F=70 x16:MV_LAB_C4X=16"
part_end c4fill
