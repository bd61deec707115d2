#!/usr/bin/env bash
# Op T's plan knobs on the shapes of notes-gemv entry 36's first open item
# (carry build-bench with ab/mvbench-knob.gz: launch_t reading
# MV_LAB_T_LOGP, _PRED, _PARTS, _LOOP): per line of exp/t-knob-list.txt
# (dtype m n name env...), mvbench shape cold, 5 rounds, default and
# cuBLAS, in two passes (the second in reverse order).
# usage: exp/t-knob-run.sh
set -u
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader
t0=$(date +%s)
for pass in ${PASSES:-1 2}; do
  if [ $pass = 1 ]; then cat ${LIST:-exp/t-knob-list.txt}; else tac ${LIST:-exp/t-knob-list.txt}; fi | while read dt m n name env; do
    [ $(( $(date +%s) - t0 )) -gt ${BUDGET:-540} ] && break
    env $env build-bench/ab/mvbench-knob shape $m $n --dtype $dt --op T --variants default,cublas --rounds 5 \
      --modes cold --out /tmp/tk 2>&1 | grep -E "^ *(default|cublas) " | awk -v s="$pass $dt $m $n $name" '{print s, $1, $2}'
  done
done > $OUT/knob.txt
wc -l $OUT/knob.txt
