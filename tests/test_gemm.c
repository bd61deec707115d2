/* GPU: mv_sgemm / mv_dgemm and every registered GEMM variant against the
 * double reference (tests/support/gemm_ref.c): shapes that are multiples of
 * nothing, all four transpose pairs, leading dimensions larger than needed
 * (odd: the scalar-load fall-back; multiples of 4: the 16-byte path), the
 * alpha = 0, k = 0 and beta = 0 rules with poisoned data, quick returns that
 * leave C bitwise alone, both pointer modes, a non-default stream, graph
 * capture, errors that change nothing, padding rows of C untouched, bitwise
 * repeatability, and one large product per type (sampled check). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gemm_ref.h"
#include "gemm/gemm_variants.h"
#include "gpu_helpers.h"
#include "reference.h"

/* ---------- one checked case ---------- */

typedef struct {
    int dtype;
    mv_operation transa, transb;
    int64_t m, n, k;
    int64_t lda, ldb, ldc; /* 0: the minimum */
    double alpha, beta;
    int nan_inputs;        /* A and B all NaN: only meaningful with alpha == 0 or k == 0 */
    const char *variant;   /* a registered GEMM variant; NULL: the public mv_sgemm/mv_dgemm */
} gemm_case;

static int64_t rows_a(const gemm_case *c) { return c->transa == MV_OP_N ? c->m : c->k; }
static int64_t cols_a(const gemm_case *c) { return c->transa == MV_OP_N ? c->k : c->m; }
static int64_t rows_b(const gemm_case *c) { return c->transb == MV_OP_N ? c->k : c->n; }
static int64_t cols_b(const gemm_case *c) { return c->transb == MV_OP_N ? c->n : c->k; }
static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

static void normalize(gemm_case *c)
{
    if (!c->lda)
        c->lda = max1(rows_a(c));
    if (!c->ldb)
        c->ldb = max1(rows_b(c));
    if (!c->ldc)
        c->ldc = max1(c->m);
}

#define CASE_FMT "%s%s%s %c%c m=%lld n=%lld k=%lld lda=%lld ldb=%lld ldc=%lld alpha=%g beta=%g"
#define CASE_ARGS(c)                                                                                            \
    (c)->variant ? (c)->variant : "default API", " ", dtype_name((c)->dtype), (c)->transa == MV_OP_N ? 'N' : 'T', \
        (c)->transb == MV_OP_N ? 'N' : 'T', (long long)(c)->m, (long long)(c)->n, (long long)(c)->k,            \
        (long long)(c)->lda, (long long)(c)->ldb, (long long)(c)->ldc, (c)->alpha, (c)->beta

/* The scalars as a call wants them: in the call's type on the host, or on
 * the device in device pointer mode. */
typedef struct {
    float f[2];
    double d[2];
    void *dev;
} scalars;

static void scalars_make(scalars *s, mv_handle h, int dtype, double alpha, double beta)
{
    mv_pointer_mode mode;
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    s->f[0] = (float)alpha;
    s->f[1] = (float)beta;
    s->d[0] = alpha;
    s->d[1] = beta;
    s->dev = NULL;
    if (mode == MV_POINTER_MODE_DEVICE)
        s->dev = dev_upload(dtype, s->d, 2);
}

static const void *scalar_ptr(const scalars *s, int dtype, int which)
{
    if (s->dev)
        return (const char *)s->dev + (size_t)which * dtype_size(dtype);
    return dtype == DT_S ? (const void *)&s->f[which] : (const void *)&s->d[which];
}

static void scalars_free(scalars *s)
{
    if (s->dev)
        dev_free(s->dev);
    s->dev = NULL;
}

/* Calls the public API (variant NULL) or the named variant. */
static mv_status call_gemm(mv_handle h, const char *variant, int dtype, mv_operation ta, mv_operation tb, int64_t m,
                           int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B,
                           int64_t ldb, const void *beta, void *C, int64_t ldc)
{
    if (variant)
        return mv_gemm_variant_run(h, variant, dtype == DT_D, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
    if (dtype == DT_D)
        return mv_dgemm(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
    return mv_sgemm(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

/* A value no kernel computes here: it marks the padding rows of C. */
#define PAD_SENTINEL 4242.0

/* Checks every element of C (m x n within ldc) against the reference from
 * A, B, C_in; the padding rows must keep their bits. */
static void check_result(const gemm_case *c, const double *A, const double *B, const double *C_in,
                         const double *C_out)
{
    double *want = malloc((size_t)(c->ldc * c->n) * sizeof *want);
    double *bound = malloc((size_t)max1(c->m * c->n) * sizeof *bound);
    assert_true(want && bound);
    memcpy(want, C_in, (size_t)(c->ldc * c->n) * sizeof *want);
    ref_gemm(c->transa == MV_OP_T, c->transb == MV_OP_T, c->m, c->n, c->k, c->alpha, A, c->lda, B, c->ldb, c->beta,
             want, c->ldc, bound);
    for (int64_t j = 0; j < c->n; ++j) {
        for (int64_t i = c->m; i < c->ldc; ++i)
            if (!same_bits(&C_out[i + j * c->ldc], &C_in[i + j * c->ldc], 1))
                fail_msg(CASE_FMT ": padding C(%lld, %lld) changed from %g to %g", CASE_ARGS(c), (long long)i,
                         (long long)j, C_in[i + j * c->ldc], C_out[i + j * c->ldc]);
        for (int64_t i = 0; i < c->m; ++i) {
            const double tol = ref_tolerance(dtype_roundoff(c->dtype), c->k, bound[i + j * c->m]);
            const double got = C_out[i + j * c->ldc], ref = want[i + j * c->ldc];
            const double err = got - ref;
            if (!(err <= tol && -err <= tol)) /* NaN never passes */
                fail_msg(CASE_FMT ": C(%lld, %lld) = %.17g, reference %.17g, error %.3g > tolerance %.3g",
                         CASE_ARGS(c), (long long)i, (long long)j, got, ref, err, tol);
        }
    }
    free(want);
    free(bound);
}

/* Runs c on h (its stream and pointer mode as they are) with fresh random
 * data and checks it; A and B must come back unchanged. Returns the output
 * in *out_C if out_C is not NULL (the caller frees it). */
static void run_case_keep(mv_handle h, gemm_case c, rng_t *r, double **out_C)
{
    normalize(&c);
    const size_t size_a = (size_t)(c.lda * max1(cols_a(&c))), size_b = (size_t)(c.ldb * max1(cols_b(&c)));
    const size_t size_c = (size_t)(c.ldc * max1(c.n));
    double *A = malloc(size_a * sizeof *A), *B = malloc(size_b * sizeof *B);
    double *C = malloc(size_c * sizeof *C), *out = malloc((size_a > size_b ? (size_a > size_c ? size_a : size_c)
                                                                           : (size_b > size_c ? size_b : size_c)) *
                                                          sizeof *out);
    assert_true(A && B && C && out);
    if (c.nan_inputs) {
        fill_nan(A, size_a);
        fill_nan(B, size_b);
    } else {
        fill_random(r, c.dtype, A, size_a);
        fill_random(r, c.dtype, B, size_b);
    }
    /* C: NaN where beta == 0 must keep it from being read, random values
     * otherwise; a sentinel in the padding rows. */
    if (c.beta == 0.0)
        fill_nan(C, size_c);
    else
        fill_random(r, c.dtype, C, size_c);
    for (int64_t j = 0; j < c.n; ++j)
        for (int64_t i = c.m; i < c.ldc; ++i)
            C[i + j * c.ldc] = PAD_SENTINEL;

    void *dA = dev_upload(c.dtype, A, size_a), *dB = dev_upload(c.dtype, B, size_b);
    void *dC = dev_upload(c.dtype, C, size_c);
    scalars s;
    scalars_make(&s, h, c.dtype, c.alpha, c.beta);
    cudaStream_t stream;
    CHECK_MV(h, mv_get_stream(h, &stream));
    /* The uploads ran on the legacy stream; a non-blocking stream does not
     * wait for them by itself. */
    CHECK_CUDA(cudaDeviceSynchronize());
    const mv_status st = call_gemm(h, c.variant, c.dtype, c.transa, c.transb, c.m, c.n, c.k,
                                   scalar_ptr(&s, c.dtype, 0), dA, c.lda, dB, c.ldb, scalar_ptr(&s, c.dtype, 1), dC,
                                   c.ldc);
    if (st != MV_SUCCESS)
        fail_msg(CASE_FMT ": returned %s: %s", CASE_ARGS(&c), mv_status_string(st), mv_last_error(h));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    CHECK_CUDA(cudaGetLastError());

    dev_download(c.dtype, dC, out, size_c);
    check_result(&c, A, B, C, out);
    if (out_C) {
        *out_C = malloc(size_c * sizeof **out_C);
        assert_non_null(*out_C);
        memcpy(*out_C, out, size_c * sizeof *out);
    }
    dev_download(c.dtype, dA, out, size_a);
    if (!same_bits(out, A, size_a))
        fail_msg(CASE_FMT ": A was modified", CASE_ARGS(&c));
    dev_download(c.dtype, dB, out, size_b);
    if (!same_bits(out, B, size_b))
        fail_msg(CASE_FMT ": B was modified", CASE_ARGS(&c));

    scalars_free(&s);
    dev_free(dA);
    dev_free(dB);
    dev_free(dC);
    free(A);
    free(B);
    free(C);
    free(out);
}

static void run_case(mv_handle h, gemm_case c, rng_t *r)
{
    run_case_keep(h, c, r, NULL);
}

static const mv_operation ops[2] = {MV_OP_N, MV_OP_T};

/* ---------- the default path ---------- */

static void test_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(40);
    static const int64_t shapes[][3] = {
        {1, 1, 1},     {1, 37, 19},    {41, 1, 23},    {17, 13, 1},     {33, 31, 17},    {20, 30, 0},
        {5, 130, 7},   {127, 129, 65}, {255, 257, 129}, {1000, 3, 700},  {3, 1000, 700}, {509, 521, 523},
        /* 12 x 13 tiles of 128 >= 132 SMs: the large-shape configuration, with tails in m, n and k */
        {1531, 1543, 97},
    };
    static const double scal[][2] = {{1.0, 0.0}, {-1.5, 0.5}, {0.75, 1.0}, {2.0, -1.0}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        if (small_mode() && m * n * (k ? k : 1) > 40000)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int ta = 0; ta < 2; ++ta)
                for (int tb = 0; tb < 2; ++tb) {
                    const size_t a = (s + (size_t)(2 * ta + tb)) % 4;
                    const gemm_case c = {dtype, ops[ta], ops[tb], m, n, k, 0, 0, 0, scal[a][0], scal[a][1], 0, NULL};
                    run_case(h, c, &r);
                }
    }
}

/* lda, ldb, ldc larger than needed: odd (not a multiple of 4: the scalar
 * loads) and multiples of 4 (the 16-byte loads); padding rows of C stay. */
static void test_leading_dimensions(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(41);
    const int64_t shapes[][3] = {{67, 45, 39}, {128, 64, 32}, {300, 280, 50}};
    for (size_t s = 0; s < 3; ++s) {
        const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        if (small_mode() && s > 0)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int ta = 0; ta < 2; ++ta)
                for (int tb = 0; tb < 2; ++tb) {
                    gemm_case c = {dtype, ops[ta], ops[tb], m, n, k, 0, 0, 0, 1.25, -0.5, 0, NULL};
                    normalize(&c);
                    gemm_case odd = c;
                    odd.lda = c.lda + 3 + (c.lda % 2 == 0);
                    odd.ldb = c.ldb + 1 + (c.ldb % 2 == 0);
                    odd.ldc = c.ldc + 5 + (c.ldc % 2 == 0);
                    run_case(h, odd, &r);
                    gemm_case four = c;
                    four.lda = (c.lda + 4) / 4 * 4 + 4;
                    four.ldb = (c.ldb + 4) / 4 * 4;
                    four.ldc = (c.ldc + 4) / 4 * 4 + 8;
                    run_case(h, four, &r);
                    /* Only one operand unaligned. */
                    gemm_case mixed = four;
                    mixed.ldb = odd.ldb;
                    run_case(h, mixed, &r);
                }
    }
}

/* alpha = 0 with NaN in A and B (must not be read), beta = 0 with NaN in C
 * (must not be read), k = 0 (C = beta*C, even with alpha = Inf), in both
 * pointer modes. */
static void test_scalar_rules(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(42);
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, (mv_pointer_mode)mode));
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int ta = 0; ta < 2; ++ta)
                for (int tb = 0; tb < 2; ++tb) {
                    if (small_mode() && ta != tb)
                        continue;
                    const mv_operation a = ops[ta], b = ops[tb];
                    run_case(h, (gemm_case){dtype, a, b, 131, 67, 45, 0, 0, 0, 1.5, 0.0, 0, NULL}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 67, 131, 45, 0, 0, 0, 0.0, -0.5, 1, NULL}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 40, 41, 9, 0, 0, 0, 0.0, 0.0, 1, NULL}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 33, 35, 0, 0, 0, 0, 1.0, 2.0, 1, NULL}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 33, 35, 0, 0, 0, 0, INFINITY, 0.5, 1, NULL}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 33, 35, 0, 0, 0, 0, 1.0, 0.0, 1, NULL}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 70, 20, 300, 0, 0, 0, -0.25, 1.0, 0, NULL}, &r);
                }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* C with NaN payloads and negative zeros: a call that has nothing to do must
 * leave every bit (a kernel that wrote 1*C would canonicalize the NaNs). */
