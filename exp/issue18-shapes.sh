#!/usr/bin/env bash
# The issue-18 shapes (op, dtype, m, n) with each carried mvbench build, one
# process per build and shape, default beside cuBLAS; the table to stdout.
# usage: exp/issue18-shapes.sh "NAME ..." [SHAPES]   SHAPES: "s:T:1177x98970 ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
shapes=${2:-"s:T:1177x98970 s:T:387x47414 s:T:333x77777 s:T:2277x5574 d:T:2142x13066 d:T:39x618593 d:N:51x142582 s:N:1683x3360 s:T:300x200 s:N:300x200"}
for sh in $shapes; do
  IFS=: read dt op mn <<< "$sh"
  for b in $1; do
    build-bench/ab/mvbench-$b shape ${mn%x*} ${mn#*x} --dtype $dt --op $op --variants default --rounds 7 --out /tmp/o-$b \
      | grep -E "^(float|double)|^  (cublas|default)" | sed "s/^/$b $dt $op $mn | /"
  done
done
