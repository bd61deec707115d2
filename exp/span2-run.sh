#!/usr/bin/env bash
# notes-gemv entry 78, second pass: tiled-n's and tiled-t's split spans
# in whole rounds (MV_LAB_SPAN=2) against the library's, on
# exp/lists/span2-20261127.txt (exp/span-list.py 202611335 5: tags n / t
# by kernel, -a / -s / -l / -x by A's size; 35 fresh shapes). The first
# pass's lab build (build-bench/ab/mvbench-span.gz; carry build-bench).
# Every other shape checked under the knob first; both passes. About
# 240 s.
set -u
. exp/carried.sh
list_checks span MV_LAB_SPAN=2 exp/lists/span2-20261127.txt span2
LAB_BUILD=span TAIL=45 knob span2 ${BUDGET:-190} exp/lists/span2-20261127.txt "base: w:MV_LAB_SPAN=2"
