#!/usr/bin/env bash
# notes-gemv entry 87: op N tiles of whole-block runs (gemv_stream_n, 4 KB
# of each column a block; MV_LAB_STREAM=k: its tiles split into k waves of
# its blocks at most), from 16 MiB, against the library's, on
# exp/lists/stream-20261128.txt (exp/stream-list.py 202611287 5: v/o
# aligned or not, -m 16-64 MiB, -x from 64; four of the draws' losers,
# entry 86's two ncu shapes, three of the sweep's). The lab
# exp/patches/lab-stream.patch on 6f4da30's sources (build-bench/ab/
# mvbench-stream.gz; carry build-bench). Every other shape checked under
# the knob first; both passes. About 250 s on an H200.
set -u
. exp/carried.sh
TAIL=40 lab_pass stream stream "MV_LAB_STREAM=1 MV_LAB_STREAM_MIB=16" exp/lists/stream-20261128.txt ${BUDGET:-220} \
  "base: s1:MV_LAB_STREAM=1,MV_LAB_STREAM_MIB=16 s2:MV_LAB_STREAM=2,MV_LAB_STREAM_MIB=16"
rm -f $OUT/*/gpu.txt
