/* GPU: handles and host threads (docs/semantics.md: "A handle is used by one
 * host thread at a time; separate handles may be used concurrently").
 *
 * - 16 threads, each with a handle and a non-blocking stream of its own,
 *   issue 10^4 mixed calls at once (tests/support/mixed_calls.h: GEMV of
 *   both ops, some split through the handle's workspace, GEMV_NT, strided
 *   batched, transposes, GEMM; host and device scalars), each call writing
 *   a slot of its own in the thread's output buffer. Afterwards, the same 16
 *   sequences run one after another on one thread with one handle must give
 *   the same bits, and a sample of the calls (every 97th; all in small
 *   mode) must match the double reference.
 * - One handle passed from thread to thread: each runs a chunk of calls,
 *   synchronizes the stream and hands the handle to the next through a
 *   mutex and a condition variable; the outputs must have the bits of the
 *   same sequence run on one thread.
 *
 * MATVEC_TEST_SMALL=1: 4 threads of 200 calls, 200 calls passed around. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "mixed_calls.h"

enum { MAX_THREADS = 16, ERR_LEN = 768 };

/* Writes a message into err (the first one sticks) and returns 0. */
static int note(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int note(char *err, const char *fmt, ...)
{
    if (!err[0]) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(err, ERR_LEN, fmt, args);
        va_end(args);
    }
    return 0;
}

static int cuda_ok(char *err, cudaError_t e, const char *what)
{
    return e == cudaSuccess ? 1 : note(err, "%s: %s", what, cudaGetErrorString(e));
}

/* The whole sequence on h and stream s: the initial image into d_out, every
 * call, the outputs back into result. Any host thread; 0 and err on failure. */
static int run_sequence(mv_handle h, cudaStream_t s, const mix_work *w, void *d_out, unsigned char *result,
                        char *err)
{
    return cuda_ok(err, cudaMemcpyAsync(d_out, w->image, w->out_bytes, cudaMemcpyHostToDevice, s), "upload") &&
           mix_run(h, w, d_out, 0, w->ncalls, err, ERR_LEN) &&
           cuda_ok(err, cudaMemcpyAsync(result, d_out, w->out_bytes, cudaMemcpyDeviceToHost, s), "download") &&
           cuda_ok(err, cudaStreamSynchronize(s), "cudaStreamSynchronize");
}

/* One thread's sequence: its calls and data, drawn from rng stream id. */
typedef struct {
    mix_work w;
    void *d_out;
    unsigned char *result;
    pthread_barrier_t *start;
    char err[ERR_LEN];
} lane;

static void lane_make(lane *l, uint64_t id, int ncalls)
{
    memset(l, 0, sizeof *l);
    rng_t r = rng_make(id);
    mix_make(&l->w, &r, ncalls);
    mix_upload(&l->w);
    CHECK_CUDA(cudaMalloc(&l->d_out, l->w.out_bytes));
    l->result = malloc(l->w.out_bytes);
    assert_non_null(l->result);
}

static void lane_free(lane *l)
{
    mix_free(&l->w);
    dev_free(l->d_out);
    free(l->result);
}

/* Checks a sample of the calls (all in small mode) against the reference,
 * and that no call wrote into its inputs. */
static void check_sample(const mix_work *w, const unsigned char *result, const char *who)
{
    const int every = small_mode() ? 1 : 97;
    for (int i = 0; i < w->ncalls; i += every)
        mix_check(w, i, result, who);
    mix_assert_inputs_intact(w);
}

/* The same sequence on this thread, one handle, the legacy default stream:
 * the outputs must have the bits of result. */
static void check_against_one_thread(mv_handle h, lane *l, const char *who)
{
    unsigned char *again = malloc(l->w.out_bytes);
    assert_non_null(again);
    CHECK_MV(h, mv_set_stream(h, 0));
    char err[ERR_LEN] = "";
    if (!run_sequence(h, 0, &l->w, l->d_out, again, err))
        fail_msg("%s, rerun on one thread: %s", who, err);
    mix_assert_same(&l->w, l->result, again, who);
    free(again);
}

