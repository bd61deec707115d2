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

#endif
