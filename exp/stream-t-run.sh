#!/usr/bin/env bash
# Entry 31's lab run on the device (carry build-bench): the carried
# test_gemv_shapes (test_stream_t alone in full, the whole test under
# memcheck in small mode), then mvbench random op T with A >= 1 MiB, the
# default beside the stream-t variant and the read kernel, lda = m and lda
# padded by 1..3 (odd). It needs a build with exp/stream-t-flat.cu as
# src/gemv/gemv_stream.cu (registry entry "stream-t") and
# exp/stream-t-test.c in tests/test_gemv_shapes.c: not in the library.
# usage: exp/stream-t-run.sh SEED COUNT SECONDS_PER_RUN
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib:$PWD/build-bench
t=build-bench/test_gemv_shapes
s=$(date +%s); MATVEC_TEST_FILTER=test_stream_t timeout 200 $t > $OUT/tests.txt 2>&1
echo "tests rc=$? $(( $(date +%s) - s )) s"; grep -E "PASSED|FAILED|ERROR|OK" $OUT/tests.txt | head
s=$(date +%s); MATVEC_TEST_SMALL=1 MATVEC_TEST_FILTER=test_stream_t timeout 200 compute-sanitizer --tool memcheck \
  --error-exitcode 99 $t > $OUT/memcheck.txt 2>&1
echo "memcheck rc=$? $(( $(date +%s) - s )) s"; grep -E "ERROR SUMMARY|FAILED|PASSED" $OUT/memcheck.txt | tail -4
V=default,stream-t,cublas,cublas-aa,read-ceiling
for pad in 0 3; do
  s=$(date +%s)
  timeout $(( $3 + 30 )) build-bench/mvbench random --seed $1 --count $2 --op T --modes cold --min-bytes 1M \
    --lda-pad $pad --variants $V --max-seconds $3 --out /tmp/st-$pad > $OUT/st-$pad.txt 2>&1
  echo "random pad $pad rc=$? $(( $(date +%s) - s )) s"; cp /tmp/st-$pad/measurements.csv $OUT/st-$pad.csv
  grep -A12 "per contender" $OUT/st-$pad.txt | head -28
done
