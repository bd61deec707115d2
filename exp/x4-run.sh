#!/usr/bin/env bash
# notes-gemv entry 60's test in the library: tiled-t with rounds of four
# vectors, every load of a round (A's, then x's; x off 16 bytes as the two
# aligned vectors around it) out before its first FMA, at four blocks an
# SM (exp/patches/lab-tiled-t-x4.patch; MV_LAB_X4=2 puts every tiled-t
# plan on it, the predicated-tail plans re-planned at four an SM; 1 only
# P = 256) against the same build's default on exp/lists/t-x4-20261127.txt
# (op T tiled-t points of the record build's draws from 1 MiB, four a
# power of two of bytes, and the worst plans of entries 59-60).
# Build: git worktree add /tmp/w-x4 HEAD && (cd /tmp/w-x4 && git apply
# exp/patches/lab-tiled-t-x4.patch) && exp/build-ab.sh x4 /tmp/w-x4, gzip
# it into build-bench/ab. Carry build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-300} bash exp/knob-run.sh x4 exp/lists/t-x4-20261127.txt "base: x4:MV_LAB_X4=2"
