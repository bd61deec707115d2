#!/usr/bin/env bash
# notes-gemv entry 78: tiled-n's and tiled-t's split spans in whole rounds
# (MV_LAB_SPAN=2: a split's span a whole number of rounds, the fewest
# splits for that many; today a span of n / s columns rounded up to a quad
# leaves most splits a second round of a few loads: float N 257 x 2110,
# 59 splits of 36 columns against a round of 32) against the library's,
# on exp/lists/span-20261127.txt (exp/span-list.py 202611334 4: tags n /
# t by kernel, -a / -s / -l / -x by A's size, and five of the draws'
# points). The lab exp/patches/lab-span.patch on 7bb7fde's sources
# (build-bench/ab/mvbench-span.gz; carry build-bench). Every other shape
# checked under the knob first; both passes. About 230 s.
set -u
. exp/carried.sh
list_checks span MV_LAB_SPAN=2 exp/lists/span-20261127.txt span
LAB_BUILD=span TAIL=40 knob span ${BUDGET:-180} exp/lists/span-20261127.txt "base: w:MV_LAB_SPAN=2"
