/* A random sequence of small mixed calls, for the load tests (test_threads,
 * test_soak): mv_?gemv of both ops (a tenth with long reductions that the
 * default path splits through the handle's workspace), mv_?gemv_nt,
 * mv_?gemv_strided_batched (shared, overlapping and negative strides),
 * mv_?transpose(_inplace) and mv_?gemm (small ones on matvec's kernels,
 * some large enough for cuBLAS), odd shapes, leading dimensions and
 * increments, random scalars (zeros and ones among them), a quarter in
 * device pointer mode.
 *
 * Every call reads a read-only input pool and writes a slot of its own in
 * an output buffer, so that a sequence's outputs are all there at its end.
 * The initial image of the outputs holds NaN wherever a call must not
 * leave a value of its own (beta = 0 outputs, gaps between strided
 * elements, padding rows) and random values where the call reads them.
 *
 * Header-only (static functions): each test program that includes it is
 * one translation unit, and needs no change to the test support library.
 * Include after <cmocka.h>. mix_issue and mix_run are safe in any host
 * thread (no cmocka, no allocation); the rest belongs to the main thread. */
#ifndef MATVEC_MIXED_CALLS_H
#define MATVEC_MIXED_CALLS_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm_ref.h"
#include "gpu_helpers.h"
#include "reference.h"

/* Input elements per dtype: enough for the largest operand drawn below. */
#define MIX_POOL ((int64_t)1 << 17)

enum { MIX_GEMV, MIX_NT, MIX_BATCHED, MIX_TRANSPOSE, MIX_INPLACE, MIX_GEMM };
static const char *const mix_kind_names[] = {"gemv", "gemv_nt", "gemv_strided_batched", "transpose",
                                             "transpose_inplace", "gemm"};

typedef struct {
    int kind, dtype, op, opb, device_mode;
    int64_t m, n, k, lda, ldb, ldc;
    int64_t inc[4];             /* x, y (gemv_nt: and w, z) */
    int64_t sa, sx, sy, batch;  /* strided batched */
    double s[4];                /* alpha, beta (gemv_nt: and gamma, delta), exact in dtype */
    int64_t in[3];              /* elements into the dtype's pool: A, x (gemm: B), w */
    size_t out;                 /* bytes into the output buffer: the call's slot */
    size_t scal;                /* bytes into the scalar buffer (device pointer mode) */
} mix_call;

typedef struct {
    int ncalls;
    mix_call *calls;           /* in order of their slots */
    double *pool[2];           /* host copy of the inputs: MIX_POOL values of each dtype */
    void *d_pool[2];
    unsigned char *image;      /* the outputs' initial bytes */
    size_t out_bytes;
    unsigned char *scal;       /* the device-mode scalars' bytes */
    size_t scal_bytes;
    void *d_scal;
} mix_work;

static size_t mix_span(int64_t len, int64_t inc)
{
    return (size_t)((len - 1) * (inc < 0 ? -inc : inc) + 1);
}

static int64_t mix_len_x(const mix_call *c) { return c->op ? c->m : c->n; }
static int64_t mix_len_y(const mix_call *c) { return c->op ? c->n : c->m; }

/* Where problem b's y starts in the slot of a strided batch. */
static size_t mix_batch_y(const mix_call *c, int64_t b)
{
    const int64_t step = c->sy < 0 ? -c->sy : c->sy;
    return (size_t)((c->sy < 0 ? c->batch - 1 - b : b) * step);
}

/* Elements of the call's output slot. */
static size_t mix_slot_len(const mix_call *c)
{
    switch (c->kind) {
    case MIX_GEMV: return mix_span(mix_len_y(c), c->inc[1]);
    case MIX_NT: return mix_span(c->m, c->inc[1]) + mix_span(c->n, c->inc[3]);
    case MIX_BATCHED:
        return (size_t)((c->batch - 1) * (c->sy < 0 ? -c->sy : c->sy)) + mix_span(mix_len_y(c), c->inc[1]);
    case MIX_TRANSPOSE: return (size_t)(c->ldb * (c->m - 1) + c->n);
    case MIX_INPLACE: return (size_t)(c->lda * (c->n - 1) + c->n);
    default: return (size_t)(c->ldc * (c->n - 1) + c->m);
    }
}

