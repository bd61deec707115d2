#!/usr/bin/env bash
# exp/fronts/blockmap.cu on the device (notes-gemv entries 63-64: why the
# pipelined instances lose at two blocks an SM or fewer). Built here:
#   nvcc -O3 -std=c++17 -arch=sm_90 exp/fronts/blockmap.cu -o build-bench/ab/blockmap
# Carry build-bench; output into $OUT/blockmap.txt (about 20 s).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/device.txt
build-bench/ab/blockmap | tee $OUT/blockmap.txt
