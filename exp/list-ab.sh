#!/usr/bin/env bash
# Two builds on a list of shapes (exp/changed-shapes.py's lines: dtype m n
# lda tag), mvbench shape cold, 5 rounds, default and cuBLAS, the builds
# alternating per shape and the order reversed in the second pass; then
# exp/list-compare.py. Carry build-bench (ab/mvbench-BASE.gz, ab/mvbench-LAB.gz).
# usage: OP=T BUDGET=s exp/list-ab.sh BASE LAB LIST
set -u
base=$1 lab=$2 list=$3
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
t0=$(date +%s)
for pass in 1 2; do
  if [ $pass = 1 ]; then order="$base $lab" rd=cat; else order="$lab $base" rd=tac; fi
  $rd $list | while read dt m n lda tag; do
    [ $(( $(date +%s) - t0 )) -gt ${BUDGET:-480} ] && break
    for b in $order; do
      build-bench/ab/mvbench-$b shape $m $n --lda $lda --dtype $dt --op ${OP:-T} --variants default,cublas \
        --rounds 5 --modes cold --out /tmp/la 2>&1 | grep -E "^ *(default|cublas) " |
        awk -v s="$pass $b $dt $m $n $lda $tag" '{print s, $1, $2}'
    done
  done
done > $OUT/list-ab.txt
echo "$(wc -l < $OUT/list-ab.txt) lines in $(( $(date +%s) - t0 )) s"
python3 exp/list-compare.py $OUT/list-ab.txt $base $lab | tee $OUT/compare.txt
