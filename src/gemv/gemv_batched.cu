// Batched GEMV: batch_count independent y_b = alpha*op(A_b)*x_b + beta*y_b
// (mv_?gemv_strided_batched, mv_?gemv_batched).
//
// Napkin math. The products are bound by reading the matrices: 256 MiB of
// them at ~3 TB/s take ~90 us on an H100, whatever their size, provided the
// GPU keeps enough bytes in flight. At ~600 ns of DRAM latency that is ~1.8
// MB over the GPU, ~14 KB per SM (132 SMs): at 4 bytes a lane and 4 loads
// in flight per lane, ~28 warps per SM must be reading at any time. So:
//
// - Many small problems (batch_count at least the warps the GPU holds at
//   once, sm_count x 64): one warp per problem (batched_warp). The warp's
//   lanes form R row lanes x C = 32/R column lanes, R the power of two >= m
//   (at most 32), so that a warp-wide load covers C whole columns of an
//   8 x 8 or 16 x 16 matrix (lda = m: consecutive bytes) instead of leaving
//   lanes idle. Op N: each lane sums its row over every C-th column, then
//   the C column lanes of a row are added by butterflies; op T: each lane
//   sums its column over every R-th row, the R row lanes by butterflies.
// - Fewer, larger problems: blocks of 8 warps (batched_block), and where
//   the problems alone would not give the GPU two waves of blocks, each
//   problem's outputs are split over several blocks (rows for op N, columns
//   for op T), so that no sum is split: every output is written by one
//   block, in a fixed order, and no workspace is needed.
//
// Deterministic: every output's sum has one order, whatever the launch.
// alpha == 0 (either pointer mode) reads neither A nor x; beta == 0 does not
// read y (store_output).

#include <algorithm>
#include <cstdint>

#include "gemv/gemv_common.cuh"
#include "gemv/gemv_kernels.h"

