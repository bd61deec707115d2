/* GPU: the semantic rules of mv_sgemv / mv_dgemv: pointer modes, streams,
 * the alpha = 0 and beta = 0 rules with poisoned data, quick returns that
 * leave y bitwise unchanged, errors that change nothing, a failed launch,
 * graph capture and replay, dependent calls back to back, bitwise
 * reproducibility. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gemv_check.h"

static void test_create_binds_device(void **state)
{
    mv_handle h = *state;
    cudaStream_t s = (cudaStream_t)(uintptr_t)1;
    mv_pointer_mode mode = MV_POINTER_MODE_DEVICE;
    CHECK_MV(h, mv_get_stream(h, &s));
    assert_null(s);
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    assert_int_equal(mode, MV_POINTER_MODE_HOST);
    assert_string_equal(mv_last_error(h), "");
    /* Two handles at once are independent. */
    mv_handle other = NULL;
    CHECK_MV(other, mv_create(&other));
    CHECK_MV(other, mv_set_pointer_mode(other, MV_POINTER_MODE_DEVICE));
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    assert_int_equal(mode, MV_POINTER_MODE_HOST);
    CHECK_MV(other, mv_destroy(other));
}

/* A fixed battery of cases on the handle as it is set up. */
static void run_battery(mv_handle h, rng_t *r)
{
    static const int64_t shapes[][2] = {{1, 1}, {5, 3}, {64, 1}, {1, 64}, {129, 31}, {31, 129}, {515, 257}};
    static const double scalars[][2] = {{1.0, 0.0}, {-2.5, 1.0}, {0.5, -1.5}, {1.0, 1.0}, {3.0, 0.25}};
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans)
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
                for (size_t a = 0; a < sizeof scalars / sizeof scalars[0]; ++a) {
                    const int64_t m = shapes[s][0], n = shapes[s][1];
                    const gemv_case c = {dtype, (mv_operation)trans, m, n, m + (int64_t)a, a % 2 ? -2 : 1,
                                         a % 3 ? 1 : -3, scalars[a][0], scalars[a][1], 0, NULL, 0, 0};
                    run_gemv_case(h, &c, r);
                }
}

static void test_pointer_mode_device(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(10);
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE));
    run_battery(h, &r);
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
    run_battery(h, &r);
}

static void test_non_default_stream(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(11);
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK_MV(h, mv_set_stream(h, s));
    run_battery(h, &r);

    /* Stream order: copy x in, multiply, copy y out, all queued on s behind
     * a slow-to-finish copy, with one synchronization at the end. */
    enum { M = 777, N = 1234 };
    gemv_case c = {DT_S, MV_OP_N, M, N, M, 1, 1, 1.0, 0.0, 0, NULL, 0, 0};
    double *A = malloc(sizeof(double) * M * N), *x = malloc(sizeof(double) * N), *y = malloc(sizeof(double) * M);
    double *out = malloc(sizeof(double) * M);
    assert_true(A && x && y && out);
    fill_random(&r, DT_S, A, (size_t)M * N);
    fill_random(&r, DT_S, x, N);
    fill_nan(y, M);
    void *dA = dev_upload(DT_S, A, (size_t)M * N), *dx = dev_upload(DT_S, x, N), *dy = dev_upload(DT_S, y, M);
    float *hx = NULL, *hy = NULL;
    CHECK_CUDA(cudaMallocHost((void **)&hx, sizeof(float) * N));
    CHECK_CUDA(cudaMallocHost((void **)&hy, sizeof(float) * M));
    fill_random(&r, DT_S, x, N); /* new x, only in pinned memory so far */
    for (int i = 0; i < N; ++i)
        hx[i] = (float)x[i];
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpyAsync(dx, hx, sizeof(float) * N, cudaMemcpyHostToDevice, s));
    const float one = 1.0f, zero = 0.0f;
    CHECK_MV(h, mv_sgemv(h, MV_OP_N, M, N, &one, dA, M, dx, 1, &zero, dy, 1));
    CHECK_CUDA(cudaMemcpyAsync(hy, dy, sizeof(float) * M, cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    for (int i = 0; i < M; ++i)
        out[i] = hy[i];
    check_gemv_result(&c, A, x, y, out);

    CHECK_MV(h, mv_set_stream(h, 0));
    CHECK_CUDA(cudaFreeHost(hx));
    CHECK_CUDA(cudaFreeHost(hy));
    dev_free(dA);
    dev_free(dx);
    dev_free(dy);
    CHECK_CUDA(cudaStreamDestroy(s));
    free(A);
    free(x);
    free(y);
    free(out);
}

/* beta = 0: y holds NaN (run_gemv_case poisons it) and must not show
 * through; alpha = 0: A and x are all NaN and must not be read. */
static void test_zero_scalars_with_poison(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(12);
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, (mv_pointer_mode)mode));
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int trans = 0; trans < 2; ++trans) {
                const gemv_case beta0 = {dtype, (mv_operation)trans, 301, 77, 303, 1, -2, 1.5, 0.0, 0, NULL, 0, 0};
                run_gemv_case(h, &beta0, &r);
                const gemv_case alpha0 = {dtype, (mv_operation)trans, 77, 301, 80, -3, 1, 0.0, -0.5, 1, NULL, 0, 0};
                run_gemv_case(h, &alpha0, &r);
                const gemv_case both0 = {dtype, (mv_operation)trans, 64, 65, 64, 1, 3, 0.0, 0.0, 1, NULL, 0, 0};
                run_gemv_case(h, &both0, &r);
            }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* y full of NaNs with a payload, negative zeros and values: a quick return
 * must leave every bit. A kernel that wrote 1*y would canonicalize the NaNs. */
