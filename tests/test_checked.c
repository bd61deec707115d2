/* GPU: checked mode (mv_set_checked, MATVEC_CHECKED=1). Every function with
 * an operand one element past its allocation's end (the allocation a little
 * short, an lda, an increment, a stride or a batch too large for it), in
 * host memory, pinned host memory or a freed allocation: the call returns
 * MV_ERR_INVALID_VALUE naming the operand, the allocation's size and the
 * bytes past its end, and leaves the output as it was (no kernel ran).
 * The same calls with room enough, from a pointer inside an allocation, in
 * managed memory and with negative increments, pass and give the bits the
 * unchecked call gives. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_helpers.h"

/* A device buffer of `bytes` filled with a pattern (so results compare). */
static void *dev_bytes(size_t bytes)
{
    void *p = NULL;
    CHECK_CUDA(cudaMalloc(&p, bytes));
    CHECK_CUDA(cudaMemset(p, 0x3c, bytes)); /* 0x3c3c3c3c: float 0.0115, a finite double */
    return p;
}

/* The call failed in checked mode on `name`, whose operand ends `past`
 * bytes after an allocation of `alloc` bytes (past == 0: not device memory
 * at all, `why` in the message). */
static void expect_rejected(mv_handle h, mv_status st, const char *name, size_t alloc, uint64_t past, const char *why)
{
    const char *msg = mv_last_error(h);
    if (st != MV_ERR_INVALID_VALUE)
        fail_msg("expected MV_ERR_INVALID_VALUE for %s, got %s: %s", name, mv_status_string(st), msg);
    char want[160];
    if (past) {
        snprintf(want, sizeof want, ": %s covers ", name);
        if (!strstr(msg, want))
            fail_msg("message does not name %s: %s", name, msg);
        snprintf(want, sizeof want, "%" PRIu64 " bytes past the end of its %zu-byte allocation", past, alloc);
    } else {
        snprintf(want, sizeof want, ": %s = ", name);
        if (!strstr(msg, want))
            fail_msg("message does not name %s: %s", name, msg);
        snprintf(want, sizeof want, "%s", why);
    }
    if (!strstr(msg, want))
        fail_msg("message lacks \"%s\": %s", want, msg);
    if (!strstr(msg, "(checked mode)") && !strstr(msg, "(checked mode:"))
        fail_msg("message does not say checked mode: %s", msg);
}

/* y (count floats) is unchanged since `before` was taken. */
static void expect_unchanged(const void *y, const float *before, size_t count)
{
    float *now = malloc(count * sizeof *now);
    CHECK_CUDA(cudaMemcpy(now, y, count * sizeof *now, cudaMemcpyDeviceToHost));
    assert_memory_equal(now, before, count * sizeof *now);
    free(now);
}

