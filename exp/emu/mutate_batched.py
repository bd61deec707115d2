from mutate_run import run
muts = {
 # batched_tile
 'tile_group_tail': ("p.batch_count - b0 < group ? p.batch_count - b0 : group", "group"),
 'tile_contig_stride': ("!p.y_array && p.stride_a == p.m * p.n ? 0 : 1", "!p.y_array ? 0 : 1"),
 'tile_run_per_problem': ("e = it - g * mn;\n                        src = a_ptr[g] + e;", "e = it - g * mn;\n                        src = a_ptr[0] + e;"),
 'tile_p_run_per_problem': ("continue;\n                        src = a_ptr[g] + e;", "continue;\n                        src = a_ptr[0] + e;"),
 'tile_load_bound': ("} else if (it < head + body + tail) {", "} else if (it <= head + body + tail) {"),
 'tile_no_wait': ("            cp_async_wait_all();\n", ""),
 'tile_vec_shift': ("As = as_base + mis;", "As = as_base;"),
 'tile_p_shift': ("dst = as_base + size_t(g) * ps + mis + e;", "dst = as_base + size_t(g) * ps + e;"),
 'tile_p_tail': ("e = c < t ? h + nb * V + c : -1;", "e = -1;"),
 'tile_p_body': ("e = c < nb ? h + c * V : -1;", "e = c < nb ? c * V : -1;"),
 'tile_p_compute_base': ("as_base + size_t(g) * ps + a_mis[g]", "as_base + size_t(g) * ps"),
 'tile_vec_tail': ("tail = total - head - body * kVec<T>;", "tail = 0;"),
 'tile_vec_index': ("it - body + body * kVec<T>", "it + body * kVec<T>"),
 'tile_vec_mis': ("uint64_t(b0) * uint64_t(mn)) % kVec<T>", "uint64_t(mn)) % kVec<T>"),
 'tile_row_of_col': ("src = a_ptr[g] + int64_t(j) * p.lda + i;", "src = a_ptr[g] + int64_t(j) * p.m + i;"),
 'tile_no_first_bar': ("% cv);\n            }\n            __syncthreads();", "% cv);\n            }"),
 'tile_no_last_bar': ("                store_output(q.y + int64_t(k) * p.incy, alpha, acc, beta);\n            }\n        }\n        __syncthreads();", "                store_output(q.y + int64_t(k) * p.incy, alpha, acc, beta);\n            }\n        }"),
 'tile_x_inc': ("src = x_ptr[g] + int64_t(k) * p.incx;", "src = x_ptr[g] + int64_t(k);"),
 'tile_x_dest': ("dst = xs + fx;", "dst = xs + fx + 1;"),
 'tile_rot_wrap': ("const int i = s + t < m ? s + t : s + t - m;", "const int i = s + t < m ? s + t : s + t - m + 1;"),
 'tile_split_sum': ("for (int q = 1; q < split && part == 0; ++q)", "for (int q = 2; q < split && part == 0; ++q)"),
 'tile_split_bar': ("                    acc += red[q * per + ot];\n                __syncthreads();", "                    acc += red[q * per + ot];"),
 'tile_split_n_step': ("for (int j = part; j < n; j += split)", "for (int j = part; j < n; j += per / 32 + 1)"),
 'tile_alpha0_reads': ("        if (alpha != T(0)) {\n            for (int g = threadIdx.x;", "        if (true) {\n            for (int g = threadIdx.x;"),
 # strided_dot (the block kernel, both ops)
 'dot_unroll_end': ("for (; q + (U - 1) * step < end; q += U * step) {", "for (; q + (U - 2) * step < end; q += U * step) {"),
 'dot_no_tail': ("    for (; q < end; q += step)\n        acc += a[q * sa] * x[q * sx];\n", ""),
 # batched_block
 'o_end_short': ("o_begin + per_part < len_y ? o_begin + per_part : len_y", "o_begin + per_part < len_y ? o_begin + per_part - 1 : len_y"),
 'o_end_long': ("o_begin + per_part < len_y ? o_begin + per_part : len_y", "o_begin + per_part < len_y ? o_begin + per_part + 1 : len_y"),
 'n_alpha0_guard': ("if (alpha != T(0) && i < o_end)", "if (i < o_end)"),
 'n_no_second_bar': ("                    }\n                    __syncthreads();\n                }\n                if (folds", "                    }\n                }\n                if (folds"),
 't_block_step': ("int64_t(32));\n                    acc = warp_sum(acc);", "int64_t(31));\n                    acc = warp_sum(acc);"),
 # the split sums (batched_block's chunks, batched_finish)
 'split_ws_index': ("ws[(b * len_y + i) * chunks + k] = sum;", "ws[(b * len_y + i) * chunks] = sum;"),
 'split_room': ("<= int64_t(p.ws_bytes);", "<= int64_t(p.ws_bytes) + int64_t(sizeof(T));"),
 'split_n_chunk_end': ("(k + 1) * kChunk < p.n ? (k + 1) * kChunk : p.n", "p.n"),
 'split_t_start': ("k * kChunk + lane, r_end", "lane, r_end"),
 'split_finish_first': ("total = ws[t * chunks];", "total = T(0);"),
 'split_fold_first': ("total = k == 0 ? sum : total + sum;", "total = k == 0 ? sum : total;"),
 # problem_at
 'y_stride_abs': ("q.y = static_cast<T *>(p.y) + b * p.stride_y;", "q.y = static_cast<T *>(p.y) + b * (p.stride_y < 0 ? -p.stride_y : p.stride_y);"),
 'ptr_x_not_moved': ("(p.incx < 0 ? (1 - len_x) * p.incx : 0)", "0"),
 'ptr_y_move_sign': ("(p.incy < 0 ? (1 - len_y) * p.incy : 0)", "(p.incy < 0 ? (len_y - 1) * p.incy : 0)"),
}
missed = run(muts, 'gemv_batched.cpp', 'mutb', 'test_batched.cpp', '60 5', 'targ_batched.cpp')
print(f'mutate_batched: {len(muts)} mutants, {missed} missed')
