// The transpose kernels of Xiaoxu Na, "Matrix Transpose and Multiplication
// in CUDA": the baselines and the teaching material, each a named variant.
//
// `naive`: one thread per element, 32 x 8 threads per block, threads along
//   the rows of A. Reads coalesce (a warp reads 128 contiguous bytes of a
//   column of A), writes do not: neighbouring threads write B[j + i*ldb] ldb
//   elements apart, one 32-byte sector per 4-byte element between the SMs
//   and L2. Napkin math: L2-transaction-bound on the write side, ~1/4 to 1/2
//   of the copy bandwidth depending on how much L2 merges partial sectors.
//
// `shared-tile`: the paper's tile: 64 x 64 elements in shared memory padded
//   to 65 columns, 64 x 16 threads, 4 elements per thread. A warp reads 32
//   consecutive elements of a column of A into a row of the tile, then
//   writes 32 consecutive elements of a column of B from a column of the
//   tile; the padding puts the 32 elements of a tile column in 32 different
//   banks (address 65*tx + c, bank (tx + c) mod 32; for double the 16
//   threads of a half-warp in 16 different 8-byte slots). The 4-element
//   loop is kept rolled (#pragma unroll 1) as the paper's first version:
//   each thread waits for one load before it issues the next. Napkin math:
//   coalesced both ways, but only one 4-byte load in flight per thread,
//   2048 threads x 4 B = 8 KB per SM against the ~25 KB that the DRAM
//   latency asks for: ~1/3 to 1/2 of copy.
//
// `shared-tile-unrolled`: the same kernel with the loop unrolled (the
//   paper's second version): all four loads issued before the first shared
//   store, 32 KB in flight per SM. Napkin math: 80-90% of copy; the rest
//   is 4-byte accesses (four times the instructions of 16-byte ones) and
//   the idle SM time around each block's barrier.
//
// Grids: the tiled kernels loop over tiles numbered down the columns of A
// (as the default path), the naive kernel over rows and columns, so capped
// grids cover any size (gridDim.y is at most 65535).
#include <cstdint>

#include "transpose/transpose_kernels.h"

