#!/usr/bin/env bash
# notes-gemv entry 59's test: tiled-t with x's round of loads before A's
# (exp/patches/lab-tiled-t-xfirst.patch: an instance at three blocks an SM,
# 80 registers, 16 loads in flight a round; MV_LAB_XFIRST=1 puts every
# tiled-t plan on it, planned at its own wave) against the same build's
# default on exp/lists/t-xfirst-20261127.txt (the record build's draws'
# op T tiled-t points from 16 MiB with the worst time over the read
# kernel, and the tall plans of entry 59), through exp/knob-run.sh.
# Build first: git worktree add /tmp/w-xf HEAD && (cd /tmp/w-xf && git
# apply exp/patches/lab-tiled-t-xfirst.patch) && exp/build-ab.sh xfirst
# /tmp/w-xf, gzip it into build-bench/ab. Carry build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-300} bash exp/knob-run.sh xfirst exp/lists/t-xfirst-20261127.txt "base: xfirst:MV_LAB_XFIRST=1"
python3 exp/knob-compare.py $OUT/knob.txt 2>/dev/null | tail -40
