#!/usr/bin/env bash
# One device call: scripts/gpu-verify (the record), then an A/B of two
# carried mvbench builds over the sweep, within a time budget.
# usage: exp/verify-ab.sh "old new" "s d" "N T" SECONDS
set -u
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | tee $OUT/gpu.txt
scripts/gpu-verify $OUT/verify > $OUT/verify.txt 2>&1; echo "gpu-verify rc=$? after $(( $(date +%s) - t0 )) s" | tee -a $OUT/verify.txt
tail -5 $OUT/verify.txt
cp $OUT/verify/gpu-verified.txt $OUT/ 2>/dev/null; cat $OUT/gpu-verified.txt
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
mkdir -p /tmp/ab
for dt in $2; do for op in $3; do for b in $1; do
  left=$(( $4 - ($(date +%s) - t0) ))
  [ $left -gt 20 ] || { echo "out of time before $b $dt $op"; break 3; }
  s=$(date +%s)
  timeout $left build-bench/ab/mvbench-$b sweep --dtype $dt --op $op --variants default --rounds 5 --out /tmp/ab/$b-$dt-$op > /tmp/ab/$b-$dt-$op.txt 2>&1
  echo "$b $dt $op rc=$? $(( $(date +%s) - s )) s"
  grep -A5 "Table 12" /tmp/ab/$b-$dt-$op.txt | grep -E "Table|cublas |default " | sed "s/^/$b /"
done; done; done
tar czf $OUT/ab.tgz -C /tmp ab
tar czf $OUT/verify.tgz -C $OUT verify
