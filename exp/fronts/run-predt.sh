#!/usr/bin/env bash
# exp/fronts/predt.cu on the device (notes-gemv entry 61). Built here:
#   nvcc -O3 -std=c++17 -arch=sm_90 -I src -I include \
#     exp/fronts/predt.cu -o build-bench/ab/predt -lcublas
# Carry build-bench; output into $OUT/predt-*.txt.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/device.txt
for l in ${LISTS:-docs fresh}; do
  build-bench/ab/predt < exp/lists/predt-$l-20261127.txt | tee $OUT/predt-$l.txt
done
