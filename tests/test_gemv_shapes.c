/* GPU: mv_sgemv and mv_dgemv against the double reference over many shapes:
 * every m, n in 1..70 (1..20 in small mode), primes and large odd shapes,
 * the short-wide and tall-skinny shapes, op N's thin tiles, lda > m,
 * negative and non-unit increments, and shapes as users have them (sizes
 * that are multiples of nothing, lda = m). Fresh random data each run. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gemv_check.h"
#include "reference.h"

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
                                         rng_uniform(&r) * 2.0, (m + n) % 3 ? rng_uniform(&r) : 0.0, 0, NULL, 0, 0};
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
                const gemv_case c = {dtype, (mv_operation)trans, m, n, m, 1, 1, 1.0, 0.0, 0, NULL, 0, 0};
                run_gemv_case(h, &c, &r);
                const gemv_case d = {dtype, (mv_operation)trans, m, n, m + 2 * (s % 3) + 1, 1, 1, -0.75, 1.25, 0, NULL, 0, 0};
                run_gemv_case(h, &d, &r);
            }
    }
}

/* lda > m (odd and even), every sign and size of increment, random shapes,
 * A and x sometimes 1..3 elements off a 16-byte boundary. */
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
            k % 3 ? 0 : rng_range(&r, 1, 3), /* A, x not 16-byte aligned */
            k % 4 ? 0 : rng_range(&r, 1, 3),
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
        {DT_S, MV_OP_T, 4099, 4111, 4099, 3, 1, 1.25, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 4099, 4111, 4101, -2, -3, -0.5, 0.75, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 300007, 61, 300007, -3, 2, 1.0, 0.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 150001, 61, 150002, 5, 1, 2.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 2049, 4099, 2051, 2, 1, 1.0, 0.0, 0, NULL, 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        if (small_mode() && k > 0)
            break;
        run_gemv_case(h, &cases[k], &r);
    }
}

/* The short-wide and tall-skinny kernels (src/gemv/gemv_skinny.cu):
 * columns of 1..32 16-byte vectors read as one flat array (any lda of
 * whole vectors, any number of them), tall matrices with n <= 64
 * (4, 8 and 16 columns per block, a last group of fewer), odd sizes,
 * increments of both signs, beta != 0, alpha = 0 with NaN in A and x, and
 * the device pointer mode. */
