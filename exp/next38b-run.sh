#!/usr/bin/env bash
# The thirty-eighth session's second device call (notes-gemv entry 92):
# flat-t rewritten after entry 91's lab level 2 (one kernel for every
# column length, predicated sums instead of selects, so an infinite x
# beside a skipped element stays out) built as
# build-bench/ab/mvbench-newflat (exp/build-ab.sh newflat . on the tree
# that has it; gzip) against the lab build's base (the flat-t before)
# and level 2, on exp/lists/flatt-big-20261128.txt, both passes; every
# other shape checked first. About 200 s on an H200. Carry build-bench.
set -u
. exp/carried.sh
list_checks newflat "MV_NONE=0" exp/lists/flatt-big-20261128.txt newflat
TAIL=40 LAB_BUILD=flatlean knob newflat ${BUDGET:-100} exp/lists/flatt-big-20261128.txt \
  "base: lean2:MV_LAB_FLATLEAN=2 new@newflat:"
tar czf $top/knob-log-newflat.tgz -C $top newflat/knob.txt 2>/dev/null && rm -f $top/newflat/knob.txt
