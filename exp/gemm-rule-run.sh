#!/usr/bin/env bash
# Issue 23: the default's rule between matvec's own GEMM kernels and cuBLAS
# (gemm_blas.c) on mvbench gemm --random, the lab build $NEW (default rule)
# beside $OLD (default own: the previous rule, with the own row), seeds
# $SEEDS, 100 shapes per type, into $OUT/NAME-gSEED/ (OLD=none: NEW alone).
. exp/carried.sh
for s in ${SEEDS:-20261125 77 4242}; do
  for b in ${NEW:-rule} ${OLD:-own}; do
    [ "$b" = none ] && continue
    mkdir -p $top/$b-g$s
    t0=$(date +%s)
    build-bench/ab/mvbench-$b gemm --random ${N:-100} --dtype both --rounds 7 --seed $s --out $top/$b-g$s \
      > $top/$b-g$s/run.txt 2>&1
    echo "$b seed $s rc=$? $(( $(date +%s) - t0 )) s, FAILED: $(grep -c FAILED $top/$b-g$s/run.txt)"
    sed -n '/random summary/,/^per path/p' $top/$b-g$s/run.txt | tail -3
  done
done
