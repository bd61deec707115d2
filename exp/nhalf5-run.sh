#!/usr/bin/env bash
# notes-gemv entry 76, fifth pass: split tiled-n plans (not
# tiled-n-shift's) on half their wave (MV_LAB_NHALF=1) against the
# library's, on exp/lists/nhalf5-20261127.txt (written by hand:
# the power-of-two shapes whose plan the rule changes, and the draws' two). The first
# pass's lab build (build-bench/ab/mvbench-nhalf.gz; carry build-bench).
# Every other shape checked under the knob first; both passes. About
# 200 s.
set -u
. exp/carried.sh
list_checks nhalf MV_LAB_NHALF=1 exp/lists/nhalf5-20261127.txt nhalf5
LAB_BUILD=nhalf TAIL=40 knob nhalf5 ${BUDGET:-150} exp/lists/nhalf5-20261127.txt "base: h:MV_LAB_NHALF=1"
