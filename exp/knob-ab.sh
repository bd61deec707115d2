#!/usr/bin/env bash
# One process per shape with the lab knob variants interleaved beside
# cuBLAS and default; a line per contender and mode into $OUT/knob-ab.txt.
# usage: exp/knob-ab.sh BUILD "exp0,exp1,..." "s:T:MxN ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
for sh in $3; do
  IFS=: read dt op mn <<< "$sh"
  build-bench/ab/mvbench-$1 shape ${mn%x*} ${mn#*x} --dtype $dt --op $op --variants default,$2 --rounds 7 --out /tmp/o \
    | grep -E "^(float|double)|^  (cublas|default|exp)" | grep -v cublas-aa | sed "s/^/$dt $op $mn | /"
done 2>&1 | tee -a $OUT/knob-ab.txt | awk '/cold/{c=1} /hot/{c=0} c'
