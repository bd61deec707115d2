/* Device helpers of mvbench batched (bench_batched_kernels.cu): the double
 * reference of a strided batch of GEMVs and the device arrays of pointers
 * of the pointer form. */
#ifndef MVBENCH_BATCHED_KERNELS_H
#define MVBENCH_BATCHED_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* For batch_count problems y_b = op(A_b) x_b, A_b m x n column-major (lda
 * m) at A + b*m*n, x_b dense at x + b*len_x, y_b at b*len_y (len_x, len_y:
 * n and m for op N, m and n for op T): ref[b*len_y + i] = y_b[i] and
 * bound[b*len_y + i] = sum |a| |x| over the same terms, in double, one
 * thread per element. A and x hold float or double (is_double). */
cudaError_t bench_batched_reference(const void *A, const void *x, int is_double, int trans, int64_t m, int64_t n,
                                    int64_t batch_count, double *ref, double *bound, cudaStream_t s);

/* ptrs[i] = base + i*stride_bytes for i < count. */
cudaError_t bench_batched_pointers(void **ptrs, const void *base, size_t stride_bytes, size_t count,
                                   cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
