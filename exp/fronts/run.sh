#!/usr/bin/env bash
# Builds and runs exp/fronts/fronts.cu on the device (notes-gemv entry 59),
# then (NCU_CUBLAS=1) ncu on cuBLAS's GEMV kernel ("kernel") for double op
# T 9564 x 1374 and 20133 x 1082 with the carried mvbench-head.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvcc -O3 -std=c++17 -arch=sm_90 exp/fronts/fronts.cu -o /tmp/fronts && /tmp/fronts | tee $OUT/fronts.txt
if [ -n "${NCU_CUBLAS:-}" ]; then
  . exp/carried.sh
  for s in 9564:1374 20133:1082; do
    m=${s%:*} n=${s#*:}
    timeout 120 /usr/local/cuda/bin/ncu --clock-control none --cache-control none --section SpeedOfLight \
      --section Occupancy --section LaunchStats -k "regex:^kernel$" --launch-count 1 \
      build-bench/ab/mvbench-head shape $m $n --lda $m --dtype d --op T --variants cublas --rounds 1 \
      --modes cold --out /tmp/o > $OUT/ncu-cublas-$m.txt 2>&1
    grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Grid Size|Block Size" $OUT/ncu-cublas-$m.txt | head -12
  done
fi
