#!/usr/bin/env bash
# Entries 81 and 82 in one device call (carry build-bench: the lab build
# ab/mvbench-deep.gz of 406f7c9 with exp/patches/lab-deep.patch and
# lab-flatt.patch, built here by exp/build-ab.sh): exp/deep-run.sh (~200
# s) then exp/flatt-run.sh (~150 s); results under $OUT/deep and
# $OUT/flatt (compare.txt holds the figures), the checks beside them.
set -u
bash exp/deep-run.sh
bash exp/flatt-run.sh
rm -f $OUT/deep/gpu.txt
