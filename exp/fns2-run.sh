#!/usr/bin/env bash
# notes-gemv entry 75, second pass: float flat-n from three loops on half
# its wave (MV_LAB_FNS=2, what exp/patches/flat-n-half.patch does under
# 64 MiB) against the whole wave, on exp/lists/fns2-20261127.txt
# (exp/fns-list.py 202611324 6 float: 6 shapes each of 4-16, 16-40, 40-64
# and 64-160 MiB, around the patch's bound). The lab build of
# exp/fns-run.sh (build-bench/ab/mvbench-fns.gz; carry build-bench).
# Every other shape checked under the knob first; both passes. About
# 220 s.
set -u
. exp/carried.sh
list_checks fns MV_LAB_FNS=2 exp/lists/fns2-20261127.txt fns2
LAB_BUILD=fns TAIL=30 knob fns2 ${BUDGET:-170} exp/lists/fns2-20261127.txt "base: h2:MV_LAB_FNS=2"
