#!/usr/bin/env bash
# The forty-first session's first device call (notes-gemv's Next, items 0
# and 1), about 450 s on an H200; carry build-bench/ab (mvbench-c4fill.gz
# and mvbench-coldeep.gz: rebuild as each run script's header says if
# missing), kind nvidia-h200, timeout 560. Results: $OUT/c4fill.tgz,
# $OUT/coldeep.tgz (at most eight files come back).
set -u
t0=$(date +%s)
BUDGET=120 bash exp/c4fill-run.sh
echo "c4fill done $(( $(date +%s) - t0 )) s"
BUDGET=150 bash exp/coldeep-run.sh
echo "coldeep done $(( $(date +%s) - t0 )) s"
