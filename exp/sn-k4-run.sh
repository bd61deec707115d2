#!/usr/bin/env bash
# stream-n with one row team, 2-8 vectors: the record build of e86ae79
# (lab build teams3) beside main's (39f67a1 sources) at 16384^2 and on
# 300000 x 24 / 10^6 x 32 (short chains), op N, float, each pair run twice
# in alternating order (the order's drift). Carry build-bench/ab/mvbench-{teams3,main}.gz.
. exp/carried.sh
r=/tmp/snk4; rm -rf $r; mkdir -p $r
for pass in 1 2; do
  for b in teams3 main; do
    [ $pass = 2 ] && b=$([ $b = teams3 ] && echo main || echo teams3)
    for rc in 16384x16384 300000x24 1000000x32; do
      d=$r/$pass-$b-$rc; mkdir -p $d
      build-bench/ab/mvbench-$b multi --rows ${rc%x*} --cols ${rc#*x} --ks 2,3,4,6,8 --op N --dtype s \
        --rounds 5 --seed 1 --variants default --out $d > $d/run.txt 2>&1
      echo "== pass $pass $b $rc"
      grep -E "^ +[0-9]+ " $d/run.txt | awk '{print "  k", $1, "public", $2, "cublas", $4, "own", $(NF-2)}'
    done
  done
done
tar czf $OUT/r.tgz -C /tmp snk4
