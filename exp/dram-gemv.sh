#!/usr/bin/env bash
# notes-gemv entry 87's question on the device: exp/dram-gemv.cu built
# there and run (about 20 s); the table on stdout and in $OUT/dram-gemv.txt.
# No carry.
set -eu
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -Iexp exp/dram-gemv.cu -o /tmp/dram-gemv
/tmp/dram-gemv | tee $OUT/dram-gemv.txt