static void test_gemv_extents(void **state)
{
    mv_handle h = *state;
    CHECK_MV(h, mv_set_checked(h, 1));
    const float one = 1.0f, half = 0.5f;
    const int64_t m = 37, n = 23, lda = 41;
    const size_t a_need = (size_t)((n - 1) * lda + m) * sizeof(float);
    /* A one element short: 4 bytes past. */
    float *A_short = dev_bytes(a_need - sizeof(float));
    float *A = dev_bytes(a_need + 64);
    float *x = dev_bytes(3 * (n - 1) * sizeof(float) + sizeof(float));
    float *y = dev_bytes(m * sizeof(float));
    float y0[37];
    CHECK_CUDA(cudaMemcpy(y0, y, sizeof y0, cudaMemcpyDeviceToHost));
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, A_short, lda, x, 1, &half, y, 1), "A", a_need - 4, 4, NULL);
    expect_unchanged(y, y0, m);
    /* lda too large for A's allocation (the last column runs past it). */
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, A, lda + 3, x, 1, &half, y, 1), "A", a_need + 64,
                    (uint64_t)(22 * 3 * 4) - 64, NULL);
    /* x with incx = 3 fits; incx = -4 reaches 3 * 22 * 4 bytes past. */
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, A, lda, x, -4, &half, y, 1), "x",
                    3 * 22 * 4 + 4, 22 * 4, NULL);
    /* y of op T is n long: here m long, so it fits; op N with incy = 2 not. */
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, A, lda, x, 1, &half, y, 2), "y", m * 4, 36 * 4, NULL);
    expect_unchanged(y, y0, m);
    /* A pointer inside an allocation: the bytes after it are what counts. */
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, A + 17, lda, x, 1, &half, y, 1), "A", a_need + 64,
                    17 * 4 - 64, NULL);
    /* Host memory, pinned host memory, a freed allocation. */
    float *host = calloc((size_t)(n * lda), sizeof(float)), *pinned = NULL;
    CHECK_CUDA(cudaMallocHost((void **)&pinned, (size_t)(n * lda) * sizeof(float)));
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, host, lda, x, 1, &half, y, 1), "A", 0, 0,
                    "not device memory");
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, pinned, lda, x, 1, &half, y, 1), "A", 0, 0,
                    "pinned host memory");
    float *freed = dev_bytes(256);
    CHECK_CUDA(cudaFree(freed));
    expect_rejected(h, mv_sgemv(h, MV_OP_N, m, n, &one, A, lda, x, 1, &half, freed, 1), "y", 0, 0,
                    "not device memory");
    /* Device pointer mode: the scalars are operands too. */
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE));
    float *scalars = dev_bytes(2 * sizeof(float));
    expect_rejected(h, mv_sgemv(h, MV_OP_T, m, n, &one, A, lda, x, 1, scalars + 1, y, 1), "alpha", 0, 0,
                    "not device memory");
    expect_rejected(h, mv_sgemv(h, MV_OP_T, m, n, scalars, A, lda, x, 1, &half, y, 1), "beta", 0, 0,
                    "not device memory");
    CHECK_MV(h, mv_sgemv(h, MV_OP_T, m, 2, scalars, A, lda, x, 1, scalars + 1, y, 1));
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
    expect_unchanged(y + 2, y0 + 2, m - 2);
    CHECK_CUDA(cudaFreeHost(pinned));
    free(host);
    void *bufs[] = {A_short, A, x, y, scalars};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; ++i)
        CHECK_CUDA(cudaFree(bufs[i]));
}

/* Valid calls give the same bits checked and unchecked: exact allocations,
 * negative increments, managed memory. */
static void test_valid_calls_same_bits(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(71);
    const int64_t m = 301, n = 77, lda = 303;
    double *hA = malloc((size_t)(lda * n) * sizeof(double)), *hx = malloc((size_t)(2 * m) * sizeof(double));
    fill_random(&r, DT_D, hA, (size_t)(lda * n));
    fill_random(&r, DT_D, hx, (size_t)(2 * m));
    /* A and x exactly as long as the call reads (x: incx = -2 over m). */
    void *A = dev_upload(DT_D, hA, (size_t)((n - 1) * lda + m));
    void *x = dev_upload(DT_D, hx, (size_t)(2 * (m - 1) + 1));
    double *y = NULL;
    CHECK_CUDA(cudaMallocManaged((void **)&y, 2 * (size_t)n * sizeof(double), cudaMemAttachGlobal));
    const double alpha = 1.25, beta = 0.0;
    double out[2][77];
    for (int checked = 0; checked < 2; ++checked) {
        CHECK_MV(h, mv_set_checked(h, checked));
        CHECK_MV(h, mv_dgemv(h, MV_OP_T, m, n, &alpha, A, lda, x, -2, &beta, y, 2));
        CHECK_CUDA(cudaDeviceSynchronize());
        for (int64_t j = 0; j < n; ++j)
            out[checked][j] = y[2 * j];
    }
    assert_memory_equal(out[0], out[1], sizeof out[0]);
    /* One column more than A holds: rejected. */
    CHECK_MV(h, mv_set_checked(h, 1));
    expect_rejected(h, mv_dgemv(h, MV_OP_T, m, n + 1, &alpha, A, lda, x, -2, &beta, y, 2), "A",
                    (size_t)((n - 1) * lda + m) * 8, (uint64_t)(lda * 8), NULL);
    CHECK_CUDA(cudaFree(A));
    CHECK_CUDA(cudaFree(x));
    CHECK_CUDA(cudaFree(y));
    free(hA);
    free(hx);
}

