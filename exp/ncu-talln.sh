#!/usr/bin/env bash
# ncu on tall op N: float 462250 x 44 and 442451 x 61 with lda = m (columns
# off 16 bytes: tall-n-shift, 1.28x the read kernel in the docs' draw at
# 36fc1b5) beside the same shapes with an aligned lda (tall-n). Uses the
# lab build build-bench/ab/mvbench-waves.gz (tall-n as on main without its
# knobs: carry build-bench). Output: $OUT/ncu-talln.txt.
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
b=build-bench/ab/mvbench-waves
for s in "462250 44 462250" "462250 44 462252" "442451 61 442451" "442451 61 442452"; do
  set -- $s
  echo "=== float N $1 x $2 lda $3"
  timeout 100 ncu -k regex:tall --launch-skip 3 --launch-count 1 --section SpeedOfLight --section LaunchStats \
    --section Occupancy --section WarpStateStats --section SchedulerStats \
    $b shape $1 $2 --lda $3 --dtype s --op N --variants default --rounds 1 --modes hot --out /tmp/nc 2>&1 |
    grep -E "gemv_|Duration|DRAM Throughput|Grid Size|Registers Per|Achieved Occupancy|Theoretical Occ|Warp Cycles Per Issued|Eligible Warps|Issued Warp|No Eligible|Shared Memory Config|Dynamic Shared|Static Shared|Waves Per SM"
done > $OUT/ncu-talln.txt 2>&1
cat $OUT/ncu-talln.txt
