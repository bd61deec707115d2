/* mv_?gemv_strided_batched and mv_?gemv_batched: validation in BLAS order
 * (trans, m, n, lda, incx, incy, the batch's strides and count, then the
 * pointers), quick returns, then the kernels of gemv_batched.cu; a strided
 * batch of one is a plain GEMV. */
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/internal.h"
#include "gemv/gemv_api.h"
#include "gemv/gemv_kernels.h"

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        const int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Do two of count problems write the same element of y? Problem b writes
 * b*sy + i*inc for 0 <= i < len: b*sy + i*inc = b'*sy + i'*inc with b != b'
 * needs d*sy = e*inc, 1 <= d <= count - 1, |e| <= len - 1. Its smallest
 * solution is d = |inc|/g, |e| = |sy|/g with g = gcd(|sy|, |inc|). */
static int outputs_collide(int64_t sy, int64_t inc, int64_t len, int64_t count)
{
    if (count <= 1 || len <= 0)
        return 0;
    if (sy == 0)
        return 1;
    const int64_t asy = sy < 0 ? -sy : sy, ainc = inc < 0 ? -inc : inc;
    const int64_t g = gcd64(asy, ainc);
    return ainc / g <= count - 1 && asy / g <= len - 1;
}

/* (count - 1) * |stride| + span elements of size bytes stay within 2^63. */
static int batch_fits(int64_t count, int64_t stride, int64_t span, size_t size)
{
    const int64_t limit = INT64_MAX / (int64_t)size;
    const int64_t step = stride < 0 ? -stride : stride;
    if (count <= 1 || step == 0)
        return span <= limit;
    return step <= (limit - span) / (count - 1);
}