/* The other functions: one rejected operand each, named. */
static void test_other_functions(void **state)
{
    mv_handle h = *state;
    CHECK_MV(h, mv_set_checked(h, 1));
    const float one = 1.0f, zero = 0.0f;
    float *big = dev_bytes(1 << 20), *small = dev_bytes(100 * sizeof(float));
    /* GEMV-NT: z of n = 30 elements with incz = 4 in 100 floats. */
    expect_rejected(h, mv_sgemv_nt(h, 20, 30, &one, big, 20, big + 1000, 1, &zero, big + 2000, 1, &one, big + 3000, 1,
                                   &zero, small, 4), "z", 400, 117 * 4 - 400, NULL);
    /* Strided batched: A of 10 problems of 9 x 9 at stride 81 in 100 floats;
     * y at a negative stride from inside its allocation. */
    expect_rejected(h, mv_sgemv_strided_batched(h, MV_OP_N, 9, 9, &one, small, 9, 81, big, 1, 9, &zero, big + 5000, 1,
                                                9, 10),
                    "A", 400, (9 * 81 + 81) * 4 - 400, NULL);
    CHECK_MV(h, mv_sgemv_strided_batched(h, MV_OP_N, 9, 9, &one, big, 9, 81, big + 9000, 1, 9, &zero, big + 5000, 1,
                                         -9, 10));
    /* problem 0's y at small + 95, problem 2's at small + 77: 16 bytes past */
    expect_rejected(h, mv_sgemv_strided_batched(h, MV_OP_N, 9, 9, &one, big, 9, 81, big + 9000, 1, 9, &zero,
                                                small + 95, 1, -9, 3),
                    "y", 400, 16, NULL);
    /* Pointer arrays: 30 pointers where the array holds 12. */
    const float **arr = NULL;
    CHECK_CUDA(cudaMalloc((void **)&arr, 12 * sizeof(void *)));
    expect_rejected(h, mv_sgemv_batched(h, MV_OP_T, 4, 4, &one, arr, 4, (const float *const *)big, 1, &zero,
                                        (float *const *)(big + 4096), 1, 30),
                    "A", 12 * sizeof(void *), 18 * sizeof(void *), NULL);
    /* mv_gemv_ex: a bfloat16 A of 100 x 3 in 100 floats (400 bytes). */
    expect_rejected(h, mv_gemv_ex(h, MV_OP_N, 100, 3, &one, small, MV_R_16BF, 100, big, MV_R_32F, 1, &zero, big + 500,
                                  MV_R_32F, 1),
                    "A", 400, 200, NULL);
    /* GEMM: C of 10 x 11 with ldc 10 in 100 floats. */
    expect_rejected(h, mv_sgemm(h, MV_OP_N, MV_OP_N, 10, 11, 5, &one, big, 10, big + 100, 5, &zero, small, 10), "C",
                    400, 40, NULL);
    /* Transposes. */
    expect_rejected(h, mv_stranspose(h, 10, 11, small, 10, big, 11), "A", 400, 40, NULL);
    expect_rejected(h, mv_stranspose_inplace(h, 11, small, 11), "A", 400, 84, NULL);
    CHECK_CUDA(cudaFree(arr));
    CHECK_CUDA(cudaFree(big));
    CHECK_CUDA(cudaFree(small));
}

/* Off (the default): no check runs, and a valid call on host memory's
 * neighbour is not the library's business; just the setting round trip. */
static void test_default_off(void **state)
{
    mv_handle h = *state;
    int on = -1;
    CHECK_MV(h, mv_get_checked(h, &on));
    const char *env = getenv("MATVEC_CHECKED");
    assert_int_equal(on, env && !strcmp(env, "1"));
}

GPU_TEST_MAIN("checked",
              HANDLE_TEST(test_default_off),
              HANDLE_TEST(test_gemv_extents),
              HANDLE_TEST(test_valid_calls_same_bits),
              HANDLE_TEST(test_other_functions))
