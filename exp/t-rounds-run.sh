#!/usr/bin/env bash
# notes-gemv entry 32's lab run (carry build-bench): mvbench random op T,
# A >= 1 MiB, lda = m and padded by 1..3, the lab build's default beside
# its knobs (exp1: tiled-t in predicated rounds of eight everywhere; exp2:
# rounds of eight only where the default takes the predicated tail; exp3:
# the default's plan in a grid of one wave whose blocks loop over the
# columns), cuBLAS and the read kernel.
# usage: exp/t-rounds-run.sh SEED COUNT SECONDS_PER_RUN
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
V=${VARIANTS:-default,exp1,exp2,exp3,cublas,cublas-aa,read-ceiling}
for pad in 0 3; do
  s=$(date +%s)
  timeout $(( $3 + 30 )) build-bench/ab/mvbench-lab random --seed $1 --count $2 --op T --modes cold --min-bytes 1M \
    --lda-pad $pad --variants $V --max-seconds $3 --out /tmp/tr-$pad > $OUT/tr-$pad.txt 2>&1
  echo "random pad $pad rc=$? $(( $(date +%s) - s )) s"; gzip -c /tmp/tr-$pad/measurements.csv > $OUT/tr-$pad.csv.gz
  grep -A14 "per contender" $OUT/tr-$pad.txt | head -32
done