static void fill_distinctive(rng_t *r, int dtype, double *v, size_t count)
{
    const uint64_t payload_nan = 0x7ffc000000000000ull;
    fill_random(r, dtype, v, count);
    for (size_t i = 0; i < count; i += 3)
        memcpy(&v[i], &payload_nan, sizeof payload_nan);
    for (size_t i = 1; i < count; i += 5)
        v[i] = -0.0;
}

static void expect_c_unchanged(mv_handle h, const char *variant, int dtype, int64_t m, int64_t n, int64_t k,
                               double alpha, double beta, int device_mode)
{
    rng_t r = rng_make(43);
    enum { LEN = 600 };
    double A[LEN], B[LEN], C[LEN], out[LEN];
    fill_random(&r, dtype, A, LEN);
    fill_random(&r, dtype, B, LEN);
    fill_distinctive(&r, dtype, C, LEN);
    void *dA = dev_upload(dtype, A, LEN), *dB = dev_upload(dtype, B, LEN), *dC = dev_upload(dtype, C, LEN);
    CHECK_MV(h, mv_set_pointer_mode(h, device_mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
    scalars s;
    scalars_make(&s, h, dtype, alpha, beta);
    const int64_t ld = m > k ? (m > 1 ? m : 1) : (k > 1 ? k : 1);
    CHECK_MV(h, call_gemm(h, variant, dtype, MV_OP_N, MV_OP_N, m, n, k, scalar_ptr(&s, dtype, 0), dA, ld, dB, ld,
                          scalar_ptr(&s, dtype, 1), dC, ld));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaGetLastError());
    dev_download(dtype, dC, out, LEN);
    if (!same_bits(out, C, LEN))
        fail_msg("%s %s m=%lld n=%lld k=%lld alpha=%g beta=%g mode=%d: C changed", variant ? variant : "default API",
                 dtype_name(dtype), (long long)m, (long long)n, (long long)k, alpha, beta, device_mode);
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
    scalars_free(&s);
    dev_free(dA);
    dev_free(dB);
    dev_free(dC);
}

static void test_quick_returns_leave_c(void **state)
{
    mv_handle h = *state;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int mode = 0; mode < 2; ++mode) {
            expect_c_unchanged(h, NULL, dtype, 0, 20, 5, 1.0, 0.0, mode);
            expect_c_unchanged(h, NULL, dtype, 20, 0, 5, 1.0, 0.0, mode);
            /* In device mode these two are found by the kernel. */
            expect_c_unchanged(h, NULL, dtype, 20, 25, 7, 0.0, 1.0, mode);
            expect_c_unchanged(h, NULL, dtype, 20, 25, 0, 3.0, 1.0, mode);
            for (size_t v = 0; v < mv_gemm_variant_count(); ++v) {
                const mv_gemm_variant *var = mv_gemm_variant_at(v);
                if (var->dtypes & (dtype == DT_D ? MV_GEMM_VARIANT_D : MV_GEMM_VARIANT_S)) {
                    expect_c_unchanged(h, var->name, dtype, 20, 25, 7, 0.0, 1.0, mode);
                    expect_c_unchanged(h, var->name, dtype, 20, 25, 0, 2.0, 1.0, mode);
                }
            }
        }
}

