#!/usr/bin/env bash
# Issue 22's tests and checked mode on the GPU in one device call (carry
# .deps): build sm_90 (tests, mvbench), run the new test programs and
# test_gemv_batched, initcheck and synccheck over every sanitized test in
# small mode (the two tools gpu-verify adds; side by side), memcheck and
# racecheck over the new ones, `mvbench checked` and `mvbench batched`.
# Output under $OUT. usage: exp/issue22-first.sh [SECONDS]
set -u
t0=$(date +%s); budget=${1:-560}
el() { echo $(( $(date +%s) - t0 )); }
left() { echo $(( budget - $(el) )); }
. exp/device-env.sh
conf . bt > $OUT/b.txt 2>&1 \
  && cmake --build bt -j >> $OUT/b.txt 2>&1
echo "build rc=$? $(el) s"; grep -m5 -B2 -A3 "error" $OUT/b.txt
export LD_LIBRARY_PATH=$(dirname $lib)
new="test_checked test_threads test_soak test_faults test_fuzz_gpu"
for t in test_api_host $new test_gemv_batched; do
  timeout 150 bt/tests/$t > $OUT/$t.txt 2>&1; echo "$t rc=$? $(el) s"
  grep -E "PASSED|FAILED|ERROR|Failure|error|differs|calls|threads|soak|leak|memory" $OUT/$t.txt | head -12
done
sanitized=$(cd bt && ctest -N -L sanitize | sed -nE 's/^ *Test +#[0-9]+: +(.*)$/\1/p')
job() { local tool=$1; shift; for t in "$@"; do
  MATVEC_TEST_SMALL=1 MATVEC_TEST_SKIP='*_reports_cuda_error' timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 bt/tests/$t > $OUT/san-$tool-$t.txt 2>&1
  echo "$tool $t rc=$? $(el) s" >> $OUT/san-summary.txt; done; }
s_new="test_checked test_threads test_fuzz_gpu"
side=$(echo $sanitized | tr ' ' '\n' | grep -v '^test_soak$')
job initcheck $side & job synccheck $side & job memcheck $s_new & job racecheck $s_new & wait
for tool in memcheck racecheck initcheck synccheck; do job $tool test_soak; done
cat $OUT/san-summary.txt
for f in $OUT/san-*-*.txt; do grep -q "ERROR SUMMARY: 0 errors" $f || { echo "== $f"; grep -m6 -E "ERROR SUMMARY|=========  |Uninitialized|Invalid|Race|barrier" $f; }; done
l=$(left); [ $l -gt 30 ] && timeout $l bt/tools/mvbench/mvbench checked --out $OUT/csv > $OUT/checked.txt 2>&1; echo "checked rc=$? $(el) s"; cat $OUT/checked.txt
l=$(left); [ $l -gt 40 ] && timeout $l bt/tools/mvbench/mvbench batched --dtype both --op both --rounds 5 --out $OUT/csv > $OUT/batched.txt 2>&1; echo "batched rc=$? $(el) s"
grep -A3 summary $OUT/batched.txt | head
(cd $OUT && tar cf logs.tar san-*-*.txt test_*.txt csv 2>/dev/null; rm -rf san-*-*.txt test_*.txt csv)
