/* mv_?gemv_strided_batched and mv_?gemv_batched on the GPU: every problem
 * against the double reference at odd shapes, leading dimensions,
 * increments, strides (shared A or x, interleaved and negative output
 * strides) and batch counts on both kernels (a warp per problem, blocks
 * with split outputs) and the batch of one; the pointer-array form on the
 * same data; the scalar rules with NaN where nothing may be read; errors
 * that name the argument and change nothing; the same bits run after run. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "gemv_check.h"
#include "gpu_helpers.h"
#include "reference.h"

typedef struct {
    int dtype;
    int trans;
    int64_t m, n, lda, incx, incy;
    int64_t stride_a, stride_x, stride_y, batch;
    double alpha, beta;
    int arrays;     /* 1: the pointer-array form */
    int nan_inputs; /* A and x NaN (alpha == 0: they must not be read) */
} batch_case;

#define B_FMT "%s %s %c m=%lld n=%lld lda=%lld incx=%lld incy=%lld sa=%lld sx=%lld sy=%lld batch=%lld a=%g b=%g"
#define B_ARGS(c)                                                                                               \
    dtype_name((c)->dtype), (c)->arrays ? "pointers" : "strided", (c)->trans ? 'T' : 'N', (long long)(c)->m,   \
        (long long)(c)->n, (long long)(c)->lda, (long long)(c)->incx, (long long)(c)->incy,                     \
        (long long)(c)->stride_a, (long long)(c)->stride_x, (long long)(c)->stride_y, (long long)(c)->batch,      \
        (c)->alpha, (c)->beta

static int64_t len_x(const batch_case *c)
{
    return c->trans ? c->m : c->n;
}

static int64_t len_y(const batch_case *c)
{
    return c->trans ? c->n : c->m;
}

/* Elements a batch of vectors (or matrices) of span elements spans, from
 * the lowest address, and where problem 0 starts in it. */
static size_t batch_span(int64_t batch, int64_t stride, size_t span, size_t *first)
{
    const int64_t step = stride < 0 ? -stride : stride;
    *first = stride < 0 ? (size_t)((batch - 1) * step) : 0;
    return (size_t)((batch - 1) * step) + span;
}

/* The call with the handle's pointer mode; the pointer form gets device
 * arrays of the problems' pointers into the same buffers. */
