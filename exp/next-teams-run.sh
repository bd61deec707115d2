#!/usr/bin/env bash
# For the session after the twenty-second (notes G10 Next 0-2), one device
# call (~9 min; carry build-bench/ab/mvbench-{rulet,pdl,oneteam,teams3,main}.gz):
#   1. stream-n-one-team.patch (oneteam) beside e86ae79 (teams3) and the
#      rule before teams (main): op N float at 16384^2, 300000 x 24 and
#      10^6 x 32 (one team), 300000 x 3 and x 16 (teams), k = 2-8, twice in
#      alternating order;
#   2. stream-t over few columns and sums of 2000-300000 rows (the split's
#      slices with teams, G10 Next 1-2): mvbench multi --op T, both types,
#      own path beside the default and cuBLAS, oneteam and pdl
#      (exp/patches/narrow-pdl.patch on oneteam);
#   3. mvbench gemm --random 100, seeds $SEEDS (default 4242 2027), rulet
#      (exp/patches/rule-stream-t-chains.patch on pdl), pdl, oneteam and
#      teams3.
# Everything into $OUT/r.tgz; summary lines on stdout. The draws compared
# shape by shape: exp/gemm-ab.py next-teams pdl oneteam (and oneteam teams3).
. exp/carried.sh
r=/tmp/next-teams; rm -rf $r; mkdir -p $r
row() { grep -E "^(float|double) op|^ +[0-9]+ " "$1" | awk '{ if ($1 ~ /float|double/) print "  " $1, $2, $3; else print "    k", $1, "public", $2, "cublas", $4, "own", $(NF-2)}'; }
for pass in 1 2; do
  builds="oneteam teams3 main"; [ $pass = 2 ] && builds="main teams3 oneteam"
  for b in $builds; do
    for rc in 16384x16384 300000x24 1000000x32 300000x3 300000x16; do
      d=$r/n-$pass-$b-$rc; mkdir -p $d
      build-bench/ab/mvbench-$b multi --rows ${rc%x*} --cols ${rc#*x} --ks 2,3,4,6,8 --op N --dtype s \
        --rounds 5 --seed 1 --variants default --out $d > $d/run.txt 2>&1
      echo "== pass $pass $b $rc rc=$? FAILED $(grep -c FAILED $d/run.txt)"; row $d/run.txt
    done
  done
done
for b in oneteam pdl; do
  for rows in 2000 20000 100000 300000; do
    for c in 3 8 16 64; do
      d=$r/t-$b-$rows-$c; mkdir -p $d
      build-bench/ab/mvbench-$b multi --rows $rows --cols $c --ks 2,4,8,16 --op T --rounds 5 --seed 1 \
        --variants default --out $d > $d/run.txt 2>&1
      echo "== $b op T $rows x $c rc=$? FAILED $(grep -c FAILED $d/run.txt)"; row $d/run.txt
    done
  done
done
for s in ${SEEDS:-4242 2027}; do
  for b in rulet pdl oneteam teams3; do
    gemm_draw $r/$b-g$s $b $s narrow
  done
done
tar czf $OUT/r.tgz -C /tmp next-teams
