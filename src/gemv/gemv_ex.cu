// mv_gemv_ex's kernels: A in binary16 or bfloat16, x in A's type or float,
// y in A's type or float; products and sums in float, y rounded once.
//
// Napkin math. Half A halves the bytes of a float GEMV: 4096 x 14336 bf16
// is 117 MB, ~39 us at ~3 TB/s. The kernels read A with 16-byte loads
// (eight elements) where every column starts on a 16-byte boundary (lda a
// multiple of 8 and A aligned), else with 2-byte loads of the same bytes,
// and keep ~64-128 bytes in flight per lane:
//
// - op T (y_j = A(:, j) . x): a warp takes four columns at a time, its
//   lanes down the rows (256 rows per pass with 16-byte loads), so each x
//   element it loads serves four columns: x's traffic is a quarter of A's
//   elements. Where the columns alone would give the GPU fewer than ~4
//   warps per SM slot, the rows are split into parts whose partial sums go
//   to the handle's workspace and a second kernel adds them in part order.
// - op N (y_i = A(i, :) . x): a lane takes eight consecutive rows (one
//   16-byte load per column), a warp 256 rows, the block's 8 warps the same
//   rows over interleaved columns; the block adds its warps' sums in warp
//   order. The columns are split into parts over blocks until a wave of
//   8 blocks per SM is there, the parts' sums added by the second kernel.
//
// Deterministic: every sum has one order, whatever the launch. alpha == 0
// reads neither A nor x; beta == 0 does not read y.

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "gemv/gemv_common.cuh"
#include "gemv/gemv_kernels.h"

namespace {

using mv::load_scalar;
using mv::warp_sum;

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kCols = 4;  // op T: columns per warp at a time

__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }

template <typename T>
__device__ __forceinline__ T from_float(float v);
template <>
__device__ __forceinline__ float from_float<float>(float v) { return v; }
template <>
__device__ __forceinline__ __half from_float<__half>(float v) { return __float2half_rn(v); }
template <>
__device__ __forceinline__ __nv_bfloat16 from_float<__nv_bfloat16>(float v) { return __float2bfloat16_rn(v); }

// Eight consecutive elements of A as floats: one 16-byte load (VEC, p
// aligned) or eight 2-byte loads.
template <typename TA, bool VEC>
__device__ __forceinline__ void load8(const TA *p, float (&v)[8])
{
    if (VEC) {
        const uint4 raw = *reinterpret_cast<const uint4 *>(p);
        const TA *e = reinterpret_cast<const TA *>(&raw);
#pragma unroll
        for (int k = 0; k < 8; ++k)
            v[k] = to_float(e[k]);
    } else {
#pragma unroll
        for (int k = 0; k < 8; ++k)
            v[k] = to_float(p[k]);
    }
}

// y = alpha*dot + beta*y in float, rounded to TY; beta == 0 never reads y,
// alpha == 0 never uses dot.
template <typename TY>
__device__ __forceinline__ void store_y(TY *yi, float alpha, float dot, float beta)
{
    float out;
    if (alpha == 0.0f)
        out = beta == 0.0f ? 0.0f : beta * to_float(*yi);
    else
        out = beta == 0.0f ? alpha * dot : alpha * dot + beta * to_float(*yi);
    *yi = from_float<TY>(out);
}

