#!/usr/bin/env bash
# notes-gemv entry 76, second pass: split tiled-n plans (not
# tiled-n-shift's) on half their wave (MV_LAB_NHALF=1) against the
# library's, on exp/lists/nhalf2-20261127.txt (exp/nhalf2-list.py
# 202611331 4: tags by the whole wave's splits a tile, u / p128 / p64 /
# p16, and A's size, -s / -l). The first pass's lab build
# (build-bench/ab/mvbench-nhalf.gz; carry build-bench). Every other shape
# checked under the knob first; both passes. About 230 s.
set -u
. exp/carried.sh
list_checks nhalf MV_LAB_NHALF=1 exp/lists/nhalf2-20261127.txt nhalf2
LAB_BUILD=nhalf TAIL=40 knob nhalf2 ${BUDGET:-180} exp/lists/nhalf2-20261127.txt "base: h:MV_LAB_NHALF=1"
