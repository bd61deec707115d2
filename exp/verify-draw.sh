#!/usr/bin/env bash
# scripts/gpu-verify into $OUT/v, then docs/benchmarks.md's random draw
# (seed 20261123, 200 shapes per type, both ops, cold, the read kernel and
# cuBLAS's A/A pair beside the default) from the verified build; the
# record, the draw's text, summary.json and gzipped CSV under $OUT.
# usage: exp/verify-draw.sh [SECONDS]   (carry .deps)
set -u
. exp/verify-first.sh "${1:-590}"
cp $OUT/v/gpu-verified.txt $OUT/ 2>/dev/null
tar czf $OUT/v.tgz -C $OUT v && rm -rf $OUT/v
if [ $(left) -gt 90 ]; then
  s=$(date +%s); mkdir -p /tmp/draw
  timeout $(left) $b random --seed ${SEED:-20261123} --count 200 --modes cold \
    --variants default,cublas,cublas-aa,read-ceiling --out /tmp/draw > $OUT/draw.txt 2>&1
  echo "random rc=$? $(( $(date +%s) - s )) s"
  grep -A4 "random summary" $OUT/draw.txt | head -12
  cp /tmp/draw/summary.json $OUT/draw-summary.json
  gzip -c /tmp/draw/measurements.csv > $OUT/draw.csv.gz
fi
