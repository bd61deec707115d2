#!/usr/bin/env bash
# exp/patches/batched-next on the GPU in one device call (carry .deps): build
# sm_90 with tests, run test_gemv_batched (and memcheck on it, small mode),
# then `mvbench batched` on the default sizes, the sizes around the 48 KiB
# opt-in (float 110-156, double 78-110) beside a second build whose tile
# stops at 48 KiB (sed on the device's copy, nothing kept), and a batch of
# one. Output under $OUT (the CSV in csv.tar).
# usage: exp/batched-next-run.sh [SECONDS]
set -u
t0=$(date +%s); budget=${1:-540}
left() { echo $(( budget - ($(date +%s) - t0) )); }
. exp/device-env.sh
rm -rf /tmp/src48 && mkdir /tmp/src48 && cp -r CMakeLists.txt cmake include src tools tests examples python pyproject.toml /tmp/src48/
sed -i 's/constexpr size_t kTileMax = 96 \* 1024;/constexpr size_t kTileMax = 48 * 1024;/' /tmp/src48/src/gemv/gemv_batched.cu
grep -c 'kTileMax = 48' /tmp/src48/src/gemv/gemv_batched.cu
(conf /tmp/src48 /tmp/bt48 > $OUT/b48.txt 2>&1 && cmake --build /tmp/bt48 -j 8 --target mvbench >> $OUT/b48.txt 2>&1; echo "b48 rc=$?" >> $OUT/b48.txt) &
conf . bt > $OUT/b.txt 2>&1 && cmake --build bt -j 8 --target test_gemv_batched mvbench >> $OUT/b.txt 2>&1
echo "build rc=$? $(( $(date +%s) - t0 )) s"; grep -m3 -B2 -A3 "error" $OUT/b.txt
export LD_LIBRARY_PATH=$(dirname $lib)
timeout 120 bt/tests/test_gemv_batched > $OUT/test.txt 2>&1; echo "test rc=$? $(( $(date +%s) - t0 )) s"
grep -E "PASSED|FAILED|ERROR|Failure|differs|changed" $OUT/test.txt | head -8
MATVEC_TEST_SMALL=1 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 99 bt/tests/test_gemv_batched \
  > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$? $(( $(date +%s) - t0 )) s"; grep -E "ERROR SUMMARY|PASSED|FAILED" $OUT/memcheck.txt
wait; tail -1 $OUT/b48.txt
mkdir -p $OUT/csv
b() { local tag=$1 bin=$2; shift 2; l=$(left); [ $l -gt 20 ] || { echo "$tag: no time"; return; }
  timeout $l $bin batched "$@" --out $OUT/csv/$tag > $OUT/$tag.txt 2>&1; echo "$tag rc=$? $(( $(date +%s) - t0 )) s"; }
b default bt/tools/mvbench/mvbench --dtype both --op both --rounds 5
near="--sizes 80,96,100,110,112,120,128,140,150,156 --dtype both --op both --rounds 5"
b near96 bt/tools/mvbench/mvbench $near
b near48 /tmp/bt48/tools/mvbench/mvbench $near
b one bt/tools/mvbench/mvbench --batches 1 --sizes 4096,2048x8192,8192x2048,1000x3000,3001x777,12345x1001 --dtype both --op both --rounds 5
(cd $OUT && tar cf csv.tar csv && rm -rf csv)
