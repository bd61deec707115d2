/* Device-side helpers of mvbench: the ceilings it measures on the device it
 * runs on, and random fills. */
#ifndef MVBENCH_KERNELS_H
#define MVBENCH_KERNELS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads bytes (a multiple of 16) from src with 16-byte loads on a grid of
 * blocks x threads; sink receives one value per block so the reads stay. */
cudaError_t bench_read(const void *src, size_t bytes, int blocks, int threads, float *sink, cudaStream_t s);
/* An empty kernel: the launch floor. */
cudaError_t bench_empty(cudaStream_t s);
/* p[i] = 2*p[i] - 1: cuRAND's (0, 1] to (-1, 1]. */
cudaError_t bench_affine(void *p, size_t count, int is_double, cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
