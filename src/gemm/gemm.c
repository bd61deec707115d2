/* mv_sgemm and mv_dgemm: argument validation in BLAS order, quick returns,
 * then dispatch to the kernels (src/gemm/gemm_fast.cu); the runner of
 * named variants for the tests and mvbench. */
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "gemm/gemm_api.h"
#include "core/internal.h"
#include "gemm/gemm_kernels.h"

static const char *op_name(mv_dtype dtype)
{
    return dtype == MV_DTYPE_S ? "mv_sgemm" : "mv_dgemm";
}

/* A rows x cols matrix with leading dimension ld (>= rows): its last
 * element, (rows-1) + (cols-1)*ld, must have an address. An empty matrix
 * spans nothing. */
static int matrix_fits(int64_t rows, int64_t cols, int64_t ld, size_t size)
{
    const int64_t limit = INT64_MAX / (int64_t)size;
    if (rows == 0 || cols == 0)
        return 1;
    if (rows > limit)
        return 0;
    return cols == 1 || ld <= (limit - rows) / (cols - 1);
}

/* lda, ldb or ldc against its minimum, then the span of the matrix. */
static mv_status check_ld(mv_handle h, const char *fn, const char *name, int64_t ld, const char *min_name,
                          int64_t min_value, int64_t rows, int64_t cols, size_t size)
{
    const int64_t min_ld = min_value > 1 ? min_value : 1;
    if (ld < min_ld)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = %lld must be >= max(1, %s) = %lld", fn, name,
                       (long long)ld, min_name, (long long)min_ld);
    if (!matrix_fits(rows, cols, ld, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE,
                       "%s: %s = %lld with %lld rows and %lld columns spans more than 2^63 bytes", fn, name,
                       (long long)ld, (long long)rows, (long long)cols);
    return MV_SUCCESS;
}

/* Validates the arguments in BLAS order and fills args. Returns MV_SUCCESS
 * with *quick set when the call has nothing to do. Order: transa, transb, m,
 * n, k, lda, ldb, ldc; the quick return for an empty C; the pointers the
 * call needs (A and B when alpha may be non-zero and k > 0, then C, alpha,
 * beta); in host pointer mode the quick return for (alpha == 0 or k == 0)
 * and beta == 1; last, a handle bound to no device. */
mv_status mv_gemm_prepare(mv_handle h, const char *fn, mv_dtype dtype, mv_operation transa, mv_operation transb,
                          int64_t m, int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda,
                          const void *B, int64_t ldb, const void *beta, void *C, int64_t ldc, mv_gemm_args *args,
                          int *quick)
{
    const size_t size = dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
    mv_status st;
    *quick = 1;

    if (transa != MV_OP_N && transa != MV_OP_T)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: transa = %d must be MV_OP_N (0) or MV_OP_T (1)", fn,
                       (int)transa);
    if (transb != MV_OP_N && transb != MV_OP_T)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: transb = %d must be MV_OP_N (0) or MV_OP_T (1)", fn,
                       (int)transb);
    if (m < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: m = %lld must be >= 0", fn, (long long)m);
    if (n < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: n = %lld must be >= 0", fn, (long long)n);
    if (k < 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: k = %lld must be >= 0", fn, (long long)k);
    /* A is m x k (N) or k x m (T); B is k x n (N) or n x k (T). */
    const int a_n = transa == MV_OP_N, b_n = transb == MV_OP_N;
    if ((st = check_ld(h, fn, "lda", lda, a_n ? "m" : "k", a_n ? m : k, a_n ? m : k, a_n ? k : m, size)))
        return st;
    if ((st = check_ld(h, fn, "ldb", ldb, b_n ? "k" : "n", b_n ? k : n, b_n ? k : n, b_n ? n : k, size)))
        return st;
    if ((st = check_ld(h, fn, "ldc", ldc, "m", m, m, n, size)))
        return st;

    /* Quick return: C is empty, no pointer is needed. */
    if (m == 0 || n == 0)
        return MV_SUCCESS;

    const mv_operands ops = {{A, B}, {"A", "B"}, C, "C", {NULL, NULL}};
    int reads_ab, unchanged;
    *args = (mv_gemm_args){0};
    if ((st = mv_check_operands(h, fn, dtype, k == 0, &ops, alpha, beta, &args->alpha, &args->beta, &reads_ab,
                                &unchanged)) != MV_SUCCESS || unchanged)
        return st;
    const mv_span spans[] = {
        reads_ab ? mv_matrix_span("A", A, a_n ? m : k, a_n ? k : m, lda, size) : (mv_span){0},
        reads_ab ? mv_matrix_span("B", B, b_n ? k : n, b_n ? n : k, ldb, size) : (mv_span){0},
        mv_matrix_span("C", C, m, n, ldc, size),
        mv_scalar_span(h, "alpha", alpha, size),
        mv_scalar_span(h, "beta", beta, size),
    };
    if ((st = mv_check_ready(h, fn, spans, 5)) != MV_SUCCESS)
        return st;

    args->transa = transa == MV_OP_T;
    args->transb = transb == MV_OP_T;
    args->m = m;
    args->n = n;
    args->k = k;
    /* With A and B unread (alpha == 0 in host mode, or k == 0) the kernels
     * get no pointer to them at all. */
    args->A = reads_ab ? A : NULL;
    args->lda = lda;
    args->B = reads_ab ? B : NULL;
    args->ldb = ldb;
    args->C = C;
    args->ldc = ldc;
    args->stream = h->stream;
    args->sm_count = h->sm_count;
    args->split_ws = h->split_ws;
    args->split_ws_bytes = h->split_ws_bytes;
    args->split_counters = h->split_counters;
    args->split_counter_count = h->split_counter_count;
    args->pdl = h->cc_major >= 9;
    *quick = 0;
    return MV_SUCCESS;
}

static mv_status gemm(mv_handle h, mv_dtype dtype, mv_operation transa, mv_operation transb, int64_t m,
                      int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B,
                      int64_t ldb, const void *beta, void *C, int64_t ldc)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = op_name(dtype);
    mv_gemm_args args;
    int quick;
    mv_status st = mv_gemm_prepare(h, fn, dtype, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, &args,
                           &quick);
    if (st != MV_SUCCESS || quick)
        return st;
    if (mv_gemm_blas_serves(h, dtype, &args))
        return mv_gemm_blas(h, fn, dtype, &args);
    return mv_launched(h, fn, mv_gemm_launch(dtype, &args));
}

mv_status mv_sgemm(mv_handle handle, mv_operation transa, mv_operation transb, int64_t m, int64_t n, int64_t k,
                   const float *alpha, const float *A, int64_t lda, const float *B, int64_t ldb,
                   const float *beta, float *C, int64_t ldc)
{
    return gemm(handle, MV_DTYPE_S, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

mv_status mv_dgemm(mv_handle handle, mv_operation transa, mv_operation transb, int64_t m, int64_t n, int64_t k,
                   const double *alpha, const double *A, int64_t lda, const double *B, int64_t ldb,
                   const double *beta, double *C, int64_t ldc)
{
    return gemm(handle, MV_DTYPE_D, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
