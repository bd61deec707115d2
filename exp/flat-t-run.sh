#!/usr/bin/env bash
# Entry 29's lab run on the device (carry build-bench): the carried
# test_gemv_shapes (full, then memcheck in small mode), then mvbench random
# op T over short columns with the flat-t build beside the old path
# ("tiled") and its lab knobs (exp0: flat-t up to 96 vectors per column,
# exp1: every block the most columns), lda = m and lda padded.
# usage: exp/flat-t-run.sh BUILD SEED COUNT
set -u
. exp/carried-shapes-tests.sh 200
V=default,tiled,cublas,cublas-aa,read-ceiling,empty-kernel,exp0,exp1
for pad in 0 3; do
  s=$(date +%s)
  timeout 150 build-bench/ab/mvbench-$1 random --seed $2 --count $3 --op T --modes cold --min-bytes 1M \
    --lda-pad $pad --variants $V --max-seconds 120 --out /tmp/flat-$pad > $OUT/flat-$pad.txt 2>&1
  echo "random pad $pad rc=$? $(( $(date +%s) - s )) s"; cp /tmp/flat-$pad/measurements.csv $OUT/flat-$pad.csv
  grep -A12 "per contender" $OUT/flat-$pad.txt | head -14
done
