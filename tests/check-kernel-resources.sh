#!/usr/bin/env bash
# The GEMV and narrow GEMM kernels' register budgets, checked without a GPU: ptxas reports
# each kernel's registers and spills for sm_90 (H100/H200), and this test
# fails when a kernel exceeds its budget or spills. The budgets are what
# the measured speeds rest on: gemv_tiled_t at 64 registers runs four
# blocks per SM; a build of the same source at ~114 registers (two blocks)
# read float 8192^2 op T at 76% of the bandwidth instead of 90% (entry 11
# of docs/notes-gemv.md); gemv_thin_n_wide runs one 512-thread block per
# SM, which any count up to 128 keeps (entry 25). A change that moves a
# kernel past its budget has to be measured on the GPU and the budget here
# changed with the figures.
#
#   tests/check-kernel-resources.sh NVCC SOURCE_DIR
set -euo pipefail
nvcc=$1 src=$2
command -v c++filt >/dev/null || { echo "check-kernel-resources: c++filt (binutils) is needed"; exit 1; }

# kernel name (up to the template arguments, or with them) -> most registers
# allowed. gemv_tiled_n's pipelined instances run at three blocks per SM,
# only in one wave of 2.1-3 blocks an SM (entry 63);
# gemv_tiled_t's predicated-tail instance (float only) runs at
# three blocks per SM, taken only where the tail is long enough to pay for
# it (entry 61: double takes four an SM), double's pipelined instance
# at three, only in one wave of 2.1-3 blocks an SM (entry 64), and
# gemv_tiled_n_shift at three (entry 28); gemv_flat_n at three (float) and
# two (double) blocks of 256 threads per SM (entry 30); gemv_tall_n_shift
# at three (entry 41); gemv_scalar_t at six (float) and three (double)
# (entry 53); gemv_short_n's double instance over columns lda apart at
# three (entry 58; four spilled 24 bytes). The narrow GEMM's stream-n of
# 2-4 vectors (float) and 2 (double) at three blocks of 256 threads per SM
# (80 registers): at 85-86 (two blocks) the float 4-vector kernel lost 4% at
# 16384^2 and 25% on short chains (docs/notes-transpose-gemm.md G10); the
# default form (2) and its row-teams instances (6).
declare -A budget=(
    ["gemv_tiled_t<float, 4, true, false>"]=80 ["gemv_tiled_t<double, 2, false, true>"]=80
    ["gemv_tiled_n<float, 4, true, true>"]=80 ["gemv_tiled_n<float, 4, false, true>"]=80
    ["gemv_tiled_n<double, 2, true, true>"]=80 ["gemv_tiled_n<double, 2, false, true>"]=80
    [gemv_tiled_n]=64 [gemv_tiled_n_shift]=80 [gemv_thin_n]=64 [gemv_thin_n_wide]=80 [gemv_tiled_t]=64 [gemv_tiled_t_cols4]=80
    [gemv_short_n]=64 ["gemv_short_n<double, 2, false>"]=85 [gemv_short_t]=64 [gemv_tall_n]=64 [gemv_tall_n_shift]=80 [gemv_tall_t]=128 [gemv_flat_t]=64
    ["gemv_scalar_t<float>"]=40 ["gemv_scalar_t<double>"]=72
    ["gemv_flat_n<float, 4>"]=85 ["gemv_flat_n<double, 2>"]=128
    [gemv_nt_kernel]=128 [gemv_nt_finish]=64
)
for t in float double; do
    for nb in 2 4; do
        [ $t = double ] && [ $nb = 4 ] && continue
        for vec in true false; do
            for form in 2 6; do budget["stream_n<$t, $nb, $vec, $form>"]=80; done
        done
    done
done
# Spills allowed (bytes of stack frame, spill stores and loads each), by
# measurement only: none today.
declare -A spill_ok=()

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0 checked=0
for file in gemv/gemv_fast.cu gemv/gemv_skinny.cu gemv/gemv_nt.cu gemm/gemm_narrow_s.cu gemm/gemm_narrow_d.cu; do
    "$nvcc" -O3 -DNDEBUG -std=c++17 -arch=sm_90 -I"$src/include" -I"$src/src" \
        -Xptxas -v -c "$src/src/$file" -o "$tmp/k.o" >"$tmp/log" 2>&1 \
        || { cat "$tmp/log"; echo "check-kernel-resources: $file does not compile"; exit 1; }
    # One line per kernel: name, registers, spill stores, spill loads, stack.
    c++filt <"$tmp/log" | awk '
        /Compiling entry function/ {
            n = $0
            if (n ~ /::gemv_/) sub(/.*::gemv_/, "gemv_", n); else sub(/.*::narrow::stream_/, "stream_", n)
            sub(/\(.*/, "", n); name = n
        }
        /Function properties for/ { fp = 1 }
        fp && /bytes stack frame/ { stack = $1 + 0; spill_st = $5 + 0; spill_ld = $9 + 0 }
        name != "" && /Used [0-9]+ registers/ {
            match($0, /Used [0-9]+ registers/); regs = substr($0, RSTART + 5, RLENGTH - 15) + 0
            print name "\t" regs "\t" spill_st "\t" spill_ld "\t" stack; name = ""; fp = 0
        }' >"$tmp/kernels"
    cat "$tmp/kernels" >>"$tmp/all"
    while IFS=$'\t' read -r kernel regs st ld stack; do
        base=${kernel%%<*}
        limit=${budget[$kernel]:-${budget[$base]:-}}
        [ -n "$limit" ] || continue
        checked=$((checked + 1))
        spill=${spill_ok[$kernel]:-0}
        if [ "$regs" -gt "$limit" ] || [ "$st" -gt "$spill" ] || [ "$ld" -gt "$spill" ] || [ "$stack" -gt "$spill" ]; then
            echo "FAIL $kernel: $regs registers (budget $limit), spill stores $st, loads $ld, stack $stack bytes"
            status=1
        else
            echo "ok   $kernel: $regs registers (budget $limit)$([ "$stack" -ne 0 ] && echo ", $stack bytes of stack (allowed $spill)")"
        fi
    done <"$tmp/kernels"
done
# Every budgeted kernel family must have been seen (a rename must not
# silently empty the check).
for base in "${!budget[@]}"; do
    grep -qF "${base%%<*}<" "$tmp/all" || { echo "FAIL no kernel $base<...> found"; status=1; }
done
echo "check-kernel-resources: $checked kernels checked"
exit $status
