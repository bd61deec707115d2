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
//   16-byte load per column), up to 64 lanes a tile of rows (1 KB runs of
//   each column), the block's other lanes other columns of the same rows,
//   eight columns in flight per lane (128 bytes; 54 registers, four blocks
//   per SM: 128 KB in flight per SM); the block adds its lanes' sums of a
//   row in a fixed order. The columns are split into parts over blocks for
//   a whole wave (never a few blocks past one), the parts' sums added by
//   the second kernel, a block per 32 outputs with its eight warps' loads
//   in flight.
// - Both kernels and the finish are programmatic dependent launches on
//   compute capability 9.0+: the finish's launch overlaps the parts' end,
//   and the first kernel's the kernel before it in the stream.
//
// Deterministic: every sum has one order, whatever the launch. alpha == 0
// reads neither A nor x; beta == 0 does not read y.

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#include "core/device.cuh"
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
    mv::pdl_begin();
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

// op N. A block of 256 threads is TX lanes along the rows (8 rows, one
// 16-byte vector, each) by TY = 256 / TX along the columns: it owns a tile
// of 8 TX rows and, within its part of the columns, thread (tx, ty) takes
// columns ty, ty + TY, ... in rounds of kRound columns, all their loads in
// flight (128 bytes a thread), so a column's tile is one run of 16 TX
// bytes. Grid: x over tiles, y over parts of the columns
// (`cols_per_part`). The TY sums of a row are added in ty order through
// shared memory; parts == 1: y written here; else partial sums at
// ws[part * m + i].
constexpr int kRound = 8;

template <typename TA, bool VEC>
__device__ __forceinline__ void load8_raw(const TA *p, bool full, int64_t rows_left, uint4 &raw)
{
    if (VEC && full) {
        raw = *reinterpret_cast<const uint4 *>(p);
    } else {
        TA e[8];
#pragma unroll
        for (int k = 0; k < 8; ++k)
            e[k] = k < rows_left ? p[k] : TA(0.0f);
        raw = *reinterpret_cast<const uint4 *>(e);
    }
}

