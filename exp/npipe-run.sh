#!/usr/bin/env bash
# notes-gemv entry 63: op N's tiled-n with the next quad's four loads of A
# out before this quad's FMAs (eight in flight a thread), at three blocks
# an SM (80 registers, no spill; at four it spilled 52-172 bytes), planned
# at its own wave (exp/patches/lab-tiled-n-pipe.patch: MV_LAB_NPIPE=1).
# First mvbench random's checks of the lab build under the knob (odd lda,
# strides), then knob-run on exp/lists/npipe-20261127.txt (op N tiled-n
# points from 8 MiB of the 449de3e record's two draws: those within 3% of
# cuBLAS or slower, and every third other). Build: git worktree add
# /tmp/w-npipe HEAD && (cd /tmp/w-npipe && git apply
# exp/patches/lab-tiled-n-pipe.patch) && exp/build-ab.sh npipe
# /tmp/w-npipe, gzip it into build-bench/ab. Carry build-bench.
. exp/carried.sh
[ -n "${NO_CHECKS:-}" ] || for opt in "" "--lda-pad 9" "--inc 3"; do
  MV_LAB_NPIPE=1 build-bench/ab/mvbench-npipe random --seed 63 --count 40 --max-bytes 64M --variants default \
    --rounds 1 --modes cold $opt --out /tmp/pc > /tmp/pc.txt 2>&1
  echo "check MV_LAB_NPIPE=1 $opt: rc=$? FAILED $(grep -c FAILED /tmp/pc.txt) $(grep -m1 -i 'failed' /tmp/pc.txt)"
done | tee $OUT/checks.txt
BUDGET=${BUDGET:-480} bash exp/knob-run.sh npipe exp/lists/${LIST:-npipe}-20261127.txt "base: pipe:MV_LAB_NPIPE=${MODE:-1}"
