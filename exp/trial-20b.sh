#!/usr/bin/env bash
# A GPU look at the work20 branch (finish-unroll, nt-pipe and cublas-gemm
# patches applied) beside main at ae9319f (build-base-src/, a `git archive`
# of it, carried): builds both (sm_90), runs test_gemm and test_gemv_nt of
# the branch, then the GEMV-NT grid, default and random shapes and the multi
# random shapes on both builds in the same machine, the default GEMM beside
# cuBLAS on two square sizes, and exp/blas-alpha0-probe.cu (does cuBLAS in
# device pointer mode read A when alpha is 0?). ~6 min.
set -u
t0=$(date +%s); export PATH=$PATH:/usr/local/cuda/bin
el() { echo $(( $(date +%s) - t0 )); }
prefix=$PWD/.deps/root; rm -rf $prefix; mkdir -p $prefix
for d in .deps/*.deb; do dpkg-deb -x $d $prefix; done
lib=$(find $prefix -name libcmocka.so | head -1)
cfg="-G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_PYTHON=OFF -DCMAKE_CUDA_ARCHITECTURES=90-real"
( cmake -S . -B bt $cfg -DMATVEC_BUILD_TESTS=ON -DCMOCKA_INCLUDE_DIR=$prefix/usr/include -DCMOCKA_LIBRARY=$lib \
  && cmake --build bt -j10 --target test_gemm test_gemv_nt mvbench ) > $OUT/b.txt 2>&1 &
( cmake -S build-base-src -B bb $cfg -DMATVEC_BUILD_TESTS=OFF && cmake --build bb -j6 --target mvbench ) > $OUT/bb.txt 2>&1 &
nvcc -O2 -arch=sm_90 exp/blas-alpha0-probe.cu -lcublas -o /tmp/probe > $OUT/probe-build.txt 2>&1
wait
echo "builds done $(el) s"; grep -m3 -B2 -A3 "error" $OUT/b.txt $OUT/bb.txt
/tmp/probe > $OUT/probe.txt 2>&1; tail -1 $OUT/probe.txt; grep "read)" $OUT/probe.txt | head -5
export LD_LIBRARY_PATH=$(dirname $lib)
for t in test_gemm test_gemv_nt; do
  timeout 90 bt/tests/$t > $OUT/$t.txt 2>&1; echo "$t rc=$? $(el) s"
  grep -E "PASSED|FAILED|ERROR|Failure|differs|SKIPPED" $OUT/$t.txt | head -8
done
mkdir -p $OUT/csv
for b in bb bt; do
  mb=$b/tools/mvbench/mvbench
  timeout 60 $mb nt --grid --dtype both --rounds 3 --out $OUT/csv/$b-grid > $OUT/$b-nt-grid.txt 2>&1
  echo "$b nt-grid rc=$? $(el) s"; grep -v "^mvbench:" $OUT/$b-nt-grid.txt | tail -4
  timeout 40 $mb nt --rounds 5 --out $OUT/csv/$b-nt > $OUT/$b-nt.txt 2>&1; echo "$b nt rc=$? $(el) s"; tail -12 $OUT/$b-nt.txt
  timeout 40 $mb nt --random 40 --rounds 3 --seed 1795627053 --out $OUT/csv/$b-ntr > $OUT/$b-ntr.txt 2>&1
  echo "$b nt-random rc=$? $(el) s"; tail -5 $OUT/$b-ntr.txt
  timeout 40 $mb multi --random 8 --ks 2,8,32 --rounds 3 --seed 1795627004 --out $OUT/csv/$b-mr > $OUT/$b-mr.txt 2>&1
  echo "$b multi-random rc=$? $(el) s"; grep -A14 "^summary" $OUT/$b-mr.txt
done
for d in s d; do
  timeout 40 bt/tools/mvbench/mvbench gemm --sizes 100,1000,4096 --dtype $d --variants default --rounds 3 \
    --out $OUT/csv/gemm-$d > $OUT/gemm-$d.txt 2>&1; echo "gemm $d rc=$? $(el) s"; grep -E "^ +(cublas|default)|^(float|double)" $OUT/gemm-$d.txt
done
(cd $OUT && tar cf csv.tar csv && rm -rf csv && tar cf txt.tar *.txt && rm -f *.txt)
echo "done $(el) s"