static void mix_describe(const mix_call *c, char *buf, size_t len)
{
    snprintf(buf, len,
             "%s %s%s op=%c%c m=%lld n=%lld k=%lld lda=%lld ldb=%lld ldc=%lld inc=%lld,%lld,%lld,%lld "
             "strides=%lld,%lld,%lld batch=%lld scalars=%g,%g,%g,%g",
             dtype_name(c->dtype), mix_kind_names[c->kind], c->device_mode ? " (device scalars)" : "",
             c->op ? 'T' : 'N', c->opb ? 'T' : 'N', (long long)c->m, (long long)c->n, (long long)c->k,
             (long long)c->lda, (long long)c->ldb, (long long)c->ldc, (long long)c->inc[0], (long long)c->inc[1],
             (long long)c->inc[2], (long long)c->inc[3], (long long)c->sa, (long long)c->sx, (long long)c->sy,
             (long long)c->batch, c->s[0], c->s[1], c->s[2], c->s[3]);
}

static double mix_get(int dtype, const unsigned char *p, size_t i)
{
    if (dtype == DT_D) {
        double v;
        memcpy(&v, p + i * sizeof v, sizeof v);
        return v;
    }
    float f;
    memcpy(&f, p + i * sizeof f, sizeof f);
    return (double)f;
}

static void mix_set(int dtype, unsigned char *p, size_t i, double v)
{
    if (dtype == DT_D) {
        memcpy(p + i * sizeof v, &v, sizeof v);
    } else {
        const float f = (float)v;
        memcpy(p + i * sizeof f, &f, sizeof f);
    }
}

/* The slot's elements a call writes: 1 where the call must not read the
 * old value (beta = 0, or no beta), 2 where it reads it; 0 elsewhere
 * (gaps, padding rows), which must keep their bits. */
static void mix_mark_vector(unsigned char *mark, int64_t len, int64_t inc, unsigned char v)
{
    for (int64_t i = 0; i < len; ++i)
        mark[ref_index(i, len, inc)] = v;
}

static void mix_marks(const mix_call *c, unsigned char *mark)
{
    const unsigned char y = c->s[1] != 0.0 ? 2 : 1;
    switch (c->kind) {
    case MIX_GEMV: mix_mark_vector(mark, mix_len_y(c), c->inc[1], y); break;
    case MIX_NT:
        mix_mark_vector(mark, c->m, c->inc[1], y);
        mix_mark_vector(mark + mix_span(c->m, c->inc[1]), c->n, c->inc[3], c->s[3] != 0.0 ? 2 : 1);
        break;
    case MIX_BATCHED:
        for (int64_t b = 0; b < c->batch; ++b)
            mix_mark_vector(mark + mix_batch_y(c, b), mix_len_y(c), c->inc[1], y);
        break;
    case MIX_TRANSPOSE:
        for (int64_t i = 0; i < c->m; ++i)
            mix_mark_vector(mark + i * c->ldb, c->n, 1, 1);
        break;
    case MIX_INPLACE: mix_mark_vector(mark, (int64_t)mix_slot_len(c), 1, 2); break;
    default:
        for (int64_t j = 0; j < c->n; ++j)
            mix_mark_vector(mark + j * c->ldc, c->m, 1, y);
    }
}

/* ---- generation ------------------------------------------------------------ */

static int64_t mix_pick(rng_t *r, const int64_t *values, int count)
{
    return values[rng_range(r, 0, count - 1)];
}

static int64_t mix_inc(rng_t *r)
{
    static const int64_t incs[] = {1, 1, 1, 2, 3, -1, -2};
    return mix_pick(r, incs, (int)(sizeof incs / sizeof incs[0]));
}

/* A scalar exact in dtype: 0 one time in zero_in, 1 one time in one_in
 * (0: never), else in [-2, 2). */
static double mix_scalar(rng_t *r, int dtype, int zero_in, int one_in)
{
    if (zero_in && rng_range(r, 1, zero_in) == 1)
        return 0.0;
    if (one_in && rng_range(r, 1, one_in) == 1)
        return 1.0;
    const double v = 2.0 * rng_uniform(r);
    return dtype == DT_S ? (double)(float)v : v;
}

/* An offset into the pool for an operand of need elements. */
static int64_t mix_place(rng_t *r, int64_t need)
{
    assert_true(need <= MIX_POOL);
    return rng_range(r, 0, MIX_POOL - need);
}

static int64_t mix_matrix(int64_t rows, int64_t cols, int64_t ld)
{
    return ld * (cols - 1) + rows;
}

