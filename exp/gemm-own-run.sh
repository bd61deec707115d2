#!/usr/bin/env bash
# Issue 23: mvbench gemm --random with matvec's own kernels beside the
# default and cuBLAS (the "own" row: the default's choice without cuBLAS),
# from the lab build build-bench/ab/mvbench-$BUILD (default own), seeds
# $SEEDS (N shapes per type each, default 100), into $OUT/gSEED/.
. exp/carried.sh
b=build-bench/ab/mvbench-${BUILD:-own}
for s in ${SEEDS:-20261125 77}; do
  mkdir -p $top/g$s
  t0=$(date +%s)
  $b gemm --random ${N:-100} --dtype both --rounds 7 --seed $s --out $top/g$s > $top/g$s/run.txt 2>&1
  echo "seed $s rc=$? $(( $(date +%s) - t0 )) s, FAILED: $(grep -c FAILED $top/g$s/run.txt)"
  sed -n '/random summary/,/slower than cuBLAS (/p' $top/g$s/run.txt
done