static void *own_handle_thread(void *arg)
{
    lane *l = arg;
    mv_handle h = NULL;
    cudaStream_t s = NULL;
    mv_status st = mv_create(&h);
    if (st != MV_SUCCESS)
        note(l->err, "mv_create returned %s: %s", mv_status_string(st), mv_last_error(NULL));
    else if (cuda_ok(l->err, cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags") &&
             (st = mv_set_stream(h, s)) != MV_SUCCESS)
        note(l->err, "mv_set_stream returned %s: %s", mv_status_string(st), mv_last_error(h));
    /* mv_create synchronizes the device: every handle is made before any
     * thread starts its calls, so that they all run at once. */
    pthread_barrier_wait(l->start);
    if (!l->err[0])
        run_sequence(h, s, &l->w, l->d_out, l->result, l->err);
    if (h && (st = mv_destroy(h)) != MV_SUCCESS)
        note(l->err, "mv_destroy returned %s", mv_status_string(st));
    if (s)
        cuda_ok(l->err, cudaStreamDestroy(s), "cudaStreamDestroy");
    return NULL;
}

/* 16 threads, a handle and a stream each, all calling at once; then the
 * same sequences on one thread; the same bits, and right. */
static void test_threads_with_own_handles(void **state)
{
    (void)state;
    const int threads = small_mode() ? 4 : MAX_THREADS, calls = small_mode() ? 200 : 10000;
    lane *lanes = calloc(MAX_THREADS, sizeof *lanes);
    pthread_t tid[MAX_THREADS];
    pthread_barrier_t start;
    assert_non_null(lanes);
    assert_int_equal(pthread_barrier_init(&start, NULL, (unsigned)threads), 0);
    size_t bytes = 0;
    for (int t = 0; t < threads; ++t) {
        lane_make(&lanes[t], 100 + (uint64_t)t, calls);
        lanes[t].start = &start;
        bytes += lanes[t].w.out_bytes;
    }
    CHECK_CUDA(cudaDeviceSynchronize());
    for (int t = 0; t < threads; ++t)
        assert_int_equal(pthread_create(&tid[t], NULL, own_handle_thread, &lanes[t]), 0);
    for (int t = 0; t < threads; ++t)
        assert_int_equal(pthread_join(tid[t], NULL), 0);
    pthread_barrier_destroy(&start);
    printf("# %d threads x %d calls, %.1f MB of outputs\n", threads, calls, (double)bytes / 1e6);

    mv_handle h = NULL;
    CHECK_MV(NULL, mv_create(&h));
    for (int t = 0; t < threads; ++t) {
        char who[64];
        snprintf(who, sizeof who, "thread %d of %d", t, threads);
        if (lanes[t].err[0])
            fail_msg("%s: %s", who, lanes[t].err);
        check_sample(&lanes[t].w, lanes[t].result, who);
        check_against_one_thread(h, &lanes[t], who);
    }
    CHECK_MV(h, mv_destroy(h));
    for (int t = 0; t < threads; ++t)
        lane_free(&lanes[t]);
    free(lanes);
}

/* One handle, its stream, and a turn that passes from thread to thread:
 * thread t runs chunks t, t + threads, ... of the calls, each time after
 * the previous thread has synchronized the stream and handed over. */
typedef struct {
    pthread_mutex_t mutex;
    pthread_cond_t handed_over;
    int next, chunks, threads;
    mv_handle h;
    cudaStream_t s;
    const mix_work *w;
    void *d_out;
    char err[ERR_LEN]; /* written only by the thread that holds the turn */
} baton;

typedef struct {
    baton *b;
    int me;
} runner;

static void *passing_thread(void *arg)
{
    const runner *self = arg;
    baton *b = self->b;
    for (;;) {
        pthread_mutex_lock(&b->mutex);
        while (b->next < b->chunks && b->next % b->threads != self->me)
            pthread_cond_wait(&b->handed_over, &b->mutex);
        const int chunk = b->next;
        pthread_mutex_unlock(&b->mutex);
        if (chunk >= b->chunks)
            return NULL;
        const int n = b->w->ncalls;
        if (!b->err[0] && mix_run(b->h, b->w, b->d_out, chunk * n / b->chunks, (chunk + 1) * n / b->chunks, b->err,
                                  ERR_LEN))
            cuda_ok(b->err, cudaStreamSynchronize(b->s), "cudaStreamSynchronize");
        pthread_mutex_lock(&b->mutex);
        b->next = chunk + 1;
        pthread_cond_broadcast(&b->handed_over);
        pthread_mutex_unlock(&b->mutex);
    }
}

static void test_handle_passed_between_threads(void **state)
{
    (void)state;
    enum { THREADS = 4 };
    const int calls = small_mode() ? 200 : 4000, chunks = small_mode() ? 8 : 16;
    lane l;
    lane_make(&l, 200, calls);
    baton b = {.next = 0, .chunks = chunks, .threads = THREADS, .w = &l.w, .d_out = l.d_out};
    assert_int_equal(pthread_mutex_init(&b.mutex, NULL), 0);
    assert_int_equal(pthread_cond_init(&b.handed_over, NULL), 0);
    CHECK_MV(NULL, mv_create(&b.h));
    CHECK_CUDA(cudaStreamCreateWithFlags(&b.s, cudaStreamNonBlocking));
    CHECK_MV(b.h, mv_set_stream(b.h, b.s));
    CHECK_CUDA(cudaMemcpyAsync(l.d_out, l.w.image, l.w.out_bytes, cudaMemcpyHostToDevice, b.s));
    CHECK_CUDA(cudaStreamSynchronize(b.s));
    CHECK_CUDA(cudaDeviceSynchronize()); /* the uploads on the legacy stream */

    runner runners[THREADS];
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        runners[t] = (runner){&b, t};
        assert_int_equal(pthread_create(&tid[t], NULL, passing_thread, &runners[t]), 0);
    }
    for (int t = 0; t < THREADS; ++t)
        assert_int_equal(pthread_join(tid[t], NULL), 0);
    if (b.err[0])
        fail_msg("handle passed between threads: %s", b.err);
    assert_int_equal(b.next, chunks);
    CHECK_CUDA(cudaMemcpy(l.result, l.d_out, l.w.out_bytes, cudaMemcpyDeviceToHost));
    printf("# one handle, %d calls in %d chunks over %d threads\n", calls, chunks, THREADS);

    check_sample(&l.w, l.result, "handle passed between threads");
    mv_handle h = NULL;
    CHECK_MV(NULL, mv_create(&h));
    check_against_one_thread(h, &l, "handle passed between threads");
    CHECK_MV(h, mv_destroy(h));
    CHECK_MV(b.h, mv_destroy(b.h));
    CHECK_CUDA(cudaStreamDestroy(b.s));
    pthread_cond_destroy(&b.handed_over);
    pthread_mutex_destroy(&b.mutex);
    lane_free(&l);
}

GPU_TEST_MAIN("threads",
              cmocka_unit_test(test_threads_with_own_handles),
              cmocka_unit_test(test_handle_passed_between_threads))
