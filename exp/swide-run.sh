#!/usr/bin/env bash
# thin-n-wide with scalar loads for op N columns off 16 bytes that tiled-n
# would split, A of 8-128 MiB (the lab exp/patches/lab-scalar-wide.patch
# at f76bbf0; MV_LAB_SWIDE=pct: from pct% of the SMs): cuBLAS runs 94
# unsplit blocks of 512 threads on float 2982 x 1664, where tiled-n runs
# 24 tiles in 22 splits (notes-gemv entry 70). First each shape of the
# list checked under the knob (plain, then x and y strided and beta != 0,
# then lda = m + 7), then 24 shapes (exp/wide-list.py 202611293 7 odd and
# three of the draws' losers) base against s50, both passes. Carry
# build-bench (ab/mvbench-swide.gz). About 200 s.
set -u
. exp/carried.sh
b=build-bench/ab/mvbench-swide
while read dt op m n lda tag; do
  for o in "" "--incx -2 --incy 3 --beta 0.5" "--lda $((lda + 7))"; do
    MV_LAB_SWIDE=50 $b shape $m $n --dtype $dt --op $op $o --variants default --rounds 1 --modes cold \
      --out /tmp/chk > /tmp/chk.txt 2>&1
    echo "check $dt $m $n $o rc=$? FAILED $(grep -c FAILED /tmp/chk.txt)"
  done
done < exp/lists/swide-20261127.txt > $top/checks.txt
echo "checks: $(wc -l < $top/checks.txt) runs, $(grep -vc 'rc=0 FAILED 0' $top/checks.txt) not clean"
grep -v 'rc=0 FAILED 0' $top/checks.txt | head -5
LAB_BUILD=swide TAIL=32 knob swide ${BUDGET:-150} exp/lists/swide-20261127.txt "base: s50:MV_LAB_SWIDE=50"
