/* mv_sgemv_nt / mv_dgemv_nt on the GPU: both products against the double
 * reference (each half as an xGEMV) at odd shapes, leading dimensions,
 * increments and alignments, with and without the splits; the scalar rules
 * per half with NaN where nothing may be read; errors that change nothing;
 * the same bits run after run; graph capture. */
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

#include "gemv/gemv_api.h"
#include "gemv_check.h"
#include "gpu_helpers.h"
#include "reference.h"

typedef struct {
    int dtype;
    int64_t m, n, lda, incx, incy, incw, incz;
    double alpha, beta, gamma, delta;
    int nan_a, nan_x, nan_w; /* inputs that must not be read, as NaN */
    int64_t off_a;           /* A starts this many elements into its buffer (unaligned) */
} nt_case;

#define NT_FMT "%s m=%lld n=%lld lda=%lld incx=%lld incy=%lld incw=%lld incz=%lld alpha=%g beta=%g gamma=%g delta=%g"
#define NT_ARGS(c)                                                                                              \
    dtype_name((c)->dtype), (long long)(c)->m, (long long)(c)->n, (long long)(c)->lda, (long long)(c)->incx,   \
        (long long)(c)->incy, (long long)(c)->incw, (long long)(c)->incz, (c)->alpha, (c)->beta, (c)->gamma,    \
        (c)->delta

/* 1: calls go to the one-pass kernels directly (mv_gemv_nt_run with fused
 * = 1), which the public functions leave for two GEMVs below ~24 MiB of A
 * or with bands far from full; run_nt runs every case both ways. */
static int g_fused;

/* The call through the public API with the handle's pointer mode: host
 * scalars converted to the dtype, or device scalars uploaded. */
static mv_status call_nt(mv_handle h, const nt_case *c, const void *A, const void *x, void *y, const void *w,
                         void *z, int null_scalar)
{
    mv_pointer_mode mode = MV_POINTER_MODE_HOST;
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    const double s[4] = {c->alpha, c->beta, c->gamma, c->delta};
    const float sf[4] = {(float)s[0], (float)s[1], (float)s[2], (float)s[3]};
    void *ds = NULL;
    const char *base;
    if (mode == MV_POINTER_MODE_DEVICE) {
        ds = dev_upload(c->dtype, s, 4);
        base = ds;
    } else {
        base = c->dtype == DT_D ? (const char *)s : (const char *)sf;
    }
    const size_t es = dtype_size(c->dtype);
    const void *p[4];
    for (int i = 0; i < 4; ++i)
        p[i] = i + 1 == null_scalar ? NULL : base + (size_t)i * es;
    mv_status st;
    if (g_fused) /* the one-pass kernels, also where the default takes two GEMVs */
        st = mv_gemv_nt_run(h, c->dtype == DT_D ? MV_DTYPE_D : MV_DTYPE_S, 1, c->m, c->n, p[0], A, c->lda, x,
                            c->incx, p[1], y, c->incy, p[2], w, c->incw, p[3], z, c->incz);
    else if (c->dtype == DT_D)
        st = mv_dgemv_nt(h, c->m, c->n, p[0], A, c->lda, x, c->incx, p[1], y, c->incy, p[2], w, c->incw, p[3], z,
                         c->incz);
    else
        st = mv_sgemv_nt(h, c->m, c->n, p[0], A, c->lda, x, c->incx, p[1], y, c->incy, p[2], w, c->incw, p[3], z,
                         c->incz);
    if (ds) {
        CHECK_CUDA(cudaDeviceSynchronize());
        dev_free(ds);
    }
    return st;
}

/* One output (y: trans 0, z: trans 1) against ref_gemv; elements between a
 * strided output's own must come back bitwise. */
