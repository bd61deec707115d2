#!/usr/bin/env bash
# Issue 23, the measurements the twenty-first session left (notes G8 Next 0,
# G9) in one device call, from the lab builds in build-bench/ab (carry
# build-bench/ab/mvbench-main.gz and mvbench-tc.gz; ~4-5 min):
#   1. tile-c-stores.patch (tc) beside main on mvbench gemm --random, seeds
#      $SEEDS (default: a fresh one, 2027, 8128), into $OUT/{tc,main}-gSEED;
#   2. tall products with short chains (the rule's 16 MiB bound): mvbench
#      multi on A of 300000 x C columns (C = 16, 64, 128: the summed
#      dimension of op(A) = A), k = 2..16 vectors, both types and ops,
#      matvec's own path ("default" variant) beside the default and
#      cuBLAS, into $OUT/tall-C/.
# Each step prints its summary lines; everything is tarred into $OUT/r.tgz
# (the device returns a limited number of files).
. exp/carried.sh
r=/tmp/next-gemm; rm -rf $r; mkdir -p $r
fresh=${FRESH:-$(( $(date +%s) % 100000 ))}
for s in ${SEEDS:-$fresh 2027 8128}; do
  for b in tc main; do
    mkdir -p $r/$b-g$s
    build-bench/ab/mvbench-$b gemm --random 100 --dtype both --rounds 7 --seed $s --out $r/$b-g$s \
      > $r/$b-g$s/run.txt 2>&1
    echo "$b seed $s rc=$? FAILED $(grep -c FAILED $r/$b-g$s/run.txt)"
    sed -n '/random summary/,/^per path/p' $r/$b-g$s/run.txt | grep -E "^  (float|double) +(all|simt)"
  done
done
for c in 16 64 128; do
  mkdir -p $r/tall-$c
  build-bench/ab/mvbench-main multi --rows 300000 --cols $c --ks 2,4,8,16 --rounds 5 --seed 1 \
    --variants default --out $r/tall-$c > $r/tall-$c/run.txt 2>&1
  echo "tall 300000 x $c rc=$? FAILED $(grep -c FAILED $r/tall-$c/run.txt)"
  grep -v "^\[" $r/tall-$c/run.txt | tail -32
done
tar czf $OUT/r.tgz -C /tmp next-gemm
