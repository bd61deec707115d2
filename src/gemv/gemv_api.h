/* What mv_sgemv/mv_dgemv share with the variants' runner (gemv_variant_run.c,
 * in matvec_variants): the validation of a call into kernel arguments. */
#ifndef MATVEC_GEMV_API_H
#define MATVEC_GEMV_API_H

#include "core/internal.h"
#include "gemv/gemv_kernels.h"

/* Validates a GEMV call (fn names the function in messages) and fills args;
 * *quick = 1 when there is nothing to launch. */
MV_INTERNAL mv_status mv_gemv_prepare(mv_handle h, const char *fn, mv_dtype dtype, mv_operation trans, int64_t m,
                                      int64_t n, const void *alpha, const void *A, int64_t lda, const void *x,
                                      int64_t incx, const void *beta, void *y, int64_t incy, mv_gemv_args *args,
                                      int *quick);

/* mv_sgemv_nt / mv_dgemv_nt (fused = 0) and the tests' way to the one-pass
 * kernels at sizes where the default takes two GEMVs (fused = 1). */
MV_INTERNAL mv_status mv_gemv_nt_run(mv_handle h, mv_dtype dtype, int fused, int64_t m, int64_t n,
                                     const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx,
                                     const void *beta, void *y, int64_t incy, const void *gamma, const void *w,
                                     int64_t incw, const void *delta, void *z, int64_t incz);

/* The largest element offset of a vector of len elements with increment inc
 * must stay addressable: (len - 1) * |inc| elements of size bytes. */
static inline int mv_vector_fits(int64_t len, int64_t inc, size_t size)
{
    if (inc == INT64_MIN)
        return 0;
    const int64_t step = inc < 0 ? -inc : inc;
    return len <= 1 || step <= (INT64_MAX / (int64_t)size) / (len - 1);
}

#endif
