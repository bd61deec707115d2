/* What every mvbench command shares: fatal-error checks with file and line,
 * host clocks and medians, CUDA-event timing, the device's measured ceilings
 * and a progress line on stderr. */
#ifndef MVBENCH_COMMON_H
#define MVBENCH_COMMON_H

#include <stddef.h>

#include <cuda_runtime_api.h>

/* The tool (not the library) exits on a broken CUDA, cuBLAS or cuRAND call. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#define CUDA_OK(call)                                                                                   \
    do {                                                                                                \
        cudaError_t e_ = (call);                                                                        \
        if (e_ != cudaSuccess)                                                                          \
            die("%s:%d: %s: %s", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                    \
    } while (0)
#define CUBLAS_OK(call)                                                                                 \
    do {                                                                                                \
        cublasStatus_t s_ = (call);                                                                     \
        if (s_ != CUBLAS_STATUS_SUCCESS)                                                                \
            die("%s:%d: %s: cuBLAS status %d", __FILE__, __LINE__, #call, (int)s_);                     \
    } while (0)
#define CURAND_OK(call)                                                                                 \
    do {                                                                                                \
        curandStatus_t s_ = (call);                                                                     \
        if (s_ != CURAND_STATUS_SUCCESS)                                                                \
            die("%s:%d: %s: cuRAND status %d", __FILE__, __LINE__, #call, (int)s_);                     \
    } while (0)

double now_s(void);                     /* monotonic clock, seconds */
double median(double *v, int n);        /* sorts v */
double event_ms(cudaEvent_t a, cudaEvent_t b); /* waits for b */

typedef struct {
    int have_gpu;
    char device[256];
    int sm_count;
    size_t l2_bytes;
    double read_gbps, copy_gbps, launch_us;
} ceilings;

/* Fills have_gpu, device, sm_count and l2_bytes; have_gpu = 0 without a GPU. */
void probe_device(ceilings *c);
/* Measures read_gbps (best of several sizes and grids), copy_gbps
 * (device-to-device memcpy, bytes read + written) and launch_us (empty
 * kernels back to back) on stream. */
void measure_ceilings(ceilings *c, cudaStream_t stream);

/* "[####....] done/total what, elapsed, left" on stderr: a bar on a terminal,
 * a line per tenth otherwise. The clock starts at progress_reset(). */
void progress_reset(void);
void progress(int done, int total, const char *what);

#endif
