#!/usr/bin/env bash
# On the warm machine after a GPU record (its build-gpu-verify kept): the
# record build's mvbench over the stream-t splits with row teams that the
# rule now takes (gemm_blas.c, kTeamsMaxStepsD; notes G10 Next 1): float
# 10^6 x 3 (17 rounds, under 16 MiB), double 600000 x 3 (19), 10^6 x 3 and
# 300000 x 8/16; then mvbench gemm --random 100, seeds $SEEDS (default 4242
# 2027). Into $OUT/r.tgz; summary lines on stdout.
#   exp/rec-check-run.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
mv=${MV:-build-gpu-verify/tools/mvbench/mvbench}
r=/tmp/rec-check; rm -rf $r; mkdir -p $r
row() { grep -E "^(float|double) op|^ +[0-9]+ " "$1" | awk '{ if ($1 ~ /float|double/) print "  " $1, $2, $3; else print "    k", $1, "public", $2, "cublas", $4, "own", $(NF-2)}'; }
for spec in s:1000000x3 s:300000x3 d:600000x3 d:1000000x3 d:300000x8 d:300000x16 d:100000x16; do
  dt=${spec%%:*} rc=${spec#*:}; d=$r/t-$dt-$rc; mkdir -p $d
  $mv multi --rows ${rc%x*} --cols ${rc#*x} --ks 2,4,8,16 --op T --dtype $dt --rounds 5 --seed 1 \
    --variants default --out $d > $d/run.txt 2>&1
  echo "== $dt op T $rc rc=$? FAILED $(grep -c FAILED $d/run.txt)"; row $d/run.txt
done
for s in ${SEEDS:-4242 2027}; do
  d=$r/g$s; mkdir -p $d
  $mv gemm --random 100 --dtype both --rounds 7 --seed $s --out $d > $d/run.txt 2>&1
  echo "== gemm seed $s rc=$? FAILED $(grep -c FAILED $d/run.txt)"
  grep -E "^ *(float|double) +all" $d/run.txt
done
tar czf $OUT/r.tgz -C /tmp rec-check