static void test_non_default_stream(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(44);
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK_MV(h, mv_set_stream(h, s));
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int ta = 0; ta < 2; ++ta)
            for (int tb = 0; tb < 2; ++tb)
                run_case(h, (gemm_case){dtype, ops[ta], ops[tb], 77, 65, 33, 0, 0, 0, 1.0, 0.5, 0, NULL}, &r);

    /* Stream order: B copied in, multiplied, C copied out, all queued on s,
     * with one synchronization at the end. */
    enum { M = 190, N = 170, K = 150 };
    gemm_case c = {DT_S, MV_OP_N, MV_OP_N, M, N, K, M, K, M, 1.0, 0.0, 0, NULL};
    double *A = malloc(sizeof(double) * M * K), *B = malloc(sizeof(double) * K * N);
    double *C = malloc(sizeof(double) * M * N), *out = malloc(sizeof(double) * M * N);
    assert_true(A && B && C && out);
    fill_random(&r, DT_S, A, (size_t)M * K);
    fill_random(&r, DT_S, B, (size_t)K * N);
    fill_nan(C, (size_t)M * N);
    void *dA = dev_upload(DT_S, A, (size_t)M * K), *dB = dev_upload(DT_S, B, (size_t)K * N);
    void *dC = dev_upload(DT_S, C, (size_t)M * N);
    float *hB = NULL, *hC = NULL;
    CHECK_CUDA(cudaMallocHost((void **)&hB, sizeof(float) * K * N));
    CHECK_CUDA(cudaMallocHost((void **)&hC, sizeof(float) * M * N));
    fill_random(&r, DT_S, B, (size_t)K * N); /* a new B, only in pinned memory so far */
    for (int i = 0; i < K * N; ++i)
        hB[i] = (float)B[i];
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpyAsync(dB, hB, sizeof(float) * K * N, cudaMemcpyHostToDevice, s));
    const float one = 1.0f, zero = 0.0f;
    CHECK_MV(h, mv_sgemm(h, MV_OP_N, MV_OP_N, M, N, K, &one, dA, M, dB, K, &zero, dC, M));
    CHECK_CUDA(cudaMemcpyAsync(hC, dC, sizeof(float) * M * N, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    for (int i = 0; i < M * N; ++i)
        out[i] = hC[i];
    check_result(&c, A, B, C, out);

    CHECK_MV(h, mv_set_stream(h, 0));
    CHECK_CUDA(cudaFreeHost(hB));
    CHECK_CUDA(cudaFreeHost(hC));
    dev_free(dA);
    dev_free(dB);
    dev_free(dC);
    CHECK_CUDA(cudaStreamDestroy(s));
    free(A);
    free(B);
    free(C);
    free(out);
}

/* Bad arguments on real device buffers: the status, the message naming the
 * argument, and C untouched. */
static void test_errors_change_nothing(void **state)
{
    mv_handle h = *state;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        rng_t r = rng_make(45);
        enum { LEN = 400 };
        double A[LEN], B[LEN], C[LEN], out[LEN];
        fill_random(&r, dtype, A, LEN);
        fill_random(&r, dtype, B, LEN);
        fill_distinctive(&r, dtype, C, LEN);
        void *dA = dev_upload(dtype, A, LEN), *dB = dev_upload(dtype, B, LEN), *dC = dev_upload(dtype, C, LEN);
        scalars s;
        scalars_make(&s, h, dtype, 1.0, 0.0);
        const void *one = scalar_ptr(&s, dtype, 0), *zero = scalar_ptr(&s, dtype, 1);
        const char *fn = dtype == DT_S ? "mv_sgemm" : "mv_dgemm";
        char want[256];
        const mv_operation N = MV_OP_N, T = MV_OP_T;
#define EXPECT_INVALID(text, ...)                                                                       \
    do {                                                                                                \
        assert_int_equal(call_gemm(h, NULL, dtype, __VA_ARGS__), MV_ERR_INVALID_VALUE);                 \
        if (!strstr(mv_last_error(h), text))                                                            \
            fail_msg("expected \"%s\" in the message, got \"%s\"", text, mv_last_error(h));             \
    } while (0)
        EXPECT_INVALID("transa = 2", (mv_operation)2, N, 10, 5, 4, one, dA, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("transb = -1", N, (mv_operation)-1, 10, 5, 4, one, dA, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("m = -1", N, N, -1, 5, 4, one, dA, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("n = -3", N, N, 10, -3, 4, one, dA, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("k = -2", N, N, 10, 5, -2, one, dA, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("lda = 9", N, N, 10, 5, 4, one, dA, 9, dB, 4, zero, dC, 10);
        snprintf(want, sizeof want, "%s: lda = 9 must be >= max(1, m) = 10", fn);
        assert_string_equal(mv_last_error(h), want);
        EXPECT_INVALID("lda = 3", T, N, 10, 5, 4, one, dA, 3, dB, 4, zero, dC, 10);
        snprintf(want, sizeof want, "%s: lda = 3 must be >= max(1, k) = 4", fn);
        assert_string_equal(mv_last_error(h), want);
        EXPECT_INVALID("ldb = 3", N, N, 10, 5, 4, one, dA, 10, dB, 3, zero, dC, 10);
        snprintf(want, sizeof want, "%s: ldb = 3 must be >= max(1, k) = 4", fn);
        assert_string_equal(mv_last_error(h), want);
        EXPECT_INVALID("ldb = 4", N, T, 10, 5, 4, one, dA, 10, dB, 4, zero, dC, 10);
        snprintf(want, sizeof want, "%s: ldb = 4 must be >= max(1, n) = 5", fn);
        assert_string_equal(mv_last_error(h), want);
        EXPECT_INVALID("ldc = 0", N, N, 0, 5, 4, one, dA, 1, dB, 4, zero, dC, 0);
        snprintf(want, sizeof want, "%s: ldc = 0 must be >= max(1, m) = 1", fn);
        assert_string_equal(mv_last_error(h), want);
        EXPECT_INVALID("ldc = 7", N, N, 10, 5, 4, one, dA, 10, dB, 4, zero, dC, 7);
        EXPECT_INVALID("lda = 2305843009213693951 with 10 rows and 4 columns spans more than 2^63 bytes", N, N, 10, 5,
                       4, one, dA, INT64_MAX / 4, dB, 4, zero, dC, 10);
        EXPECT_INVALID("ldc = 1099511627776 with 10 rows and 2199023255552 columns spans more than 2^63 bytes", N, N,
                       10, (int64_t)1 << 41, 4, one, dA, 10, dB, 4, zero, dC, (int64_t)1 << 40);
        EXPECT_INVALID("A = NULL", N, N, 10, 5, 4, one, NULL, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("B = NULL", N, N, 10, 5, 4, one, dA, 10, NULL, 4, zero, dC, 10);
        EXPECT_INVALID("C = NULL", N, N, 10, 5, 4, one, dA, 10, dB, 4, zero, NULL, 10);
        EXPECT_INVALID("alpha = NULL", N, N, 10, 5, 4, NULL, dA, 10, dB, 4, zero, dC, 10);
        EXPECT_INVALID("beta = NULL", N, N, 10, 5, 4, one, dA, 10, dB, 4, NULL, dC, 10);
        snprintf(want, sizeof want, "%s: beta = NULL", fn);
        assert_string_equal(mv_last_error(h), want);
        /* The order is BLAS's: the first bad argument is reported. */
        EXPECT_INVALID("transa", (mv_operation)7, N, -1, -1, -1, NULL, NULL, 0, NULL, 0, NULL, NULL, 0);
        EXPECT_INVALID("k = -1", N, N, 3, 3, -1, one, dA, 0, dB, 0, zero, dC, 0);
        EXPECT_INVALID("ldb", N, N, 3, 3, 3, one, dA, 3, dB, 2, zero, dC, 2);
#undef EXPECT_INVALID
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaGetLastError());
        dev_download(dtype, dC, out, LEN);
        assert_true(same_bits(out, C, LEN));
        /* Empty C needs no pointer at all; A and B are not needed when
         * alpha == 0 (host mode) or k == 0. */
        CHECK_MV(h, call_gemm(h, NULL, dtype, N, N, 0, 5, 4, NULL, NULL, 1, NULL, 4, NULL, NULL, 1));
        scalars zs;
        scalars_make(&zs, h, dtype, 0.0, 2.0);
        CHECK_MV(h, call_gemm(h, NULL, dtype, N, N, 10, 5, 4, scalar_ptr(&zs, dtype, 0), NULL, 10, NULL, 4,
                              scalar_ptr(&zs, dtype, 1), dC, 10));
        CHECK_MV(h, call_gemm(h, NULL, dtype, N, N, 10, 5, 0, one, NULL, 10, NULL, 1, scalar_ptr(&zs, dtype, 1), dC,
                              10));
        CHECK_CUDA(cudaDeviceSynchronize());
        scalars_free(&zs);
        scalars_free(&s);
        dev_free(dA);
        dev_free(dB);
        dev_free(dC);
    }
    const float one = 1.0f;
    assert_int_equal(mv_sgemm(NULL, MV_OP_N, MV_OP_N, 1, 1, 1, &one, &one, 1, &one, 1, &one, NULL, 1),
                     MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_dgemm(NULL, MV_OP_N, MV_OP_N, 1, 1, 1, NULL, NULL, 1, NULL, 1, NULL, NULL, 1),
                     MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_gemm_variant_run(NULL, "naive", 0, MV_OP_N, MV_OP_N, 1, 1, 1, &one, &one, 1, &one, 1, &one,
                                         NULL, 1),
                     MV_ERR_NOT_INITIALIZED);
}

/* A launch that CUDA refuses (work on the legacy stream while a blocking
 * stream captures): MV_ERR_EXECUTION with CUDA's own error text, C alone. */
static void test_failed_launch_reports_cuda_error(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(46);
    double A[12], B[12], C[9], out[9];
    fill_random(&r, DT_S, A, 12);
    fill_random(&r, DT_S, B, 12);
    fill_distinctive(&r, DT_S, C, 9);
    void *dA = dev_upload(DT_S, A, 12), *dB = dev_upload(DT_S, B, 12), *dC = dev_upload(DT_S, C, 9);
    cudaStream_t capturing;
    CHECK_CUDA(cudaStreamCreate(&capturing)); /* blocking: synchronizes with the legacy stream */
    CHECK_MV(h, mv_set_stream(h, 0));
    const float one = 1.0f, zero = 0.0f;
    CHECK_CUDA(cudaStreamBeginCapture(capturing, cudaStreamCaptureModeGlobal));
    const mv_status st = mv_sgemm(h, MV_OP_N, MV_OP_N, 3, 3, 4, &one, dA, 3, dB, 4, &zero, dC, 3);
    cudaGraph_t graph = NULL;
    (void)cudaStreamEndCapture(capturing, &graph);
    if (graph)
        CHECK_CUDA(cudaGraphDestroy(graph));
    (void)cudaGetLastError();
    assert_int_equal(st, MV_ERR_EXECUTION);
    assert_non_null(strstr(mv_last_error(h), "mv_sgemm: kernel launch failed: "));
    assert_non_null(strstr(mv_last_error(h), "cudaErrorStreamCaptureImplicit"));
    CHECK_CUDA(cudaDeviceSynchronize());
    dev_download(DT_S, dC, out, 9);
    assert_true(same_bits(out, C, 9));
    CHECK_MV(h, mv_sgemm(h, MV_OP_N, MV_OP_N, 3, 3, 4, &one, dA, 3, dB, 4, &zero, dC, 3));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaStreamDestroy(capturing));
    dev_free(dA);
    dev_free(dB);
    dev_free(dC);
}

/* Captured into a graph and replayed: each replay reads A, B and, in device
 * pointer mode, alpha and beta as they are at replay time. */
static void test_graph_capture_and_replay(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(47);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        const int64_t m = 150, n = 140, k = 90;
        double *A = malloc(sizeof(double) * m * k), *B = malloc(sizeof(double) * k * n);
        double *C = malloc(sizeof(double) * m * n), *out = malloc(sizeof(double) * m * n);
        assert_true(A && B && C && out);
        fill_random(&r, dtype, A, (size_t)(m * k));
        fill_random(&r, dtype, B, (size_t)(k * n));
        fill_random(&r, dtype, C, (size_t)(m * n));
        void *dA = dev_upload(dtype, A, (size_t)(m * k)), *dB = dev_upload(dtype, B, (size_t)(k * n));
        void *dC = dev_upload(dtype, C, (size_t)(m * n));
        double sc[2] = {1.0, 0.5};
        void *dscal = dev_upload(dtype, sc, 2);
        cudaStream_t s;
        CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        CHECK_MV(h, mv_set_stream(h, s));
        CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE));
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        CHECK_MV(h, call_gemm(h, NULL, dtype, MV_OP_N, MV_OP_T, m, n, k, dscal, dA, m, dB, n,
                              (const char *)dscal + dtype_size(dtype), dC, m));
        CHECK_CUDA(cudaStreamEndCapture(s, &graph));
        CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
        for (int replay = 0; replay < 4; ++replay) {
            sc[0] = replay == 2 ? 0.0 : 1.5 - replay;
            sc[1] = replay == 1 ? 0.0 : 0.25 * replay;
            fill_random(&r, dtype, B, (size_t)(k * n));
            if (sc[1] == 0.0)
                fill_nan(C, (size_t)(m * n));
            else
                fill_random(&r, dtype, C, (size_t)(m * n));
            void *ts = dev_upload(dtype, sc, 2), *tb = dev_upload(dtype, B, (size_t)(k * n));
            void *tc = dev_upload(dtype, C, (size_t)(m * n));
            CHECK_CUDA(cudaMemcpy(dscal, ts, 2 * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            CHECK_CUDA(cudaMemcpy(dB, tb, (size_t)(k * n) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            CHECK_CUDA(cudaMemcpy(dC, tc, (size_t)(m * n) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            dev_free(ts);
            dev_free(tb);
            dev_free(tc);
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaGraphLaunch(exec, s));
            CHECK_CUDA(cudaStreamSynchronize(s));
            dev_download(dtype, dC, out, (size_t)(m * n));
            const gemm_case c = {dtype, MV_OP_N, MV_OP_T, m, n, k, m, n, m, sc[0], sc[1], 0, NULL};
            check_result(&c, A, B, C, out);
        }
        CHECK_CUDA(cudaGraphExecDestroy(exec));
        CHECK_CUDA(cudaGraphDestroy(graph));
        CHECK_MV(h, mv_set_stream(h, 0));
        CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
        CHECK_CUDA(cudaStreamDestroy(s));
        dev_free(dA);
        dev_free(dB);
        dev_free(dC);
        dev_free(dscal);
        free(A);
        free(B);
        free(C);
        free(out);
    }
}

/* The same call on the same data gives the same bits, every time. */
static void test_bitwise_repeatable(void **state)
{
    mv_handle h = *state;
    const int64_t m = small_mode() ? 70 : 700, n = small_mode() ? 65 : 650, k = small_mode() ? 30 : 300;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int t = 0; t < 2; ++t) {
            double *first = NULL;
            for (int run = 0; run < 3; ++run) {
                rng_t r = rng_make(48); /* the same data every run */
                double *again = NULL;
                run_case_keep(h, (gemm_case){dtype, ops[t], ops[t], m, n, k, 0, 0, 0, 1.25, -0.5, 0, NULL}, &r,
                              &again);
                if (!first) {
                    first = again;
                    continue;
                }
                if (!same_bits(first, again, (size_t)(m * n)))
                    fail_msg("%s %c%c: run %d differs from run 0", dtype_name(dtype), t ? 'T' : 'N', t ? 'T' : 'N',
                             run);
                free(again);
            }
            free(first);
        }
}

/* The shapes the default path hands to cuBLAS (gemm_blas.c): captured in
 * host pointer mode on a stream of the caller's and replayed on new data
 * (cuBLAS's workspace is the handle's, so capture allocates nothing); or
 * (refused) a launch that CUDA refuses is MV_ERR_EXECUTION naming the
 * function, C left alone. */
static void blas_path(mv_handle h, int refused)
{
    rng_t r = rng_make(51);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        const int64_t m = 150, n = 140, k = 90;
        double *A = malloc(sizeof(double) * m * k), *B = malloc(sizeof(double) * k * n);
        double *C = malloc(sizeof(double) * m * n), *out = malloc(sizeof(double) * m * n);
        assert_true(A && B && C && out);
        fill_random(&r, dtype, A, (size_t)(m * k));
        fill_random(&r, dtype, B, (size_t)(k * n));
        fill_random(&r, dtype, C, (size_t)(m * n));
        void *dA = dev_upload(dtype, A, (size_t)(m * k)), *dB = dev_upload(dtype, B, (size_t)(k * n));
        void *dC = dev_upload(dtype, C, (size_t)(m * n));
        const double sc[2] = {1.5, -0.5};
        const float scf[2] = {1.5f, -0.5f};
        const void *alpha = dtype == DT_D ? (const void *)&sc[0] : (const void *)&scf[0];
        const void *beta = dtype == DT_D ? (const void *)&sc[1] : (const void *)&scf[1];
        assert_string_equal(mv_gemm_default_path(h, dtype == DT_D, MV_OP_T, MV_OP_N, m, n, k, alpha, dA, k, dB, k,
                                                 beta, dC, m),
                            "cublas");
        if (!refused) {
            cudaStream_t s;
            CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
            CHECK_MV(h, mv_set_stream(h, s));
            cudaGraph_t graph;
            cudaGraphExec_t exec;
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
            CHECK_MV(h, call_gemm(h, NULL, dtype, MV_OP_T, MV_OP_N, m, n, k, alpha, dA, k, dB, k, beta, dC, m));
            CHECK_CUDA(cudaStreamEndCapture(s, &graph));
            CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
            for (int replay = 0; replay < 3; ++replay) {
                fill_random(&r, dtype, A, (size_t)(m * k));
                fill_random(&r, dtype, B, (size_t)(k * n));
                fill_random(&r, dtype, C, (size_t)(m * n));
                void *ta = dev_upload(dtype, A, (size_t)(m * k)), *tb = dev_upload(dtype, B, (size_t)(k * n));
                void *tc = dev_upload(dtype, C, (size_t)(m * n));
                CHECK_CUDA(cudaMemcpy(dA, ta, (size_t)(m * k) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                CHECK_CUDA(cudaMemcpy(dB, tb, (size_t)(k * n) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                CHECK_CUDA(cudaMemcpy(dC, tc, (size_t)(m * n) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                dev_free(ta);
                dev_free(tb);
                dev_free(tc);
                CHECK_CUDA(cudaDeviceSynchronize());
                CHECK_CUDA(cudaGraphLaunch(exec, s));
                CHECK_CUDA(cudaStreamSynchronize(s));
                dev_download(dtype, dC, out, (size_t)(m * n));
                const gemm_case c = {dtype, MV_OP_T, MV_OP_N, m, n, k, k, k, m, sc[0], sc[1], 0, NULL};
                check_result(&c, A, B, C, out);
            }
            CHECK_CUDA(cudaGraphExecDestroy(exec));
            CHECK_CUDA(cudaGraphDestroy(graph));
            CHECK_MV(h, mv_set_stream(h, 0));
            CHECK_CUDA(cudaStreamDestroy(s));
        } else {
            /* Work on the legacy stream while a blocking stream captures. */
            fill_distinctive(&r, dtype, C, (size_t)(m * n));
            void *tc = dev_upload(dtype, C, (size_t)(m * n));
            CHECK_CUDA(cudaMemcpy(dC, tc, (size_t)(m * n) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            dev_free(tc);
            CHECK_CUDA(cudaDeviceSynchronize());
            cudaStream_t capturing;
            CHECK_CUDA(cudaStreamCreate(&capturing));
            CHECK_CUDA(cudaStreamBeginCapture(capturing, cudaStreamCaptureModeGlobal));
            const mv_status st = call_gemm(h, NULL, dtype, MV_OP_T, MV_OP_N, m, n, k, alpha, dA, k, dB, k, beta, dC, m);
            cudaGraph_t g2 = NULL;
            (void)cudaStreamEndCapture(capturing, &g2);
            if (g2)
                CHECK_CUDA(cudaGraphDestroy(g2));
            (void)cudaGetLastError();
            assert_int_equal(st, MV_ERR_EXECUTION);
            assert_non_null(strstr(mv_last_error(h), dtype == DT_D ? "mv_dgemm: " : "mv_sgemm: "));
            CHECK_CUDA(cudaDeviceSynchronize());
            dev_download(dtype, dC, out, (size_t)(m * n));
            assert_true(same_bits(out, C, (size_t)(m * n)));
            CHECK_CUDA(cudaStreamDestroy(capturing));
        }
        dev_free(dA);
        dev_free(dB);
        dev_free(dC);
        free(A);
        free(B);
        free(C);
        free(out);
    }
}

static void test_blas_path_capture(void **state)
{
    blas_path(*state, 0);
}

/* Skipped under compute-sanitizer, which reports the refused launch. */
static void test_blas_path_reports_cuda_error(void **state)
{
    blas_path(*state, 1);
}

/* The narrow path (C with at most 32 columns or rows; gemm_narrow.cuh):
 * every vector count's kernel (1..32 rounded up to 2, 4, 8, 16, 32), both
 * narrow sides, every transpose pair, the stream-n and stream-t kernels
 * with and without splits of the summed dimension, odd and aligned leading
 * dimensions, beta = 0 (C NaN-poisoned) and beta != 0; double C of 9-32
 * columns and more than 96 rows per SM (20011 x 13) on the DMMA kernel;
 * C narrow both ways (29 x 5, 30 x 19, 24 x 32: the side with the smaller
 * kernel is the vectors); the row teams of both kernels (stream-t on
 * 29-77 columns, split or not; stream-n on sums of 3 and 11 over 420001
 * rows, which keep 2-8 teams and a wave of blocks on GPUs of up to 132
 * SMs at 3 blocks an SM; 4097 x 4 x 3 and the like have too few rows and
 * stay one team). Every case runs twice: through the public call
 * (which hands some of them to cuBLAS in host mode, gemm_blas.c) and
 * through matvec's own path (the "default" variant). */
static void test_narrow(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(49);
    /* {big, nv, k}: C is big x nv (then nv x big); k long enough for splits
     * where big is small. */
    static const int64_t shapes[][3] = {
        {1001, 1, 67},  {517, 2, 301},  {77, 3, 4099},  {2049, 5, 33},  {129, 8, 1537},
        {3001, 9, 129}, {61, 16, 2311}, {1029, 17, 97}, {300, 31, 700}, {4099, 32, 45},
        {37, 32, 9001}, {20011, 13, 61}, {29, 5, 3001}, {30, 19, 43}, {24, 32, 517}, {4097, 4, 3},
        {2999, 21, 11}, {1531, 6, 16},  {45, 2, 20011}, {420001, 4, 3}, {420001, 3, 11},
    };
    static const double scal[][2] = {{1.0, 0.0}, {-1.5, 0.5}, {0.75, 1.0}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const int64_t big = shapes[s][0], nv = shapes[s][1], k = shapes[s][2];
        if (small_mode() && big * nv * k > 400000)
            continue;
        for (int side = 0; side < 2; ++side)
            for (int dtype = DT_S; dtype <= DT_D; ++dtype)
                for (int ta = 0; ta < 2; ++ta)
                    for (int tb = 0; tb < 2; ++tb) {
                        const size_t a = (s + (size_t)(2 * ta + tb + side)) % 3;
                        gemm_case c = {dtype, ops[ta], ops[tb], side ? nv : big, side ? big : nv, k, 0, 0, 0,
                                       scal[a][0], scal[a][1], 0, NULL};
                        if ((s + (size_t)ta + (size_t)tb) % 2) { /* odd leading dimensions: the scalar loads */
                            normalize(&c);
                            c.lda += 1 + (c.lda % 2);
                            c.ldb += 3 + (c.ldb % 2);
                            c.ldc += 2;
                        }
                        run_case(h, c, &r);
                        c.variant = "default";
                        run_case(h, c, &r);
                    }
    }
}

/* The narrow path with splits is deterministic: the same inputs give the
 * same bits, run after run. Through matvec's own path (the "default"
 * variant): the public call sends this shape to cuBLAS in host mode (a
 * big operand under 16 MiB, gemm_blas.c). */
static void test_narrow_repeatable(void **state)
{
    mv_handle h = *state;
    const int64_t big = 53, nv = 7, k = small_mode() ? 3001 : 60013;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int t = 0; t < 2; ++t) {
            double *first = NULL;
            for (int run = 0; run < 3; ++run) {
                rng_t r = rng_make(50);
                double *again = NULL;
                run_case_keep(h, (gemm_case){dtype, ops[t], MV_OP_N, big, nv, k, 0, 0, 0, 1.0, 0.5, 0, "default"},
                              &r, &again);
                if (!first) {
                    first = again;
                    continue;
                }
                if (!same_bits(first, again, (size_t)(big * nv)))
                    fail_msg("narrow %s %c: run %d differs from run 0", dtype_name(dtype), t ? 'T' : 'N', run);
                free(again);
            }
            free(first);
        }
}

/* 2048^3 per type through the public API (the large-shape configuration
 * with no tails): a sample of elements against the double reference. */
static void test_large(void **state)
{
    mv_handle h = *state;
    if (small_mode())
        return;
    rng_t r = rng_make(49);
    const int64_t s = 2048;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        double *A = malloc(sizeof(double) * s * s), *B = malloc(sizeof(double) * s * s);
        double *C = malloc(sizeof(double) * s * s), *out = malloc(sizeof(double) * s * s);
        assert_true(A && B && C && out);
        fill_random(&r, dtype, A, (size_t)(s * s));
        fill_random(&r, dtype, B, (size_t)(s * s));
        fill_random(&r, dtype, C, (size_t)(s * s));
        void *dA = dev_upload(dtype, A, (size_t)(s * s)), *dB = dev_upload(dtype, B, (size_t)(s * s));
        void *dC = dev_upload(dtype, C, (size_t)(s * s));
        const double alpha = -0.75, beta = 0.5;
        scalars sc;
        scalars_make(&sc, h, dtype, alpha, beta);
        for (int t = 0; t < 4; ++t) {
            const mv_operation opa = ops[t / 2], opb = ops[t % 2];
            CHECK_CUDA(cudaDeviceSynchronize());
            void *fresh = dev_upload(dtype, C, (size_t)(s * s));
            CHECK_CUDA(cudaMemcpy(dC, fresh, (size_t)(s * s) * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            dev_free(fresh);
            CHECK_MV(h, call_gemm(h, NULL, dtype, opa, opb, s, s, s, scalar_ptr(&sc, dtype, 0), dA, s, dB, s,
                                  scalar_ptr(&sc, dtype, 1), dC, s));
            CHECK_CUDA(cudaDeviceSynchronize());
            dev_download(dtype, dC, out, (size_t)(s * s));
            /* Every element of the first and last row and column, and 4096
             * random ones. */
            for (int64_t e = 0; e < 4 * s + 4096; ++e) {
                int64_t i, j;
                if (e < 4 * s) {
                    const int64_t q = e % s;
                    i = e < s ? 0 : e < 2 * s ? s - 1 : q;
                    j = e < 2 * s ? q : e < 3 * s ? 0 : s - 1;
                } else {
                    i = rng_range(&r, 0, s - 1);
                    j = rng_range(&r, 0, s - 1);
                }
                double bound;
                const double want = ref_gemm_element(opa == MV_OP_T, opb == MV_OP_T, s, alpha, A, s, B, s, beta,
                                                     C[i + j * s], i, j, &bound);
                const double tol = ref_tolerance(dtype_roundoff(dtype), s, bound), got = out[i + j * s];
                if (!(fabs(got - want) <= tol))
                    fail_msg("%s %c%c 2048^3: C(%lld, %lld) = %.17g, reference %.17g, tolerance %.3g", dtype_name(dtype),
                             opa == MV_OP_T ? 'T' : 'N', opb == MV_OP_T ? 'T' : 'N', (long long)i, (long long)j, got,
                             want, tol);
            }
        }
        scalars_free(&sc);
        dev_free(dA);
        dev_free(dB);
        dev_free(dC);
        free(A);
        free(B);
        free(C);
        free(out);
    }
}

/* ---------- the variants ---------- */

static int offers(const mv_gemm_variant *v, int dtype)
{
    return (v->dtypes & (dtype == DT_D ? MV_GEMM_VARIANT_D : MV_GEMM_VARIANT_S)) != 0;
}

static void test_every_variant(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(50);
    /* m, n, k: tiny, odd, tails of every tile size here (8..256), one larger
     * than the biggest tile in m and n. */
    static const int64_t shapes[][3] = {{1, 1, 1}, {33, 31, 17}, {7, 70, 5}, {130, 9, 40}, {300, 270, 37}};
    for (size_t vi = 0; vi < mv_gemm_variant_count(); ++vi) {
        const mv_gemm_variant *v = mv_gemm_variant_at(vi);
        for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
            if (!offers(v, dtype))
                continue;
            for (int ta = 0; ta < 2; ++ta)
                for (int tb = 0; tb < 2; ++tb)
                    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
                        const int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
                        if (small_mode() && (s == 0 || m * n * k > 20000))
                            continue;
                        run_case(h, (gemm_case){dtype, ops[ta], ops[tb], m, n, k, 0, 0, 0, 1.0, 0.0, 0, v->name}, &r);
                        /* Larger, odd leading dimensions (the scalar-load path). */
                        gemm_case odd = {dtype, ops[ta], ops[tb], m, n, k, 0, 0, 0, -1.5, 0.75, 0, v->name};
                        normalize(&odd);
                        odd.lda += 3;
                        odd.ldb += 1;
                        odd.ldc += 2;
                        run_case(h, odd, &r);
                    }
            /* The rules, in both pointer modes. */
            for (int mode = 0; mode < 2; ++mode) {
                CHECK_MV(h, mv_set_pointer_mode(h, (mv_pointer_mode)mode));
                for (int t = 0; t < (small_mode() ? 1 : 2); ++t) {
                    const mv_operation a = ops[t], b = ops[1 - t];
                    run_case(h, (gemm_case){dtype, a, b, 45, 39, 21, 0, 0, 0, 2.0, 0.0, 0, v->name}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 39, 45, 21, 0, 0, 0, 0.0, -2.0, 1, v->name}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 20, 21, 9, 0, 0, 0, 0.0, 0.0, 1, v->name}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 20, 21, 0, 0, 0, 0, 1.0, 0.5, 1, v->name}, &r);
                    run_case(h, (gemm_case){dtype, a, b, 65, 66, 67, 0, 0, 0, 0.5, 1.5, 0, v->name}, &r);
                }
            }
            CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
        }
    }
}

static void test_variants_repeatable(void **state)
{
    mv_handle h = *state;
    const int64_t m = small_mode() ? 40 : 260, n = small_mode() ? 36 : 250, k = small_mode() ? 20 : 130;
    for (size_t vi = 0; vi < mv_gemm_variant_count(); ++vi) {
        const mv_gemm_variant *v = mv_gemm_variant_at(vi);
        if (!v->deterministic || !offers(v, DT_S))
            continue;
        double *first = NULL;
        for (int run = 0; run < 2; ++run) {
            rng_t r = rng_make(51);
            double *again = NULL;
            run_case_keep(h, (gemm_case){DT_S, MV_OP_N, MV_OP_T, m, n, k, 0, 0, 0, 1.0, 0.5, 0, v->name}, &r,
                          &again);
            if (!first) {
                first = again;
                continue;
            }
            if (!same_bits(first, again, (size_t)(m * n)))
                fail_msg("%s: run 1 differs from run 0", v->name);
            free(again);
        }
        free(first);
    }
}

static void test_registry_and_lookup_errors(void **state)
{
    mv_handle h = *state;
    assert_true(mv_gemm_variant_count() >= 7);
    assert_string_equal(mv_gemm_variant_at(0)->name, "default");
    assert_null(mv_gemm_variant_at(mv_gemm_variant_count()));
    static const char *const documents[] = {"naive", "cache-friendly", "blocked", "shared-tile-8", "shared-tile-16",
                                            "shared-tile-32"};
    for (size_t d = 0; d < sizeof documents / sizeof documents[0]; ++d) {
        const mv_gemm_variant *v = mv_gemm_variant_find(documents[d]);
        assert_non_null(v);
        assert_true(offers(v, DT_S) && offers(v, DT_D));
    }
    for (size_t i = 0; i < mv_gemm_variant_count(); ++i) {
        const mv_gemm_variant *v = mv_gemm_variant_at(i);
        assert_ptr_equal(mv_gemm_variant_find(v->name), v);
        assert_true(v->idea && *v->idea && v->source && *v->source && v->napkin && *v->napkin);
        assert_true(v->dtypes != 0 && v->launch != NULL);
        for (size_t j = 0; j < i; ++j)
            assert_string_not_equal(v->name, mv_gemm_variant_at(j)->name);
    }
    assert_null(mv_gemm_variant_find(NULL));
    const float one = 1.0f;
    const double one_d = 1.0;
    float *d = NULL;
    CHECK_CUDA(cudaMalloc((void **)&d, 64 * sizeof(float)));
    assert_int_equal(mv_gemm_variant_run(h, "no-such-kernel", 0, MV_OP_N, MV_OP_N, 4, 4, 4, &one, d, 4, d, 4, &one,
                                         d + 32, 4),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_gemm_variant_run: variant = \"no-such-kernel\" is not a GEMM variant");
    for (size_t i = 0; i < mv_gemm_variant_count(); ++i) {
        const mv_gemm_variant *v = mv_gemm_variant_at(i);
        if (offers(v, DT_D))
            continue;
        assert_int_equal(mv_gemm_variant_run(h, v->name, 1, MV_OP_N, MV_OP_N, 2, 2, 2, &one_d, d, 2, d, 2, &one_d,
                                             d + 32, 2),
                         MV_ERR_NOT_SUPPORTED);
        assert_non_null(strstr(mv_last_error(h), "has no double"));
    }
    /* The variant entry point validates exactly like mv_sgemm. */
    assert_int_equal(mv_gemm_variant_run(h, "naive", 0, MV_OP_N, MV_OP_N, 4, 4, 4, &one, d, 3, d, 4, &one, d + 32, 4),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_gemm_variant_run: lda = 3 must be >= max(1, m) = 4");
    CHECK_CUDA(cudaFree(d));
}

/* mv_gemm_default_path names the path of the call it is given without
 * reading an operand: any non-NULL pointers stand for A, B and C. */
/* One call's expected path: dtype (1 double), transposes, m, n, k, the
 * leading dimensions, A four bytes off a 16-byte boundary, device pointer
 * mode. */
typedef struct {
    int dbl;
    char ta, tb;
    int64_t m, n, k, lda, ldb, ldc;
    int a_off, device;
    const char *path;
} path_case;

static void test_default_path(void **state)
{
    mv_handle h = *state;
    const float one = 1.0f, zero = 0.0f;
    const double one_d = 1.0, zero_d = 0.0;
    _Alignas(16) char buffer[64] = {0};
    void *p = buffer; /* 16-byte aligned; buffer + 4 is not */
    const mv_operation N = MV_OP_N;
    static const path_case cases[] = {
        /* Float narrow products that the narrow kernels read faster stay on
         * them: 8 columns streamed along N, 16 along T; more go to cuBLAS. */
        {0, 'N', 'N', 5000, 8, 5000, 5000, 5000, 5000, 0, 0, "narrow"},
        {0, 'T', 'N', 5000, 16, 5000, 5000, 5000, 5000, 0, 0, "narrow"},
        {0, 'N', 'N', 5000, 24, 5000, 5000, 5000, 5000, 0, 0, "cublas"},
        /* Streamed along T, columns off 16-byte boundaries (lda, or A
         * itself) go to cuBLAS; along N the narrow kernel keeps them. */
        {0, 'T', 'N', 5000, 16, 5001, 5001, 5001, 5000, 0, 0, "cublas"},
        {0, 'T', 'N', 5000, 16, 5000, 5000, 5000, 5000, 1, 0, "cublas"},
        {0, 'N', 'N', 5001, 8, 5000, 5001, 5000, 5001, 1, 0, "narrow"},
        /* Few rows of C: B streamed, along T when B is not transposed. */
        {0, 'N', 'N', 16, 5000, 4999, 16, 4999, 16, 0, 0, "cublas"},
        {0, 'N', 'N', 16, 5000, 5000, 16, 5000, 16, 0, 0, "narrow"},
        /* One column or row of C: the GEMV path, in either type. */
        {0, 'N', 'N', 1000, 1, 1000, 1000, 1000, 1000, 0, 0, "gemv"},
        {1, 'N', 'T', 1, 1000, 1000, 1, 1000, 1, 0, 0, "gemv"},
        /* A handle made by mv_create has cuBLAS: square products go to it. */
        {1, 'N', 'N', 1000, 1000, 1000, 1000, 1000, 1000, 0, 0, "cublas"},
        {0, 'T', 'T', 1000, 1000, 1000, 1000, 1000, 1000, 0, 0, "cublas"},
        /* Small products on matvec's kernels, whose launch is cheaper than
         * a cuBLAS call (gemm_blas.c): tiles of 64 x 64, k-steps of 16 times
         * waves of tiles up to 4 (k = 20: 2), operands and C up to 4 MiB. */
        {0, 'N', 'N', 100, 100, 20, 100, 20, 100, 0, 0, "simt"},
        {1, 'T', 'N', 100, 100, 20, 20, 20, 100, 0, 0, "dmma"},
        {0, 'N', 'N', 100, 100, 100, 100, 100, 100, 0, 0, "cublas"}, /* 7 k-steps */
        {1, 'N', 'N', 3000, 3000, 10, 3000, 10, 3000, 0, 0, "cublas"}, /* 9 waves, C of 72 MB */
        /* Operands and C up to 8 MiB in double, 4 MiB in float (here 4
         * steps: 2 waves of tiles, or 56 of k in one). */
        {1, 'T', 'T', 2389, 249, 56, 56, 249, 2389, 0, 0, "dmma"},         /* 5.7 MiB */
        {1, 'N', 'T', 12664, 74, 26, 12664, 74, 12664, 0, 0, "cublas"}, /* 9.7 MiB */
        {0, 'N', 'T', 12664, 74, 26, 12664, 74, 12664, 0, 0, "cublas"}, /* 4.8 MiB */
        /* Short chains of 2-16 vectors (gemm_blas.c): stream-n unsplit up
         * to 4 steps with steps x nb <= 32 (k = 100: 4 steps of 32, 8
         * vectors), stream-t unsplit up to 3 steps (T, 5 vectors, k = 77),
         * a split into slices of 2 steps with up to 8 vectors (6 x 7 x
         * 1142: 18 slices and the finish), stream-t up to 8 steps with any
         * vector count (200 columns, 4 steps; 32 vectors in 2 steps). Longer
         * chains (5 steps; stream-t 13 steps of 32 vectors, 10000 columns;
         * slices of 3 steps, 54 x 8 x 10863) and 32 vectors on stream-n (28
         * rows of C, k = 1) go to cuBLAS. A split that saves
         * fewer steps than its finish costs is not made (446 x 2 x 76: one
         * slice of 3 steps, not two of 2). Stream-t on 16 columns has 8 row
         * teams: 100 rows are one round of them. A stream-n grid of more
         * than a wave keeps nv < 2k (300000 rows, k = 3: 4 vectors, not 8). */
        {0, 'N', 'N', 1000, 8, 100, 1000, 100, 1000, 0, 0, "narrow"},
        {1, 'N', 'T', 1000, 8, 100, 1000, 8, 1000, 0, 0, "narrow"},
        {0, 'N', 'N', 1000, 8, 132, 1000, 132, 1000, 0, 0, "cublas"}, /* 5 steps */
        {0, 'T', 'N', 16, 5, 77, 77, 77, 16, 0, 0, "narrow"},
        {1, 'T', 'N', 16, 5, 21, 21, 21, 16, 0, 0, "narrow"},
        {0, 'T', 'N', 200, 5, 100, 100, 100, 200, 0, 0, "narrow"},
        {0, 'T', 'N', 1000, 32, 50, 50, 50, 1000, 0, 0, "narrow"},
        {0, 'T', 'N', 10000, 32, 400, 400, 400, 10000, 0, 0, "cublas"},
        {0, 'T', 'N', 16, 5, 100, 100, 100, 16, 0, 0, "narrow"},
        {0, 'N', 'N', 300000, 4, 3, 300000, 3, 300000, 0, 0, "narrow"},
        {0, 'N', 'N', 300000, 8, 3, 300000, 3, 300000, 0, 0, "cublas"},
        {0, 'N', 'N', 6, 7, 1142, 6, 1142, 6, 0, 0, "narrow"},
        {1, 'N', 'T', 5, 54, 3523, 5, 54, 5, 0, 0, "narrow"},
        {0, 'N', 'N', 54, 8, 10863, 54, 10863, 54, 0, 0, "cublas"},
        {0, 'T', 'T', 28, 1861, 1, 1, 1861, 28, 0, 0, "cublas"},
        /* 17-32 vectors on stream-n (one block an SM) in one wave of
         * blocks: double in up to 2 steps (18 rows of C over 3400 columns,
         * k = 60; not 12000 rows, 188 blocks of 64), float in one where C's
         * columns are the vectors (3400 x 30, k = 30; not k = 60, nor C's
         * 30 rows). */
        {1, 'T', 'T', 18, 3400, 60, 60, 3400, 18, 0, 0, "narrow"},
        {1, 'N', 'N', 12000, 30, 8, 12000, 8, 12000, 0, 0, "cublas"},
        {0, 'N', 'N', 3400, 30, 30, 3400, 30, 3400, 0, 0, "narrow"},
        {0, 'N', 'N', 3400, 30, 60, 3400, 60, 3400, 0, 0, "cublas"},
        {0, 'N', 'T', 30, 3400, 30, 30, 3400, 30, 0, 0, "cublas"},
        {0, 'N', 'T', 446, 2, 76, 446, 2, 446, 0, 0, "narrow"},
        /* 17-32 vectors on stream-t (one block an SM): up to 4 steps x
         * waves (double, 12000 columns: two waves; k = 30: 2 steps, k =
         * 60: 4; C's 18 rows the vectors, or its 30 columns). */
        {1, 'N', 'N', 18, 12000, 30, 18, 30, 18, 0, 0, "narrow"},
        {1, 'N', 'N', 18, 12000, 60, 18, 60, 18, 0, 0, "cublas"},
        {1, 'T', 'N', 12000, 30, 8, 8, 8, 12000, 0, 0, "narrow"},
        {1, 'T', 'N', 12000, 30, 60, 60, 60, 12000, 0, 0, "cublas"},
        /* A stream-t split with row teams (few columns over a long sum)
         * takes up to 16 vectors in slices of any number of rounds of its
         * teams in float (3 columns of 300000 rows: 5 rounds; 1300000 rows:
         * 20), up to 20 in double (16 columns of 2000 rows, 16 vectors: 3
         * rounds); more vectors (20 columns, 24 vectors) or one team, as
         * any split. */
        {0, 'T', 'N', 3, 2, 300000, 300000, 300000, 3, 0, 0, "narrow"},
        {0, 'T', 'N', 3, 2, 1300000, 1300000, 1300000, 3, 0, 0, "narrow"},
        {1, 'T', 'N', 16, 16, 2000, 2000, 2000, 16, 0, 0, "narrow"},
        {0, 'T', 'N', 20, 24, 20000, 20000, 20000, 20, 0, 0, "cublas"},
        /* C narrow both ways: its 5 rows are the vectors, on stream-n (TT:
         * B's columns run along C's rows) in 2 steps, not its 19 columns
         * on the 32-vector stream-t kernel. */
        {1, 'T', 'T', 5, 19, 43, 43, 19, 5, 0, 0, "narrow"},
        /* A big operand (16 MiB or more), bandwidth-bound: float stream-n
         * with 8 steps or more (2 with 5-8 vectors: k = 64 takes 8 vectors,
         * not 4), never double (A of 147 MiB); stream-t on 16-byte-aligned
         * columns, float up to 16 vectors or with row teams (32 vectors on
         * 24 columns, not 1000), double with row teams (16 columns, not
         * 1000) up to 4 vectors, or up to 16 in slices of up to 20 rounds
         * (8 vectors on 16 columns of 300000 rows: 10 rounds; 16 on 24:
         * 37; 8 on 32 of 10^6: 61), none on columns off 16-byte boundaries
         * (lda 33). */
        {0, 'N', 'N', 300000, 4, 256, 300000, 256, 300000, 0, 0, "narrow"},
        {0, 'N', 'N', 300000, 4, 64, 300000, 64, 300000, 0, 0, "cublas"},
        {0, 'N', 'N', 300000, 8, 64, 300000, 64, 300000, 0, 0, "narrow"},
        {1, 'N', 'N', 300000, 4, 64, 300000, 64, 300000, 0, 0, "cublas"},
        {0, 'T', 'N', 24, 32, 300000, 300000, 300000, 24, 0, 0, "narrow"},
        {0, 'T', 'N', 1000, 32, 300000, 300000, 300000, 1000, 0, 0, "cublas"},
        {1, 'T', 'N', 16, 4, 300000, 300000, 300000, 16, 0, 0, "narrow"},
        {1, 'T', 'N', 16, 8, 300000, 300000, 300000, 16, 0, 0, "narrow"},
        {1, 'T', 'N', 24, 16, 300000, 300000, 300000, 24, 0, 0, "cublas"},
        {1, 'T', 'N', 32, 8, 1000000, 1000000, 1000000, 32, 0, 0, "cublas"},
        {1, 'T', 'N', 1000, 4, 300000, 300000, 300000, 1000, 0, 0, "cublas"},
        {0, 'T', 'N', 300000, 5, 33, 33, 33, 300000, 0, 0, "cublas"},
        /* Device pointer mode stays on matvec's kernels: the scalars are
         * read by them (alpha is never known to be 0 here). */
        {1, 'N', 'N', 1000, 1000, 1000, 1000, 1000, 1000, 0, 1, "dmma"},
        {0, 'N', 'T', 1000, 1000, 1000, 1000, 1000, 1000, 0, 1, "simt"},
        {0, 'N', 'N', 1000, 1000, 0, 1000, 1, 1000, 0, 1, "scale"},
        {1, 'N', 'N', 1000, 24, 1000, 1000, 1000, 1000, 0, 1, "narrow"},
        /* Double C of 9-32 columns and at least 96 rows per SM (100000
         * rows cover any GPU of up to 1041 SMs): DMMA in 128 x 32 tiles. */
        {1, 'N', 'N', 100000, 24, 64, 100000, 64, 100000, 0, 1, "dmma-narrow"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const path_case *c = &cases[i];
        CHECK_MV(h, mv_set_pointer_mode(h, c->device ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        const void *alpha = c->device ? p : c->dbl ? (const void *)&one_d : (const void *)&one;
        const void *beta = c->device ? p : c->dbl ? (const void *)&zero_d : (const void *)&zero;
        const char *got = mv_gemm_default_path(h, c->dbl, c->ta == 'T' ? MV_OP_T : MV_OP_N,
                                               c->tb == 'T' ? MV_OP_T : MV_OP_N, c->m, c->n, c->k, alpha,
                                               buffer + (c->a_off ? 4 : 0), c->lda, p, c->ldb, beta, p, c->ldc);
        if (!got || strcmp(got, c->path) != 0)
            fail_msg("case %zu (%s %c%c %lld x %lld x %lld): path %s, expected %s", i, c->dbl ? "double" : "float",
                     c->ta, c->tb, (long long)c->m, (long long)c->n, (long long)c->k, got ? got : "NULL (refused)",
                     c->path);
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));

    /* mv_gemm_own_path names matvec's own kernel where cuBLAS serves. */
    assert_string_equal(mv_gemm_own_path(h, 0, N, N, 1000, 1000, 1000, &one, p, 1000, p, 1000, &zero, p, 1000), "simt");
    assert_string_equal(mv_gemm_own_path(h, 1, N, N, 1000, 1000, 1000, &one_d, p, 1000, p, 1000, &zero_d, p, 1000),
                        "dmma");
    assert_string_equal(mv_gemm_own_path(h, 0, N, N, 5000, 24, 5000, &one, p, 5000, p, 5000, &zero, p, 5000),
                        "narrow");
    assert_null(mv_gemm_own_path(h, 0, N, N, 4, 4, 4, &one, p, 3, p, 4, &zero, p, 4));
    assert_string_equal(mv_last_error(h), "mv_gemm_own_path: lda = 3 must be >= max(1, m) = 4");

    /* Quick returns: an empty C (no pointer needed), and in host mode
     * (alpha == 0 or k == 0) with beta == 1. */
    assert_string_equal(mv_gemm_default_path(h, 0, N, N, 0, 10, 10, NULL, NULL, 1, NULL, 10, NULL, NULL, 1), "quick");
    assert_string_equal(mv_gemm_default_path(h, 1, N, N, 10, 0, 10, NULL, NULL, 10, NULL, 10, NULL, NULL, 10),
                        "quick");
    assert_string_equal(mv_gemm_default_path(h, 0, N, N, 10, 10, 10, &zero, p, 10, p, 10, &one, p, 10), "quick");
    assert_string_equal(mv_gemm_default_path(h, 0, N, N, 10, 10, 0, &one, p, 10, p, 1, &one, p, 10), "quick");
    /* A vanishing product with beta != 1: C = beta*C. */
    assert_string_equal(mv_gemm_default_path(h, 1, N, N, 100, 100, 100, &zero_d, p, 100, p, 100, &zero_d, p, 100),
                        "scale");
    assert_string_equal(mv_gemm_default_path(h, 0, N, N, 100, 100, 0, &one, p, 100, p, 1, &zero, p, 100), "scale");

    /* A call mv_sgemm refuses: NULL, with mv_sgemm's message. */
    assert_null(mv_gemm_default_path(h, 0, N, N, 4, 4, 4, &one, p, 3, p, 4, &zero, p, 4));
    assert_string_equal(mv_last_error(h), "mv_gemm_default_path: lda = 3 must be >= max(1, m) = 4");
    assert_null(mv_gemm_default_path(h, 0, N, N, 4, 4, 4, &one, NULL, 4, p, 4, &zero, p, 4));
    assert_null(mv_gemm_default_path(h, 1, N, N, 4, 4, 4, &zero_d, p, 4, p, 4, &one_d, NULL, 4));
    assert_null(mv_gemm_default_path(NULL, 0, N, N, 4, 4, 4, &one, p, 4, p, 4, &zero, p, 4));
}

GPU_TEST_MAIN("gemm",
              HANDLE_TEST(test_registry_and_lookup_errors),
              HANDLE_TEST(test_default_path),
              HANDLE_TEST(test_errors_change_nothing),
              HANDLE_TEST(test_quick_returns_leave_c),
              HANDLE_TEST(test_shapes),
              HANDLE_TEST(test_leading_dimensions),
              HANDLE_TEST(test_scalar_rules),
              HANDLE_TEST(test_non_default_stream),
              HANDLE_TEST(test_failed_launch_reports_cuda_error),
              HANDLE_TEST(test_graph_capture_and_replay),
              HANDLE_TEST(test_blas_path_capture),
              HANDLE_TEST(test_blas_path_reports_cuda_error),
              HANDLE_TEST(test_bitwise_repeatable),
              HANDLE_TEST(test_narrow),
              HANDLE_TEST(test_narrow_repeatable),
              HANDLE_TEST(test_every_variant),
              HANDLE_TEST(test_variants_repeatable),
              HANDLE_TEST(test_large))
