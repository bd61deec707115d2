#!/usr/bin/env bash
# notes-gemv entry 33's lab run (carry build-bench, with a build of the tree
# as ab/mvbench-ring): mvbench random op T, A >= 1 MiB, lda = m and padded
# by 1..3, the default beside ring-t (TMA ring, groups of four columns),
# ring-t-k2 (groups of two), cuBLAS and the read kernel.
# usage: exp/ring-t-run.sh SEED COUNT SECONDS_PER_RUN
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
V=${VARIANTS:-default,ring-t,ring-t-s4,ring-t-big,cublas,cublas-aa,read-ceiling}
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader > $OUT/gpu.txt
for pad in 0 3; do
  s=$(date +%s)
  timeout $(( $3 + 30 )) build-bench/ab/mvbench-ring random --seed $(( $1 + pad )) --count $2 --op T --modes cold \
    --min-bytes 1M --lda-pad $pad --variants $V --max-seconds $3 --out /tmp/rt-$pad > $OUT/rt-$pad.txt 2>&1
  echo "random pad $pad rc=$? $(( $(date +%s) - s )) s"; gzip -c /tmp/rt-$pad/measurements.csv > $OUT/rt-$pad.csv.gz
  grep -A14 "per contender" $OUT/rt-$pad.txt | head -32
  python3 exp/random-classes.py ring-t,ring-t-s4,ring-t-big,read-ceiling,cublas $OUT/rt-$pad.csv.gz
done