static void check_half(const nt_case *c, int trans, const double *A, const double *v, const double *out_in,
                       const double *out)
{
    const int64_t len = trans ? c->n : c->m, len_in = trans ? c->m : c->n;
    const int64_t inc = trans ? c->incz : c->incy;
    const size_t span = vector_span(len, inc);
    double *want = malloc(span * sizeof *want), *bound = malloc((size_t)len * sizeof *bound);
    assert_true(want && bound);
    memcpy(want, out_in, span * sizeof *want);
    ref_gemv(trans, c->m, c->n, trans ? c->gamma : c->alpha, A, c->lda, v, trans ? c->incw : c->incx,
             trans ? c->delta : c->beta, want, inc, bound);
    const int64_t step = inc < 0 ? -inc : inc;
    for (size_t q = 0; q < span; ++q)
        if (q % (size_t)step != 0 && !same_bits(&out[q], &out_in[q], 1))
            fail_msg(NT_FMT ": %c[%zu], between elements, changed", NT_ARGS(c), trans ? 'z' : 'y', q);
    for (int64_t i = 0; i < len; ++i) {
        const int64_t q = ref_index(i, len, inc);
        const double tol = ref_tolerance(dtype_roundoff(c->dtype), len_in, bound[i]);
        const double err = out[q] - want[q];
        if (!(err <= tol && -err <= tol))
            fail_msg(NT_FMT ": %c element %lld is %.17g, reference %.17g, error %.3g > tolerance %.3g", NT_ARGS(c),
                     trans ? 'z' : 'y', (long long)i, out[q], want[q], err, tol);
    }
    free(want);
    free(bound);
}

static double *host_vector(rng_t *r, int dtype, size_t span, int nan)
{
    double *v = malloc((span ? span : 1) * sizeof *v);
    assert_non_null(v);
    if (nan)
        fill_nan(v, span);
    else
        fill_random(r, dtype, v, span);
    return v;
}

/* Runs c with fresh data (outputs NaN where beta / delta is 0, so a read
 * shows), checks both outputs and that A, x and w come back unchanged;
 * *y_out and *z_out (if given) receive the outputs (the caller frees). */
static void run_nt_keep(mv_handle h, const nt_case *c, rng_t *r, double **y_out, double **z_out)
{
    const size_t sa = (size_t)(c->off_a + c->lda * c->n), sx = vector_span(c->n, c->incx);
    const size_t sy = vector_span(c->m, c->incy), sw = vector_span(c->m, c->incw), sz = vector_span(c->n, c->incz);
    double *A = host_vector(r, c->dtype, sa, c->nan_a), *x = host_vector(r, c->dtype, sx, c->nan_x);
    double *w = host_vector(r, c->dtype, sw, c->nan_w);
    double *y = host_vector(r, c->dtype, sy, c->beta == 0.0), *z = host_vector(r, c->dtype, sz, c->delta == 0.0);
    /* Rows m..lda-1 and the elements before A in its buffer: NaN. A 16-byte
     * load may span them (columns off a 16-byte boundary); their values
     * must never reach y or z. */
    if (!c->nan_a) {
        for (int64_t q = 0; q < c->off_a; ++q)
            A[q] = NAN;
        for (int64_t j = 0; j < c->n; ++j)
            for (int64_t i = c->m; i < c->lda; ++i)
                A[c->off_a + i + j * c->lda] = NAN;
    }
    /* Gaps of strided outputs: NaN, to be found unchanged. */
    for (size_t q = 0; q < sy; ++q)
        if (q % (size_t)llabs(c->incy))
            y[q] = NAN;
    for (size_t q = 0; q < sz; ++q)
        if (q % (size_t)llabs(c->incz))
            z[q] = NAN;
    void *dA = dev_upload(c->dtype, A, sa), *dx = dev_upload(c->dtype, x, sx), *dw = dev_upload(c->dtype, w, sw);
    void *dy = dev_upload(c->dtype, y, sy), *dz = dev_upload(c->dtype, z, sz);
    const size_t es = dtype_size(c->dtype);
    CHECK_CUDA(cudaDeviceSynchronize());
    const mv_status st = call_nt(h, c, (const char *)dA + (size_t)c->off_a * es, dx, dy, dw, dz, 0);
    if (st != MV_SUCCESS)
        fail_msg(NT_FMT ": returned %s: %s", NT_ARGS(c), mv_status_string(st), mv_last_error(h));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaGetLastError());
    double *oy = malloc(sy * sizeof *oy), *oz = malloc(sz * sizeof *oz), *back = malloc(sa * sizeof *back);
    assert_true(oy && oz && back);
    dev_download(c->dtype, dy, oy, sy);
    dev_download(c->dtype, dz, oz, sz);
    check_half(c, 0, A + c->off_a, x, y, oy);
    check_half(c, 1, A + c->off_a, w, z, oz);
    dev_download(c->dtype, dA, back, sa);
    if (!same_bits(back, A, sa))
        fail_msg(NT_FMT ": A was modified", NT_ARGS(c));
    dev_download(c->dtype, dx, back, sx);
    if (!same_bits(back, x, sx))
        fail_msg(NT_FMT ": x was modified", NT_ARGS(c));
    dev_download(c->dtype, dw, back, sw);
    if (!same_bits(back, w, sw))
        fail_msg(NT_FMT ": w was modified", NT_ARGS(c));
    if (y_out)
        *y_out = oy;
    else
        free(oy);
    if (z_out)
        *z_out = oz;
    else
        free(oz);
    free(back);
    dev_free(dA);
    dev_free(dx);
    dev_free(dw);
    dev_free(dy);
    dev_free(dz);
    free(A);
    free(x);
    free(w);
    free(y);
    free(z);
}

