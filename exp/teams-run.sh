#!/usr/bin/env bash
# Row teams of the narrow kernels (stream-t on fewer columns than a block
# takes, stream-n on sums of <= 16 columns): lab build "teams2" beside
# "main" (carry build-bench/ab/mvbench-{teams2,main}.gz; ~5 min):
#   1. tall A (300000 rows) of 3, 16, 24, 64, 128 columns (and 60000 x 8,
#      10^6 x 32), both types and ops,
#      k = 2..32, the own path ("default" variant) beside the default and
#      cuBLAS; 16384^2 at k = 2, 8, 32 as the control (one team there);
#   2. mvbench multi --random 8 (A of 64-512 MiB);
#   3. mvbench gemm --random 100 for two seeds.
# Everything tarred into $OUT/r.tgz. NEW=name (default teams2) and
# NEW_BIN=path (a build to copy there, e.g. the GPU record's mvbench),
# TALL="ROWSxCOLS ...", NO_MR=1 (no multi --random), SEEDS="a b".
. exp/carried.sh
r=/tmp/teams; rm -rf $r; mkdir -p $r
sq() { grep -E "^(float|double) op|^ +[0-9]+ " "$1" | sed 's/  */ /g'; }
[ -n "${NEW_BIN:-}" ] && cp "$NEW_BIN" build-bench/ab/mvbench-${NEW:-teams2}
for b in ${NEW:-teams2} main; do
  for rc in ${TALL:-300000x3 300000x16 300000x24 300000x64 300000x128 60000x8 1000000x32}; do
    c=${rc#*x}; d=$r/$b-tall-$rc; mkdir -p $d
    build-bench/ab/mvbench-$b multi --rows ${rc%x*} --cols $c --ks 2,4,8,16,32 --rounds 5 --seed 1 \
      --variants default --out $d > $d/run.txt 2>&1
    echo "== $b tall $rc rc=$? FAILED $(grep -c FAILED $d/run.txt)"; sq $d/run.txt
  done
  d=$r/$b-sq; mkdir -p $d
  build-bench/ab/mvbench-$b multi --ks 2,8,32 --rounds 5 --seed 1 --variants default --out $d > $d/run.txt 2>&1
  echo "== $b 16384^2 rc=$? FAILED $(grep -c FAILED $d/run.txt)"; sq $d/run.txt
  [ -n "${NO_MR:-}" ] && continue
  d=$r/$b-mr; mkdir -p $d
  build-bench/ab/mvbench-$b multi --random 8 --ks 2,8,32 --rounds 5 --seed 77 --variants default --out $d > $d/run.txt 2>&1
  echo "== $b multi random rc=$? FAILED $(grep -c FAILED $d/run.txt)"; grep -v "^\[" $d/run.txt | tail -30
done
for s in ${SEEDS:-4242 8128}; do
  for b in ${NEW:-teams2} main; do
    gemm_draw $r/$b-g$s $b $s
  done
done
tar czf $OUT/r.tgz -C /tmp teams