// op T. Grid: x over groups of kWarps * kCols columns, y over parts of the
// rows (`rows_per_part`, a multiple of 256). parts == 1: y written here;
// else partial sums at ws[part * n + j].
template <typename TA, typename TX, typename TY, bool VEC>
__global__ void __launch_bounds__(kThreads) ex_t(mv_gemv_ex_args p, int64_t rows_per_part, float *ws)
{
    const float alpha = load_scalar<float>(p.alpha), beta = load_scalar<float>(p.beta);
    if (alpha == 0.0f && beta == 1.0f)
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t r_begin = int64_t(blockIdx.y) * rows_per_part;
    const int64_t r_end = r_begin + rows_per_part < p.m ? r_begin + rows_per_part : p.m;
    const TA *A = static_cast<const TA *>(p.A);
    const TX *x = static_cast<const TX *>(p.x);
    const int64_t groups = (p.n + kCols - 1) / kCols;
    for (int64_t g = int64_t(blockIdx.x) * kWarps + w; g < groups; g += int64_t(gridDim.x) * kWarps) {
        const int64_t j0 = g * kCols;
        float acc[kCols] = {};
        if (alpha != 0.0f) {
            const TA *col[kCols];
#pragma unroll
            for (int c = 0; c < kCols; ++c)
                col[c] = A + (j0 + c < p.n ? j0 + c : j0) * p.lda;  // past n: column j0 again, its sum unused
            int64_t i = r_begin + 8 * lane;
            for (; i + 8 <= r_end; i += 256) {
                float xv[8];
#pragma unroll
                for (int k = 0; k < 8; ++k)
                    xv[k] = to_float(x[(i + k) * p.incx]);
#pragma unroll
                for (int c = 0; c < kCols; ++c) {
                    float av[8];
                    load8<TA, VEC>(col[c] + i, av);
#pragma unroll
                    for (int k = 0; k < 8; ++k)
                        acc[c] += av[k] * xv[k];
                }
            }
            // The part's last rows, fewer than 8 for this lane.
            for (; i < r_end; ++i) {
                const float xi = to_float(x[i * p.incx]);
#pragma unroll
                for (int c = 0; c < kCols; ++c)
                    acc[c] += to_float(col[c][i]) * xi;
            }
        }
#pragma unroll
        for (int c = 0; c < kCols; ++c)
            acc[c] = warp_sum(acc[c]);
        if (lane < kCols && j0 + lane < p.n) {
            float s = acc[0];
#pragma unroll
            for (int c = 1; c < kCols; ++c)
                s = lane == c ? acc[c] : s;
            const int64_t j = j0 + lane;
            if (gridDim.y == 1)
                store_y(static_cast<TY *>(p.y) + j * p.incy, alpha, s, beta);
            else
                ws[int64_t(blockIdx.y) * p.n + j] = s;
        }
    }
}

// op N. Grid: x over tiles of 256 rows, y over parts of the columns
// (`cols_per_part`). parts == 1: y written here; else partial sums at
// ws[part * m + i].
template <typename TA, typename TX, typename TY, bool VEC>
__global__ void __launch_bounds__(kThreads) ex_n(mv_gemv_ex_args p, int64_t cols_per_part, float *ws)
{
    __shared__ float part[kWarps][256];
    const float alpha = load_scalar<float>(p.alpha), beta = load_scalar<float>(p.beta);
    if (alpha == 0.0f && beta == 1.0f)
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t c_begin = int64_t(blockIdx.y) * cols_per_part;
    const int64_t c_end = c_begin + cols_per_part < p.n ? c_begin + cols_per_part : p.n;
    const TA *A = static_cast<const TA *>(p.A);
    const TX *x = static_cast<const TX *>(p.x);
    for (int64_t tile = blockIdx.x; tile * 256 < p.m; tile += gridDim.x) {
        const int64_t i0 = tile * 256 + 8 * lane;
        const bool full = i0 + 8 <= p.m;
        float acc[8] = {};
        if (alpha != 0.0f && i0 < p.m) {
            int64_t j = c_begin + w;
            for (; j + 3 * kWarps < c_end; j += 4 * kWarps) {
                float av[4][8], xv[4];
#pragma unroll
                for (int u = 0; u < 4; ++u) {
                    const int64_t ju = j + u * kWarps;
                    xv[u] = to_float(x[ju * p.incx]);
                    if (full) {
                        load8<TA, VEC>(A + i0 + ju * p.lda, av[u]);
                    } else {
#pragma unroll
                        for (int k = 0; k < 8; ++k)
                            av[u][k] = i0 + k < p.m ? to_float(A[i0 + k + ju * p.lda]) : 0.0f;
                    }
                }
#pragma unroll
                for (int u = 0; u < 4; ++u)
#pragma unroll
                    for (int k = 0; k < 8; ++k)
                        acc[k] += av[u][k] * xv[u];
            }
            for (; j < c_end; j += kWarps) {
                float av[8];
                const float xj = to_float(x[j * p.incx]);
                if (full) {
                    load8<TA, VEC>(A + i0 + j * p.lda, av);
                } else {
#pragma unroll
                    for (int k = 0; k < 8; ++k)
                        av[k] = i0 + k < p.m ? to_float(A[i0 + k + j * p.lda]) : 0.0f;
                }
#pragma unroll
                for (int k = 0; k < 8; ++k)
                    acc[k] += av[k] * xj;
            }
        }
#pragma unroll
        for (int k = 0; k < 8; ++k)
            part[w][8 * lane + k] = acc[k];
        __syncthreads();
        // The tile's 256 rows, one per thread: the 8 warps' sums in order.
        const int64_t i = tile * 256 + threadIdx.x;
        if (i < p.m) {
            float s = part[0][threadIdx.x];
#pragma unroll
            for (int q = 1; q < kWarps; ++q)
                s += part[q][threadIdx.x];
            if (gridDim.y == 1)
                store_y(static_cast<TY *>(p.y) + i * p.incy, alpha, s, beta);
            else
                ws[int64_t(blockIdx.y) * p.m + i] = s;
        }
        __syncthreads();
    }
}