static void run_nt(mv_handle h, nt_case c, rng_t *r)
{
    if (!c.lda)
        c.lda = c.m > 1 ? c.m : 1;
    for (g_fused = 0; g_fused < 2; ++g_fused)
        run_nt_keep(h, &c, r, NULL, NULL);
    g_fused = 0;
}

/* Shapes: one band and one column range, bands (z's partial sums), column
 * ranges (y's), both; aligned bands of one, two, four and eight warps of
 * rows (32 lanes of 16 bytes each: float m of 120, 200, 400, 1000; double m
 * of 60, 120, 200, 400), the others side by side along the columns; bands
 * halved to be 3/4 full (float m = 300: one warp, 1100: two; double 300:
 * two); odd sizes elsewhere. */
static void test_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(60);
    static const int64_t shapes[][2] = {{1, 1},    {7, 3},     {33, 65},   {1000, 3},  {3, 1000},  {1025, 257},
                                        {4099, 37}, {37, 4099}, {2049, 1023}, {50001, 7}, {9, 70001}, {3001, 3001},
                                        {97, 1234}, {200, 301}, {400, 999}, {201, 20011}, {300, 5001},
                                        {1100, 777}, {60, 3001}, {120, 2001}};
    static const double scal[][4] = {{1.0, 0.0, 1.0, 0.0}, {1.5, 0.5, -0.75, 2.0}, {-1.0, 1.0, 0.25, -1.0}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
        const int64_t m = shapes[s][0], n = shapes[s][1];
        if (small_mode() && m * n > 300000)
            continue;
        for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
            const double *k = scal[(s + (size_t)dtype) % 3];
            run_nt(h, (nt_case){dtype, m, n, 0, 1, 1, 1, 1, k[0], k[1], k[2], k[3], 0, 0, 0, 0}, &r);
        }
    }
}

/* Odd lda (an aligned pair of elements a lane: bands of 62 rows a warp,
 * less one lane's, here of one, two, four and eight warps), A off a 16-byte
 * boundary, strided and negative increments on every vector. */
static void test_strides_and_alignment(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(61);
    static const int64_t shapes[][2] = {{131, 67}, {2051, 45}, {45, 2051}, {29, 1333}, {100, 777}, {3001, 3001}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
        for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
            const int64_t m = shapes[s][0], n = shapes[s][1];
            run_nt(h, (nt_case){dtype, m, n, m + 3, 2, -3, -1, 5, 1.25, -0.5, 0.5, 1.5, 0, 0, 0, 0}, &r);
            run_nt(h, (nt_case){dtype, m, n, m + 5, -1, 1, 3, -2, -1.0, 0.0, 2.0, 0.0, 0, 0, 0, 1}, &r);
            run_nt(h, (nt_case){dtype, m, n, (m + 4) / 4 * 4, 1, 2, 1, 1, 1.0, 0.25, 1.0, 0.0, 0, 0, 0, 2}, &r);
        }
}

/* Columns off a 16-byte boundary (every lda mod 4 and A offset by 0-3
 * elements): each lane reads the aligned pair of elements around its two
 * rows and keeps y's sums per position of the column in its quad. m at both
 * sides of a band's rows for one to eight warps (31 * 2 = 62, 126, 254, 510
 * rows: the band's last lane only completes the rows before it), m whose
 * bands are halved to fill them (300, 1098), a last column whose pair
 * reaches past A's end; odd n, strided vectors. */
