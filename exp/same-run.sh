#!/usr/bin/env bash
# notes-gemv entry 72: split tiled-n plans under 64 MiB whose halved, else
# quartered, tiles need no split and make 19/20 to all of the split plan's
# blocks (the same grid without the split's chain), in the bands entry 69
# left: under the pipelined window (lo) and between it and a full plain
# wave (mid), and columns off 16 bytes (u). The lab
# exp/patches/lab-same-grid.patch (MV_LAB_SAME=1) at 67caefb. First every
# other shape of LIST checked under the knob, then LIST base against same,
# both passes. LIST: exp/lists/same-20261127.txt (exp/same-list.py
# 202611301 8; the second pass of entry 72 took same2-20261127.txt,
# 202611302 6). Carry build-bench (ab/mvbench-same.gz). About 150 s.
set -u
. exp/carried.sh
list=${LIST:-exp/lists/same-20261127.txt}
list_checks same MV_LAB_SAME=1 $list
LAB_BUILD=same TAIL=40 knob same ${BUDGET:-250} $list "base: same:MV_LAB_SAME=1"
