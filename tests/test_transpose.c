/* GPU: mv_stranspose, mv_dtranspose, their in-place forms and every
 * registered transpose variant (src/transpose/transpose_registry.c) against a
 * host transpose, bit for bit. B is poisoned with NaN before every call and
 * a guard past its end; afterwards the transposed elements must be exact,
 * the padding rows of B (ldb > n) and the guard still NaN, and A unchanged.
 * Shapes are not multiples of anything (1, primes, tails), with lda > m,
 * ldb > n and misaligned pointers, so that both the 16-byte and the scalar
 * paths run. Also: errors (status, a message naming the argument, nothing
 * written), quick returns, a NULL and a detached handle, a non-default
 * stream, graph capture, a failed launch, and (outside small mode) a
 * matrix of more than 2^31 elements. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_helpers.h"
#include "core/internal.h"
#include "transpose/transpose_variants.h"

enum { GUARD = 37 }; /* elements past the end of B (in place: A) that must stay as they were */

/* ---------- out of place ---------- */

typedef struct {
    int dtype;
    int64_t m, n, lda, ldb;
    int64_t a_off, b_off; /* elements from the start of the allocation: misaligned pointers */
    const char *variant;  /* NULL: the public API */
} tcase;

static mv_status call_transpose(mv_handle h, int dtype, const char *variant, int64_t m, int64_t n, const void *A,
                                int64_t lda, void *B, int64_t ldb)
{
    if (variant)
        return mv_transpose_variant_run(h, variant, dtype == DT_D, m, n, A, lda, B, ldb);
    return dtype == DT_D ? mv_dtranspose(h, m, n, A, lda, B, ldb) : mv_stranspose(h, m, n, A, lda, B, ldb);
}

static mv_status call_inplace(mv_handle h, int dtype, const char *variant, int64_t n, void *A, int64_t lda)
{
    if (variant)
        return mv_transpose_inplace_variant_run(h, variant, dtype == DT_D, n, A, lda);
    return dtype == DT_D ? mv_dtranspose_inplace(h, n, A, lda) : mv_stranspose_inplace(h, n, A, lda);
}

static size_t first_difference(const double *a, const double *b, size_t count)
{
    for (size_t k = 0; k < count; ++k)
        if (memcmp(&a[k], &b[k], sizeof(double)) != 0)
            return k;
    return SIZE_MAX;
}

static void *offset(void *p, int64_t elements, int dtype)
{
    return (char *)p + (size_t)elements * dtype_size(dtype);
}

/* Fails with where the first difference between out and want lies: an
 * element of the matrix at (row, col) of a rows-deep column with leading
 * dimension ld that starts at base, a padding row, or outside. */
static void report_difference(const char *what, const double *out, const double *want, size_t count, int64_t base,
                              int64_t rows, int64_t cols, int64_t ld)
{
    const size_t k = first_difference(out, want, count);
    if (k == SIZE_MAX)
        return;
    const int64_t e = (int64_t)k - base;
    if (e < 0 || e >= ld * cols)
        fail_msg("%s: element %zu, outside the matrix, changed to %.9g (was %.9g)", what, k, out[k], want[k]);
    const int64_t row = e % ld, col = e / ld;
    if (row >= rows)
        fail_msg("%s: padding row %lld of column %lld was written (%.9g)", what, (long long)row, (long long)col,
                 out[k]);
    fail_msg("%s: element (%lld, %lld) = %.9g, want %.9g", what, (long long)row, (long long)col, out[k], want[k]);
}

