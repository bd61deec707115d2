from mutate_run import run
# Plants known bugs in the emulator's copy of src/gemv/gemv_ex.cu (run from
# the build dir of run.sh); each must be caught by test_ex (random), or
# where it is not, by targ_ex (the edge list).
muts = {
 # ex_t
 't_tail_bound': ("for (; i < r_end; ++i) {", "for (; i + 1 < r_end; ++i) {"),
 't_lane_write': ("if (lane < kCols && j0 + lane < p.n) {", "if (lane <= kCols && j0 + lane < p.n) {"),
 't_part_rows': ("r_begin + rows_per_part < p.m ? r_begin + rows_per_part : p.m", "r_begin + rows_per_part"),
 't_alpha_guard': ("        if (alpha != 0.0f) {\n            emu_cptr<TA> col[kCols];", "        {\n            emu_cptr<TA> col[kCols];"),
 't_ws_stride': ("ws[int64_t(blockIdx.y) * p.n + j] = s;", "ws[int64_t(blockIdx.y) * p.m + j] = s;"),
 # ex_n
 'n_part_cols': ("c_begin + cols_per_part < p.n ? c_begin + cols_per_part : p.n", "c_begin + cols_per_part - 1 < p.n ? c_begin + cols_per_part - 1 : p.n"),
 'n_unroll_end': ("for (; j + 3 * kWarps < c_end; j += 4 * kWarps) {", "for (; j + 2 * kWarps < c_end; j += 4 * kWarps) {"),
 'n_alpha_guard': ("if (alpha != 0.0f && i0 < p.m) {", "if (i0 < p.m) {"),
 'n_shared_index': ("part[w][8 * lane + k] = acc[k];", "part[w][lane + 32 * k] = acc[k];"),
 'n_first_bar': ("            part[w][8 * lane + k] = acc[k];\n        __syncthreads();", "            part[w][8 * lane + k] = acc[k];"),
 # ex_finish, store_y
 'finish_part0': ("for (int q = 0; q < parts; ++q)", "for (int q = 1; q < parts; ++q)"),
 'beta0_reads_y': ("out = beta == 0.0f ? alpha * dot : alpha * dot + beta * to_float(*yi);", "out = alpha * dot + beta * to_float(*yi);"),
 # launch_typed, launch_aligned
 'finish_count': ("kThreads, p, len, int(parts), ws);", "kThreads, p, len, int(parts) - 1, ws);"),
 'ws_clamp': ("if (parts * len > ws_floats)", "if (parts * len > ws_floats + len)"),
 't_part_unit': ("per_part = ceil_div(per_part, 256) * 256;", "per_part = ceil_div(per_part, 4) * 4;"),
 'vec_no_align': ("p.lda % 8 == 0 && reinterpret_cast<uintptr_t>(p.A) % 16 == 0", "p.lda % 8 == 0"),
 'vec_lda4': ("p.lda % 8 == 0 && reinterpret_cast<uintptr_t>(p.A) % 16 == 0", "p.lda % 4 == 0 && reinterpret_cast<uintptr_t>(p.A) % 16 == 0"),
}
missed = run(muts, 'gemv_ex.cpp', 'mutex', 'test_ex.cpp', '40 5', 'targ_ex.cpp')
print(f'mutate_ex: {len(muts)} mutants, {missed} missed')
