#!/usr/bin/env bash
# Stream-n with 17-32 vectors (nb = 32) in 1-2 steps (notes-transpose-gemm.md
# G11 Next 1): mvbench multi --op N over rows R (C's rows) and a sum of K
# columns, k = 17, 24, 32, own path (--variants default, "own" in the
# table) beside the default and cuBLAS, both types; one device call (~2
# min; carry build-bench/ab/mvbench-$B.gz, default rec: the record tree of
# 1dab50e). Into $OUT/r.tgz; summary lines on stdout.
. exp/carried.sh
b=${B:-rec}
r=/tmp/nb32; rm -rf $r; mkdir -p $r
for rows in 200 1000 1634 3000 6000 12000; do
  for cols in 8 13 30 60; do
    d=$r/n-$rows-$cols; mkdir -p $d
    build-bench/ab/mvbench-$b multi --rows $rows --cols $cols --ks 17,24,32 --op N --rounds 5 --seed 1 \
      --variants default --out $d > $d/run.txt 2>&1
    echo "== op N $rows x $cols rc=$? FAILED $(grep -c FAILED $d/run.txt)"
    grep -E "^(float|double) op|^ +[0-9]+ " $d/run.txt | awk '{ if ($1 ~ /float|double/) print "  " $1; else print "    k", $1, "public", $2, "cublas", $4, "own", $(NF-2)}'
  done
done
tar czf $OUT/r.tgz -C /tmp nb32
