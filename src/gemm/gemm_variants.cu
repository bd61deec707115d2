// The GEMM kernels of the source documents, kept as named variants (the
// baselines and the teaching material), the simt-* entries that run the
// default path's FP32 kernel in one fixed tile configuration each, the
// dmma-* entries that do the same for its FP64 kernel, and the
// C = beta*C kernel that a call reduces to when alpha == 0 or k == 0.
//
// Sources: Xiaoxu Na, "Matrix Transpose and Multiplication in CUDA" (naive,
// cache-friendly, blocked, shared-memory tiles); Didem Unat, "Matrix
// Multiplication in CUDA" (naive 2D-thread kernel; TILE_DIM x TILE_DIM
// shared-memory tiles with two barriers per step, the TILE_DIM study).
//
// Napkin math, H200 (FP32: 132 SMs x 128 lanes x 2 flop x ~1.98 GHz = ~67
// TFLOP/s; FP64 on CUDA cores about half; L1 ~ 30 TB/s and L2 ~ 10 TB/s
// aggregate): a kernel that does one multiply-add per two loads from L1/L2
// is bound by those loads, not by the arithmetic. Every variant here sums
// over k in increasing order with one fused multiply-add per term: the same
// bits on every run, no atomics.
#include "gemm_epilogue.cuh"
#include "gemm_simt.cuh"
#include "gemm/gemm_registry.h"

