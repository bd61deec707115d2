#!/usr/bin/env bash
# A/B of carried mvbench builds (build-bench/ab/mvbench-NAME) over the sweep,
# then single shapes, stopping before a time budget runs out; tgz to $OUT.
# usage: exp/ab-budget.sh "head exp" "s d" "N" SECONDS ["M1xN1 M2xN2 ..."]
set -u
t0=$(date +%s)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/ab
left() { echo $(( $1 - ($(date +%s) - t0) )); }
for dt in $2; do for op in $3; do for b in $1; do
  l=$(left $4); [ $l -gt 20 ] || { echo "out of time before $b $dt $op"; break 3; }
  s=$(date +%s)
  timeout $l build-bench/ab/mvbench-$b sweep --dtype $dt --op $op --variants default --rounds 5 --out /tmp/ab/$b-$dt-$op > /tmp/ab/$b-$dt-$op.txt 2>&1
  echo "$b $dt $op rc=$? $(( $(date +%s) - s )) s"
  grep -A4 "sweep summary" /tmp/ab/$b-$dt-$op.txt | grep -E "summary|cublas |default " | sed "s/^/$b /"
done; done; done
for sh in ${5:-}; do for dt in $2; do for op in $3; do for b in $1; do
  l=$(left $4); [ $l -gt 15 ] || { echo "out of time before $b $sh"; break 4; }
  m=${sh%x*}; n=${sh#*x}
  timeout $l build-bench/ab/mvbench-$b shape $m $n --dtype $dt --op $op --variants default --rounds 7 --out /tmp/o > /tmp/ab/shape-$b-$dt-$op-$sh.txt 2>&1
  grep -E "^(float|double)|cublas |default " /tmp/ab/shape-$b-$dt-$op-$sh.txt | sed "s/^/$b /"
done; done; done; done
tar czf $OUT/ab.tgz -C /tmp ab
