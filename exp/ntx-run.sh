#!/usr/bin/env bash
# notes-gemv entry 68: tiled-n's rows a tile moved by the lab knob
# MV_LAB_NTX (build-bench/ab/mvbench-ntx.gz: exp/patches/lab-ntx.patch on
# 0ef0445) over exp/lists/ntx-20261128.txt: unsplit plans of 3-4 blocks an
# SM (U), split plans of 2-8 tiles whose last tile is short (S), split
# plans of one wave at 16-64 MiB (W); each from the record's draws and
# fresh. Carry build-bench. About 330 s.
set -u
. exp/carried.sh
LAB_BUILD=ntx TAIL=45 knob ntx ${BUDGET:-330} exp/lists/ntx-20261128.txt "base: m1:MV_LAB_NTX=-1 m2:MV_LAB_NTX=-2"
