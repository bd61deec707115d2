#!/usr/bin/env bash
# A lab build's knobs (environment variables) on a list of shapes: per
# line of LIST (dtype op m n lda tag) and per knob setting of KNOBS
# (name:VAR=value,VAR=value or name: for none), `mvbench shape` cold,
# 5 rounds, default and cuBLAS; two passes, the second in reverse order,
# within BUDGET seconds. Carry build-bench (ab/mvbench-BUILD.gz).
# usage: BUDGET=s exp/knob-run.sh BUILD LIST "KNOB..."
set -u
build=$1 list=$2 knobs=$3
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
t0=$(date +%s)
for pass in 1 2; do
  if [ $pass = 1 ]; then rd=cat; else rd=tac; fi
  $rd $list | while read dt op m n lda tag; do
    [ $(( $(date +%s) - t0 )) -gt ${BUDGET:-480} ] && break
    for k in $knobs; do
      name=${k%%:*} env=$(echo ${k#*:} | tr ',' ' ')
      env $env build-bench/ab/mvbench-$build shape $m $n --lda $lda --dtype $dt --op $op --variants default,cublas \
        --rounds 5 --modes cold --out /tmp/kr 2>&1 | grep -E "^ *(default|cublas) " |
        awk -v s="$pass $dt $op $m $n $lda $tag $name" '{print s, $1, $2}'
    done
  done
done > $OUT/knob.txt
echo "$(wc -l < $OUT/knob.txt) lines in $(( $(date +%s) - t0 )) s"
