#!/usr/bin/env bash
# Device calls for exp/patches/tall-n-waves.patch (its lab build: carry
# build-bench, with ab/mvbench-waves.gz and ab/tw/test_gemv_shapes built
# here from the patched tree). PARTS picks what runs, in order; results in
# $OUT/<part>:
#   tests    the patch's test_gemv_shapes, default and with even tiles
#   nwaves   tall-n and tall-n-shift at 1.0-2.0 waves of tiles (and four
#            above): today's whole tiles (base), tiles shrunk evenly to
#            fill whole waves (MV_LAB_TALL_N_EVEN=1), or not taken below
#            100 waves (MV_LAB_TALL_N_MINW=10000: tiled-n, split);
#            tall-n-waves list
#   minm     tall-t from m = 4096 (MV_LAB_TALL_MINM); tall-minm list
#   flatdiv  flat-t with 1/2 and 1/4 of its columns a block under 1.25
#            waves (MV_LAB_FLAT_T_DIV); flat-t-div list
#   flatal   flat-t also over aligned short columns whose lda is not a
#            power-of-two number of vectors (MV_LAB_FLAT_T_ALIGNED=1);
#            flat-t-aligned list
# usage: PARTS="tests nwaves minm" exp/waves-run.sh   (about 330 s)
#        PARTS="flatdiv flatal" exp/waves-run.sh      (about 220 s)
set -u
. exp/carried.sh
export LD_LIBRARY_PATH=$PWD/build-bench/ab/tw:$PWD/build-bench:$LD_LIBRARY_PATH
LAB_BUILD=waves
for part in ${PARTS:-tests nwaves minm}; do
  case $part in
    tests)
      mkdir -p $top/tests
      for even in 0 1; do
        (cd build-bench/ab/tw && MV_LAB_TALL_N_EVEN=$even timeout 150 ./test_gemv_shapes) > $top/tests/tests-even$even.txt 2>&1
        echo "test_gemv_shapes even=$even rc=$?"; grep -E "PASSED|FAILED|ERROR" $top/tests/tests-even$even.txt | tail -4
      done ;;
    nwaves) knob nwaves ${BUDGET_NWAVES:-150} exp/lists/tall-n-waves-20261126.txt \
      "base: even:MV_LAB_TALL_N_EVEN=1 tiled:MV_LAB_TALL_N_MINW=10000" ;;
    minm) knob minm ${BUDGET_MINM:-130} exp/lists/tall-minm-20261126.txt "base: minm:MV_LAB_TALL_MINM=4096" ;;
    flatdiv) knob flatdiv ${BUDGET_FLATDIV:-110} exp/lists/flat-t-div-20261126.txt \
      "base: div2:MV_LAB_FLAT_T_DIV=2 div4:MV_LAB_FLAT_T_DIV=4" ;;
    flatal) knob flatal ${BUDGET_FLATAL:-110} exp/lists/flat-t-aligned-20261126.txt \
      "base: fa:MV_LAB_FLAT_T_ALIGNED=1" ;;
  esac
done
