#!/usr/bin/env bash
# notes-gemv Next (twenty-seventh session): flat-t over columns of 65-256
# 16-byte vectors. flat-t reads op T's columns off a 16-byte boundary as
# one flat run (512 contiguous bytes a warp load) where tiled-t gives each
# column's head scalar loads and x scalar loads beside them; it stops at
# columns of 64 vectors (x staged in shared memory up to lda of 96). The
# record 82340fc's draws lose to cuBLAS on such columns from 64 MiB (float
# 390 x 207971 1.049x, 575 x 206565 1.048x, 641 x 173063 1.066x, 1017 x
# 42531 1.072x: tiled-t's predicated tail). The lab
# (exp/patches/lab-flat-t-wide.patch, on top of
# exp/patches/pipe-t-wide-n.patch: x's shared array for lda up to 256
# vectors, MV_LAB_FLAT=N takes columns and lda of up to N vectors; unset,
# the library's rule) on exp/lists/flat-20261127.txt: the unaligned op T
# shapes of 65-256 vectors a column from the record's two draws whose
# flat-t blocks make 1.25 waves (39) and four controls that flat-t takes
# already. Desk-checked: `FULL=1 MV_LAB_FLAT=256 exp/emu/run-fast.sh
# TREE DIR 150 6` (the whole default path on the CPU emulator) passes,
# flat-t taking columns of 65-256 vectors in 10 of 79 runs of a counting
# copy. First mvbench random's checks under the knob (NO_CHECKS=1
# skips them), then knob-run. Build: git worktree add /tmp/w-flat HEAD &&
# (cd /tmp/w-flat && git apply exp/patches/pipe-t-wide-n.patch
# exp/patches/lab-flat-t-wide.patch) && exp/build-ab.sh flat /tmp/w-flat,
# gzip it into build-bench/ab (built 2026-11-27: mvbench-flat.gz, with
# the knobs of exp/thinw-run.sh and exp/nwide2-run.sh). Carry
# build-bench.
. exp/carried.sh
[ -n "${NO_CHECKS:-}" ] || lab_checks flat MV_LAB_FLAT=256 66
BUDGET=${BUDGET:-240} bash exp/knob-run.sh flat exp/lists/flat-20261127.txt "base: flat:MV_LAB_FLAT=256"