static mv_status call_batch(mv_handle h, const batch_case *c, const void *A, const void *x, void *y)
{
    mv_pointer_mode mode = MV_POINTER_MODE_HOST;
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    const double s[2] = {c->alpha, c->beta};
    const float sf[2] = {(float)s[0], (float)s[1]};
    void *ds = NULL;
    const char *base = c->dtype == DT_D ? (const char *)s : (const char *)sf;
    if (mode == MV_POINTER_MODE_DEVICE)
        base = ds = dev_upload(c->dtype, s, 2);
    const size_t es = dtype_size(c->dtype);
    const void *alpha = base, *beta = base + es;
    const mv_operation op = c->trans ? MV_OP_T : MV_OP_N;
    mv_status st;
    if (!c->arrays) {
        st = c->dtype == DT_D
                 ? mv_dgemv_strided_batched(h, op, c->m, c->n, alpha, A, c->lda, c->stride_a, x, c->incx, c->stride_x,
                                            beta, y, c->incy, c->stride_y, c->batch)
                 : mv_sgemv_strided_batched(h, op, c->m, c->n, alpha, A, c->lda, c->stride_a, x, c->incx, c->stride_x,
                                            beta, y, c->incy, c->stride_y, c->batch);
    } else {
        const size_t count = (size_t)(c->batch > 0 ? c->batch : 1);
        const void **pa = malloc(count * sizeof *pa), **px = malloc(count * sizeof *px);
        void **py = malloc(count * sizeof *py);
        assert_true(pa && px && py);
        for (int64_t b = 0; b < c->batch; ++b) {
            pa[b] = A ? (const char *)A + (size_t)(b * c->stride_a) * es : NULL;
            px[b] = x ? (const char *)x + (size_t)(b * c->stride_x) * es : NULL;
            py[b] = y ? (char *)y + (ptrdiff_t)(b * c->stride_y) * (ptrdiff_t)es : NULL;
        }
        void *da, *dx, *dy;
        CHECK_CUDA(cudaMalloc(&da, count * sizeof *pa));
        CHECK_CUDA(cudaMalloc(&dx, count * sizeof *px));
        CHECK_CUDA(cudaMalloc(&dy, count * sizeof *py));
        CHECK_CUDA(cudaMemcpy(da, pa, count * sizeof *pa, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(dx, px, count * sizeof *px, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(dy, py, count * sizeof *py, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaDeviceSynchronize());
        st = c->dtype == DT_D ? mv_dgemv_batched(h, op, c->m, c->n, alpha, da, c->lda, dx, c->incx, beta, dy, c->incy,
                                                 c->batch)
                              : mv_sgemv_batched(h, op, c->m, c->n, alpha, da, c->lda, dx, c->incx, beta, dy, c->incy,
                                                 c->batch);
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaFree(da));
        CHECK_CUDA(cudaFree(dx));
        CHECK_CUDA(cudaFree(dy));
        free(pa);
        free(px);
        free(py);
    }
    if (ds) {
        CHECK_CUDA(cudaDeviceSynchronize());
        dev_free(ds);
    }
    return st;
}

/* Runs c on fresh data (y NaN where beta == 0, and in every element no
 * problem writes), checks every problem's output against ref_gemv, the
 * other elements of y bitwise unchanged, A and x unchanged. *out (if
 * given) receives y's buffer. */
static void run_case_keep(mv_handle h, const batch_case *c, rng_t *r, double **out)
{
    const size_t span_a = (size_t)(c->lda * (c->n - 1) + c->m);
    const size_t span_x = vector_span(len_x(c), c->incx), span_y = vector_span(len_y(c), c->incy);
    size_t first_a, first_x, first_y;
    const size_t na = batch_span(c->batch, c->stride_a, span_a, &first_a);
    const size_t nx = batch_span(c->batch, c->stride_x, span_x, &first_x);
    const size_t ny = batch_span(c->batch, c->stride_y, span_y, &first_y);
    double *A = malloc(na * sizeof *A), *x = malloc(nx * sizeof *x), *y = malloc(ny * sizeof *y);
    double *want = malloc(ny * sizeof *want), *bound = malloc((size_t)len_y(c) * sizeof *bound);
    unsigned char *written = calloc(ny, 1);
    assert_true(A && x && y && want && bound && written);
    if (c->nan_inputs) {
        fill_nan(A, na);
        fill_nan(x, nx);
    } else {
        fill_random(r, c->dtype, A, na);
        fill_random(r, c->dtype, x, nx);
    }
    fill_random(r, c->dtype, y, ny);
    for (int64_t b = 0; b < c->batch; ++b)
        for (int64_t i = 0; i < len_y(c); ++i)
            written[first_y + (size_t)(b * c->stride_y + ref_index(i, len_y(c), c->incy))] = 1;
    for (size_t q = 0; q < ny; ++q)
        if (!written[q] || c->beta == 0.0)
            y[q] = NAN;
    memcpy(want, y, ny * sizeof *want);
    void *dA = dev_upload(c->dtype, A, na), *dx = dev_upload(c->dtype, x, nx), *dy = dev_upload(c->dtype, y, ny);
    const size_t es = dtype_size(c->dtype);
    CHECK_CUDA(cudaDeviceSynchronize());
    const mv_status st = call_batch(h, c, (const char *)dA + first_a * es, (const char *)dx + first_x * es,
                                    (char *)dy + first_y * es);
    if (st != MV_SUCCESS)
        fail_msg(B_FMT ": returned %s: %s", B_ARGS(c), mv_status_string(st), mv_last_error(h));
    CHECK_CUDA(cudaDeviceSynchronize());
    double *got = malloc(ny * sizeof *got), *back = malloc((na > nx ? na : nx) * sizeof *back);
    assert_true(got && back);
    dev_download(c->dtype, dy, got, ny);
    const int64_t len_in = len_x(c);
    for (int64_t b = 0; b < c->batch; ++b) {
        double *wy = want + first_y + b * c->stride_y;
        ref_gemv(c->trans, c->m, c->n, c->alpha, A + first_a + b * c->stride_a, c->lda, x + first_x + b * c->stride_x,
                 c->incx, c->beta, wy, c->incy, bound);
        for (int64_t i = 0; i < len_y(c); ++i) {
            const size_t q = (size_t)((wy - want) + ref_index(i, len_y(c), c->incy));
            const double tol = ref_tolerance(dtype_roundoff(c->dtype), len_in, bound[i]);
            const double err = got[q] - want[q];
            if (!(err <= tol && -err <= tol))
                fail_msg(B_FMT ": problem %lld, y element %lld is %.17g, reference %.17g, error %.3g > %.3g",
                         B_ARGS(c), (long long)b, (long long)i, got[q], want[q], err, tol);
        }
    }
    for (size_t q = 0; q < ny; ++q)
        if (!written[q] && !same_bits(&got[q], &y[q], 1))
            fail_msg(B_FMT ": y[%zu], written by no problem, changed", B_ARGS(c), q);
    dev_download(c->dtype, dA, back, na);
    if (!same_bits(back, A, na))
        fail_msg(B_FMT ": A was modified", B_ARGS(c));
    dev_download(c->dtype, dx, back, nx);
    if (!same_bits(back, x, nx))
        fail_msg(B_FMT ": x was modified", B_ARGS(c));
    if (out)
        *out = got;
    else
        free(got);
    free(back);
    dev_free(dA);
    dev_free(dx);
    dev_free(dy);
    free(A);
    free(x);
    free(y);
    free(want);
    free(bound);
    free(written);
}

/* Both forms; lda = m and packed strides where c leaves them 0. */
static void run_case(mv_handle h, batch_case c, rng_t *r)
{
    if (!c.lda)
        c.lda = c.m;
    if (!c.incx)
        c.incx = 1;
    if (!c.incy)
        c.incy = 1;
    for (c.arrays = 0; c.arrays < 2; ++c.arrays)
        run_case_keep(h, &c, r, NULL);
}

/* Packed problems: stride_a = lda*n, stride_x and stride_y the vectors'
 * spans. */
static batch_case packed(int dtype, int trans, int64_t m, int64_t n, int64_t batch)
{
    batch_case c = {dtype, trans, m, n, m, 1, 1, 0, 0, 0, batch, 1.5, 0.0, 0, 0};
    c.stride_a = m * n;
    c.stride_x = trans ? m : n;
    c.stride_y = trans ? n : m;
    return c;
}

/* Square and odd sizes on both kernels: batches of 3 and 7 (a tile of one
 * problem or a group's tail; blocks with the outputs split), and 9001 small
 * problems (tiles of many problems, the last group short); 109 x 109 and
 * 110 x 110 (double), 155 x 155 and 156 x 156 (float) lie on either side of
 * the tile's 96 KiB of shared memory; 2000 x 1500 and 1500 x 2000 in batches
 * of 3 and 7 split their sums in 512-term chunks over blocks (the handle's
 * workspace and the finishing kernel). */
static void test_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(70);
    static const int64_t shapes[][2] = {{1, 1},   {2, 3},   {3, 2},    {5, 7},     {8, 8},    {13, 29},
                                        {16, 16}, {31, 5},  {33, 31},  {24, 40},   {100, 7},  {64, 64},
                                        {257, 129}, {1000, 3}, {3, 1000}, {513, 77},
                                        {155, 155}, {156, 156}, {109, 109}, {110, 110}, {2000, 1500}, {1500, 2000}};
    const int small = small_mode();
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans)
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
                const int64_t m = shapes[s][0], n = shapes[s][1];
                run_case(h, packed(dtype, trans, m, n, 3), &r);
                if (!small)
                    run_case(h, packed(dtype, trans, m, n, 7), &r);
                if (m * n <= 32 * 32 && (!small || m * n <= 64))
                    run_case(h, packed(dtype, trans, m, n, 9001), &r);
            }
}

