#!/usr/bin/env bash
# The batched GEMVs' first GPU look in one device call (carry .deps): build
# sm_90 with tests (cmocka from .deps), run test_gemv_batched and
# test_api_host, compute-sanitizer memcheck on test_gemv_batched in its
# small mode, then `mvbench batched` (both types, both ops, the default
# sizes, 256 MiB) and the batch-of-one check against mvbench shape. Output
# under $OUT (the CSV in csv.tar).
# usage: exp/issue21-first.sh [SECONDS]
set -u
t0=$(date +%s); budget=${1:-540}
export PATH=$PATH:/usr/local/cuda/bin
left() { echo $(( budget - ($(date +%s) - t0) )); }
prefix=$PWD/.deps/root; rm -rf $prefix; mkdir -p $prefix
for d in .deps/*.deb; do dpkg-deb -x $d $prefix; done
lib=$(find $prefix -name libcmocka.so | head -1)
cmake -S . -B bt -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=ON -DMATVEC_BUILD_PYTHON=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMOCKA_INCLUDE_DIR=$prefix/usr/include -DCMOCKA_LIBRARY=$lib > $OUT/b.txt 2>&1 \
  && cmake --build bt -j --target test_gemv_batched test_api_host mvbench >> $OUT/b.txt 2>&1
echo "build rc=$? $(( $(date +%s) - t0 )) s"; grep -m3 -B2 -A3 "error" $OUT/b.txt
export LD_LIBRARY_PATH=$(dirname $lib)
for t in test_api_host test_gemv_batched; do
  timeout 120 bt/tests/$t > $OUT/$t.txt 2>&1; echo "$t rc=$? $(( $(date +%s) - t0 )) s"
  grep -E "PASSED|FAILED|ERROR|Failure|error|differs|changed" $OUT/$t.txt | head -8
done
MATVEC_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 99 bt/tests/test_gemv_batched \
  > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$? $(( $(date +%s) - t0 )) s"; grep -E "ERROR SUMMARY|PASSED|FAILED" $OUT/memcheck.txt
mkdir -p $OUT/csv
l=$(left); [ $l -gt 30 ] && timeout $l bt/tools/mvbench/mvbench batched --dtype both --op both --rounds 5 \
  --out $OUT/csv/batched > $OUT/batched.txt 2>&1; echo "batched rc=$? $(( $(date +%s) - t0 )) s"
grep -v "^mvbench:" $OUT/batched.txt | tail -60
(cd $OUT && tar cf csv.tar csv && rm -rf csv)