template <typename TA, typename TX, typename TY, bool VEC>
__global__ void __launch_bounds__(kThreads) ex_n(mv_gemv_ex_args p, int log_tx, int64_t cols_per_part, float *ws)
{
    mv::pdl_begin();
    __shared__ float part[kThreads * 8];
    const float alpha = load_scalar<float>(p.alpha), beta = load_scalar<float>(p.beta);
    if (alpha == 0.0f && beta == 1.0f)
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int tx = threadIdx.x & ((1 << log_tx) - 1), ty = threadIdx.x >> log_tx;
    const int TYn = kThreads >> log_tx;
    const int64_t rows = int64_t(8) << log_tx;  // of a tile
    const int64_t c_begin = int64_t(blockIdx.y) * cols_per_part;
    const int64_t c_end = c_begin + cols_per_part < p.n ? c_begin + cols_per_part : p.n;
    const TA *A = static_cast<const TA *>(p.A);
    const TX *x = static_cast<const TX *>(p.x);
    for (int64_t tile = blockIdx.x; tile * rows < p.m; tile += gridDim.x) {
        const int64_t i0 = tile * rows + 8 * int64_t(tx);
        const int64_t rows_left = p.m - i0;
        const bool full = rows_left >= 8;
        float acc[8] = {};
        if (alpha != 0.0f && rows_left > 0) {
            const TA *a = A + i0;
            const int64_t step = TYn, last = c_end - (kRound - 1) * step;
            // Whole 16-byte vectors (full) or the tile's last rows: two
            // instances of the loops, so that the vector one carries no
            // per-row code (54 registers, four blocks per SM).
            const auto columns = [&](auto full_tag) {
                constexpr bool F = decltype(full_tag)::value;
                int64_t j = c_begin + ty;
                // Whole rounds: kRound columns step apart, every one inside the part.
                for (; j < last; j += kRound * step) {
                    uint4 raw[kRound];
                    float xv[kRound];
                    const TA *aj = a + j * p.lda;
#pragma unroll
                    for (int u = 0; u < kRound; ++u)
                        load8_raw<TA, VEC && F>(aj + u * step * p.lda, full, rows_left, raw[u]);
#pragma unroll
                    for (int u = 0; u < kRound; ++u)
                        xv[u] = to_float(x[(j + u * step) * p.incx]);
#pragma unroll
                    for (int u = 0; u < kRound; ++u) {
                        const TA *e = reinterpret_cast<const TA *>(&raw[u]);
#pragma unroll
                        for (int k = 0; k < 8; ++k)
                            acc[k] += to_float(e[k]) * xv[u];
                    }
                }
                // The part's last columns, fewer than a round: half rounds.
                for (; j < c_end; j += (kRound / 2) * step) {
                    uint4 raw[kRound / 2];
                    float xv[kRound / 2];
#pragma unroll
                    for (int u = 0; u < kRound / 2; ++u) {
                        const int64_t ju = j + u * step;
                        raw[u] = make_uint4(0u, 0u, 0u, 0u);
                        xv[u] = 0.0f;
                        if (ju < c_end) {
                            load8_raw<TA, VEC && F>(a + ju * p.lda, full, rows_left, raw[u]);
                            xv[u] = to_float(x[ju * p.incx]);
                        }
                    }
#pragma unroll
                    for (int u = 0; u < kRound / 2; ++u) {
                        const TA *e = reinterpret_cast<const TA *>(&raw[u]);
#pragma unroll
                        for (int k = 0; k < 8; ++k)
                            acc[k] += to_float(e[k]) * xv[u];
                    }
                }
            };
            if (full)
                columns(std::true_type{});
            else
                columns(std::false_type{});
        }
        // Row r of the tile: thread (r / 8, ty)'s acc[r % 8] at part[ty * rows + r].
#pragma unroll
        for (int k = 0; k < 8; ++k)
            part[ty * rows + 8 * tx + k] = acc[k];
        __syncthreads();
        for (int r = threadIdx.x; r < rows; r += kThreads) {
            const int64_t i = tile * rows + r;
            if (i < p.m) {
                float s = part[r];
                for (int q = 1; q < TYn; ++q)
                    s += part[q * rows + r];
                if (gridDim.y == 1)
                    store_y(static_cast<TY *>(p.y) + i * p.incy, alpha, s, beta);
                else
                    ws[int64_t(blockIdx.y) * p.m + i] = s;
            }
        }
        __syncthreads();
    }
}

// The parts' partial sums of each output. A block takes 32 outputs; its
// warp w adds parts w, w + 8, ... of its lane's output (loads coalesced
// over the lanes, eight warps' loads in flight), and lane l of warp 0 then
// adds the eight warps' sums in warp order: one order whatever the grid.
template <typename TY>
__global__ void __launch_bounds__(kThreads) ex_finish(mv_gemv_ex_args p, int64_t len, int parts, const float *ws)
{
    mv::pdl_begin();
    __shared__ float sums[kWarps][32];
    const float alpha = load_scalar<float>(p.alpha), beta = load_scalar<float>(p.beta);
    if (alpha == 0.0f && beta == 1.0f)
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    for (int64_t base = int64_t(blockIdx.x) * 32; base < len; base += int64_t(gridDim.x) * 32) {
        const int64_t i = base + lane;
        float s = 0.0f;
        if (alpha != 0.0f && i < len)
            for (int q = w; q < parts; q += kWarps)
                s += ws[int64_t(q) * len + i];
        sums[w][lane] = s;
        __syncthreads();
        if (w == 0 && i < len) {
            float t = sums[0][lane];
#pragma unroll
            for (int k = 1; k < kWarps; ++k)
                t += sums[k][lane];
            store_y(static_cast<TY *>(p.y) + i * p.incy, alpha, t, beta);
        }
        __syncthreads();
    }
}

int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

// kernel<<<grid, kThreads, 0, p.stream>>>(args...), as a programmatic
// dependent launch where the device has them (p.pdl): its launch overlaps
// the end of the kernel before it, and pdl_begin holds it until that one
// is done (the finish after the parts, and whatever came before the call).
template <typename... P, typename... Args>
cudaError_t launch(const mv_gemv_ex_args &p, void (*kernel)(P...), dim3 grid, Args... args)
{
    return mv::launch_pdl(p.stream, p.pdl != 0, kernel, grid, kThreads, args...);
}

