/* Device helpers of mvbench gemm (bench_gemm_kernels.cu): the double copies
 * a cuBLAS DGEMM reference is computed from, and the check of a result
 * against that reference on the device. */
#ifndef MVBENCH_GEMM_KERNELS_H
#define MVBENCH_GEMM_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* dst[i] = src[i] and dst_abs[i] = |src[i]| in double; src holds float or
 * double (is_double). */
cudaError_t bench_gemm_to_double(const void *src, int is_double, double *dst, double *dst_abs, size_t count,
                                 cudaStream_t s);

/* Counts the elements of got (float or double) with !(|got - want| <= tol),
 * tol = 4 * (sqrt(k) + 2) * unit_roundoff * bound (NaN never passes), into
 * *bad (an unsigned long long on the device, zeroed first by the caller);
 * *first receives the smallest index of a bad element (set to ~0 first). */
cudaError_t bench_gemm_check(const void *got, int is_double, const double *want, const double *bound, size_t count,
                             int64_t k, double unit_roundoff, unsigned long long *bad, unsigned long long *first,
                             cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
