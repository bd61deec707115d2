#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu_helpers.h"

uint64_t test_seed(void)
{
    static uint64_t seed;
    static int ready;
    if (!ready) {
        const char *env = getenv("MATVEC_TEST_SEED");
        seed = env && *env ? strtoull(env, NULL, 0)
                           : (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull ^ (uint64_t)getpid();
        printf("# random seed: MATVEC_TEST_SEED=%llu\n", (unsigned long long)seed);
        ready = 1;
    }
    return seed;
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

rng_t rng_make(uint64_t stream_id)
{
    rng_t r = {test_seed() ^ (stream_id * 0xD1B54A32D192ED03ull)};
    splitmix64(&r.state);
    return r;
}

double rng_uniform(rng_t *r)
{
    return (double)(splitmix64(&r->state) >> 11) * 0x1.0p-52 - 1.0;
}

int64_t rng_range(rng_t *r, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(splitmix64(&r->state) % (uint64_t)(hi - lo + 1));
}

size_t dtype_size(int dtype) { return dtype == DT_S ? sizeof(float) : sizeof(double); }
double dtype_roundoff(int dtype) { return dtype == DT_S ? 0x1.0p-24 : 0x1.0p-53; }
const char *dtype_name(int dtype) { return dtype == DT_S ? "float" : "double"; }

void fill_random(rng_t *r, int dtype, double *h, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        const double v = rng_uniform(r);
        h[i] = dtype == DT_S ? (double)(float)v : v;
    }
}

void fill_nan(double *h, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        h[i] = (double)NAN;
}

void *dev_upload(int dtype, const double *h, size_t count)
{
    void *d = NULL;
    const size_t bytes = (count ? count : 1) * dtype_size(dtype);
    CHECK_CUDA(cudaMalloc(&d, bytes));
    if (!count)
        return d;
    if (dtype == DT_D) {
        CHECK_CUDA(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
    } else {
        float *tmp = malloc(bytes);
        assert_non_null(tmp);
        for (size_t i = 0; i < count; ++i)
            tmp[i] = (float)h[i];
        CHECK_CUDA(cudaMemcpy(d, tmp, bytes, cudaMemcpyHostToDevice));
        free(tmp);
    }
    return d;
}

void dev_download(int dtype, const void *d, double *h, size_t count)
{
    const size_t bytes = count * dtype_size(dtype);
    if (!count)
        return;
    if (dtype == DT_D) {
        CHECK_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    } else {
        float *tmp = malloc(bytes);
        assert_non_null(tmp);
        CHECK_CUDA(cudaMemcpy(tmp, d, bytes, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < count; ++i)
            h[i] = (double)tmp[i];
        free(tmp);
    }
}

void dev_free(void *d) { CHECK_CUDA(cudaFree(d)); }

mv_status call_gemv(mv_handle h, int dtype, mv_operation trans, int64_t m, int64_t n, const void *alpha,
                    const void *A, int64_t lda, const void *x, int64_t incx, const void *beta, void *y,
                    int64_t incy)
{
    mv_pointer_mode mode = MV_POINTER_MODE_HOST;
    assert_int_equal(mv_get_pointer_mode(h, &mode), MV_SUCCESS);
    if (dtype == DT_D)
        return mv_dgemv(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
    if (mode == MV_POINTER_MODE_DEVICE)
        return mv_sgemv(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
    const float a = alpha ? (float)*(const double *)alpha : 0.0f;
    const float b = beta ? (float)*(const double *)beta : 0.0f;
    return mv_sgemv(h, trans, m, n, alpha ? &a : NULL, A, lda, x, incx, beta ? &b : NULL, y, incy);
}

int gpu_available(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return count > 0;
}

int small_mode(void)
{
    const char *env = getenv("MATVEC_TEST_SMALL");
    return env && *env && strcmp(env, "0") != 0;
}

int handle_setup(void **state)
{
    mv_handle h = NULL;
    if (mv_create(&h) != MV_SUCCESS)
        return -1;
    *state = h;
    return 0;
}

int handle_teardown(void **state)
{
    return mv_destroy(*state) == MV_SUCCESS ? 0 : -1;
}

int same_bits(const double *a, const double *b, size_t count)
{
    return memcmp(a, b, count * sizeof(double)) == 0;
}

void apply_test_filters(void)
{
    const char *only = getenv("MATVEC_TEST_FILTER");
    const char *skip = getenv("MATVEC_TEST_SKIP");
    if (only && *only)
        cmocka_set_test_filter(only);
    if (skip && *skip)
        cmocka_set_skip_filter(skip);
}
