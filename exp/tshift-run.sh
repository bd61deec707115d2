#!/usr/bin/env bash
# One device call for exp/patches/tall-shift.patch (tall-t over columns off
# a 16-byte boundary): its test_gemv_shapes (build-bench/ab/ts: the test
# built here with the patch, libmatvec linked in), then the patch's tall-t
# against the build's own path without it (MV_LAB_TALL_SHIFT=0), x's
# window loaded (default, K by groups * (K + 2)) or shuffled from the lane
# before (MV_LAB_TSHIFT_X=1, K by groups * (K + 1));
# then tall-t from m = 4096 (MV_LAB_TALL_MINM) on a list of m 4096-65535
# (MINM_LIST= skips it); then tall-n-shift for shifted tall op N
# (MV_LAB_TALL_N_SHIFT=0 its build's own path; NSHIFT_LIST= skips it).
# Results in $OUT/shift, $OUT/minm, $OUT/nshift.
# Carry build-bench (ab/mvbench-tshift.gz, ab/ts).
# usage: [LIST=...] [SPECS=...] [BUDGET=s] exp/tshift-run.sh
set -u
. exp/carried.sh
export LD_LIBRARY_PATH=$PWD/build-bench/ab/ts:$PWD/build-bench:$LD_LIBRARY_PATH
(cd build-bench/ab/ts && timeout ${TEST_S:-150} ./test_gemv_shapes) > $OUT/tests.txt 2>&1
echo "test_gemv_shapes rc=$?"; grep -E "PASSED|FAILED|OK|ERROR" $OUT/tests.txt | tail -12
top=$OUT
mkdir -p $top/shift $top/minm
OUT=$top/shift BUDGET=${BUDGET:-240} bash exp/knob-run.sh tshift ${LIST:-exp/lists/tall-shift-b-20261126.txt} \
  "${SPECS:-base:MV_LAB_TALL_SHIFT=0 shift: shx:MV_LAB_TSHIFT_X=1}" | tail -52
# Then tall-t (both forms) from m = 4096 rather than 65536.
[ -n "${MINM_LIST-x}" ] && OUT=$top/minm BUDGET=${BUDGET_MINM:-130} bash exp/knob-run.sh tshift \
  ${MINM_LIST:-exp/lists/tall-minm-20261126.txt} "base: minm:MV_LAB_TALL_MINM=4096" | tail -34
# Then tall-n-shift (op N, n <= 64, shifted columns, a wave of tiles)
# against the build's own path (tiled-n's scalar loads).
mkdir -p $top/nshift
[ -n "${NSHIFT_LIST-x}" ] && OUT=$top/nshift BUDGET=${BUDGET_NSHIFT:-130} bash exp/knob-run.sh tshift \
  ${NSHIFT_LIST:-exp/lists/tall-n-shift-20261126.txt} "base:MV_LAB_TALL_N_SHIFT=0 nshift:" | tail -30
