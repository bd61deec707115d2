/* mv_sgemv and mv_dgemv: argument validation in BLAS order, quick returns,
 * then dispatch to the kernels. */
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/internal.h"
#include "gemv/gemv_kernels.h"
#include "gemv/gemv_api.h"

static const char *op_name(mv_dtype dtype)
{
    return dtype == MV_DTYPE_S ? "mv_sgemv" : "mv_dgemv";
}

/* Validates the arguments in BLAS order and fills args. Returns MV_SUCCESS
 * with *quick set when the call has nothing to do. */
mv_status mv_gemv_prepare(mv_handle h, const char *fn, mv_dtype dtype, mv_operation trans, int64_t m, int64_t n,
                          const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx,
                          const void *beta, void *y, int64_t incy, mv_gemv_args *args, int *quick)
{
    const size_t size = dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
    *quick = 1;

    if (trans != MV_OP_N && trans != MV_OP_T)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: trans = %d must be MV_OP_N (0) or MV_OP_T (1)",
                       fn, (int)trans);
    mv_status st = mv_check_matrix(h, fn, m, n, lda, size);
    if (st != MV_SUCCESS)
        return st;
    const int64_t len_x = trans == MV_OP_N ? n : m;
    const int64_t len_y = trans == MV_OP_N ? m : n;
    if (incx == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incx = 0 must not be 0", fn);
    if (!mv_vector_fits(len_x, incx, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incx = %lld with %lld elements spans more than 2^63 bytes",
                       fn, (long long)incx, (long long)len_x);
    if (incy == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incy = 0 must not be 0", fn);
    if (!mv_vector_fits(len_y, incy, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incy = %lld with %lld elements spans more than 2^63 bytes",
                       fn, (long long)incy, (long long)len_y);

    /* Quick return: nothing to compute, no pointer is needed. */
    if (m == 0 || n == 0)
        return MV_SUCCESS;

    const mv_operands ops = {{A, x}, {"A", "x"}, y, "y", {NULL, NULL}};
    int reads, unchanged;
    *args = (mv_gemv_args){0};
    st = mv_check_operands(h, fn, dtype, 0, &ops, alpha, beta, &args->alpha, &args->beta, &reads, &unchanged);
    if (st != MV_SUCCESS || unchanged)
        return st;
    const mv_span spans[] = {
        reads ? mv_matrix_span("A", A, m, n, lda, size) : (mv_span){0},
        reads ? mv_vector_span("x", x, len_x, incx, size) : (mv_span){0},
        mv_vector_span("y", y, len_y, incy, size),
        mv_scalar_span(h, "alpha", alpha, size),
        mv_scalar_span(h, "beta", beta, size),
    };
    if ((st = mv_check_ready(h, fn, spans, 5)) != MV_SUCCESS)
        return st;

    /* BLAS passes the lowest address; the kernels index from logical
     * element 0, which for a negative increment is the highest. */
    args->trans = trans == MV_OP_T;
    args->m = m;
    args->n = n;
    args->lda = lda;
    args->A = A;
    args->x = (const char *)x + (incx < 0 ? (1 - len_x) * incx * (int64_t)size : 0);
    args->y = (char *)y + (incy < 0 ? (1 - len_y) * incy * (int64_t)size : 0);
    args->incx = incx;
    args->incy = incy;
    args->stream = h->stream;
    args->sm_count = h->sm_count;
    args->pdl = h->cc_major >= 9;
    args->split_ws = h->split_ws;
    args->split_ws_bytes = h->split_ws_bytes;
    args->split_counters = h->split_counters;
    args->split_counter_count = h->split_counter_count;
    *quick = 0;
    return MV_SUCCESS;
}

static mv_status gemv(mv_handle h, mv_dtype dtype, mv_operation trans, int64_t m, int64_t n,
                      const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx,
                      const void *beta, void *y, int64_t incy)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = op_name(dtype);
    mv_gemv_args args;
    int quick;
    mv_status st = mv_gemv_prepare(h, fn, dtype, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &args, &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    return mv_launched(h, fn, mv_gemv_launch(dtype, &args));
}

mv_status mv_sgemv(mv_handle handle, mv_operation trans, int64_t m, int64_t n, const float *alpha,
                   const float *A, int64_t lda, const float *x, int64_t incx, const float *beta, float *y,
                   int64_t incy)
{
    return gemv(handle, MV_DTYPE_S, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}

mv_status mv_dgemv(mv_handle handle, mv_operation trans, int64_t m, int64_t n, const double *alpha,
                   const double *A, int64_t lda, const double *x, int64_t incx, const double *beta,
                   double *y, int64_t incy)
{
    return gemv(handle, MV_DTYPE_D, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
