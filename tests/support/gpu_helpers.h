/* Helpers shared by the GPU tests: random data, typed device buffers, CUDA
 * error checks that fail the current cmocka test with file and line. Include
 * after <cmocka.h>. */
#ifndef MATVEC_GPU_HELPERS_H
#define MATVEC_GPU_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "matvec.h"

#define CHECK_CUDA(call)                                                                    \
    do {                                                                                    \
        cudaError_t check_err_ = (call);                                                    \
        if (check_err_ != cudaSuccess)                                                      \
            fail_msg("%s:%d: %s failed: %s", __FILE__, __LINE__, #call,                     \
                     cudaGetErrorString(check_err_));                                       \
    } while (0)

#define CHECK_MV(h, call)                                                                   \
    do {                                                                                    \
        mv_status check_st_ = (call);                                                       \
        if (check_st_ != MV_SUCCESS)                                                        \
            fail_msg("%s:%d: %s returned %s: %s", __FILE__, __LINE__, #call,                \
                     mv_status_string(check_st_), mv_last_error(h));                        \
    } while (0)

enum { DT_S = 0, DT_D = 1 };

typedef struct {
    uint64_t state;
} rng_t;

/* The run's seed: MATVEC_TEST_SEED if set, else fresh from the clock, printed
 * once so that a failure can be reproduced. */
uint64_t test_seed(void);
rng_t rng_make(uint64_t stream_id);
double rng_uniform(rng_t *r);            /* in [-1, 1) */
int64_t rng_range(rng_t *r, int64_t lo, int64_t hi); /* in [lo, hi] */

size_t dtype_size(int dtype);
double dtype_roundoff(int dtype);
const char *dtype_name(int dtype);

/* Fills h with random values representable in dtype. */
void fill_random(rng_t *r, int dtype, double *h, size_t count);
void fill_nan(double *h, size_t count);

/* Device buffers hold dtype values; the host side is always double. */
void *dev_upload(int dtype, const double *h, size_t count);
void dev_download(int dtype, const void *d, double *h, size_t count);
void dev_free(void *d);

/* Calls mv_sgemv or mv_dgemv; alpha and beta point at double on the host in
 * host pointer mode, or at dtype values on the device in device mode. */
mv_status call_gemv(mv_handle h, int dtype, mv_operation trans, int64_t m, int64_t n,
                    const void *alpha, const void *A, int64_t lda, const void *x, int64_t incx,
                    const void *beta, void *y, int64_t incy);

int gpu_available(void);
/* MATVEC_TEST_SMALL=1 (as under compute-sanitizer): fewer and smaller shapes. */
int small_mode(void);
/* For main(): 77, CTest's skip code, with a message, when there is no GPU. */
#define SKIP_WITHOUT_GPU()                                                                  \
    do {                                                                                    \
        if (!gpu_available()) {                                                             \
            printf("SKIPPED: no CUDA device is available; this test needs an NVIDIA GPU\n");   \
            return 77;                                                                      \
        }                                                                                   \
    } while (0)

/* Applies MATVEC_TEST_FILTER and MATVEC_TEST_SKIP (cmocka name patterns with
 * '*' and '?') to the next group run: scripts/gpu-verify runs the test that
 * provokes a CUDA error on purpose apart from the others under the sanitizer. */
void apply_test_filters(void);

int same_bits(const double *a, const double *b, size_t count);

/* cmocka setup and teardown that give each test a fresh handle in *state. */
int handle_setup(void **state);
int handle_teardown(void **state);
#define HANDLE_TEST(f) cmocka_unit_test_setup_teardown(f, handle_setup, handle_teardown)

/* main() of a GPU test program: 77 without a GPU, the seed printed, the
 * filters applied, then the group of tests given as the arguments. */
#define GPU_TEST_MAIN(group_name, ...)                                                      \
    int main(void)                                                                          \
    {                                                                                       \
        SKIP_WITHOUT_GPU();                                                                 \
        test_seed();                                                                        \
        apply_test_filters();                                                               \
        const struct CMUnitTest tests_[] = {__VA_ARGS__};                                   \
        return cmocka_run_group_tests_name(group_name, tests_, NULL, NULL);                 \
    }

#endif