static void fill_distinctive(rng_t *r, int dtype, double *y, size_t count)
{
    const uint64_t payload_nan = 0x7ffc000000000000ull;
    fill_random(r, dtype, y, count);
    for (size_t i = 0; i < count; i += 3)
        memcpy(&y[i], &payload_nan, sizeof payload_nan);
    for (size_t i = 1; i < count; i += 5)
        y[i] = -0.0;
}

static void expect_y_unchanged(mv_handle h, int dtype, mv_operation trans, int64_t m, int64_t n,
                               const double alpha, const double beta, int device_mode, mv_status want)
{
    rng_t r = rng_make(13);
    enum { LEN = 257 };
    double host_A[LEN * 3], host_x[LEN], y[LEN], out[LEN];
    fill_random(&r, dtype, host_A, LEN * 3);
    fill_random(&r, dtype, host_x, LEN);
    fill_distinctive(&r, dtype, y, LEN);
    void *dA = dev_upload(dtype, host_A, LEN * 3), *dx = dev_upload(dtype, host_x, LEN);
    void *dy = dev_upload(dtype, y, LEN);
    const double scalars[2] = {alpha, beta};
    void *dscal = dev_upload(dtype, scalars, 2);
    CHECK_MV(h, mv_set_pointer_mode(h, device_mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
    const void *pa = device_mode ? dscal : (const void *)&scalars[0];
    const void *pb = device_mode ? (const void *)((const char *)dscal + dtype_size(dtype)) : (const void *)&scalars[1];
    const int64_t lda = m > 1 ? m : 1;
    assert_int_equal(call_gemv(h, dtype, trans, m, n, pa, dA, lda, dx, 1, pb, dy, 1), want);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaGetLastError());
    dev_download(dtype, dy, out, LEN);
    if (!same_bits(out, y, LEN))
        fail_msg("%s op=%d m=%lld n=%lld alpha=%g beta=%g mode=%d: y changed", dtype_name(dtype), trans,
                 (long long)m, (long long)n, alpha, beta, device_mode);
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
    dev_free(dA);
    dev_free(dx);
    dev_free(dy);
    dev_free(dscal);
}

static void test_quick_returns_leave_y(void **state)
{
    mv_handle h = *state;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans)
            for (int mode = 0; mode < 2; ++mode) {
                expect_y_unchanged(h, dtype, (mv_operation)trans, 0, 200, 1.0, 0.0, mode, MV_SUCCESS);
                expect_y_unchanged(h, dtype, (mv_operation)trans, 200, 0, 1.0, 0.0, mode, MV_SUCCESS);
                /* In device mode alpha = 0, beta = 1 is found by the kernel. */
                expect_y_unchanged(h, dtype, (mv_operation)trans, 250, 3, 0.0, 1.0, mode, MV_SUCCESS);
                expect_y_unchanged(h, dtype, (mv_operation)trans, 3, 250, 0.0, 1.0, mode, MV_SUCCESS);
            }
}

