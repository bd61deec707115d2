#!/usr/bin/env bash
# The docs' draw (seed 20261123) from two builds, alternating A B A B (one
# process each), then exp/ab-draw.py of each B run against the A run
# before it and of the pooled pairs. Carry build-bench (ab/mvbench-A.gz,
# ab/mvbench-B.gz). usage: exp/ab2-run.sh A B
set -u
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
i=0
for b in $1 $2 $1 $2; do
  i=$((i + 1))
  draw r$i-$b $b
done
python3 exp/ab-draw.py $OUT/r1-$1.csv.gz $OUT/r2-$2.csv.gz | head -10 || true
python3 exp/ab-draw.py $OUT/r3-$1.csv.gz $OUT/r4-$2.csv.gz | head -10 || true
python3 exp/ab-draw.py $OUT/r3-$1.csv.gz $OUT/r2-$2.csv.gz | head -1
python3 exp/ab-draw.py $OUT/r1-$1.csv.gz $OUT/r3-$1.csv.gz | head -1
tar czf $OUT/ab2.tgz -C $OUT $(cd $OUT && ls r*) && rm -f $OUT/r*
