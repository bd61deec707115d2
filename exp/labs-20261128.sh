#!/usr/bin/env bash
# Two labs in one device call (carry build-bench): exp/ntx-run.sh (entry
# 68) then exp/flat3-run.sh (entry 67's third pass); every file under
# one tarball, the two comparisons beside it.
set -u
top=$OUT
mkdir -p /tmp/labs/ntx /tmp/labs/flat3
OUT=/tmp/labs/ntx BUDGET=${NTX_BUDGET:-320} bash exp/ntx-run.sh
OUT=/tmp/labs/flat3 BUDGET=${FLAT_BUDGET:-170} bash exp/flat3-run.sh 2>&1 | tail -30
tar czf $top/labs.tgz -C /tmp/labs .
cp /tmp/labs/ntx/ntx/compare.txt $top/ntx-compare.txt 2>/dev/null
cp /tmp/labs/flat3/knob/compare.txt $top/flat3-compare.txt 2>/dev/null
