#!/usr/bin/env bash
# scripts/gpu-verify into $OUT/v, then, if time is left, the op T shapes
# whose plan entry 35's row parts change (and a few that they must not),
# from main's carried build (build-bench/ab/mvbench-main) and the verified
# build in turn (mvbench shape, cold, 5 rounds).
# usage: exp/verify-parts.sh [SECONDS]   (carry .deps and build-bench)
set -u
. exp/verify-first.sh "${1:-590}"
shapes="d:42630:1297 d:18002:1342 d:28204:615 d:42282:695 d:26116:632 d:14345:1230 d:80982:806 d:111768:282
        d:157150:413 s:91206:1080 s:113807:546 s:121911:619 s:205786:274 s:53817:684 s:162049:351
        d:29842:444 d:117328:425 d:8287:1393 s:212691:451"
for rep in 1 2; do
  for v in main head; do
    bin=$b; [ $v = main ] && bin=build-bench/ab/mvbench-main
    for c in $shapes; do
      [ $(left) -lt 10 ] && break
      IFS=: read dt m n <<< "$c"
      $bin shape $m $n --dtype $dt --op T --variants default,cublas --rounds 5 --modes cold --out /tmp/ps 2>&1 \
        | grep -E "^ *(default|cublas) " | awk -v s="$v $dt $m $n" '{print s, $1, $2}'
    done
  done
done > $OUT/shapes.txt
echo "shapes $(( $(date +%s) - t0 )) s"
python3 exp/shapes-compare.py $OUT/shapes.txt main head
