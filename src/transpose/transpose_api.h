/* What the transpose functions share with the variants' runner
 * (transpose_variant_run.c, in matvec_variants): the validation of a call
 * into kernel arguments. */
#ifndef MATVEC_TRANSPOSE_API_H
#define MATVEC_TRANSPOSE_API_H

#include "core/internal.h"
#include "transpose/transpose_kernels.h"

/* Validate an out-of-place (inplace_fn: the in-place function a message
 * suggests when B overlaps A) or in-place call and fill args; *quick = 1
 * when there is nothing to launch. */
MV_INTERNAL mv_status mv_transpose_prepare(mv_handle h, const char *fn, const char *inplace_fn, mv_dtype dtype,
                                           int64_t m, int64_t n, const void *A, int64_t lda, void *B, int64_t ldb,
                                           mv_transpose_args *args, int *quick);
MV_INTERNAL mv_status mv_transpose_prepare_inplace(mv_handle h, const char *fn, mv_dtype dtype, int64_t n, void *A,
                                                   int64_t lda, mv_transpose_args *args, int *quick);

#endif