// The parts' partial sums, added by ex_finish in part order.
template <typename TY>
cudaError_t launch_finish(const mv_gemv_ex_args &p, int64_t len, int64_t parts, const float *ws)
{
    const int64_t fb = ceil_div(len, 32);
    return launch(p, ex_finish<TY>, dim3(unsigned(fb < 65535 ? fb : 65535)), p, len, int(parts), ws);
}

// Parts of the summed dimension (sum_len long) for `blocks` blocks of
// outputs: enough for `want` blocks, each part at least `unit` long (a
// multiple of `align`), within the workspace (parts * len floats).
int64_t plan_parts(const mv_gemv_ex_args &p, int64_t blocks, int64_t want, int64_t len, int64_t sum_len,
                   int64_t unit, int64_t align, bool whole_wave, int64_t *per_part)
{
    const int64_t ws_floats = p.ws ? int64_t(p.ws_bytes / sizeof(float)) : 0;
    int64_t parts = blocks >= want ? 1 : whole_wave ? want / blocks : ceil_div(want, blocks);
    parts = parts < ceil_div(sum_len, unit) ? parts : ceil_div(sum_len, unit);
    parts = parts < 65535 ? parts : 65535;
    if (parts * len > ws_floats)
        parts = ws_floats / len > 1 ? ws_floats / len : 1;
    *per_part = ceil_div(ceil_div(sum_len, parts), align) * align;
    return ceil_div(sum_len, *per_part);
}

template <typename TA, typename TX, typename TY, bool VEC>
cudaError_t launch_typed(const mv_gemv_ex_args &p)
{
    const int64_t sms = p.sm_count > 0 ? p.sm_count : 132;
    const int64_t cap = int64_t(1) << 30;
    int64_t per_part;
    if (p.trans) {
        // Parts of the rows: enough blocks for a wave of 8 blocks per SM,
        // at least 256 rows a part.
        const int64_t blocks = ceil_div(ceil_div(p.n, kCols), kWarps);
        const int64_t parts = plan_parts(p, blocks, 8 * sms, p.n, p.m, 256, 256, false, &per_part);
        float *ws = parts > 1 ? static_cast<float *>(p.ws) : nullptr;
        const cudaError_t err = launch(p, ex_t<TA, TX, TY, VEC>, dim3(unsigned(blocks < cap ? blocks : cap), unsigned(parts)),
                                       p, per_part, ws);
        return err != cudaSuccess || parts == 1 ? err : launch_finish<TY>(p, p.n, parts, ws);
    }
    // op N: TX lanes along the rows, at most 64 (runs of 1 KB of each
    // column: 0.98-1.02x the time of 128 lanes' 2 KB runs, fewer parts to
    // finish) and no more than the rows need; parts of the columns for a
    // whole wave of blocks (a few more blocks than a wave would run as a
    // second one), each part two rounds of columns at least.
    int log_tx = 0;
    while (log_tx < 6 && (int64_t(8) << log_tx) < p.m)
        ++log_tx;
    const int64_t tiles = ceil_div(p.m, int64_t(8) << log_tx);
    const int64_t want = mv::blocks_per_sm<ex_n<TA, TX, TY, VEC>, kThreads>() * sms;
    const int64_t round_cols = int64_t(kRound) * (kThreads >> log_tx);
    const int64_t parts = plan_parts(p, tiles, want, p.m, p.n, 2 * round_cols, 1, true, &per_part);
    float *ws = parts > 1 ? static_cast<float *>(p.ws) : nullptr;
    const cudaError_t err = launch(p, ex_n<TA, TX, TY, VEC>, dim3(unsigned(tiles < cap ? tiles : cap), unsigned(parts)),
                                   p, log_tx, per_part, ws);
    return err != cudaSuccess || parts == 1 ? err : launch_finish<TY>(p, p.m, parts, ws);
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
