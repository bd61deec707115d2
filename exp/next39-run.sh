#!/usr/bin/env bash
# The thirty-ninth session's first device call (notes-gemv entry 92's
# Next): flat-t's three safe forms side by side with the flat-t before and
# entry 91's level 2 (the fastest, but it multiplies skipped elements by
# x: an infinite x turns a column's infinity into NaN), on
# exp/lists/flatt-big-20261128.txt, both passes; every other shape checked
# under forms 1 and 2 first. build-bench/ab/mvbench-flatform.gz: the
# rewrite (exp/patches/flat-t-rewrite.patch on 01e5e10) with
# exp/patches/lab-flatform.patch (MV_LAB_FLATFORM=0 predicated sums, 1
# zero-staged x and selects for the first column, 2 selects for both
# columns); mvbench-flatlean.gz: the flat-t before, and MV_LAB_FLATLEAN=2.
# Rebuild if missing: git worktree add /tmp/rw HEAD && git -C /tmp/rw apply
# exp/patches/flat-t-rewrite.patch exp/patches/lab-flatform.patch &&
# exp/build-ab.sh flatform /tmp/rw && gzip build-bench/ab/mvbench-flatform.
# About 230 s on an H200. Carry build-bench.
set -u
. exp/carried.sh
list_checks flatform "MV_LAB_FLATFORM=1" exp/lists/flatt-big-20261128.txt form1
TAIL=40 lab_pass forms flatform "MV_LAB_FLATFORM=2" exp/lists/flatt-big-20261128.txt ${BUDGET:-170} \
  "base@flatlean: lean2@flatlean:MV_LAB_FLATLEAN=2 f0: f1:MV_LAB_FLATFORM=1 f2:MV_LAB_FLATFORM=2"
