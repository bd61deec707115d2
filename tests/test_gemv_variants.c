/* GPU: every registered GEMV variant (src/gemv/gemv_registry.c) against
 * the double reference, for each operation it offers: odd and prime shapes,
 * tails, lda > m, negative and non-unit increments, alpha = 0 with NaN in A
 * and x, beta = 0 with NaN in y, both pointer modes; bitwise
 * reproducibility for the variants that promise it; lookup errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gemv_check.h"
#include "gemv/gemv_variants.h"

static int offers(const mv_gemv_variant *v, int trans)
{
    return (v->ops & (trans ? MV_VARIANT_OP_T : MV_VARIANT_OP_N)) != 0;
}

static void test_every_variant(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(30);
    static const int64_t shapes[][2] = {{1, 1},   {2, 3},   {7, 1},    {1, 9},    {33, 31},  {31, 65},
                                        {70, 69}, {257, 3}, {3, 1031}, {1025, 9}, {997, 1009}, {4099, 261}};
    static const int64_t incs[] = {1, -1, 3, -2};
    for (size_t vi = 0; vi < mv_gemv_variant_count(); ++vi) {
        const mv_gemv_variant *v = mv_gemv_variant_at(vi);
        for (int trans = 0; trans < 2; ++trans) {
            if (!offers(v, trans))
                continue;
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
                const int64_t m = shapes[s][0], n = shapes[s][1];
                if (small_mode() && m * n > 100000)
                    continue;
                for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
                    const gemv_case plain = {dtype, (mv_operation)trans, m, n, m, 1, 1, 1.0, 0.0, 0, v->name, 0, 0};
                    run_gemv_case(h, &plain, &r);
                    const gemv_case strided = {dtype, (mv_operation)trans, m, n, m + 1 + (int64_t)(s % 4),
                                               incs[s % 4], incs[(s + 1) % 4], -1.5, 0.75, 0, v->name, 0, 0};
                    run_gemv_case(h, &strided, &r);
                }
            }
            /* The BLAS rules, in both pointer modes. */
            for (int mode = 0; mode < 2; ++mode) {
                CHECK_MV(h, mv_set_pointer_mode(h, (mv_pointer_mode)mode));
                for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
                    const gemv_case beta0 = {dtype, (mv_operation)trans, 131, 67, 133, 2, -1, 2.0, 0.0, 0, v->name, 0, 0};
                    run_gemv_case(h, &beta0, &r);
                    const gemv_case alpha0 = {dtype, (mv_operation)trans, 67, 131, 67, 1, 3, 0.0, -2.0, 1, v->name, 0, 0};
                    run_gemv_case(h, &alpha0, &r);
                    const gemv_case both0 = {dtype, (mv_operation)trans, 40, 41, 40, -1, 1, 0.0, 0.0, 1, v->name, 0, 0};
                    run_gemv_case(h, &both0, &r);
                    const gemv_case general = {dtype, (mv_operation)trans, 301, 299, 301, 1, 1, 0.5, 1.5, 0, v->name, 0, 0};
                    run_gemv_case(h, &general, &r);
                }
            }
            CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
        }
    }
}

