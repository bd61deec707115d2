#!/usr/bin/env bash
# mvbench random, cold, 200 shapes per type, both ops, with the read kernel
# and cuBLAS's A/A pair beside the default, for each seed named, from one
# carried build (build-bench/ab/mvbench-NAME); summaries to stdout, each
# run's text and gzipped CSV under $OUT.
# usage: exp/random-seeds.sh NAME SEED...   (carry build-bench)
set -u
name=$1; shift
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name --format=csv,noheader
for seed in "$@"; do
  s=$(date +%s); mkdir -p /tmp/r-$name-$seed
  build-bench/ab/mvbench-$name random --seed $seed --count ${COUNT:-200} --modes cold \
    --variants default,cublas,cublas-aa,read-ceiling --out /tmp/r-$name-$seed > $OUT/r-$name-$seed.txt 2>&1
  echo "random $name seed $seed rc=$? $(( $(date +%s) - s )) s"
  grep -A4 "random summary" $OUT/r-$name-$seed.txt | head -12
  gzip -c /tmp/r-$name-$seed/measurements.csv > $OUT/r-$name-$seed.csv.gz
done
