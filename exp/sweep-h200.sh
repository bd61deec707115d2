#!/usr/bin/env bash
# The paper's sweep (84 shapes, n = 2^7..2^14, m = 2^1..n) on this device,
# cold, per type and op, beside cuBLAS, the read kernel and the empty
# kernel (issue 18's target 4 on the H200): mvbench-$B sweep --dtype DT
# --op OP --variants default,read-ceiling,empty-kernel --rounds 5 --modes
# cold (MODES=hot for hot); each run stopped before BUDGET seconds are
# out. Summaries on stdout, each run's output and CSV in
# $OUT/sweep$TAG.tgz.  (carry build-bench)
set -u
. exp/carried.sh
t0=$(date +%s); rm -rf /tmp/sw; mkdir -p /tmp/sw
for dt in s d; do for op in N T; do
  l=$(( ${BUDGET:-300} - ($(date +%s) - t0) )); [ $l -gt 20 ] || { echo "out of time before $dt $op"; break 2; }
  timeout $l build-bench/ab/mvbench-${B:-head} sweep --dtype $dt --op $op --variants default,read-ceiling,empty-kernel \
    --rounds 5 --modes ${MODES:-cold} --out /tmp/sw/$dt-$op > /tmp/sw/$dt-$op.txt 2>&1
  echo "sweep $dt $op rc=$? $(( $(date +%s) - t0 )) s"; grep -A8 "sweep summary" /tmp/sw/$dt-$op.txt | head -10
done; done
tar czf $OUT/sweep${TAG:-}.tgz -C /tmp sw
