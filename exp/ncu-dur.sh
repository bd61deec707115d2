#!/usr/bin/env bash
# GPU durations (ncu, clocks not locked) of matvec's kernels: exp/ncu-dur.sh "bins" "dt:op:MxN ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
for c in $2; do
  IFS=: read dt op sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  for b in $1; do
    /usr/local/cuda/bin/ncu --clock-control none --metrics gpu__time_duration.sum -k regex:"gemv_(short|tiled|tall)" --launch-count 4 \
      build-bench/ab/mvbench-$b shape $m $n --dtype $dt --op $op --variants default --rounds 1 --out /tmp/o 2>&1 |
      grep -E "gpu__time_duration|^  [a-z_ ]*gemv" | awk -v b=$b -v c=$c '/gemv/{k=$2} /duration/{printf "%s %s %s %s us\n", b, c, k, $NF}'
  done
done