/* The checks both forms share, in order: trans, m, n, lda, incx, incy. */
static mv_status check_shape(mv_handle h, const char *fn, mv_operation trans, int64_t m, int64_t n, int64_t lda,
                             int64_t incx, int64_t incy, size_t size)
{
    if (trans != MV_OP_N && trans != MV_OP_T)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: trans = %d must be MV_OP_N (0) or MV_OP_T (1)", fn, (int)trans);
    mv_status st = mv_check_matrix(h, fn, m, n, lda, size);
    if (st != MV_SUCCESS)
        return st;
    const int64_t len_x = trans == MV_OP_N ? n : m, len_y = trans == MV_OP_N ? m : n;
    if (incx == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incx = 0 must not be 0", fn);
    if (!mv_vector_fits(len_x, incx, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incx = %lld with %lld elements spans more than 2^63 bytes", fn,
                       (long long)incx, (long long)len_x);
    if (incy == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incy = 0 must not be 0", fn);
    if (!mv_vector_fits(len_y, incy, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incy = %lld with %lld elements spans more than 2^63 bytes", fn,
                       (long long)incy, (long long)len_y);
    return MV_SUCCESS;
}

static int64_t vector_span(int64_t len, int64_t inc)
{
    return len <= 0 ? 0 : (len - 1) * (inc < 0 ? -inc : inc) + 1;
}

/* The common tail: pointers and scalars (mv_check_operands), the handle's
 * device and checked mode, then the launch. A, x, y: the strided form's
 * pointers or the pointer form's arrays (then arrays = 1); ax[0], ax[1],
 * ax[2]: the bytes A, x and y (or their arrays) cover. */
static mv_status run(mv_handle h, const char *fn, mv_dtype dtype, mv_gemv_batched_args *a, const void *alpha,
                     const void *beta, int arrays, const mv_span ax[3])
{
    const void *A = arrays ? (const void *)a->A_array : a->A;
    const void *x = arrays ? (const void *)a->x_array : a->x;
    const void *y = arrays ? (const void *)a->y_array : a->y;
    const mv_operands ops = {{A, x}, {"A", "x"}, y, "y", {NULL, NULL}};
    int reads, unchanged;
    mv_status st = mv_check_operands(h, fn, dtype, 0, &ops, alpha, beta, &a->alpha, &a->beta, &reads, &unchanged);
    if (st != MV_SUCCESS || unchanged)
        return st;
    const size_t size = dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
    const mv_span spans[] = {
        reads ? ax[0] : (mv_span){0},
        reads ? ax[1] : (mv_span){0},
        ax[2],
        mv_scalar_span(h, "alpha", alpha, size),
        mv_scalar_span(h, "beta", beta, size),
    };
    if ((st = mv_check_ready(h, fn, spans, 5)) != MV_SUCCESS)
        return st;
    a->stream = h->stream;
    a->sm_count = h->sm_count;
    a->ws = h->split_ws;
    a->ws_bytes = h->split_ws_bytes;
    return mv_launched(h, fn, mv_gemv_batched_launch(dtype, a));
}

static mv_status strided(mv_handle h, mv_dtype dtype, mv_operation trans, int64_t m, int64_t n, const void *alpha,
                         const void *A, int64_t lda, int64_t stride_a, const void *x, int64_t incx, int64_t stride_x,
                         const void *beta, void *y, int64_t incy, int64_t stride_y, int64_t batch_count)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = dtype == MV_DTYPE_S ? "mv_sgemv_strided_batched" : "mv_dgemv_strided_batched";
    const size_t size = dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
    mv_status st = check_shape(h, fn, trans, m, n, lda, incx, incy, size);
    if (st != MV_SUCCESS)
        return st;
    const int64_t len_x = trans == MV_OP_N ? n : m, len_y = trans == MV_OP_N ? m : n;
    if (stride_a < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: stride_a = %lld must be >= 0", fn, (long long)stride_a);
    if (stride_x < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: stride_x = %lld must be >= 0", fn, (long long)stride_x);
    if (stride_y == INT64_MIN)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: stride_y = %lld spans more than 2^63 bytes", fn,
                       (long long)stride_y);
    if (batch_count < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: batch_count = %lld must be >= 0", fn, (long long)batch_count);
    const int64_t span_a = m == 0 || n == 0 ? 0 : (n - 1) * lda + m;
    if (!batch_fits(batch_count, stride_a, span_a, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: stride_a = %lld over %lld problems spans more than 2^63 bytes",
                       fn, (long long)stride_a, (long long)batch_count);
    if (!batch_fits(batch_count, stride_x, vector_span(len_x, incx), size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: stride_x = %lld over %lld problems spans more than 2^63 bytes",
                       fn, (long long)stride_x, (long long)batch_count);
    if (!batch_fits(batch_count, stride_y, vector_span(len_y, incy), size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: stride_y = %lld over %lld problems spans more than 2^63 bytes",
                       fn, (long long)stride_y, (long long)batch_count);
    if (outputs_collide(stride_y, incy, len_y, batch_count))
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: stride_y = %lld with incy = %lld makes two of the %lld problems write the same "
                       "element of y",
                       fn, (long long)stride_y, (long long)incy, (long long)batch_count);
    if (m == 0 || n == 0 || batch_count == 0)
        return MV_SUCCESS;
    if (batch_count == 1) {
        /* A batch of one: the plain GEMV and its kernels. */
        mv_gemv_args g;
        int quick;
        st = mv_gemv_prepare(h, fn, dtype, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &g, &quick);
        if (st != MV_SUCCESS || quick)
            return st;
        return mv_launched(h, fn, mv_gemv_launch(dtype, &g));
    }
    mv_gemv_batched_args a = {0};
    a.trans = trans == MV_OP_T;
    a.m = m;
    a.n = n;
    a.lda = lda;
    a.incx = incx;
    a.incy = incy;
    a.batch_count = batch_count;
    a.stride_a = stride_a;
    a.stride_x = stride_x;
    a.stride_y = stride_y;
    /* Logical element 0 of each vector, as for GEMV (BLAS passes the
     * lowest address). */
    a.A = A;
    a.x = x ? (const char *)x + (incx < 0 ? (1 - len_x) * incx * (int64_t)size : 0) : NULL;
    a.y = y ? (char *)y + (incy < 0 ? (1 - len_y) * incy * (int64_t)size : 0) : NULL;
    /* The bytes of all problems: problem b's lowest address is the base
     * + b * stride (stride_y may be negative). */
    const int64_t last = batch_count - 1, y_low = stride_y < 0 ? last * stride_y : 0;
    mv_span ax[3] = {
        mv_bytes_span("A", A, (size_t)(last * stride_a + span_a) * size),
        mv_bytes_span("x", x, (size_t)(last * stride_x + vector_span(len_x, incx)) * size),
        {"y", (uintptr_t)y + (uintptr_t)(y_low * (int64_t)size), 0},
    };
    /* (integer arithmetic: y may still be NULL here, rejected in run) */
    ax[2].hi = ax[2].lo + (uintptr_t)((stride_y < 0 ? -stride_y : stride_y) * last + vector_span(len_y, incy)) * size;
    return run(h, fn, dtype, &a, alpha, beta, 0, ax);
}

static mv_status arrays(mv_handle h, mv_dtype dtype, mv_operation trans, int64_t m, int64_t n, const void *alpha,
                        const void *const *A, int64_t lda, const void *const *x, int64_t incx, const void *beta,
                        void *const *y, int64_t incy, int64_t batch_count)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = dtype == MV_DTYPE_S ? "mv_sgemv_batched" : "mv_dgemv_batched";
    const size_t size = dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
    mv_status st = check_shape(h, fn, trans, m, n, lda, incx, incy, size);
    if (st != MV_SUCCESS)
        return st;
    if (batch_count < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: batch_count = %lld must be >= 0", fn, (long long)batch_count);
    if (m == 0 || n == 0 || batch_count == 0)
        return MV_SUCCESS;
    mv_gemv_batched_args a = {0};
    a.trans = trans == MV_OP_T;
    a.m = m;
    a.n = n;
    a.lda = lda;
    a.incx = incx;
    a.incy = incy;
    a.batch_count = batch_count;
    a.A_array = A;
    a.x_array = x;
    a.y_array = y;
    /* Checked mode sees the arrays, not the pointers in them (they are
     * device memory: reading them would synchronize). */
    const size_t array_bytes = (size_t)batch_count * sizeof(void *);
    const mv_span ax[3] = {
        mv_bytes_span("A", A, array_bytes),
        mv_bytes_span("x", x, array_bytes),
        mv_bytes_span("y", y, array_bytes),
    };
    return run(h, fn, dtype, &a, alpha, beta, 1, ax);
}

mv_status mv_sgemv_strided_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n, const float *alpha,
                                   const float *A, int64_t lda, int64_t stride_a, const float *x, int64_t incx,
                                   int64_t stride_x, const float *beta, float *y, int64_t incy, int64_t stride_y,
                                   int64_t batch_count)
{
    return strided(handle, MV_DTYPE_S, trans, m, n, alpha, A, lda, stride_a, x, incx, stride_x, beta, y, incy,
                   stride_y, batch_count);
}

mv_status mv_dgemv_strided_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n, const double *alpha,
                                   const double *A, int64_t lda, int64_t stride_a, const double *x, int64_t incx,
                                   int64_t stride_x, const double *beta, double *y, int64_t incy, int64_t stride_y,
                                   int64_t batch_count)
{
    return strided(handle, MV_DTYPE_D, trans, m, n, alpha, A, lda, stride_a, x, incx, stride_x, beta, y, incy,
                   stride_y, batch_count);
}

mv_status mv_sgemv_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n, const float *alpha,
                           const float *const A[], int64_t lda, const float *const x[], int64_t incx,
                           const float *beta, float *const y[], int64_t incy, int64_t batch_count)
{
    return arrays(handle, MV_DTYPE_S, trans, m, n, alpha, (const void *const *)A, lda, (const void *const *)x, incx,
                  beta, (void *const *)y, incy, batch_count);
}

mv_status mv_dgemv_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n, const double *alpha,
                           const double *const A[], int64_t lda, const double *const x[], int64_t incx,
                           const double *beta, double *const y[], int64_t incy, int64_t batch_count)
{
    return arrays(handle, MV_DTYPE_D, trans, m, n, alpha, (const void *const *)A, lda, (const void *const *)x, incx,
                  beta, (void *const *)y, incy, batch_count);
}
