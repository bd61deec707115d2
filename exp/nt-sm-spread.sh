#!/usr/bin/env bash
# How evenly the NT pass's SMs work (notes-multi Next (1)): ncu's per-SM
# active cycles (min / avg / max over the SMs) against the elapsed cycles,
# for the pass at three shapes and, beside it, the default GEMV (op N and
# op T) of the same A. Lab build mvbench-$B (carry build-bench).
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
B=build-bench/ab/mvbench-${B:-fill}
M=sm__cycles_active.min,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size
for s in "s 4096x4096" "s 8192x8192" "d 4096x4096" "s 3001x5003"; do
  set -- $s
  timeout 100 ncu -k regex:gemv_ --launch-count 2 --metrics $M $B nt --shapes $2 --dtype $1 --rounds 1 --out /tmp/q \
    2>&1 | grep -E "^  [a-z]|sm__|gpu__|dram__|grid" | sed "s/^/$1 $2 nt: /"
done
for op in N T; do
  timeout 100 ncu -k regex:gemv_ --launch-skip 2 --launch-count 1 --metrics $M $B shape 4096 4096 --dtype s --op $op \
    --variants default --rounds 1 --modes cold --out /tmp/q 2>&1 | grep -E "^  [a-z]|sm__|gpu__|dram__|grid" | sed "s/^/s gemv $op: /"
done
