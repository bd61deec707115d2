#!/usr/bin/env bash
# ncu on flat-n at float 127 x 24190 (op N, lda 127) with its splits capped
# at 132, 198, 264 and today's 378 (the flat-n lab build of entry 44 of
# docs/notes-gemv.md, build-bench/ab/mvbench-flatw.gz: carry build-bench).
# Duration, DRAM throughput, grid, warp cycles per instruction into
# $OUT/ncu-flatn.txt.
. exp/carried.sh
b=build-bench/ab/mvbench-flatw
which ncu || ls /usr/local/cuda/bin/ncu
export PATH=$PATH:/usr/local/cuda/bin
for S in 132 198 264 0; do
  echo "=== S cap $S"
  MV_LAB_FLAT_N_S=$S timeout 100 ncu -k regex:flat_n --launch-skip 3 --launch-count 1 --section SpeedOfLight --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats \
    $b shape 127 24190 --lda 127 --dtype s --op N --variants default --rounds 1 --modes hot --out /tmp/nc 2>&1 | grep -E "Duration|DRAM Throughput|Memory Throughput|Grid Size|Registers|L2 Hit|Mem Busy|Max Bandwidth|Stall|Warp Cycles|Achieved|Block Limit|Waves" | head -30
done > $OUT/ncu-flatn.txt 2>&1
cat $OUT/ncu-flatn.txt | head -150
