/* What mv_sgemm/mv_dgemm share with the variants' runner (gemm_variant_run.c,
 * in matvec_variants): the validation of a call into kernel arguments. */
#ifndef MATVEC_GEMM_API_H
#define MATVEC_GEMM_API_H

#include "core/internal.h"
#include "gemm/gemm_kernels.h"

/* Validates a GEMM call (fn names the function in messages) and fills args;
 * *quick = 1 when there is nothing to launch. */
MV_INTERNAL mv_status mv_gemm_prepare(mv_handle h, const char *fn, mv_dtype dtype, mv_operation transa,
                                      mv_operation transb, int64_t m, int64_t n, int64_t k, const void *alpha,
                                      const void *A, int64_t lda, const void *B, int64_t ldb, const void *beta,
                                      void *C, int64_t ldc, mv_gemm_args *args, int *quick);

/* 1 where the default path hands a validated call to cuBLAS (gemm_blas.c:
 * host-mode scalars, a product that exists, and none of matvec's own
 * kernels faster by the model there: not one column or row of C, not a
 * product small enough for a short chain of steps, not a float narrow
 * product in the bandwidth regime). */
MV_INTERNAL int mv_gemm_blas_serves(mv_handle h, mv_dtype dtype, const mv_gemm_args *args);

/* The call on cuBLAS (cublas?gemm_64 on the handle's stream and
 * workspace); a cuBLAS error is MV_ERR_EXECUTION naming the cuBLAS function
 * and its status. */
MV_INTERNAL mv_status mv_gemm_blas(mv_handle h, const char *fn, mv_dtype dtype, const mv_gemm_args *args);

#endif
