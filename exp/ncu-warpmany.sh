#!/usr/bin/env bash
# notes-gemv entry 90, Next item 2: why entry 89's warp columns give 1-2%
# back on the sweep's 64 KB columns and win on fresh shapes. ncu (not
# locked, cold) of tiled-t's looping-grid plan (base) and of warp columns
# (MV_LAB_WARPMANY=1) on two losers (double T 8192 x 8192, float T 16384^2)
# and two winners (double T 2309 x 10981, float T 9151 x 2708), first
# launch each: build-bench/ab/mvbench-warpmany.gz (carry build-bench).
# Raw output in $OUT/ncu.tgz, a digest on stdout. About 150 s on an H200.
set -u
. exp/carried.sh
t0=$(date +%s)
run() { ncu_run warpmany "$@"; }  # TAG "VAR=v ..." m n dt op
for c in "d T 8192 8192" "s T 16384 16384" "d T 2309 10981" "s T 9151 2708"; do
  set -- $c
  run $1-$2-$3x$4-base "MV_LAB_WARPMANY=0" $3 $4 $1 $2
  run $1-$2-$3x$4-w "MV_LAB_WARPMANY=1" $3 $4 $1 $2
done
tar czf $OUT/ncu.tgz -C /tmp ncu
