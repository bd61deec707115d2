#!/usr/bin/env bash
# Desk-checks the default GEMV path's tiled kernels (src/gemv/gemv_fast.cu:
# tiled-n and its pipelined instance where the tree has it, tiled-n-shift,
# tiled-t's instances, the split finish) on the CPU emulator (emu.h), as
# run.sh does for the other kernels: exp/emu/test_fast.cpp, random shapes
# in five block orders against a double reference. The emulated copy of
# gemv_fast.cu gets a knob of its own, MV_EMU_NPIPE (1: never the
# pipelined instances, 2: every tiled-n plan and every double tiled-t
# plan of the four-per-SM instance on them; the plans unchanged),
# and the three runs (1, 2, the dispatch's own rule) must give bitwise
# equal outputs: the pipelined instances add the same terms in the same
# order. The named
# barriers of tiled-t's predicated-tail instance become block barriers
# (every thread of a block reaches them alike). Loads are not checked
# against the arrays' extents (transform.py --checked-loads does not take
# __restrict__ or gemv_common's load helpers); a read past an operand
# reads the arena's NaN and shows in y.
# usage: exp/emu/run-fast.sh [SOURCE_ROOT] [BUILD_DIR] [COUNT] [SEED]
#   e.g. a worktree with exp/patches/tiled-n-pipe.patch applied.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "${1:-$here/../..}" && pwd)
b=${2:-/tmp/matvec-emu-fast} count=${3:-400} seed=${4:-7}
rm -rf "$b" && mkdir -p "$b/shim/core" "$b/shim/gemv"
cp "$here"/{emu.h,cuda_runtime_api.h,cuda_fp16.h,cuda_bf16.h} "$b/shim/"
cp "$here/device_shim.cuh" "$b/shim/core/device.cuh"
cp "$src/include/matvec.h" "$b/shim/"
cp "$src/src/core/types.h" "$src/src/core/waves.h" "$b/shim/core/"
cp "$src/src/gemv/gemv_kernels.h" "$b/shim/gemv/"
python3 "$here/transform.py" "$src/src/core/warp.cuh" "$b/shim/core/warp.cuh"
python3 "$here/transform.py" "$src/src/gemv/gemv_common.cuh" "$b/shim/gemv/gemv_common.cuh"
python3 "$here/transform.py" "$src/src/gemv/gemv_split.cuh" "$b/shim/gemv/gemv_split.cuh"
python3 - "$src/src/gemv/gemv_fast.cu" "$b/fast.cu" <<'PY'
import sys
s = open(sys.argv[1]).read()
for p in ("64", "128"):
    s = s.replace('asm volatile("bar.sync %%0, %s;" ::"r"(1 + c) : "memory");' % p, "__syncthreads();")
helper = "inline bool in_pipe_window(int64_t blocks, int64_t wave3)\n{\n    return blocks <= wave3 && 24 * blocks > 17 * wave3;\n}\n"
rule = "    const bool pipe = !p.shift && "
if helper in s:
    # The knob picks the instance only: tiled-n's doubled tiles (a plan of
    # their own, other sums) still follow in_pipe_window.
    s = s.replace(helper, helper + '''inline bool emu_pipe(int64_t blocks, int64_t wave3)
{
    if (const char *e = std::getenv("MV_EMU_NPIPE"))
        return std::atoi(e) == 2;
    return in_pipe_window(blocks, wave3);
}
''')
    for use in ("const bool pipe = !p.shift && in_pipe_window(", "if (in_pipe_window(use.blocks_n"):
        assert use in s, use
        s = s.replace(use, use.replace("in_pipe_window", "emu_pipe"))
    s = s.replace("#include <cmath>\n", "#include <cmath>\n#include <cstdlib>\n", 1)
elif rule in s:  # trees before the shared window (tiled-n's rule alone)
    i = s.index(rule); j = s.index("\n", i)
    s = (s[:i] + s[i:j].replace("const bool pipe", "bool pipe") +
         '\n    if (const char *e = std::getenv("MV_EMU_NPIPE"))\n        pipe = !p.shift && std::atoi(e) == 2;' + s[j:])
    s = s.replace("#include <cmath>\n", "#include <cmath>\n#include <cstdlib>\n", 1)
else:
    print("run-fast: no pipelined instance in this tree; the three runs are the same", file=sys.stderr)
open(sys.argv[2], "w").write(s)
PY
python3 "$here/transform.py" "$b/fast.cu" "$b/shim/gemv/gemv_fast.cpp"
cp "$here"/{emu_test.h,test_fast.cpp} "$b/"
cd "$b"
flags="-std=c++20 -O2 -g -I shim -include limits -fsanitize=address,undefined -fno-sanitize-recover=undefined"
if [ -n "${FULL:-}" ]; then
  # The whole default path: gemv_skinny.cu's kernels first (a second
  # translation unit), then the tiled ones.
  python3 "$here/transform.py" "$src/src/gemv/gemv_skinny.cu" shim/gemv/gemv_skinny.cpp
  g++ $flags -c shim/gemv/gemv_skinny.cpp -o skinny.o
  g++ $flags -DEMU_FULL_PATH test_fast.cpp skinny.o -o test_fast
else
  g++ $flags test_fast.cpp -o test_fast
fi
export ASAN_OPTIONS=detect_stack_use_after_return=0
for mode in 1 2 rule; do
  if [ $mode = rule ]; then env -u MV_EMU_NPIPE ./test_fast "$count" "$seed" out-$mode.bin; else
    MV_EMU_NPIPE=$mode ./test_fast "$count" "$seed" out-$mode.bin; fi 2>&1 | grep -v "ASan doesn't fully support"
done
cmp out-1.bin out-2.bin && cmp out-1.bin out-rule.bin && echo "run-fast: the three runs' outputs are bitwise equal"
