#!/usr/bin/env bash
# notes-gemv entry 74: tiled-t without its looping grid (MV_LAB_TGRID=1,
# a block per column block) against the library's one wave of looping
# blocks, on exp/lists/tgrid-20261127.txt (exp/tgrid-list.py 202611322 7
# and three of the draws' losers). The lab exp/patches/lab-tgrid.patch at
# e81c724 (build-bench/ab/mvbench-tgrid.gz; carry build-bench). Every
# other shape checked under the knob first; both passes. About 280 s.
set -u
. exp/carried.sh
list_checks tgrid MV_LAB_TGRID=1 exp/lists/tgrid-20261127.txt
LAB_BUILD=tgrid TAIL=40 knob tgrid ${BUDGET:-220} exp/lists/tgrid-20261127.txt "base: full:MV_LAB_TGRID=1"
