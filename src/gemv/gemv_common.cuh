// Device helpers shared by the GEMV kernels: scalars, the BLAS output rule,
// warp and block reductions, grid sizing, the beta pre-scale that atomic
// variants need. Generic over float and double.
#pragma once

#include <cstdint>

#include "core/device.cuh"
#include "gemv/gemv_kernels.h"

namespace mv {

// Grid-stride loops let a capped grid cover any size; the cap keeps gridDim.x
// legal for matrices of more than 2^31 rows or columns.
constexpr int64_t kMaxBlocks = int64_t(1) << 20;

inline unsigned blocks_for(int64_t items, int64_t items_per_block)
{
    const int64_t blocks = (items + items_per_block - 1) / items_per_block;
    return unsigned(blocks < kMaxBlocks ? blocks : kMaxBlocks);
}

template <typename T>
__device__ __forceinline__ T load_scalar(const mv_scalar &s)
{
    return s.dev ? *static_cast<const T *>(s.dev) : static_cast<T>(s.value);
}

// alpha*dot + beta*y with the BLAS rules: beta == 0 never reads y (NaN in y
// does not propagate), alpha == 0 never uses dot.
template <typename T>
__device__ __forceinline__ void store_output(T *yi, T alpha, T dot, T beta)
{
    T out;
    if (alpha == T(0))
        out = beta == T(0) ? T(0) : beta * *yi;
    else
        out = beta == T(0) ? alpha * dot : alpha * dot + beta * *yi;
    *yi = out;
}

// alpha == 0: y = beta*y over outputs [0, len), A and x never read. The
// calling threads share the outputs: thread `first`, then every `stride`-th.
template <typename T>
__device__ __forceinline__ void scale_outputs(T *y, int64_t incy, int64_t len, int64_t first, int64_t stride, T beta)
{
    for (int64_t i = first; i < len; i += stride)
        store_output(y + i * incy, T(0), T(0), beta);
}

// The grid-stride form: every thread of the blocks along x.
template <typename T>
__device__ __forceinline__ void scale_outputs_grid(T *y, int64_t incy, int64_t len, T beta)
{
    scale_outputs(y, incy, len, int64_t(blockIdx.x) * blockDim.x + threadIdx.x, int64_t(gridDim.x) * blockDim.x,
                  beta);
}

// Sum over the 32 lanes in a fixed butterfly order: every lane gets the sum.
template <typename T>
__device__ __forceinline__ T warp_sum(T v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// acc[k] summed over the lanes of a warp that hold the same outputs: lanes
// from, 2*from, 4*from, ... apart (from a power of two), by butterflies in a
// fixed order; every lane gets its group's sums.
template <typename T, int V>
__device__ __forceinline__ void sum_lanes_apart(T (&acc)[V], int from)
{
    for (int off = from; off < 32; off *= 2)
#pragma unroll
        for (int k = 0; k < V; ++k)
            acc[k] += __shfl_xor_sync(0xffffffffu, acc[k], off);
}

// Sum over the block (blockDim.x a multiple of 32, at most 1024): warps
// reduce with shuffles, warp 0 reduces the warp sums. The result is valid in
// thread 0. scratch holds 32 values; the call ends with a barrier so scratch
// can be reused.
template <typename T>
__device__ __forceinline__ T block_sum(T v, T *scratch)
{
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_sum(v);
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    const int warps = blockDim.x / 32;
    T total = T(0);
    if (warp == 0) {
        total = lane < warps ? scratch[lane] : T(0);
        total = warp_sum(total);
    }
    __syncthreads();
    return total;
}

// y = beta*y over len elements (beta == 0 writes zeros without reading y),
// nothing when alpha == 0 and beta == 1: the first step of every variant
// that then adds alpha*partial sums into y with atomics.
template <typename T>
__global__ void scale_output(int64_t len, T *y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    (void)alpha_s;  // beta == 1 leaves y as it is, whatever alpha
    const T beta = load_scalar<T>(beta_s);
    if (beta == T(1))
        return;
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < len; i += stride)
        y[i * incy] = beta == T(0) ? T(0) : beta * y[i * incy];
}

template <typename T>
cudaError_t launch_scale_output(const mv_gemv_args &a)
{
    const int64_t len_y = a.trans ? a.n : a.m;
    scale_output<T><<<blocks_for(len_y, 256), 256, 0, a.stream>>>(len_y, static_cast<T *>(a.y), a.incy,
                                                                  a.alpha, a.beta);
    return cudaGetLastError();
}

// Element (out, k) of op(A), where out indexes y and k the reduction: for N
// it is A[out + k*lda], for T A[k + out*lda]. Kernels written against these
// strides serve both operations.
struct OpStrides {
    int64_t out;  // between consecutive outputs
    int64_t red;  // between consecutive reduction elements
    int64_t len_y, len_x;
};

inline OpStrides op_strides(const mv_gemv_args &a)
{
    return a.trans ? OpStrides{a.lda, 1, a.n, a.m} : OpStrides{1, a.lda, a.m, a.n};
}

// Instantiates launch<float> or launch<double> from the run-time dtype.
#define MV_DISPATCH_DTYPE(dtype, fn, ...) \
    ((dtype) == MV_DTYPE_S ? fn<float>(__VA_ARGS__) : fn<double>(__VA_ARGS__))

}  // namespace mv
