#!/usr/bin/env bash
# Issue 18, A >= 64 MiB: the default against the read kernel over the same
# bytes on powers of two beside their neighbours (odd m, odd n, round
# non-powers, the random draw's large losers), cold, one process a shape,
# default / cuBLAS / read kernel; lines "dtype op m n lda variant us".
# Carry build-bench (ab/mvbench-$B.gz).
#   B=head exp/bigshape-run.sh
. exp/carried.sh
mv=build-bench/ab/mvbench-${B:-head}
nvidia-smi --query-gpu=name --format=csv,noheader
while read dt op m n; do
  $mv shape $m $n --lda $m --dtype $dt --op $op --variants default,cublas,read-ceiling --rounds 5 \
    --modes cold --out /tmp/bs 2>&1 | grep -E "^ *(default|cublas|read-ceiling) " |
    awk -v s="$dt $op $m $n $m" '{print s, $1, $2}'
done <<'LIST' | tee $OUT/bigshape.txt
s N 8192 8192
s T 8192 8192
s N 8191 8192
s T 8191 8192
s N 8192 8191
s T 8192 8191
s N 8000 8000
s T 8000 8000
s N 8200 8200
s T 8200 8200
s N 16384 16384
s T 16384 16384
s N 16000 16000
s T 16000 16000
s N 51386 2521
s T 51386 2521
s N 51384 2521
s T 51384 2521
s N 41373 963
s T 41373 963
s N 41376 1024
s T 41376 1024
d N 8192 4096
d T 8192 4096
d N 8000 4000
d T 8000 4000
d N 80982 806
d T 80982 806
d N 26626 2488
d T 26626 2488
d N 128 519271
d T 128 519271
LIST
