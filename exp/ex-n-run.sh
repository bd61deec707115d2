#!/usr/bin/env bash
# notes-batched entry 11's lab run (carry build-bench): mvbench ex op N,
# bf16 and fp16, the inference shapes and random ones (lda = m and padded),
# from main's build and from the lab build (the new op N kernel) with the
# rows-per-lane knob MV_LAB_EX_TX (log2 of the lanes along the rows: 5, 6,
# 7; unset: the rule), one process each, cuBLAS in every process.
# usage: exp/ex-n-run.sh [RANDOM_COUNT]
set -u
. exp/carried.sh
k=${1:-12}
run() { # name binary env...
  local n=$1 b=$2; shift 2
  s=$(date +%s)
  env "$@" build-bench/ab/mvbench-$b ex --op ${OPS:-N} --dtype both --rounds 5 --out /tmp/ex-$n > $OUT/ex-$n.txt 2>&1
  env "$@" build-bench/ab/mvbench-$b ex --op ${OPS:-N} --dtype bf16 --random $k --seed 5 --lda-pad 3 --rounds 5 --out /tmp/exr-$n > $OUT/exr-$n.txt 2>&1
  echo "$n rc=$? $(( $(date +%s) - s )) s"
}
run main main X=1
run rule lab X=1
[ -n "${TWICE:-}" ] && { run main2 main X=1; run rule2 lab X=1; }
for t in ${TXS:-6 8}; do run tx$t lab MV_LAB_EX_TX=$t; done
