#!/usr/bin/env bash
# A first GPU look at exp/patches applied on a branch (`git am` them, then
# run this in one device call, carry .deps): builds test_gemm and mvbench
# for sm_90 only, runs test_gemm, and replays the random GEMV-NT shapes of
# the e674a16 run (seed 1795627053) for the finish-unroll patch. ~2.5 min.
set -u
t0=$(date +%s); export PATH=$PATH:/usr/local/cuda/bin
prefix=$PWD/.deps/root; rm -rf $prefix; mkdir -p $prefix
for d in .deps/*.deb; do dpkg-deb -x $d $prefix; done
lib=$(find $prefix -name libcmocka.so | head -1)
cmake -S . -B bt -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=ON -DMATVEC_BUILD_PYTHON=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMOCKA_INCLUDE_DIR=$prefix/usr/include -DCMOCKA_LIBRARY=$lib > $OUT/b.txt 2>&1 \
  && cmake --build bt -j --target test_gemm mvbench >> $OUT/b.txt 2>&1
echo "build rc=$? $(( $(date +%s) - t0 )) s"; grep -m3 -B2 -A3 "error" $OUT/b.txt
export LD_LIBRARY_PATH=$(dirname $lib)
timeout 40 bt/tests/test_gemm > $OUT/t.txt 2>&1; echo "test_gemm rc=$? $(( $(date +%s) - t0 )) s"
grep -E "PASSED|FAILED|ERROR|Failure|differs|fail" $OUT/t.txt | head -12
timeout 25 bt/tools/mvbench/mvbench nt --random 40 --rounds 3 --seed 1795627053 --out $OUT > $OUT/nt.txt 2>&1
echo "nt rc=$?"; grep -E "^(float|double):" $OUT/nt.txt
