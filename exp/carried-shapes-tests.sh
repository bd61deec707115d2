#!/usr/bin/env bash
# The carried build-bench/test_gemv_shapes on the device, full and then
# under memcheck in small mode, outputs in $OUT (tests.txt, memcheck.txt);
# sourced by the lab runs (flat-t-run.sh, flat-n-run.sh), which then time.
# usage: . exp/carried-shapes-tests.sh SECONDS  (each of the two runs)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib:$PWD/build-bench
t=build-bench/test_gemv_shapes
s=$(date +%s); timeout $1 $t > $OUT/tests.txt 2>&1; echo "tests rc=$? $(( $(date +%s) - s )) s"; grep -E "PASSED|FAILED|ERROR" $OUT/tests.txt | head
s=$(date +%s); MATVEC_TEST_SMALL=1 timeout $1 compute-sanitizer --tool memcheck --error-exitcode 99 $t > $OUT/memcheck.txt 2>&1
echo "memcheck rc=$? $(( $(date +%s) - s )) s"; grep -E "ERROR SUMMARY|FAILED|PASSED" $OUT/memcheck.txt | tail -4
