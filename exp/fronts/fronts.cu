// notes-gemv entry 59's question: does the order in which a grid's blocks
// walk memory decide DRAM's throughput at equal occupancy? Each kernel reads
// the same bytes (float4 loads, 8 in flight a thread, 256 threads a block)
// and sums them into one value a block:
//   front:   the read kernel's order, one front (block b takes rounds b,
//            b + grid, ...; a round is 32 KiB, 256 threads x 8 x 16 bytes)
//   chunks:  each block its own contiguous part (a block-long stream)
//   columns: a column-major matrix of ROWS rows (lda = ROWS), column blocks
//            looping over columns (tiled-t's order: block b takes columns b,
//            b + grid, ...; the column's 256 threads read it in rounds)
//   columns_x: columns with x's loads (tiled-t's dot products)
//   tall_x: a tall matrix in row parts, one or four columns a block
//   rowtile: the same matrix by tiles of rows (tiled-n's order: block b
//            takes rows [b T, (b+1) T), all columns, 16 bytes a thread a
//            column, 8 columns a round)
// for grids of G blocks (4 an SM and fewer), GB/s over the median of 9 runs.
//   nvcc -O3 -arch=sm_90 fronts.cu -o fronts && ./fronts
#include <cstdio>
#include <cuda_runtime.h>

#include "timing.h"

constexpr int kT = 256, kU = 8;

// p[i] where i < lim, else zeros.
__device__ __forceinline__ float4 ld_or_zero(const float4 *p, size_t i, size_t lim)
{
    return i < lim ? p[i] : make_float4(0, 0, 0, 0);
}

// N loads of 256 float4 apart from p + base + threadIdx.x (past lim: zeros).
template <int N>
__device__ __forceinline__ void load_round(const float4 *p, size_t base, size_t lim, float4 (&v)[N])
{
#pragma unroll
    for (int u = 0; u < N; ++u)
        v[u] = ld_or_zero(p, base + size_t(u) * kT + threadIdx.x, lim);
}

// One round: kU loads of 256 float4 from p + base (those at lim or past
// it read as zeros), all in flight, then their sum into s.
__device__ __forceinline__ void round_sum(const float4 *p, size_t base, size_t lim, float &s)
{
    float4 v[kU];
    load_round(p, base, lim, v);
#pragma unroll
    for (int u = 0; u < kU; ++u)
        s += v[u].x + v[u].y + v[u].z + v[u].w;
}

__global__ void front(const float4 *a, size_t n4, float *sink)
{
    float s = 0.f;
    const size_t round = size_t(gridDim.x) * kT * kU;
    for (size_t base = size_t(blockIdx.x) * kT * kU; base < n4; base += round)
        round_sum(a, base, n4, s);
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}

__global__ void chunks(const float4 *a, size_t n4, float *sink)
{
    float s = 0.f;
    const size_t per = (n4 + gridDim.x - 1) / gridDim.x;
    const size_t lo = blockIdx.x * per, hi = lo + per < n4 ? lo + per : n4;
    for (size_t base = lo; base < hi; base += kT * kU)
        round_sum(a, base, hi, s);
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}

// rows4: a column's float4 count (rows / 4); cols columns.
__global__ void columns(const float4 *a, size_t rows4, size_t cols, float *sink)
{
    float s = 0.f;
    for (size_t c = blockIdx.x; c < cols; c += gridDim.x) {
        const float4 *col = a + c * rows4;
        for (size_t base = 0; base < rows4; base += kT * kU)
            round_sum(col, base, rows4, s);
    }
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}

// Tiles of 32 float4 rows (128 floats): a warp covers a tile's column, the
// block's 8 warps 8 columns a step, kU steps in flight.
__global__ void rowtile(const float4 *a, size_t rows4, size_t cols, float *sink)
{
    float s = 0.f;
    const size_t tiles = (rows4 + 31) / 32;
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    for (size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const size_t r = t * 32 + lane;
        for (size_t c0 = 0; c0 < cols; c0 += 8 * kU) {
            float4 v[kU];
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                const size_t c = c0 + size_t(u) * 8 + w;
                v[u] = (r < rows4 && c < cols) ? a[c * rows4 + r] : make_float4(0, 0, 0, 0);
            }
#pragma unroll
            for (int u = 0; u < kU; ++u)
                s += v[u].x + v[u].y + v[u].z + v[u].w;
        }
    }
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}


// columns with a vector x of ROWS floats (L2-resident) in the sums, as
// tiled-t's dot products: XFirst = false loads a round's A, then each x
// beside its FMAs (tiled-t's order); true loads the round's x with its A.
template <bool XFirst>
__global__ void columns_x(const float4 *a, const float4 *x, size_t rows4, size_t cols, float *sink)
{
    float s = 0.f;
    for (size_t c = blockIdx.x; c < cols; c += gridDim.x) {
        const float4 *col = a + c * rows4;
        for (size_t base = 0; base < rows4; base += kT * kU) {
            float4 v[kU], xv[kU];
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                const size_t i = base + size_t(u) * kT + threadIdx.x;
                v[u] = ld_or_zero(col, i, rows4);
                if (XFirst)
                    xv[u] = ld_or_zero(x, i, rows4);
            }
#pragma unroll
            for (int u = 0; u < kU; ++u) {
                const size_t i = base + size_t(u) * kT + threadIdx.x;
                if (!XFirst)
                    xv[u] = ld_or_zero(x, i, rows4);
                s += v[u].x * xv[u].x + v[u].y * xv[u].y + v[u].z * xv[u].z + v[u].w * xv[u].w;
            }
        }
    }
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}


