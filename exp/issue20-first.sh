#!/usr/bin/env bash
# First device call for a changed narrow/NT kernel: build sm_90 with tests
# (cmocka from .deps), run the GEMM and GEMV-NT tests (no sanitizer), then
# exp/issue20-bench.sh with what time is left. Output under $OUT.
# usage: exp/issue20-first.sh [SECONDS]
set -u
t0=$(date +%s)
budget=${1:-560}
export PATH=$PATH:/usr/local/cuda/bin
prefix=$PWD/.deps/root; rm -rf $prefix; mkdir -p $prefix
for d in .deps/*.deb; do dpkg-deb -x $d $prefix; done
lib=$(find $prefix -name libcmocka.so | head -1)
cmake -S . -B build-gpu-verify -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=ON -DMATVEC_BUILD_PYTHON=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMOCKA_INCLUDE_DIR=$prefix/usr/include -DCMOCKA_LIBRARY=$lib > $OUT/build.txt 2>&1 \
  && cmake --build build-gpu-verify -j > $OUT/build.txt 2>&1
echo "build rc=$? after $(( $(date +%s) - t0 )) s"; grep -B2 -A3 "error" $OUT/build.txt | head -20; rm $OUT/build.txt
export LD_LIBRARY_PATH=$(dirname $lib):${LD_LIBRARY_PATH:-}
(cd build-gpu-verify && timeout 200 ctest --output-on-failure -R "${TESTS:-gemm|gemv_nt|api_host}" > $OUT/ctest.txt 2>&1)
echo "ctest rc=$? after $(( $(date +%s) - t0 )) s"; grep -E "tests passed|Failed|FAIL|\*\*\*" $OUT/ctest.txt | head -30
exp/issue20-bench.sh $(( budget - ($(date +%s) - t0) ))
