#!/usr/bin/env bash
# scripts/gpu-verify into $OUT/v, then, if time is left, `mvbench batched`
# (default sizes, cold; a batch of one) and, with CHECKED=1, `mvbench
# checked` from the verified build.
# usage: exp/verify-and-bench.sh [SECONDS]   (carry .deps)
set -u
t0=$(date +%s); budget=${1:-580}
scripts/gpu-verify $OUT/v > $OUT/verify.txt 2>&1; echo "gpu-verify rc=$? $(( $(date +%s) - t0 )) s"
tail -15 $OUT/verify.txt
b=$PWD/build-gpu-verify/tools/mvbench/mvbench
l=$(( budget - ($(date +%s) - t0) ))
[ $l -gt 60 ] && timeout $l $b batched --dtype both --op both --rounds 5 --out $OUT/csv > $OUT/batched.txt 2>&1
echo "batched rc=$? $(( $(date +%s) - t0 )) s"
l=$(( budget - ($(date +%s) - t0) ))
[ $l -gt 15 ] && timeout $l $b batched --batches 1 --sizes 4096,2048x8192,8192x2048,1000x3000,3001x777,12345x1001 \
  --dtype both --op both --rounds 5 --out $OUT/csv/one > $OUT/one.txt 2>&1
echo "one rc=$? $(( $(date +%s) - t0 )) s"
l=$(( budget - ($(date +%s) - t0) ))
[ $l -gt 15 ] && [ -n "${CHECKED:-}" ] && timeout $l $b checked --out $OUT/csv > $OUT/checked.txt 2>&1
echo "checked rc=$? $(( $(date +%s) - t0 )) s"
(cd $OUT && tar cf csv.tar csv 2>/dev/null; rm -rf csv)
