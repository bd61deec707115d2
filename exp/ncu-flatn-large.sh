#!/usr/bin/env bash
# flat-n at large A under ncu (clocks and caches left alone): the lowest
# point of issue 18's draw, float N 78 x 273594 (70% of the read
# bandwidth). Occupancy, warp stalls, memory and scheduler sections.
# usage: exp/ncu-flatn-large.sh (carry build-bench with ab/mvbench-$NTB.gz; ~60 s)
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
B=build-bench/ab/mvbench-${NTB:-ntlab}
M=${M:-78} N=${N:-273594}
mkdir -p $OUT/ncu
timeout 400 ncu --clock-control none --cache-control none -k regex:'gemv_flat_n' --launch-count 2 \
  --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats \
  --section MemoryWorkloadAnalysis --section LaunchStats \
  $B shape $M $N --op N --dtype ${NTD:-s} --modes cold --variants default > $OUT/ncu/flatn.txt 2>&1
echo "ncu rc=$?"
grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Theoretical Occupancy|Registers|Block Size|Grid Size|Issued Warp|No Eligible|Active Warps|Eligible Warps|Warp Cycles Per Issued|Stall|Waves Per SM|L1/TEX Hit|L2 Hit|Mem Busy|Max Bandwidth" $OUT/ncu/flatn.txt | head -60
