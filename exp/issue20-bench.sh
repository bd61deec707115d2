#!/usr/bin/env bash
# Issue 20's measurements in one device call, after scripts/gpu-verify ran
# in the same warm machine (its build-gpu-verify has mvbench) or with
# BUILD=1 (then mvbench is built here, sm_90 only, cmocka from .deps):
#   mvbench multi (both forms: default and narrow-sync; then 8 random
#   shapes), mvbench nt (its default shapes, the paper's grid in float, 40
#   random shapes), exp/bulk-probe, and the
#   figure of scripts/plot-multi where matplotlib is there. Output under $OUT
#   (the CSV files and the figure in csv.tar). exp/bulk-probe with BULK=1.
# usage: exp/issue20-bench.sh [SECONDS]   (stops starting new runs after it)
set -u
t0=$(date +%s)
budget=${1:-540}
export PATH=$PATH:/usr/local/cuda/bin
left() { echo $(( budget - ($(date +%s) - t0) )); }
mb=build-gpu-verify/tools/mvbench/mvbench
if [ "${BUILD:-0}" = 1 ] || [ ! -x $mb ]; then
  cmake -S . -B build-i20 -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=OFF -DMATVEC_BUILD_PYTHON=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=90-real > $OUT/build.txt 2>&1 && cmake --build build-i20 -j --target mvbench >> $OUT/build.txt 2>&1
  echo "build rc=$? after $(( $(date +%s) - t0 )) s"
  mb=build-i20/tools/mvbench/mvbench
fi
run() {  # name, then the command
  local name=$1; shift
  local l=$(left); [ $l -gt 20 ] || { echo "out of time before $name"; return; }
  local s=$(date +%s)
  timeout $l "$@" > $OUT/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s) - s )) s"
}
mkdir -p $OUT/csv
run multi $mb multi --ks ${KS:-1,2,4,8,16,32} --variants ${VARIANTS:-narrow-sync,dmma-128x32x16-s4-2b-il} --rounds ${ROUNDS:-5} --out $OUT/csv/multi
grep -v "^\[" $OUT/multi.txt | tail -40
run multi-random $mb multi --random 8 --ks 2,8,32 --rounds 3 ${MULTI_SEED:+--seed $MULTI_SEED} --out $OUT/csv/multi-random
grep -A20 "^summary" $OUT/multi-random.txt
run nt $mb nt --rounds 5 --out $OUT/csv/nt-default
tail -14 $OUT/nt.txt
run nt-grid $mb nt --grid --dtype ${GRID_DTYPE:-s} --rounds 3 --out $OUT/csv/nt-grid
grep -v "^mvbench:" $OUT/nt-grid.txt | tail -3
run nt-random $mb nt --random 40 --rounds 3 ${NT_SEED:+--seed $NT_SEED} --out $OUT/csv/nt-random
tail -5 $OUT/nt-random.txt
if [ "${BULK:-0}" = 1 ] && nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/bulk-probe exp/bulk-probe.cu -lcublas; then
  run bulk-probe /tmp/bulk-probe
  cat $OUT/bulk-probe.txt
fi
python3 scripts/plot-multi $OUT/csv/multi/measurements-multi.csv --out $OUT/csv/multi.png 2>&1 | tail -1
(cd $OUT && tar cf csv.tar csv && rm -rf csv)  # the device returns at most 8 files