namespace {

using mv::load_scalar;
using mv::store_output;
using mv::warp_sum;

constexpr int kWarpBlock = 128;   // batched_warp: 4 problems per block
constexpr int kBlockThreads = 256; // batched_block: 8 warps per problem part
constexpr int kBlockWarps = kBlockThreads / 32;

// The problem's operands: the strided form's offsets, or the pointer form's
// arrays (lowest addresses, so a negative increment's vector starts at its
// highest element).
template <typename T>
struct Problem {
    const T *A;
    const T *x;
    T *y;
};

// reads: alpha != 0 (else A and x, and the pointer form's arrays for
// them, which may then be NULL, are not read).
template <typename T>
__device__ __forceinline__ Problem<T> problem_at(const mv_gemv_batched_args &p, int64_t b, bool reads)
{
    const int64_t len_x = p.trans ? p.m : p.n, len_y = p.trans ? p.n : p.m;
    Problem<T> q = {nullptr, nullptr, nullptr};
    if (p.y_array) {
        if (reads) {
            q.A = static_cast<const T *>(p.A_array[b]);
            q.x = static_cast<const T *>(p.x_array[b]) + (p.incx < 0 ? (1 - len_x) * p.incx : 0);
        }
        q.y = static_cast<T *>(p.y_array[b]) + (p.incy < 0 ? (1 - len_y) * p.incy : 0);
    } else {
        if (reads) {
            q.A = static_cast<const T *>(p.A) + b * p.stride_a;
            q.x = static_cast<const T *>(p.x) + b * p.stride_x;
        }
        q.y = static_cast<T *>(p.y) + b * p.stride_y;
    }
    return q;
}

// The sum over q = first, first + step, ... < end of a[q*sa] * x[q*sx]:
// four terms loaded at a time (loads in flight), added one by one in q's
// order, so the bits are those of the plain loop.
template <typename T>
__device__ __forceinline__ T strided_dot(const T *a, int64_t sa, const T *x, int64_t sx, int64_t first, int64_t end,
                                         int64_t step)
{
    T acc = T(0);
    int64_t q = first;
    for (; q + 3 * step < end; q += 4 * step) {
        const T a0 = a[q * sa], a1 = a[(q + step) * sa], a2 = a[(q + 2 * step) * sa], a3 = a[(q + 3 * step) * sa];
        const T x0 = x[q * sx], x1 = x[(q + step) * sx], x2 = x[(q + 2 * step) * sx], x3 = x[(q + 3 * step) * sx];
        acc += a0 * x0;
        acc += a1 * x1;
        acc += a2 * x2;
        acc += a3 * x3;
    }
    for (; q < end; q += step)
        acc += a[q * sa] * x[q * sx];
    return acc;
}

// One warp per problem, R row lanes x (32 / R) column lanes.
template <typename T, bool TRANS, int R>
__global__ void __launch_bounds__(kWarpBlock) batched_warp(mv_gemv_batched_args p)
{
    constexpr int C = 32 / R;
    const T alpha = load_scalar<T>(p.alpha), beta = load_scalar<T>(p.beta);
    const int lane = threadIdx.x % 32, r = lane % R, c = lane / R;
    const int64_t warps = int64_t(gridDim.x) * (kWarpBlock / 32);
    for (int64_t b = int64_t(blockIdx.x) * (kWarpBlock / 32) + threadIdx.x / 32; b < p.batch_count; b += warps) {
        const Problem<T> q = problem_at<T>(p, b, alpha != T(0));
        if (!TRANS) {
            for (int64_t i0 = 0; i0 < p.m; i0 += R) {
                const int64_t i = i0 + r;
                T acc = T(0);
                if (alpha != T(0) && i < p.m)
                    acc = strided_dot(q.A + i, p.lda, q.x, p.incx, c, p.n, C);
                for (int off = R; off < 32; off *= 2)
                    acc += __shfl_xor_sync(0xffffffffu, acc, off);
                if (c == 0 && i < p.m)
                    store_output(q.y + i * p.incy, alpha, acc, beta);
            }
        } else {
            for (int64_t j0 = 0; j0 < p.n; j0 += C) {
                const int64_t j = j0 + c;
                T acc = T(0);
                if (alpha != T(0) && j < p.n)
                    acc = strided_dot(q.A + j * p.lda, int64_t(1), q.x, p.incx, r, p.m, R);
                for (int off = 1; off < R; off *= 2)
                    acc += __shfl_xor_sync(0xffffffffu, acc, off);
                if (r == 0 && j < p.n)
                    store_output(q.y + j * p.incy, alpha, acc, beta);
            }
        }
    }
}

// A block of 8 warps per (problem, part): blockIdx.y is the part of the
// outputs, `per_part` of them (a multiple of 32 for op N).
template <typename T, bool TRANS>
__global__ void __launch_bounds__(kBlockThreads) batched_block(mv_gemv_batched_args p, int64_t per_part)
{
    __shared__ T part[kBlockWarps][32];
    const T alpha = load_scalar<T>(p.alpha), beta = load_scalar<T>(p.beta);
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t len_y = TRANS ? p.n : p.m;
    const int64_t o_begin = int64_t(blockIdx.y) * per_part;
    const int64_t o_end = o_begin + per_part < len_y ? o_begin + per_part : len_y;
    for (int64_t b = blockIdx.x; b < p.batch_count; b += gridDim.x) {
        const Problem<T> q = problem_at<T>(p, b, alpha != T(0));
        if (!TRANS) {
            // Rows of 32 at a time: warp w sums columns w, w + 8, ... for
            // its lane's row; the 8 warps' sums are added in warp order.
            for (int64_t i0 = o_begin; i0 < o_end; i0 += 32) {
                const int64_t i = i0 + lane;
                T acc = T(0);
                if (alpha != T(0) && i < o_end)
                    acc = strided_dot(q.A + i, p.lda, q.x, p.incx, int64_t(w), p.n, int64_t(kBlockWarps));
                part[w][lane] = acc;
                __syncthreads();
                if (w == 0 && i < o_end) {
                    T sum = part[0][lane];
                    for (int k = 1; k < kBlockWarps; ++k)
                        sum += part[k][lane];
                    store_output(q.y + i * p.incy, alpha, sum, beta);
                }
                __syncthreads();
            }
        } else {
            // Warp w takes columns o_begin + w, + 8, ...; its lanes sum the
            // column's rows, then a butterfly.
            for (int64_t j = o_begin + w; j < o_end; j += kBlockWarps) {
                T acc = T(0);
                if (alpha != T(0))
                    acc = strided_dot(q.A + j * p.lda, int64_t(1), q.x, p.incx, int64_t(lane), p.m, int64_t(32));
                acc = warp_sum(acc);
                if (lane == 0)
                    store_output(q.y + j * p.incy, alpha, acc, beta);
            }
        }
    }
}

template <typename T, bool TRANS, int R>
cudaError_t launch_warp(const mv_gemv_batched_args &p)
{
    const int64_t per_block = kWarpBlock / 32;
    const int64_t blocks = std::min<int64_t>((p.batch_count + per_block - 1) / per_block, int64_t(1) << 30);
    batched_warp<T, TRANS, R><<<unsigned(blocks), kWarpBlock, 0, p.stream>>>(p);
    return cudaGetLastError();
}

template <typename T, bool TRANS>
cudaError_t launch_warp_rows(const mv_gemv_batched_args &p)
{
    // R: the power of two >= m, at most 32.
    if (p.m <= 1)
        return launch_warp<T, TRANS, 1>(p);
    if (p.m <= 2)
        return launch_warp<T, TRANS, 2>(p);
    if (p.m <= 4)
        return launch_warp<T, TRANS, 4>(p);
    if (p.m <= 8)
        return launch_warp<T, TRANS, 8>(p);
    if (p.m <= 16)
        return launch_warp<T, TRANS, 16>(p);
    return launch_warp<T, TRANS, 32>(p);
}

template <typename T, bool TRANS>
cudaError_t launch_block(const mv_gemv_batched_args &p)
{
    // Two waves of 8-warp blocks (8 per SM) over the GPU; the problems'
    // outputs split into as many parts as that takes, each part at least
    // 32 rows (op N: a warp's width) or 8 columns (op T: one per warp).
    const int64_t sms = p.sm_count > 0 ? p.sm_count : 132;
    const int64_t want = 2 * 8 * sms;
    const int64_t len_y = TRANS ? p.n : p.m, unit = TRANS ? kBlockWarps : 32;
    const int64_t max_parts = std::min<int64_t>((len_y + unit - 1) / unit, 65535);
    int64_t parts = std::max<int64_t>(1, std::min<int64_t>((want + p.batch_count - 1) / p.batch_count, max_parts));
    int64_t per_part = (len_y + parts - 1) / parts;
    per_part = (per_part + unit - 1) / unit * unit;
    parts = (len_y + per_part - 1) / per_part;
    const int64_t blocks = std::min<int64_t>(p.batch_count, int64_t(1) << 30);
    batched_block<T, TRANS><<<dim3(unsigned(blocks), unsigned(parts)), kBlockThreads, 0, p.stream>>>(p, per_part);
    return cudaGetLastError();
}

template <typename T>
cudaError_t launch(const mv_gemv_batched_args &p)
{
    // A warp per problem where the problems alone fill the GPU's warps.
    const int64_t sms = p.sm_count > 0 ? p.sm_count : 132;
    const bool per_warp = p.batch_count >= sms * 64 && (p.trans ? p.n : p.m) <= 512;
    if (p.trans)
        return per_warp ? launch_warp_rows<T, true>(p) : launch_block<T, true>(p);
    return per_warp ? launch_warp_rows<T, false>(p) : launch_block<T, false>(p);
}

} // namespace

extern "C" cudaError_t mv_gemv_batched_launch(mv_dtype dtype, const mv_gemv_batched_args *args)
{
    return dtype == MV_DTYPE_D ? launch<double>(*args) : launch<float>(*args);
}