/* Variants that promise determinism give the same bits on every run. */
static void test_deterministic_variants(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(31);
    const int64_t m = small_mode() ? 211 : 2111, n = small_mode() ? 197 : 1979;
    double *A = malloc(sizeof(double) * m * n), x[2111], y[2111], first[2111], again[2111];
    assert_non_null(A);
    fill_random(&r, DT_S, A, (size_t)(m * n));
    fill_random(&r, DT_S, x, 2111);
    fill_random(&r, DT_S, y, 2111);
    void *dA = dev_upload(DT_S, A, (size_t)(m * n)), *dx = dev_upload(DT_S, x, 2111), *dy = dev_upload(DT_S, y, 2111);
    const float alpha = 1.5f, beta = -0.25f;
    for (size_t vi = 0; vi < mv_gemv_variant_count(); ++vi) {
        const mv_gemv_variant *v = mv_gemv_variant_at(vi);
        if (!v->deterministic)
            continue;
        for (int trans = 0; trans < 2; ++trans) {
            if (!offers(v, trans))
                continue;
            const int64_t len_y = trans ? n : m;
            for (int run = 0; run < 3; ++run) {
                void *ty = dev_upload(DT_S, y, (size_t)len_y);
                CHECK_CUDA(cudaMemcpy(dy, ty, (size_t)len_y * sizeof(float), cudaMemcpyDeviceToDevice));
                dev_free(ty);
                CHECK_MV(h, mv_gemv_variant_run(h, v->name, 0, (mv_operation)trans, m, n, &alpha, dA, m, dx, 1,
                                                &beta, dy, 1, NULL, 0));
                CHECK_CUDA(cudaDeviceSynchronize());
                dev_download(DT_S, dy, run ? again : first, (size_t)len_y);
                if (run && !same_bits(first, again, (size_t)len_y))
                    fail_msg("%s op=%c: run %d differs from run 0", v->name, trans ? 'T' : 'N', run);
            }
        }
    }
    dev_free(dA);
    dev_free(dx);
    dev_free(dy);
    free(A);
}

static void test_registry_and_lookup_errors(void **state)
{
    mv_handle h = *state;
    assert_true(mv_gemv_variant_count() >= 6);
    assert_string_equal(mv_gemv_variant_at(0)->name, "default");
    assert_null(mv_gemv_variant_at(mv_gemv_variant_count()));
    for (size_t i = 0; i < mv_gemv_variant_count(); ++i) {
        const mv_gemv_variant *v = mv_gemv_variant_at(i);
        assert_ptr_equal(mv_gemv_variant_find(v->name), v);
        assert_true(v->idea && *v->idea && v->source && *v->source && v->napkin && *v->napkin);
        assert_true(v->ops != 0);
        for (size_t j = 0; j < i; ++j)
            assert_string_not_equal(v->name, mv_gemv_variant_at(j)->name);
    }
    size_t bytes = 1;
    assert_int_equal(mv_gemv_variant_workspace(h, "no-such-kernel", 0, MV_OP_N, 4, 4, 4, &bytes),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_gemv_variant_workspace: variant = \"no-such-kernel\" is not a GEMV variant");
    const float one = 1.0f;
    float *d = NULL;
    CHECK_CUDA(cudaMalloc((void **)&d, 64 * sizeof(float)));
    for (size_t i = 0; i < mv_gemv_variant_count(); ++i) {
        const mv_gemv_variant *v = mv_gemv_variant_at(i);
        for (int trans = 0; trans < 2; ++trans) {
            if (offers(v, trans))
                continue;
            assert_int_equal(mv_gemv_variant_run(h, v->name, 0, (mv_operation)trans, 4, 4, &one, d, 4, d, 1, &one,
                                                 d + 32, 1, NULL, 0),
                             MV_ERR_NOT_SUPPORTED);
            assert_non_null(strstr(mv_last_error(h), "has no MV_OP_"));
        }
        size_t need = 0;
        if (offers(v, 1))
            CHECK_MV(h, mv_gemv_variant_workspace(h, v->name, 0, MV_OP_T, 5, 4, 5, &need));
        if (need) {
            assert_int_equal(mv_gemv_variant_run(h, v->name, 0, MV_OP_T, 5, 4, &one, d, 5, d, 1, &one, d + 32, 1, NULL,
                                                 0),
                             MV_ERR_INVALID_VALUE);
            assert_non_null(strstr(mv_last_error(h), "bytes of workspace"));
        }
    }
    /* The variant entry point validates exactly like mv_sgemv. */
    assert_int_equal(mv_gemv_variant_run(h, "naive", 0, MV_OP_N, 4, 4, &one, d, 3, d, 1, &one, d + 32, 1, NULL, 0),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_gemv_variant_run: lda = 3 must be >= max(1, m) = 4");
    CHECK_CUDA(cudaFree(d));
}

GPU_TEST_MAIN("gemv_variants",
              HANDLE_TEST(test_registry_and_lookup_errors),
              HANDLE_TEST(test_every_variant),
              HANDLE_TEST(test_deterministic_variants))
