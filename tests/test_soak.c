/* GPU: a soak of 10^6 calls over streams and CUDA graphs (docs/semantics.md,
 * "Execution": asynchronous, capture-safe, never allocates, bitwise
 * reproducible).
 *
 * A pass is: the outputs reset from their initial image (a device copy),
 * then a sequence of 1000 mixed calls (tests/support/mixed_calls.h). The
 * pass is captured once into a graph on a handle of its own. Each round
 * replays the graph on its stream and runs the pass directly on two more
 * handles and streams, all three at once, each into its own output
 * buffer. Promises checked:
 * - the first pass matches the double reference (every call), and every
 *   later pass, replayed or direct, has exactly its bits;
 * - no memory grows: after the first round (the warm-up: kernels loaded,
 *   the graph uploaded, the driver's staging buffers made) and at the end,
 *   the device's free memory must be equal to the byte (the library never
 *   allocates after mv_create, and neither does this loop), the resident
 *   set of the process within 1 MiB (pages the C library or the driver
 *   may touch late; a leak of even one small block per call would be tens
 *   of MB). The device figure is the whole GPU's: run it alone (ctest
 *   runs the suite serially).
 * Every call counts, replayed or direct: a replay of 1000 captured calls
 * is 1000 calls (the resets are not counted).
 *
 * MATVEC_TEST_SMALL=1 (as under compute-sanitizer): passes of 50 calls,
 * about 2000 calls in all, and no bound on the resident set (the tools'
 * own records grow it). */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "mixed_calls.h"

enum { LANES = 3, GRAPH_LANE = 0 };

typedef struct {
    mv_handle h;
    cudaStream_t s;
    void *d_out;
    unsigned char *out; /* the last pass, downloaded */
} soak_lane;

/* Resident set of the process in bytes, from /proc/self/statm. */
static long long resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, resident = -1;
    assert_non_null(f);
    assert_int_equal(fscanf(f, "%lld %lld", &size, &resident), 2);
    fclose(f);
    return resident * (long long)sysconf(_SC_PAGESIZE);
}

static size_t device_free_bytes(void)
{
    size_t free_b = 0, total = 0;
    CHECK_CUDA(cudaMemGetInfo(&free_b, &total));
    return free_b;
}

/* One pass on a lane's handle and stream (captured or not): reset, calls. */
static void enqueue_pass(const soak_lane *l, const mix_work *w, const void *d_image)
{
    char err[768] = "";
    CHECK_CUDA(cudaMemcpyAsync(l->d_out, d_image, w->out_bytes, cudaMemcpyDeviceToDevice, l->s));
    if (!mix_run(l->h, w, l->d_out, 0, w->ncalls, err, sizeof err))
        fail_msg("%s", err);
}

static void test_soak(void **state)
{
    (void)state;
    const int calls = small_mode() ? 50 : 1000;
    const long long target = small_mode() ? 2000 : 1000000;
    const int rounds = (int)((target + LANES * calls - 1) / (LANES * calls));
    rng_t r = rng_make(300);
    mix_work w;
    mix_make(&w, &r, calls);
    mix_upload(&w);
    void *d_image = NULL;
    CHECK_CUDA(cudaMalloc(&d_image, w.out_bytes));
    CHECK_CUDA(cudaMemcpy(d_image, w.image, w.out_bytes, cudaMemcpyHostToDevice));
    soak_lane lanes[LANES];
    for (int i = 0; i < LANES; ++i) {
        CHECK_MV(NULL, mv_create(&lanes[i].h));
        CHECK_CUDA(cudaStreamCreateWithFlags(&lanes[i].s, cudaStreamNonBlocking));
        CHECK_MV(lanes[i].h, mv_set_stream(lanes[i].h, lanes[i].s));
        CHECK_CUDA(cudaMalloc(&lanes[i].d_out, w.out_bytes));
        lanes[i].out = malloc(w.out_bytes);
        assert_non_null(lanes[i].out);
    }
    unsigned char *first = malloc(w.out_bytes);
    assert_non_null(first);
    CHECK_CUDA(cudaDeviceSynchronize());

    /* The graph: one pass captured on its lane's stream. */
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CHECK_CUDA(cudaStreamBeginCapture(lanes[GRAPH_LANE].s, cudaStreamCaptureModeGlobal));
    enqueue_pass(&lanes[GRAPH_LANE], &w, d_image);
    CHECK_CUDA(cudaStreamEndCapture(lanes[GRAPH_LANE].s, &graph));
    CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));

    long long made = 0, replays = 0, direct = 0, rss_warm = 0, rss_end = 0;
    size_t dev_warm = 0, dev_end = 0;
    for (int round = 0; round < rounds; ++round) {
        for (int i = 0; i < LANES; ++i) {
            if (i == GRAPH_LANE) {
                CHECK_CUDA(cudaGraphLaunch(exec, lanes[i].s));
                ++replays;
            } else {
                enqueue_pass(&lanes[i], &w, d_image);
                ++direct;
            }
            made += calls;
        }
        for (int i = 0; i < LANES; ++i) {
            CHECK_CUDA(cudaStreamSynchronize(lanes[i].s));
            CHECK_CUDA(cudaMemcpy(lanes[i].out, lanes[i].d_out, w.out_bytes, cudaMemcpyDeviceToHost));
        }
        if (round == 0) {
            /* The first direct pass is the record, checked call by call. */
            memcpy(first, lanes[1].out, w.out_bytes);
            for (int c = 0; c < calls; ++c)
                mix_check(&w, c, first, "first pass");
        }
        for (int i = 0; i < LANES; ++i) {
            char who[96];
            snprintf(who, sizeof who, "round %d, %s", round, i == GRAPH_LANE ? "graph replay" : "direct pass");
            mix_assert_same(&w, first, lanes[i].out, who);
        }
        if (round == 0) {
            rss_warm = resident_bytes();
            dev_warm = device_free_bytes();
        }
    }
    rss_end = resident_bytes();
    dev_end = device_free_bytes();
    mix_assert_inputs_intact(&w);
    printf("# soak: %lld calls: %lld graph replays of %d captured calls on one stream, %lld direct passes of %d "
           "calls on two more, %d rounds\n",
           made, replays, calls, direct, calls, rounds);
    printf("# resident set %.3f -> %.3f MiB, device free %zu -> %zu bytes (after the first round, at the end)\n",
           (double)rss_warm / 1048576.0, (double)rss_end / 1048576.0, dev_warm, dev_end);
    assert_true(made >= target);
    if (dev_end != dev_warm)
        fail_msg("device free memory went from %zu to %zu bytes over the soak (another process on this GPU "
                 "would also change it)", dev_warm, dev_end);
    /* Not in small mode: under compute-sanitizer the tool's own records
     * grow the process (racecheck: ~0.9 GB over 10^4 calls). */
    if (!small_mode() && rss_end > rss_warm + (1 << 20))
        fail_msg("the resident set grew by %lld bytes over the soak (tolerance 1 MiB)", rss_end - rss_warm);

    CHECK_CUDA(cudaGraphExecDestroy(exec));
    CHECK_CUDA(cudaGraphDestroy(graph));
    for (int i = 0; i < LANES; ++i) {
        CHECK_MV(lanes[i].h, mv_destroy(lanes[i].h));
        CHECK_CUDA(cudaStreamDestroy(lanes[i].s));
        dev_free(lanes[i].d_out);
        free(lanes[i].out);
    }
    dev_free(d_image);
    free(first);
    mix_free(&w);
}

GPU_TEST_MAIN("soak", cmocka_unit_test(test_soak))
