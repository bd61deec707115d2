#!/usr/bin/env bash
# notes-gemv entry 75: flat-n from three loops on a half or a third of its
# wave of blocks (MV_LAB_FNS=2, 3: the finish reads 2-3x fewer partial
# sums) against the whole wave, on exp/lists/fns-20261127.txt
# (exp/fns-list.py 202611323 4). The lab exp/patches/lab-fns.patch at
# d178a68 (build-bench/ab/mvbench-fns.gz; carry build-bench). Every other
# shape checked under MV_LAB_FNS=3 first; both passes. About 230 s.
set -u
. exp/carried.sh
list_checks fns MV_LAB_FNS=3 exp/lists/fns-20261127.txt
LAB_BUILD=fns TAIL=36 knob fns ${BUDGET:-160} exp/lists/fns-20261127.txt "base: h2:MV_LAB_FNS=2 h3:MV_LAB_FNS=3"
