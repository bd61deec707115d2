#!/usr/bin/env bash
# notes-gemv entry 60's test in the library: tiled-t with rounds of four
# vectors, every load of a round (A's, then x's; x off 16 bytes as the two
# aligned vectors around it) out before its first FMA, and the whole
# vectors left in one predicated round of four, at four blocks an SM
# (exp/patches/lab-tiled-t-x4.patch). MV_LAB_X4=2 puts the plans of the
# one-at-a-time tail instance on it, 3 every tiled-t plan (the
# predicated-tail plans re-planned at four an SM). First mvbench random's
# checks of the lab build under MV_LAB_X4=3 (odd lda, strides), then
# knob-run against the same build's default on exp/lists/t-x4-20261127.txt
# (op T tiled-t points of the record build's draws from 1 MiB, four a
# power of two of bytes, and the worst plans of entries 59-60).
# Build: git worktree add /tmp/w-x4 HEAD && (cd /tmp/w-x4 && git apply
# exp/patches/lab-tiled-t-x4.patch) && exp/build-ab.sh x4 /tmp/w-x4, gzip
# it into build-bench/ab. Carry build-bench.
. exp/carried.sh
for opt in "" "--lda-pad 9" "--inc 3"; do
  MV_LAB_X4=3 build-bench/ab/mvbench-x4 random --seed 60 --count 40 --max-bytes 64M --variants default \
    --rounds 1 --modes cold $opt --out /tmp/x4c > /tmp/x4c.txt 2>&1
  echo "check MV_LAB_X4=3 $opt: rc=$? FAILED $(grep -c FAILED /tmp/x4c.txt) $(grep -m1 -i 'failed' /tmp/x4c.txt)"
done | tee $OUT/checks.txt
BUDGET=${BUDGET:-300} bash exp/knob-run.sh x4 exp/lists/t-x4-20261127.txt "base: x4:MV_LAB_X4=2 x4p:MV_LAB_X4=3"
