#!/usr/bin/env bash
# Why the large shapes lose on the H200 (notes-gemv entry 80): ncu
# (clocks not locked, caches flushed between passes: cold) with the
# sections SpeedOfLight, MemoryWorkloadAnalysis, Occupancy, WarpStateStats,
# SchedulerStats and LaunchStats on the first launch of matvec's kernel
# and of cuBLAS's for each shape, and of the read kernel for the first
# two. Raw ncu output in $OUT/ncu.tgz, a digest on stdout.
# usage: exp/ncu-h200.sh BUILD "dt:op:MxN ..."   (carry build-bench)
set -u
. exp/carried.sh
secs="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats"
mkdir -p /tmp/ncu; t0=$(date +%s); i=0
run() {  # TAG VARIANT REGEX m n dt op
  timeout 90 /usr/local/cuda/bin/ncu --clock-control none $secs -k regex:"$3" --launch-count 1 \
    build-bench/ab/mvbench-$B shape $4 $5 --dtype $6 --op $7 --variants $2 --rounds 1 --modes cold \
    --out /tmp/o > /tmp/ncu/$1.txt 2>&1
  echo "$1 rc=$? $(( $(date +%s) - t0 )) s"
  grep -E "^  [A-Za-z_].*\(|Duration|DRAM Throughput|Memory Throughput|Issue Slots Busy|Achieved Occupancy|Registers Per|Grid Size|Block Size|No Eligible|Warp Cycles Per Issued|Active Warps Per Scheduler|Eligible Warps" /tmp/ncu/$1.txt | head -16
}
for c in $2; do
  [ $(( $(date +%s) - t0 )) -gt ${BUDGET:-300} ] && break
  IFS=: read dt op sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  run $dt-$op-$sh-mv default '^gemv_' $m $n $dt $op
  run $dt-$op-$sh-cu cublas '^kernel$|[gG]emv' $m $n $dt $op
  i=$((i+1)); [ $i -le 2 ] && run $dt-$op-$sh-rd read-ceiling 'read_kernel' $m $n $dt $op
done
tar czf $OUT/ncu.tgz -C /tmp ncu
