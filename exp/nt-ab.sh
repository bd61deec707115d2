#!/usr/bin/env bash
# mv_?gemv_nt, two builds side by side (A B A B, one process each):
# `mvbench nt` on SHAPES, both types, 3 rounds; then ncu's details of the
# pass and its finish at 4096 x 4096 float (each build) and of the read
# kernel over the same 64 MiB (`mvbench shape --variants read-ceiling`).
# usage: A=main B=nt1 exp/nt-ab.sh (carry build-bench; ~200-300 s)
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
A=${A:-main} B=${B:-nt1}
SH=${SHAPES:-4096x4096,2048x8192,1024x16384,8192x8192,4096x16384,16384x4096,3001x5003,5003x3001,1000x100000,100000x1000,50000x300,300x50000}
mkdir -p $OUT/ntab
for pass in 1 2; do
  for b in $A $B; do
    build-bench/ab/mvbench-$b nt --shapes $SH --dtype both --rounds 3 --out /tmp/ntab-$b-$pass \
      > $OUT/ntab/$b-$pass.txt 2>&1
    echo "$b pass $pass rc=$?"
    cp /tmp/ntab-$b-$pass/measurements-nt.csv $OUT/ntab/$b-$pass.csv
  done
done
[ -n "${NONCU:-}" ] && exit 0
for b in $A $B; do
  timeout 120 ncu -k regex:gemv_nt --launch-count 2 --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats \
    build-bench/ab/mvbench-$b nt --shapes 4096x4096 --dtype s --rounds 1 --out /tmp/ntn > $OUT/ntab/ncu-$b.txt 2>&1
  echo "ncu $b rc=$?"
done
timeout 120 ncu -k regex:read_kernel --launch-skip 2 --launch-count 2 --section SpeedOfLight --section WarpStateStats \
  build-bench/ab/mvbench-$A shape 4096 4096 --dtype s --op N --variants read-ceiling --rounds 1 --modes cold \
  --out /tmp/ntr > $OUT/ntab/ncu-read.txt 2>&1
echo "ncu read rc=$?"
grep -E "^  [a-z]|Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Stall|Warp Cycles Per Issued" $OUT/ntab/ncu-*.txt | head -80