/* lda > m (odd), increments other than 1 and negative, a shared A or x
 * (stride 0), gaps between problems, interleaved outputs (stride_y = 1,
 * incy = batch), a negative stride_y, and beta != 0. */
static void test_strides(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(71);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans)
            for (int big = 0; big < 2; ++big) {
                const int64_t batch = big ? 9001 : 5, m = big ? 7 : 37, n = big ? 6 : 23;
                batch_case c = packed(dtype, trans, m, n, batch);
                c.beta = -0.75;
                c.lda = m + 3;
                c.stride_a = c.lda * n + 5;
                run_case(h, c, &r);
                c.incx = -2;
                c.incy = 3;
                c.stride_x = 2 * len_x(&c) + 1;
                c.stride_y = 3 * len_y(&c) + 2;
                run_case(h, c, &r);
                c.stride_a = 0; /* one A for every problem */
                c.incy = -1;
                c.stride_y = len_y(&c);
                run_case(h, c, &r);
                c.stride_a = c.lda * n;
                c.stride_x = 0; /* one x */
                c.incy = batch; /* interleaved outputs */
                c.stride_y = 1;
                run_case(h, c, &r);
                c.incy = 1;
                c.stride_y = -len_y(&c) - 4; /* problems at falling addresses */
                run_case(h, c, &r);
            }
}

