// The three algorithms of Opavsky & Uysaler 2012, "Matrix-Vector
// Multiplication Using Shared and Coalesced Memory Access", each for
// BLOCK_WIDTH (BW) in {8, 16, 32, 64, 128, 256} with 1024-thread blocks. A
// block owns 1024 outputs and a slab of BW reduction elements: it stages
// that slab of x in shared memory, each thread sums its output's BW products
// and adds alpha*sum to y with atomicAdd (so y = beta*y runs first, and the
// result is not bitwise reproducible).
//
// `block-multiply-BW` (Algorithm 1, N): thread i sums A[i + j*lda]*x[j] over
//   the slab's columns; neighbouring threads read neighbouring rows.
//   Napkin math: coalesced, so tall matrices stream near the read bandwidth
//   (~3.3 TB/s H100, ~4.8 TB/s H200) once BW >= ~32; BW = 8 adds one atomic
//   per 8 elements of A (m*n/8 atomics) and is bound by the atomics, and a
//   large BW leaves only ceil(m/1024)*ceil(n/BW) blocks: short-wide shapes
//   (m of a few thousand) fill the 132 SMs only when n/BW is in the hundreds.
// `transposed-block-multiply-BW` (Algorithm 2, T): the same kernel with the
//   strides of A^T: thread j sums A[i + j*lda]*x[i] over a slab of BW rows,
//   a contiguous piece of its own column. Napkin math: neighbouring threads
//   are lda apart, so each 4- or 8-byte load costs a 32-byte sector: about
//   1/8 (float) or 1/4 (double) of the read bandwidth, better only where L1
//   keeps a thread's sector until its next loads.
// `transpose-then-block-multiply-BW` (Algorithm 3, T): transposes A into a
//   workspace B = A^T (n x m, ldb = n) with 32x32 shared-memory tiles, then
//   runs Algorithm 1 on B. Napkin math: the transpose reads and writes A
//   once and the multiply reads it again: three passes, at best ~1/3 of a
//   single-pass kernel's speed, and n*m elements of extra memory.
#include "gemv_common.cuh"