static void test_skinny_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(5);
    static const gemv_case cases[] = {
        /* short-n / short-t */
        {DT_S, MV_OP_N, 16, 1000003, 16, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 16, 1000003, 16, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 4, 300001, 4, -2, 3, 0.5, -1.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 4, 300001, 4, 3, -2, 0.5, -1.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 128, 70001, 128, 1, 1, -1.25, 0.75, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 128, 70001, 128, 1, -1, -1.25, 0.75, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 12, 200003, 16, 1, 1, 1.0, 0.25, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 60, 100003, 64, -1, 1, 1.0, 0.25, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 64, 150001, 64, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 2, 500009, 2, 1, 1, 1.0, 0.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 6, 300007, 8, 2, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 32, 100003, 32, 1, 3, 2.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 32, 100003, 32, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        {DT_S, MV_OP_T, 32, 100003, 32, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        /* tall-n: whole tiles (1.85 waves on 132 SMs), then tiles shrunk
         * to two whole waves (600011: 1.11 waves) */
        {DT_S, MV_OP_N, 1000003, 16, 1000004, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 600011, 61, 600012, -3, 2, 0.5, 1.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 524291, 7, 524292, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 600011, 3, 600012, 1, -1, 0.0, -2.0, 1, NULL, 0, 0},
        /* tall-t: K = 16, 4, 8, 16 x 4 groups, 8 x 5 groups (last of 1),
         * K = 4 x 3 groups (last of 2) and x 5 (last of 3), 8 x 3 (last
         * of 6) */
        {DT_S, MV_OP_T, 1000003, 16, 1000004, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 300007, 3, 300008, 2, -1, 1.0, 0.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 200003, 7, 200004, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 250007, 64, 250008, 1, 1, -1.0, 0.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 70001, 33, 70004, -1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 100003, 16, 100004, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        {DT_S, MV_OP_T, 150001, 10, 150004, -2, 1, 0.5, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 70003, 19, 70004, 1, 3, 1.0, -0.25, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 90001, 22, 90002, 1, -1, -1.5, 1.0, 0, NULL, 0, 0},
        /* short-t with G = 2, 8 and 32 vectors per column (the other G
         * are above: 1, 4, 16, 32 in float 128, and 8 with alpha = 0);
         * G = 32 with lanes past m (62 of 64 rows, 124 of 128) */
        {DT_S, MV_OP_T, 8, 250007, 8, 1, -2, 1.5, -0.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 4, 200003, 4, -1, 1, -0.75, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 16, 100019, 16, 1, 1, 1.0, 2.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 64, 90001, 64, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 62, 50021, 64, 2, -1, 0.5, 1.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 124, 40009, 128, -1, 3, 1.0, -0.5, 0, NULL, 0, 0},
        /* tall-t from 48 KB of x: float m = 12288 (the least) with K = 8
         * x 3 groups (last of 5), double m = 6145 with K = 16 and 9001
         * with one group of 8 (7 columns), splits of few steps */
        {DT_S, MV_OP_T, 12288, 21, 12292, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 6145, 16, 6146, -1, 2, 0.5, -1.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 9001, 7, 9002, 3, -1, 1.0, 0.25, 0, NULL, 0, 0},
    };
    /* short-t and short-n over vector counts that are not powers of two
     * (G the power of two above, the lanes past m idle), each in both ops:
     * float m of 12 (3 vectors, G = 4), 36 (9 of 16), 68 (17 of 32: op N
     * stays with tiled-n), double 10 (5 of 8), 30 (15 of 16, split and
     * unsplit in op N); lda above m and no power of two of vectors (float
     * 20 at 28, double 22 at 24, float 128 at 132, short-n's columns lda
     * apart, the double instance at three blocks an SM); alpha = 0 with
     * NaN inputs. */
    static const gemv_case any_vec[] = {
        {DT_S, MV_OP_T, 12, 200003, 12, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 36, 90001, 36, -1, 2, 0.5, -0.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 68, 50023, 68, 1, 1, 1.0, 0.25, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 10, 120007, 10, 2, -1, -1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 30, 60013, 30, 1, 1, 1.0, 1.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 30, 6243, 30, 1, 1, 1.0, 1.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 26, 211, 26, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 20, 70001, 28, 1, -1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 22, 40009, 24, -1, 1, 0.75, 0.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 128, 30011, 132, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 6, 30011, 6, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
    };
    const size_t count = sizeof cases / sizeof cases[0];
    const size_t count_any = sizeof any_vec / sizeof any_vec[0];
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (size_t k = 0; k < count; ++k) {
            gemv_case c = cases[k];
            /* Device mode: every third case. Small mode (compute-sanitizer):
             * the short shapes with a tenth of the columns, one tall case of
             * each kind at full size (they need a wave of tiles), and the
             * small tall-t cases. */
            if (mode && k % 3)
                continue;
            if (small_mode()) {
                if (c.m < 1000)
                    c.n /= 10;
                else if (k != 14 && k != 18 && k != 24 && c.m > 20000)
                    continue;
            }
            run_gemv_case(h, &c, &r);
        }
        for (size_t k = 0; k < 2 * count_any; ++k) {
            gemv_case c = any_vec[k / 2];
            c.trans = k % 2 ? MV_OP_N : MV_OP_T;
            if (mode && k % 3)
                continue;
            if (small_mode())
                c.n = c.n / 10 + 1;
            run_gemv_case(h, &c, &r);
        }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* A and x not 16-byte aligned (1..3 elements into their allocations), with
 * lda even and odd: op T reads every column in 16-byte loads after r < V
 * leading rows (r differs from column to column with an odd lda), and x in
 * 16-byte loads where x + r is aligned too, else in scalar loads; op N takes
 * the scalar-load fall-back (tall op N: tall-n-shift, aligned vectors
 * realigned once per tile). Many short columns per block, one long column per block, a
 * split over rows, x strided and reversed; tall op T (x of 48 KB or more, n <= 64:
 * tall-t over shifted columns, aligned vectors from r rows before each
 * column, masked). */
static void test_unaligned_pointers(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(6);
    static const gemv_case cases[] = {
        {DT_S, MV_OP_T, 37, 1001, 40, 1, 1, 1.0, 0.0, 0, NULL, 1, 0},
        {DT_S, MV_OP_T, 37, 1001, 41, 1, -2, -0.5, 0.25, 0, NULL, 3, 1},
        {DT_S, MV_OP_T, 5000, 301, 5003, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 5000, 301, 5000, 1, 1, 1.0, 0.5, 0, NULL, 2, 2},
        {DT_S, MV_OP_T, 5001, 299, 5004, 1, 1, 1.5, 0.0, 0, NULL, 1, 2},
        {DT_S, MV_OP_T, 5001, 299, 5007, -3, 1, 1.0, -1.0, 0, NULL, 2, 1},
        {DT_S, MV_OP_T, 300007, 5, 300009, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 300007, 5, 300009, 1, 1, 1.0, 0.0, 0, NULL, 0, 1},
        {DT_S, MV_OP_T, 1000, 700, 1001, 1, 1, 1.0, 0.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_T, 777, 300, 777, 1, 1, 1.0, 0.0, 0, NULL, 3, 0},
        {DT_S, MV_OP_T, 300007, 5, 300008, -1, 2, 1.0, 0.5, 0, NULL, 3, 0},
        {DT_D, MV_OP_T, 4001, 257, 4001, 1, 1, 1.0, 0.0, 0, NULL, 1, 0},
        {DT_D, MV_OP_T, 4001, 257, 4004, 1, 1, -2.0, 0.5, 0, NULL, 1, 1},
        {DT_D, MV_OP_T, 150001, 7, 150003, 2, -1, 1.0, 0.0, 0, NULL, 0, 1},
        /* tall-t over shifted columns: K = 4 in three groups, K = 8 in
         * three (the last of 5) and in five, K = 2 over one column and
         * two, alpha = 0 */
        {DT_S, MV_OP_T, 100003, 10, 100005, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_T, 70001, 21, 70001, 1, 2, -0.5, 1.0, 0, NULL, 1, 0},
        {DT_S, MV_OP_T, 90001, 37, 90003, 2, 1, 1.0, 0.0, 0, NULL, 3, 0},
        {DT_S, MV_OP_T, 65537, 1, 65537, 1, 1, 1.0, 0.25, 0, NULL, 2, 0},
        {DT_D, MV_OP_T, 80001, 2, 80003, -1, 1, 1.0, 0.0, 0, NULL, 1, 1},
        /* ... and from 48 KB of x: float m = 12289 (K = 8, 5 groups, the
         * last of 5), double m = 6151 (K = 4, one group of 3) */
        {DT_S, MV_OP_T, 12289, 37, 12291, 1, 1, 1.0, 0.5, 0, NULL, 2, 0},
        {DT_D, MV_OP_T, 6151, 3, 6151, 1, -1, -1.0, 0.0, 0, NULL, 1, 1},
        /* tall-n over shifted columns (a wave of 255 x V-row tiles on 132
         * SMs): lda odd and 2 mod 4, A off its line, x strided and
         * reversed, beta != 0, alpha = 0 */
        {DT_S, MV_OP_N, 410009, 7, 410010, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 210001, 13, 210001, -2, 3, 1.0, 0.5, 0, NULL, 1, 0},
        {DT_S, MV_OP_N, 500001, 9, 500001, 1, 1, -0.5, 0.0, 0, NULL, 3, 1},
        {DT_S, MV_OP_N, 420001, 5, 420003, 1, 1, 0.0, 0.5, 1, NULL, 1, 0},
        /* the cases above end in a last wave of a few tiles (on 132 SMs),
         * so their tiles shrink evenly to whole waves; this one keeps
         * whole tiles (1.98 waves) */
        {DT_S, MV_OP_N, 800003, 11, 800005, 1, 1, 1.0, 0.5, 0, NULL, 1, 0},
        {DT_S, MV_OP_T, 70001, 9, 70002, 1, 1, 0.0, 0.5, 1, NULL, 1, 0},
        {DT_S, MV_OP_N, 1000, 777, 1000, 1, 1, 1.0, 0.0, 0, NULL, 1, 3},
        {DT_S, MV_OP_N, 16, 100003, 16, 1, 1, 1.0, 0.5, 0, NULL, 2, 0},
        {DT_D, MV_OP_N, 1001, 513, 1002, -1, 1, 1.0, 0.0, 0, NULL, 1, 1},
        {DT_S, MV_OP_T, 16, 100003, 16, 1, 1, 1.0, 0.0, 0, NULL, 1, 1},
        /* op N with an odd lda: tiles of 32 x V rows, a partial last tile */
        {DT_S, MV_OP_N, 3001, 1237, 3003, 2, -1, 0.75, -0.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 2999, 611, 3001, 1, 1, 1.0, 0.25, 0, NULL, 0, 2},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k)
        run_gemv_case(h, &cases[k], &r);
}

/* Op N through thin-n (src/gemv/gemv_fast.cu): aligned columns, A of
 * 32 KB to 128 MB, tiles of eight vectors (128 bytes of each column), four,
 * two or one, in blocks of 256 threads or (gemv_thin_n_wide, tiles in one
 * full wave of the SMs) of 512; a last tile of one row, fewer columns than a
 * block has threads for, increments of both signs, beta != 0, alpha = 0
 * with NaN in A and x, and the device pointer mode; and one tile of fewer
 * rows than a vector (tiny A, many columns) in one 512-thread block. The
 * kernel each case takes is the one on a GPU of 132 SMs (H100 SXM, H200);
 * on others the cases still check whatever path the shapes take. Small
 * mode (compute-sanitizer) leaves out the double cases of 16 MB and more. */
static void test_thin_tiles(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(7);
    static const gemv_case cases[] = {
        /* float, tiles of 8 rows */
        {DT_S, MV_OP_N, 1001, 777, 1004, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 1023, 2047, 1024, -2, 3, -0.75, 1.25, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 600, 1500, 600, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        {DT_S, MV_OP_N, 2000, 40, 2000, 1, -1, 1.0, 0.0, 0, NULL, 0, 0},
        /* float, tiles of 4 rows */
        {DT_S, MV_OP_N, 301, 3001, 304, 1, 1, 1.5, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 257, 129, 260, 3, -1, 1.0, 0.5, 0, NULL, 0, 0},
        /* float, tiles of 16 rows: 8-16 MB in 188 tiles (256 threads), in
         * 128 tiles (512 threads) */
        {DT_S, MV_OP_N, 3001, 1000, 3004, 1, 1, 1.0, 0.5, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 2045, 1100, 2048, 1, 1, 1.0, 0.5, 0, NULL, 0, 0},
        /* float, tiles of 32 rows in blocks of 512 threads: one wave of
         * tiles (the last of 27 rows), alpha = 0; where such tiles would
         * make two waves (264), tiles of 16 rows in 256 threads instead */
        {DT_S, MV_OP_N, 4219, 601, 4220, 2, -1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 8439, 300, 8440, 1, 1, -0.5, 2.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 4219, 601, 4220, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        /* double, tiles of 16 rows in blocks of 512 threads (132 tiles,
         * the last of 9 rows; 128 tiles), of 8 rows (512 threads, 128
         * tiles; 256 threads, 376 tiles) */
        {DT_D, MV_OP_N, 2105, 613, 2106, 1, 2, 1.0, -0.5, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 2043, 1500, 2044, 1, 1, -1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 1021, 1999, 1024, -1, 2, 0.5, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 3001, 1100, 3002, 1, -1, 1.0, 0.75, 0, NULL, 0, 0},
        /* fewer rows than a vector, A of 32 KB or less, more than 2048
         * columns: one tile in one 512-thread block, scalar loads (any lda,
         * A and x not 16-byte aligned) */
        {DT_S, MV_OP_N, 2, 4096, 2, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 3, 2700, 5, -2, 3, 0.5, -1.0, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 1, 8000, 1, 1, -1, 1.0, 0.25, 0, NULL, 0, 0},
        {DT_S, MV_OP_N, 2, 3001, 3, 1, 1, 0.0, 0.5, 1, NULL, 0, 0},
        {DT_S, MV_OP_N, 3, 2500, 3, 1, 1, 1.0, 0.0, 0, NULL, 1, 1},
        {DT_D, MV_OP_N, 1, 3000, 1, 1, 1, -1.0, 0.0, 0, NULL, 0, 0},
        /* double, tiles of 4 rows, then of 2 */
        {DT_D, MV_OP_N, 999, 1001, 1000, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 255, 2049, 256, -1, 2, 0.5, -1.0, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 131, 3001, 132, 1, 1, 1.0, 0.25, 0, NULL, 0, 0},
        {DT_D, MV_OP_N, 130, 700, 130, 2, 1, 0.0, -2.0, 1, NULL, 0, 0},
    };
    const size_t count = sizeof cases / sizeof cases[0];
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (size_t k = 0; k < count; ++k) {
            if (mode && k % 2)
                continue;
            if (small_mode() && cases[k].m * cases[k].n > 2000000 && cases[k].dtype == DT_D)
                continue;
            run_gemv_case(h, &cases[k], &r);
        }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* Shapes as users have them: sizes that are multiples of nothing, lda = m
 * (columns that start off a 16-byte boundary whenever m is not a multiple
 * of the vector) or m + 1..3, so that op T's columns end in every
 * remainder of a round of loads (the predicated tail rounds of tiled-t),
 * and op N's row tiles and column splits end part-way. First the shapes
 * that showed it (scaled to the test's budget), then every m mod 8 around
 * a few sizes, then log-uniform random shapes with random lda, increments,
 * scalars and pointer offsets. */
static void test_any_shape(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(8);
    static const int64_t shapes[][2] = {
        {1177, 9897}, {387, 47414}, {333, 7777}, {2277, 5574}, {2142, 1306}, {39, 61859},
        {51, 14258},  {1683, 3360}, {300, 200},  {1000, 1000}, {4095, 511}, {70001, 17},
    };
    const int64_t cap = small_mode() ? 400000 : 12000000; /* elements of A */
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const int64_t m = shapes[s][0], n = shapes[s][1];
        if (m * n > cap)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int trans = 0; trans < 2; ++trans) {
                const gemv_case c = {dtype, (mv_operation)trans, m, n, m, 1, 1, 1.0, 0.0, 0, NULL, 0, 0};
                run_gemv_case(h, &c, &r);
            }
    }
    /* Long columns in more column blocks than a wave (op T splits the
     * rows into parts so that the blocks fill their last wave), odd and
     * even lda. */
    if (!small_mode()) {
        /* Then 64 and 128 threads a column: float 70001 x 601 in row
         * parts at four blocks an SM; float with the predicated tail
         * (3217 x 781, 2219 x 1141: three an SM), each column's warps
         * meeting at a barrier of their own (ids 1-4), the block's
         * columns drifting apart; double on a looping grid (four an SM,
         * every double plan since entry 61: 2309 x 4601, P = 128), and
         * 1229 x 9001, whose plan of that kind launch_t gives to warp
         * columns past four waves. */
        const gemv_case longs[] = {
            {DT_S, MV_OP_T, 70001, 601, 70001, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
            {DT_S, MV_OP_T, 3217, 781, 3217, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
            {DT_S, MV_OP_T, 2219, 1141, 2221, 1, -1, -1.0, 0.5, 0, NULL, 0, 0},
            {DT_D, MV_OP_T, 40009, 557, 40010, -1, 2, -0.5, 0.75, 0, NULL, 0, 0},
            {DT_D, MV_OP_T, 2309, 4601, 2309, 1, 1, 1.0, 0.0, 0, NULL, 0, 0},
            {DT_D, MV_OP_T, 1229, 9001, 1231, 1, -1, 0.5, -1.25, 0, NULL, 0, 0},
        };
        for (size_t k = 0; k < sizeof longs / sizeof longs[0]; ++k)
            run_gemv_case(h, &longs[k], &r);
    }
    /* Every m mod 8 (the vector width is 4 floats, 2 doubles), lda = m
     * and m + 1, around sizes where tiled-t's P changes. */
    static const int64_t bases[] = {64, 256, 1024};
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; ++b)
        for (int64_t d = -4; d < 4; ++d) {
            const int64_t m = bases[b] + d, n = small_mode() ? 37 : 301;
            for (int dtype = DT_S; dtype <= DT_D; ++dtype)
                for (int trans = 0; trans < 2; ++trans)
                    for (int64_t pad = 0; pad < 2; ++pad) {
                        const gemv_case c = {dtype, (mv_operation)trans, m, n, m + pad, 1, 1,
                                             rng_uniform(&r), pad ? rng_uniform(&r) : 0.0, 0, NULL, 0, 0};
                        run_gemv_case(h, &c, &r);
                    }
        }
    static const int64_t incs[] = {1, 1, 1, -1, 2, -3};
    const int count = small_mode() ? 24 : 160;
    for (int k = 0; k < count; ++k) {
        int64_t m, n;
        do { /* log-uniform in [1, 2^17] */
            m = (int64_t)exp2(17.0 * (rng_uniform(&r) + 1.0) / 2.0);
            n = (int64_t)exp2(17.0 * (rng_uniform(&r) + 1.0) / 2.0);
        } while (m * n > cap / 4);
        const gemv_case c = {
            k % 2 ? DT_D : DT_S,
            (mv_operation)((k / 2) % 2),
            m,
            n,
            m + (k % 3 ? rng_range(&r, 0, 3) : 0),
            incs[rng_range(&r, 0, 5)],
            incs[rng_range(&r, 0, 5)],
            rng_uniform(&r) * 2.0,
            k % 4 == 0 ? 0.0 : rng_uniform(&r),
            0,
            NULL,
            k % 5 ? 0 : rng_range(&r, 1, 3),
            k % 7 ? 0 : rng_range(&r, 1, 3),
        };
        run_gemv_case(h, &c, &r);
    }
}

/* A fixed case of a kernel's test; big: kept at full size in small mode
 * (compute-sanitizer), so that the kernel itself runs there too. */
typedef struct {
    gemv_case c;
    int big;
} sized_case;

/* Every case in the host pointer mode, every third in the device mode; in
 * small mode the cases not marked big take a tenth of n. */
static void run_sized_cases(mv_handle h, const sized_case *cases, size_t count, rng_t *r)
{
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (size_t k = 0; k < count; ++k) {
            gemv_case c = cases[k].c;
            if (mode && k % 3)
                continue;
            if (small_mode() && !cases[k].big)
                c.n = c.n / 10 + 1;
            run_gemv_case(h, &c, r);
        }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* test_flat_t's random calls: lda = m, m + 1..3 or m + m/8; n for about
 * elems elements of A; increments and alpha drawn. */
static int64_t flat_t_lda(rng_t *r, int64_t m)
{
    const int64_t pads[] = {0, rng_range(r, 1, 3), m / 8};
    return m + pads[rng_range(r, 0, 2)];
}

static void run_flat_t_random(mv_handle h, rng_t *r, int dtype, int64_t m, int64_t lda, double elems, double beta,
                              int64_t off_A, int64_t off_x)
{
    static const int64_t incs[] = {1, 1, 1, -1, 2, -3};
    const int64_t incx = incs[rng_range(r, 0, 5)], incy = incs[rng_range(r, 0, 5)];
    const gemv_case c = {
        dtype, MV_OP_T, m, (int64_t)(elems / (double)lda) + 1, lda, incx, incy, rng_uniform(r) * 2.0, beta, 0, NULL,
        off_A, off_x,
    };
    run_gemv_case(h, &c, r);
}

/* flat-t (src/gemv/gemv_skinny.cu): op T over columns of at most 128
 * 16-byte vectors that lie nearly one after the other, each block reading
 * the most columns its 2048 vectors hold as one flat run from the 16-byte
 * boundary before the first; taken where the columns start off a 16-byte
 * boundary (lda not a multiple of the vector, or A) and those blocks make
 * 1.25 waves for columns of up to 64 vectors (on an H100 from about 5.4M
 * float or 2.7M double elements), 8 waves for 65-128 (the two cases of
 * 339 and 135 rows: 9.5 and 8.5 waves on an H100, about 41M and 18M
 * elements; tiled-t in small mode, at a tenth of the columns), else
 * tiled-t. m not a power-of-two number of vectors and m < 1 vector,
 * lda = m, m + 1..3 and m + m/8, A and x 0..3 elements into their
 * allocations (runs that start before A and end inside a vector), a last
 * block of fewer columns, increments of both signs, beta != 0, alpha = 0
 * with NaN in A and x, the device pointer mode; below a wave and with lda =
 * m + m/8 + a vector the same shapes take scalar-t or tiled-t. */
static void test_flat_t(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(9);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_T, 61, 712656, 61, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 51, 300007, 51, 1, 1, 1.0, 0.0, 0, NULL, 1, 0}, 1},
        {{DT_S, MV_OP_T, 80, 200003, 80, -2, 3, 0.5, -1.5, 0, NULL, 3, 1}, 1},
        {{DT_S, MV_OP_T, 3, 2000003, 4, 1, -1, 1.0, 0.5, 0, NULL, 2, 0}, 0},
        {{DT_D, MV_OP_T, 1, 3000017, 2, 3, 1, -1.0, 0.0, 0, NULL, 1, 1}, 1},
        {{DT_S, MV_OP_T, 255, 40009, 256, 1, 1, 1.0, 0.25, 0, NULL, 1, 2}, 0},
        {{DT_D, MV_OP_T, 127, 30011, 141, -1, 2, 2.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 200, 50021, 225, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 200, 30011, 229, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 13, 9, 13, 1, 1, 1.0, 0.5, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 37, 400009, 37, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 37, 100003, 38, 1, -1, 0.0, 0.0, 1, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 339, 120011, 339, 1, 1, 1.0, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_D, MV_OP_T, 135, 130003, 137, -2, 1, 0.5, 1.5, 0, NULL, 0, 1}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
    /* Random columns, A of 8-16M float or 4-8M double elements (a wave of
     * flat-t blocks and more): every m mod the vector width, columns of 1-64
     * vectors, so vectors that hold one column's rows, two columns' or the
     * block's head or tail. */
    const int random_cases = small_mode() ? 2 : 24;
    for (int k = 0; k < random_cases; ++k) {
        const int dtype = k % 2 ? DT_D : DT_S;
        const int64_t w = dtype == DT_S ? 4 : 2;
        const int64_t m = rng_range(&r, 1, 64 * w);
        int64_t lda = flat_t_lda(&r, m);
        lda = lda < w ? w : lda;
        const double elems = (dtype == DT_S ? 8e6 : 4e6) * exp2(rng_uniform(&r) / 2.0 + 0.5);
        const double beta = k % 4 == 0 ? 0.0 : rng_uniform(&r);
        const int64_t off_A = rng_range(&r, 0, 3);
        run_flat_t_random(h, &r, dtype, m, lda, elems, beta, off_A, k % 3 ? 0 : rng_range(&r, 1, 3));
    }
    /* Random columns of 65-128 vectors (blocks of 16-31 columns, most of
     * a thread's vectors inside one column's rows), A of 40-50M float or
     * 20-25M double elements: 8 waves of flat-t blocks and more on 132 SMs.
     * Not in small mode. */
    const int long_cases = small_mode() ? 0 : 4;
    for (int k = 0; k < long_cases; ++k) {
        const int dtype = k % 2 ? DT_D : DT_S;
        const int64_t w = dtype == DT_S ? 4 : 2;
        const int64_t m = rng_range(&r, 64 * w + 1, 128 * w);
        const int64_t lda = flat_t_lda(&r, m);
        const double elems = (dtype == DT_S ? 40e6 : 20e6) * (1.125 + rng_uniform(&r) / 8.0);
        const double beta = k < 2 ? 0.0 : rng_uniform(&r);
        /* A off a 16-byte boundary where lda alone would keep its columns on one. */
        const int64_t off_A = lda % w ? rng_range(&r, 0, 3) : rng_range(&r, 1, w - 1);
        run_flat_t_random(h, &r, dtype, m, lda, elems, beta, off_A, k % 3 ? 0 : rng_range(&r, 1, 3));
    }
}

/* One infinite element of x (either sign), at position q: every y[i] is
 * then alpha * A's element beside it (row q of column i for op T, column q
 * of row i for op N) times x[q] plus finite terms, an infinity of that
 * product's sign (NaN where A's element is zero). A kernel that selects
 * an element it skips (another column's, one outside its block or tile,
 * rows m..lda-1, NaN here) to zero and still multiplies it by x would
 * turn that infinity into NaN (0 * inf): flat-t sums a vector's elements
 * of two columns, the tiled kernels peel columns that start off a 16-byte
 * boundary. q at the first and last position and drawn; every default
 * kernel family on a 132-SM GPU (exp/plan-model.py): flat-t (columns of
 * 6-200 rows, lda = m, m + 2, m + 14 and m + m/8, 4M elements or more, A
 * 0..2 elements off a 16-byte boundary), scalar-t, short-t, tall-t and
 * its shifted form, tiled-t and its pipelined instance; flat-n, short-n,
 * tall-n and its shifted form, thin-n and its wide tiles, tiled-n split
 * and shifted; beta 0 and not, strided x; also in small mode. */
typedef struct {
    int dtype;
    mv_operation op;
    int64_t m, n, lda, incx, off_A;
    double alpha, beta;
} inf_case;

static void run_infinite_x(const inf_case *c, int64_t q, double inf, rng_t *r, mv_handle h)
{
    const int t = c->op == MV_OP_T;
    const int64_t len_x = t ? c->m : c->n, len_y = t ? c->n : c->m;
    const size_t size_A = (size_t)(c->lda * (c->n - 1) + c->m), span_x = vector_span(len_x, c->incx);
    double *A_alloc = malloc((size_A + (size_t)c->off_A) * sizeof *A_alloc);
    double *x = malloc(span_x * sizeof *x), *y = malloc((size_t)len_y * sizeof *y);
    double *out = malloc((size_t)len_y * sizeof *out);
    assert_true(A_alloc && x && y && out);
    double *A = A_alloc + c->off_A;
    fill_matrix_poisoned(r, c->dtype, A_alloc, c->off_A, c->m, c->n, c->lda);
    fill_random(r, c->dtype, x, span_x);
    x[ref_index(q, len_x, c->incx)] = inf;
    if (c->beta != 0.0)
        fill_random(r, c->dtype, y, (size_t)len_y);
    else
        fill_nan(y, (size_t)len_y);
    void *dA_alloc = dev_upload(c->dtype, A_alloc, size_A + (size_t)c->off_A);
    void *dx = dev_upload(c->dtype, x, span_x), *dy = dev_upload(c->dtype, y, (size_t)len_y);
    CHECK_CUDA(cudaDeviceSynchronize());
    /* call_gemv takes double scalars in the host pointer mode (the handle's). */
    CHECK_MV(h, call_gemv(h, c->dtype, c->op, c->m, c->n, &c->alpha, (char *)dA_alloc + c->off_A * dtype_size(c->dtype),
                          c->lda, dx, c->incx, &c->beta, dy, 1));
    dev_download(c->dtype, dy, out, (size_t)len_y);
    for (int64_t i = 0; i < len_y; ++i) {
        const double a = t ? A[q + i * c->lda] : A[i + q * c->lda];
        const int want_nan = a == 0.0;
        const int want_neg = c->alpha * a * inf < 0.0;
        if (want_nan ? !isnan(out[i]) : !(isinf(out[i]) && (out[i] < 0.0) == want_neg))
            fail_msg("%s %c m=%lld n=%lld lda=%lld incx=%lld off_A=%lld beta=%g, x[%lld] = %g: y[%lld] = %g, "
                     "want %s (A's element %g)",
                     dtype_name(c->dtype), t ? 'T' : 'N', (long long)c->m, (long long)c->n, (long long)c->lda,
                     (long long)c->incx, (long long)c->off_A, c->beta, (long long)q, inf, (long long)i, out[i],
                     want_nan ? "NaN" : want_neg ? "-inf" : "+inf", a);
    }
    dev_free(dA_alloc);
    dev_free(dx);
    dev_free(dy);
    free(A_alloc);
    free(x);
    free(y);
    free(out);
}

static void test_infinite_x(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(31);
    const mv_operation T = MV_OP_T, N = MV_OP_N;
    const inf_case cases[] = {
        /* flat-t */
        {DT_S, T, 61, 100003, 61, 1, 0, 1.0, 0.0},
        {DT_S, T, 13, 500009, 15, 1, 2, -0.5, 0.5},
        {DT_S, T, 200, 50021, 225, 2, 1, 1.0, 0.0},
        {DT_D, T, 51, 120007, 51, 1, 1, 1.0, 0.25},
        {DT_D, T, 127, 30011, 141, 1, 0, -2.0, 0.0},
        {DT_D, T, 6, 1100003, 6, -1, 1, 1.0, 0.0},
        /* scalar-t, short-t, tall-t, shifted tall-t, tiled-t, tiled-t pipelined */
        {DT_S, T, 100, 20011, 101, 1, 0, 1.0, 0.0},
        {DT_S, T, 37, 30011, 37, 1, 1, 1.0, 0.5},
        {DT_S, T, 32, 50000, 32, 1, 0, -1.0, 0.0},
        {DT_S, T, 100000, 7, 100000, 1, 0, 1.0, 0.0},
        {DT_D, T, 50001, 3, 50001, 2, 0, 1.0, 1.5},
        {DT_S, T, 3001, 2003, 3001, 1, 0, 1.0, 0.0},
        {DT_D, T, 2000, 3001, 2001, -1, 0, 0.5, 0.0},
        /* flat-n, short-n, tall-n, shifted tall-n, thin-n, wide thin tiles, split and shifted tiled-n */
        {DT_S, N, 13, 200003, 15, 1, 0, 1.0, 0.0},
        {DT_S, N, 8, 100000, 8, 1, 0, 1.0, 0.5},
        {DT_S, N, 600000, 5, 600000, 1, 0, -1.0, 0.0},
        {DT_S, N, 410001, 3, 410001, 2, 0, 1.0, 0.0},
        {DT_S, N, 512, 2048, 512, 1, 0, 1.0, 0.0},
        {DT_S, N, 3001, 2003, 3001, 1, 1, 1.0, 0.0},
        {DT_D, N, 1001, 777, 1001, -2, 0, 2.0, 0.5},
        {DT_D, N, 4099, 1500, 4099, 1, 0, 1.0, 0.0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const int64_t len_x = cases[k].op == MV_OP_T ? cases[k].m : cases[k].n;
        const int64_t at[] = {0, len_x - 1, rng_range(&r, 0, len_x - 1)};
        for (int i = 0; i < 3; ++i)
            run_infinite_x(&cases[k], at[i], i % 2 ? -INFINITY : INFINITY, &r, h);
    }
}

/* scalar-t (src/gemv/gemv_skinny.cu): op T over columns of at most 256
 * elements off a 16-byte boundary that flat-t does not take, where its
 * grid (P lanes a column, P * 8 >= m, two column groups a lane, 256-thread
 * blocks) makes half a wave to 2.5 waves on a 132-SM GPU (six float or
 * three double blocks per SM). So: every P from 1 (m <= 8) to 32 (m of
 * 249-256), every lda mod the vector width and padded lda that flat-t
 * refuses, A 1..3 elements into its allocation with lda a multiple of the
 * vector, x off its line, increments of both signs, a last block of fewer
 * columns than its two groups, beta != 0, alpha = 0 with NaN in A and x,
 * the device pointer mode; then random m and lda at about 1.2 waves. In
 * small mode (the sanitizer's) the two cases of m = 3 and 7 keep their
 * size: A of 2.8 and 6.2 MB, the smallest that take scalar-t. */
static void test_scalar_t(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(14);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_T, 127, 24190, 127, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 29, 40009, 31, 1, 1, 1.0, 0.5, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 3, 230003, 3, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_T, 7, 110017, 7, -1, 1, 1.0, 0.5, 0, NULL, 1, 2}, 1},
        {{DT_S, MV_OP_T, 5, 300007, 5, 1, 1, -1.0, 0.0, 0, NULL, 0, 1}, 0},
        {{DT_S, MV_OP_T, 13, 150001, 13, 2, 1, 1.0, 0.25, 0, NULL, 3, 0}, 0},
        {{DT_S, MV_OP_T, 61, 30011, 61, -2, 3, 0.5, -1.5, 0, NULL, 0, 2}, 0},
        {{DT_S, MV_OP_T, 251, 12906, 251, 1, -1, 2.0, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 256, 12001, 258, 1, 1, 1.0, 0.0, 0, NULL, 0, 3}, 0},
        {{DT_D, MV_OP_T, 200, 9001, 201, -1, 2, 1.0, 1.5, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 100, 15013, 113, 3, 1, -0.5, 0.0, 0, NULL, 1, 1}, 0},
        {{DT_S, MV_OP_T, 64, 40013, 64, 1, 1, 1.0, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 127, 24190, 128, 1, 1, 0.0, 0.5, 1, NULL, 2, 0}, 0},
        {{DT_D, MV_OP_T, 29, 40009, 31, 1, -1, 0.0, 0.0, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
    static const int64_t incs[] = {1, 1, 1, -1, 2, -3};
    const int random_cases = small_mode() ? 0 : 8;
    for (int k = 0; k < random_cases; ++k) {
        const int dtype = k % 2 ? DT_D : DT_S;
        const int64_t w = dtype == DT_S ? 4 : 2;
        const int64_t m = rng_range(&r, 1, 256);
        int64_t lda = m + (k % 4 == 3 ? rng_range(&r, m / 8 + w, m / 8 + 3 * w) : rng_range(&r, 0, 3));
        lda += lda % w == 0;  /* off a 16-byte boundary */
        int64_t p = 1;
        while (p * 8 < m)
            p *= 2;
        const int64_t blocks = dtype == DT_S ? 950 : 475;
        const gemv_case c = {
            dtype, MV_OP_T, m, blocks * 2 * (256 / p) - rng_range(&r, 0, 2 * (256 / p) - 1), lda,
            incs[rng_range(&r, 0, 5)], incs[rng_range(&r, 0, 5)], rng_uniform(&r) * 2.0,
            k % 4 == 0 ? 0.0 : rng_uniform(&r), 0, NULL, rng_range(&r, 0, 3), k % 3 ? 0 : rng_range(&r, 1, 3),
        };
        run_gemv_case(h, &c, &r);
    }
}

/* flat-n (src/gemv/gemv_skinny.cu): op N over rows packed one column
 * after the other, lda of 1 to 32 16-byte vectors (lda - m under a vector
 * or at most m/8), columns off a 16-byte boundary (lda not a multiple of
 * the vector, or A 1..3 elements into its allocation; the aligned ones of
 * the loop below take short-n, thin-n or tiled-n). Each thread keeps
 * the sums of the rows its vectors meet (the period lda/gcd(lda, vector)),
 * so: every lda mod the vector width, periods under and over a warp, m <
 * a vector with lda of one, lda = m + m/8 (rows read and dropped), runs that
 * start before A (A 1..3 elements into its allocation) and end inside a
 * vector, one block (A of 32 KB or less) and many (a split finished by the
 * last block), increments of both signs, beta != 0, alpha = 0 with NaN in A
 * and x, the device pointer mode. */
static void test_flat_n(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(10);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_N, 11, 78866, 11, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 23, 21834, 23, 1, 1, 1.0, 0.0, 0, NULL, 1, 0}, 1},
        {{DT_S, MV_OP_N, 61, 71265, 61, -2, 3, 0.5, -1.5, 0, NULL, 3, 1}, 0},
        {{DT_S, MV_OP_N, 3, 200003, 4, 1, -1, 1.0, 0.5, 0, NULL, 2, 0}, 1},
        {{DT_D, MV_OP_N, 1, 300017, 2, 3, 1, -1.0, 0.0, 0, NULL, 1, 1}, 0},
        {{DT_S, MV_OP_N, 127, 40009, 128, 1, 1, 1.0, 0.25, 0, NULL, 1, 2}, 0},
        {{DT_S, MV_OP_N, 114, 30011, 128, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 57, 30011, 64, -1, 2, 2.0, 0.0, 0, NULL, 0, 3}, 0},
        {{DT_D, MV_OP_N, 63, 50021, 63, 1, 1, 1.0, 0.0, 0, NULL, 1, 0}, 1},
        {{DT_S, MV_OP_N, 96, 60013, 97, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 13, 9, 13, 1, 1, 1.0, 0.5, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_N, 7, 1111, 7, 1, 1, 1.0, 0.0, 0, NULL, 3, 0}, 0},
        {{DT_S, MV_OP_N, 37, 400009, 37, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 37, 100003, 38, 1, -1, 0.0, 0.0, 1, NULL, 1, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
    /* Every lda from one vector to 32 (float 4..128, double 2..64), lda = m
     * or padded, A 0..3 elements off its line, random n (A of 2K to 4M
     * elements); then random cases of any increments. */
    static const int64_t incs[] = {1, 1, 1, -1, 2, -3};
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        const int64_t w = dtype == DT_S ? 4 : 2;
        for (int64_t lda = w; lda <= 32 * w; ++lda) {
            if (small_mode() && lda % 5 != 0)
                continue;
            const int64_t pads[] = {0, rng_range(&r, 1, 3), lda / 9};
            int64_t m = lda - pads[rng_range(&r, 0, 2)];
            m = m < 1 ? 1 : m;
            const double elems = exp2(11.0 + (small_mode() ? 8.0 : 11.0) * rng_uniform(&r));
            const gemv_case c = {
                dtype, MV_OP_N, m, (int64_t)(elems / (double)lda) + 1, lda, incs[rng_range(&r, 0, 5)],
                incs[rng_range(&r, 0, 5)], rng_uniform(&r) * 2.0, lda % 4 == 0 ? 0.0 : rng_uniform(&r), 0, NULL,
                rng_range(&r, 0, 3), lda % 3 ? 0 : rng_range(&r, 1, 3),
            };
            run_gemv_case(h, &c, &r);
        }
    }
}

/* tiled-n's split spans of whole rounds (src/gemv/gemv_split.cuh,
 * plan_split): where a block runs at most two rounds, or whole spans save
 * it one, a split's span is a whole number of rounds, so that no block
 * waits a round trip for a sliver. Changed plans: float 257 x 2110 (3
 * tiles; 59 spans of 36 columns, rounds of 32, before; 66 of 32 now),
 * float 158 x 5819 with odd lda (scalar loads, 122 -> 91 splits), double
 * 85 x 11870 with A off its line (248 -> 186 splits, now the pipelined
 * instance), float 201 x 1924 with x backwards and beta != 0, float 454 x
 * 2136 with strided y, float 261 x 4440 (pipelined 124 -> plain 70
 * splits), double 5133 x 158 with alpha = 0 and NaN in A and x (8 -> 10
 * splits); left as they were (three rounds a block or more): float 2301 x
 * 3849 (29 splits of 136 columns), double 278 x 12409 with lda 279, and
 * float 145 x 90243 with lda 147 (tiled-n-shift, 128 splits); the device
 * pointer mode. In small mode the cases marked big keep their size. */
static void test_split_whole_rounds(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(23);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_N, 257, 2110, 257, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 158, 5819, 159, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 85, 11870, 85, 1, 1, -1.0, 0.0, 0, NULL, 1, 0}, 1},
        {{DT_S, MV_OP_N, 201, 1924, 201, -1, 1, 0.5, 1.5, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 454, 2136, 454, 1, 3, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 261, 4440, 261, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 5133, 158, 5133, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 2301, 3849, 2301, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 278, 12409, 279, 2, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 145, 90243, 147, 1, 1, 1.0, 0.25, 0, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-n's split plans from 64 MB whose tiles alone keep 25 KB an SM in
 * flight (16 KB a tile), taken unsplit (src/gemv/gemv_fast.cu, launch_n;
 * the tile counts on 132 SMs, as on an H100 SXM or H200): float 15512 x
 * 1090 (243 tiles of 16 threads, 2 splits before), double 16802 x 520
 * with odd lda (scalar loads, 263 tiles of 32 threads) with x backwards
 * and beta != 0, float 33407 x 520 with A off its line and strided y (261
 * tiles), double 8192 x 1100 with alpha = 0 and NaN in A and x; float
 * 11008 x 1600 (172 tiles, too few: stays in 3 splits) and float 15512 x
 * 1000 (62 MB: halved tiles, the same grid) beside them; the device
 * pointer mode. In small mode the case marked big keeps its size. */
static void test_tiled_n_unsplit_flight(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(22);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_N, 15512, 1090, 15512, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 16802, 520, 16803, -1, 1, 0.5, 1.5, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 33407, 520, 33407, 1, 3, 1.0, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_D, MV_OP_N, 8192, 1100, 8192, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 11008, 1600, 11008, 1, 1, -1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 15512, 1000, 15512, 2, 1, 1.0, 0.25, 0, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* flat-n on half its wave (src/gemv/gemv_skinny.cu, launch_flat_n): from
 * three loops of a thread's loads, where the kernel holds three blocks an
 * SM or more (float) and A is under 32 MiB, half the wave of blocks, each
 * with twice the span: m of 65-128 (the finish's tile of 128 outputs, a
 * thread's share of the blocks' sums two rounds or more) and of 13 (one
 * round), lda = m and padded, A off its line, x backwards with beta != 0,
 * strided y, alpha = 0 with NaN; float 13 x 624094 (lda 15, 35.7 MiB)
 * and double at the same sizes keep the whole wave (double: two blocks an
 * SM). */
static void test_flat_n_half_wave(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(21);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_N, 111, 24488, 111, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 77, 33388, 79, -1, 1, 0.5, 1.5, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 126, 21718, 126, 1, 3, 1.0, 0.0, 0, NULL, 2, 0}, 0},
        {{DT_S, MV_OP_N, 13, 524287, 15, 1, 1, -1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 13, 624094, 15, 1, 1, -1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 103, 33955, 103, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 59, 48524, 59, 1, 1, 1.0, 0.0, 0, NULL, 1, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-t-cols4 (src/gemv/gemv_fast.cu) over columns off a 16-byte
 * boundary: columns longer than 64 KB, four of one alignment a block (c,
 * c + period, ...: period 4 for float with odd lda, 2 for float lda = 2 mod
 * 4 and for double with odd lda, 1 for A 1..3 elements into its
 * allocation), the rows before their first 16-byte boundary one by one and
 * the rest in 16-byte loads. The shapes make a wave of such blocks on a
 * 132-SM GPU (the path is taken where they fill 3/4 of their waves), with
 * a last group of fewer columns than 4 x period; x off the columns'
 * alignment, a negative and a non-unit increment (x gathered first),
 * beta != 0, alpha = 0 with NaN in A and x, the device pointer mode. */
static void test_cols4_unaligned(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(11);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_T, 16411, 2105, 16411, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 8209, 1581, 8209, 1, 1, 1.0, 0.5, 0, NULL, 0, 1}, 1},
        {{DT_S, MV_OP_T, 16402, 2109, 16402, -1, 2, 0.5, -1.5, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 16400, 2110, 16400, 1, 1, -1.0, 0.25, 0, NULL, 1, 2}, 0},
        {{DT_D, MV_OP_T, 8300, 1579, 8303, 2, -1, 2.0, 0.0, 0, NULL, 3, 0}, 0},
        {{DT_S, MV_OP_T, 16411, 2105, 16413, 1, 1, 0.0, 0.5, 1, NULL, 2, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-t with long columns whose blocks fill under 90% of a wave: the
 * rows cut into parts that fill their waves (three here, on a 132-SM GPU),
 * each part's sums finished by the tile's last block; columns on and off a
 * 16-byte boundary (odd lda, A off its line: each part's head read one by
 * one), x gathered (A of 64 MB or more with incx != 1), beta != 0, alpha =
 * 0 with NaN in A and x, the device pointer mode. */
static void test_tiled_t_row_parts(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(12);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_T, 22611, 1100, 22611, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_T, 16000, 1300, 16000, 1, 1, 1.0, 0.5, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 16001, 1299, 16003, -2, 1, -0.5, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 30000, 1100, 30001, 1, -1, 2.0, 1.5, 0, NULL, 3, 1}, 0},
        {{DT_S, MV_OP_T, 22611, 1100, 22611, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-t's warp columns (P = 32, a warp a column, no split): columns of a
 * full round a lane or more in grids that keep enough in flight, in one
 * wave at four blocks an SM (float 1090 x 2801, double 1840 x 3175) and
 * with the predicated tail at three (float 1975 x 3022, 7.4 tail vectors
 * a lane), past a wave (double 563 x 9195); at half the bytes in flight
 * where the other plan loops over one-round columns (float 4416 x 1639,
 * double 2363 x 1590); odd lda, A and x off their
 * lines, strided x, beta != 0, alpha = 0 with NaN in A and x, the device
 * pointer mode. The first case keeps its size in small mode. */
static void test_tiled_t_warp_columns(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(13);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_T, 1090, 2801, 1090, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_T, 563, 9195, 567, 1, 1, 1.0, 0.5, 0, NULL, 0, 1}, 0},
        {{DT_S, MV_OP_T, 1975, 3022, 1977, -2, 1, -0.5, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_D, MV_OP_T, 1840, 3175, 1840, 1, -1, 2.0, 1.5, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 1090, 2801, 1091, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 4416, 1639, 4419, 1, 1, 1.0, 0.0, 0, NULL, 2, 0}, 0},
        {{DT_D, MV_OP_T, 2363, 1590, 2363, 3, 1, -1.0, 0.25, 0, NULL, 0, 1}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-t's warp columns past four waves of column blocks (the plans of
 * P = 64-256 a column on a looping grid that launch_t gives to warp
 * columns where the warp blocks fill 0.63 of their last wave or more; A of
 * 69 MB and more on 132 SMs): under a wave (float 12099 x 2993, 375
 * blocks, the predicated tail), past a wave (double 2402 x 5448, 681
 * blocks), a looping grid of them (double 1175 x 21284, 2661 blocks;
 * float 3713 x 14072, 1759 with the predicated tail), and beside them
 * shapes whose warp blocks would fill too little and keep the looping
 * grid (double 5510 x 2177, float 9357 x 2505 and 7596 x 4416) or whose
 * looping grid is a column a block in whole rounds (float 8192 x 3193,
 * lda 8196, double 4096 x 3873); odd and
 * even lda, A and x off their lines, strided x and y, beta != 0, alpha = 0
 * with NaN in A and x, the device pointer mode. In small mode a tenth of
 * the columns (another plan). */
static void test_tiled_t_warp_columns_many(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(29);
    static const sized_case cases[] = {
        {{DT_D, MV_OP_T, 5510, 2177, 5511, 1, 1, 1.0, 0.5, 0, NULL, 1, 0}, 0},
        {{DT_S, MV_OP_T, 9357, 2505, 9358, -2, 1, -0.5, 0.0, 0, NULL, 0, 1}, 0},
        {{DT_D, MV_OP_T, 2402, 5448, 2403, 1, -1, 2.0, 1.5, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 7596, 4416, 7597, 1, 1, 1.0, 0.0, 0, NULL, 3, 0}, 0},
        {{DT_S, MV_OP_T, 12099, 2993, 12099, 1, 2, 0.5, 0.25, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 1175, 21284, 1175, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 3713, 14072, 3715, 3, -1, 1.0, -1.0, 0, NULL, 2, 1}, 0},
        {{DT_D, MV_OP_T, 5510, 2177, 5510, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 8192, 3193, 8196, 1, 1, 1.0, 0.5, 0, NULL, 0, 1}, 0},
        {{DT_D, MV_OP_T, 4096, 3873, 4096, 1, -1, -1.0, 0.0, 0, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-n's pipelined instance (the next quad's loads of A out before this
 * quad's FMAs, three blocks an SM), taken where tiled-n's blocks make one
 * wave of 2.1-3 an SM (on 132 SMs 281-396 blocks): no split over 290-373
 * tiles (double 47698 x 62, float 74173 x 105 with odd lda and strided x),
 * column splits (double 11410 x 386 odd lda, float 11343 x 376, float 3007
 * x 568 in 16), a thread with one quad or none (float 77003 x 17: the
 * loop's exit before any next quad), tiles just past a wave at four an SM
 * doubled in height into the window (626 tiles to 313: double 20012 x
 * 257, float 80021 x 260 with odd lda and strided y) or just under it,
 * where the doubled tiles run the plain instance (531 tiles to 266:
 * double 16990 x 295; float 34100 x 301 with strided y and beta != 0, 533
 * to 267; double 34001 x 300 with lda 34003 and x off its line, 532 to
 * 266), split plans under
 * 64 MB whose tiles halved in height need no split and land in the window
 * (141 tiles in 3 splits to 281 unsplit: double 17975 x 64; float 9572 x
 * 796, 150 x 3 to 300; float 46747 x 39 with odd lda and strided x, 183 x
 * 2 to 366), A and x off their
 * lines, beta != 0, alpha = 0 with NaN in A and x, the device pointer
 * mode. In small mode
 * (compute-sanitizer) the cases marked big keep their size, so that the
 * instance runs there too; the others take a tenth of the columns and
 * another plan. */
static void test_tiled_n_pipe(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(15);
    static const sized_case cases[] = {
        {{DT_D, MV_OP_N, 47698, 62, 47698, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 74173, 105, 74175, -2, 1, -0.5, 0.25, 0, NULL, 1, 0}, 1},
        {{DT_D, MV_OP_N, 11410, 386, 11411, 1, 2, 2.0, 1.5, 0, NULL, 0, 1}, 1},
        {{DT_S, MV_OP_N, 11343, 376, 11344, 1, -1, 1.0, 0.0, 0, NULL, 0, 3}, 0},
        {{DT_S, MV_OP_N, 3007, 568, 3007, 1, 1, 1.0, 0.5, 0, NULL, 2, 0}, 0},
        {{DT_S, MV_OP_N, 77003, 17, 77005, 3, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 11410, 386, 11410, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 20012, 257, 20012, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 80021, 260, 80023, 1, 2, 0.5, -1.0, 0, NULL, 0, 1}, 0},
        {{DT_D, MV_OP_N, 16990, 295, 16990, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 34100, 301, 34100, 1, -3, -1.0, 0.5, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 34001, 300, 34003, 2, 1, 0.5, 0.0, 0, NULL, 1, 1}, 0},
        {{DT_D, MV_OP_N, 17975, 64, 17975, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 9572, 796, 9572, 1, -1, 0.5, 1.5, 0, NULL, 0, 1}, 0},
        {{DT_S, MV_OP_N, 46747, 39, 46749, 2, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-n's split plans under 64 MB that take shorter tiles with no split
 * (src/gemv/gemv_fast.cu, launch_n; the tile counts on 132 SMs, as on an
 * H100 SXM or H200): halved tiles into a full plain wave
 * of 19/20 to all of four blocks an SM (double 32228 x 35: 252 tiles in 2
 * splits to 504 unsplit; float 65522 x 44 with x backwards and beta != 0,
 * 512; double 33151 x 92 with odd lda, scalar loads, 518), quartered tiles
 * into the pipelined window (double 4517 x 339 with x off its line, 71 x
 * 7 to 283 tiles of 8 threads; float 19243 x 103 with odd lda and strided
 * x, 301) and into a full plain wave (double 16048 x 34 with strided y,
 * 502; float 32964 x 46 with alpha = 0 and NaN in A and x, 516); the
 * device pointer mode. In small mode the cases marked big keep their
 * size and their plan. */
static void test_tiled_n_short_tiles(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(17);
    static const sized_case cases[] = {
        {{DT_D, MV_OP_N, 32228, 35, 32228, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 65522, 44, 65522, -1, 1, 0.5, 1.5, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 33151, 92, 33151, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 4517, 339, 4517, 1, 1, 1.0, 0.0, 0, NULL, 0, 1}, 1},
        {{DT_S, MV_OP_N, 19243, 103, 19243, 2, 1, -1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_N, 16048, 34, 16048, 1, 2, 1.0, 0.25, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 32964, 46, 32964, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-n's split plans under 64 MB whose halved or quartered tiles need
 * no split and make 19/20 to all of the split plan's blocks, where neither
 * a full plain wave nor the pipelined window takes them (src/gemv/
 * gemv_fast.cu, launch_n; the tile counts on 132 SMs, as on an H100 SXM or
 * H200): under the window (double 4972 x 42: 39 tiles in 2 splits to 78
 * unsplit), between the window and a full wave (double 13636 x 92 with x
 * backwards and beta != 0, 107 x 4 quartered to 427; float 61584 x 84
 * with strided y, 241 x 2 to 482; double 6496 x 625 with x off its line,
 * 203 x 2 to 406 tiles of 8 threads), columns off 16 bytes, scalar loads
 * (float 53365 x 41, lda odd, 209 x 2 to 417; double 26039 x 190 with
 * alpha = 0 and NaN in A and x, 204 x 2 to 407); the device pointer mode.
 * In small mode the cases marked big keep their size and their plan. */
static void test_tiled_n_same_grid(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(19);
    static const sized_case cases[] = {
        {{DT_D, MV_OP_N, 4972, 42, 4972, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 13636, 92, 13636, -1, 1, 0.5, 1.5, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 61584, 84, 61584, 1, 2, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 6496, 625, 6496, 1, 1, -1.0, 0.0, 0, NULL, 0, 1}, 0},
        {{DT_S, MV_OP_N, 53365, 41, 53365, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 26039, 190, 26039, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-n's split plans under 64 MB that neither one wave nor the same
 * grid takes, into halved or quartered tiles with no split, at most a wave
 * at four an SM and at least 45% of the split plan's blocks (src/gemv/
 * gemv_fast.cu, launch_n; the tile counts on 132 SMs, as on an H100 SXM or
 * H200): double 8236 x 115 (65 tiles in 6 splits, 390 blocks, quartered to
 * 258), float 34096 x 140 with x backwards and beta != 0 (134 x 3 halved to
 * 267), double 5516 x 88 with strided y (44 x 5 quartered to 173), float
 * 10696 x 112 with A off its line, scalar loads (42 x 7 to 168), float
 * 13782 x 60 with odd lda (54 x 3 halved to 108), double 4424 x 484 with
 * alpha = 0 and NaN in A and x (139 x 3 halved to 277); the device pointer
 * mode. In small mode the cases marked big keep their size and their
 * plan. */
static void test_tiled_n_fewer_tiles(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(20);
    static const sized_case cases[] = {
        {{DT_D, MV_OP_N, 8236, 115, 8236, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 34096, 140, 34096, -1, 1, 0.5, 1.5, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 5516, 88, 5516, 1, 3, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_S, MV_OP_N, 10696, 112, 10696, 1, 1, -1.0, 0.0, 0, NULL, 1, 0}, 1},
        {{DT_S, MV_OP_N, 13782, 60, 13783, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 4424, 484, 4424, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* thin-n-wide over columns off a 16-byte boundary (src/gemv/gemv_fast.cu,
 * launch_n): A of 8 to 48 MB that tiled-n would split, one unsplit
 * 512-thread block an SM reading its rows by scalar loads where its tiles
 * give 7/10 of the SMs to all of them a block (on 132 SMs: 93-132 tiles).
 * Tiles of 8 vectors (float 2982 x 1664, 94 tiles, a last tile of 6 rows;
 * double 1879 x 1276 with an odd lda, x backwards and strided, beta != 0;
 * float 2984 x 1664 with A one element off its line), of 4 vectors where
 * those of 8 give too few SMs a block (double 819 x 1348, 103 tiles;
 * float 2050 x 1125 with alpha = 0 and NaN in A and x); the device
 * pointer mode. In small mode the cases marked big keep their size and
 * their plan. */
static void test_thin_tiles_scalar(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(18);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_N, 2982, 1664, 2982, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_N, 1879, 1276, 1881, -2, 1, 0.5, 1.5, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_N, 2984, 1664, 2984, 1, 2, 1.0, 0.0, 0, NULL, 1, 0}, 0},
        {{DT_D, MV_OP_N, 819, 1348, 819, 1, 1, -1.0, 0.0, 0, NULL, 0, 1}, 1},
        {{DT_S, MV_OP_N, 2050, 1125, 2050, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* tiled-t at four blocks an SM: rounds of four vectors with every load out
 * first, x off 16 bytes read as the two aligned vectors around its rows
 * (the shift s of x + row from 1 to 3: x 1-3 elements into its allocation,
 * lda even and odd so that s changes from column to column), a thread's
 * first vector taken alone where those vectors would start before x[0]
 * (A aligned, x off 16 bytes: the first column's r = 0 < s), the rounds
 * stopped before x's last element (columns that end within a round), the
 * whole vectors left in one predicated round of 1-3 (about 4-8 vectors a
 * thread: P = 64-256), strided x, beta != 0, alpha = 0 with NaN in A and
 * x; long columns in row parts; double's one partial wave of long columns
 * (2507 x 1701, 426 blocks; 4166 x 1199 takes the pipelined instance,
 * test_tiled_t_pipe; small mode: a tenth of the columns but for the first
 * three cases). */
static void test_tiled_t_rounds_of_four(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(14);
    static const sized_case cases[] = {
        {{DT_S, MV_OP_T, 2049, 1001, 2050, 1, 1, 1.0, 0.0, 0, NULL, 0, 1}, 1},
        {{DT_S, MV_OP_T, 5003, 513, 5003, 1, 1, -0.5, 0.5, 0, NULL, 0, 3}, 1},
        {{DT_D, MV_OP_T, 1001, 2003, 1001, 1, 1, 1.0, 0.0, 0, NULL, 0, 1}, 1},
        {{DT_S, MV_OP_T, 2549, 1001, 2549, 1, -1, 2.0, 0.0, 0, NULL, 1, 2}, 0},
        {{DT_S, MV_OP_T, 4097, 513, 4097, -2, 1, 1.0, 0.25, 0, NULL, 3, 0}, 0},
        {{DT_D, MV_OP_T, 2049, 513, 2050, 1, 2, -1.0, 1.5, 0, NULL, 1, 0}, 0},
        {{DT_D, MV_OP_T, 777, 2003, 778, 3, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_S, MV_OP_T, 4097, 513, 4098, 1, 1, 0.0, 0.5, 1, NULL, 0, 1}, 0},
        {{DT_S, MV_OP_T, 100003, 129, 100003, 1, 1, 1.0, 0.0, 0, NULL, 1, 2}, 0},
        {{DT_D, MV_OP_T, 50021, 301, 50022, 1, -1, 2.0, 1.5, 0, NULL, 0, 1}, 0},
        {{DT_D, MV_OP_T, 2507, 1701, 2507, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 0},
        {{DT_D, MV_OP_T, 4166, 1199, 4167, 1, 1, -0.5, 0.25, 0, NULL, 1, 1}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

/* double tiled-t's pipelined instance (the next round's loads of A out
 * before this round's FMAs, three blocks an SM), taken where the plan's
 * blocks make one wave of 2.1-3 an SM (on 132 SMs 281-396 blocks): no
 * split (3821 x 601, P = 128; 4166 x 1199 with odd lda and A and x off 16
 * bytes, beta != 0), threads of about four vectors a column (519 x 1506,
 * P = 64: one whole round and no next, or none), row splits (35312 x 80
 * in 4 with strided x; 38931 x 187 and 69992 x 182 in 2 with odd lda, x
 * off 16 bytes, strided and negative y), alpha = 0 with NaN in A and x,
 * the device pointer mode. In small mode the cases marked big keep their
 * size; the others take a tenth of the columns and another plan. */
static void test_tiled_t_pipe(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(16);
    static const sized_case cases[] = {
        {{DT_D, MV_OP_T, 3821, 601, 3821, 1, 1, 1.0, 0.0, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_T, 4166, 1199, 4167, 1, 1, -0.5, 0.25, 0, NULL, 1, 1}, 1},
        {{DT_D, MV_OP_T, 519, 1506, 521, 1, 1, 2.0, 0.0, 0, NULL, 0, 1}, 1},
        {{DT_D, MV_OP_T, 35312, 80, 35312, -2, 1, 1.0, 0.5, 0, NULL, 0, 0}, 1},
        {{DT_D, MV_OP_T, 38931, 187, 38932, 1, 3, 1.0, 0.0, 0, NULL, 1, 1}, 0},
        {{DT_D, MV_OP_T, 69992, 182, 69993, 1, -1, -1.0, 1.5, 0, NULL, 0, 2}, 0},
        {{DT_D, MV_OP_T, 3821, 601, 3822, 1, 1, 0.0, 0.5, 1, NULL, 0, 0}, 0},
    };
    run_sized_cases(h, cases, sizeof cases / sizeof cases[0], &r);
}

GPU_TEST_MAIN("gemv_shapes",
              HANDLE_TEST(test_all_small_shapes),
              HANDLE_TEST(test_primes_and_large_odd_shapes),
              HANDLE_TEST(test_skinny_shapes),
              HANDLE_TEST(test_strides),
              HANDLE_TEST(test_strided_x_large_t),
              HANDLE_TEST(test_unaligned_pointers),
              HANDLE_TEST(test_thin_tiles),
              HANDLE_TEST(test_any_shape),
              HANDLE_TEST(test_flat_t),
              HANDLE_TEST(test_infinite_x),
              HANDLE_TEST(test_scalar_t),
              HANDLE_TEST(test_flat_n),
              HANDLE_TEST(test_cols4_unaligned),
              HANDLE_TEST(test_tiled_t_row_parts),
              HANDLE_TEST(test_tiled_t_warp_columns),
              HANDLE_TEST(test_tiled_t_warp_columns_many),
              HANDLE_TEST(test_tiled_t_rounds_of_four),
              HANDLE_TEST(test_tiled_n_pipe),
              HANDLE_TEST(test_tiled_n_short_tiles),
              HANDLE_TEST(test_tiled_n_same_grid),
              HANDLE_TEST(test_tiled_n_fewer_tiles),
              HANDLE_TEST(test_flat_n_half_wave),
              HANDLE_TEST(test_tiled_n_unsplit_flight),
              HANDLE_TEST(test_split_whole_rounds),
              HANDLE_TEST(test_thin_tiles_scalar),
              HANDLE_TEST(test_tiled_t_pipe))
