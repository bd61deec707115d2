// Reduction variants: several threads share one output's dot product and
// combine their partial sums in a fixed order (deterministic, no atomics).
// Each kernel is written against OpStrides, so it serves N and T; the
// reduction runs along contiguous memory (coalesced) only for T.
//
// `warp-per-row` (SGEMV worklog): one warp per output, lanes stride over the
//   reduction, shuffle reduction. Napkin math: T reads 128 contiguous bytes
//   per warp per step with one load in flight per lane; that is latency-bound
//   at ~50-70% of the read bandwidth unless many warps are resident (n in the
//   thousands). N is uncoalesced (~1/8 of bandwidth for float).
// `block-reduce` (SGEMV worklog): one 256-thread block per output, a shuffle
//   reduction per warp, then across warps through shared memory. Napkin math:
//   for T with m >= ~8k and n >= ~500 close to the read bandwidth; with fewer
//   outputs than ~2 blocks per SM (264 on an H100/H200) the GPU is part idle.
// `reduce-per-row` (textbook 28.6): one 256-thread block per output,
//   partial sums in shared memory combined by a halving tree with a barrier
//   per level. Napkin math: as block-reduce plus ~8 barriers per output:
//   the same bandwidth for long reductions, slower for short ones.
// `large-tz` (textbook 28.6, large matrices): blocks of T x Z = 128 x 4
//   threads, Z outputs per block, T threads per output striding over the
//   reduction, a shared-memory tree over T. Napkin math: 4 outputs per block
//   keeps more SMs busy than a block per output when n is small-to-medium;
//   T near the read bandwidth once n >= ~1k.
#include "gemv_common.cuh"

