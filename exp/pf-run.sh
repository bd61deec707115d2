#!/usr/bin/env bash
# Lab builds of A's loads with cache hints (L2 prefetch size, L1
# no-allocate; entry 49 of docs/notes-gemv.md) against base: the docs'
# random draw (seed 20261123) from each build in turn, then
# exp/ab-draw.py of each lab run against base's. Carry build-bench
# (ab/mvbench-NAME.gz). usage: exp/pf-run.sh "BASE LAB..."
set -u
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
builds=$1; set -- $builds; base=$1
for b in $builds; do
  draw r-$b $b
  grep -A4 "random summary" $OUT/r-$b.txt | grep -E "summary|N\+T"
done
for b in $builds; do
  [ $b = $base ] && continue
  echo "== $b over $base"; python3 exp/ab-draw.py $OUT/r-$base.csv.gz $OUT/r-$b.csv.gz | tee $OUT/ab-$b.txt
done
tar czf $OUT/all.tgz -C $OUT $(cd $OUT && ls r-* ab-*) && rm -f $OUT/r-* $OUT/ab-*
