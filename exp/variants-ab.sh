#!/usr/bin/env bash
# A/B on the device (carry build-bench): for each carried build
# (build-bench/ab/mvbench-NAME) the sweep with the named variants interleaved
# round by round in one process (cuBLAS always beside them), then single
# shapes, stopping before a time budget runs out; everything to
# $OUT/variants.tgz. SWEEP=0: single shapes only.
# usage: exp/variants-ab.sh "NAME ..." "default,v1,..." "s d" "N T" SECONDS ["MxN ..."]
#   one build, several variants: the A/B that can judge launch-bound shapes;
#   several builds with "default": builds one after the other (entry 13).
set -u
t0=$(date +%s)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
d=/tmp/variants
mkdir -p $d
left() { echo $(( $5 - ($(date +%s) - t0) )); }
[ "${SWEEP:-1}" = 0 ] || for dt in $3; do for op in $4; do for b in $1; do
  l=$(left "$@"); [ $l -gt 20 ] || { echo "out of time before $b $dt $op"; break 3; }
  s=$(date +%s)
  timeout $l build-bench/ab/mvbench-$b sweep --dtype $dt --op $op --variants $2 --rounds 5 --out $d/$b-$dt-$op > $d/$b-$dt-$op.txt 2>&1
  echo "sweep $b $dt $op rc=$? $(( $(date +%s) - s )) s"
  grep -A8 "sweep summary" $d/$b-$dt-$op.txt | sed "s/^/$b /"
done; done; done
for sh in ${6:-}; do for dt in $3; do for op in $4; do for b in $1; do
  l=$(left "$@"); [ $l -gt 15 ] || { echo "out of time before $b $sh"; break 4; }
  timeout $l build-bench/ab/mvbench-$b shape ${sh%x*} ${sh#*x} --dtype $dt --op $op --variants $2 --rounds 7 --out $d/o > $d/shape-$b-$dt-$op-$sh.txt 2>&1
  grep -vE "^\s*$|cpu-loop|cblas|wrote" $d/shape-$b-$dt-$op-$sh.txt | sed "s/^/$b /"
done; done; done; done
tar czf $OUT/variants.tgz -C /tmp variants