namespace mv {
namespace gemm {
namespace {

template <typename T>
struct Params {
    int64_t m, n, k;
    const T *A;
    OpStrides a;  // op(A)(i, q) = A[i*a.row + q*a.col]
    const T *B;
    OpStrides b;  // op(B)(q, j) = B[q*b.row + j*b.col]
    T *C;
    int64_t ldc;
    mv_scalar alpha, beta;
};

template <typename T>
Params<T> params(const mv_gemm_args *g)
{
    return Params<T>{g->m,
                     g->n,
                     g->k,
                     static_cast<const T *>(g->A),
                     op_strides(g->transa, g->lda),
                     static_cast<const T *>(g->B),
                     op_strides(g->transb, g->ldb),
                     static_cast<T *>(g->C),
                     g->ldc,
                     g->alpha,
                     g->beta};
}

// ---------------------------------------------------------------- naive
// One output per thread, 16x16 thread blocks mapped as the slides map a
// row-major C: threadIdx.x walks the columns j, threadIdx.y the rows i. In
// column-major storage that is the wrong way round: the 16 lanes of a half
// warp read A(i, q) at one address (a broadcast) but B(q, j) from 16
// columns ldb apart, and write C 16 columns apart: a 32-byte sector per
// 4-byte element. Napkin: ~2 loads per FMA, half of them uncoalesced: a few
// hundred GFLOP/s, ~1% of FP32 peak.
template <typename T>
__global__ void __launch_bounds__(256) gemm_naive(Params<T> p)
{
    const Scalars<T> s(p.alpha, p.beta, p.k);
    if (s.nothing)
        return;
    for (int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; j < p.n; j += int64_t(gridDim.x) * blockDim.x)
        for (int64_t i = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; i < p.m;
             i += int64_t(gridDim.y) * blockDim.y) {
            T acc = T(0);
            if (s.use_ab) {
                const T *a = p.A + i * p.a.row, *b = p.B + j * p.b.col;
                for (int64_t q = 0; q < p.k; ++q)
                    acc += a[q * p.a.col] * b[q * p.b.row];
            }
            T *c = p.C + i + j * p.ldc;
            *c = s.out(acc, c);
        }
}

template <typename T>
cudaError_t launch_naive(const mv_gemm_args *g)
{
    const dim3 block(16, 16);
    const dim3 grid(grid_cap(ceil_div(g->n, 16), kMaxGridX), grid_cap(ceil_div(g->m, 16), kMaxGridY));
    gemm_naive<T><<<grid, block, 0, g->stream>>>(params<T>(g));
    return cudaGetLastError();
}

// ------------------------------------------------------- cache-friendly
// The same loop with the mapping turned to fit column-major storage:
// threadIdx.x walks the rows i (32 per warp), so for op(A) = A the warp's
// loads of A(i, q) are 128 contiguous bytes, B(q, j) is one address per warp
// (a broadcast) and the stores of C coalesce. Napkin: one coalesced load per
// FMA, the other a broadcast, all from L1/L2 (A is re-read by every column
// block): ~1-2 TFLOP/s, a few % of peak. T cases read A across columns and
// lose the coalescing.
template <typename T>
__global__ void __launch_bounds__(256) gemm_cache_friendly(Params<T> p)
{
    const Scalars<T> s(p.alpha, p.beta, p.k);
    if (s.nothing)
        return;
    for (int64_t j = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; j < p.n; j += int64_t(gridDim.y) * blockDim.y)
        for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < p.m;
             i += int64_t(gridDim.x) * blockDim.x) {
            T acc = T(0);
            if (s.use_ab) {
                const T *a = p.A + i * p.a.row, *b = p.B + j * p.b.col;
                for (int64_t q = 0; q < p.k; ++q)
                    acc += a[q * p.a.col] * b[q * p.b.row];
            }
            T *c = p.C + i + j * p.ldc;
            *c = s.out(acc, c);
        }
}

template <typename T>
cudaError_t launch_cache_friendly(const mv_gemm_args *g)
{
    const dim3 block(32, 8);
    const dim3 grid(grid_cap(ceil_div(g->m, 32), kMaxGridX), grid_cap(ceil_div(g->n, 8), kMaxGridY));
    gemm_cache_friendly<T><<<grid, block, 0, g->stream>>>(params<T>(g));
    return cudaGetLastError();
}

// -------------------------------------------------------------- blocked
// Register blocking without shared memory: a 16x16 thread block owns a
// 64x64 tile of C, each thread a 4x4 sub-block (rows tx + 16r, columns
// ty + 16c, so each of its loads is still coalesced across the warp). Per k
// a thread loads 4 values of op(A) and 4 of op(B) and does 16 FMAs: 2 FMAs
// per load instead of 1/2. Napkin: 4x fewer loads per flop than
// cache-friendly, still from L1/L2: ~3-6 TFLOP/s, about 5-10% of peak.
constexpr int kBlockedThreads = 16;
constexpr int kBlockedR = 4;
constexpr int kBlockedTile = kBlockedThreads * kBlockedR;

template <typename T>
__global__ void __launch_bounds__(kBlockedThreads *kBlockedThreads) gemm_blocked(Params<T> p)
{
    const Scalars<T> s(p.alpha, p.beta, p.k);
    if (s.nothing)
        return;
    const int64_t tiles_m = ceil_div(p.m, kBlockedTile), tiles_n = ceil_div(p.n, kBlockedTile);
    for (int64_t tn = blockIdx.y; tn < tiles_n; tn += gridDim.y)
        for (int64_t tm = blockIdx.x; tm < tiles_m; tm += gridDim.x) {
            const int64_t i0 = tm * kBlockedTile + threadIdx.x, j0 = tn * kBlockedTile + threadIdx.y;
            T acc[kBlockedR][kBlockedR];
#pragma unroll
            for (int r = 0; r < kBlockedR; ++r)
#pragma unroll
                for (int c = 0; c < kBlockedR; ++c)
                    acc[r][c] = T(0);
            if (s.use_ab) {
                for (int64_t q = 0; q < p.k; ++q) {
                    T a[kBlockedR], b[kBlockedR];
#pragma unroll
                    for (int r = 0; r < kBlockedR; ++r) {
                        const int64_t i = i0 + r * kBlockedThreads;
                        a[r] = i < p.m ? p.A[i * p.a.row + q * p.a.col] : T(0);
                    }
#pragma unroll
                    for (int c = 0; c < kBlockedR; ++c) {
                        const int64_t j = j0 + c * kBlockedThreads;
                        b[c] = j < p.n ? p.B[q * p.b.row + j * p.b.col] : T(0);
                    }
#pragma unroll
                    for (int r = 0; r < kBlockedR; ++r)
#pragma unroll
                        for (int c = 0; c < kBlockedR; ++c)
                            acc[r][c] += a[r] * b[c];
                }
            }
#pragma unroll
            for (int c = 0; c < kBlockedR; ++c) {
                const int64_t j = j0 + c * kBlockedThreads;
#pragma unroll
                for (int r = 0; r < kBlockedR; ++r) {
                    const int64_t i = i0 + r * kBlockedThreads;
                    if (i < p.m && j < p.n) {
                        T *cp = p.C + i + j * p.ldc;
                        *cp = s.out(acc[r][c], cp);
                    }
                }
            }
        }
}

template <typename T>
cudaError_t launch_blocked(const mv_gemm_args *g)
{
    const dim3 block(kBlockedThreads, kBlockedThreads);
    const dim3 grid(grid_cap(ceil_div(g->m, kBlockedTile), kMaxGridX),
                    grid_cap(ceil_div(g->n, kBlockedTile), kMaxGridY));
    gemm_blocked<T><<<grid, block, 0, g->stream>>>(params<T>(g));
    return cudaGetLastError();
}

// ------------------------------------------------------ shared-tile-TILE
// The slides' kernel: TILE x TILE threads, one output each; per step of
// TILE along k the block stages a TILE x TILE tile of op(A) and one of op(B)
// in shared memory (one element per thread each, coalesced for N: threadIdx.x
// walks the rows of op(A) and the k of op(B)), barrier, TILE FMAs from shared
// memory, barrier. Every element loaded from global memory is used TILE
// times. Napkin: 2 shared loads per FMA bound it by shared-memory bandwidth
// (~128 B/clk/SM: 32 lanes x 4 B per load -> ~16 FMA lanes/clk/SM of 128):
// at most ~1/8 of FP32 peak, ~6-8 TFLOP/s at TILE 16-32; TILE 8 (64 threads,
// 8x re-use) is bound by global/L2 loads and barriers, below that. The +1
// column of padding keeps the stores of a transposed (T) tile conflict-free.
template <typename T, int TILE>
__global__ void __launch_bounds__(TILE *TILE) gemm_shared_tile(Params<T> p)
{
    __shared__ T As[TILE][TILE + 1];  // As[q][i] = op(A)(i0 + i, k0 + q)
    __shared__ T Bs[TILE][TILE + 1];  // Bs[j][q] = op(B)(k0 + q, j0 + j)
    const Scalars<T> s(p.alpha, p.beta, p.k);
    if (s.nothing)  // uniform over the block: no barrier is skipped by some threads only
        return;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int64_t tiles_m = ceil_div(p.m, TILE), tiles_n = ceil_div(p.n, TILE);
    for (int64_t tn = blockIdx.y; tn < tiles_n; tn += gridDim.y)
        for (int64_t tm = blockIdx.x; tm < tiles_m; tm += gridDim.x) {
            const int64_t i = tm * TILE + tx, j = tn * TILE + ty;
            T acc = T(0);
            if (s.use_ab) {
                for (int64_t k0 = 0; k0 < p.k; k0 += TILE) {
                    const int64_t qa = k0 + ty, qb = k0 + tx;
                    As[ty][tx] = i < p.m && qa < p.k ? p.A[i * p.a.row + qa * p.a.col] : T(0);
                    Bs[ty][tx] = qb < p.k && j < p.n ? p.B[qb * p.b.row + j * p.b.col] : T(0);
                    __syncthreads();
#pragma unroll
                    for (int q = 0; q < TILE; ++q)
                        acc += As[q][tx] * Bs[ty][q];
                    __syncthreads();
                }
            }
            if (i < p.m && j < p.n) {
                T *c = p.C + i + j * p.ldc;
                *c = s.out(acc, c);
            }
        }
}

template <int TILE>
struct SharedTile {
    template <typename T>
    static cudaError_t launch(const mv_gemm_args *g)
    {
        const dim3 block(TILE, TILE);
        const dim3 grid(grid_cap(ceil_div(g->m, TILE), kMaxGridX), grid_cap(ceil_div(g->n, TILE), kMaxGridY));
        gemm_shared_tile<T, TILE><<<grid, block, 0, g->stream>>>(params<T>(g));
        return cudaGetLastError();
    }
};

cudaError_t naive_any(mv_dtype dtype, const mv_gemm_args *g)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, launch_naive, g);
}
cudaError_t cache_friendly_any(mv_dtype dtype, const mv_gemm_args *g)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, launch_cache_friendly, g);
}
cudaError_t blocked_any(mv_dtype dtype, const mv_gemm_args *g)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, launch_blocked, g);
}
cudaError_t shared_tile_8_any(mv_dtype dtype, const mv_gemm_args *g)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, SharedTile<8>::launch, g);
}
cudaError_t shared_tile_16_any(mv_dtype dtype, const mv_gemm_args *g)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, SharedTile<16>::launch, g);
}
cudaError_t shared_tile_32_any(mv_dtype dtype, const mv_gemm_args *g)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, SharedTile<32>::launch, g);
}

