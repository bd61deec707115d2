#!/usr/bin/env bash
# notes-gemv entry 86's next step on the device: exp/dram-runs.cu built
# there and run over 512 MiB (about 20 s); the table on stdout and in
# $OUT/dram-runs.txt. No carry.
set -eu
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -Iexp exp/dram-runs.cu -o /tmp/dram-runs
/tmp/dram-runs ${MIB:-512} | tee $OUT/dram-runs.txt
