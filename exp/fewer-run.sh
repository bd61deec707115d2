#!/usr/bin/env bash
# notes-gemv entry 73: split tiled-n plans under 64 MiB that entries 69 and
# 72 leave split, re-planned as halved or quartered tiles with no split,
# at most a wave at four an SM and at least 60% of the split plan's blocks
# (fewer blocks than the split plan, no chain). The lab
# exp/patches/lab-fewer.patch (MV_LAB_FEWER=60) at 23f357b. First every
# other shape of LIST checked under the knob, then LIST (default
# exp/lists/fewer-20261127.txt, exp/fewer-list.py 202611303 7: r60 0.60-0.75
# of the blocks, r75 0.75-0.95, -s under 16 MiB, -l 16-64, u columns off
# 16 bytes) base against f60, both passes; PCT=45 with
# LIST=exp/lists/fewer2-20261127.txt (exp/fewer-list.py 202611304 5 45)
# for the second pass. Carry build-bench (ab/mvbench-fewer.gz). About 200 s.
set -u
. exp/carried.sh
list=${LIST:-exp/lists/fewer-20261127.txt}
pct=${PCT:-60}
list_checks fewer MV_LAB_FEWER=$pct $list
LAB_BUILD=fewer TAIL=44 knob fewer ${BUDGET:-250} $list "base: f$pct:MV_LAB_FEWER=$pct"