static void run_case(mv_handle h, const tcase *c, rng_t *r)
{
    const size_t a_count = (size_t)(c->a_off + c->lda * c->n);
    const size_t b_count = (size_t)(c->b_off + c->ldb * c->m + GUARD);
    double *A = malloc(a_count * sizeof *A), *want = malloc(b_count * sizeof *want);
    double *outA = malloc(a_count * sizeof *outA), *outB = malloc(b_count * sizeof *outB);
    assert_true(A && want && outA && outB);
    fill_random(r, c->dtype, A, a_count);
    fill_nan(want, b_count);
    void *dA = dev_upload(c->dtype, A, a_count), *dB = dev_upload(c->dtype, want, b_count);
    for (int64_t i = 0; i < c->m; ++i)
        for (int64_t j = 0; j < c->n; ++j)
            want[c->b_off + j + i * c->ldb] = A[c->a_off + i + j * c->lda];

    CHECK_MV(h, call_transpose(h, c->dtype, c->variant, c->m, c->n, offset(dA, c->a_off, c->dtype), c->lda,
                               offset(dB, c->b_off, c->dtype), c->ldb));
    CHECK_CUDA(cudaDeviceSynchronize());
    dev_download(c->dtype, dB, outB, b_count);
    dev_download(c->dtype, dA, outA, a_count);
    char what[256];
    snprintf(what, sizeof what, "%s %s m=%lld n=%lld lda=%lld ldb=%lld offsets %lld/%lld: B",
             c->variant ? c->variant : "API", dtype_name(c->dtype), (long long)c->m, (long long)c->n,
             (long long)c->lda, (long long)c->ldb, (long long)c->a_off, (long long)c->b_off);
    report_difference(what, outB, want, b_count, c->b_off, c->n, c->m, c->ldb);
    if (!same_bits(outA, A, a_count))
        fail_msg("%s: A changed", what);
    dev_free(dA);
    dev_free(dB);
    free(A);
    free(want);
    free(outA);
    free(outB);
}

/* m, n, lda - m, ldb - n, a_off, b_off */
static const int64_t shapes[][6] = {
    {1, 1, 0, 0, 0, 0},       {1, 1, 2, 3, 0, 0},     {1, 100, 0, 0, 0, 0},   {1, 100, 3, 1, 0, 0},
    {100, 1, 0, 0, 0, 0},     {100, 1, 1, 4, 0, 0},   {2, 3, 0, 0, 0, 0},     {31, 33, 0, 0, 0, 0},
    {31, 33, 1, 2, 0, 0},     {65, 63, 3, 0, 0, 0},   {127, 1, 0, 5, 0, 0},   {1000, 3, 0, 0, 0, 0},
    {3, 1000, 0, 1, 0, 0},    {64, 64, 0, 0, 0, 0},   {128, 192, 0, 0, 0, 0}, {128, 192, 4, 8, 0, 0},
    {200, 130, 0, 2, 0, 0},   {256, 256, 0, 0, 1, 0}, {256, 256, 0, 0, 0, 2}, {96, 160, 3, 5, 0, 0},
    {997, 1009, 0, 0, 0, 0},  {997, 1009, 3, 5, 1, 3}, {4099, 261, 1, 0, 0, 0}, {4096, 72, 0, 0, 0, 0},
    {72, 4096, 4, 0, 0, 0},   {1024, 1024, 0, 0, 0, 0}, {997, 1009, 2, 2, 0, 0},
    /* 41 x 33 = 1353 tiles of 64 x 64 with 16-byte vectors, more than the
     * blocks resident at once on a 132-SM GPU: the resident-grid
     * (pipelined) configurations go round their tile loop, with tails. */
    {2600, 2100, 4, 0, 0, 0},
};

static void run_shapes(mv_handle h, const char *variant, rng_t *r)
{
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const int64_t *sh = shapes[s];
        if (small_mode() && sh[0] * sh[1] > 100000)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
            const tcase c = {dtype, sh[0], sh[1], sh[0] + sh[2], sh[1] + sh[3], sh[4], sh[5], variant};
            run_case(h, &c, r);
        }
    }
}

static void test_api_shapes(void **state)
{
    rng_t r = rng_make(50);
    run_shapes(*state, NULL, &r);
}

static void test_every_variant(void **state)
{
    rng_t r = rng_make(51);
    for (size_t i = 0; i < mv_transpose_variant_count(); ++i)
        run_shapes(*state, mv_transpose_variant_at(i)->name, &r);
}

/* ---------- in place ---------- */

static void run_inplace_case(mv_handle h, int dtype, const char *variant, int64_t n, int64_t lda, int64_t off,
                             rng_t *r)
{
    const size_t count = (size_t)(off + lda * n + GUARD);
    double *A = malloc(count * sizeof *A), *want = malloc(count * sizeof *want), *out = malloc(count * sizeof *out);
    assert_true(A && want && out);
    fill_random(r, dtype, A, count);
    memcpy(want, A, count * sizeof *A);
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j)
            want[off + i + j * lda] = A[off + j + i * lda];
    void *dA = dev_upload(dtype, A, count);
    CHECK_MV(h, call_inplace(h, dtype, variant, n, offset(dA, off, dtype), lda));
    CHECK_CUDA(cudaDeviceSynchronize());
    dev_download(dtype, dA, out, count);
    char what[256];
    snprintf(what, sizeof what, "%s in place %s n=%lld lda=%lld offset %lld: A", variant ? variant : "API",
             dtype_name(dtype), (long long)n, (long long)lda, (long long)off);
    report_difference(what, out, want, count, off, n, n, lda);
    dev_free(dA);
    free(A);
    free(want);
    free(out);
}

