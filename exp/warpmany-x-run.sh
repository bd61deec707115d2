#!/usr/bin/env bash
# notes-gemv entry 89's second list (exp/lists/warpmany-x-20261128.txt:
# x of 32-64 KiB), no checks (the first list's 18 were clean), both
# passes. ~60 s. Carry build-bench (mvbench-warpmany.gz).
set -u
. exp/carried.sh
LAB_BUILD=warpmany TAIL=14 knob warpmanyx ${BUDGET:-70} exp/lists/warpmany-x-20261128.txt "base: w:MV_LAB_WARPMANY=1"
rm -f $OUT/*/gpu.txt $OUT/*/knob.txt