namespace mv {
namespace {

constexpr int kThreads = 1024;           // the paper's block size
constexpr int64_t kMaxGridY = 65535;     // gridDim.y limit
constexpr int kTile = 32, kTileRows = 8;  // transpose: 32x32 tiles, 32x8 threads

// Algorithm 1 over a matrix given by its strides: out between outputs, red
// between reduction elements (OpStrides). With the strides of A it is
// Algorithm 1, with those of A^T Algorithm 2. gridDim.x strides over
// outputs, gridDim.y over slabs of BW reduction elements.
template <typename T, int BW>
__global__ void __launch_bounds__(kThreads)
gemv_slab_multiply(OpStrides s, const T *__restrict__ A, const T *__restrict__ x, int64_t incx,
                   T *__restrict__ y, int64_t incy, mv_scalar alpha_s)
{
    static_assert(BW <= kThreads, "one thread stages one element of the slab");
    __shared__ T xs[BW];
    const T alpha = load_scalar<T>(alpha_s);
    // y already holds beta*y; alpha == 0 must read neither A nor x. alpha
    // is the same for the whole block, so no thread is left at a barrier.
    if (alpha == T(0))
        return;
    // Every thread of the block runs the slab loop the same number of times
    // (it depends on blockIdx.y only) and reaches both barriers, whether or
    // not it has outputs of its own.
    for (int64_t k0 = int64_t(blockIdx.y) * BW; k0 < s.len_x; k0 += int64_t(gridDim.y) * BW) {
        const int width = int(s.len_x - k0 < BW ? s.len_x - k0 : BW);
        if (int(threadIdx.x) < width)
            xs[threadIdx.x] = x[(k0 + threadIdx.x) * incx];
        __syncthreads();
        const int64_t stride = int64_t(gridDim.x) * kThreads;
        for (int64_t i = int64_t(blockIdx.x) * kThreads + threadIdx.x; i < s.len_y; i += stride) {
            const T *a = A + i * s.out + k0 * s.red;
            T sum = T(0);
#pragma unroll 8
            for (int k = 0; k < width; ++k)
                sum += a[k * s.red] * xs[k];
            atomicAdd(y + i * incy, alpha * sum);
        }
        __syncthreads();  // every thread has read xs before the next slab overwrites it
    }
}

// B = A^T: A is m x n (lda), B is n x m (ldb = n). A tile is read down A's
// columns and written down B's columns, both coalesced; the extra column of
// the tile shifts each row by one bank, so reading a tile column is free of
// bank conflicts. The loop trip counts depend on the block index only, so
// every thread reaches every barrier.
template <typename T>
__global__ void __launch_bounds__(kTile * kTileRows)
transpose_tiles(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, T *__restrict__ B,
                mv_scalar alpha_s)
{
    __shared__ T tile[kTile][kTile + 1];
    // alpha == 0: A must not be read, and the multiply will not read B.
    if (load_scalar<T>(alpha_s) == T(0))
        return;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int64_t j0 = int64_t(blockIdx.y) * kTile; j0 < n; j0 += int64_t(gridDim.y) * kTile) {
        for (int64_t i0 = int64_t(blockIdx.x) * kTile; i0 < m; i0 += int64_t(gridDim.x) * kTile) {
            for (int r = ty; r < kTile; r += kTileRows) {
                const int64_t i = i0 + tx, j = j0 + r;
                if (i < m && j < n)
                    tile[r][tx] = A[i + j * lda];
            }
            __syncthreads();
            for (int r = ty; r < kTile; r += kTileRows) {
                const int64_t j = j0 + tx, i = i0 + r;
                if (i < m && j < n)
                    B[j + i * n] = tile[tx][r];
            }
            __syncthreads();  // the tile is read out before the next one is loaded
        }
    }
}

template <typename T, int BW>
cudaError_t launch_slab_multiply(const OpStrides &s, const T *A, const mv_gemv_args &a)
{
    const int64_t slabs = (s.len_x + BW - 1) / BW;
    const dim3 grid(blocks_for(s.len_y, kThreads), unsigned(slabs < kMaxGridY ? slabs : kMaxGridY));
    gemv_slab_multiply<T, BW><<<grid, kThreads, 0, a.stream>>>(
        s, A, static_cast<const T *>(a.x), a.incx, static_cast<T *>(a.y), a.incy, a.alpha);
    return cudaGetLastError();
}

// Algorithms 1 and 2: y = beta*y, then the slab multiply on A itself (the
// variant's ops say which operation it accepts).
template <typename T, int BW>
cudaError_t launch_direct(const mv_gemv_args *a, void *)
{
    const cudaError_t err = launch_scale_output<T>(*a);
    if (err != cudaSuccess)
        return err;
    return launch_slab_multiply<T, BW>(op_strides(*a), static_cast<const T *>(a->A), *a);
}

// Algorithm 3 (T only): y = beta*y, B = A^T in the workspace, then
// Algorithm 1 on B, whose n rows are the outputs and m columns the reduction.
template <typename T, int BW>
cudaError_t launch_transpose_then(const mv_gemv_args *a, void *workspace)
{
    cudaError_t err = launch_scale_output<T>(*a);
    if (err != cudaSuccess)
        return err;
    T *B = static_cast<T *>(workspace);
    const int64_t tiles_n = (a->n + kTile - 1) / kTile;
    const dim3 grid(blocks_for(a->m, kTile), unsigned(tiles_n < kMaxGridY ? tiles_n : kMaxGridY));
    transpose_tiles<T><<<grid, dim3(kTile, kTileRows), 0, a->stream>>>(a->m, a->n, static_cast<const T *>(a->A),
                                                                        a->lda, B, a->alpha);
    err = cudaGetLastError();
    if (err != cudaSuccess)
        return err;
    return launch_slab_multiply<T, BW>(OpStrides{1, a->n, a->n, a->m}, B, *a);
}

template <int BW>
cudaError_t launch_direct_any(mv_dtype dtype, const mv_gemv_args *a, void *ws)
{
    return dtype == MV_DTYPE_S ? launch_direct<float, BW>(a, ws) : launch_direct<double, BW>(a, ws);
}

template <int BW>
cudaError_t launch_transpose_then_any(mv_dtype dtype, const mv_gemv_args *a, void *ws)
{
    return dtype == MV_DTYPE_S ? launch_transpose_then<float, BW>(a, ws) : launch_transpose_then<double, BW>(a, ws);
}

// The paper's extra memory: A^T, n*m elements.
size_t transposed_bytes(mv_dtype dtype, const mv_gemv_args *a)
{
    if (a->m <= 0 || a->n <= 0)
        return 0;
    return size_t(a->m) * size_t(a->n) * (dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double));
}

