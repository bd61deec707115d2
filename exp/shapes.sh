#!/usr/bin/env bash
# A/B on single shapes: exp/shapes.sh "bin1 bin2" "dtypes" "op" "M1xN1 M2xN2 ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
for dt in $2; do for sh in $4; do for b in $1; do
  m=${sh%x*}; n=${sh#*x}
  build-bench/ab/mvbench-$b shape $m $n --dtype $dt --op $3 --variants default,read-ceiling --rounds 7 --out /tmp/o |
    grep -E "^(float|double).*cold|cublas |default |read-ceiling " | grep -A3 cold | sed "s/^/$b $dt /"
done; done; done
