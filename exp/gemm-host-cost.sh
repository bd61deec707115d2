#!/usr/bin/env bash
# Issue 23: exp/gemm-host-cost.c on the device (built here against the
# library of the current tree, carried gzipped in build-bench/ab), into
# $OUT/host-cost.txt. Build:
#   nvcc -O2 -x c -I include -I src exp/gemm-host-cost.c -c -o /tmp/ghc.o
#   nvcc -arch=sm_90 /tmp/ghc.o BUILD/src/libmatvec_variants.a BUILD/src/libmatvec.a -lcublas \
#        -o build-bench/ab/gemm-host-cost && gzip -f build-bench/ab/gemm-host-cost
. exp/carried.sh
chmod +x build-bench/ab/gemm-host-cost
build-bench/ab/gemm-host-cost > $top/host-cost.txt 2>&1
echo "rc=$?"; cat $top/host-cost.txt
