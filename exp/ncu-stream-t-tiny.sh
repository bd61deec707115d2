#!/usr/bin/env bash
# Issue 23 (notes G6): why the float stream-t kernel takes ~10 us on a tiny
# product (199 x 22 x 10 TT; double's stream-t ~7 us, stream-n ~4.6): ncu
# on exp/gemm-host-cost's first stream-t launches (its "own" calls), the
# stream-n and stream-t kernels' durations, launch and warp-state figures.
# usage: exp/ncu-stream-t-tiny.sh  (carry build-bench; ~90 s)
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
chmod +x build-bench/ab/gemm-host-cost
d=/tmp/nst; mkdir -p $d
for k in t n; do
  timeout 150 ncu -k regex:"stream_$k" --launch-count 3 --section LaunchStats --section Occupancy \
    --section WarpStateStats --section SpeedOfLight --metrics gpu__time_duration.sum,smsp__cycles_active.avg \
    -f -o $d/s$k build-bench/ab/gemm-host-cost > $d/run-$k.log 2>&1
  echo "ncu stream_$k rc=$?"
done
for k in t n; do ncu -i $d/s$k.ncu-rep --page details; done > $top/stream-t-tiny.txt 2>&1
grep -E "stream_|gpu__time_duration|Duration|Grid Size|Block Size|Registers Per|Shared Memory Config|Dynamic Shared|Static Shared|Warp Cycles Per Issued|Achieved Occupancy|Waves Per SM" \
  $top/stream-t-tiny.txt | cut -c1-150 | head -90
