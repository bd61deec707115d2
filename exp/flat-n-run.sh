#!/usr/bin/env bash
# Entry 30's lab run on the device (carry build-bench): the carried
# test_gemv_shapes (full, then memcheck in small mode), then mvbench random
# op N with the flat-n build's default beside `tiled` (the path without the
# skinny kernels: what flat-n's shapes ran before), the lab knobs exp0..exp2
# of that build (flat-n splits of at least 1, 2, 4 rounds, against the
# default's 8) and the read kernel, lda = m and lda padded.
# usage: exp/flat-n-run.sh BUILD SEED COUNT [SECONDS per run]
set -u
. exp/carried-shapes-tests.sh 240
V=default,tiled,cublas,cublas-aa,read-ceiling,empty-kernel,exp0,exp1,exp2
for pad in 0 3; do
  s=$(date +%s)
  timeout $(( ${4:-120} + 30 )) build-bench/ab/mvbench-$1 random --seed $2 --count $3 --op N --modes cold \
    --lda-pad $pad --variants $V --max-seconds ${4:-120} --out /tmp/flatn-$pad > $OUT/flatn-$pad.txt 2>&1
  echo "random pad $pad rc=$? $(( $(date +%s) - s )) s"; cp /tmp/flatn-$pad/measurements.csv $OUT/flatn-$pad.csv
  grep -A12 "per contender" $OUT/flatn-$pad.txt | head -14
done