static void test_shifted_columns(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(67);
    static const int64_t ms[] = {3, 61, 62, 63, 125, 127, 253, 255, 300, 509, 511, 1021, 1098};
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; ++i) {
        const int64_t m = ms[i], n = 37 + 50 * (int64_t)i;
        if (small_mode() && i % 3)
            continue;
        for (int k = 0; k < 3; ++k) {
            const int64_t pad = (int64_t)(i + (size_t)k) % 4, off = (int64_t)(i + 3 * (size_t)k + 1) % 4;
            for (int dtype = DT_S; dtype <= DT_D; ++dtype)
                run_nt(h, (nt_case){dtype, m, n, m + pad, k == 1 ? 2 : 1, 1, k == 2 ? -1 : 1, 1, 1.5, k ? 0.5 : 0.0,
                                    -0.75, k == 2 ? 0.0 : 2.0, 0, 0, 0, off},
                       &r);
        }
    }
}

/* Per half: alpha = 0 reads no x (NaN there), gamma = 0 no w, both no A;
 * beta / delta = 0 read no output (NaN there, run_nt_keep poisons); in
 * both pointer modes. */
static void test_scalar_rules(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(62);
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
            run_nt(h, (nt_case){dtype, 517, 301, 0, 1, 1, 1, 1, 0.0, 2.0, 1.5, 0.0, 0, 1, 0, 0}, &r);
            run_nt(h, (nt_case){dtype, 517, 301, 0, 1, 1, 1, 1, 1.5, 0.0, 0.0, -2.0, 0, 0, 1, 0}, &r);
            run_nt(h, (nt_case){dtype, 517, 301, 0, 1, 1, 1, 1, 0.0, 0.5, 0.0, 0.0, 1, 1, 1, 0}, &r);
            run_nt(h, (nt_case){dtype, 5001, 33, 0, 1, 1, 1, 1, 0.0, 1.0, 1.0, 0.0, 0, 1, 0, 0}, &r);
            run_nt(h, (nt_case){dtype, 33, 5001, 0, 1, 1, 1, 1, 1.0, 0.0, 0.0, 1.0, 0, 0, 1, 0}, &r);
        }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* Random A (m x n, lda = m), x, w, y, z on the host and their device
 * copies, for the tests that run one fixed shape. */
typedef struct {
    int dtype;
    int64_t m, n;
    double *A, *x, *w, *y, *z;
    void *dA, *dx, *dw, *dy, *dz;
} nt_data;

