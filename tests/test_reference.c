/* The double-precision reference against answers known by hand, since every
 * GPU test trusts it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reference.h"

/* cmocka gained assert_double_equal in 1.1.6; Debian 12 ships 1.1.5. */
#ifndef assert_double_equal
#define assert_double_equal(a, b, epsilon)                                                     \
    do {                                                                                       \
        const double got_ = (a), want_ = (b);                                                  \
        if (!(fabs(got_ - want_) <= (epsilon)))                                                \
            fail_msg("%s = %.17g, want %.17g", #a, got_, want_);                               \
    } while (0)
#endif

/* A = kappa*I (n x n, lda = n + 3 with garbage in the padding):
 * y = alpha*kappa*x + beta*y, for both operations. */
static void test_scaled_identity(void **state)
{
    (void)state;
    enum { N = 7, LDA = 10 };
    const double kappa = 2.5, alpha = -1.5, beta = 0.5;
    double A[LDA * N];
    for (int k = 0; k < LDA * N; ++k)
        A[k] = NAN; /* rows m..lda-1 must never be read */
    for (int j = 0; j < N; ++j)
        for (int i = 0; i < N; ++i)
            A[i + j * LDA] = i == j ? kappa : 0.0;
    for (int trans = 0; trans < 2; ++trans) {
        double x[N], y[N], bound[N];
        for (int i = 0; i < N; ++i) {
            x[i] = i + 1;
            y[i] = 10.0 * (i - 3);
        }
        ref_gemv(trans, N, N, alpha, A, LDA, x, 1, beta, y, 1, bound);
        for (int i = 0; i < N; ++i) {
            assert_double_equal(y[i], alpha * kappa * (i + 1) + beta * 10.0 * (i - 3), 0.0);
            assert_double_equal(bound[i], fabs(alpha * kappa * (i + 1)) + fabs(beta * 10.0 * (i - 3)), 0.0);
        }
    }
}

/* A 2 x 3 matrix by hand, lda = 3, negative and non-unit increments. */
static void test_hand_case(void **state)
{
    (void)state;
    /* A = [1 2 3; 4 5 6] column-major with a padding row of 99 */
    const double A[] = {1, 4, 99, 2, 5, 99, 3, 6, 99};

    /* N: x = (1, 0, -1) stored backwards with incx = -2: memory x0 _ x1 _ x2
     * holds logical elements 2, 1, 0. y = 2*A*x + 1*y. */
    const double xn[] = {-1, 77, 0, 77, 1};
    double yn[] = {10, 20};
    ref_gemv(0, 2, 3, 2.0, A, 3, xn, -2, 1.0, yn, 1, NULL);
    assert_double_equal(yn[0], 10 + 2 * (1 - 3), 0.0);
    assert_double_equal(yn[1], 20 + 2 * (4 - 6), 0.0);

    /* T: y (length 3, incy = 2) = A^T * (1, 1) with beta = 0 and NaN in y. */
    const double xt[] = {1, 1};
    double yt[] = {NAN, 55, NAN, 55, NAN};
    ref_gemv(1, 2, 3, 1.0, A, 3, xt, 1, 0.0, yt, 2, NULL);
    assert_double_equal(yt[0], 5, 0.0);
    assert_double_equal(yt[2], 7, 0.0);
    assert_double_equal(yt[4], 9, 0.0);
    assert_double_equal(yt[1], 55, 0.0);
    assert_double_equal(yt[3], 55, 0.0);

    /* T with incy = -1: logical element 0 lives at the highest address. */
    double yr[] = {0, 0, 0};
    ref_gemv(1, 2, 3, 1.0, A, 3, xt, 1, 0.0, yr, -1, NULL);
    assert_double_equal(yr[2], 5, 0.0);
    assert_double_equal(yr[0], 9, 0.0);
}

static void test_blas_rules(void **state)
{
    (void)state;
    const double nan_A[] = {NAN, NAN, NAN, NAN};
    const double nan_x[] = {NAN, NAN};
    /* alpha == 0: A and x are not read, y = beta*y. */
    double y[] = {3, -4};
    ref_gemv(0, 2, 2, 0.0, nan_A, 2, nan_x, 1, 2.0, y, 1, NULL);
    assert_double_equal(y[0], 6, 0.0);
    assert_double_equal(y[1], -8, 0.0);
    /* alpha == 0 and beta == 0: y = 0 even where it held NaN. */
    double z[] = {NAN, INFINITY};
    ref_gemv(1, 2, 2, 0.0, nan_A, 2, nan_x, 1, 0.0, z, 1, NULL);
    assert_double_equal(z[0], 0, 0.0);
    assert_double_equal(z[1], 0, 0.0);
    /* alpha == 0 and beta == 1, or an empty matrix: y untouched. */
    double w[] = {NAN, 5};
    ref_gemv(0, 2, 2, 0.0, nan_A, 2, nan_x, 1, 1.0, w, 1, NULL);
    assert_true(isnan(w[0]));
    assert_double_equal(w[1], 5, 0.0);
    ref_gemv(0, 2, 0, 1.0, nan_A, 2, nan_x, 1, 0.0, w, 1, NULL);
    assert_true(isnan(w[0]));
}

static void test_tolerance_grows(void **state)
{
    (void)state;
    const double u = 0x1.0p-24;
    assert_true(ref_tolerance(u, 1, 1.0) > 0.0);
    assert_true(ref_tolerance(u, 100, 1.0) > ref_tolerance(u, 10, 1.0));
    assert_true(ref_tolerance(u, 10000, 1.0) > ref_tolerance(u, 100, 1.0));
    assert_double_equal(ref_tolerance(u, 100, 0.0), 0.0, 0.0);
    /* far tighter than one term of a 70-long random sum */
    assert_true(ref_tolerance(u, 70, 70.0 * 0.25) < 1e-3);
    assert_int_equal(ref_index(0, 5, -2), 8);
    assert_int_equal(ref_index(4, 5, -2), 0);
    assert_int_equal(ref_index(3, 5, 3), 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scaled_identity),
        cmocka_unit_test(test_hand_case),
        cmocka_unit_test(test_blas_rules),
        cmocka_unit_test(test_tolerance_grows),
    };
    return cmocka_run_group_tests_name("reference", tests, NULL, NULL);
}