static void mix_draw(rng_t *r, mix_call *c)
{
    memset(c, 0, sizeof *c);
    const int64_t roll = rng_range(r, 0, 99);
    c->kind = roll < 35 ? MIX_GEMV : roll < 50 ? MIX_NT : roll < 65 ? MIX_BATCHED : roll < 75 ? MIX_TRANSPOSE
              : roll < 80 ? MIX_INPLACE : MIX_GEMM;
    c->dtype = (int)rng_range(r, DT_S, DT_D);
    c->op = (int)rng_range(r, 0, 1);
    c->opb = (int)rng_range(r, 0, 1);
    c->device_mode = rng_range(r, 0, 3) == 0;
    c->s[0] = mix_scalar(r, c->dtype, 16, 0);
    c->s[1] = mix_scalar(r, c->dtype, 4, 8);
    c->s[2] = mix_scalar(r, c->dtype, 16, 0);
    c->s[3] = mix_scalar(r, c->dtype, 4, 8);
    for (int i = 0; i < 4; ++i)
        c->inc[i] = mix_inc(r);
    c->m = rng_range(r, 1, 70);
    c->n = rng_range(r, 1, 70);
    c->lda = c->m + rng_range(r, 0, 3);
    switch (c->kind) {
    case MIX_GEMV:
        if (rng_range(r, 0, 9) == 0) { /* a long reduction into a few outputs */
            const int64_t len = rng_range(r, 1000, 6000), outs = rng_range(r, 1, 8);
            c->m = c->op ? len : outs;
            c->n = c->op ? outs : len;
            c->lda = c->m + rng_range(r, 0, 3);
        }
        c->in[0] = mix_place(r, mix_matrix(c->m, c->n, c->lda));
        c->in[1] = mix_place(r, (int64_t)mix_span(mix_len_x(c), c->inc[0]));
        break;
    case MIX_NT:
        c->in[0] = mix_place(r, mix_matrix(c->m, c->n, c->lda));
        c->in[1] = mix_place(r, (int64_t)mix_span(c->n, c->inc[0]));
        c->in[2] = mix_place(r, (int64_t)mix_span(c->m, c->inc[2]));
        break;
    case MIX_BATCHED: {
        c->m = rng_range(r, 1, 40);
        c->n = rng_range(r, 1, 40);
        c->lda = c->m + rng_range(r, 0, 3);
        c->batch = rng_range(r, 1, 6);
        const int64_t size_a = mix_matrix(c->m, c->n, c->lda), span_x = (int64_t)mix_span(mix_len_x(c), c->inc[0]);
        const int64_t span_y = (int64_t)mix_span(mix_len_y(c), c->inc[1]);
        /* Inputs shared (0) or overlapping or apart; outputs apart, either way round. */
        c->sa = rng_range(r, 0, 3) == 0 ? 0 : rng_range(r, 1, size_a + 5);
        c->sx = rng_range(r, 0, 3) == 0 ? 0 : rng_range(r, 1, span_x + 3);
        c->sy = (span_y + rng_range(r, 0, 3)) * (c->batch > 1 && rng_range(r, 0, 2) == 0 ? -1 : 1);
        c->in[0] = mix_place(r, (c->batch - 1) * c->sa + size_a);
        c->in[1] = mix_place(r, (c->batch - 1) * c->sx + span_x);
        break;
    }
    case MIX_TRANSPOSE:
        c->m = rng_range(r, 1, 32);
        c->n = rng_range(r, 1, 32);
        c->lda = c->m + rng_range(r, 0, 3);
        c->ldb = c->n + rng_range(r, 0, 3);
        c->in[0] = mix_place(r, mix_matrix(c->m, c->n, c->lda));
        break;
    case MIX_INPLACE:
        c->n = rng_range(r, 1, 32);
        c->lda = c->n + rng_range(r, 0, 3);
        break;
    default: {
        /* One in ten large enough (m, n > 32) for cuBLAS in host mode. */
        const int big = rng_range(r, 0, 9) == 0;
        c->m = big ? rng_range(r, 33, 48) : rng_range(r, 1, 24);
        c->n = big ? rng_range(r, 33, 48) : rng_range(r, 1, 24);
        c->k = big ? rng_range(r, 1, 64) : rng_range(r, 1, 24);
        const int64_t ra = c->op ? c->k : c->m, ca = c->op ? c->m : c->k;
        const int64_t rb = c->opb ? c->n : c->k, cb = c->opb ? c->k : c->n;
        c->lda = ra + rng_range(r, 0, 2);
        c->ldb = rb + rng_range(r, 0, 2);
        c->ldc = c->m + rng_range(r, 0, 2);
        c->in[0] = mix_place(r, mix_matrix(ra, ca, c->lda));
        c->in[1] = mix_place(r, mix_matrix(rb, cb, c->ldb));
    }
    }
}

