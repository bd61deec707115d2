import os, subprocess
base = open('shim/gemv_batched.cpp').read()
muts = {
 # batched_warp
 'n_shfl_bound': ("for (int off = R; off < 32; off *= 2)", "for (int off = R; off < 16; off *= 2)"),
 't_shfl_start': ("for (int off = 1; off < R; off *= 2)", "for (int off = 2; off < R; off *= 2)"),
 'n_row_tail_load': ("if (alpha != T(0) && i < p.m)", "if (alpha != T(0))"),
 'n_row_tail_store': ("if (c == 0 && i < p.m)", "if (c == 0)"),
 # strided_dot (every kernel and op)
 'dot_unroll_end': ("for (; q + 3 * step < end; q += 4 * step) {", "for (; q + 2 * step < end; q += 4 * step) {"),
 'dot_no_tail': ("    for (; q < end; q += step)\n        acc += a[q * sa] * x[q * sx];\n", ""),
 'warp_index': ("int64_t(blockIdx.x) * (kWarpBlock / 32) + threadIdx.x / 32", "int64_t(blockIdx.x) * (kWarpBlock / 32 - 1) + threadIdx.x / 32"),
 # batched_block
 'o_end_short': ("o_begin + per_part < len_y ? o_begin + per_part : len_y", "o_begin + per_part < len_y ? o_begin + per_part - 1 : len_y"),
 'o_end_long': ("o_begin + per_part < len_y ? o_begin + per_part : len_y", "o_begin + per_part < len_y ? o_begin + per_part + 1 : len_y"),
 'n_alpha0_guard': ("if (alpha != T(0) && i < o_end)", "if (i < o_end)"),
 'n_no_second_bar': ("                }\n                __syncthreads();\n            }\n", "                }\n            }\n"),
 't_block_step': ("int64_t(lane), p.m, int64_t(32)", "int64_t(lane), p.m, int64_t(31)"),
 # problem_at
 'y_stride_abs': ("q.y = static_cast<T *>(p.y) + b * p.stride_y;", "q.y = static_cast<T *>(p.y) + b * (p.stride_y < 0 ? -p.stride_y : p.stride_y);"),
 'ptr_x_not_moved': ("(p.incx < 0 ? (1 - len_x) * p.incx : 0)", "0"),
 'ptr_y_move_sign': ("(p.incy < 0 ? (1 - len_y) * p.incy : 0)", "(p.incy < 0 ? (len_y - 1) * p.incy : 0)"),
}
for name, (a, b) in muts.items():
    assert base.count(a) == 1, name
    d = f'mutb_{name}'
    os.makedirs(d, exist_ok=True)
    open(f'{d}/gemv_batched.cpp', 'w').write(base.replace(a, b))
    # the random driver; where it misses, the edge shapes
    r = subprocess.run(f'g++ -std=c++20 -O2 -I {d} -I shim -include limits test_batched.cpp -o {d}/t && {d}/t 60 5', shell=True, capture_output=True, text=True)
    out = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-500:]
    if r.returncode < 0:
        out = f'killed by signal {-r.returncode} after: {out}'
    if r.returncode == 0:
        r = subprocess.run(f'g++ -std=c++20 -O2 -I {d} -I shim -include limits targ_batched.cpp -o {d}/e && {d}/e', shell=True, capture_output=True, text=True)
        out += ' | ' + (r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-500:])
    print(name, 'caught' if r.returncode else 'MISSED', '--', out, flush=True)
