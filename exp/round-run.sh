#!/usr/bin/env bash
# notes-gemv entry 59: tiled-t's one-round tail as its own instance and
# rule (round) beside HEAD's build (head) on exp/lists/t-round-20261127.txt
# (plans that take it, and controls that keep their kernels), through
# exp/knob-run.sh. Carry build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-240} bash exp/knob-run.sh head exp/lists/t-round-20261127.txt "head@head: round@round:"
python3 exp/knob-compare.py $OUT/knob.txt 2>/dev/null | tail -25
