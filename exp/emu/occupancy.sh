#!/usr/bin/env bash
# Blocks of 256 threads an SM (sm_90: 64K registers, 228 KiB of shared
# memory, 1 KiB reserved a block, 2048 threads, 32 blocks) of each narrow
# GEMM kernel, from ptxas's registers and shared memory, as
# "name<args> count" lines: the table that exp/emu/chainprobe (its second
# argument) and the emulator's blocks_per_sm use where the GPU would ask
# the runtime. The 32-vector stream-n kernels take 226-255 registers: one
# block an SM, where chainprobe's single count (two) misread their waves.
#   exp/emu/occupancy.sh NVCC SOURCE_DIR > table
set -euo pipefail
nvcc=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for file in gemm/gemm_narrow_s.cu gemm/gemm_narrow_d.cu; do
    "$nvcc" -O3 -DNDEBUG -std=c++17 -arch=sm_90 -I"$src/include" -I"$src/src" -Xptxas -v -c "$src/src/$file" \
        -o "$tmp/k.o" 2>&1 | grep -E "Compiling entry|Used [0-9]+ registers"
done | paste - - | c++filt | awk '
    match($0, /(stream_[nt]|reduce_splits)<[^(]*>/) {
        name = substr($0, RSTART, RLENGTH)
        regs = 0; smem = 0
        if (match($0, /Used [0-9]+ registers/)) regs = substr($0, RSTART + 5, RLENGTH - 15) + 0
        if (match($0, /[0-9]+ bytes smem/)) smem = substr($0, RSTART, RLENGTH - 11) + 0
        per_warp = int((regs * 32 + 255) / 256) * 256
        by_regs = per_warp > 0 ? int(65536 / (8 * per_warp)) : 32
        by_smem = int(233472 / (smem + 1024))
        b = by_regs < by_smem ? by_regs : by_smem
        if (b > 8) b = 8
        print name, b
    }'
