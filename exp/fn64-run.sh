#!/usr/bin/env bash
# notes-gemv entry 77: flat-n for lda of 33-64 16-byte vectors, columns
# off 16 bytes (MV_LAB_FN64=1), against tiled-n / tiled-n-shift, on
# exp/lists/fn64-20261127.txt (exp/fn64-list.py 202611326 6: 24 fresh
# shapes, 6 a size class). The lab exp/patches/lab-fn64.patch on
# 00e4c9f's sources (build-bench/ab/mvbench-fn64.gz; carry build-bench).
# Every other shape checked under the knob first; both passes. About
# 200 s.
set -u
. exp/carried.sh
list_checks fn64 MV_LAB_FN64=1 exp/lists/fn64-20261127.txt fn64
LAB_BUILD=fn64 TAIL=32 knob fn64 ${BUDGET:-150} exp/lists/fn64-20261127.txt "base: f64:MV_LAB_FN64=1"
