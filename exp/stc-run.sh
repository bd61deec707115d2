#!/usr/bin/env bash
# The float tile kernel's C through shared memory where ldc is off 16 bytes
# (gemm_simt.cuh StagedC; notes-transpose-gemm.md G12), one device call
# (~3 min; carry build-bench/ab/mvbench-rec.gz, the record tree of 1dab50e,
# and mvbench-$NEW.gz, the change: stc its first form, stc2 the default):
#   1. mvbench gemm --random 100 (both types), seeds $SEEDS (default 4242
#      2027 8128), the two builds in alternating order: the own rows
#      compared shape by shape (exp/gemm-ab.py DIR $NEW rec);
#   2. square float products with odd leading dimensions (1023, 2047:
#      scalar loads, staged C) and multiples of 4 (1024, 2048), the
#      default's simt configurations as named variants, both builds.
# Into $OUT/r.tgz; summary lines on stdout.
. exp/carried.sh
r=/tmp/stc; rm -rf $r; mkdir -p $r
i=0
for s in ${SEEDS:-4242 2027 8128}; do
  builds="${NEW:-stc2} rec"; [ $((i % 2)) = 1 ] && builds="rec ${NEW:-stc2}"; i=$((i + 1))
  for b in $builds; do gemm_draw $r/$b-g$s $b $s narrow; done
done
for b in rec ${NEW:-stc2}; do
  d=$r/sq-$b; mkdir -p $d
  build-bench/ab/mvbench-$b gemm --sizes 1023,1024,2047,2048 --op NN --dtype s --rounds 5 \
    --variants simt-64x64x16,simt-128x128x8-t128 --out $d > $d/run.txt 2>&1
  echo "== square $b rc=$? FAILED $(grep -c FAILED $d/run.txt)"
  grep -E "m = n|simt" $d/run.txt | head -24
done
tar czf $OUT/r.tgz -C /tmp stc
