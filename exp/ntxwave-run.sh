#!/usr/bin/env bash
# notes-gemv entry 95's lab: unsplit tiled-n plans just past a whole wave
# (exp/lists/ntxwave-20261129.txt, exp/ntxwave-list.py 202611295 5 plus
# four of the draws': tags p1, p2, u1, m1, draw) with tiles of half the
# height (h1: twice the tiles), a quarter (h2), twice (d1: half the
# tiles, one wave of about two an SM) and twice in the pipelined instance
# (d1p). build-bench/ab/mvbench-ntxwave.gz: 4ec9f87 with
# exp/patches/lab-ntxwave.patch (MV_LAB_NTX=d, MV_LAB_NPIPE=1; rebuild if
# missing: git worktree add /tmp/nw 4ec9f87 && git -C /tmp/nw apply
# $PWD/exp/patches/lab-ntxwave.patch && exp/build-ab.sh ntxwave /tmp/nw &&
# gzip build-bench/ab/mvbench-ntxwave). H200, cold, both passes, BUDGET
# (160) s plus the checks. Carry build-bench.
set -u
. exp/carried.sh
lab_pass ntxwave ntxwave "MV_LAB_NTX=-1" exp/lists/ntxwave-20261129.txt ${BUDGET:-160} \
  "base: h1:MV_LAB_NTX=-1 h2:MV_LAB_NTX=-2 d1:MV_LAB_NTX=1 d1p:MV_LAB_NTX=1,MV_LAB_NPIPE=1"
list_checks ntxwave "MV_LAB_NTX=1 MV_LAB_NPIPE=1" exp/lists/ntxwave-20261129.txt ntxwave-d1p