constexpr char kSource[] = "Opavsky & Uysaler 2012";
constexpr char kIdea1[] = "Algorithm 1: thread per row, x slab of BLOCK_WIDTH columns in shared memory, atomicAdd";
constexpr char kIdea2[] = "Algorithm 2: thread per column of A, x slab of BLOCK_WIDTH rows in shared memory, atomicAdd";
constexpr char kIdea3[] = "Algorithm 3: 32x32 tile transpose of A into a workspace, then Algorithm 1 on A^T";
constexpr char kNapkin1[] =
    "N: coalesced, near read bandwidth for tall A once BW >= ~32; BW = 8 atomic-bound; large BW starves short-wide";
constexpr char kNapkin2[] = "T: threads lda apart, uncoalesced: ~1/8 (float), ~1/4 (double) of read bandwidth";
constexpr char kNapkin3[] = "T: transpose reads + writes A, multiply reads it again: at best ~1/3 of one pass";

}  // namespace
}  // namespace mv

// One entry per BLOCK_WIDTH: the name is the family and the width, e.g.
// "block-multiply-64" (string literals: static storage).
#define MV_BLOCK_VARIANT(family, bw, idea, napkin, ops, workspace, launch) \
    { family "-" #bw, idea, mv::kSource, napkin, ops, 0, bw, workspace, launch<bw> }

#define MV_BLOCK_FAMILY(family, idea, napkin, ops, workspace, launch)        \
    {                                                                        \
        MV_BLOCK_VARIANT(family, 8, idea, napkin, ops, workspace, launch),   \
        MV_BLOCK_VARIANT(family, 16, idea, napkin, ops, workspace, launch),  \
        MV_BLOCK_VARIANT(family, 32, idea, napkin, ops, workspace, launch),  \
        MV_BLOCK_VARIANT(family, 64, idea, napkin, ops, workspace, launch),  \
        MV_BLOCK_VARIANT(family, 128, idea, napkin, ops, workspace, launch), \
        MV_BLOCK_VARIANT(family, 256, idea, napkin, ops, workspace, launch), \
    }

extern "C" {

extern const mv_gemv_variant mv_variants_block_multiply[6] =
    MV_BLOCK_FAMILY("block-multiply", mv::kIdea1, mv::kNapkin1, MV_VARIANT_OP_N, nullptr, mv::launch_direct_any);

extern const mv_gemv_variant mv_variants_transposed_block_multiply[6] =
    MV_BLOCK_FAMILY("transposed-block-multiply", mv::kIdea2, mv::kNapkin2, MV_VARIANT_OP_T, nullptr,
                    mv::launch_direct_any);

extern const mv_gemv_variant mv_variants_transpose_then_block_multiply[6] =
    MV_BLOCK_FAMILY("transpose-then-block-multiply", mv::kIdea3, mv::kNapkin3, MV_VARIANT_OP_T,
                    mv::transposed_bytes, mv::launch_transpose_then_any);

}

#undef MV_BLOCK_FAMILY
#undef MV_BLOCK_VARIANT
