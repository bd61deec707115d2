#!/usr/bin/env bash
# Lab: the split finish as a kernel of its own (MV_LAB_FIN2 = the finish's
# KB from which it is; entry 51 of docs/notes-gemv.md): exp/knob-run.sh
# over LIST (unset, 0, 16), then the docs' draw with the knob unset, 0,
# unset, 0 (one process each) and exp/ab-draw.py. Carry build-bench
# (ab/mvbench-fin2.gz). usage: exp/fin2-run.sh LIST BUDGET
set -u
list=$1 budget=$2
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p $OUT/k
OUT=$OUT/k BUDGET=$budget bash exp/knob-run.sh fin2 $list "base: k0:MV_LAB_FIN2=0 k16:MV_LAB_FIN2=16" | tail -30
i=0
for k in off 0 off 0; do
  i=$((i + 1)); env=; [ $k != off ] && env=MV_LAB_FIN2=$k
  draw r$i-$k fin2 $env
done
python3 exp/ab-draw.py $OUT/r1-off.csv.gz $OUT/r2-0.csv.gz | head -14
python3 exp/ab-draw.py $OUT/r3-off.csv.gz $OUT/r4-0.csv.gz | head -2
python3 exp/ab-draw.py $OUT/r1-off.csv.gz $OUT/r3-off.csv.gz | head -2
tar czf $OUT/all.tgz -C $OUT k $(cd $OUT && ls r*) && rm -rf $OUT/k $OUT/r*
