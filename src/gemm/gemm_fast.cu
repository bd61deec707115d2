// The default GEMM path (mv_gemm_launch) and its FP32 kernel: a
// register-tiled SIMT GEMM on the CUDA cores (FFMA, IEEE single precision:
// the accuracy class of cuBLAS SGEMM, no TF32 or tensor cores). The kernel
// template is in gemm_simt.cuh; the default path's two tile configurations
// are compiled in gemm_simt_*.cu, one (configuration, load layout) pair a
// file so that nvcc builds them in parallel (gemm_variants.cu has the other
// simt-* ones).
//
// Napkin math (H200): FP32 peak = 132 SMs x 128 lanes x 2 flop x ~1.98 GHz
// = ~67 TFLOP/s; cuBLAS SGEMM reaches 50.9 TFLOP/s at 8192^3 (76%), and 90%
// of that (46 TFLOP/s) is the target. Each SM sub-partition issues one warp
// instruction per clock and retires one warp-wide FFMA per clock, so every
// instruction that is not an FFMA costs one FFMA: the kernel lives or dies
// by its FFMA share of the instruction stream, then by stalls.
//
// Design (the why of each choice):
// - Block tile BM x BN with BK along k, C tile in registers. Each thread owns
//   TM x TN = (4*CM) x (4*CN) outputs: CM chunks of 4 consecutive rows spaced
//   32 rows apart and CN chunks of 4 consecutive columns spaced 16 apart. A
//   warp is 8 lanes along m by 4 along n (lane_m = lane / 4, lane_n =
//   lane % 4), so a quarter warp (8 lanes) reads 2 distinct 16-byte row
//   chunks of the A tile and 4 of the B tile: every LDS.128 is conflict-free
//   and each value is broadcast to the lanes that share it.
// - Per k step a thread does TM*TN FFMAs for CM + CN LDS.128: 8x16 gives 128
//   FFMA per 6 loads (95.5% FFMA before loop overhead), 8x8 gives 64 per 4.
//   The default for large shapes is 128x128 with 128 threads (2x2 warps of
//   64x64, 8x16 per thread), the shape cuBLAS's own FFMA kernels use; 128
//   accumulators plus fragments fit the 255-register limit with 2 blocks
//   (8 warps) per SM (ptxas, sm_90: 228-255 registers, no spills).
// - The BK k of a stage are straight-line code (a fold over the k index):
//   NVVM keeps a `#pragma unroll` loop of that size as a loop of 4-k bodies.
// - Shared memory holds op(A) and op(B) k-major: As[q][i], Bs[q][j], rows
//   padded by 4 floats. The inner loop then reads a column of the A tile and
//   a row of the B tile as float4s, whatever the transposes were.
// - Global -> shared: where the source is contiguous along the tile's rows
//   (A with N: A(i, q) runs along i; B with T: op(B)(q, j) = B[j + q*ldb]
//   runs along j) and 16-byte aligned, cp.async.cg copies 16 bytes straight
//   into shared memory (no registers, no L1), in a 3-stage pipeline: the copy
//   of tile kt+2 is in flight while tile kt is multiplied, which hides the
//   ~1 us of L2/DRAM latency behind BK*TM*TN FFMAs per thread. Where the
//   source is contiguous along k (A with T, B with N) the tile must be
//   transposed on the way: 16-byte LDG of 4 consecutive k into registers at
//   the top of step kt (for tile kt+1), four STS after the math of step kt
//   (latency hidden by the math). The padding makes those STS conflict-free
//   for BK = 8: 4 rows apart are 4*(BM+4) = 16 banks apart.
// - One barrier per k step. The stage written during step kt was last read
//   in step kt-1, which every thread finished before that barrier.
// - Guards cost issue slots, so the k loop comes in three copies (template
//   Guard): interior block tiles in the steady state load with no compare at
//   all (plain 16-byte cp.async), edge tiles guard rows only, and the last
//   S-1 steps guard k too. The interior loop of the NN kernel is 1129
//   instructions per 1024 FFMA on sm_90 (91% FFMA issue share: 48 LDS.128,
//   2 cp.async, 2 LDG.128, 8 STS, a barrier, pointer and stage arithmetic).
// - Unaligned operands (lda or ldb not a multiple of 4, or a base pointer not
//   16-byte aligned): the same kernel with scalar, register-staged loads
//   (template flag VEC = false).
// - Tails: every load is guarded (zero fill: cp.async's src-size operand for
//   the async path) and every store too, so any m, n, k is right with the
//   same kernel; the cost falls only on edge tiles.
// - Small grids: when 128x128 tiles are fewer than the SMs, a 64x64x16
//   configuration gives 4x the blocks.
// - Tiles are walked in groups of kGroupM tile-rows (one band of C at a
//   time) so the blocks in flight share their panels of A and B in L2.
// - Deterministic: every output sums over k in increasing order with one
//   FFMA per term; no split-k, no atomics.
// - alpha == 0 or k == 0 (C = beta*C) and the beta rules: see Scalars in
//   gemm_epilogue.cuh; the kernel never reads C when beta == 0.
#include "gemm/gemm_registry.h"
#include "gemm_simt.cuh"
#include "gemv/gemv_kernels.h"

