#!/usr/bin/env bash
# The thirty-eighth session's third device call (notes-gemv entry 92):
# the lab build build-bench/ab/mvbench-flatform (exp/patches/lab-flatform.patch
# on the tree of the flat-t rewrite: MV_LAB_FLATFORM=1 stages x with zeros
# after lda - 1 and sums the first column by selects of A, the form of
# entry 91's level 2 made safe for an infinite x; MV_LAB_FLATFORCE=1 takes
# flat-t below its wave bounds) against the flat-t before
# (build flatlean's base) and the rewrite's predicated form (flatform, no
# knob), on exp/lists/flatt-big-20261128.txt; then forced flat-t against
# the default on exp/lists/flatt-bound-half-20261129.txt. Checks first.
# About 200 s on an H200. Carry build-bench.
set -u
. exp/carried.sh
list_checks flatform "MV_LAB_FLATFORM=1" exp/lists/flatt-big-20261128.txt zero
list_checks flatform "MV_LAB_FLATFORCE=1" exp/lists/flatt-bound-half-20261129.txt force
TAIL=40 LAB_BUILD=flatform knob form ${BUDGET:-80} exp/lists/flatt-big-20261128.txt \
  "base@flatlean: pred: zero:MV_LAB_FLATFORM=1"
tar czf $top/knob-log-form.tgz -C $top form/knob.txt 2>/dev/null && rm -f $top/form/knob.txt
TAIL=20 LAB_BUILD=flatform knob force ${BUDGET2:-45} exp/lists/flatt-bound-half-20261129.txt \
  "zero:MV_LAB_FLATFORM=1 zforce:MV_LAB_FLATFORM=1,MV_LAB_FLATFORCE=1"
tar czf $top/knob-log-force.tgz -C $top force/knob.txt 2>/dev/null && rm -f $top/force/knob.txt