/* alpha = 0 reads neither A nor x (NaN there), beta = 0 reads no y (NaN
 * there), host and device pointer modes; alpha = 0 with beta = 1 leaves y
 * as it is. */
static void test_scalar_rules(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(72);
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int trans = 0; trans < 2; ++trans)
                for (int big = 0; big < 2; ++big) {
                    batch_case c = packed(dtype, trans, big ? 5 : 70, big ? 4 : 90, big ? 9001 : 4);
                    c.alpha = 0.0;
                    c.beta = 0.5;
                    c.nan_inputs = 1;
                    run_case(h, c, &r);
                    c.beta = 0.0;
                    run_case(h, c, &r);
                    c.beta = 1.0;
                    run_case(h, c, &r);
                    c.alpha = -1.25;
                    c.beta = 0.0;
                    c.nan_inputs = 0;
                    run_case(h, c, &r);
                }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* A strided batch of one is mv_?gemv: the same bits. */
static void test_batch_of_one(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(73);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans) {
            batch_case c = packed(dtype, trans, 301, 157, 1);
            c.beta = 0.25;
            run_case(h, c, &r);
            double *one;
            run_case_keep(h, &c, &r, &one);
            free(one);
        }
}

/* Each error names the argument and leaves y alone; the quick returns
 * launch nothing. */
#define EXPECT_ERROR(call, message)                                                                            \
    do {                                                                                                       \
        const mv_status st_ = (call);                                                                          \
        if (st_ != MV_ERR_INVALID_VALUE)                                                                       \
            fail_msg("%s returned %s", #call, mv_status_string(st_));                                          \
        assert_string_equal(mv_last_error(h), message);                                                        \
    } while (0)

static void test_errors(void **state)
{
    mv_handle h = *state;
    const float one = 1.0f, zero = 0.0f;
    const size_t count = 64;
    float *d;
    CHECK_CUDA(cudaMalloc((void **)&d, count * sizeof *d));
    CHECK_CUDA(cudaMemset(d, 0x7f, count * sizeof *d));
    float *y = d + 32;
    /* Never read: every call with it fails before a launch. */
    const float *const *parr = (const float *const *)(void *)d;
    const char *const sb = "mv_sgemv_strided_batched: ";
    char msg[256];
#define MSG(text) (snprintf(msg, sizeof msg, "%s%s", sb, text), msg)
    EXPECT_ERROR(mv_sgemv_strided_batched(h, (mv_operation)7, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, y, 1, 3, 2),
                 MSG("trans = 7 must be MV_OP_N (0) or MV_OP_T (1)"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 2, 9, d, 1, 3, &zero, y, 1, 3, 2),
                 MSG("lda = 2 must be >= max(1, m) = 3"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 0, 3, &zero, y, 1, 3, 2),
                 MSG("incx = 0 must not be 0"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, -1, d, 1, 3, &zero, y, 1, 3, 2),
                 MSG("stride_a = -1 must be >= 0"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 1, -3, &zero, y, 1, 3, 2),
                 MSG("stride_x = -3 must be >= 0"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, y, 1, 3, -1),
                 MSG("batch_count = -1 must be >= 0"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, y, 1, 2, 4),
                 MSG("stride_y = 2 with incy = 1 makes two of the 4 problems write the same element of y"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, y, 1, 0, 2),
                 MSG("stride_y = 0 with incy = 1 makes two of the 2 problems write the same element of y"));
    /* Interleaved: 4 problems of 3 outputs at stride_y 1 need incy >= 4. */
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, y, 3, 1, 4),
                 MSG("stride_y = 1 with incy = 3 makes two of the 4 problems write the same element of y"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, NULL, 3, 9, d, 1, 3, &zero, y, 1, 3, 2),
                 MSG("A = NULL"));
    EXPECT_ERROR(mv_sgemv_strided_batched(h, MV_OP_N, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, NULL, 1, 3, 2),
                 MSG("y = NULL"));
