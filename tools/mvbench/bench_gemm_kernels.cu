// Device helpers of mvbench gemm: conversion to double for the cuBLAS DGEMM
// reference, and the check of a result against it (bench_common.cuh's), on
// the device (an 8192^2 result is 64M elements: checking it on the host
// would take longer than the benchmark).
#include <cmath>

#include "bench_common.cuh"
#include "bench_gemm_kernels.h"

namespace {

template <typename T>
__global__ void to_double_kernel(const T *src, double *dst, double *dst_abs, size_t count)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const double v = double(src[i]);
        dst[i] = v;
        dst_abs[i] = fabs(v);
    }
}

}  // namespace

extern "C" cudaError_t bench_gemm_to_double(const void *src, int is_double, double *dst, double *dst_abs,
                                            size_t count, cudaStream_t s)
{
    if (is_double)
        to_double_kernel<<<4096, 256, 0, s>>>(static_cast<const double *>(src), dst, dst_abs, count);
    else
        to_double_kernel<<<4096, 256, 0, s>>>(static_cast<const float *>(src), dst, dst_abs, count);
    return cudaGetLastError();
}

extern "C" cudaError_t bench_gemm_check(const void *got, int is_double, const double *want, const double *bound,
                                        size_t count, int64_t k, double unit_roundoff, unsigned long long *bad,
                                        unsigned long long *first, cudaStream_t s)
{
    const double scale = 4.0 * (std::sqrt(double(k)) + 2.0) * unit_roundoff;
    if (is_double)
        check_kernel<double, false>
            <<<4096, 256, 0, s>>>(static_cast<const double *>(got), want, bound, count, scale, 0.0, 0.0, bad, first);
    else
        check_kernel<float, false>
            <<<4096, 256, 0, s>>>(static_cast<const float *>(got), want, bound, count, scale, 0.0, 0.0, bad, first);
    return cudaGetLastError();
}
