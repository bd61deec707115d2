#!/usr/bin/env bash
# The batched GEMVs' and mv_gemv_ex's first GPU look in one device call
# (carry .deps): build sm_90 with tests (cmocka from .deps), run
# test_api_host, test_gemv_batched and test_gemv_ex, compute-sanitizer
# memcheck on the two GPU tests in their small mode, then `mvbench batched`
# (both types, both ops, the default sizes, 256 MiB) and `mvbench ex`. Output
# under $OUT (the CSV in csv.tar).
# usage: exp/issue21-first.sh [SECONDS]
set -u
t0=$(date +%s); budget=${1:-540}
left() { echo $(( budget - ($(date +%s) - t0) )); }
. exp/device-env.sh
conf . bt > $OUT/b.txt 2>&1 \
  && cmake --build bt -j --target test_gemv_batched test_gemv_ex test_api_host mvbench >> $OUT/b.txt 2>&1
echo "build rc=$? $(( $(date +%s) - t0 )) s"; grep -m3 -B2 -A3 "error" $OUT/b.txt
export LD_LIBRARY_PATH=$(dirname $lib)
for t in test_api_host test_gemv_batched test_gemv_ex; do
  timeout 120 bt/tests/$t > $OUT/$t.txt 2>&1; echo "$t rc=$? $(( $(date +%s) - t0 )) s"
  grep -E "PASSED|FAILED|ERROR|Failure|error|differs|changed" $OUT/$t.txt | head -8
done
for t in test_gemv_batched test_gemv_ex; do
  MATVEC_TEST_SMALL=1 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 99 bt/tests/$t \
    > $OUT/memcheck-$t.txt 2>&1; echo "memcheck $t rc=$? $(( $(date +%s) - t0 )) s"
  grep -E "ERROR SUMMARY|PASSED|FAILED" $OUT/memcheck-$t.txt
done
mkdir -p $OUT/csv
l=$(left); [ $l -gt 30 ] && timeout $l bt/tools/mvbench/mvbench batched --dtype both --op both --rounds 5 \
  --out $OUT/csv/batched > $OUT/batched.txt 2>&1; echo "batched rc=$? $(( $(date +%s) - t0 )) s"
grep -v "^mvbench:" $OUT/batched.txt | tail -40
l=$(left); [ $l -gt 20 ] && timeout $l bt/tools/mvbench/mvbench ex --dtype both --op both --rounds 5 \
  --out $OUT/csv/ex > $OUT/ex.txt 2>&1; echo "ex rc=$? $(( $(date +%s) - t0 )) s"
grep -v "^mvbench:" $OUT/ex.txt | tail -30
(cd $OUT && tar cf csv.tar csv && rm -rf csv)
