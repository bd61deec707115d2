/* mv_gemv_ex: GEMV with half-precision A and x (binary16 or bfloat16),
 * float scalars and float sums. Validation in BLAS order with the types
 * after trans; all-float calls are mv_sgemv's; the others go to the
 * kernels of gemv_ex.cu. */
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/internal.h"
#include "gemv/gemv_api.h"
#include "gemv/gemv_kernels.h"

static const char *const fn = "mv_gemv_ex";

static const char *type_name(mv_datatype t)
{
    switch (t) {
    case MV_R_32F:
        return "MV_R_32F";
    case MV_R_64F:
        return "MV_R_64F";
    case MV_R_16F:
        return "MV_R_16F";
    case MV_R_16BF:
        return "MV_R_16BF";
    }
    return "?";
}

static int is_datatype(mv_datatype t)
{
    return t == MV_R_32F || t == MV_R_64F || t == MV_R_16F || t == MV_R_16BF;
}

static size_t type_size(mv_datatype t)
{
    return t == MV_R_64F ? 8 : t == MV_R_32F ? 4 : 2;
}

static mv_status check_types(mv_handle h, mv_datatype a, mv_datatype x, mv_datatype y)
{
    const mv_datatype types[3] = {a, x, y};
    const char *const names[3] = {"a_type", "x_type", "y_type"};
    for (int i = 0; i < 3; ++i) {
        if (!is_datatype(types[i]))
            return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = %d is not an mv_datatype", fn, names[i], (int)types[i]);
        if (i == 0 && a == MV_R_64F)
            return mv_fail(h, MV_ERR_NOT_SUPPORTED, "%s: a_type = MV_R_64F is not supported (MV_R_16F, MV_R_16BF or "
                                                    "MV_R_32F)", fn);
        if (i > 0 && types[i] != a && types[i] != MV_R_32F)
            return mv_fail(h, MV_ERR_NOT_SUPPORTED,
                           "%s: %s = %s with a_type = %s is not supported (%s must be a_type or MV_R_32F)", fn,
                           names[i], type_name(types[i]), type_name(a), names[i]);
    }
    return MV_SUCCESS;
}

static int ex_dtype(mv_datatype t)
{
    return t == MV_R_16F ? MV_EX_16F : t == MV_R_16BF ? MV_EX_16BF : MV_EX_32F;
}

mv_status mv_gemv_ex(mv_handle h, mv_operation trans, int64_t m, int64_t n, const float *alpha, const void *A,
                     mv_datatype a_type, int64_t lda, const void *x, mv_datatype x_type, int64_t incx,
                     const float *beta, void *y, mv_datatype y_type, int64_t incy)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    if (trans != MV_OP_N && trans != MV_OP_T)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: trans = %d must be MV_OP_N (0) or MV_OP_T (1)", fn, (int)trans);
    mv_status st = check_types(h, a_type, x_type, y_type);
    if (st != MV_SUCCESS)
        return st;
    st = mv_check_matrix(h, fn, m, n, lda, type_size(a_type));
    if (st != MV_SUCCESS)
        return st;
    const int64_t len_x = trans == MV_OP_N ? n : m, len_y = trans == MV_OP_N ? m : n;
    if (incx == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incx = 0 must not be 0", fn);
    if (!mv_vector_fits(len_x, incx, type_size(x_type)))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incx = %lld with %lld elements spans more than 2^63 bytes", fn,
                       (long long)incx, (long long)len_x);
    if (incy == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incy = 0 must not be 0", fn);
    if (!mv_vector_fits(len_y, incy, type_size(y_type)))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: incy = %lld with %lld elements spans more than 2^63 bytes", fn,
                       (long long)incy, (long long)len_y);
    if (m == 0 || n == 0)
        return MV_SUCCESS;
    if (a_type == MV_R_32F) {
        /* Every type float (the only float combination): mv_sgemv, with
         * this function's name in its messages. */
        mv_gemv_args g;
        int quick;
        st = mv_gemv_prepare(h, fn, MV_DTYPE_S, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &g, &quick);
        if (st != MV_SUCCESS || quick)
            return st;
        return mv_launched(h, fn, mv_gemv_launch(MV_DTYPE_S, &g));
    }
    const mv_operands ops = {{A, x}, {"A", "x"}, y, "y", {NULL, NULL}};
    mv_gemv_ex_args a = {0};
    int reads, unchanged;
    st = mv_check_operands(h, fn, MV_DTYPE_S, 0, &ops, alpha, beta, &a.alpha, &a.beta, &reads, &unchanged);
    if (st != MV_SUCCESS || unchanged)
        return st;
    const mv_span spans[] = {
        reads ? mv_matrix_span("A", A, m, n, lda, type_size(a_type)) : (mv_span){0},
        reads ? mv_vector_span("x", x, len_x, incx, type_size(x_type)) : (mv_span){0},
        mv_vector_span("y", y, len_y, incy, type_size(y_type)),
        mv_scalar_span(h, "alpha", alpha, sizeof(float)),
        mv_scalar_span(h, "beta", beta, sizeof(float)),
    };
    if ((st = mv_check_ready(h, fn, spans, 5)) != MV_SUCCESS)
        return st;
    a.trans = trans == MV_OP_T;
    a.m = m;
    a.n = n;
    a.lda = lda;
    a.a_type = ex_dtype(a_type);
    a.x_type = ex_dtype(x_type);
    a.y_type = ex_dtype(y_type);
    /* Logical element 0 of each vector (BLAS passes the lowest address). */
    a.A = A;
    a.x = x ? (const char *)x + (incx < 0 ? (1 - len_x) * incx * (int64_t)type_size(x_type) : 0) : NULL;
    a.y = (char *)y + (incy < 0 ? (1 - len_y) * incy * (int64_t)type_size(y_type) : 0);
    a.incx = incx;
    a.incy = incy;
    a.stream = h->stream;
    a.sm_count = h->sm_count;
    a.pdl = h->cc_major >= 9;
    a.ws = h->split_ws;
    a.ws_bytes = h->split_ws_bytes;
    return mv_launched(h, fn, mv_gemv_ex_launch(&a));
}
