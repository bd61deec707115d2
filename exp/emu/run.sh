#!/usr/bin/env bash
# Desk-checks the narrow GEMM kernels (src/gemm/gemm_narrow.cuh), the
# GEMV-NT kernels (src/gemv/gemv_nt.cu), the batched GEMV kernels
# (src/gemv/gemv_batched.cu) and mv_gemv_ex's (src/gemv/gemv_ex.cu, with
# cuda_fp16.h and cuda_bf16.h stand-ins that test_half checks) on the CPU, without a GPU: every thread of a
# block runs as a fiber of emu.h, in several orders, cp.async landing early
# or late, shared memory starting as NaN, loads checked against the arrays'
# extents (the batched kernels' plain loads too: transform.py
# --checked-loads); results checked against a double reference and across
# orders (bitwise). The kernel sources are copied from the tree and
# rewritten by transform.py (shared arrays, cp.async, launches); the
# headers they include are copied as they are, device.cuh replaced by
# device_shim.cuh. Then `mutate.py`, `mutate_nt.py` and `mutate_batched.py`
# (from the build dir) plant known bugs, each of which the tests must catch.
# (The default GEMV path's tiled kernels, gemv_fast.cu: exp/emu/run-fast.sh.)
# usage: exp/emu/run.sh [BUILD_DIR] [COUNT]   (default /tmp/matvec-emu, 200)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/exp/emu"
b=${1:-/tmp/matvec-emu} count=${2:-200} only=${3:-all}
rm -rf "$b" && mkdir -p "$b/shim/core" "$b/shim/gemm" "$b/shim/gemv"
cp "$here"/{emu.h,cuda_runtime_api.h,cuda_fp16.h,cuda_bf16.h} "$b/shim/"
cp "$here/device_shim.cuh" "$b/shim/core/device.cuh"
cp "$root/include/matvec.h" "$b/shim/"
cp "$root/src/core/types.h" "$root/src/core/waves.h" "$b/shim/core/"
cp "$root/src/gemm/gemm_kernels.h" "$b/shim/gemm/"
cp "$root/src/gemv/gemv_kernels.h" "$b/shim/gemv/"
python3 "$here/transform.py" "$root/src/core/warp.cuh" "$b/shim/core/warp.cuh"
python3 "$here/transform.py" "$root/src/gemv/gemv_common.cuh" "$b/shim/gemv/gemv_common.cuh"
python3 "$here/transform.py" "$root/src/gemv/gemv_split.cuh" "$b/shim/gemv/gemv_split.cuh"
python3 "$here/transform.py" "$root/src/gemm/gemm_epilogue.cuh" "$b/shim/gemm_epilogue.cuh"
python3 "$here/transform.py" "$root/src/gemm/gemm_narrow.cuh" "$b/shim/gemm_narrow.cuh"
python3 "$here/transform.py" "$root/src/gemv/gemv_nt.cu" "$b/shim/gemv_nt.cpp"
python3 "$here/transform.py" "$root/src/gemv/gemv_batched.cu" "$b/shim/gemv_batched.cpp" --checked-loads
python3 "$here/transform.py" "$root/src/gemv/gemv_ex.cu" "$b/shim/gemv_ex.cpp" --checked-loads
cp "$here"/{emu_test.h,test_narrow.cpp,test_nt.cpp,targeted.cpp,targ_nt.cpp,mutate.py,mutate_nt.py} "$b/"
cp "$here"/{test_batched.cpp,targ_batched.cpp,mutate_batched.py,mutate_run.py} "$b/"
cp "$here"/{test_half.cpp,test_ex.cpp,targ_ex.cpp,mutate_ex.py} "$b/"
cd "$b"
flags="-std=c++20 -O2 -g -I shim -include limits -fsanitize=address,undefined -fno-sanitize-recover=undefined"
# the conversions' self-check: arithmetic over many floats, no sanitizers
g++ -std=c++20 -O2 -I shim -include limits test_half.cpp -o test_half
for t in test_ex targ_ex; do
  g++ $flags $t.cpp -o $t
done
./test_half
./test_ex "$count" 1
./targ_ex
if [ "$only" = ex ]; then
  echo "emu (ex only): all passed; mutations: (cd $b && python3 mutate_ex.py)"
  exit 0
fi
for t in test_narrow test_nt targeted targ_nt test_batched targ_batched; do
  g++ $flags $t.cpp -o $t
done
./test_narrow "$count" 1 -1 "$(( count / 2 ))"  # and count / 2 cases made for the row teams
./test_nt "$count" 1
./targeted 0 && ./targeted 1
./targ_nt
./test_batched "$count" 1
./targ_batched
echo "emu: all passed; mutations: (cd $b && python3 mutate.py && python3 mutate_nt.py && python3 mutate_batched.py && python3 mutate_ex.py)"
