#!/usr/bin/env bash
# Entry 31: why op T's kernels stream below the read kernel (carry
# build-bench): ncu sections SpeedOfLight, Occupancy, WarpStateStats,
# LaunchStats, SchedulerStats (clocks not locked, cold: caches flushed
# between passes) on the kernels of the named contenders over each shape's
# first checks; raw text per shape into $OUT/ncu-stall.tgz.
# usage: exp/ncu-stall.sh BUILD CONTENDERS(a,b,..) "dt:op:MxN ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
mkdir -p /tmp/ncs
for c in $3; do
  IFS=: read dt op sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  for v in ${2//,/ }; do
  s=$(date +%s)
  # The read kernel also runs 162 times in mvbench's start-up (the ceilings).
  if [ $v = read-ceiling ]; then k="regex:read_kernel --launch-skip 162"; else k="regex:gemv_"; fi
  timeout 100 /usr/local/cuda/bin/ncu --clock-control none --section SpeedOfLight --section Occupancy \
    --section WarpStateStats --section LaunchStats --section SchedulerStats -k $k \
    --launch-count 1 build-bench/ab/mvbench-$1 shape $m $n --dtype $dt --op $op --variants $v --rounds 1 \
    --modes cold --out /tmp/o > /tmp/ncs/$dt-$op-$sh-$v.txt 2>&1
  echo "$c $v rc=$? $(( $(date +%s) - s )) s"
  grep -E "^  [a-z_].*\(|Duration|DRAM Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Grid Size|Warp Cycles Per Issued|Issued Warp Per|No Eligible|Active Warps Per|Block Limit Reg" /tmp/ncs/$dt-$op-$sh-$v.txt | head -20
  done
done
tar czf $OUT/ncu-stall.tgz -C /tmp ncs