static void run_inplace_sizes(mv_handle h, const char *variant, rng_t *r)
{
    static const int64_t sizes[] = {1, 2, 3, 31, 32, 33, 63, 64, 65, 129, 1000, 1031};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        const int64_t n = sizes[s];
        if (small_mode() && n * n > 100000)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
            run_inplace_case(h, dtype, variant, n, n, 0, r);
            run_inplace_case(h, dtype, variant, n, n + 3, 0, r);
            run_inplace_case(h, dtype, variant, n, (n + 4) / 4 * 4, 0, r); /* lda > n, 16-byte columns */
            run_inplace_case(h, dtype, variant, n, n + 1, 1, r);            /* misaligned pointer */
        }
    }
}

static void test_inplace(void **state)
{
    rng_t r = rng_make(52);
    run_inplace_sizes(*state, NULL, &r);
    for (size_t i = 0; i < mv_transpose_variant_count(); ++i) {
        const mv_transpose_variant *v = mv_transpose_variant_at(i);
        if (v->launch_inplace)
            run_inplace_sizes(*state, v->name, &r);
    }
}

/* ---------- errors, quick returns, handles ---------- */

static void expect_message(mv_handle h, const char *fn, const char *rest)
{
    char want[512];
    snprintf(want, sizeof want, "%s: %s", fn, rest);
    assert_string_equal(mv_last_error(h), want);
}

static void expect_contains(mv_handle h, const char *part)
{
    if (!strstr(mv_last_error(h), part))
        fail_msg("message \"%s\" lacks \"%s\"", mv_last_error(h), part);
}

/* Bad arguments on real device buffers: the status, the message, and
 * nothing written. */
