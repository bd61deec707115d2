#!/usr/bin/env bash
# exp/fronts/tiledt.cu on the device (notes-gemv entry 60). Built here:
#   nvcc -O3 -std=c++17 -arch=sm_90 -I src -I include -I build/include \
#     exp/fronts/tiledt.cu -o build-bench/ab/tiledt
# Carry build-bench; output into $OUT/tiledt.txt.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
build-bench/ab/tiledt | tee $OUT/tiledt.txt