static nt_data nt_data_make(rng_t *r, int dtype, int64_t m, int64_t n)
{
    nt_data d = {dtype, m, n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    double **host[5] = {&d.A, &d.x, &d.w, &d.y, &d.z};
    void **dev[5] = {&d.dA, &d.dx, &d.dw, &d.dy, &d.dz};
    const size_t count[5] = {(size_t)(m * n), (size_t)n, (size_t)m, (size_t)m, (size_t)n};
    for (int i = 0; i < 5; ++i) {
        *host[i] = malloc(count[i] * sizeof(double));
        assert_non_null(*host[i]);
        fill_random(r, dtype, *host[i], count[i]);
        *dev[i] = dev_upload(dtype, *host[i], count[i]);
    }
    CHECK_CUDA(cudaDeviceSynchronize());
    return d;
}

static void nt_data_free(nt_data *d)
{
    double *host[5] = {d->A, d->x, d->w, d->y, d->z};
    void *dev[5] = {d->dA, d->dx, d->dw, d->dy, d->dz};
    for (int i = 0; i < 5; ++i) {
        free(host[i]);
        dev_free(dev[i]);
    }
}

/* A half with alpha = 0 and beta = 1 leaves its output bitwise alone (the
 * other half runs); m = 0 or n = 0 leaves both. */
static void test_quick_returns(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(63);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int mode = 0; mode < 2; ++mode) {
            CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
            enum { M = 300, N = 200 };
            double oy[M], oz[N];
            nt_data d = nt_data_make(&r, dtype, M, N);
            nt_case c = {dtype, M, N, M, 1, 1, 1, 1, 0.0, 1.0, 2.0, 0.5, 0, 0, 0, 0};
            CHECK_MV(h, call_nt(h, &c, d.dA, d.dx, d.dy, d.dw, d.dz, 0));
            CHECK_CUDA(cudaDeviceSynchronize());
            dev_download(dtype, d.dy, oy, M);
            assert_true(same_bits(oy, d.y, M));
            c.m = 0;
            dev_download(dtype, d.dz, d.z, N); /* z as the first call left it */
            CHECK_MV(h, call_nt(h, &c, d.dA, d.dx, d.dy, d.dw, d.dz, 0));
            c.m = M;
            c.n = 0;
            CHECK_MV(h, call_nt(h, &c, d.dA, d.dx, d.dy, d.dw, d.dz, 0));
            CHECK_CUDA(cudaDeviceSynchronize());
            dev_download(dtype, d.dz, oz, N);
            assert_true(same_bits(oz, d.z, N));
            nt_data_free(&d);
        }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* Bad arguments: the status, the message naming the argument, and the
 * outputs untouched. */
static void test_errors_change_nothing(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(64);
    enum { M = 40, N = 30 };
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        const char *fn = dtype == DT_D ? "mv_dgemv_nt" : "mv_sgemv_nt";
        double buf[M * N + 4 * M], y[M], z[N], o[M];
        fill_random(&r, dtype, buf, M * N + 4 * M);
        fill_random(&r, dtype, y, M);
        fill_random(&r, dtype, z, N);
        void *dbuf = dev_upload(dtype, buf, M * N + 4 * M), *dy = dev_upload(dtype, y, M), *dz = dev_upload(dtype, z, N);
        const size_t es = dtype_size(dtype);
        char *A = dbuf, *x = A + (size_t)(M * N) * es, *w = x + (size_t)M * es;
        CHECK_CUDA(cudaDeviceSynchronize());
        const nt_case ok = {dtype, M, N, M, 1, 1, 1, 1, 1.0, 0.0, 1.0, 0.0, 0, 0, 0, 0};
        nt_case bad_m = ok, bad_lda = ok, bad_incw = ok, bad_incz = ok;
        bad_m.m = -1;
        bad_lda.lda = M - 1;
        bad_incw.incw = 0;
        bad_incz.incz = 0;
        /* Each call: its arguments and the start of the message after "fn: ". */
        const struct {
            const nt_case *c;
            const void *x, *w;
            void *y, *z;
            int null_scalar;
            const char *msg;
        } calls[] = {
            {&bad_m, x, w, dy, dz, 0, "m = -1 must be >= 0"},
            {&bad_lda, x, w, dy, dz, 0, "lda = 39 must be >= max(1, m) = 40"},
            {&bad_incw, x, w, dy, dz, 0, "incw = 0 must not be 0"},
            {&bad_incz, x, w, dy, dz, 0, "incz = 0 must not be 0"},
            {&ok, x, NULL, dy, dz, 0, "w = NULL"},
            {&ok, x, w, dy, NULL, 0, "z = NULL"},
            {&ok, x, w, dy, dz, 3, "gamma = NULL"},
            {&ok, x, w, dy, dz, 4, "delta = NULL"},
            {&ok, x, w, dy, (char *)dy + es, 0, "y and z overlap"},
            {&ok, x, w, dy, A + 5 * es, 0, "z overlaps A"},
            {&ok, x, w + es, (void *)w, dz, 0, "y overlaps w"},
        };
        for (size_t i = 0; i < sizeof calls / sizeof calls[0]; ++i) {
            assert_int_equal(call_nt(h, calls[i].c, A, calls[i].x, calls[i].y, calls[i].w, calls[i].z,
                                     calls[i].null_scalar),
                             MV_ERR_INVALID_VALUE);
            char want[160];
            snprintf(want, sizeof want, "%s: %s", fn, calls[i].msg);
            if (strncmp(mv_last_error(h), want, strlen(want)) != 0)
                fail_msg("call %zu: message \"%s\", expected it to start with \"%s\"", i, mv_last_error(h), want);
        }
        CHECK_CUDA(cudaDeviceSynchronize());
        dev_download(dtype, dy, o, M);
        assert_true(same_bits(o, y, M));
        dev_download(dtype, dz, o, N);
        assert_true(same_bits(o, z, N));
        dev_free(dbuf);
        dev_free(dy);
        dev_free(dz);
    }
}

/* The same inputs give the same bits, with the splits of both halves (the
 * one-pass kernels, g_fused: these sizes go to two GEMVs by default). */
