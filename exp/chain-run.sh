#!/usr/bin/env bash
# The split chain without a fence (empty-slot flags, entry 48 of
# docs/notes-gemv.md) against the build before it: exp/knob-run.sh over
# a list of split and unsplit shapes, then the docs' random draw (seed
# 20261123) from each build, new first. Carry build-bench (ab/mvbench-base
# and ab/mvbench-new, gzipped). usage: exp/chain-run.sh LIST [BUDGET]
set -u
list=$1
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p $OUT/knob
OUT=$OUT/knob BUDGET=${2:-200} bash exp/knob-run.sh base $list "base@base: new@new:" | tail -60
for b in new base; do
  draw r-$b $b
  grep -A6 "random summary" $OUT/r-$b.txt | head -14
done
tar czf $OUT/all.tgz -C $OUT knob r-new.txt r-base.txt r-new.csv.gz r-base.csv.gz r-new.json r-base.json gpu.txt
rm -rf $OUT/knob $OUT/r-*