// The parts' partial sums of each output, added in part order.
template <typename TY>
__global__ void __launch_bounds__(kThreads) ex_finish(mv_gemv_ex_args p, int64_t len, int parts, const float *ws)
{
    const float alpha = load_scalar<float>(p.alpha), beta = load_scalar<float>(p.beta);
    if (alpha == 0.0f && beta == 1.0f)
        return;  // the xGEMV quick return, known here only in device pointer mode
    for (int64_t i = int64_t(blockIdx.x) * kThreads + threadIdx.x; i < len; i += int64_t(gridDim.x) * kThreads) {
        float s = 0.0f;
        if (alpha != 0.0f)
            for (int q = 0; q < parts; ++q)
                s += ws[int64_t(q) * len + i];
        store_y(static_cast<TY *>(p.y) + i * p.incy, alpha, s, beta);
    }
}

int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

template <typename TA, typename TX, typename TY, bool VEC>
cudaError_t launch_typed(const mv_gemv_ex_args &p)
{
    const int64_t sms = p.sm_count > 0 ? p.sm_count : 132;
    const int64_t wave = 8 * sms;  // blocks of 256 threads: 8 per SM
    const int64_t len = p.trans ? p.n : p.m;
    const int64_t ws_floats = p.ws ? int64_t(p.ws_bytes / sizeof(float)) : 0;
    // Parts of the summed dimension: enough blocks for a wave, at least
    // 256 rows (op T) or 64 columns (op N) a part, within the workspace.
    const int64_t blocks = p.trans ? ceil_div(ceil_div(p.n, kCols), kWarps) : ceil_div(p.m, 256);
    const int64_t unit = p.trans ? 256 : 64;
    int64_t parts = blocks >= wave ? 1 : ceil_div(wave, blocks);
    parts = parts < ceil_div(p.trans ? p.m : p.n, unit) ? parts : ceil_div(p.trans ? p.m : p.n, unit);
    parts = parts < 65535 ? parts : 65535;
    if (parts * len > ws_floats)
        parts = ws_floats / len > 1 ? ws_floats / len : 1;
    const int64_t sum_len = p.trans ? p.m : p.n;
    int64_t per_part = ceil_div(sum_len, parts);
    if (p.trans)
        per_part = ceil_div(per_part, 256) * 256;
    parts = ceil_div(sum_len, per_part);
    float *ws = parts > 1 ? static_cast<float *>(p.ws) : nullptr;
    const unsigned gx = unsigned(blocks < (int64_t(1) << 30) ? blocks : (int64_t(1) << 30));
    if (p.trans)
        ex_t<TA, TX, TY, VEC><<<dim3(gx, unsigned(parts)), kThreads, 0, p.stream>>>(p, per_part, ws);
    else
        ex_n<TA, TX, TY, VEC><<<dim3(gx, unsigned(parts)), kThreads, 0, p.stream>>>(p, per_part, ws);
    if (parts > 1) {
        const int64_t fb = ceil_div(len, kThreads);
        ex_finish<TY><<<unsigned(fb < 65535 ? fb : 65535), kThreads, 0, p.stream>>>(p, len, int(parts), ws);
    }
    return cudaGetLastError();
}

template <typename TA, typename TX, typename TY>
cudaError_t launch_aligned(const mv_gemv_ex_args &p)
{
    const bool vec = p.lda % 8 == 0 && reinterpret_cast<uintptr_t>(p.A) % 16 == 0;
    return vec ? launch_typed<TA, TX, TY, true>(p) : launch_typed<TA, TX, TY, false>(p);
}

template <typename TA>
cudaError_t launch_a(const mv_gemv_ex_args &p)
{
    const bool xf = p.x_type == MV_EX_32F, yf = p.y_type == MV_EX_32F;
    if (xf)
        return yf ? launch_aligned<TA, float, float>(p) : launch_aligned<TA, float, TA>(p);
    return yf ? launch_aligned<TA, TA, float>(p) : launch_aligned<TA, TA, TA>(p);
}

} // namespace

extern "C" cudaError_t mv_gemv_ex_launch(const mv_gemv_ex_args *args)
{
    return args->a_type == MV_EX_16BF ? launch_a<__nv_bfloat16>(*args) : launch_a<__half>(*args);
}