// The dmma-* variants: double only (their registry entries say so).
template <mv_dmma_config C>
cudaError_t dmma(mv_dtype dtype, const mv_gemm_args *g)
{
    return dtype == MV_DTYPE_D ? mv_dgemm_dmma_launch_config(g, C) : cudaErrorInvalidValue;
}

// The simt-* variants: float only (their registry entries say so).
template <mv_simt_config C>
cudaError_t simt(mv_dtype dtype, const mv_gemm_args *g)
{
    return dtype == MV_DTYPE_S ? mv_sgemm_simt_launch(C, g) : cudaErrorInvalidValue;
}

}  // namespace
}  // namespace gemm
}  // namespace mv

namespace mv {
namespace gemm {
namespace {
// The simt-* configurations beyond the default path's two (gemm_fast.cu).
//                       BM   BN  BK CM CN stages min-blocks/SM
using Cfg128x128x8 = Cfg<128, 128, 8, 2, 2, 3, 2>;  // 256 threads, 8x8 each
using Cfg128x256x8 = Cfg<128, 256, 8, 2, 4, 3, 1>;  // 256 threads, 8x16 each
using Cfg256x128x8 = Cfg<256, 128, 8, 4, 2, 3, 1>;  // 256 threads, 16x8 each
static_assert(Cfg128x128x8::THREADS == 256 && Cfg128x256x8::THREADS == 256 && Cfg256x128x8::THREADS == 256,
              "thread counts as documented");
}  // namespace
}  // namespace gemm
}  // namespace mv

