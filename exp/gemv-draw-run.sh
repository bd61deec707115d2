#!/usr/bin/env bash
# Issue 18's figures at a GPU record: the docs' GEMV draw (seed 20261123,
# 200 shapes a type, cold, default / cuBLAS / cuBLAS A/A / read kernel)
# and one of a fresh seed ($SEED2), from build-bench/ab/mvbench-$B (a
# build of the record's tree); then exp/random-floor.py over both.
# Carry build-bench.   B=head SEED2=20261127 exp/gemv-draw-run.sh
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader
draw docs ${B:-head}
s2=${SEED2:-20261127}
build-bench/ab/mvbench-${B:-head} random --seed $s2 --count 200 --modes cold \
  --variants default,cublas,cublas-aa,read-ceiling --out /tmp/draw-fresh > $OUT/fresh.txt 2>&1
echo "draw fresh (seed $s2) rc=$?, $(grep -c FAILED $OUT/fresh.txt) FAILED"
gzip -c /tmp/draw-fresh/measurements.csv > $OUT/fresh.csv.gz
cp /tmp/draw-fresh/summary.json $OUT/fresh.json
python3 exp/random-floor.py 3.76 /tmp/draw-docs /tmp/draw-fresh 2>&1 | tail -20
for t in docs fresh; do grep -A12 -i "summary" $OUT/$t.txt | head -16; done
