#!/usr/bin/env bash
# Issue 18, A >= 64 MiB (notes-gemv entry 60): is the loss of the tall
# plans against the read kernel a cold call's (L2 flushed: x's first
# touch, TLB) or the kernel's in steady state? The default, cuBLAS and
# the read kernel over the same bytes, cold and hot, one process a shape;
# lines "dtype op m n mode variant us". Carry build-bench (ab/mvbench-$B.gz).
#   B=head exp/coldhot-run.sh
. exp/carried.sh
mv=build-bench/ab/mvbench-${B:-head}
nvidia-smi --query-gpu=name --format=csv,noheader
while read dt op m n; do
  $mv shape $m $n --lda $m --dtype $dt --op $op --variants default,cublas,read-ceiling --rounds 5 \
    --modes both --out /tmp/ch > /tmp/ch.txt 2>&1
  awk -v s="$dt $op $m $n" '/cold/{mode="cold"} /hot/{mode="hot"} /^ *(default|cublas|read-ceiling) /{print s, mode, $1, $2}' /tmp/ch.txt
done <<'LIST' | tee $OUT/coldhot.txt
s T 641987 68
s T 109765 237
s T 189142 227
d T 32322 158
s T 41373 963
s T 51386 2521
s N 51386 2521
s N 41373 963
d T 9564 1374
d T 20133 1082
d N 80982 806
s T 8000 8000
s T 8192 8192
LIST
