#!/usr/bin/env bash
# notes-gemv entry 76, third pass: split tiled-n plans (not
# tiled-n-shift's) on half their wave (MV_LAB_NHALF=1) against the
# library's, on exp/lists/nhalf3-20261127.txt (exp/nhalf2-list.py
# 202611332 10 small: A of 2-5 MiB, a, and 5-16 MiB, b). The first
# pass's lab build (build-bench/ab/mvbench-nhalf.gz; carry build-bench).
# Every other shape checked under the knob first; both passes. About
# 200 s.
set -u
. exp/carried.sh
list_checks nhalf MV_LAB_NHALF=1 exp/lists/nhalf3-20261127.txt nhalf3
LAB_BUILD=nhalf TAIL=40 knob nhalf3 ${BUDGET:-150} exp/lists/nhalf3-20261127.txt "base: h:MV_LAB_NHALF=1"