/* Draws ncalls calls and their data from r: the input pools, the outputs'
 * initial image and the device-mode scalars (host memory only). */
static void mix_make(mix_work *w, rng_t *r, int ncalls)
{
    memset(w, 0, sizeof *w);
    w->ncalls = ncalls;
    w->calls = malloc((size_t)ncalls * sizeof *w->calls);
    assert_non_null(w->calls);
    for (int i = 0; i < ncalls; ++i) {
        mix_call *c = &w->calls[i];
        mix_draw(r, c);
        const size_t es = dtype_size(c->dtype);
        c->out = (w->out_bytes + es - 1) / es * es;
        w->out_bytes = c->out + mix_slot_len(c) * es;
        if (c->device_mode) {
            c->scal = (w->scal_bytes + es - 1) / es * es;
            w->scal_bytes = c->scal + 4 * es;
        }
    }
    w->image = calloc(w->out_bytes, 1);
    w->scal = calloc(w->scal_bytes ? w->scal_bytes : 1, 1);
    assert_true(w->image && w->scal);
    for (int d = DT_S; d <= DT_D; ++d) {
        w->pool[d] = malloc((size_t)MIX_POOL * sizeof(double));
        assert_non_null(w->pool[d]);
        fill_random(r, d, w->pool[d], (size_t)MIX_POOL);
    }
    for (int i = 0; i < ncalls; ++i) {
        const mix_call *c = &w->calls[i];
        const size_t len = mix_slot_len(c);
        unsigned char *mark = calloc(len, 1);
        assert_non_null(mark);
        mix_marks(c, mark);
        for (size_t p = 0; p < len; ++p) {
            double v = (double)NAN;
            if (mark[p] == 2)
                fill_random(r, c->dtype, &v, 1);
            mix_set(c->dtype, w->image + c->out, p, v);
        }
        free(mark);
        if (c->device_mode)
            for (size_t s = 0; s < 4; ++s)
                mix_set(c->dtype, w->scal + c->scal, s, c->s[s]);
    }
}

/* The input pools and scalars on the device. */
static void mix_upload(mix_work *w)
{
    for (int d = DT_S; d <= DT_D; ++d)
        w->d_pool[d] = dev_upload(d, w->pool[d], (size_t)MIX_POOL);
    CHECK_CUDA(cudaMalloc(&w->d_scal, w->scal_bytes ? w->scal_bytes : 1));
    CHECK_CUDA(cudaMemcpy(w->d_scal, w->scal, w->scal_bytes, cudaMemcpyHostToDevice));
}

static void mix_free(mix_work *w)
{
    for (int d = DT_S; d <= DT_D; ++d) {
        if (w->d_pool[d])
            dev_free(w->d_pool[d]);
        free(w->pool[d]);
    }
    if (w->d_scal)
        dev_free(w->d_scal);
    free(w->calls);
    free(w->image);
    free(w->scal);
    memset(w, 0, sizeof *w);
}

/* ---- running ----------------------------------------------------------------- */

