#!/usr/bin/env bash
# notes-gemv entry 59: tiled-t's one-at-a-time tail as one clamped round
# (clamp), and with the predicated-tail instance left unused (nopred),
# beside HEAD's build (head), on exp/lists/t-tail-20261127.txt (op T plans
# of tiled-t, both instances, from the docs' draw, and 8000-row columns),
# through exp/knob-run.sh. Carry build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-300} bash exp/knob-run.sh head exp/lists/t-tail-20261127.txt "head@head: clamp@clamp: nopred@nopred:"
python3 exp/knob-compare.py $OUT/knob.txt | tail -45