namespace mv {
namespace {

constexpr int64_t kMaxGridX = int64_t(1) << 20;
constexpr int64_t kMaxGridY = 65535;

// ---- naive ---------------------------------------------------------------------

constexpr int kNaiveX = 32, kNaiveY = 8;

template <typename T>
__global__ void __launch_bounds__(kNaiveX *kNaiveY)
transpose_naive(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, T *__restrict__ B, int64_t ldb)
{
    for (int64_t j = int64_t(blockIdx.y) * kNaiveY + threadIdx.y; j < n; j += int64_t(gridDim.y) * kNaiveY)
        for (int64_t i = int64_t(blockIdx.x) * kNaiveX + threadIdx.x; i < m; i += int64_t(gridDim.x) * kNaiveX)
            B[j + i * ldb] = A[i + j * lda];
}

template <typename T>
cudaError_t launch_naive(const mv_transpose_args &a)
{
    const int64_t bx = (a.m + kNaiveX - 1) / kNaiveX, by = (a.n + kNaiveY - 1) / kNaiveY;
    const dim3 grid(unsigned(bx < kMaxGridX ? bx : kMaxGridX), unsigned(by < kMaxGridY ? by : kMaxGridY));
    transpose_naive<T><<<grid, dim3(kNaiveX, kNaiveY), 0, a.stream>>>(a.m, a.n, static_cast<const T *>(a.A), a.lda,
                                                                       static_cast<T *>(a.B), a.ldb);
    return cudaGetLastError();
}

// ---- shared-tile, shared-tile-unrolled -----------------------------------------

constexpr int kTile = 64, kBlockRows = 16;  // 64 x 16 threads, 4 elements each

// tile[jj][ii] holds A(i0 + ii, j0 + jj).
template <typename T, bool kUnrolled>
__global__ void __launch_bounds__(kTile *kBlockRows)
transpose_shared_tile(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, T *__restrict__ B, int64_t ldb,
                      int64_t tiles_i, int64_t tiles)
{
    __shared__ T tile[kTile][kTile + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i0 = t % tiles_i * kTile, j0 = t / tiles_i * kTile;
        const int64_t i = i0 + tx;  // row of A this thread reads
#pragma unroll(kUnrolled ? kTile / kBlockRows : 1)
        for (int k = 0; k < kTile; k += kBlockRows) {
            const int64_t j = j0 + ty + k;
            if (i < m && j < n)
                tile[ty + k][tx] = A[i + j * lda];
        }
        __syncthreads();
        const int64_t jb = j0 + tx;  // row of B this thread writes
#pragma unroll(kUnrolled ? kTile / kBlockRows : 1)
        for (int k = 0; k < kTile; k += kBlockRows) {
            const int64_t ib = i0 + ty + k;
            if (jb < n && ib < m)
                B[jb + ib * ldb] = tile[tx][ty + k];
        }
        __syncthreads();  // the tile is refilled by the next iteration
    }
}

template <typename T, bool kUnrolled>
cudaError_t launch_shared_tile(const mv_transpose_args &a)
{
    const int64_t tiles_i = (a.m + kTile - 1) / kTile, tiles = tiles_i * ((a.n + kTile - 1) / kTile);
    transpose_shared_tile<T, kUnrolled><<<unsigned(tiles < kMaxGridX ? tiles : kMaxGridX), dim3(kTile, kBlockRows),
                                          0, a.stream>>>(a.m, a.n, static_cast<const T *>(a.A), a.lda,
                                                         static_cast<T *>(a.B), a.ldb, tiles_i, tiles);
    return cudaGetLastError();
}

cudaError_t naive_any(mv_dtype dtype, const mv_transpose_args *a)
{
    return dtype == MV_DTYPE_S ? launch_naive<float>(*a) : launch_naive<double>(*a);
}

cudaError_t shared_tile_any(mv_dtype dtype, const mv_transpose_args *a)
{
    return dtype == MV_DTYPE_S ? launch_shared_tile<float, false>(*a) : launch_shared_tile<double, false>(*a);
}

cudaError_t shared_tile_unrolled_any(mv_dtype dtype, const mv_transpose_args *a)
{
    return dtype == MV_DTYPE_S ? launch_shared_tile<float, true>(*a) : launch_shared_tile<double, true>(*a);
}

}  // namespace
}  // namespace mv

extern "C" const mv_transpose_variant mv_transpose_variant_naive = {
    "naive",
    "one thread per element, 32x8 threads: reads coalesced down A's columns, writes ldb apart",
    "Xiaoxu Na, Matrix Transpose and Multiplication in CUDA (naive transpose)",
    "reads coalesced, every 4-byte write its own 32-byte sector: ~1/4-1/2 of copy bandwidth",
    mv::naive_any,
    nullptr,
};

extern "C" const mv_transpose_variant mv_transpose_variant_shared_tile = {
    "shared-tile",
    "64x64 tile in shared memory padded to 65 columns, 64x16 threads, 4 elements each, loop rolled",
    "Xiaoxu Na, Matrix Transpose and Multiplication in CUDA (shared memory, +1 padding)",
    "coalesced both ways, no bank conflicts, but one 4-byte load in flight per thread: ~1/3-1/2 of copy",
    mv::shared_tile_any,
    nullptr,
};

extern "C" const mv_transpose_variant mv_transpose_variant_shared_tile_unrolled = {
    "shared-tile-unrolled",
    "shared-tile with the 4-element loops unrolled: four loads in flight per thread before the barrier",
    "Xiaoxu Na, Matrix Transpose and Multiplication in CUDA (loop unrolling)",
    "32 KB in flight per SM, 4-byte accesses: ~80-90% of copy",
    mv::shared_tile_unrolled_any,
    nullptr,
};