/* Issues one call on h (its stream as it is set), writing into d_out. */
static mv_status mix_issue(mv_handle h, const mix_work *w, const mix_call *c, void *d_out)
{
    const size_t es = dtype_size(c->dtype);
    const int d = c->dtype == DT_D;
    const char *pool = w->d_pool[c->dtype];
    const void *A = pool + c->in[0] * (int64_t)es, *X = pool + c->in[1] * (int64_t)es,
               *W = pool + c->in[2] * (int64_t)es;
    void *Y = (char *)d_out + c->out;
    float sf[4];
    for (int i = 0; i < 4; ++i)
        sf[i] = (float)c->s[i];
    const char *s = c->device_mode ? (const char *)w->d_scal + c->scal
                    : d ? (const char *)c->s : (const char *)sf;
    const void *s0 = s, *s1 = s + es, *s2 = s + 2 * es, *s3 = s + 3 * es;
    const mv_status st = mv_set_pointer_mode(h, c->device_mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST);
    if (st != MV_SUCCESS)
        return st;
    const mv_operation op = c->op ? MV_OP_T : MV_OP_N, opb = c->opb ? MV_OP_T : MV_OP_N;
    /* The pointers are void *: the same arguments serve both types. */
#define MIX_CALL(name, ...) (d ? mv_d##name(__VA_ARGS__) : mv_s##name(__VA_ARGS__))
    switch (c->kind) {
    case MIX_GEMV: return MIX_CALL(gemv, h, op, c->m, c->n, s0, A, c->lda, X, c->inc[0], s1, Y, c->inc[1]);
    case MIX_NT: {
        void *Z = (char *)Y + mix_span(c->m, c->inc[1]) * es;
        return MIX_CALL(gemv_nt, h, c->m, c->n, s0, A, c->lda, X, c->inc[0], s1, Y, c->inc[1], s2, W, c->inc[2],
                        s3, Z, c->inc[3]);
    }
    case MIX_BATCHED: {
        void *Y0 = (char *)Y + mix_batch_y(c, 0) * es;
        return MIX_CALL(gemv_strided_batched, h, op, c->m, c->n, s0, A, c->lda, c->sa, X, c->inc[0], c->sx, s1, Y0,
                        c->inc[1], c->sy, c->batch);
    }
    case MIX_TRANSPOSE: return MIX_CALL(transpose, h, c->m, c->n, A, c->lda, Y, c->ldb);
    case MIX_INPLACE: return MIX_CALL(transpose_inplace, h, c->n, Y, c->lda);
    default:
        return MIX_CALL(gemm, h, op, opb, c->m, c->n, c->k, s0, A, c->lda, X, c->ldb, s1, Y, c->ldc);
    }
#undef MIX_CALL
}

/* Issues calls [first, last) of w on h into d_out; on a failure, returns 0
 * with the call and the library's message in err. */
static int mix_run(mv_handle h, const mix_work *w, void *d_out, int first, int last, char *err, size_t err_len)
{
    for (int i = first; i < last; ++i) {
        const mv_status st = mix_issue(h, w, &w->calls[i], d_out);
        if (st != MV_SUCCESS) {
            char what[400];
            mix_describe(&w->calls[i], what, sizeof what);
            snprintf(err, err_len, "call %d (%s) returned %s: %s", i, what, mv_status_string(st), mv_last_error(h));
            return 0;
        }
    }
    return 1;
}

/* ---- checking ---------------------------------------------------------------- */

/* The reference result of one GEMV into want (a vector of the slot), and
 * the tolerance of each of its elements. */
static void mix_expect_gemv(int trans, int64_t m, int64_t n, double alpha, const double *A, int64_t lda,
                            const double *x, int64_t incx, double beta, double *want, int64_t incy, double *tol,
                            double u)
{
    const int64_t len_y = trans ? n : m, len_x = trans ? m : n;
    double *bound = malloc((size_t)len_y * sizeof *bound);
    assert_non_null(bound);
    ref_gemv(trans, m, n, alpha, A, lda, x, incx, beta, want, incy, bound);
    for (int64_t i = 0; i < len_y; ++i)
        tol[ref_index(i, len_y, incy)] = ref_tolerance(u, len_x, bound[i]);
    free(bound);
}

/* want: the slot's initial values on entry, the reference result on
 * return; tol: zero on entry, each computed element's tolerance on return. */
