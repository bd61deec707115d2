#!/usr/bin/env bash
# Issues 20 and 23's measurements on the mvbench that scripts/gpu-verify
# built (build-gpu-verify; same warm machine) or, when absent, a build of
# mvbench here (sm_90): mvbench gemm --random (both types), mvbench multi
# over k (the default path, with cuBLAS routing), its random shapes
# (MULTI_SEED), mvbench nt (default shapes, random shapes NT_SEED),
# exp/create-cost.c (mv_create / mv_destroy). CSVs in csv.tar.
# usage: exp/issue23-bench.sh [SECONDS]  (stops starting runs after it)
set -u
t0=$(date +%s); budget=${1:-540}
export PATH=$PATH:/usr/local/cuda/bin
left() { echo $(( budget - ($(date +%s) - t0) )); }
b=build-gpu-verify
if [ ! -x $b/tools/mvbench/mvbench ]; then
  b=build-i23
  cmake -S . -B $b -G Ninja -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=OFF -DMATVEC_BUILD_PYTHON=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=90-real > $OUT/build.txt 2>&1 && cmake --build $b -j --target mvbench matvec >> $OUT/build.txt 2>&1
  echo "build rc=$? after $(( $(date +%s) - t0 )) s"
fi
mb=$b/tools/mvbench/mvbench
run() {  # name, then the command
  local name=$1; shift
  local l=$(left); [ $l -gt 15 ] || { echo "out of time before $name"; return; }
  local s=$(date +%s)
  timeout $l "$@" > $OUT/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s) - s )) s"
}
mkdir -p $OUT/csv
if gcc -O2 -I include -I /usr/local/cuda/include exp/create-cost.c -L $b/src -lmatvec -L /usr/local/cuda/lib64 \
     -lcublas -lcudart -o /tmp/create-cost; then
  LD_LIBRARY_PATH=$b/src:${LD_LIBRARY_PATH:-} run create-cost /tmp/create-cost; cat $OUT/create-cost.txt
fi
run gemm-random $mb gemm --random ${GEMM_N:-100} --dtype both --rounds 3 ${GEMM_SEED:+--seed $GEMM_SEED} --out $OUT/csv/gemm-random
grep -v "^mvbench:" $OUT/gemm-random.txt | sed -n '/^summary\|^Summary\|^per type\|^float:\|^double:/,$p' | head -60
run multi $mb multi --ks ${KS:-1,2,4,8,16,32} --rounds ${ROUNDS:-5} --out $OUT/csv/multi
grep -v "^\[\|^mvbench:" $OUT/multi.txt | tail -44
run multi-random $mb multi --random 8 --ks 2,8,32 --rounds 3 ${MULTI_SEED:+--seed $MULTI_SEED} --out $OUT/csv/multi-random
grep -A14 "^summary" $OUT/multi-random.txt
run nt $mb nt --rounds 5 --out $OUT/csv/nt-default
grep -E "^(float|double):" $OUT/nt.txt
run nt-random $mb nt --random 40 --rounds 3 ${NT_SEED:+--seed $NT_SEED} --out $OUT/csv/nt-random
grep -E "^(float|double):" $OUT/nt-random.txt
python3 scripts/plot-multi $OUT/csv/multi/measurements-multi.csv --out $OUT/csv/multi.png 2>&1 | tail -1
(cd $OUT && tar cf csv.tar csv && rm -rf csv && tar cf txt.tar *.txt && rm -f *.txt)
echo "bench done $(( $(date +%s) - t0 )) s"
