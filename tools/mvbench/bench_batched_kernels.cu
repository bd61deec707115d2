// Device helpers of mvbench batched: the double-precision reference of a
// strided batch of GEMVs (bench_common.cuh's, lda = m) and the device arrays
// of pointers that the pointer forms read.
#include "bench_batched_kernels.h"
#include "bench_common.cuh"

namespace {

__global__ void pointers_kernel(void **ptrs, const char *base, size_t stride_bytes, size_t count)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        ptrs[i] = const_cast<char *>(base + i * stride_bytes);
}

}  // namespace

extern "C" cudaError_t bench_batched_reference(const void *A, const void *x, int is_double, int trans, int64_t m,
                                               int64_t n, int64_t batch_count, double *ref, double *bound,
                                               cudaStream_t s)
{
    if (is_double)
        gemv_reference_kernel<<<4096, 256, 0, s>>>(trans, m, n, static_cast<const double *>(A), m, m * n,
                                                   static_cast<const double *>(x), batch_count, ref, bound);
    else
        gemv_reference_kernel<<<4096, 256, 0, s>>>(trans, m, n, static_cast<const float *>(A), m, m * n,
                                                   static_cast<const float *>(x), batch_count, ref, bound);
    return cudaGetLastError();
}

extern "C" cudaError_t bench_batched_pointers(void **ptrs, const void *base, size_t stride_bytes, size_t count,
                                              cudaStream_t s)
{
    pointers_kernel<<<1024, 256, 0, s>>>(ptrs, static_cast<const char *>(base), stride_bytes, count);
    return cudaGetLastError();
}
