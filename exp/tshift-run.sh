#!/usr/bin/env bash
# Device calls for exp/patches/tall-shift.patch (its lab build: carry
# build-bench, with ab/mvbench-tshift.gz and ab/ts/test_gemv_shapes built
# here from the patched tree). PARTS picks what runs, in order; results in
# $OUT/<part>:
#   tests    the patch's test_gemv_shapes
#   shift    tall-t over shifted columns against the build's own path
#            (MV_LAB_TALL_SHIFT=0): x's window loaded (default, K by
#            groups * (K + 2)) or from the lane before (MV_LAB_TSHIFT_X=1,
#            K by groups * (K + 1)); exp/lists/tall-shift-b-20261126.txt
#   wide     tall-t for op T up to 4096 columns (MV_LAB_TALL_MAXN), from
#            65536 rows and from 16384 (MV_LAB_TALL_MINM): long columns
#            whose x tiled-t's one-column blocks each stream from L2;
#            tall-wide list
#   nshift   tall-n-shift for shifted tall op N against tiled-n's scalar
#            loads (MV_LAB_TALL_N_SHIFT=0); tall-n-shift list
#   (tall-t from m = 4096, flat-t's fewer columns and flat-t over aligned
#   short columns: parts minm, flatdiv, flatal of exp/waves-run.sh)
# usage: PARTS="tests shift wide" exp/tshift-run.sh   (about 460 s)
#        PARTS="nshift" exp/tshift-run.sh   (about 130 s)
set -u
. exp/carried.sh
export LD_LIBRARY_PATH=$PWD/build-bench/ab/ts:$PWD/build-bench:$LD_LIBRARY_PATH
LAB_BUILD=tshift
for part in ${PARTS:-tests shift wide}; do
  case $part in
    tests) lab_tests ts ;;
    shift) knob shift ${BUDGET_SHIFT:-240} exp/lists/tall-shift-b-20261126.txt \
      "base:MV_LAB_TALL_SHIFT=0 shift: shx:MV_LAB_TSHIFT_X=1" ;;
    wide) knob wide ${BUDGET_WIDE:-200} exp/lists/tall-wide-20261126.txt \
      "base: wide:MV_LAB_TALL_MAXN=4096 widem:MV_LAB_TALL_MAXN=4096,MV_LAB_TALL_MINM=16384" ;;
    nshift) knob nshift ${BUDGET_NSHIFT:-130} exp/lists/tall-n-shift-20261126.txt \
      "base:MV_LAB_TALL_N_SHIFT=0 nshift:" ;;
  esac
done
