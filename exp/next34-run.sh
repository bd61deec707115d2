#!/usr/bin/env bash
# Entry 78's two passes in one device call (carry build-bench: the lab
# build ab/mvbench-span.gz, built here): exp/span-run.sh (33 shapes,
# about 230 s), exp/span2-run.sh (35 fresh shapes, about 240 s), and the
# six shapes of the paper's sweep whose plan whole spans change
# (exp/lists/span3-20261127.txt, target 4; about 60 s). Results under
# $OUT/span, $OUT/span2 and $OUT/span3; at most 8 files come back, so the
# knob logs and gpu.txt files past the first are dropped (compare.txt
# holds the figures).
set -u
bash exp/span-run.sh
bash exp/span2-run.sh
. exp/carried.sh
LAB_BUILD=span TAIL=10 knob span3 ${BUDGET3:-50} exp/lists/span3-20261127.txt "base: w:MV_LAB_SPAN=2"
rm -f $OUT/span/knob.txt $OUT/span2/knob.txt $OUT/span3/knob.txt $OUT/span2/gpu.txt $OUT/span3/gpu.txt
