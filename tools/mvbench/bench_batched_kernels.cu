// Device helpers of mvbench batched: the double-precision reference of a
// strided batch of GEMVs (one thread per element of y, a plain loop: slow
// but simple enough to trust) and the device arrays of pointers that the
// pointer forms read.
#include <cmath>

#include "bench_batched_kernels.h"

namespace {

template <typename T>
__global__ void reference_kernel(const T *A, const T *x, int trans, int64_t m, int64_t n, int64_t batch_count,
                                 double *ref, double *bound)
{
    const int64_t len_y = trans ? n : m, len_x = trans ? m : n;
    const int64_t count = batch_count * len_y;
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t e = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; e < count; e += stride) {
        const int64_t b = e / len_y, i = e % len_y;
        const T *a = A + b * m * n;
        const T *xb = x + b * len_x;
        double sum = 0.0, abs_sum = 0.0;
        for (int64_t k = 0; k < len_x; ++k) {
            // op N: y_i = sum_k A(i, k) x_k; op T: y_i = sum_k A(k, i) x_k.
            const double av = double(trans ? a[i * m + k] : a[k * m + i]);
            const double xv = double(xb[k]);
            sum += av * xv;
            abs_sum += std::fabs(av) * std::fabs(xv);
        }
        ref[e] = sum;
        bound[e] = abs_sum;
    }
}

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
        reference_kernel<<<4096, 256, 0, s>>>(static_cast<const double *>(A), static_cast<const double *>(x), trans,
                                              m, n, batch_count, ref, bound);
    else
        reference_kernel<<<4096, 256, 0, s>>>(static_cast<const float *>(A), static_cast<const float *>(x), trans,
                                              m, n, batch_count, ref, bound);
    return cudaGetLastError();
}

extern "C" cudaError_t bench_batched_pointers(void **ptrs, const void *base, size_t stride_bytes, size_t count,
                                              cudaStream_t s)
{
    pointers_kernel<<<1024, 256, 0, s>>>(ptrs, static_cast<const char *>(base), stride_bytes, count);
    return cudaGetLastError();
}