/* Bad arguments on real device buffers: the status, the message, and y. */
static void test_errors_change_nothing(void **state)
{
    mv_handle h = *state;
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        rng_t r = rng_make(14);
        double y[50], out[50], A[100], x[50];
        fill_distinctive(&r, dtype, y, 50);
        fill_random(&r, dtype, A, 100);
        fill_random(&r, dtype, x, 50);
        void *dA = dev_upload(dtype, A, 100), *dx = dev_upload(dtype, x, 50), *dy = dev_upload(dtype, y, 50);
        const double one = 1.0, zero = 0.0;
        const char *fn = dtype == DT_S ? "mv_sgemv" : "mv_dgemv";
        char want[256];
        assert_int_equal(call_gemv(h, dtype, MV_OP_N, 10, 5, &one, dA, 9, dx, 1, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        snprintf(want, sizeof want, "%s: lda = 9 must be >= max(1, m) = 10", fn);
        assert_string_equal(mv_last_error(h), want);
        assert_int_equal(call_gemv(h, dtype, MV_OP_T, 10, 5, &one, dA, 10, dx, 0, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        snprintf(want, sizeof want, "%s: incx = 0 must not be 0", fn);
        assert_string_equal(mv_last_error(h), want);
        assert_int_equal(call_gemv(h, dtype, MV_OP_T, 10, 5, &one, dA, 10, dx, 1, &zero, dy, 0),
                         MV_ERR_INVALID_VALUE);
        assert_int_equal(call_gemv(h, dtype, (mv_operation)2, 10, 5, &one, dA, 10, dx, 1, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        assert_int_equal(call_gemv(h, dtype, MV_OP_N, -10, 5, &one, dA, 10, dx, 1, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        assert_int_equal(call_gemv(h, dtype, MV_OP_N, 10, 5, &one, NULL, 10, dx, 1, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        assert_int_equal(call_gemv(h, dtype, MV_OP_N, 10, 5, &one, dA, 10, NULL, 1, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        assert_int_equal(call_gemv(h, dtype, MV_OP_N, 10, 5, NULL, dA, 10, dx, 1, &zero, dy, 1),
                         MV_ERR_INVALID_VALUE);
        assert_int_equal(call_gemv(h, dtype, MV_OP_N, 10, 5, &one, dA, 10, dx, 1, NULL, dy, 1),
                         MV_ERR_INVALID_VALUE);
        snprintf(want, sizeof want, "%s: beta = NULL", fn);
        assert_string_equal(mv_last_error(h), want);
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaGetLastError());
        dev_download(dtype, dy, out, 50);
        assert_true(same_bits(out, y, 50));
        dev_free(dA);
        dev_free(dx);
        dev_free(dy);
    }
}

/* A launch that CUDA refuses: while a blocking stream captures, work on the
 * legacy default stream would have to wait for it, which CUDA forbids. The call must say
 * MV_ERR_EXECUTION with CUDA's own error text, and leave y alone. */
static void test_failed_launch_reports_cuda_error(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(15);
    double A[12], x[4], y[3], out[3];
    fill_random(&r, DT_S, A, 12);
    fill_random(&r, DT_S, x, 4);
    fill_distinctive(&r, DT_S, y, 3);
    void *dA = dev_upload(DT_S, A, 12), *dx = dev_upload(DT_S, x, 4), *dy = dev_upload(DT_S, y, 3);
    cudaStream_t capturing;
    CHECK_CUDA(cudaStreamCreate(&capturing)); /* blocking: synchronizes with the legacy stream */
    CHECK_MV(h, mv_set_stream(h, 0));
    const float one = 1.0f, zero = 0.0f;

    CHECK_CUDA(cudaStreamBeginCapture(capturing, cudaStreamCaptureModeGlobal));
    const mv_status st = mv_sgemv(h, MV_OP_N, 3, 4, &one, dA, 3, dx, 1, &zero, dy, 1);
    cudaGraph_t graph = NULL;
    (void)cudaStreamEndCapture(capturing, &graph);
    if (graph)
        CHECK_CUDA(cudaGraphDestroy(graph));
    (void)cudaGetLastError();

    assert_int_equal(st, MV_ERR_EXECUTION);
    const char *message = mv_last_error(h);
    assert_non_null(strstr(message, "mv_sgemv: kernel launch failed: "));
    assert_non_null(strstr(message, "cudaErrorStreamCaptureImplicit"));
    CHECK_CUDA(cudaDeviceSynchronize());
    dev_download(DT_S, dy, out, 3);
    assert_true(same_bits(out, y, 3));
    /* The handle still works afterwards. */
    CHECK_MV(h, mv_sgemv(h, MV_OP_N, 3, 4, &one, dA, 3, dx, 1, &zero, dy, 1));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaStreamDestroy(capturing));
    dev_free(dA);
    dev_free(dx);
    dev_free(dy);
}

/* Captured into a graph and replayed: each replay reads x and, in device
 * pointer mode, alpha and beta as they are at replay time. The shapes are
 * ones whose reduction the default path splits across blocks (short
 * outputs, long reductions), and one replay has alpha = 0, which takes no
 * part in the split bookkeeping: the replay after it must still be right. */
static void test_graph_capture_and_replay(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(16);
    for (int dtype = DT_S; dtype <= DT_D; ++dtype)
        for (int trans = 0; trans < 2; ++trans) {
            const int64_t m = trans ? 40003 : 67, n = trans ? 21 : 4001, lda = m + 2;
            const int64_t len_x = trans ? m : n, len_y = trans ? n : m;
            double *A = malloc(sizeof(double) * lda * n), *x = malloc(sizeof(double) * len_x);
            double *y = malloc(sizeof(double) * len_y), *out = malloc(sizeof(double) * len_y);
            assert_true(A && x && y && out);
            fill_random(&r, dtype, A, (size_t)(lda * n));
            fill_random(&r, dtype, x, (size_t)len_x);
            fill_random(&r, dtype, y, (size_t)len_y);
            void *dA = dev_upload(dtype, A, (size_t)(lda * n));
            void *dx = dev_upload(dtype, x, (size_t)len_x);
            void *dy = dev_upload(dtype, y, (size_t)len_y);
            double scalars[2] = {1.0, 0.5};
            void *dscal = dev_upload(dtype, scalars, 2);

            cudaStream_t s;
            CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
            CHECK_MV(h, mv_set_stream(h, s));
            CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE));
            cudaGraph_t graph;
            cudaGraphExec_t exec;
            CHECK_CUDA(cudaDeviceSynchronize());
            CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
            CHECK_MV(h, call_gemv(h, dtype, (mv_operation)trans, m, n, dscal, dA, lda, dx, 1,
                                  (const char *)dscal + dtype_size(dtype), dy, 1));
            CHECK_CUDA(cudaStreamEndCapture(s, &graph));
            CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
            for (int replay = 0; replay < 4; ++replay) {
                scalars[0] = replay == 2 ? 0.0 : rng_uniform(&r) * 2.0;
                scalars[1] = replay == 1 ? 0.0 : rng_uniform(&r);
                fill_random(&r, dtype, x, (size_t)len_x);
                fill_random(&r, dtype, y, (size_t)len_y);
                if (scalars[1] == 0.0)
                    fill_nan(y, (size_t)len_y);
                /* The graph holds the buffers' addresses: new values are
                 * copied into the same buffers. */
                void *ts = dev_upload(dtype, scalars, 2);
                CHECK_CUDA(cudaMemcpy(dscal, ts, 2 * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                dev_free(ts);
                gemv_case c = {dtype, (mv_operation)trans, m, n, lda, 1, 1, scalars[0], scalars[1], 0, NULL, 0, 0};
                void *tx = dev_upload(dtype, x, (size_t)len_x), *ty = dev_upload(dtype, y, (size_t)len_y);
                CHECK_CUDA(cudaMemcpy(dx, tx, (size_t)len_x * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                CHECK_CUDA(cudaMemcpy(dy, ty, (size_t)len_y * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                dev_free(tx);
                dev_free(ty);
                CHECK_CUDA(cudaDeviceSynchronize()); /* s does not wait for the legacy stream */
                CHECK_CUDA(cudaGraphLaunch(exec, s));
                CHECK_CUDA(cudaStreamSynchronize(s));
                dev_download(dtype, dy, out, (size_t)len_y);
                check_gemv_result(&c, A, x, y, out);
            }
            CHECK_CUDA(cudaGraphExecDestroy(exec));
            CHECK_CUDA(cudaGraphDestroy(graph));
            CHECK_MV(h, mv_set_stream(h, 0));
            CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
            CHECK_CUDA(cudaStreamDestroy(s));
            dev_free(dA);
            dev_free(dx);
            dev_free(dy);
            dev_free(dscal);
            free(A);
            free(x);
            free(y);
            free(out);
        }
}

/* Calls that depend on each other, back to back on one stream with no host
 * synchronization between them: each reads what the call before it wrote
 * (its x, or its y with beta != 0), through paths that split the reduction
 * and keep counters in the handle's workspace. On compute capability 9.0+
 * the default path launches its kernels as programmatic dependent launches,
 * which may start before the kernel before them has finished and must wait
 * for it before they touch memory. The chain runs once with a
 * synchronization after every call, each result checked against the
 * reference, and once without: both runs must give the same bits. */
typedef struct {
    mv_operation trans;
    int64_t m, n, lda;
    int in, out; /* buffers: 0 is the first x, 1..5 are written by the chain */
    double beta;
} chain_step;

static void test_dependent_calls_back_to_back(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(18);
    static const chain_step steps[] = {
        {MV_OP_N, 67, 4001, 68, 0, 1, 0.0},     /* tiled-n, split */
        {MV_OP_T, 67, 3001, 67, 1, 2, 0.0},     /* tiled-t */
        {MV_OP_N, 16, 3001, 16, 2, 3, 0.0},     /* short-n, split */
        {MV_OP_T, 16, 50001, 16, 3, 4, 0.0},    /* short-t */
        {MV_OP_N, 40, 50001, 40, 4, 5, 0.0},    /* tiled-n, split */
        {MV_OP_N, 40, 16, 40, 3, 5, 0.5},       /* y = A x + 0.5 y, y from the call before */
        {MV_OP_T, 40, 16, 40, 5, 3, -1.0},      /* x from the call before, y from three calls before */
    };
    enum { STEPS = sizeof steps / sizeof steps[0], BUFS = 6 };
    const int64_t buf_len[BUFS] = {4001, 67, 3001, 16, 50001, 40};
    for (int dtype = DT_S; dtype <= DT_D; ++dtype) {
        double *A[STEPS], *host[BUFS], *before[STEPS], *after[STEPS], *ref[BUFS], *quick[BUFS];
        void *dA[STEPS], *dbuf[BUFS];
        for (int k = 0; k < STEPS; ++k) {
            const size_t count = (size_t)(steps[k].lda * steps[k].n);
            A[k] = malloc(sizeof(double) * count);
            assert_non_null(A[k]);
            fill_random(&r, dtype, A[k], count);
            dA[k] = dev_upload(dtype, A[k], count);
            before[k] = malloc(sizeof(double) * (size_t)buf_len[steps[k].out]);
            after[k] = malloc(sizeof(double) * (size_t)buf_len[steps[k].out]);
            assert_true(before[k] && after[k]);
        }
        for (int b = 0; b < BUFS; ++b) {
            host[b] = malloc(sizeof(double) * (size_t)buf_len[b]);
            ref[b] = malloc(sizeof(double) * (size_t)buf_len[b]);
            quick[b] = malloc(sizeof(double) * (size_t)buf_len[b]);
            assert_true(host[b] && ref[b] && quick[b]);
            if (b == 0)
                fill_random(&r, dtype, host[b], (size_t)buf_len[b]);
            else
                fill_nan(host[b], (size_t)buf_len[b]);
        }
        cudaStream_t s;
        CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        CHECK_MV(h, mv_set_stream(h, s));
        for (int run = 0; run < 2; ++run) {
            for (int b = 0; b < BUFS; ++b)
                dbuf[b] = dev_upload(dtype, host[b], (size_t)buf_len[b]); /* NaN where the chain writes */
            CHECK_CUDA(cudaDeviceSynchronize());
            for (int k = 0; k < STEPS; ++k) {
                const chain_step *st = &steps[k];
                const double alpha = 0.75;
                if (run == 0)
                    dev_download(dtype, dbuf[st->out], before[k], (size_t)buf_len[st->out]);
                CHECK_MV(h, call_gemv(h, dtype, st->trans, st->m, st->n, &alpha, dA[k], st->lda, dbuf[st->in], 1,
                                      &st->beta, dbuf[st->out], 1));
                if (run == 0) {
                    CHECK_CUDA(cudaStreamSynchronize(s));
                    dev_download(dtype, dbuf[st->out], after[k], (size_t)buf_len[st->out]);
                    double *x = malloc(sizeof(double) * (size_t)buf_len[st->in]);
                    assert_non_null(x);
                    dev_download(dtype, dbuf[st->in], x, (size_t)buf_len[st->in]);
                    gemv_case c = {dtype, st->trans, st->m, st->n, st->lda, 1, 1, alpha, st->beta, 0, NULL, 0, 0};
                    check_gemv_result(&c, A[k], x, before[k], after[k]);
                    free(x);
                }
            }
            CHECK_CUDA(cudaStreamSynchronize(s));
            for (int b = 1; b < BUFS; ++b) {
                dev_download(dtype, dbuf[b], run ? quick[b] : ref[b], (size_t)buf_len[b]);
                if (run == 1 && !same_bits(ref[b], quick[b], (size_t)buf_len[b]))
                    fail_msg("%s: buffer %d differs between the chain with and without synchronization",
                             dtype_name(dtype), b);
            }
            for (int b = 0; b < BUFS; ++b)
                dev_free(dbuf[b]);
        }
        CHECK_MV(h, mv_set_stream(h, 0));
        CHECK_CUDA(cudaStreamDestroy(s));
        for (int k = 0; k < STEPS; ++k) {
            dev_free(dA[k]);
            free(A[k]);
            free(before[k]);
            free(after[k]);
        }
        for (int b = 0; b < BUFS; ++b) {
            free(host[b]);
            free(ref[b]);
            free(quick[b]);
        }
    }
}

/* Five runs of the same call give the same bits: split reductions (mid-size
 * tiles, the short-wide flat kernel's blocks, the tall-skinny kernel's row
 * splits) combine their partial sums in a fixed order. */
static void test_bitwise_reproducible(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(17);
    static const int64_t shapes[][2] = {{3001, 2999}, {16, 400003}, {400003, 16}, {64, 100003}, {200003, 40}};
    for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; ++sh) {
        const int64_t m = small_mode() && sh == 0 ? 333 : shapes[sh][0];
        const int64_t n = small_mode() && sh == 0 ? 271 : shapes[sh][1];
        const int64_t lda = (m + 3) / 4 * 4; /* 16-byte columns: the vector kernels */
        if (small_mode() && sh > 1)
            break;
        const int64_t big = m > n ? m : n;
        double *A = malloc(sizeof(double) * (size_t)(lda * n)), *x = malloc(sizeof(double) * (size_t)big);
        double *y = malloc(sizeof(double) * (size_t)big), *first = malloc(sizeof(double) * (size_t)big);
        double *again = malloc(sizeof(double) * (size_t)big);
        assert_true(A && x && y && first && again);
        for (int dtype = DT_S; dtype <= DT_D; ++dtype)
            for (int trans = 0; trans < 2; ++trans) {
                const int64_t len_x = trans ? m : n, len_y = trans ? n : m;
                fill_random(&r, dtype, A, (size_t)(lda * n));
                fill_random(&r, dtype, x, (size_t)len_x);
                fill_random(&r, dtype, y, (size_t)len_y);
                void *dA = dev_upload(dtype, A, (size_t)(lda * n)), *dx = dev_upload(dtype, x, (size_t)len_x);
                void *dy = dev_upload(dtype, y, (size_t)len_y);
                const double alpha = 1.25, beta = -0.5;
                for (int run = 0; run < 5; ++run) {
                    void *ty = dev_upload(dtype, y, (size_t)len_y);
                    CHECK_CUDA(cudaMemcpy(dy, ty, (size_t)len_y * dtype_size(dtype), cudaMemcpyDeviceToDevice));
                    dev_free(ty);
                    CHECK_MV(h, call_gemv(h, dtype, (mv_operation)trans, m, n, &alpha, dA, lda, dx, 1, &beta, dy, 1));
                    CHECK_CUDA(cudaDeviceSynchronize());
                    dev_download(dtype, dy, run ? again : first, (size_t)len_y);
                    if (run && !same_bits(first, again, (size_t)len_y))
                        fail_msg("%s op=%d %lldx%lld: run %d differs from run 0", dtype_name(dtype), trans,
                                 (long long)m, (long long)n, run);
                }
                gemv_case c = {dtype, (mv_operation)trans, m, n, lda, 1, 1, alpha, beta, 0, NULL, 0, 0};
                check_gemv_result(&c, A, x, y, first);
                dev_free(dA);
                dev_free(dx);
                dev_free(dy);
            }
        free(A);
        free(x);
        free(y);
        free(first);
        free(again);
    }
}

GPU_TEST_MAIN("gemv_semantics",
              HANDLE_TEST(test_create_binds_device),
              HANDLE_TEST(test_pointer_mode_device),
              HANDLE_TEST(test_non_default_stream),
              HANDLE_TEST(test_zero_scalars_with_poison),
              HANDLE_TEST(test_quick_returns_leave_y),
              HANDLE_TEST(test_errors_change_nothing),
              HANDLE_TEST(test_failed_launch_reports_cuda_error),
              HANDLE_TEST(test_graph_capture_and_replay),
              HANDLE_TEST(test_dependent_calls_back_to_back),
              HANDLE_TEST(test_bitwise_reproducible))
