#!/usr/bin/env bash
# The paper's sweep shapes whose op T plan entry 37's warp columns change
# (exp/plan-model.py), from the build before (ab/mvbench-head.gz) and the
# record's build (ab/mvbench-final.gz), alternating, mvbench shape cold.
set -u
. exp/carried.sh
for rep in 1 2; do for b in head final; do
  for c in s:1024:8192 s:2048:8192 s:1024:16384 d:512:8192 d:1024:8192 d:512:16384; do
    IFS=: read dt m n <<< "$c"
    build-bench/ab/mvbench-$b shape $m $n --dtype $dt --op T --variants default,cublas --rounds 5 --modes cold \
      --out /tmp/sw 2>&1 | grep -E "^ *(default|cublas) " | awk -v s="$b $dt $m $n" '{print s, $1, $2}'
  done
done; done
