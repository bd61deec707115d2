// Ceiling kernels of mvbench. The read kernel is what "read bandwidth"
// means in every report: 16-byte loads, coalesced, four in flight per thread
// per iteration, nothing written but one value per block.
#include "bench_kernels.h"

namespace {

__global__ void read_kernel(const float4 *__restrict__ src, size_t count, float *sink)
{
    float acc = 0.0f;
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < count; i += 4 * stride) {
        const float4 a = src[i], b = src[i + stride], c = src[i + 2 * stride], d = src[i + 3 * stride];
        acc += a.x + b.y + c.z + d.w;
    }
    for (; i < count; i += stride)
        acc += src[i].x;
    // A store that (almost) never happens keeps the loads alive.
    if (acc == 1234.5f)
        sink[blockIdx.x] = acc;
}

__global__ void empty_kernel() {}

template <typename T>
__global__ void affine_kernel(T *p, size_t count)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        p[i] = T(2) * p[i] - T(1);
}

}  // namespace

extern "C" cudaError_t bench_read(const void *src, size_t bytes, int blocks, int threads, float *sink,
                                  cudaStream_t s)
{
    read_kernel<<<blocks, threads, 0, s>>>(static_cast<const float4 *>(src), bytes / 16, sink);
    return cudaGetLastError();
}

extern "C" cudaError_t bench_empty(cudaStream_t s)
{
    empty_kernel<<<1, 32, 0, s>>>();
    return cudaGetLastError();
}

extern "C" cudaError_t bench_affine(void *p, size_t count, int is_double, cudaStream_t s)
{
    if (is_double)
        affine_kernel<double><<<4096, 256, 0, s>>>(static_cast<double *>(p), count);
    else
        affine_kernel<float><<<4096, 256, 0, s>>>(static_cast<float *>(p), count);
    return cudaGetLastError();
}
