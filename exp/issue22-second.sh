#!/usr/bin/env bash
# After exp/issue22-first.sh: initcheck over every sanitized test again
# (the split workspace now zeroed in mv_create), test_soak under racecheck
# (small mode: no resident-set bound), and the batched pointer form's
# element copies (float below 16 x 16, double) against the strided form.
# usage: exp/issue22-second.sh [SECONDS]   (carry .deps)
set -u
t0=$(date +%s); budget=${1:-400}
el() { echo $(( $(date +%s) - t0 )); }
. exp/device-env.sh
conf . bt > $OUT/b.txt 2>&1 \
  && cmake --build bt -j >> $OUT/b.txt 2>&1
echo "build rc=$? $(el) s"; grep -m5 -B2 -A3 "error" $OUT/b.txt
export LD_LIBRARY_PATH=$(dirname $lib)
sanitized=$(cd bt && ctest -N -L sanitize | sed -nE 's/^ *Test +#[0-9]+: +(.*)$/\1/p' | grep -v '^test_soak$')
job() { local tool=$1; shift; for t in "$@"; do
  MATVEC_TEST_SMALL=1 MATVEC_TEST_SKIP='*_reports_cuda_error' timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 bt/tests/$t > $OUT/san-$tool-$t.txt 2>&1
  echo "$tool $t rc=$? $(el) s" >> $OUT/san-summary.txt; done; }
set -- $sanitized; n=$#; h=$(( (n + 1) / 2 ))
job initcheck ${@:1:$h} & job initcheck ${@:$((h + 1))} &
timeout 150 bt/tools/mvbench/mvbench batched --sizes 2,4,8,12,16,24,32 --dtype both --op both --rounds 5 --out $OUT/csv > $OUT/batched.txt 2>&1
echo "batched rc=$? $(el) s"; wait
for tool in racecheck initcheck memcheck; do job $tool test_soak; done
sort $OUT/san-summary.txt
for f in $OUT/san-*-*.txt; do grep -q "ERROR SUMMARY: 0 errors" $f && grep -q PASSED $f || { echo "== $f"; grep -m8 -E "ERROR SUMMARY|Uninitialized|Invalid|at void|FAILED|ERROR:" $f; }; done
grep -v '^mvbench:' $OUT/batched.txt | head -60
(cd $OUT && tar cf logs.tar san-*-*.txt csv 2>/dev/null; rm -rf san-*-*.txt csv)