namespace mv {
namespace gemm {
namespace {

// The configuration of the default path for a float call.
mv_simt_config default_config(const mv_gemm_args *g)
{
    const int64_t sms = mv_gemm_sm_count(g);
    const int64_t big_tiles = ceil_div(g->m, 128) * ceil_div(g->n, 128);
    // Fewer 128x128 tiles than SMs leaves SMs idle for the whole call: the
    // 64x64 tiles are 4x as many (each at ~60% of the big kernel's rate).
    return big_tiles >= sms ? MV_SIMT_128x128x8_T128 : MV_SIMT_64x64x16;
}

// ---------------------------------------------------------------- scale
// C = beta*C: what reference BLAS does when alpha == 0 or k == 0. One
// thread per element, rows along threadIdx.x (coalesced); bandwidth-bound.
template <typename T>
__global__ void __launch_bounds__(256) gemm_scale(int64_t m, int64_t n, T *C, int64_t ldc, mv_scalar beta_s)
{
    const T beta = load_scalar<T>(beta_s);
    if (beta == T(1))
        return;
    for (int64_t j = blockIdx.y; j < n; j += gridDim.y)
        for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < m; i += int64_t(gridDim.x) * blockDim.x) {
            T *c = C + i + j * ldc;
            *c = beta == T(0) ? T(0) : beta * *c;
        }
}

template <typename T>
cudaError_t launch_scale(const mv_gemm_args *g)
{
    const dim3 grid(grid_cap(ceil_div(g->m, 256), kMaxGridX), grid_cap(g->n, kMaxGridY));
    gemm_scale<T><<<grid, 256, 0, g->stream>>>(g->m, g->n, static_cast<T *>(g->C), g->ldc, g->beta);
    return cudaGetLastError();
}

}  // namespace
}  // namespace gemm
}  // namespace mv

extern "C" cudaError_t mv_sgemm_simt_fast_launch(mv_simt_config config, const mv_gemm_args *args)
{
    using namespace mv::gemm;
    const bool vec = simt_vec_loads(args);
    switch (config) {
    case MV_SIMT_128x128x8_T128:
        return vec ? mv_sgemm_simt_128x128_vec_launch(args) : mv_sgemm_simt_128x128_scalar_launch(args);
    case MV_SIMT_64x64x16:
        return vec ? mv_sgemm_simt_64x64_vec_launch(args) : mv_sgemm_simt_64x64_scalar_launch(args);
    default: return cudaErrorInvalidValue;
    }
}

extern "C" cudaError_t mv_gemm_scale_launch(mv_dtype dtype, const mv_gemm_args *args)
{
    return MV_GEMM_DISPATCH_DTYPE(dtype, mv::gemm::launch_scale, args);
}