namespace mv {
namespace {

template <typename T>
__device__ __forceinline__ T strided_dot(const T *a, int64_t red, const T *x, int64_t incx, int64_t len,
                                         int64_t first, int64_t step)
{
    T dot = T(0);
    for (int64_t k = first; k < len; k += step)
        dot += a[k * red] * x[k * incx];
    return dot;
}

// ---- warp-per-row --------------------------------------------------------
template <typename T>
__global__ void __launch_bounds__(256)
gemv_warp_per_row(OpStrides s, const T *__restrict__ A, const T *__restrict__ x, int64_t incx,
                  T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int lane = threadIdx.x % 32;
    const int64_t warps = int64_t(gridDim.x) * (blockDim.x / 32);
    for (int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32; i < s.len_y; i += warps) {
        T dot = T(0);
        if (alpha != T(0))
            dot = warp_sum(strided_dot(A + i * s.out, s.red, x, incx, s.len_x, lane, 32));
        if (lane == 0)
            store_output(y + i * incy, alpha, dot, beta);
    }
}

// ---- block-reduce ----------------------------------------------------------
template <typename T>
__global__ void __launch_bounds__(256)
gemv_block_reduce(OpStrides s, const T *__restrict__ A, const T *__restrict__ x, int64_t incx,
                  T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    __shared__ T scratch[32];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    for (int64_t i = blockIdx.x; i < s.len_y; i += gridDim.x) {
        T dot = T(0);
        if (alpha != T(0))
            dot = block_sum(strided_dot(A + i * s.out, s.red, x, incx, s.len_x, threadIdx.x, blockDim.x),
                            scratch);
        if (threadIdx.x == 0)
            store_output(y + i * incy, alpha, dot, beta);
    }
}

// ---- reduce-per-row --------------------------------------------------------
constexpr int kTreeThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kTreeThreads)
gemv_reduce_per_row(OpStrides s, const T *__restrict__ A, const T *__restrict__ x, int64_t incx,
                    T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    __shared__ T partial[kTreeThreads];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    for (int64_t i = blockIdx.x; i < s.len_y; i += gridDim.x) {
        if (alpha != T(0)) {
            partial[threadIdx.x] = strided_dot(A + i * s.out, s.red, x, incx, s.len_x, threadIdx.x, kTreeThreads);
            __syncthreads();
            for (int half = kTreeThreads / 2; half > 0; half /= 2) {
                if (threadIdx.x < half)
                    partial[threadIdx.x] += partial[threadIdx.x + half];
                __syncthreads();
            }
        }
        if (threadIdx.x == 0)
            store_output(y + i * incy, alpha, alpha != T(0) ? partial[0] : T(0), beta);
        __syncthreads();  // partial[0] is read before the next output overwrites it
    }
}

// ---- large-tz ----------------------------------------------------------------
constexpr int kTzT = 128, kTzZ = 4;

template <typename T>
__global__ void __launch_bounds__(kTzT * kTzZ)
gemv_large_tz(OpStrides s, const T *__restrict__ A, const T *__restrict__ x, int64_t incx,
              T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    __shared__ T partial[kTzZ][kTzT];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int t = threadIdx.x, z = threadIdx.y;
    // Every thread runs the same number of iterations, so the barriers
    // inside are reached by the whole block.
    for (int64_t base = int64_t(blockIdx.x) * kTzZ; base < s.len_y; base += int64_t(gridDim.x) * kTzZ) {
        const int64_t i = base + z;
        const bool active = i < s.len_y;
        if (alpha != T(0)) {
            partial[z][t] = active ? strided_dot(A + i * s.out, s.red, x, incx, s.len_x, t, kTzT) : T(0);
            __syncthreads();
            for (int half = kTzT / 2; half > 0; half /= 2) {
                if (t < half)
                    partial[z][t] += partial[z][t + half];
                __syncthreads();
            }
        }
        if (t == 0 && active)
            store_output(y + i * incy, alpha, alpha != T(0) ? partial[z][0] : T(0), beta);
        __syncthreads();
    }
}

enum Kind { kWarpPerRow, kBlockReduce, kReducePerRow, kLargeTz };

template <typename T, Kind kind>
cudaError_t launch(const mv_gemv_args *a, void *)
{
    const OpStrides s = op_strides(*a);
    const T *A = static_cast<const T *>(a->A), *x = static_cast<const T *>(a->x);
    T *y = static_cast<T *>(a->y);
    switch (kind) {
    case kWarpPerRow:
        gemv_warp_per_row<T><<<blocks_for(s.len_y, 8), 256, 0, a->stream>>>(s, A, x, a->incx, y, a->incy,
                                                                           a->alpha, a->beta);
        break;
    case kBlockReduce:
        gemv_block_reduce<T><<<blocks_for(s.len_y, 1), 256, 0, a->stream>>>(s, A, x, a->incx, y, a->incy,
                                                                           a->alpha, a->beta);
        break;
    case kReducePerRow:
        gemv_reduce_per_row<T><<<blocks_for(s.len_y, 1), kTreeThreads, 0, a->stream>>>(
            s, A, x, a->incx, y, a->incy, a->alpha, a->beta);
        break;
    case kLargeTz:
        gemv_large_tz<T><<<blocks_for(s.len_y, kTzZ), dim3(kTzT, kTzZ), 0, a->stream>>>(
            s, A, x, a->incx, y, a->incy, a->alpha, a->beta);
        break;
    }
    return cudaGetLastError();
}

template <Kind kind>
cudaError_t launch_any(mv_dtype dtype, const mv_gemv_args *a, void *ws)
{
    return dtype == MV_DTYPE_S ? launch<float, kind>(a, ws) : launch<double, kind>(a, ws);
}

}  // namespace
}  // namespace mv

extern "C" {

extern const mv_gemv_variant mv_variant_warp_per_row = {
    "warp-per-row",
    "one warp per output; lanes stride over the reduction; shuffle reduction",
    "SGEMV worklog (kernel 2)",
    "T: coalesced, ~50-70% of read bandwidth (one load in flight per lane); N: uncoalesced",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, NULL, mv::launch_any<mv::kWarpPerRow>,
};

extern const mv_gemv_variant mv_variant_block_reduce = {
    "block-reduce",
    "one 256-thread block per output; warp shuffles, then shared memory across warps",
    "SGEMV worklog (kernel 3)",
    "T with m >= ~8k and n >= ~500: near read bandwidth; fewer outputs than ~264 leave SMs idle",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, NULL, mv::launch_any<mv::kBlockReduce>,
};

extern const mv_gemv_variant mv_variant_reduce_per_row = {
    "reduce-per-row",
    "one 256-thread block per output; shared-memory halving tree, a barrier per level",
    "textbook 28.6 (reduction kernel)",
    "as block-reduce for long reductions, slower for short ones (8 barriers per output)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, NULL, mv::launch_any<mv::kReducePerRow>,
};

extern const mv_gemv_variant mv_variant_large_tz = {
    "large-tz",
    "128 x 4 thread blocks: 4 outputs per block, 128 threads each, shared-memory tree",
    "textbook 28.6 (large-matrix kernel, T x Z threads)",
    "T: near read bandwidth once n >= ~1k; 4 outputs per block fill SMs sooner than a block per output",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, NULL, mv::launch_any<mv::kLargeTz>,
};

}
