# Sourced by the exp/verify-*.sh scripts (not run alone): scripts/gpu-verify
# into $OUT/v (its output in $OUT/verify.txt, the tail printed), then
# $b, the verified build's mvbench, and left, the seconds left of the
# budget (the first argument of the sourcing script, default 590).
t0=$(date +%s); budget=${1:-590}
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
scripts/gpu-verify $OUT/v > $OUT/verify.txt 2>&1; echo "gpu-verify rc=$? $(( $(date +%s) - t0 )) s"
tail -15 $OUT/verify.txt
b=$PWD/build-gpu-verify/tools/mvbench/mvbench
left() { echo $(( budget - ($(date +%s) - t0) )); }