extern "C" cudaError_t mv_sgemm_simt_launch(mv_simt_config config, const mv_gemm_args *args)
{
    using namespace mv::gemm;
    switch (config) {
    case MV_SIMT_128x128x8: return launch_simt<Cfg128x128x8>(args);
    case MV_SIMT_128x256x8: return launch_simt<Cfg128x256x8>(args);
    case MV_SIMT_256x128x8: return launch_simt<Cfg256x128x8>(args);
    default: return mv_sgemm_simt_fast_launch(config, args);
    }
}


#define MV_DOCS_NA "Xiaoxu Na, Matrix Transpose and Multiplication in CUDA"
#define MV_DOCS_UNAT "Didem Unat, Matrix Multiplication in CUDA (slides)"
#define MV_BOTH (MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D)

extern "C" const mv_gemm_variant mv_gemm_variant_naive = {
    "naive",
    "one output per thread, 16x16 blocks, threadIdx.x on columns j as in the row-major slides; loop over k",
    MV_DOCS_UNAT "; " MV_DOCS_NA,
    "2 loads per FMA, B and C uncoalesced in column-major: a few hundred GFLOP/s, ~1% of FP32 peak",
    MV_BOTH, 1, 0, 1, mv::gemm::naive_any,
};

extern "C" const mv_gemm_variant mv_gemm_variant_cache_friendly = {
    "cache-friendly",
    "one output per thread, threadIdx.x on rows i: loads of A(i,q) coalesce, B(q,j) is a broadcast",
    MV_DOCS_NA,
    "1 coalesced load + 1 broadcast per FMA from L1/L2: ~1-2 TFLOP/s, a few % of FP32 peak",
    MV_BOTH, 1, 0, 1, mv::gemm::cache_friendly_any,
};

