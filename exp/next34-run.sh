#!/usr/bin/env bash
# Entry 78's two passes in one device call (carry build-bench: the lab
# build ab/mvbench-span.gz, built here): exp/span-run.sh (33 shapes,
# about 230 s) and exp/span2-run.sh (35 fresh shapes, about 240 s).
# Results under $OUT/span and $OUT/span2; at most 8 files come back, so
# the knob logs are dropped (compare.txt holds the figures).
set -u
bash exp/span-run.sh
bash exp/span2-run.sh
rm -f $OUT/span/knob.txt $OUT/span2/knob.txt
