/* One GEMV case run on the GPU and checked against the double reference:
 * fresh random A, x, y; NaN in every gap of a strided y (and in y itself when
 * beta == 0); A and x must come back unchanged, gaps bitwise unchanged, and
 * every output within ref_tolerance. Include after <cmocka.h>. */
#ifndef MATVEC_GEMV_CHECK_H
#define MATVEC_GEMV_CHECK_H

#include "gpu_helpers.h"

typedef struct {
    int dtype;
    mv_operation trans;
    int64_t m, n, lda, incx, incy;
    double alpha, beta;
    int nan_inputs;  /* fill A and x with NaN: only meaningful with alpha == 0 */
    const char *variant; /* a registered GEMV variant; NULL: the public mv_sgemv/mv_dgemv */
    int64_t off_A, off_x; /* A and x start this many elements into their allocations
                           * (1..3: pointers that are not 16-byte aligned) */
} gemv_case;

/* Length of the vector op(A) multiplies, and of the output. */
int64_t case_len_x(const gemv_case *c);
int64_t case_len_y(const gemv_case *c);
/* Elements spanned by a vector of len elements with increment inc. */
size_t vector_span(int64_t len, int64_t inc);

/* A's host copy for a case: A_alloc holds off_A elements before A, then
 * its lda x n span; A's elements random, rows m..lda-1 and the elements
 * before A NaN (a 16-byte load may span them when columns start off a
 * 16-byte boundary; their values must never reach y). */
void fill_matrix_poisoned(rng_t *r, int dtype, double *A_alloc, int64_t off_A, int64_t m, int64_t n, int64_t lda);

/* Runs c on handle h (its stream and pointer mode as they are set) and checks
 * it; fails the current test with the case and the first bad element. */
void run_gemv_case(mv_handle h, const gemv_case *c, rng_t *r);

/* Checks y_out (a span of c's output vector) against the reference computed
 * from A, x, y_in; fails with a description on the first bad element. */
void check_gemv_result(const gemv_case *c, const double *A, const double *x, const double *y_in,
                       const double *y_out);

#endif
