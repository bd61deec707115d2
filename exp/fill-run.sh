#!/usr/bin/env bash
# notes-gemv entry 88: entry 87's stream lab (build-bench/ab/mvbench-stream.gz,
# carry build-bench) from 64 MiB on fresh op N shapes tagged by
# tiled-n's plan: lo (unsplit, blocks under 85% of whole rounds of the
# SMs) or hi (exp/fill-list.py 202611288 10 = exp/lists/fill-20261128.txt).
# Every other shape checked under the knob first; both passes. ~200 s.
set -u
. exp/carried.sh
TAIL=30 lab_pass fill stream "MV_LAB_STREAM=1" exp/lists/fill-20261128.txt ${BUDGET:-200} \
  "base: s1:MV_LAB_STREAM=1 s2:MV_LAB_STREAM=2"
