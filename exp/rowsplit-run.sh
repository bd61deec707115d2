#!/usr/bin/env bash
# Lab: tiled-t's looping grids of long columns (P = 256) read as S row
# splits of each column in consecutive blocks (MV_LAB_T_RS; entry 49 of
# docs/notes-gemv.md) against the plan, on LIST. Carry build-bench
# (ab/mvbench-rs.gz). usage: exp/rowsplit-run.sh LIST BUDGET
set -u
list=$1 budget=$2
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
for s in "s 51103 1828 51106" "d 6527 3410 6530"; do
  read dt m n lda <<< "$s"
  MV_LAB_T_RS=4 build-bench/ab/mvbench-rs shape $m $n --lda $lda --dtype $dt --op T --variants default \
    --rounds 2 --modes cold --out /tmp/chk 2>&1 | grep -E -i "default|fail|error" | head -3
done
mkdir -p $OUT/k
OUT=$OUT/k BUDGET=$budget bash exp/knob-run.sh rs $list "base: rs2:MV_LAB_T_RS=2 rs4:MV_LAB_T_RS=4" | tail -45
tar czf $OUT/k.tgz -C $OUT k && rm -rf $OUT/k
