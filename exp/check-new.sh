#!/usr/bin/env bash
# Lab run on the device (carry build-bench): the carried test_gemv_shapes
# (full mode, then memcheck in small mode), then the shapes with each
# carried mvbench build. Everything into $OUT.
# usage: exp/check-new.sh "NAME ..." "dt:op:MxN[:lda] ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib:$PWD/build-bench
for t in build-bench/test_gemv_*; do
  [ -x $t ] || continue; n=$(basename $t)
  s=$(date +%s); $t > $OUT/$n.txt 2>&1; echo "$n rc=$? $(( $(date +%s) - s )) s"; grep -E "PASSED|FAILED|ERROR|seed" $OUT/$n.txt | head -20
  s=$(date +%s); MATVEC_TEST_SMALL=1 compute-sanitizer --tool memcheck --error-exitcode 99 $t > $OUT/memcheck-$n.txt 2>&1
  echo "memcheck $n rc=$? $(( $(date +%s) - s )) s"; grep -E "ERROR SUMMARY|FAILED|PASSED" $OUT/memcheck-$n.txt | tail -5
done
for sh in $2; do
  IFS=: read dt op mn lda <<< "$sh"
  for b in $1; do
    build-bench/ab/mvbench-$b shape ${mn%x*} ${mn#*x} --dtype $dt --op $op ${lda:+--lda $lda} --variants ${VARIANTS:-default} --rounds 7 --out /tmp/o \
      | grep -E "^(float|double)|^  (cublas|default|tiled)" | grep -v cublas-aa | sed "s/^/$b $dt $op $mn${lda:+ lda $lda} | /"
  done
done 2>&1 | tee $OUT/shapes.txt | awk '/cold/{c=1} /hot/{c=0} c' | awk '{print $1,$2,$3,$4,$5,$6,$7,$8,$NF-0, $(NF-1), $(NF-5)}'
# SWEEP=1: the quick sweep (default beside cuBLAS) for each build and type.
if [ "${SWEEP:-0}" = 1 ]; then
  for dt in s d; do for b in $1; do
    build-bench/ab/mvbench-$b sweep --quick --dtype $dt --variants default --out /tmp/sw-$b-$dt > $OUT/sweep-$b-$dt.txt 2>&1
    echo "sweep $b $dt rc=$?"; grep -A4 "sweep summary" $OUT/sweep-$b-$dt.txt | grep -E "summary|default"
  done; done
fi
