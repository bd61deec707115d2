#!/usr/bin/env bash
# One device call: scripts/gpu-verify (the record; carry .deps), then
# exp/variants-ab.sh over the carried mvbench builds with the time that is left.
# usage: exp/verify-ab.sh "NAME ..." "default,..." "s d" "N T" SECONDS ["M1xN1 ..."]
set -u
t0=$(date +%s)
scripts/gpu-verify $OUT/verify > $OUT/verify.txt 2>&1; echo "gpu-verify rc=$? after $(( $(date +%s) - t0 )) s" | tee -a $OUT/verify.txt
tail -5 $OUT/verify.txt
cp $OUT/verify/gpu-verified.txt $OUT/ 2>/dev/null; cat $OUT/gpu-verified.txt
tar czf $OUT/verify.tgz -C $OUT verify
"$(dirname "$0")/variants-ab.sh" "$1" "$2" "$3" "$4" $(( $5 - ($(date +%s) - t0) )) "${6:-}"
