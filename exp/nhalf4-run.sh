#!/usr/bin/env bash
# notes-gemv entry 76, fourth pass: split tiled-n plans (not
# tiled-n-shift's) on half their wave (MV_LAB_NHALF=1) against the
# library's, on exp/lists/nhalf4-20261127.txt (exp/nhalf2-list.py
# 202611333 8 two: A from 64 MiB, two splits unsplit, v / o). The first
# pass's lab build (build-bench/ab/mvbench-nhalf.gz; carry build-bench).
# Every other shape checked under the knob first; both passes. About
# 200 s.
set -u
. exp/carried.sh
list_checks nhalf MV_LAB_NHALF=1 exp/lists/nhalf4-20261127.txt nhalf4
LAB_BUILD=nhalf TAIL=40 knob nhalf4 ${BUDGET:-130} exp/lists/nhalf4-20261127.txt "base: h:MV_LAB_NHALF=1"