static void mix_expect(const mix_call *c, const double *pool, double *want, double *tol)
{
    const double u = dtype_roundoff(c->dtype);
    const double *A = pool + c->in[0], *X = pool + c->in[1], *W = pool + c->in[2];
    switch (c->kind) {
    case MIX_GEMV:
        mix_expect_gemv(c->op, c->m, c->n, c->s[0], A, c->lda, X, c->inc[0], c->s[1], want, c->inc[1], tol, u);
        break;
    case MIX_NT: {
        const size_t z = mix_span(c->m, c->inc[1]);
        mix_expect_gemv(0, c->m, c->n, c->s[0], A, c->lda, X, c->inc[0], c->s[1], want, c->inc[1], tol, u);
        mix_expect_gemv(1, c->m, c->n, c->s[2], A, c->lda, W, c->inc[2], c->s[3], want + z, c->inc[3], tol + z, u);
        break;
    }
    case MIX_BATCHED:
        for (int64_t b = 0; b < c->batch; ++b) {
            const size_t y = mix_batch_y(c, b);
            mix_expect_gemv(c->op, c->m, c->n, c->s[0], A + b * c->sa, c->lda, X + b * c->sx, c->inc[0], c->s[1],
                            want + y, c->inc[1], tol + y, u);
        }
        break;
    case MIX_TRANSPOSE: /* exact: tolerance 0 */
        for (int64_t j = 0; j < c->n; ++j)
            for (int64_t i = 0; i < c->m; ++i)
                want[j + i * c->ldb] = A[i + j * c->lda];
        break;
    case MIX_INPLACE:
        for (int64_t j = 0; j < c->n; ++j)
            for (int64_t i = 0; i < j; ++i) {
                const double t = want[i + j * c->lda];
                want[i + j * c->lda] = want[j + i * c->lda];
                want[j + i * c->lda] = t;
            }
        break;
    default: {
        double *bound = malloc((size_t)(c->m * c->n) * sizeof *bound);
        assert_non_null(bound);
        ref_gemm(c->op, c->opb, c->m, c->n, c->k, c->s[0], A, c->lda, X, c->ldb, c->s[1], want, c->ldc, bound);
        for (int64_t j = 0; j < c->n; ++j)
            for (int64_t i = 0; i < c->m; ++i)
                tol[i + j * c->ldc] = ref_tolerance(u, c->k, bound[i + j * c->m]);
        free(bound);
    }
    }
}

/* Checks call i's slot in out (a whole output buffer, downloaded) against
 * the double reference from the inputs and the initial image: computed
 * elements within their tolerance (NaN never passes), every other element
 * of the slot with its initial bits. Fails the current test otherwise. */
static void mix_check(const mix_work *w, int i, const unsigned char *out, const char *who)
{
    const mix_call *c = &w->calls[i];
    const size_t len = mix_slot_len(c), es = dtype_size(c->dtype);
    const unsigned char *init = w->image + c->out, *got = out + c->out;
    double *want = malloc(len * sizeof *want), *tol = calloc(len, sizeof *tol);
    unsigned char *mark = calloc(len, 1);
    assert_true(want && tol && mark);
    for (size_t p = 0; p < len; ++p)
        want[p] = mix_get(c->dtype, init, p);
    mix_marks(c, mark);
    mix_expect(c, w->pool[c->dtype], want, tol);
    for (size_t p = 0; p < len; ++p) {
        const double v = mix_get(c->dtype, got, p), err = v - want[p];
        const int bad = mark[p] ? !(err <= tol[p] && -err <= tol[p]) : memcmp(got + p * es, init + p * es, es) != 0;
        if (bad) {
            char what[400];
            mix_describe(c, what, sizeof what);
            fail_msg("%s: call %d (%s): element %zu of its output is %.17g, %s %.17g (tolerance %.3g)", who, i, what,
                     p, v, mark[p] ? "reference" : "must keep its initial", want[p], tol[p]);
        }
    }
    free(want);
    free(tol);
    free(mark);
}

/* The first call whose slot differs between two output buffers of w, or -1. */
static int mix_first_difference(const mix_work *w, const unsigned char *a, const unsigned char *b)
{
    for (int i = 0; i < w->ncalls; ++i) {
        const mix_call *c = &w->calls[i];
        if (memcmp(a + c->out, b + c->out, mix_slot_len(c) * dtype_size(c->dtype)) != 0)
            return i;
    }
    return -1;
}

/* The input pools must be as uploaded: no call writes into its inputs. */
static void mix_assert_inputs_intact(const mix_work *w)
{
    double *back = malloc((size_t)MIX_POOL * sizeof *back);
    assert_non_null(back);
    for (int d = DT_S; d <= DT_D; ++d) {
        dev_download(d, w->d_pool[d], back, (size_t)MIX_POOL);
        if (!same_bits(back, w->pool[d], (size_t)MIX_POOL))
            fail_msg("the %s input pool was written to", dtype_name(d));
    }
    free(back);
}

/* Fails the current test when a and b differ, naming the first call. */
static void mix_assert_same(const mix_work *w, const unsigned char *a, const unsigned char *b, const char *what)
{
    const int i = mix_first_difference(w, a, b);
    if (i >= 0) {
        char call[400];
        mix_describe(&w->calls[i], call, sizeof call);
        fail_msg("%s: the outputs differ from call %d on (%s)", what, i, call);
    }
}

#endif
