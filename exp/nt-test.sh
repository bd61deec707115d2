#!/usr/bin/env bash
# test_gemv_nt (and its small mode under compute-sanitizer memcheck) from
# the working tree on the device, before a full GPU record: cmocka from
# .deps/ (scripts/gpu-verify --fetch-deps here), a Release build of that
# one target in /tmp/ntt. Carry .deps.
set -u
export PATH=$PATH:/usr/local/cuda/bin LD_LIBRARY_PATH=/usr/local/cuda/lib64
prefix=/tmp/ntdeps; rm -rf $prefix; mkdir -p $prefix
for deb in .deps/*.deb; do dpkg-deb -x "$deb" $prefix; done
lib=$(find $prefix -name 'libcmocka.so' | head -n 1)
cmake -S . -B /tmp/ntt -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=ON -DMATVEC_BUILD_PYTHON=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMOCKA_INCLUDE_DIR=$prefix/usr/include -DCMOCKA_LIBRARY=$lib > /tmp/ntt.log 2>&1 &&
  cmake --build /tmp/ntt -j16 --target test_gemv_nt >> /tmp/ntt.log 2>&1
echo "build rc=$?"; tail -3 /tmp/ntt.log
t=$(find /tmp/ntt -name test_gemv_nt -type f | head -1)
(cd $(dirname $t) && LD_LIBRARY_PATH=$(dirname $lib):$LD_LIBRARY_PATH timeout 200 $t) > $OUT/nt-test.txt 2>&1
echo "test rc=$?"; grep -E "PASSED|FAILED|ERROR|fail" $OUT/nt-test.txt | head -12
(cd $(dirname $t) && MATVEC_TEST_SMALL=1 LD_LIBRARY_PATH=$(dirname $lib):$LD_LIBRARY_PATH timeout 200 \
  compute-sanitizer --tool memcheck --error-exitcode 9 $t) > $OUT/nt-memcheck.txt 2>&1
echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|PASSED|FAILED" $OUT/nt-memcheck.txt | head -5
