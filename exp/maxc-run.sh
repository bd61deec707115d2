#!/usr/bin/env bash
# Device call for exp/patches/tall-n-maxc.patch (on 654b85d; its lab build,
# -lineinfo: carry build-bench, with ab/mvbench-maxc.gz and
# ab/tm/test_gemv_shapes). PARTS picks what runs, in order; results in
# $OUT/<part>:
#   tests   the patch's test_gemv_shapes
#   maxc    tall op N with the last wave of whole tiles under a quarter
#           full at 2-5 waves: today's even tiles (base), even tiles only
#           up to two waves (MV_LAB_TALL_N_MAXC=2), whole tiles always
#           (MV_LAB_TALL_N_FILL=0); list tall-n-maxc-20261126
#   stalls  ncu's source counters (warp stalls by line) of flat-n at float
#           127 x 24190 with today's 378 splits and with 132
#           (MV_LAB_FLAT_N_S=132): entry 44's open question
# usage: PARTS="tests maxc stalls" exp/maxc-run.sh   (about 200 s)
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
LAB_BUILD=maxc
for part in ${PARTS:-tests maxc stalls}; do
  case $part in
    tests) lab_tests tm ;;
    maxc) knob maxc ${BUDGET_MAXC:-120} exp/lists/tall-n-maxc-20261126.txt \
      "base: c2:MV_LAB_TALL_N_MAXC=2 whole:MV_LAB_TALL_N_FILL=0" ;;
    stalls)
      mkdir -p $top/stalls
      for S in 0 132; do
        MV_LAB_FLAT_N_S=$S timeout 120 ncu -k regex:flat_n --launch-skip 3 --launch-count 1 \
          --section SourceCounters --section WarpStateStats --import-source yes \
          build-bench/ab/mvbench-maxc shape 127 24190 --lda 127 --dtype s --op N --variants default \
          --rounds 1 --modes hot --out /tmp/nc > $top/stalls/flat-n-S$S.txt 2>&1
        echo "ncu S=$S rc=$?"; grep -iE "stall|Duration" $top/stalls/flat-n-S$S.txt | head -12
      done ;;
  esac
done