static void test_errors_change_nothing(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(53);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        const char *fn = dtype == DT_S ? "mv_stranspose" : "mv_dtranspose";
        const char *ip = dtype == DT_S ? "mv_stranspose_inplace" : "mv_dtranspose_inplace";
        double A[128], B[128], out[128];
        fill_random(&r, dtype, A, 128);
        fill_nan(B, 128);
        void *dA = dev_upload(dtype, A, 128), *dB = dev_upload(dtype, B, 128);
        const int64_t big = INT64_MAX / 8;

        assert_int_equal(call_transpose(h, dtype, NULL, -1, 5, dA, 10, dB, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "m = -1 must be >= 0");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, -2, dA, 10, dB, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "n = -2 must be >= 0");
        assert_int_equal(call_transpose(h, dtype, NULL, -1, -1, dA, 0, dB, 0), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "m = -1 must be >= 0");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, dA, 9, dB, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "lda = 9 must be >= max(1, m) = 10");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, dA, 9, dB, 4), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "lda = 9 must be >= max(1, m) = 10");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, dA, 10, dB, 4), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "ldb = 4 must be >= max(1, n) = 5");
        /* Checked before the quick return. */
        assert_int_equal(call_transpose(h, dtype, NULL, 0, 5, dA, 0, dB, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "lda = 0 must be >= max(1, m) = 1");
        assert_int_equal(call_transpose(h, dtype, NULL, 5, 0, dA, 5, dB, 0), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "ldb = 0 must be >= max(1, n) = 1");
        assert_int_equal(call_transpose(h, dtype, NULL, 2, big, dA, 8, dB, big), MV_ERR_INVALID_VALUE);
        expect_contains(h, "lda = 8 with m = 2, n = ");
        expect_contains(h, "spans more than 2^63 bytes");
        assert_int_equal(call_transpose(h, dtype, NULL, big, 1, dA, big, dB, 3), MV_ERR_INVALID_VALUE);
        expect_contains(h, "ldb = 3 with n = 1, m = ");
        expect_contains(h, "spans more than 2^63 bytes");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, NULL, 10, dB, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "A = NULL");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, NULL, 10, NULL, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "A = NULL");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, dA, 10, NULL, 5), MV_ERR_INVALID_VALUE);
        expect_message(h, fn, "B = NULL");
        /* Overlap: B inside A, B == A, B on A's last element (a padding row
         * counts: lda = 12 puts the last element at 4*12 + 9 = 57). */
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, dA, 10, offset(dA, 10, dtype), 5),
                         MV_ERR_INVALID_VALUE);
        expect_contains(h, "B overlaps A");
        expect_contains(h, ip);
        assert_int_equal(call_transpose(h, dtype, NULL, 8, 8, dA, 8, dA, 8), MV_ERR_INVALID_VALUE);
        expect_contains(h, "B overlaps A");
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, dA, 12, offset(dA, 57, dtype), 5),
                         MV_ERR_INVALID_VALUE);
        expect_contains(h, "B overlaps A");
        /* B before A, its last element on A's first. */
        assert_int_equal(call_transpose(h, dtype, NULL, 10, 5, offset(dB, 49, dtype), 10, dB, 5),
                         MV_ERR_INVALID_VALUE);
        expect_contains(h, "B overlaps A");

        /* In place. */
        assert_int_equal(call_inplace(h, dtype, NULL, -1, dA, 1), MV_ERR_INVALID_VALUE);
        expect_message(h, ip, "n = -1 must be >= 0");
        assert_int_equal(call_inplace(h, dtype, NULL, 10, dA, 9), MV_ERR_INVALID_VALUE);
        expect_message(h, ip, "lda = 9 must be >= max(1, n) = 10");
        assert_int_equal(call_inplace(h, dtype, NULL, 0, dA, 0), MV_ERR_INVALID_VALUE);
        expect_message(h, ip, "lda = 0 must be >= max(1, n) = 1");
        assert_int_equal(call_inplace(h, dtype, NULL, INT64_C(3037000500), dA, INT64_C(3037000500)),
                         MV_ERR_INVALID_VALUE);
        expect_message(h, ip, "lda = 3037000500 with n = 3037000500 spans more than 2^63 bytes");
        assert_int_equal(call_inplace(h, dtype, NULL, 10, NULL, 10), MV_ERR_INVALID_VALUE);
        expect_message(h, ip, "A = NULL");

        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaGetLastError());
        dev_download(dtype, dB, out, 128);
        assert_true(same_bits(out, B, 128));
        dev_download(dtype, dA, out, 128);
        assert_true(same_bits(out, A, 128));
        dev_free(dA);
        dev_free(dB);
    }
}

/* Adjacent but disjoint byte ranges are legal: A is 10 x 5 with lda = 12
 * (58 elements up to its last), B starts right after it. */
static void test_adjacent_buffers(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(54);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        double host[128], out[128], want[128];
        fill_random(&r, dtype, host, 58);
        fill_nan(host + 58, 70);
        memcpy(want, host, sizeof host);
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 5; ++j)
                want[58 + j + i * 5] = host[i + j * 12];
        void *d = dev_upload(dtype, host, 128);
        CHECK_MV(h, call_transpose(h, dtype, NULL, 10, 5, d, 12, offset(d, 58, dtype), 5));
        CHECK_CUDA(cudaDeviceSynchronize());
        dev_download(dtype, d, out, 128);
        report_difference("adjacent buffers", out, want, 128, 58, 5, 10, 5);
        dev_free(d);
    }
}

/* m == 0 or n == 0 (in place n == 0) touch nothing and need no pointer;
 * in place n == 1 leaves every bit. */
static void test_quick_returns(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(55);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        double A[64], B[64], out[64];
        fill_random(&r, dtype, A, 64);
        fill_nan(B, 64);
        void *dA = dev_upload(dtype, A, 64), *dB = dev_upload(dtype, B, 64);
        CHECK_MV(h, call_transpose(h, dtype, NULL, 0, 7, dA, 1, dB, 7));
        CHECK_MV(h, call_transpose(h, dtype, NULL, 7, 0, dA, 7, dB, 1));
        CHECK_MV(h, call_transpose(h, dtype, NULL, 0, 0, NULL, 1, NULL, 1));
        CHECK_MV(h, call_transpose(h, dtype, "naive", 0, 3, NULL, 1, NULL, 3));
        CHECK_MV(h, call_inplace(h, dtype, NULL, 0, NULL, 1));
        CHECK_MV(h, call_inplace(h, dtype, NULL, 1, dA, 1));
        CHECK_MV(h, call_inplace(h, dtype, NULL, 1, dA, 5));
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaGetLastError());
        dev_download(dtype, dB, out, 64);
        assert_true(same_bits(out, B, 64));
        dev_download(dtype, dA, out, 64);
        assert_true(same_bits(out, A, 64));
        dev_free(dA);
        dev_free(dB);
    }
}

