#!/usr/bin/env bash
# notes-gemv entry 63: op N's tiled-n with the next quad's four loads of A
# out before this quad's FMAs (eight in flight a thread), at three blocks
# an SM (80 registers, no spill; at four it spilled 52-172 bytes), planned
# at its own wave (exp/patches/lab-tiled-n-pipe.patch: MV_LAB_NPIPE=1;
# MV_LAB_NPIPE=2 only where the four-per-SM plan's blocks fit one wave at
# three an SM, the plan unchanged). First mvbench random's checks of the
# lab build under MV_LAB_NPIPE=1 (odd lda, strides; NO_CHECKS=1 skips
# them), then knob-run of MODE (default 1) on
# exp/lists/LIST-20261127.txt: npipe (default: op N tiled-n points from 8
# MiB of the 449de3e record's two draws, those within 3% of cuBLAS or
# slower and every third other), npipe2 (45 points of those draws whose
# blocks fit that wave), npipe3 (40 fresh op N shapes of 16-512 MiB drawn
# by exp/plan-model.py, seed 20261128, whose blocks fit it: MODE=2's
# second pass). Build: git worktree add /tmp/w-npipe HEAD && (cd
# /tmp/w-npipe && git apply exp/patches/lab-tiled-n-pipe.patch) &&
# exp/build-ab.sh npipe /tmp/w-npipe, gzip it into build-bench/ab (built
# 2026-11-27: build-bench/ab/mvbench-npipe.gz). Carry build-bench.
. exp/carried.sh
[ -n "${NO_CHECKS:-}" ] || lab_checks npipe MV_LAB_NPIPE=1 63
BUDGET=${BUDGET:-480} bash exp/knob-run.sh npipe exp/lists/${LIST:-npipe}-20261127.txt "base: pipe:MV_LAB_NPIPE=${MODE:-1}"
