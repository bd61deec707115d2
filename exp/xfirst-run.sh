#!/usr/bin/env bash
# Entry 31's second lab run (carry build-bench): mvbench random op T with
# A >= 1 MiB, the lab build's default beside its knobs exp1..exp3 and
# stream-t and the read kernel (VARIANTS= names others), lda = m and padded
# by 1..3 (odd). The knobs were lab edits of gemv_fast.cu (mv_lab_mode):
# run5 tiled-t's x in one, two, four groups of loads (default eight, one
# per vector); run9 its predicated tail in rounds of eight, two (default
# four).
# usage: exp/xfirst-run.sh BUILD SEED COUNT SECONDS_PER_RUN
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
V=${VARIANTS:-default,exp1,exp2,exp3,stream-t,cublas,cublas-aa,read-ceiling}
for pad in 0 3; do
  s=$(date +%s)
  timeout $(( $4 + 30 )) build-bench/ab/mvbench-$1 random --seed $2 --count $3 --op T --modes cold --min-bytes 1M \
    --lda-pad $pad --variants $V --max-seconds $4 --out /tmp/xf-$pad > $OUT/xf-$pad.txt 2>&1
  echo "random pad $pad rc=$? $(( $(date +%s) - s )) s"; cp /tmp/xf-$pad/measurements.csv $OUT/xf-$pad.csv
  grep -A14 "per contender" $OUT/xf-$pad.txt | head -32
done
