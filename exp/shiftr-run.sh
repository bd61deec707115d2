#!/usr/bin/env bash
# notes-gemv Next (twenty-seventh session): op N split tiled-n plans of
# 16-64 MiB over columns off a 16-byte boundary (odd lda) read in scalar
# loads; tiled-n-shift (16-byte loads realigned) takes such columns only
# at eight rounds a split or more (entry 28, from three shapes). 8 of the
# 11 points of that class that lose to cuBLAS by more than 3% on the
# record 82340fc's draws have odd lda. The lab MV_LAB_SHIFTR=R (shift from
# R rounds; in the build of exp/patches/lab-flat-t-wide.patch) at R = 4
# and R = 1 on exp/lists/shiftr-20261127.txt: the odd-lda scalar split
# plans of 16-64 MiB of those draws and two shift plans as controls.
# Carry build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-140} bash exp/knob-run.sh flat exp/lists/shiftr-20261127.txt "base: r4:MV_LAB_SHIFTR=4 r1:MV_LAB_SHIFTR=1"
