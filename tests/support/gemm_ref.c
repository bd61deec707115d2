#include "gemm_ref.h"

#include <math.h>
#include <stdlib.h>

double ref_gemm_element(int transa, int transb, int64_t k, double alpha, const double *A, int64_t lda,
                        const double *B, int64_t ldb, double beta, double c_ij, int64_t i, int64_t j,
                        double *bound)
{
    double dot = 0.0, mag = 0.0;
    const int use_ab = alpha != 0.0 && k > 0;
    if (use_ab) {
        for (int64_t p = 0; p < k; ++p) {
            const double a = transa ? A[p + i * lda] : A[i + p * lda];
            const double b = transb ? B[j + p * ldb] : B[p + j * ldb];
            dot += a * b;
            mag += fabs(a * b);
        }
    }
    const double old = beta == 0.0 ? 0.0 : beta * c_ij;
    if (bound) /* with k == 0 alpha plays no part, even when it is Inf */
        *bound = (use_ab ? fabs(alpha) * mag : 0.0) + fabs(old);
    return (use_ab ? alpha * dot : 0.0) + old;
}

void ref_gemm(int transa, int transb, int64_t m, int64_t n, int64_t k, double alpha, const double *A, int64_t lda,
              const double *B, int64_t ldb, double beta, double *C, int64_t ldc, double *bound)
{
    if (bound)
        for (int64_t e = 0; e < m * n; ++e)
            bound[e] = 0.0;
    if (m == 0 || n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0))
        return;
    const int use_ab = alpha != 0.0 && k > 0;
    double *dot = calloc((size_t)m, sizeof *dot), *mag = calloc((size_t)m, sizeof *mag);
    if (!dot || !mag)
        abort(); /* test code: out of host memory is fatal */
    for (int64_t j = 0; j < n; ++j) {
        for (int64_t i = 0; i < m; ++i)
            dot[i] = mag[i] = 0.0;
        if (use_ab) {
            if (!transa) {
                /* A(i, p) runs along i: accumulate column by column. */
                for (int64_t p = 0; p < k; ++p) {
                    const double b = transb ? B[j + p * ldb] : B[p + j * ldb];
                    const double *a = A + p * lda;
                    for (int64_t i = 0; i < m; ++i) {
                        dot[i] += a[i] * b;
                        mag[i] += fabs(a[i] * b);
                    }
                }
            } else {
                /* A(p, i) runs along p: one dot product per element. */
                for (int64_t i = 0; i < m; ++i) {
                    const double *a = A + i * lda;
                    double d = 0.0, g = 0.0;
                    for (int64_t p = 0; p < k; ++p) {
                        const double b = transb ? B[j + p * ldb] : B[p + j * ldb];
                        d += a[p] * b;
                        g += fabs(a[p] * b);
                    }
                    dot[i] = d;
                    mag[i] = g;
                }
            }
        }
        for (int64_t i = 0; i < m; ++i) {
            double *c = &C[i + j * ldc];
            const double old = beta == 0.0 ? 0.0 : beta * *c;
            if (bound)
                bound[i + j * m] = (use_ab ? fabs(alpha) * mag[i] : 0.0) + fabs(old);
            *c = (use_ab ? alpha * dot[i] : 0.0) + old;
        }
    }
    free(dot);
    free(mag);
}
