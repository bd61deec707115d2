#!/usr/bin/env bash
# The recorded run: scripts/gpu-verify (record and log under $OUT/v), then
# exp/issue20-bench.sh on the mvbench it built, with what is left of
# SECONDS (default 585). At most 8 files come back: the record, the log and
# the bench's seven.
# usage: exp/issue20-final.sh [SECONDS]
t0=$(date +%s)
budget=${1:-585}
scripts/gpu-verify $OUT/v > /dev/null 2>&1
echo "gpu-verify rc=$? after $(( $(date +%s) - t0 )) s"
grep -E "^(tests|gpu tests|python|sanitized|sanitizer|digest)" $OUT/v/gpu-verified.txt 2>/dev/null | head -12
tail -4 $OUT/v/gpu-verify.log
exp/issue20-bench.sh $(( budget - ($(date +%s) - t0) ))