// A tall matrix (ROWS x COLS, lda = ROWS, float4 units rows4) in row parts
// (op T's split): block (c, part) reads rows [part span, (part+1) span) of
// column c with x's same rows in its sums (tiled-t's split plan); with
// K = 4, block (g, part) reads the part of columns 4g..4g+3, x loaded once
// a round for the four (gemv_tiled_t_cols4's idea with row parts): two
// row chunks x four columns = eight loads of A and two of x in flight.
template <int K>
__global__ void tall_x(const float4 *a, const float4 *x, size_t rows4, size_t cols, size_t span4, float *sink)
{
    constexpr int R = kU / K;  // row chunks a round
    float s = 0.f;
    const size_t groups = cols / K, parts = (rows4 + span4 - 1) / span4;
    for (size_t b = blockIdx.x; b < groups * parts; b += gridDim.x) {
        const size_t g = b % groups, part = b / groups;
        const size_t lo = part * span4, hi = lo + span4 < rows4 ? lo + span4 : rows4;
        for (size_t base = lo; base < hi; base += size_t(kT) * R) {
            float4 v[K][R], xv[R];
#pragma unroll
            for (int k = 0; k < K; ++k)
                load_round(a + (g * K + k) * rows4, base, hi, v[k]);
            load_round(x, base, hi, xv);
#pragma unroll
            for (int r = 0; r < R; ++r)
#pragma unroll
                for (int k = 0; k < K; ++k)
                    s += v[k][r].x * xv[r].x + v[k][r].y * xv[r].y + v[k][r].z * xv[r].z + v[k][r].w * xv[r].w;
        }
    }
    if (s == 12345.f)
        sink[blockIdx.x] = s;
}


int main()
{
    const size_t bytes = size_t(256) << 20, n4 = bytes / 16;
    float4 *a, *xs;
    float *sink;
    if (cudaMalloc(&a, bytes) || cudaMalloc(&xs, size_t(4) << 20) || cudaMalloc(&sink, 1 << 20))
        return 1;
    cudaMemset(a, 0, bytes);
    cudaMemset(xs, 0, size_t(4) << 20);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const int grids[] = {4 * sms, 3 * sms + sms / 2, 3 * sms, 2 * sms + sms / 2};
    printf("256 MiB, %d SMs; GB/s (median of 9)\n", sms);
    printf("%-8s %8s %8s  %s\n", "grid", "front", "chunks", "by rows (lda): columns / rowtile / columns with x after A / x with A");
    const size_t rows_list[] = {8192, 41376, 262144};
    for (int g : grids) {
        const float tf = time_us([&] { front<<<g, kT>>>(a, n4, sink); });
        const float tc = time_us([&] { chunks<<<g, kT>>>(a, n4, sink); });
        printf("%-8d %8.0f %8.0f ", g, bytes / tf / 1e3, bytes / tc / 1e3);
        for (size_t rows : rows_list) {
            const size_t rows4 = rows / 4, cols = n4 / rows4;
            const float tcol = time_us([&] { columns<<<g, kT>>>(a, rows4, cols, sink); });
            const float trt = time_us([&] { rowtile<<<g, kT>>>(a, rows4, cols, sink); });
            const float tx0 = time_us([&] { columns_x<false><<<g, kT>>>(a, xs, rows4, cols, sink); });
            const float tx1 = time_us([&] { columns_x<true><<<g, kT>>>(a, xs, rows4, cols, sink); });
            const double b = double(rows4 * cols) * 16;
            printf(" %zu: %.0f / %.0f / x %.0f / x first %.0f", rows, b / tcol / 1e3, b / trt / 1e3, b / tx0 / 1e3,
                   b / tx1 / 1e3);
        }
        printf("\n");
    }
    // Tall: 64 columns of 2^20 rows (256 MiB), x of 2^20 floats; parts so
    // that the blocks make about 4 an SM (one a column: 64 x parts; four:
    // 16 x parts), each block's part span4 float4 rows.
    printf("tall 1048576 x 64, GB/s: one column a block / four columns a block, by blocks\n");
    for (int parts1 : {4, 8, 16}) {
        const size_t rows4 = (size_t(1) << 20) / 4, cols = 64;
        const size_t span1 = (rows4 + parts1 - 1) / parts1, span4 = (rows4 + 4 * parts1 - 1) / (4 * parts1);
        const int g = 64 * parts1;
        const float t1 = time_us([&] { tall_x<1><<<g, kT>>>(a, xs, rows4, cols, span1, sink); });
        const float t4 = time_us([&] { tall_x<4><<<g, kT>>>(a, xs, rows4, cols, span4, sink); });
        printf("  %5d blocks: %.0f / %.0f\n", g, bytes / t1 / 1e3, bytes / t4 / 1e3);
    }
    const cudaError_t err = cudaGetLastError();
    printf("%s\n", cudaGetErrorString(err));
    return err != cudaSuccess;
}