#undef MSG
    EXPECT_ERROR(mv_sgemv_batched(h, MV_OP_T, 3, 3, &one, parr, 3, parr, 1, &zero, (float *const *)parr, 1, -2),
                 "mv_sgemv_batched: batch_count = -2 must be >= 0");
    EXPECT_ERROR(mv_sgemv_batched(h, MV_OP_T, 3, 3, &one, parr, 3, NULL, 1, &zero, (float *const *)parr, 1, 2),
                 "mv_sgemv_batched: x = NULL");
    EXPECT_ERROR(mv_sgemv_batched(h, MV_OP_T, 3, 3, &one, parr, 3, parr, 1, NULL, (float *const *)parr, 1, 2),
                 "mv_sgemv_batched: beta = NULL");
    /* Valid and nothing to do: interleaved outputs that do not collide with
     * alpha = 0 and beta = 1; no problems; an empty shape. */
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_N, 4, 2, &zero, d, 4, 8, d, 1, 2, &one, y, 3, 1, 3),
                     MV_SUCCESS);
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_N, 4, 2, &one, NULL, 4, 8, NULL, 1, 2, &one, NULL, 1, 4, 0),
                     MV_SUCCESS);
    assert_int_equal(mv_sgemv_batched(h, MV_OP_N, 0, 2, &one, NULL, 1, NULL, 1, &one, NULL, 1, 5), MV_SUCCESS);
    float back[64];
    CHECK_CUDA(cudaMemcpy(back, d, sizeof back, cudaMemcpyDeviceToHost));
    for (size_t q = 0; q < count; ++q) {
        unsigned bits;
        memcpy(&bits, &back[q], sizeof bits);
        if (bits != 0x7f7f7f7fu)
            fail_msg("element %zu changed by a call that failed or had nothing to do", q);
    }
    CHECK_CUDA(cudaFree(d));
}

/* The double forms' messages, spans past 2^63 bytes, a NULL handle. */
static void test_messages(void **state)
{
    mv_handle h = *state;
    const double one = 1.0, zero = 0.0;
    double *d;
    CHECK_CUDA(cudaMalloc((void **)&d, 64 * sizeof *d));
    assert_int_equal(mv_dgemv_strided_batched(h, MV_OP_T, 3, 3, &one, d, 3, 9, d, 1, 3, &zero, d + 32, 1, 2, 4),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_dgemv_strided_batched: stride_y = 2 with incy = 1 makes two of the 4 "
                                          "problems write the same element of y");
    assert_int_equal(mv_dgemv_strided_batched(h, MV_OP_T, 3, 3, &one, d, 3, -1, d, 1, 3, &zero, d + 32, 1, 3, 4),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_dgemv_strided_batched: stride_a = -1 must be >= 0");
    assert_int_equal(mv_dgemv_strided_batched(h, MV_OP_T, 3, 3, &one, d, 3, INT64_MAX / 4, d, 1, 3, &zero, d + 32, 1,
                                              3, 4),
                     MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "stride_a = "));
    assert_non_null(strstr(mv_last_error(h), "spans more than 2^63 bytes"));
    assert_int_equal(mv_dgemv_batched(h, MV_OP_N, 3, 3, &one, NULL, 3, NULL, 1, &zero, NULL, 1, 2),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_dgemv_batched: A = NULL");
    assert_int_equal(mv_dgemv_batched(NULL, MV_OP_N, 3, 3, &one, NULL, 3, NULL, 1, &zero, NULL, 1, 2),
                     MV_ERR_NOT_INITIALIZED);
    CHECK_CUDA(cudaFree(d));
}

/* The same bits run after run, on both kernels and both forms. */
static void test_repeatable(void **state)
{
    mv_handle h = *state;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans)
            for (int big = 0; big < 2; ++big)
                for (int arrays = 0; arrays < 2; ++arrays) {
                    batch_case c = packed(dtype, trans, big ? 9 : 300, big ? 10 : 200, big ? 9001 : 6);
                    c.arrays = arrays;
                    c.beta = 0.5;
                    double *first, *again;
                    rng_t r1 = rng_make(74), r2 = rng_make(74);
                    run_case_keep(h, &c, &r1, &first);
                    run_case_keep(h, &c, &r2, &again);
                    size_t f;
                    const size_t ny = batch_span(c.batch, c.stride_y, vector_span(len_y(&c), c.incy), &f);
                    if (!same_bits(first, again, ny))
                        fail_msg(B_FMT ": two runs on the same data differ", B_ARGS(&c));
                    free(first);
                    free(again);
                }
}

GPU_TEST_MAIN("gemv_batched",
              HANDLE_TEST(test_shapes),
              HANDLE_TEST(test_strides),
              HANDLE_TEST(test_scalar_rules),
              HANDLE_TEST(test_batch_of_one),
              HANDLE_TEST(test_errors),
              HANDLE_TEST(test_messages),
              HANDLE_TEST(test_repeatable))
