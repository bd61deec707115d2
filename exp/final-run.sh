#!/usr/bin/env bash
# Issue 18's measurement in one device call (carry build-bench and .deps):
# scripts/gpu-verify (the record), then `mvbench random` cold with the
# build gpu-verify made and with each carried build named, the same seed,
# then the quick sweeps of both, each stopped before SECONDS run out.
# usage: exp/final-run.sh SEED COUNT SECONDS "BUILD ..."  (head: the build of
#        gpu-verify, VERIFY=1; others: carried build-bench/ab/mvbench-NAME)
set -u
t0=$(date +%s)
seed=$1 count=$2 budget=$3
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
left() { echo $(( budget - ($(date +%s) - t0) )); }
if [ "${VERIFY:-1}" = 1 ]; then
  scripts/gpu-verify $OUT/verify > $OUT/verify.txt 2>&1; echo "gpu-verify rc=$? after $(( $(date +%s) - t0 )) s"
  tail -12 $OUT/verify.txt; cp $OUT/verify/gpu-verified.txt $OUT/ 2>/dev/null
  tar czf $OUT/verify.tgz -C $OUT verify && rm -rf $OUT/verify
  mkdir -p build-bench/ab && cp build-gpu-verify/tools/mvbench/mvbench build-bench/ab/mvbench-head
fi
mkdir -p /tmp/res
nb=$(echo $4 | wc -w)
for b in $4; do
  l=$(left); [ $l -gt 30 ] || { echo "out of time before random $b"; break; }
  s=$(date +%s)
  timeout $l build-bench/ab/mvbench-$b random --count $count --modes cold --seed $seed --out /tmp/res/random-$b \
    --max-seconds $(( ${RANDOM_SECONDS:-$(( l / nb ))} )) > /tmp/res/random-$b.txt 2>&1
  echo "random $b rc=$? $(( $(date +%s) - s )) s"; cp /tmp/res/random-$b.txt $OUT/
  grep -B2 -A12 "geomean\|geo/floor" /tmp/res/random-$b.txt | head -60
done
if [ "${SWEEP:-1}" = 1 ]; then
  for dt in s d; do for b in ${SWEEP_BUILDS:-$4}; do
    l=$(left); [ $l -gt 30 ] || { echo "out of time before sweep $b $dt"; break 2; }
    timeout $l build-bench/ab/mvbench-$b sweep --quick --dtype $dt --variants default --out /tmp/res/sweep-$b-$dt \
      > /tmp/res/sweep-$b-$dt.txt 2>&1
    echo "sweep $b $dt rc=$?"; grep -A4 "sweep summary" /tmp/res/sweep-$b-$dt.txt | grep -E "summary|default"
  done; done
fi
tar czf $OUT/results.tgz -C /tmp res
