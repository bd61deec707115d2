#!/usr/bin/env bash
# scripts/gpu-verify on the device, detached from the call (setsid nohup)
# into /tmp/vout, waited for up to WAIT seconds (default 580); when it has
# ended, its record, output and logs are copied to $OUT (gpu-verified.txt,
# verify.txt, v.tgz). A run that outlasts the call (one took 600+ s on a
# slower machine: ctest 280 s against 225) goes on: call again with
# COLLECT=1 within the machine's idle release (~30 s) to wait and collect.
# Carry .deps (scripts/gpu-verify --fetch-deps here first) on the first
# call only: a COLLECT call must carry nothing, since a carried .deps
# replaces the device's, whose unpacked cmocka (.deps/root) the running
# sanitizer stage needs (every sanitizer run then fails to load it).
#   exp/verify-bg.sh               start, wait, collect
#   COLLECT=1 exp/verify-bg.sh     wait and collect only (no carry)
#   KEEP_BUILD=1 exp/verify-bg.sh  again on the same warm machine, its
#                                  build of the same tree kept (no carry)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
t0=$(date +%s)
if [ -z "${COLLECT:-}" ]; then
  rm -rf /tmp/vout; mkdir -p /tmp/vout
  setsid nohup bash -c 'MATVEC_VERIFY_KEEP_BUILD=${KEEP_BUILD:-0} scripts/gpu-verify /tmp/vout/v > /tmp/vout/verify.txt 2>&1; echo $? > /tmp/vout/rc' \
    > /dev/null 2>&1 < /dev/null &
fi
while [ ! -f /tmp/vout/rc ] && [ $(( $(date +%s) - t0 )) -lt ${WAIT:-580} ]; do sleep 5; done
echo "waited $(( $(date +%s) - t0 )) s, gpu-verify rc=$(cat /tmp/vout/rc 2>/dev/null || echo running)"
grep -E "gpu-verify:" /tmp/vout/verify.txt
if [ -f /tmp/vout/rc ]; then
  cp /tmp/vout/v/gpu-verified.txt $OUT/ 2>/dev/null
  cp /tmp/vout/verify.txt $OUT/
  tar czf $OUT/v.tgz -C /tmp/vout v
fi
