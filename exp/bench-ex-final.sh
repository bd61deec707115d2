#!/usr/bin/env bash
# The figures after a verified build of this tree (built here, tests off):
# `mvbench ex` (both types and ops, the inference shapes; 24 random shapes
# with odd lda) and `mvbench random --op T` (A >= 16 MiB) beside the
# carried main build's (build-bench/ab/mvbench-main), one process each.
# usage: exp/bench-ex-final.sh   (carry .deps and build-bench)
set -u
t0=$(date +%s)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
. exp/device-env.sh
cmake -S . -B bt -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=OFF -DMATVEC_BUILD_PYTHON=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90-real > $OUT/build.txt 2>&1 && cmake --build bt -j 16 --target mvbench >> $OUT/build.txt 2>&1
echo "build rc=$? $(( $(date +%s) - t0 )) s"
b=bt/tools/mvbench/mvbench; mkdir -p $OUT/csv/ex $OUT/csv/exr $OUT/csv/rt-head $OUT/csv/rt-main
$b ex --dtype both --op both --rounds 5 --out $OUT/csv/ex > $OUT/ex.txt 2>&1; echo "ex rc=$? $(( $(date +%s) - t0 )) s"
$b ex --dtype both --op both --random 24 --seed 11 --lda-pad 3 --rounds 5 --out $OUT/csv/exr > $OUT/exr.txt 2>&1
echo "exr rc=$? $(( $(date +%s) - t0 )) s"
for v in head main; do
  bin=$b; [ $v = main ] && bin=build-bench/ab/mvbench-main
  timeout 120 $bin random --seed 51 --count 120 --op T --modes cold --min-bytes 16M \
    --variants default,cublas,cublas-aa,read-ceiling --max-seconds 60 --out $OUT/csv/rt-$v > $OUT/rt-$v.txt 2>&1
  echo "random T $v rc=$? $(( $(date +%s) - t0 )) s"
done
(cd $OUT && tar czf csv.tgz csv 2>/dev/null; rm -rf csv)
grep -E "lowest|geomean" $OUT/ex.txt $OUT/exr.txt; grep -A8 "per contender" $OUT/rt-*.txt
