// GEMV kernels of the default path, generic over float and double.
//
// op N, `row-per-thread`: thread i walks row i across the columns. Column-major
// storage makes neighbouring threads read neighbouring addresses, so every
// load is coalesced; x[j] is the same for the whole warp (a broadcast).
// Napkin math: parallelism is m threads, so it streams A near the read
// bandwidth only when m is in the hundreds of thousands; short-wide shapes
// are latency-bound (the fast-path issue replaces this).
//
// op T, `warp-per-column`: output j is a dot product of column j (contiguous)
// with x; one warp reads the column 32 elements at a time and reduces with
// shuffles in a fixed order. Napkin math: coalesced 128-byte rows per warp,
// near the read bandwidth when n is in the thousands and m >= a few hundred.
//
// Both are deterministic (no atomics, fixed reduction order), allocate
// nothing and use 64-bit indexing throughout.
#include <cstdint>

#include "gemv.h"

namespace {

constexpr int kThreads = 256;
// Grid-stride loops let a capped grid cover any size; the cap keeps the grid
// within CUDA's limit on gridDim.x for matrices of more than 2^31 rows.
constexpr int64_t kMaxBlocks = int64_t(1) << 20;

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

template <typename T>
__global__ void __launch_bounds__(kThreads)
gemv_n_row_per_thread(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
                      int64_t incx, T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    const T alpha = load_scalar<T>(alpha_s);
    const T beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < m; i += stride) {
        T dot = T(0);
        if (alpha != T(0)) {
            const T *a = A + i;
            for (int64_t j = 0; j < n; ++j)
                dot += a[j * lda] * x[j * incx];
        }
        store_output(y + i * incy, alpha, dot, beta);
    }
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
gemv_t_warp_per_column(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
                       int64_t incx, T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    const T alpha = load_scalar<T>(alpha_s);
    const T beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int lane = threadIdx.x % 32;
    const int64_t warps = int64_t(gridDim.x) * (blockDim.x / 32);
    for (int64_t j = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32; j < n; j += warps) {
        T dot = T(0);
        if (alpha != T(0)) {
            const T *a = A + j * lda;
            for (int64_t i = lane; i < m; i += 32)
                dot += a[i] * x[i * incx];
            for (int offset = 16; offset > 0; offset /= 2)
                dot += __shfl_xor_sync(0xffffffffu, dot, offset);
        }
        if (lane == 0)
            store_output(y + j * incy, alpha, dot, beta);
    }
}

int64_t blocks_for(int64_t work_items, int64_t items_per_block)
{
    int64_t blocks = (work_items + items_per_block - 1) / items_per_block;
    return blocks < kMaxBlocks ? blocks : kMaxBlocks;
}

template <typename T>
cudaError_t launch(const mv_gemv_args &a)
{
    const T *A = static_cast<const T *>(a.A);
    const T *x = static_cast<const T *>(a.x);
    T *y = static_cast<T *>(a.y);
    if (!a.trans) {
        gemv_n_row_per_thread<T><<<unsigned(blocks_for(a.m, kThreads)), kThreads, 0, a.stream>>>(
            a.m, a.n, A, a.lda, x, a.incx, y, a.incy, a.alpha, a.beta);
    } else {
        gemv_t_warp_per_column<T><<<unsigned(blocks_for(a.n, kThreads / 32)), kThreads, 0, a.stream>>>(
            a.m, a.n, A, a.lda, x, a.incx, y, a.incy, a.alpha, a.beta);
    }
    return cudaGetLastError();
}

}  // namespace

extern "C" cudaError_t mv_gemv_launch(mv_dtype dtype, const mv_gemv_args *args)
{
    return dtype == MV_DTYPE_S ? launch<float>(*args) : launch<double>(*args);
}
