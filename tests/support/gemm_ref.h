/* Double-precision reference GEMM in plain C: the oracle of tests/test_gemm.c.
 * Reference-BLAS xGEMM semantics, including the quick returns and the
 * alpha = 0, k = 0 and beta = 0 rules. Tolerances: ref_tolerance of
 * reference.h with the reduction length k. */
#ifndef MATVEC_GEMM_REF_H
#define MATVEC_GEMM_REF_H

#include <stdint.h>

/* C = alpha*op(A)*op(B) + beta*C, column-major, every product and sum in
 * double. transa, transb: 0 = N, 1 = T. If bound is not NULL it receives,
 * for element (i, j) at bound[i + j*m], the magnitude that the rounding
 * error scales with: |alpha| * sum_p |op(A)_ip op(B)_pj| + |beta * C_ij|
 * (from the incoming C; 0 where C is not touched). */
void ref_gemm(int transa, int transb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t lda,
              const double *B, int64_t ldb, double beta, double *C, int64_t ldc, double *bound);

/* One element of the same: the new C(i, j) from the incoming c_ij, and its
 * bound. For checking a sample of a product too large for ref_gemm. */
double ref_gemm_element(int transa, int transb, int64_t k, double alpha, const double *A, int64_t lda,
                        const double *B, int64_t ldb, double beta, double c_ij, int64_t i, int64_t j,
                        double *bound);

#endif
