#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "bench_common.h"
#include "bench_kernels.h"

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mvbench: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double event_ms(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0.0f;
    CUDA_OK(cudaEventSynchronize(b));
    CUDA_OK(cudaEventElapsedTime(&ms, a, b));
    return ms;
}

void measure_ceilings(ceilings *c, cudaStream_t stream)
{
    cudaEvent_t e0, e1;
    CUDA_OK(cudaEventCreate(&e0));
    CUDA_OK(cudaEventCreate(&e1));
    size_t free_b = 0, total_b = 0;
    CUDA_OK(cudaMemGetInfo(&free_b, &total_b));
    size_t big = (size_t)4 << 30;
    while (big > free_b / 3)
        big /= 2;
    void *buf = NULL, *dst = NULL;
    float *sink = NULL;
    CUDA_OK(cudaMalloc(&buf, big));
    CUDA_OK(cudaMalloc(&dst, big / 4));
    CUDA_OK(cudaMalloc((void **)&sink, sizeof(float) * 65536));
    CUDA_OK(cudaMemset(buf, 1, big)); /* not zeros: a constant that is not 0.0 */

    /* Read bandwidth: the best median over sizes and grid shapes. */
    double best = 0.0;
    const int threads[] = {256, 512, 1024};
    const int per_sm[] = {2, 4, 8};
    for (size_t bytes = big / 4; bytes <= big; bytes *= 2)
        for (int t = 0; t < 3; ++t)
            for (int p = 0; p < 3; ++p) {
                const int blocks = c->sm_count * per_sm[p] * 1024 / threads[t] / 2;
                double v[5];
                CUDA_OK(bench_read(buf, bytes, blocks, threads[t], sink, stream));
                for (int r = 0; r < 5; ++r) {
                    CUDA_OK(cudaEventRecord(e0, stream));
                    CUDA_OK(bench_read(buf, bytes, blocks, threads[t], sink, stream));
                    CUDA_OK(cudaEventRecord(e1, stream));
                    v[r] = (double)bytes / (event_ms(e0, e1) * 1e-3) / 1e9;
                }
                const double med = median(v, 5);
                best = med > best ? med : best;
            }
    c->read_gbps = best;

    /* Device-to-device copy, counting bytes read plus bytes written. */
    best = 0.0;
    for (size_t bytes = big / 16; bytes <= big / 4; bytes *= 2) {
        double v[5];
        CUDA_OK(cudaMemcpyAsync(dst, buf, bytes, cudaMemcpyDeviceToDevice, stream));
        for (int r = 0; r < 5; ++r) {
            CUDA_OK(cudaEventRecord(e0, stream));
            CUDA_OK(cudaMemcpyAsync(dst, buf, bytes, cudaMemcpyDeviceToDevice, stream));
            CUDA_OK(cudaEventRecord(e1, stream));
            v[r] = 2.0 * (double)bytes / (event_ms(e0, e1) * 1e-3) / 1e9;
        }
        const double med = median(v, 5);
        best = med > best ? med : best;
    }
    c->copy_gbps = best;

    /* Launch floor: empty kernels back to back, per launch. */
    double v[7];
    for (int r = 0; r < 7; ++r) {
        CUDA_OK(cudaEventRecord(e0, stream));
        for (int k = 0; k < 1000; ++k)
            CUDA_OK(bench_empty(stream));
        CUDA_OK(cudaEventRecord(e1, stream));
        v[r] = event_ms(e0, e1) * 1000.0 / 1000.0;
    }
    c->launch_us = median(v, 7);

    CUDA_OK(cudaFree(buf));
    CUDA_OK(cudaFree(dst));
    CUDA_OK(cudaFree(sink));
    CUDA_OK(cudaEventDestroy(e0));
    CUDA_OK(cudaEventDestroy(e1));
}

void probe_device(ceilings *c)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        (void)cudaGetLastError();
        c->have_gpu = 0;
        snprintf(c->device, sizeof c->device, "none (no CUDA device)");
        return;
    }
    c->have_gpu = 1;
    struct cudaDeviceProp prop;
    CUDA_OK(cudaGetDeviceProperties(&prop, 0));
    snprintf(c->device, sizeof c->device, "%s", prop.name);
    c->sm_count = prop.multiProcessorCount;
    c->l2_bytes = (size_t)prop.l2CacheSize;
}

static double progress_start;

void progress_reset(void)
{
    progress_start = now_s();
}

void progress(int done, int total, const char *what)
{
    const double el = now_s() - progress_start;
    const double eta = done ? el / done * (total - done) : 0.0;
    if (isatty(2)) {
        char bar[31];
        const int fill = total ? 30 * done / total : 30;
        for (int i = 0; i < 30; ++i)
            bar[i] = i < fill ? '#' : '.';
        bar[30] = '\0';
        fprintf(stderr, "\r[%s] %d/%d %s  %.0fs elapsed, ~%.0fs left ", bar, done, total, what, el, eta);
        if (done == total)
            fprintf(stderr, "\n");
    } else if (total && (done == total || (done * 10 / total) != ((done - 1) * 10 / total))) {
        fprintf(stderr, "mvbench: %d/%d %s, %.0fs elapsed, ~%.0fs left\n", done, total, what, el, eta);
    }
}
