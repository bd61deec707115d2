#!/usr/bin/env bash
# A lab build beside a base build on mvbench random shapes of one op, A >=
# MIN bytes, lda = m and padded by 3, the builds alternating (base lab base
# lab per padding); then exp/ab-compare.py: each changed shape's time in
# the lab build over the base's, with the plan model's view of it.
# usage: exp/ab-random.sh BASE LAB OP SEED COUNT MIN   (carry build-bench:
#        ab/mvbench-BASE and ab/mvbench-LAB)
set -u
base=$1 lab=$2 op=$3 seed=$4 count=$5 min=$6
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
for pad in 0 3; do
  for b in $base $lab $base $lab; do
    s=$(date +%s)
    build-bench/ab/mvbench-$b random --seed $(( seed + pad )) --count $count --op $op --modes cold \
      --min-bytes $min --lda-pad $pad --variants default,cublas,read-ceiling --out /tmp/ab-$b-$pad \
      > /tmp/ab-$b-$pad.txt 2>&1
    echo "random $b pad $pad rc=$? $(( $(date +%s) - s )) s; $(grep -c FAILED /tmp/ab-$b-$pad.txt) FAILED"
    cat /tmp/ab-$b-$pad/measurements.csv >> $OUT/ab-$b-$pad.csv
  done
done
python3 exp/ab-compare.py $OUT $base $lab ${FLAG:-BALANCE} | tee $OUT/compare.txt
gzip $OUT/*.csv