static void test_repeatable(void **state)
{
    mv_handle h = *state;
    g_fused = 1;
    const int64_t shapes[][2] = {{small_mode() ? 3001 : 60001, 9}, {11, small_mode() ? 3001 : 50001}};
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int s = 0; s < 2; ++s) {
            double *y0 = NULL, *z0 = NULL;
            for (int run = 0; run < 3; ++run) {
                rng_t r = rng_make(65);
                nt_case c = {dtype, shapes[s][0], shapes[s][1], shapes[s][0], 1, 1, 1, 1, 1.0, 0.5, -1.0, 0.5,
                             0, 0, 0, 0};
                double *y1, *z1;
                run_nt_keep(h, &c, &r, &y1, &z1);
                if (!y0) {
                    y0 = y1;
                    z0 = z1;
                    continue;
                }
                if (!same_bits(y0, y1, (size_t)c.m) || !same_bits(z0, z1, (size_t)c.n))
                    fail_msg("%s m=%lld n=%lld: run %d differs from run 0", dtype_name(dtype), (long long)c.m,
                             (long long)c.n, run);
                free(y1);
                free(z1);
            }
            free(y0);
            free(z0);
        }
    g_fused = 0;
}

/* Captured into a graph on the handle's stream and replayed twice: the
 * replay computes what a direct call does; through the public function (two
 * GEMVs at this size) and through the one-pass kernels (g_fused: the pass,
 * a programmatic dependent launch, then the finish of both halves' partial
 * sums). */
static void test_graph_capture(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(66);
    enum { M = 3001, N = 1003 };
    for (int run = 0; run < 4; ++run) {
        const int dtype = run % 2 ? DT_D : DT_S;
        g_fused = run / 2;
        double oy[M], oz[N], ry[M], rz[N];
        nt_data d = nt_data_make(&r, dtype, M, N);
        cudaStream_t s;
        CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        CHECK_MV(h, mv_set_stream(h, s));
        const nt_case c = {dtype, M, N, M, 1, 1, 1, 1, 1.0, 0.0, 2.0, 0.0, 0, 0, 0, 0};
        CHECK_MV(h, call_nt(h, &c, d.dA, d.dx, d.dy, d.dw, d.dz, 0));
        CHECK_CUDA(cudaStreamSynchronize(s));
        dev_download(dtype, d.dy, ry, M);
        dev_download(dtype, d.dz, rz, N);
        CHECK_CUDA(cudaMemset(d.dy, 0, (size_t)M * dtype_size(dtype)));
        CHECK_CUDA(cudaMemset(d.dz, 0, (size_t)N * dtype_size(dtype)));
        CHECK_CUDA(cudaDeviceSynchronize());
        cudaGraph_t g;
        cudaGraphExec_t ge;
        CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        CHECK_MV(h, call_nt(h, &c, d.dA, d.dx, d.dy, d.dw, d.dz, 0));
        CHECK_CUDA(cudaStreamEndCapture(s, &g));
        CHECK_CUDA(cudaGraphInstantiate(&ge, g, 0));
        for (int k = 0; k < 2; ++k)
            CHECK_CUDA(cudaGraphLaunch(ge, s));
        CHECK_CUDA(cudaStreamSynchronize(s));
        dev_download(dtype, d.dy, oy, M);
        dev_download(dtype, d.dz, oz, N);
        assert_true(same_bits(oy, ry, M));
        assert_true(same_bits(oz, rz, N));
        CHECK_CUDA(cudaGraphExecDestroy(ge));
        CHECK_CUDA(cudaGraphDestroy(g));
        CHECK_MV(h, mv_set_stream(h, 0));
        CHECK_CUDA(cudaStreamDestroy(s));
        nt_data_free(&d);
    }
    g_fused = 0;
}

GPU_TEST_MAIN("gemv_nt",
              HANDLE_TEST(test_shapes),
              HANDLE_TEST(test_strides_and_alignment),
              HANDLE_TEST(test_shifted_columns),
              HANDLE_TEST(test_scalar_rules),
              HANDLE_TEST(test_quick_returns),
              HANDLE_TEST(test_errors_change_nothing),
              HANDLE_TEST(test_repeatable),
              HANDLE_TEST(test_graph_capture))
