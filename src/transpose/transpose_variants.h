/* Running a named transpose variant: for the tests and mvbench, apart from
 * the stable API. Linked from the static library (the shared one does not
 * export these). Validation, quick returns and errors are exactly those of
 * mv_stranspose and mv_stranspose_inplace. The registry itself
 * (mv_transpose_variant_count/at/find) is in transpose/transpose_kernels.h. */
#ifndef MATVEC_TRANSPOSE_VARIANTS_H
#define MATVEC_TRANSPOSE_VARIANTS_H

#include "transpose/transpose_kernels.h"
#include "matvec.h"

/* B = A^T through the named variant; dtype_double selects double (else
 * float) for A and B. Errors: MV_ERR_INVALID_VALUE for an unknown name. */
mv_status mv_transpose_variant_run(mv_handle h, const char *variant, int dtype_double, int64_t m, int64_t n,
                                   const void *A, int64_t lda, void *B, int64_t ldb);

/* A = A^T in place (square n x n) through the named variant. Errors:
 * MV_ERR_INVALID_VALUE for an unknown name, MV_ERR_NOT_SUPPORTED when the
 * variant has no in-place form. */
mv_status mv_transpose_inplace_variant_run(mv_handle h, const char *variant, int dtype_double, int64_t n, void *A,
                                           int64_t lda);

#endif