// C with one column (n == 1) or one row (m == 1) is a GEMV: the default
// GEMV path, with its dispatch for any shape, does it.
//   n == 1: C(:,0) = alpha op(A) op(B)(:,0) + beta C(:,0), a GEMV on A.
//   m == 1: C(0,:)^T = alpha op(B)^T op(A)(0,:)^T + beta C(0,:)^T, on B.
static cudaError_t gemm_as_gemv(mv_dtype dtype, const mv_gemm_args *g)
{
    mv_gemv_args v = {};
    if (g->n == 1) {
        v.trans = g->transa;
        v.m = g->transa ? g->k : g->m;
        v.n = g->transa ? g->m : g->k;
        v.A = g->A;
        v.lda = g->lda;
        v.x = g->B;
        v.incx = g->transb ? g->ldb : 1;
        v.incy = 1;
    } else {
        v.trans = !g->transb;
        v.m = g->transb ? g->n : g->k;
        v.n = g->transb ? g->k : g->n;
        v.A = g->B;
        v.lda = g->ldb;
        v.x = g->A;
        v.incx = g->transa ? 1 : g->lda;
        v.incy = g->ldc;
    }
    v.y = g->C;
    v.alpha = g->alpha;
    v.beta = g->beta;
    MV_GEMV_TAKE_CONTEXT(&v, g);
    return mv_gemv_launch(dtype, &v);
}

// Double C of 9 to 32 columns with A tall enough: the DMMA kernel in 128 x 32
// tiles (the FP64 tensor cores) rather than the narrow kernels. The narrow
// kernels do nv FP64 FMAs on the SIMT pipe per element of A read, and
// from nv = 16 that share of the SM's issue (nv x 1.5 elements per clock
// at the read bandwidth, against 64 DFMA per clock) bounds them: on an
// H100, 16384^2, 70% (op N) and 60% (op T) of the read bandwidth at 16
// columns, 27% and 22% at 32; the tensor cores keep the DMMA kernel at
// 85% and 81% at any k (docs/notes-multi.md, entry 4). That kernel does not
// split k: a block per 128 rows of C, and it reads A at that rate only with
// blocks on most SMs, so it takes C of at least 96 rows per SM (16384
// rows on 132 SMs give 128 blocks); a shorter C stays on the narrow
// kernels, which split the sums to fill the GPU.
static bool dmma_for_narrow(const mv_gemm_args *a)
{
    const int64_t sms = mv_gemm_sm_count(a);
    return a->n > 8 && a->n <= MV_GEMM_NARROW_MAX && a->m >= 96 * sms;
}

// The default path's rule: C = beta*C when the product vanishes (host-mode
// alpha == 0, or k == 0 in either mode); one column or row of C on the GEMV
// path; double on the FP64 tensor cores (DMMA, src/gemm/gemm_dmma.cu),
// float on the SIMT kernel of gemm_simt.cuh, each after the narrow shapes.
extern "C" mv_gemm_kernel mv_gemm_default_kernel(mv_dtype dtype, const mv_gemm_args *args)
{
    if (args->k == 0 || (!args->alpha.dev && args->alpha.value == 0.0))
        return MV_GEMM_KERNEL_SCALE;
    if (args->n == 1 || args->m == 1)
        return MV_GEMM_KERNEL_GEMV;
    if (dtype == MV_DTYPE_D && dmma_for_narrow(args))
        return MV_GEMM_KERNEL_DMMA_NARROW;
    if (args->n <= MV_GEMM_NARROW_MAX || args->m <= MV_GEMM_NARROW_MAX)
        return MV_GEMM_KERNEL_NARROW;
    return dtype == MV_DTYPE_D ? MV_GEMM_KERNEL_DMMA : MV_GEMM_KERNEL_SIMT;
}

extern "C" cudaError_t mv_gemm_launch(mv_dtype dtype, const mv_gemm_args *args)
{
    switch (mv_gemm_default_kernel(dtype, args)) {
    case MV_GEMM_KERNEL_SCALE: return mv_gemm_scale_launch(dtype, args);
    case MV_GEMM_KERNEL_GEMV: return gemm_as_gemv(dtype, args);
    case MV_GEMM_KERNEL_DMMA_NARROW: return mv_dgemm_dmma_launch_config(args, MV_DMMA_128x32x16_S4_2B_IL);
    case MV_GEMM_KERNEL_NARROW:
        return dtype == MV_DTYPE_D ? mv_dgemm_narrow_launch(args) : mv_sgemm_narrow_launch(args);
    case MV_GEMM_KERNEL_DMMA: return mv_dgemm_dmma_launch(args);
    case MV_GEMM_KERNEL_SIMT: return mv_sgemm_simt_fast_launch(mv::gemm::default_config(args), args);
    }
    return cudaErrorInvalidValue;
}
