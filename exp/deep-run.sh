#!/usr/bin/env bash
# notes-gemv entry 81 (the H200's large op N calls are latency-bound:
# entry 80): tiled-n with four quads of A in flight a thread (16 loads, two
# blocks an SM; MV_LAB_DEEP=4) where the plan's blocks make one wave of
# it, from 64 MiB (d64) and from 16 MiB (d16), against the library's, on
# exp/lists/deep-20261128.txt (exp/deep-list.py 202611282 7: x from 64
# MiB, l 16-64 MiB; two of the draws' points; four of the sweep's). The
# lab exp/patches/lab-deep.patch on 406f7c9's sources
# (build-bench/ab/mvbench-deep.gz; carry build-bench). Every other shape
# checked under the knob first; both passes. About 200 s on an H200.
set -u
. exp/carried.sh
lab_pass deep deep "MV_LAB_DEEP=4 MV_LAB_DEEP_MIB=16" exp/lists/deep-20261128.txt ${BUDGET:-170} \
  "base: d64:MV_LAB_DEEP=4 d16:MV_LAB_DEEP=4,MV_LAB_DEEP_MIB=16"
