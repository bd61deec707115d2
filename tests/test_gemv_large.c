/* GPU: a matrix of more than 2^31 elements (46341 x 46341 with lda = 46343,
 * 8.6 GB of float), so that element offsets and the element count overflow
 * 32-bit integers; both operations against the double reference. Small mode
 * (under compute-sanitizer) runs the same code on 1001 x 1001. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gemv_check.h"

static void test_more_than_2_31_elements(void **state)
{
    (void)state;
    mv_handle h = NULL;
    CHECK_MV(h, mv_create(&h));
    const int64_t m = small_mode() ? 1001 : 46341, n = m, lda = m + 2;
    const size_t count = (size_t)(lda * (n - 1) + m);
    if (!small_mode()) {
        assert_true(m * n > (INT64_C(1) << 31));
        assert_true(count > (size_t)(INT64_C(1) << 31));
    }
    size_t free_bytes = 0, total_bytes = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (free_bytes < count * sizeof(float) + (1u << 30))
        fail_msg("needs %zu bytes of GPU memory, %zu free", count * sizeof(float), free_bytes);

    rng_t r = rng_make(20);
    double *A = malloc(count * sizeof *A);
    double *x = malloc((size_t)m * sizeof *x), *y = malloc((size_t)m * sizeof *y);
    double *out = malloc((size_t)m * sizeof *out);
    assert_true(A && x && y && out);
    fill_random(&r, DT_S, A, count);
    void *dA = dev_upload(DT_S, A, count);
    for (int trans = 0; trans < 2; ++trans) {
        fill_random(&r, DT_S, x, (size_t)m);
        fill_random(&r, DT_S, y, (size_t)m);
        void *dx = dev_upload(DT_S, x, (size_t)m), *dy = dev_upload(DT_S, y, (size_t)m);
        const gemv_case c = {DT_S, (mv_operation)trans, m, n, lda, 1, 1, 0.75, -1.25, 0, NULL, 0, 0};
        const float alpha = 0.75f, beta = -1.25f;
        CHECK_MV(h, mv_sgemv(h, c.trans, m, n, &alpha, dA, lda, dx, 1, &beta, dy, 1));
        CHECK_CUDA(cudaDeviceSynchronize());
        dev_download(DT_S, dy, out, (size_t)m);
        check_gemv_result(&c, A, x, y, out);
        dev_free(dx);
        dev_free(dy);
    }
    dev_free(dA);
    free(A);
    free(x);
    free(y);
    free(out);
    CHECK_MV(h, mv_destroy(h));
}

GPU_TEST_MAIN("gemv_large",
              cmocka_unit_test(test_more_than_2_31_elements))
