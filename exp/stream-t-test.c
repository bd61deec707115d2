/* Entry 31: the test that checked stream-t (exp/stream-t-flat.cu) while it
 * was in src/ (not built now; it sat in tests/test_gemv_shapes.c beside
 * test_flat_n, registered in GPU_TEST_MAIN). It passed on an H200, full and
 * under memcheck, for the final form.
 *
 * stream-t: op T with A read as one flat run cut into one equal range per
 * warp of a wave (on an H100 4224 warps), so columns are cut anywhere, at
 * any row and alignment, and a cut column's partial sums (up to 32 warps)
 * are added by the last warp to arrive. Through the named variant and the
 * public path: columns inside one range and cut ones, columns over many
 * ranges, every m mod the vector, lda = m, odd and padded, A and x 1..3
 * elements into their allocations, beta != 0 and beta = 0 with NaN in y,
 * alpha = 0 with NaN in A and x, both pointer modes, strided x, two calls
 * in a row (the counters are back at zero after each). */
static void test_stream_t(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(11);
    static const gemv_case cases[] = {
        {DT_S, MV_OP_T, 4416, 1638, 4416, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 2543, 3509, 2543, 1, 1, 1.0, 0.5, 0, NULL, 1, 0},
        {DT_D, MV_OP_T, 42630, 1297, 42630, 1, 1, 1.0, 0.0, 0, NULL, 0, 1},
        {DT_D, MV_OP_T, 901, 6817, 901, 1, -1, -1.5, 0.25, 0, NULL, 3, 2},
        {DT_S, MV_OP_T, 1031, 9001, 1033, 1, 1, 0.5, 0.0, 0, NULL, 2, 3},
        {DT_D, MV_OP_T, 18002, 1342, 18005, 1, 2, 1.0, 1.0, 0, NULL, 1, 0},
        {DT_S, MV_OP_T, 60001, 301, 60001, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 5003, 1777, 5120, 3, 1, 2.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 3001, 3001, 3001, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        {DT_D, MV_OP_T, 1999, 2999, 2000, 1, 1, 0.0, 0.0, 1, NULL, 1, 0},
    };
    static const char *const paths[] = {"stream-t", NULL};
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
            if ((mode && k % 3) || (small_mode() && k % 2))
                continue;
            for (int p = 0; p < 2; ++p) {
                gemv_case c = cases[k];
                c.variant = paths[p];
                run_gemv_case(h, &c, &r);
            }
        }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
    /* Random shapes, A of 4-16M float or 2-8M double elements, m from 256
     * to about 100000 (log-uniform), any padding. */
    const int random_cases = small_mode() ? 2 : 20;
    for (int k = 0; k < random_cases; ++k) {
        const int dtype = k % 2 ? DT_D : DT_S;
        const int64_t m = (int64_t)exp2(8.0 + 4.3 * (rng_uniform(&r) + 1.0));
        const int64_t lda = m + (k % 3 == 0 ? 0 : rng_range(&r, 1, 9));
        const double elems = (dtype == DT_S ? 4e6 : 2e6) * exp2(rng_uniform(&r) + 1.0);
        const gemv_case c = {
            dtype, MV_OP_T, m, (int64_t)(elems / (double)lda) + 1, lda, 1, k % 4 ? 1 : -2,
            rng_uniform(&r) * 2.0, k % 4 == 0 ? 0.0 : rng_uniform(&r), 0, k % 2 ? "stream-t" : NULL,
            rng_range(&r, 0, 3), rng_range(&r, 0, 3),
        };
        run_gemv_case(h, &c, &r);
    }
}
