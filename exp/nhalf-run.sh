#!/usr/bin/env bash
# notes-gemv entry 76: split tiled-n and tiled-n-shift plans that the
# library leaves split, planned again on half their wave (about half the
# splits, each twice as long: MV_LAB_NHALF=2), against the library's, on
# exp/lists/nhalf-20261127.txt (exp/nhalf-list.py 202611325 3: tags v / o
# / sh by kernel and loads, -s / -l / -x by A's size; and six of the
# draws' losers). Model (entry 75's flat-n): fewer blocks' ends and a
# shorter finish against fewer bytes in flight. The lab
# exp/patches/lab-nhalf.patch on 00e4c9f's sources
# (build-bench/ab/mvbench-nhalf.gz; carry build-bench). Every other
# shape checked under the knob first; both passes. About 230 s.
set -u
. exp/carried.sh
list_checks nhalf MV_LAB_NHALF=2 exp/lists/nhalf-20261127.txt nhalf
LAB_BUILD=nhalf TAIL=40 knob nhalf ${BUDGET:-180} exp/lists/nhalf-20261127.txt "base: h:MV_LAB_NHALF=2"
