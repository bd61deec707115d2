/* GPU: mv_sgemv and mv_dgemv against the double reference over many shapes:
 * every m, n in 1..70 (1..20 in small mode), primes and large odd shapes,
 * lda > m, negative and non-unit increments. Fresh random data each run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "gemv_check.h"

static void test_all_small_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(1);
    const int64_t top = small_mode() ? 20 : 70;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans)
            for (int64_t m = 1; m <= top; ++m)
                for (int64_t n = 1; n <= top; ++n) {
                    const gemv_case c = {dtype, (mv_operation)trans, m, n, m, 1, 1,
                                         rng_uniform(&r) * 2.0, (m + n) % 3 ? rng_uniform(&r) : 0.0, 0, NULL};
                    run_gemv_case(h, &c, &r);
                }
}

static void test_primes_and_large_odd_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(2);
    static const int64_t shapes[][2] = {
        {97, 89},    {997, 1009}, {1009, 997}, {4099, 33},  {33, 4099},   {3, 100003}, {100003, 3},
        {1, 65537},  {65537, 1},  {2053, 2049}, {127, 8191}, {8191, 127}, {12289, 769}, {769, 12289},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const int64_t m = shapes[s][0], n = shapes[s][1];
        if (small_mode() && m * n > 300000)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int trans = 0; trans < 2; ++trans) {
                const gemv_case c = {dtype, (mv_operation)trans, m, n, m, 1, 1, 1.0, 0.0, 0, NULL};
                run_gemv_case(h, &c, &r);
                const gemv_case d = {dtype, (mv_operation)trans, m, n, m + 2 * (s % 3) + 1, 1, 1, -0.75, 1.25, 0, NULL};
                run_gemv_case(h, &d, &r);
            }
    }
}

/* lda > m (odd and even), every sign and size of increment, random shapes. */
static void test_strides(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(3);
    static const int64_t incs[] = {1, -1, 2, -2, 3, -5, 7};
    const int count = small_mode() ? 60 : 400;
    for (int k = 0; k < count; ++k) {
        const int64_t m = rng_range(&r, 1, 300), n = rng_range(&r, 1, 300);
        const gemv_case c = {
            k % 2 ? DT_D : DT_S,
            (mv_operation)((k / 2) % 2),
            m,
            n,
            m + rng_range(&r, 0, 9),
            incs[rng_range(&r, 0, 6)],
            incs[rng_range(&r, 0, 6)],
            rng_uniform(&r) * 3.0,
            k % 5 == 0 ? 0.0 : rng_uniform(&r),
            0,
            NULL,
        };
        run_gemv_case(h, &c, &r);
    }
}

/* Op T with a strided x on matrices of 64 MB and more: x is gathered into
 * the handle's workspace first; with a split reduction (few long columns)
 * the partial sums share that workspace. Odd lda: unaligned columns. */
static void test_strided_x_large_t(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(4);
    static const gemv_case cases[] = {
        {DT_S, MV_OP_T, 4099, 4111, 4099, 3, 1, 1.25, 0.0, 0, NULL},
        {DT_S, MV_OP_T, 4099, 4111, 4101, -2, -3, -0.5, 0.75, 0, NULL},
        {DT_S, MV_OP_T, 300007, 61, 300007, -3, 2, 1.0, 0.5, 0, NULL},
        {DT_D, MV_OP_T, 150001, 61, 150002, 5, 1, 2.0, 0.0, 0, NULL},
        {DT_D, MV_OP_T, 2049, 4099, 2051, 2, 1, 1.0, 0.0, 0, NULL},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        if (small_mode() && k > 0)
            break;
        run_gemv_case(h, &cases[k], &r);
    }
}

GPU_TEST_MAIN("gemv_shapes",
              HANDLE_TEST(test_all_small_shapes),
              HANDLE_TEST(test_primes_and_large_odd_shapes),
              HANDLE_TEST(test_strides),
              HANDLE_TEST(test_strided_x_large_t))