extern "C" const mv_gemm_variant mv_gemm_variant_blocked = {
    "blocked",
    "each thread a 4x4 sub-block of C in registers (64x64 per 16x16 block), no shared memory",
    MV_DOCS_NA,
    "8 loads per 16 FMAs, coalesced, from L1/L2: ~3-6 TFLOP/s, 5-10% of FP32 peak",
    MV_BOTH, 1, 0, 1, mv::gemm::blocked_any,
};

extern "C" const mv_gemm_variant mv_gemm_variant_shared_tile[3] = {
    {"shared-tile-8",
     "8x8 threads, 8x8 tiles of op(A) and op(B) in shared memory, two barriers per step",
     MV_DOCS_UNAT "; " MV_DOCS_NA,
     "8x re-use of each global load, 64-thread blocks, a barrier per 8 FMAs: ~2-4 TFLOP/s",
     MV_BOTH, 1, 8, 1, mv::gemm::shared_tile_8_any},
    {"shared-tile-16",
     "16x16 threads, 16x16 tiles of op(A) and op(B) in shared memory, two barriers per step",
     MV_DOCS_UNAT "; " MV_DOCS_NA,
     "2 shared loads per FMA: shared-memory bound, at most ~1/8 of FP32 peak, ~6-8 TFLOP/s",
     MV_BOTH, 1, 16, 1, mv::gemm::shared_tile_16_any},
    {"shared-tile-32",
     "32x32 threads, 32x32 tiles of op(A) and op(B) in shared memory, two barriers per step",
     MV_DOCS_UNAT "; " MV_DOCS_NA,
     "2 shared loads per FMA (one a broadcast): shared-memory bound, ~6-8 TFLOP/s; 1024-thread blocks",
     MV_BOTH, 1, 32, 1, mv::gemm::shared_tile_32_any},
};

#define MV_SIMT_SOURCE "new work (register-tiled SIMT GEMM, as in CUTLASS/cuBLAS FFMA kernels)"

extern "C" const mv_gemm_variant mv_gemm_variant_simt[MV_SIMT_CONFIG_COUNT] = {
    {"simt-128x128x8-t128",
     "the default FP32 kernel: 128x128x8 tiles, 128 threads (2x2 warps of 64x64), 8x16 outputs per thread",
     MV_SIMT_SOURCE,
     "128 FFMA per 6 LDS.128 (~91% FFMA issue share), 3-stage cp.async, 2 blocks/SM: aim >= 46 TFLOP/s",
     MV_GEMM_VARIANT_S, 1, 0, 0, mv::gemm::simt<MV_SIMT_128x128x8_T128>},
    {"simt-64x64x16",
     "64x64x16 tiles, 128 threads, 8x4 outputs per thread: 4x the blocks of 128x128 for small shapes",
     MV_SIMT_SOURCE,
     "32 FFMA per 3 LDS.128: ~60% of the large kernels' rate, for shapes whose 128x128 grid has < 132 blocks",
     MV_GEMM_VARIANT_S, 1, 0, 0, mv::gemm::simt<MV_SIMT_64x64x16>},
    {"simt-128x128x8",
     "128x128x8 tiles, 256 threads (2x4 warps of 64x32), 8x8 outputs per thread",
     MV_SIMT_SOURCE,
     "64 FFMA per 4 LDS.128 (~88% FFMA share), 128 registers, 2 blocks/SM: ~40-45 TFLOP/s",
     MV_GEMM_VARIANT_S, 1, 0, 0, mv::gemm::simt<MV_SIMT_128x128x8>},
    {"simt-128x256x8",
     "128x256x8 tiles, 256 threads (2x4 warps of 64x64), 8x16 outputs per thread",
     MV_SIMT_SOURCE,
     "as the default per thread, 1 block (8 warps)/SM, half the tiles: ~44-48 TFLOP/s at large sizes",
     MV_GEMM_VARIANT_S, 1, 0, 0, mv::gemm::simt<MV_SIMT_128x256x8>},
    {"simt-256x128x8",
     "256x128x8 tiles, 256 threads (2x4 warps of 128x32), 16x8 outputs per thread",
     MV_SIMT_SOURCE,
     "as simt-128x256x8 with the long side along m: ~44-48 TFLOP/s at large sizes",
     MV_GEMM_VARIANT_S, 1, 0, 0, mv::gemm::simt<MV_SIMT_256x128x8>},
};

