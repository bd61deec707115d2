#!/usr/bin/env bash
# For the session after the twenty-third (notes-transpose-gemm.md G12, the
# next session's step 2): on the warm machine after the GPU record of
# simt-staged-c + mvbench-gemm-shapes + rule-nb32-stream-n (its
# build-gpu-verify kept), the record build's mvbench:
#   1. mvbench gemm --random 100 (both types), seeds $SEEDS (default 4242
#      2027 8128): the figures for gemm.md beside rec-check-20261127's;
#   2. the 32-vector forms of exp/nb32-forms-run.sh (192 shapes a type)
#      through mvbench gemm --shapes: the rule's moves as measured in the
#      lab build (exp/results/nb32r-20261127).
# ~2 min. Into $OUT/r.tgz; summary lines on stdout.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
mv=${MV:-build-gpu-verify/tools/mvbench/mvbench}
r=/tmp/next-rec; rm -rf $r; mkdir -p $r
for s in ${SEEDS:-4242 2027 8128}; do
  d=$r/g$s; mkdir -p $d
  $mv gemm --random 100 --dtype both --rounds 7 --seed $s --out $d > $d/run.txt 2>&1
  echo "== gemm seed $s rc=$? FAILED $(grep -c FAILED $d/run.txt)"
  sed -n '/random summary/,/^slower than/p' $d/run.txt
done
list=$(python3 exp/nb32-forms-list.py)
d=$r/nb32; mkdir -p $d
$mv gemm --shapes "$list" --dtype both --rounds 5 --seed 7 --out $d > $d/run.txt 2>&1
echo "== nb32 forms rc=$? FAILED $(grep -c FAILED $d/run.txt)"
sed -n '/random summary/,/^slower than/p' $d/run.txt
tar czf $OUT/r.tgz -C /tmp next-rec
