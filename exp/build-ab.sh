#!/usr/bin/env bash
# Builds mvbench from a source tree (a git worktree of some commit, or a
# patched copy) into build-bench/ab/mvbench-NAME, for sm_90 only, on the
# machine without a GPU; the device call then carries build-bench.
#   exp/build-ab.sh NAME SOURCE_DIR
# e.g. git worktree add /tmp/exp HEAD && (cd /tmp/exp && git apply PATCH)
#      exp/build-ab.sh exp /tmp/exp && exp/build-ab.sh head .
set -euo pipefail
name=$1 src=$(cd "$2" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
bld=/tmp/mvbench-ab-$name
PATH="$PATH:/usr/local/cuda/bin" cmake -S "$src" -B "$bld" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES=90-real -DMATVEC_BUILD_TESTS=OFF >/dev/null
cmake --build "$bld" -j "$(nproc)" --target mvbench >/dev/null
mkdir -p "$root/build-bench/ab"
cp "$bld/tools/mvbench/mvbench" "$root/build-bench/ab/mvbench-$name"
echo "build-bench/ab/mvbench-$name from $src"
