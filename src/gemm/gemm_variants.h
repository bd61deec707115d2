/* Running a named GEMM variant, and naming the default's path for a call:
 * for the tests and mvbench, apart from the stable API. Linked from the static library (the shared one does not export
 * these). Validation, quick returns and errors are exactly mv_sgemm's. */
#ifndef MATVEC_GEMM_VARIANTS_H
#define MATVEC_GEMM_VARIANTS_H

#include "gemm/gemm_registry.h"
#include "matvec.h"

/* C = alpha*op(A)*op(B) + beta*C through the named variant; dtype_double
 * selects double (else float) for A, B, C, alpha, beta. Errors:
 * MV_ERR_INVALID_VALUE for an unknown name, MV_ERR_NOT_SUPPORTED when the
 * variant lacks the type; then those of mv_sgemm, in the same order, with
 * messages that start "mv_gemm_variant_run: ". */
mv_status mv_gemm_variant_run(mv_handle h, const char *variant, int dtype_double, mv_operation transa,
                              mv_operation transb, int64_t m, int64_t n, int64_t k, const void *alpha,
                              const void *A, int64_t lda, const void *B, int64_t ldb, const void *beta, void *C,
                              int64_t ldc);

/* Which path mv_sgemm (dtype_double 0) or mv_dgemm (1) takes for these
 * arguments, on h as it is (pointer mode, cuBLAS): "quick" for a quick
 * return, "cublas" where the call goes to cuBLAS, else the default path's
 * kernel: "scale", "gemv", "dmma-narrow", "narrow", "dmma" or "simt".
 * Validates like mv_sgemm (messages start "mv_gemm_default_path: ") and
 * returns NULL on a call that mv_sgemm would refuse; reads no operand and
 * launches nothing. */
const char *mv_gemm_default_path(mv_handle h, int dtype_double, mv_operation transa, mv_operation transb, int64_t m,
                                 int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B,
                                 int64_t ldb, const void *beta, void *C, int64_t ldc);

/* The kernel of matvec's own path for these arguments, as
 * mv_gemm_default_path names it but never "cublas": what the
 * "default" variant (mv_gemm_variant_run) runs. Messages start
 * "mv_gemm_own_path: ". */
const char *mv_gemm_own_path(mv_handle h, int dtype_double, mv_operation transa, mv_operation transb, int64_t m,
                             int64_t n, int64_t k, const void *alpha, const void *A, int64_t lda, const void *B,
                             int64_t ldb, const void *beta, void *C, int64_t ldc);

#endif
