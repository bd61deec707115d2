#!/usr/bin/env bash
# scripts/gpu-verify into $OUT/v, then, if time is left, `mvbench random`
# (seed 20261123, 200 shapes per type, both ops, cold: docs/benchmarks.md's
# draw) from the verified build and from the carried main build
# (build-bench/ab/mvbench-main), one process each.
# usage: exp/verify-cols4.sh [SECONDS]   (carry .deps and build-bench)
set -u
. exp/verify-first.sh "${1:-590}"
mkdir -p $OUT/csv/r-head $OUT/csv/r-main
for v in head main; do
  bin=$b; [ $v = main ] && bin=build-bench/ab/mvbench-main
  [ $(left) -gt 30 ] && timeout $(left) $bin random --seed 20261123 --count 200 --modes cold \
    --variants default,cublas,cublas-aa,read-ceiling --out $OUT/csv/r-$v > $OUT/r-$v.txt 2>&1
  echo "random $v rc=$? $(( $(date +%s) - t0 )) s"
  grep -A4 "random summary" $OUT/r-$v.txt | head -12
done
(cd $OUT && tar czf csv.tgz csv 2>/dev/null; rm -rf csv)