// The DMMA configurations of the default FP64 path (gemm_dmma.cu, which has
// the napkin math in full). H100/H200: FP64 tensor peak ~67 TFLOP/s = 128
// FMA/clock/SM; one m16n8k16 = 2048 FMA = 64 clocks of one SM sub-partition.
#define MV_DMMA_SOURCE "new work (mma.sync m16n8k16 f64 on sm_90, m8n8k4 on sm_80; CUTLASS-style multistage)"

extern "C" const mv_gemm_variant mv_gemm_variant_dmma[MV_DMMA_CONFIG_COUNT] = {
    {"dmma-128x128x16-s4",
     "the default FP64 kernel for large shapes: 8 warps of 64x32, BK 16, 4 cp.async stages, copies right after the barrier",
     MV_DMMA_SOURCE,
     "160 KiB smem, 240-248 registers, 1 block (8 warps)/SM; 16 FLOP/B from L2; measured ~40 TFLOP/s (67% of cuBLAS)",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_128x128x16_S4>},
    {"dmma-64x64x16-s3",
     "the default FP64 kernel for small shapes: 4 warps of 32x32, BK 16, 3 stages, 3 blocks/SM",
     MV_DMMA_SOURCE,
     "60 KiB smem, <= 168 registers; 8 FLOP/B from L2, 4x the blocks of 128x128 for grids under one block per SM",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_64x64x16_S3>},
    {"dmma-128x128x16-s4-il",
     "as dmma-128x128x16-s4, the next slab's cp.async copies spread between the MMAs instead of before them",
     MV_DMMA_SOURCE,
     "removes ~300 issue slots per warp between each barrier and the first DMMA (of 2048 clocks of math): aim >= 48",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_128x128x16_S4_IL>},
    {"dmma-128x128x32-s3-il",
     "128x128 tiles with BK 32 (2 k16 slices per stage), 3 stages, copies interleaved: half the barriers",
     MV_DMMA_SOURCE,
     "216 KiB smem (H100/H200 only; elsewhere the default), 1 barrier per 4096 clocks of math; 2 slabs in flight",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_128x128x32_S3_IL>},
    {"dmma-128x64x16-s3-2b-il",
     "128x64 tiles, 4 warps of 64x32, 3 stages, 2 blocks per SM whose barriers do not line up; copies interleaved",
     MV_DMMA_SOURCE,
     "2 x 90 KiB smem, <= 255 registers, 8 warps/SM in 2 independent blocks; 24 B/clock/SM from L2 (1.5x the 128x128)",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_128x64x16_S3_2B_IL>},
    {"dmma-64x128x16-s3-2b-il",
     "64x128 tiles, 4 warps of 64x32 side by side, 3 stages, 2 blocks per SM; copies interleaved",
     MV_DMMA_SOURCE,
     "as dmma-128x64x16-s3-2b-il with the long side along n: 2 x 90 KiB, 8 warps/SM, 24 B/clock/SM from L2",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_64x128x16_S3_2B_IL>},
    {"dmma-128x32x16-s4-2b-il",
     "128x32 tiles for C of up to 32 columns (the narrow GEMM in double on the FP64 tensor cores): 4 warps of "
     "32x32, 4 stages, 2 blocks per SM, copies interleaved",
     MV_DMMA_SOURCE,
     "88 KiB smem per block; A streamed once per column of tiles: at 32 columns the FMAs need 51 of the 128 "
     "DMMA FMA per clock and SM that the read bandwidth asks, where the CUDA cores would need 80% of theirs",
     MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::dmma<MV_DMMA_128x32x16_S4_2B_IL>},
};
