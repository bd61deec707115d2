/* mv_stranspose, mv_dtranspose (B = A^T out of place) and
 * mv_stranspose_inplace, mv_dtranspose_inplace (square, in place): argument
 * validation in a fixed order, quick returns, then dispatch to the kernels.
 *
 * Out of place the order is m, n, lda (and the extent of A), ldb (and the
 * extent of B); then the quick return for m == 0 or n == 0, which needs no
 * pointer; then A, B, and the rule that their byte ranges do not overlap;
 * last a handle bound to no device. In place: n, lda (and the extent), the
 * quick return for n == 0, A, the device. */
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/internal.h"
#include "transpose/transpose_kernels.h"
#include "transpose/transpose_api.h"

static size_t elem_size(mv_dtype dtype)
{
    return dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
}

/* The kernels' arguments of a validated call. */
static mv_status fill_args(mv_handle h, int64_t m, int64_t n, const void *A, int64_t lda, void *B, int64_t ldb,
                           mv_transpose_args *args)
{
    *args = (mv_transpose_args){0};
    args->m = m;
    args->n = n;
    args->A = A;
    args->lda = lda;
    args->B = B;
    args->ldb = ldb;
    args->stream = h->stream;
    args->sm_count = h->sm_count;
    return MV_SUCCESS;
}

/* Validates an out-of-place call and fills args. Returns MV_SUCCESS with
 * *quick set when the call has nothing to do. inplace_fn names the function
 * to suggest when B overlaps A. */
mv_status mv_transpose_prepare(mv_handle h, const char *fn, const char *inplace_fn, mv_dtype dtype, int64_t m, int64_t n,
                               const void *A, int64_t lda, void *B, int64_t ldb, mv_transpose_args *args, int *quick)
{
    const size_t size = elem_size(dtype);
    *quick = 1;

    mv_status st = mv_check_matrix(h, fn, m, n, lda, size);
    if (st != MV_SUCCESS)
        return st;
    const int64_t min_ldb = n > 1 ? n : 1;
    if (ldb < min_ldb)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: ldb = %lld must be >= max(1, n) = %lld", fn, (long long)ldb,
                       (long long)min_ldb);
    /* B is n x m. */
    if (!mv_matrix_fits(n, m, ldb, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: ldb = %lld with n = %lld, m = %lld spans more than 2^63 bytes",
                       fn, (long long)ldb, (long long)n, (long long)m);

    /* Quick return: nothing to move, no pointer is needed. */
    if (m == 0 || n == 0)
        return MV_SUCCESS;

    if (!A)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: A = NULL", fn);
    if (!B)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: B = NULL", fn);
    /* The byte ranges from the first to the last element of each matrix,
     * padding rows included: the kernels read A while other blocks write B. */
    const mv_span spans[2] = {mv_matrix_span("A", A, m, n, lda, size), mv_matrix_span("B", B, n, m, ldb, size)};
    const uint64_t a0 = spans[0].lo, a1 = spans[0].hi, b0 = spans[1].lo, b1 = spans[1].hi;
    if (a0 < b1 && b0 < a1)
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: B overlaps A (A spans bytes [0x%llx, 0x%llx), B [0x%llx, 0x%llx)); out of place B must "
                       "not overlap A: use %s to transpose a square matrix in place",
                       fn, (unsigned long long)a0, (unsigned long long)a1, (unsigned long long)b0,
                       (unsigned long long)b1, inplace_fn);
    if ((st = mv_check_ready(h, fn, spans, 2)) != MV_SUCCESS)
        return st;

    *quick = 0;
    return fill_args(h, m, n, A, lda, B, ldb, args);
}

/* The same for the square in-place call: args->B == args->A. */
mv_status mv_transpose_prepare_inplace(mv_handle h, const char *fn, mv_dtype dtype, int64_t n, void *A, int64_t lda,
                                       mv_transpose_args *args, int *quick)
{
    *quick = 1;
    if (n < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: n = %lld must be >= 0", fn, (long long)n);
    const int64_t min_lda = n > 1 ? n : 1;
    if (lda < min_lda)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: lda = %lld must be >= max(1, n) = %lld", fn, (long long)lda,
                       (long long)min_lda);
    if (!mv_matrix_fits(n, n, lda, elem_size(dtype)))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: lda = %lld with n = %lld spans more than 2^63 bytes", fn,
                       (long long)lda, (long long)n);
    if (n == 0)
        return MV_SUCCESS;
    if (!A)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: A = NULL", fn);
    const mv_span span = mv_matrix_span("A", A, n, n, lda, elem_size(dtype));
    const mv_status st = mv_check_ready(h, fn, &span, 1);
    if (st != MV_SUCCESS)
        return st;
    /* A 1 x 1 matrix is its own transpose: validated, nothing to launch. */
    if (n == 1)
        return MV_SUCCESS;

    *quick = 0;
    return fill_args(h, n, n, A, lda, A, lda, args);
}

static mv_status transpose(mv_handle h, mv_dtype dtype, int64_t m, int64_t n, const void *A, int64_t lda, void *B,
                           int64_t ldb)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = dtype == MV_DTYPE_S ? "mv_stranspose" : "mv_dtranspose";
    const char *inplace_fn = dtype == MV_DTYPE_S ? "mv_stranspose_inplace" : "mv_dtranspose_inplace";
    mv_transpose_args args;
    int quick;
    const mv_status st = mv_transpose_prepare(h, fn, inplace_fn, dtype, m, n, A, lda, B, ldb, &args, &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    return mv_launched(h, fn, mv_transpose_launch(dtype, &args));
}

static mv_status transpose_inplace(mv_handle h, mv_dtype dtype, int64_t n, void *A, int64_t lda)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = dtype == MV_DTYPE_S ? "mv_stranspose_inplace" : "mv_dtranspose_inplace";
    mv_transpose_args args;
    int quick;
    const mv_status st = mv_transpose_prepare_inplace(h, fn, dtype, n, A, lda, &args, &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    return mv_launched(h, fn, mv_transpose_inplace_launch(dtype, &args));
}

mv_status mv_stranspose(mv_handle handle, int64_t m, int64_t n, const float *A, int64_t lda, float *B, int64_t ldb)
{
    return transpose(handle, MV_DTYPE_S, m, n, A, lda, B, ldb);
}

mv_status mv_dtranspose(mv_handle handle, int64_t m, int64_t n, const double *A, int64_t lda, double *B,
                        int64_t ldb)
{
    return transpose(handle, MV_DTYPE_D, m, n, A, lda, B, ldb);
}

mv_status mv_stranspose_inplace(mv_handle handle, int64_t n, float *A, int64_t lda)
{
    return transpose_inplace(handle, MV_DTYPE_S, n, A, lda);
}

mv_status mv_dtranspose_inplace(mv_handle handle, int64_t n, double *A, int64_t lda)
{
    return transpose_inplace(handle, MV_DTYPE_D, n, A, lda);
}
