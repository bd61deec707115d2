#!/usr/bin/env bash
# notes-gemv entry 74, two labs in one build (exp/patches/lab-ntxup.patch
# at e81c724, build-bench/ab/mvbench-ntxup.gz; carry build-bench):
# - up1: split tiled-n plans that the library leaves split, with tiles
#   twice as tall, splits planned again (MV_LAB_NTXUP=1), on
#   exp/lists/ntxup-20261127.txt (exp/ntxup-list.py 202611321 6, tags v/o
#   by 16-byte or scalar loads, -s/-l/-x by A's size, and two of the
#   draws' losers);
# - nof: entry 73's third pass off (MV_LAB_NOFEWER=1) on 8-16 MiB shapes
#   where it fires (exp/lists/nofewer-20261127.txt).
# Every other shape of each list checked under its knob first; both
# passes. About 330 s.
set -u
. exp/carried.sh
list_checks ntxup MV_LAB_NTXUP=1 exp/lists/ntxup-20261127.txt up1
list_checks ntxup MV_LAB_NOFEWER=1 exp/lists/nofewer-20261127.txt nof
LAB_BUILD=ntxup TAIL=40 knob up1 ${BUDGET:-230} exp/lists/ntxup-20261127.txt "base: up1:MV_LAB_NTXUP=1"
LAB_BUILD=ntxup TAIL=16 knob nof ${BUDGET2:-60} exp/lists/nofewer-20261127.txt "base: nof:MV_LAB_NOFEWER=1"
