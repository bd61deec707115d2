/* Double-precision reference GEMV in plain C: the oracle of the tests and of
 * mvbench. Reference-BLAS semantics, including the quick returns and the
 * alpha = 0 and beta = 0 rules. */
#ifndef MATVEC_REFERENCE_H
#define MATVEC_REFERENCE_H

#include <stdint.h>

/* y = alpha*op(A)*x + beta*y with every product and sum in double. If bound
 * is not NULL it receives, per logical element of y, the magnitude that the
 * rounding error scales with: |alpha| * sum_k |op(A)_ik x_k| + |beta * y_i|
 * (computed from the incoming y). trans: 0 = N, 1 = T. Increments may be
 * negative (BLAS: the pointer is the lowest address). */
void ref_gemv(int trans, int64_t m, int64_t n, double alpha, const double *A, int64_t lda,
              const double *x, int64_t incx, double beta, double *y, int64_t incy, double *bound);

/* The largest error accepted for one output: it grows with the square root
 * of the reduction length, as the rounding error of a sum of random-signed
 * terms does, with a factor of 4 * (sqrt(len) + 2) unit roundoffs. The
 * worst-case bound (len unit roundoffs) is so loose at large len that a
 * dropped term would pass. unit_roundoff: 2^-24 for float, 2^-53 for double. */
double ref_tolerance(double unit_roundoff, int64_t len, double bound);

/* Offset of logical element k of a vector of len elements with increment
 * inc, from the lowest address (BLAS convention). */
int64_t ref_index(int64_t k, int64_t len, int64_t inc);

/* The exact value of an IEEE binary16 (1 sign, 5 exponent bits with bias
 * 15, 10 fraction bits) and of a bfloat16 (the top 16 bits of a float). */
double ref_binary16(uint16_t bits);
double ref_bfloat16(uint16_t bits);

#endif