static void test_null_and_detached_handles(void **state)
{
    (void)state;
    float f[4] = {0};
    double d[4] = {0};
    float *fp = (float *)(uintptr_t)0x1000;
    assert_int_equal(mv_stranspose(NULL, 1, 1, f, 1, f + 1, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_dtranspose(NULL, 1, 1, d, 1, d + 1, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_stranspose_inplace(NULL, 1, f, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_dtranspose_inplace(NULL, 1, d, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_transpose_variant_run(NULL, "naive", 0, 1, 1, f, 1, f + 1, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_transpose_inplace_variant_run(NULL, "default", 0, 1, f, 1), MV_ERR_NOT_INITIALIZED);

    /* Bound to no device: arguments are validated first, then NO_DEVICE. */
    mv_handle h = NULL;
    CHECK_MV(h, mv_create_detached(&h));
    assert_int_equal(mv_stranspose(h, 4, 4, fp, 3, fp + 64, 4), MV_ERR_INVALID_VALUE);
    expect_message(h, "mv_stranspose", "lda = 3 must be >= max(1, m) = 4");
    assert_int_equal(mv_stranspose(h, 0, 4, NULL, 1, NULL, 4), MV_SUCCESS);
    assert_int_equal(mv_stranspose(h, 4, 4, fp, 4, fp + 64, 4), MV_ERR_NO_DEVICE);
    expect_message(h, "mv_stranspose", "the handle is bound to no CUDA device");
    assert_int_equal(mv_dtranspose(h, 4, 4, (double *)fp, 4, (double *)fp + 64, 4), MV_ERR_NO_DEVICE);
    expect_message(h, "mv_dtranspose", "the handle is bound to no CUDA device");
    assert_int_equal(mv_stranspose_inplace(h, 1, fp, 1), MV_ERR_NO_DEVICE);
    expect_message(h, "mv_stranspose_inplace", "the handle is bound to no CUDA device");
    assert_int_equal(mv_dtranspose_inplace(h, 5, NULL, 5), MV_ERR_INVALID_VALUE);
    expect_message(h, "mv_dtranspose_inplace", "A = NULL");
    assert_int_equal(mv_transpose_variant_run(h, "naive", 0, 4, 4, fp, 4, fp + 64, 4), MV_ERR_NO_DEVICE);
    CHECK_MV(h, mv_destroy(h));
}

static void test_registry_and_lookup_errors(void **state)
{
    mv_handle h = *state;
    assert_true(mv_transpose_variant_count() >= 4);
    assert_string_equal(mv_transpose_variant_at(0)->name, "default");
    assert_non_null(mv_transpose_variant_at(0)->launch_inplace);
    assert_null(mv_transpose_variant_at(mv_transpose_variant_count()));
    assert_null(mv_transpose_variant_find(NULL));
    static const char *const paper[] = {"naive", "shared-tile", "shared-tile-unrolled"};
    for (size_t i = 0; i < 3; ++i)
        assert_non_null(mv_transpose_variant_find(paper[i]));
    for (size_t i = 0; i < mv_transpose_variant_count(); ++i) {
        const mv_transpose_variant *v = mv_transpose_variant_at(i);
        assert_ptr_equal(mv_transpose_variant_find(v->name), v);
        assert_true(v->idea && *v->idea && v->source && *v->source && v->napkin && *v->napkin);
        assert_non_null(v->launch);
        for (size_t j = 0; j < i; ++j)
            assert_string_not_equal(v->name, mv_transpose_variant_at(j)->name);
    }
    float *d = NULL;
    CHECK_CUDA(cudaMalloc((void **)&d, 64 * sizeof(float)));
    assert_int_equal(mv_transpose_variant_run(h, "no-such-kernel", 0, 4, 4, d, 4, d + 32, 4), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h),
                        "mv_transpose_variant_run: variant = \"no-such-kernel\" is not a transpose variant");
    assert_int_equal(mv_transpose_variant_run(h, NULL, 0, 4, 4, d, 4, d + 32, 4), MV_ERR_INVALID_VALUE);
    assert_int_equal(mv_transpose_inplace_variant_run(h, "no-such-kernel", 1, 4, d, 4), MV_ERR_INVALID_VALUE);
    for (size_t i = 0; i < mv_transpose_variant_count(); ++i) {
        const mv_transpose_variant *v = mv_transpose_variant_at(i);
        if (v->launch_inplace)
            continue;
        assert_int_equal(mv_transpose_inplace_variant_run(h, v->name, 0, 4, d, 4), MV_ERR_NOT_SUPPORTED);
        expect_contains(h, "has no in-place form");
    }
    /* The variant entry points validate exactly like the API. */
    assert_int_equal(mv_transpose_variant_run(h, "naive", 0, 4, 4, d, 3, d + 32, 4), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_transpose_variant_run: lda = 3 must be >= max(1, m) = 4");
    assert_int_equal(mv_transpose_variant_run(h, "naive", 0, 4, 4, d, 4, d + 8, 4), MV_ERR_INVALID_VALUE);
    expect_contains(h, "B overlaps A");
    assert_int_equal(mv_transpose_inplace_variant_run(h, "default", 0, 4, d, 3), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_transpose_inplace_variant_run: lda = 3 must be >= max(1, n) = 4");
    CHECK_CUDA(cudaFree(d));
}

/* Stream order on a non-blocking stream: upload, transpose, transpose in
 * place, download, all queued on s, one synchronization at the end. */
static void test_non_default_stream(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(56);
    enum { M = 777, N = 1234, LDB = 1235 };
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK_MV(h, mv_set_stream(h, s));
    float *hA = NULL, *hB = NULL, *hC = NULL, *dA = NULL, *dB = NULL;
    CHECK_CUDA(cudaMallocHost((void **)&hA, sizeof(float) * M * N));
    CHECK_CUDA(cudaMallocHost((void **)&hB, sizeof(float) * LDB * M));
    CHECK_CUDA(cudaMallocHost((void **)&hC, sizeof(float) * M * M));
    CHECK_CUDA(cudaMalloc((void **)&dA, sizeof(float) * M * N));
    CHECK_CUDA(cudaMalloc((void **)&dB, sizeof(float) * LDB * M));
    for (int k = 0; k < M * N; ++k)
        hA[k] = (float)rng_uniform(&r);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemsetAsync(dB, 0xff, sizeof(float) * LDB * M, s));
    CHECK_CUDA(cudaMemcpyAsync(dA, hA, sizeof(float) * M * N, cudaMemcpyHostToDevice, s));
    CHECK_MV(h, mv_stranspose(h, M, N, dA, M, dB, LDB));
    CHECK_CUDA(cudaMemcpyAsync(hB, dB, sizeof(float) * LDB * M, cudaMemcpyDeviceToHost, s));
    /* The leading M x M block of A, in place (lda = M), then back. */
    CHECK_MV(h, mv_stranspose_inplace(h, M, dA, M));
    CHECK_CUDA(cudaMemcpyAsync(hC, dA, sizeof(float) * M * M, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    for (int i = 0; i < M; ++i) {
        for (int j = 0; j < N; ++j)
            if (memcmp(&hB[j + i * LDB], &hA[i + j * M], sizeof(float)) != 0)
                fail_msg("stream: B(%d, %d) = %.9g, want %.9g", j, i, hB[j + i * LDB], hA[i + j * M]);
        if (hB[N + i * LDB] == hB[N + i * LDB])
            fail_msg("stream: padding row of column %d was written", i);
        for (int j = 0; j < M; ++j)
            if (memcmp(&hC[i + j * M], &hA[j + i * M], sizeof(float)) != 0)
                fail_msg("stream in place: A(%d, %d) = %.9g, want %.9g", i, j, hC[i + j * M], hA[j + i * M]);
    }
    CHECK_MV(h, mv_set_stream(h, 0));
    CHECK_CUDA(cudaFreeHost(hA));
    CHECK_CUDA(cudaFreeHost(hB));
    CHECK_CUDA(cudaFreeHost(hC));
    CHECK_CUDA(cudaFree(dA));
    CHECK_CUDA(cudaFree(dB));
    CHECK_CUDA(cudaStreamDestroy(s));
}

/* Captured into a graph (out of place, then in place on the result) and
 * replayed on new contents of A. */
static void test_graph_capture_and_replay(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(57);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        const int64_t m = 301, n = 299, ldb = 300;
        const size_t a_count = (size_t)(m * n), b_count = (size_t)(ldb * m);
        double *A = malloc(a_count * sizeof *A), *B = malloc(b_count * sizeof *B);
        double *want = malloc(b_count * sizeof *want), *out = malloc(b_count * sizeof *out);
        assert_true(A && B && want && out);
        fill_random(&r, dtype, A, a_count);
        fill_nan(B, b_count);
        void *dA = dev_upload(dtype, A, a_count), *dB = dev_upload(dtype, B, b_count);
        cudaStream_t s;
        CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        CHECK_MV(h, mv_set_stream(h, s));
        cudaGraph_t graph;
        cudaGraphExec_t exec;
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        CHECK_MV(h, call_transpose(h, dtype, NULL, m, n, dA, m, dB, ldb));
        /* The leading 299 x 299 block of B (ldb = 300), in place. */
        CHECK_MV(h, call_inplace(h, dtype, NULL, n, dB, ldb));
        CHECK_CUDA(cudaStreamEndCapture(s, &graph));
        CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
        for (int replay = 0; replay < 3; ++replay) {
            fill_random(&r, dtype, A, a_count);
            void *t = dev_upload(dtype, A, a_count);
            CHECK_CUDA(cudaMemcpy(dA, t, a_count * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            dev_free(t);
            t = dev_upload(dtype, B, b_count); /* NaN again */
            CHECK_CUDA(cudaMemcpy(dB, t, b_count * dtype_size(dtype), cudaMemcpyDeviceToDevice));
            dev_free(t);
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaGraphLaunch(exec, s));
            CHECK_CUDA(cudaStreamSynchronize(s));
            /* B = A^T, then its leading n x n block transposed back: B(j, i)
             * = A(j, i) in columns i < n, B(j, i) = A(i, j) in the last two. */
            memcpy(want, B, b_count * sizeof *want);
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < n; ++j)
                    want[j + i * ldb] = i < n ? A[j + i * m] : A[i + j * m];
            dev_download(dtype, dB, out, b_count);
            report_difference("graph replay: B", out, want, b_count, 0, n, m, ldb);
        }
        CHECK_CUDA(cudaGraphExecDestroy(exec));
        CHECK_CUDA(cudaGraphDestroy(graph));
        CHECK_MV(h, mv_set_stream(h, 0));
        CHECK_CUDA(cudaStreamDestroy(s));
        dev_free(dA);
        dev_free(dB);
        free(A);
        free(B);
        free(want);
        free(out);
    }
}

/* A launch that CUDA refuses: while a blocking stream captures, work on the
 * legacy default stream would have to wait for it, which CUDA forbids. The
 * call must say MV_ERR_EXECUTION with CUDA's own error text, write nothing,
 * and the handle must still work afterwards. */
static void test_transpose_failed_launch_reports_cuda_error(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(58);
    double A[12], B[16], out[16];
    fill_random(&r, DT_S, A, 12);
    fill_nan(B, 16);
    void *dA = dev_upload(DT_S, A, 12), *dB = dev_upload(DT_S, B, 16);
    cudaStream_t capturing;
    CHECK_CUDA(cudaStreamCreate(&capturing)); /* blocking: synchronizes with the legacy stream */
    CHECK_MV(h, mv_set_stream(h, 0));

    CHECK_CUDA(cudaStreamBeginCapture(capturing, cudaStreamCaptureModeGlobal));
    const mv_status st = mv_stranspose(h, 3, 4, dA, 3, dB, 4);
    cudaGraph_t graph = NULL;
    (void)cudaStreamEndCapture(capturing, &graph);
    if (graph)
        CHECK_CUDA(cudaGraphDestroy(graph));
    (void)cudaGetLastError();

    assert_int_equal(st, MV_ERR_EXECUTION);
    expect_contains(h, "mv_stranspose: kernel launch failed: ");
    expect_contains(h, "cudaErrorStreamCaptureImplicit");
    CHECK_CUDA(cudaDeviceSynchronize());
    dev_download(DT_S, dB, out, 16);
    assert_true(same_bits(out, B, 16));
    CHECK_MV(h, mv_stranspose(h, 3, 4, dA, 3, dB, 4));
    CHECK_CUDA(cudaDeviceSynchronize());
    dev_download(DT_S, dB, out, 16);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j)
            assert_true(out[j + i * 4] == A[i + j * 3]);
    CHECK_CUDA(cudaStreamDestroy(capturing));
    dev_free(dA);
    dev_free(dB);
}

/* ---------- more than 2^31 elements ---------- */

static int same_word(const float *a, const float *b)
{
    return memcmp(a, b, sizeof(float)) == 0;
}

/* 46341 x 46341 float with lda = ldb = 46343 (8.6 GB a matrix): offsets
 * and element counts beyond 32 bits. Out of place into B, checked in full
 * on the host; then A in place, which must equal B. Small mode runs the
 * same code on 1001 x 1001. */
static void test_more_than_2_31_elements(void **state)
{
    mv_handle h = *state;
    const int64_t n = small_mode() ? 1001 : 46341, ld = n + 2;
    const size_t count = (size_t)(ld * n), bytes = count * sizeof(float);
    if (!small_mode())
        assert_true(n * n > (INT64_C(1) << 31));
    size_t free_bytes = 0, total_bytes = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (free_bytes < 2 * bytes + (1u << 30))
        fail_msg("needs %zu bytes of GPU memory, %zu free", 2 * bytes, free_bytes);
    float *hA = malloc(bytes), *hB = malloc(bytes);
    assert_true(hA && hB);
    rng_t r = rng_make(59);
    for (size_t k = 0; k < count; ++k)
        hA[k] = (float)rng_uniform(&r);
    float *dA = NULL, *dB = NULL;
    CHECK_CUDA(cudaMalloc((void **)&dA, bytes));
    CHECK_CUDA(cudaMalloc((void **)&dB, bytes));
    CHECK_CUDA(cudaMemcpy(dA, hA, bytes, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(dB, 0xff, bytes));
    CHECK_MV(h, mv_stranspose(h, n, n, dA, ld, dB, ld));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(hB, dB, bytes, cudaMemcpyDeviceToHost));
    /* In 64 x 64 blocks, so that both matrices stay in the host's cache. */
    const float poison = hB[n]; /* row n of column 0: padding, never written */
    assert_true(poison != poison);
    for (int64_t i0 = 0; i0 < n; i0 += 64)
        for (int64_t j0 = 0; j0 < n; j0 += 64)
            for (int64_t i = i0; i < n && i < i0 + 64; ++i)
                for (int64_t j = j0; j < n && j < j0 + 64; ++j)
                    if (!same_word(&hB[j + i * ld], &hA[i + j * ld]))
                        fail_msg("B(%lld, %lld) = %.9g, want %.9g", (long long)j, (long long)i, hB[j + i * ld],
                                 hA[i + j * ld]);
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = n; j < ld; ++j)
            if (!same_word(&hB[j + i * ld], &poison))
                fail_msg("B: padding row %lld of column %lld was written", (long long)j, (long long)i);

    CHECK_MV(h, mv_stranspose_inplace(h, n, dA, ld));
    CHECK_CUDA(cudaDeviceSynchronize());
    /* A's padding rows were random and must stay: put them into hB too. */
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = n; j < ld; ++j)
            hB[j + i * ld] = hA[j + i * ld];
    CHECK_CUDA(cudaMemcpy(hA, dA, bytes, cudaMemcpyDeviceToHost));
    for (int64_t j = 0; j < n; ++j)
        if (memcmp(&hA[j * ld], &hB[j * ld], (size_t)ld * sizeof(float)) != 0)
            fail_msg("in place: column %lld differs from the out-of-place result", (long long)j);
    CHECK_CUDA(cudaFree(dA));
    CHECK_CUDA(cudaFree(dB));
    free(hA);
    free(hB);
}

GPU_TEST_MAIN("transpose",
              HANDLE_TEST(test_registry_and_lookup_errors),
              cmocka_unit_test(test_null_and_detached_handles),
              HANDLE_TEST(test_errors_change_nothing),
              HANDLE_TEST(test_adjacent_buffers),
              HANDLE_TEST(test_quick_returns),
              HANDLE_TEST(test_api_shapes),
              HANDLE_TEST(test_every_variant),
              HANDLE_TEST(test_inplace),
              HANDLE_TEST(test_non_default_stream),
              HANDLE_TEST(test_graph_capture_and_replay),
              HANDLE_TEST(test_transpose_failed_launch_reports_cuda_error),
              HANDLE_TEST(test_more_than_2_31_elements))
