#!/usr/bin/env bash
# scripts/gpu-verify into $OUT/v, then from the verified build, if time is
# left: `mvbench ex` (both types and ops, the inference shapes, 24 random
# ones with odd lda) and `mvbench random --op T` (A >= 16 MiB) beside the
# carried main build's (build-bench/ab/mvbench-main; one process each).
# usage: exp/verify-ex.sh [SECONDS]   (carry .deps and build-bench)
set -u
. exp/verify-first.sh "${1:-580}"
[ $(left) -gt 40 ] && timeout $(left) $b ex --dtype both --op both --rounds 5 --out $OUT/csv/ex > $OUT/ex.txt 2>&1
echo "ex rc=$? $(( $(date +%s) - t0 )) s"
[ $(left) -gt 40 ] && timeout $(left) $b ex --dtype both --op both --random 24 --seed 11 --lda-pad 3 --rounds 5 \
  --out $OUT/csv/exr > $OUT/exr.txt 2>&1
echo "exr rc=$? $(( $(date +%s) - t0 )) s"
for v in head main; do
  bin=$b; [ $v = main ] && bin=build-bench/ab/mvbench-main
  [ $(left) -gt 30 ] && timeout $(left) $bin random --seed 51 --count 120 --op T --modes cold --min-bytes 16M \
    --variants default,cublas,cublas-aa,read-ceiling --max-seconds 60 --out $OUT/csv/rt-$v > $OUT/rt-$v.txt 2>&1
  echo "random T $v rc=$? $(( $(date +%s) - t0 )) s"
done
(cd $OUT && tar czf csv.tgz csv 2>/dev/null; rm -rf csv)
