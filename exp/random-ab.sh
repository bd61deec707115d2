#!/usr/bin/env bash
# mvbench random (docs/benchmarks.md's draw: seed 20261123, 200 shapes per
# type, both ops, cold) from a build of this tree and from the carried main
# build (build-bench/ab/mvbench-main), one process each, alternating.
# usage: exp/random-ab.sh HEAD_MVBENCH [SECONDS]   (carry build-bench)
set -u
t0=$(date +%s); budget=${2:-560}
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
left() { echo $(( budget - ($(date +%s) - t0) )); }
for v in head main; do
  bin=$1; [ $v = main ] && bin=build-bench/ab/mvbench-main
  mkdir -p $OUT/r-$v
  [ $(left) -gt 30 ] && timeout $(left) $bin random --seed 20261123 --count 200 --modes cold \
    --variants default,cublas,cublas-aa,read-ceiling --out $OUT/r-$v > $OUT/r-$v.txt 2>&1
  echo "random $v rc=$? $(( $(date +%s) - t0 )) s"
  grep -A4 "random summary" $OUT/r-$v.txt | head -12
  gzip $OUT/r-$v/measurements.csv
done
