/* Running a named GEMV variant: for the tests and mvbench, apart from the
 * stable API. Linked from the static library (the shared one does not export
 * these). Validation, quick returns and errors are exactly mv_sgemv's. */
#ifndef MATVEC_VARIANTS_H
#define MATVEC_VARIANTS_H

#include "gemv/gemv_kernels.h"
#include "matvec.h"

/* Device workspace variant needs for this call (0 for most). Errors:
 * MV_ERR_INVALID_VALUE for an unknown name, MV_ERR_NOT_SUPPORTED when the
 * variant lacks the operation. */
mv_status mv_gemv_variant_workspace(mv_handle h, const char *variant, int dtype_double, mv_operation trans,
                                    int64_t m, int64_t n, int64_t lda, size_t *bytes);

/* y = alpha*op(A)*x + beta*y through the named variant; dtype_double selects
 * double (else float) for A, x, y, alpha, beta. */
mv_status mv_gemv_variant_run(mv_handle h, const char *variant, int dtype_double, mv_operation trans, int64_t m,
                              int64_t n, const void *alpha, const void *A, int64_t lda, const void *x,
                              int64_t incx, const void *beta, void *y, int64_t incy, void *workspace,
                              size_t workspace_bytes);

#endif
