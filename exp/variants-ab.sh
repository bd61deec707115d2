#!/usr/bin/env bash
# Named variants of one carried mvbench build, interleaved in one process per
# sweep (the A/B that can judge small shapes), then single shapes, stopping
# before a time budget runs out; everything to $OUT/variants.tgz.
# usage: exp/variants-ab.sh NAME "default,v1,v2" "s d" "N T" SECONDS ["MxN ..."]
set -u
t0=$(date +%s)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
bin=build-bench/ab/mvbench-$1 v=$2 d=/tmp/variants
mkdir -p $d
left() { echo $(( $5 - ($(date +%s) - t0) )); }
for dt in $3; do for op in $4; do
  l=$(left "$@"); [ $l -gt 20 ] || { echo "out of time before $dt $op"; break 2; }
  s=$(date +%s)
  timeout $l $bin sweep --dtype $dt --op $op --variants $v --rounds 5 --out $d/$dt-$op > $d/$dt-$op.txt 2>&1
  echo "sweep $dt $op rc=$? $(( $(date +%s) - s )) s"
  grep -A8 "sweep summary" $d/$dt-$op.txt
done; done
for sh in ${6:-}; do for dt in $3; do for op in $4; do
  l=$(left "$@"); [ $l -gt 15 ] || { echo "out of time before $sh"; break 3; }
  timeout $l $bin shape ${sh%x*} ${sh#*x} --dtype $dt --op $op --variants $v --rounds 7 --out $d/o > $d/shape-$dt-$op-$sh.txt 2>&1
  grep -vE "^\s*$" $d/shape-$dt-$op-$sh.txt | tail -12
done; done; done
tar czf $OUT/variants.tgz -C /tmp variants
