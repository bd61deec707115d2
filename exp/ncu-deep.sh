#!/usr/bin/env bash
# notes-gemv entries 81 and 83, why the deep rings did not pay: ncu (not
# locked, cold) of the library's tiled kernel and of the lab's deep one on
# the same shape, first launch each: the lab build of lab-deep,
# lab-flatt and lab-tdeep (build-bench/ab/mvbench-deep.gz; carry
# build-bench). Raw output in $OUT/ncu.tgz, a digest on stdout.
set -u
. exp/carried.sh
t0=$(date +%s)
run() { ncu_run deep "$@"; }  # TAG "VAR=v ..." m n dt op
for c in "d N 7094 5868" "s N 16384 16384" "d N 16733 1677"; do
  set -- $c
  run $1-$2-$3x$4-base "" $3 $4 $1 $2
  run $1-$2-$3x$4-deep "MV_LAB_DEEP=4 MV_LAB_DEEP_MIB=16" $3 $4 $1 $2
done
run d-T-4096x8192-base "" 4096 8192 d T
run d-T-4096x8192-tdeep "MV_LAB_TDEEP=1 MV_LAB_TDEEP_MIB=16" 4096 8192 d T
tar czf $OUT/ncu.tgz -C /tmp ncu
