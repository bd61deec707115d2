#!/usr/bin/env bash
# notes-gemv entry 72: split tiled-n plans under 64 MiB whose halved, else
# quartered, tiles need no split and make 19/20 to all of the split plan's
# blocks (the same grid without the split's chain), in the bands entry 69
# left: under the pipelined window (lo) and between it and a full plain
# wave (mid), and columns off 16 bytes (u). The lab
# exp/patches/lab-same-grid.patch (MV_LAB_SAME=1) at 67caefb. First every
# other shape of the list checked under the knob (plain, then x and y
# strided with beta != 0), then the list (exp/same-list.py 202611302 6),
# base against same, both passes. Carry build-bench
# (ab/mvbench-same.gz). About 300 s.
set -u
. exp/carried.sh
b=build-bench/ab/mvbench-same
awk 'NR % 2' exp/lists/same2-20261127.txt | while read dt op m n lda tag; do
  for o in "" "--incx -2 --incy 3 --beta 0.5"; do
    MV_LAB_SAME=1 $b shape $m $n --lda $lda --dtype $dt --op $op $o --variants default --rounds 1 --modes cold \
      --out /tmp/chk > /tmp/chk.txt 2>&1
    echo "check $dt $m $n $lda $o rc=$? FAILED $(grep -c FAILED /tmp/chk.txt)"
  done
done > $top/checks.txt
echo "checks: $(wc -l < $top/checks.txt) runs, $(grep -vc 'rc=0 FAILED 0' $top/checks.txt) not clean"
grep -v 'rc=0 FAILED 0' $top/checks.txt | head -5
LAB_BUILD=same TAIL=40 knob same ${BUDGET:-250} exp/lists/same2-20261127.txt "base: same:MV_LAB_SAME=1"
