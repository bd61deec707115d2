#include "reference.h"

#include <math.h>
#include <string.h>

double ref_binary16(uint16_t b)
{
    const int e = (b >> 10) & 0x1f, f = b & 0x3ff;
    double v;
    if (e == 0)
        v = ldexp((double)f, -24); /* zero and subnormals */
    else if (e == 31)
        v = f ? (double)NAN : (double)INFINITY;
    else
        v = ldexp((double)(f | 0x400), e - 25);
    return (b & 0x8000) ? -v : v;
}

double ref_bfloat16(uint16_t b)
{
    const uint32_t u = (uint32_t)b << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return (double)f;
}

int64_t ref_index(int64_t k, int64_t len, int64_t inc)
{
    return inc > 0 ? k * inc : (k - (len - 1)) * inc;
}

void ref_gemv(int trans, int64_t m, int64_t n, double alpha, const double *A, int64_t lda,
              const double *x, int64_t incx, double beta, double *y, int64_t incy, double *bound)
{
    if (m == 0 || n == 0 || (alpha == 0.0 && beta == 1.0)) {
        if (bound) {
            const int64_t len_y = trans ? n : m;
            for (int64_t i = 0; i < len_y; ++i)
                bound[i] = 0.0;
        }
        return;
    }
    const int64_t len_y = trans ? n : m;
    const int64_t len_x = trans ? m : n;
    for (int64_t i = 0; i < len_y; ++i) {
        double dot = 0.0, mag = 0.0;
        if (alpha != 0.0) {
            for (int64_t k = 0; k < len_x; ++k) {
                const double a = trans ? A[k + i * lda] : A[i + k * lda];
                const double term = a * x[ref_index(k, len_x, incx)];
                dot += term;
                mag += fabs(term);
            }
        }
        double *yi = &y[ref_index(i, len_y, incy)];
        const double old = beta == 0.0 ? 0.0 : beta * *yi;
        if (bound)
            bound[i] = fabs(alpha) * mag + fabs(old);
        *yi = (alpha == 0.0 ? 0.0 : alpha * dot) + old;
    }
}

double ref_tolerance(double unit_roundoff, int64_t len, double bound)
{
    return 4.0 * (sqrt((double)len) + 2.0) * unit_roundoff * bound;
}
