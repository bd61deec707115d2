// `dmma-128x128`, `dmma-64x64`: DGEMM on the FP64 tensor cores, C =
// alpha*op(A)*op(B) + beta*C, column-major, every transpose combination.
//
// The idea. A block owns a BM x BN tile of C and walks k in steps of BK = 16:
// cp.async copies the 16-wide slabs of op(A) and op(B) into shared memory,
// STAGES deep, and each warp multiplies its WM x WN sub-tile with DMMA. The
// warp tile is a grid of 16x8 pieces of C; each piece takes one
// mma.m16n8k16.f64 per k-step on sm_90 (Hopper added the larger f64 shapes;
// CUTLASS's Hopper DGEMM uses this one) or the same work as 8 x m8n8k4.f64
// on sm_80, the only f64 shape there. Both read the same fragments from
// shared memory and keep the same accumulators, so the kernel is one piece
// of code; only the instruction differs (mma_16x8x16 below).
//
// Fragment layouts (g = lane >> 2, t = lane & 3), checked against the PTX
// ISA, "Matrix Fragments for mma.m8n8k4 with .f64 floating point type"
// (9.7.14.5.2: A row = %laneid >> 2, col = %laneid % 4; B row = %laneid % 4,
// col = %laneid >> 2; C row = groupID, col = threadID_in_group*2 + i) and
// "... mma.m16n8k16 with floating point type", .f64 (A row = groupID for even
// i, groupID + 8 for odd i, col = 2i + threadID_in_group, i.e. 4*(i/2) + t),
// and CUTLASS include/cute/atom/mma_traits_sm90.hpp (SM90_16x8x16_F64: A
// ((4,8),(2,4)):((16,1),(8,64)), B ((4,8),4):((8,1),32), C
// ((4,8),(2,2)):((32,1),(16,8))):
//   m8n8k4   A (8x4):  a      = A[g][t]
//            B (4x8):  b      = B[t][g]
//            C (8x8):  c[v]   = C[g][2t + v],               v = 0, 1
//   m16n8k16 A (16x16): a[2q + h] = A[g + 8h][4q + t],      q = 0..3, h = 0, 1
//            B (16x8):  b[q]      = B[4q + t][g]
//            C (16x8):  c[2h + v] = C[g + 8h][2t + v]
// So m16n8k16 is exactly the 2 (m) x 4 (k) m8n8k4 products whose A operand
// is a[2q + h], B operand b[q] and accumulators c[2h], c[2h + 1]: the sm_80
// path issues those eight, in k order q = 0..3.
//
// Napkin math (H100/H200 SXM: 132 SMs, FP64 tensor peak ~67 TFLOP/s = 128
// double FMA per clock per SM; A100: 64).
// - `dmma-128x128`: 8 warps as 2 (m) x 4 (n), warp tile 64x32 = 4 x 4 pieces
//   of 16x8 = 64 accumulators per thread (128 of the 255 registers; the
//   fragments of one k-step add 16 (B) + 8 (A) doubles). 128x128 is the
//   largest tile whose accumulators fit the register file with 256 threads
//   (128 KiB of the 256 KiB); one block per SM, limited by registers.
//   Per k-step of 16 the block does 128*128*16 FMA = 2048 clocks at peak and
//   moves (128 + 128)*16*8 B = 32 KiB from L2: 16 FLOP/B, 16 B/clock/SM,
//   ~3.7 TB/s over the GPU at 60 TFLOP/s, under the L2 bandwidth. Tiles are
//   visited in groups of 8 tile-rows so that the ~132 resident blocks share
//   their slabs of A and B in L2 (DRAM then sees < 0.5 TB/s).
//   Shared memory per k-step and SM: fragment loads 8 warps x 48 LDS.64 x
//   256 B = 96 KiB + 32 KiB of cp.async writes = 1024 clocks at 128 B/clock,
//   half the 2048 clocks of DMMA work: the loads hide behind the math.
//   4 stages x 40 KiB = 160 KiB of shared memory (A100 allows 163 KiB per
//   block, H100 227 KiB); 3 slabs in flight = ~3 us of latency hidden.
// - `dmma-64x64`: 4 warps as 2 x 2, warp tile 32x32, 3 stages x 20 KiB; for
//   shapes whose 128x128 tiles would not give every SM a block (4x as many
//   blocks, 3 per SM on H100, 2 on A100). Costs more shared-memory and L2
//   traffic per FLOP (8 FLOP/B), which small problems can afford.
//
// Shared-memory layout. An operand slab is MN x 16 (MN = BM for op(A), BN
// for op(B)), stored with its global-memory-contiguous dimension contiguous
// so that 16-byte cp.async needs no transpose: "k-major" [mn][k], row
// stride 20 doubles (op(A) of A^T, op(B) of B), or "mn-major" [k][mn], row
// stride MN + 4 (op(A) of A, op(B) of B^T). Both strides are 4 mod 16
// doubles, so a fragment load (lane reads element (mn0 + g, k0 + t)) puts
// the 16 lanes of each half-warp on 16 distinct 8-byte bank pairs: 4g + t
// or 4t + g mod 16. The 16-byte cp.async writes of 8 consecutive lanes are
// one contiguous 128 bytes (the 8-byte fallback writes every other double
// per instruction: 2-way conflicts, on that path only). Rows are 16-byte
// multiples (160 B, 544 B, 1056 B), so every 16-byte copy lands aligned.
//
// Global loads: 16-byte cp.async (two doubles along the contiguous
// dimension) when the operand's pointer is 16-byte aligned and its ld even,
// else 8-byte cp.async (a run-time choice per operand, uniform across the
// grid). Elements outside op(A) or op(B) (tails of m, n, k) are zero-filled
// by cp.async's src-size, so they add exact zeros; stores are guarded.
//
// BLAS rules: alpha == 0 or k == 0 reads neither A nor B and gives C =
// beta*C (alpha is not multiplied in, as in reference DGEMM); beta == 0 never
// reads C; (alpha == 0 or k == 0) with beta == 1 touches no memory (device
// pointer mode can ask for it). Deterministic: every element of C is summed
// by one thread in increasing k, no atomics, no split-k.
#include <atomic>
#include <climits>
#include <cstdint>

#include "gemv/gemv_common.cuh"
#include "gemm/gemm_kernels.h"
#include "gemm/gemm_registry.h"

namespace mv {
namespace dmma {
namespace {

constexpr int kPad = 4;      // row padding in doubles: strides 4 mod 16 (see above)
constexpr int kGroupM = 8;   // tile-rows per group of the L2-friendly tile order

// Block configurations: BM x BN x BK block tile, WARPS_M x WARPS_N warps,
// STAGES cp.async stages, MIN_BLOCKS for __launch_bounds__ (1 lets a thread
// use 255 registers; 2 with 256+ threads caps it at 128), INTERLEAVE: where
// a k-step issues the cp.async copies of the slab STAGES-1 ahead. false:
// all of them right after the barrier, before the fragment loads (the
// original schedule; the copies' ~300 instructions per warp, both the 16-
// and the 8-byte paths with 64-bit index math, then sit between the barrier
// and the first DMMA of every warp, and with the warps in step the tensor
// pipe idles meanwhile); true: spread over the k-step, a share after each
// row (or column) of MMAs of its first k16 slice, so the MMAs start right
// after the fragment loads. asm volatile keeps that program order.
template <int BM_, int BN_, int BK_, int WARPS_M_, int WARPS_N_, int STAGES_, int MIN_BLOCKS_, bool INTERLEAVE_>
struct Config {
    static constexpr int BM = BM_, BN = BN_, BK = BK_, WARPS_M = WARPS_M_, WARPS_N = WARPS_N_;
    static constexpr int kStages = STAGES_, kMinBlocks = MIN_BLOCKS_;
    static constexpr bool kInterleave = INTERLEAVE_;
    static constexpr int kThreads = 32 * WARPS_M * WARPS_N;
    static constexpr int WM = BM / WARPS_M, WN = BN / WARPS_N;
    static constexpr int MT = WM / 16, NT = WN / 8;  // 16x8 pieces of the warp tile
    static constexpr int KS = BK / 16;               // k16 slices per stage
    static_assert(WM % 16 == 0 && WN % 8 == 0, "warp tile must be whole 16x8 pieces");
    static_assert(BK % 16 == 0, "the compute step issues whole k16 MMAs");
};
// The configurations (mv_dmma_config in gemm_variants.h; napkin math in the
// header comment and in the registry entries of gemm_variants.cu).
//                                BM   BN  BK  WM WN stages blocks interleave
using Big = Config<128, 128, 16, 2, 4, 4, 1, false>;         // dmma-128x128x16-s4 (default, large)
using Small = Config<64, 64, 16, 2, 2, 3, 3, false>;         // dmma-64x64x16-s3 (default, small)
using BigIl = Config<128, 128, 16, 2, 4, 4, 1, true>;        // dmma-128x128x16-s4-il
using BigK32 = Config<128, 128, 32, 2, 4, 3, 1, true>;       // dmma-128x128x32-s3-il
using Tall2b = Config<128, 64, 16, 2, 2, 3, 2, true>;        // dmma-128x64x16-s3-2b-il
using Wide2b = Config<64, 128, 16, 1, 4, 3, 2, true>;        // dmma-64x128x16-s3-2b-il
using Narrow32 = Config<128, 32, 16, 4, 1, 4, 2, true>;      // dmma-128x32x16-s4-2b-il (C of <= 32 columns)
// Tried and left out: 32x32 warp tiles under a 128-register cap (16 warps
// of a 128x128 tile, or 8 warps of a 128x64 tile with 2 blocks per SM):
// ptxas spills 8-84 bytes on sm_90 (64 accumulator registers plus 40 of
// fragments leave too few for the addressing).

// One stage of an operand slab, MN x kBK elements of op(X), element (mn, k).
// K_MAJOR: stored [mn][k] (k contiguous, as in global memory for A^T and B);
// else [k][mn] (as for A and B^T). "Row" below is the smem row: along the
// global-contiguous dimension, kLd doubles apart.
template <int MN, bool K_MAJOR, int BK>
struct Slab {
    static constexpr int kBK = BK;
    static constexpr int kLd = K_MAJOR ? BK + kPad : MN + kPad;
    static constexpr int kRows = K_MAJOR ? MN : BK;
    static constexpr int kCols = K_MAJOR ? BK : MN;  // contiguous extent
    static constexpr int kElems = kRows * kLd;
    static_assert(kLd % 16 == 4, "conflict-free fragment loads need a stride of 4 mod 16 doubles");
    static_assert(kElems % 2 == 0, "every stage must start 16-byte aligned");

    __device__ static double frag(const double *s, int mn, int k) { return K_MAJOR ? s[mn * kLd + k] : s[k * kLd + mn]; }
};

struct Params {
    int64_t m, n, k;
    const double *A;
    int64_t lda;
    const double *B;
    int64_t ldb;
    double *C;
    int64_t ldc;
    mv_scalar alpha, beta;
    int64_t tiles_m, tiles_n;
    int vec_a, vec_b;  // 16-byte copies allowed (aligned pointer, even ld)
};

// ---- PTX wrappers ------------------------------------------------------------

// Copies W doubles (W = 1: 8 bytes, W = 2: 16 bytes) from global src to
// shared dst, reading only the first `bytes` bytes and zero-filling the rest.
template <int W>
__device__ __forceinline__ void cp_async(double *dst, const double *src, int bytes)
{
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    if constexpr (W == 2)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src), "r"(bytes) : "memory");
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(s), "l"(src), "r"(bytes) : "memory");
}

__device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

template <int N>
__device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

// D = A*B + D for one 8x8 piece, k = 4 (layout in the header comment).
__device__ __forceinline__ void mma_884(double &d0, double &d1, double a, double b)
{
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d0), "+d"(d1)
                 : "d"(a), "d"(b));
}

// D = A*B + D for one 16x8 piece, k = 16, fragments as m16n8k16 (header
// comment). sm_90 and later: one instruction; sm_80 (or kForceK4, which the
// standalone check uses to test this path on Hopper): eight m8n8k4 in
// increasing k.
template <bool kForceK4>
__device__ __forceinline__ void mma_16x8x16(double (&d)[4], const double (&a)[8], const double (&b)[4])
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    if constexpr (!kForceK4) {
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 "
            "{%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, {%0, %1, %2, %3};\n"
            : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
            : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]),
              "d"(b[1]), "d"(b[2]), "d"(b[3]));
    } else
#endif
    {
#pragma unroll
        for (int q = 0; q < 4; ++q)
#pragma unroll
            for (int h = 0; h < 2; ++h)
                mma_884(d[2 * h], d[2 * h + 1], a[2 * q + h], b[q]);
    }
}

// ---- global -> shared ----------------------------------------------------------

// The copies of one operand slab by one thread. Element (mn, k) of op(X) is
// x[c + r*ld] with (c, r) = (k, mn) for a k-major slab and (mn, k)
// otherwise: c runs along memory, as does the smem row. The slab is cut in
// pieces of 2 consecutive elements of a row; consecutive threads take
// consecutive pieces, so a warp reads whole 128-byte runs of global memory,
// and thread tid always takes the same column c of the slab and rows
// r_base + i*kRowStep. A piece is one 16-byte cp.async (vec) or two 8-byte
// ones. What changes from one k-step to the next is a pointer and one of the
// two "elements left" counts, so the per-step index math is a few adds.
template <class S, bool K_MAJOR, int NTHREADS>
struct SlabLoader {
    static constexpr int kPerRow = S::kCols / 2;
    static constexpr int kRowStep = NTHREADS / kPerRow;
    static constexpr int kCopies = S::kRows / kRowStep;
    static_assert(NTHREADS % kPerRow == 0 && S::kRows % kRowStep == 0, "pieces must divide evenly among threads");

    const double *ptr;  // element (c0 + c, r0 + r_base) of the current k-step
    int64_t c_left;     // elements of op(X) from that column to the end of c
    int64_t r_left;     // rows of op(X) from row r0 + r_base to the end of r
    int smem_off;       // r_base*kLd + c

    // Corner (mn0, k0 = 0) of op(X), extents mn_total, k_total.
    __device__ __forceinline__ void init(const double *x, int64_t ld, int64_t mn0, int64_t mn_total, int64_t k_total,
                                         int tid)
    {
        const int c = (tid % kPerRow) * 2, r_base = tid / kPerRow;
        const int64_t c0 = K_MAJOR ? 0 : mn0, r0 = K_MAJOR ? mn0 : 0;
        ptr = x + (c0 + c) + (r0 + r_base) * ld;
        c_left = (K_MAJOR ? k_total : mn_total) - (c0 + c);
        r_left = (K_MAJOR ? mn_total : k_total) - (r0 + r_base);
        smem_off = r_base * S::kLd + c;
    }

    // Next k-step (S::kBK further along k).
    __device__ __forceinline__ void advance(int64_t ld)
    {
        if (K_MAJOR) {
            ptr += S::kBK;
            c_left -= S::kBK;
        } else {
            ptr += S::kBK * ld;
            r_left -= S::kBK;
        }
    }

    // Starts share `part` of `parts` of the copies of the current k-step
    // into stage s (copies i with i*parts/kCopies == part; constants once
    // the callers' loops are unrolled); out-of-range elements are
    // zero-filled (src-size 0 reads nothing; the base pointer x stands in
    // as a valid, aligned address).
    __device__ __forceinline__ void copy(double *s, const double *x, int64_t ld, bool vec, int part = 0,
                                         int parts = 1) const
    {
        const int n_cols = c_left >= 2 ? 2 : (c_left > 0 ? int(c_left) : 0);
#pragma unroll
        for (int i = 0; i < kCopies; ++i) {
            if (i * parts / kCopies != part)
                continue;
            const int n = r_left > int64_t(i) * kRowStep ? n_cols : 0;
            const double *src = ptr + int64_t(i) * kRowStep * ld;
            double *dst = s + smem_off + i * kRowStep * S::kLd;
            if (vec) {
                cp_async<2>(dst, n > 0 ? src : x, n * 8);
            } else {
                cp_async<1>(dst, n > 0 ? src : x, n > 0 ? 8 : 0);
                cp_async<1>(dst + 1, n > 1 ? src + 1 : x, n > 1 ? 8 : 0);
            }
        }
    }
};

// ---- the kernel ----------------------------------------------------------------

template <class Cfg, bool TA, bool TB>
constexpr int smem_bytes()
{
    return Cfg::kStages * (Slab<Cfg::BM, TA, Cfg::BK>::kElems + Slab<Cfg::BN, !TB, Cfg::BK>::kElems) *
           int(sizeof(double));
}

// The largest of the four layouts: what the device must offer.
template <class Cfg>
constexpr int max_smem_bytes()
{
    constexpr int a = smem_bytes<Cfg, false, false>(), b = smem_bytes<Cfg, false, true>();
    constexpr int c = smem_bytes<Cfg, true, false>(), d = smem_bytes<Cfg, true, true>();
    constexpr int ab = a > b ? a : b, cd = c > d ? c : d;
    return ab > cd ? ab : cd;
}

// op(A) is k-major in memory when A is transposed; op(B) when B is not.
template <class Cfg, bool TA, bool TB, bool kForceK4>
__global__ void __launch_bounds__(Cfg::kThreads, Cfg::kMinBlocks) dgemm_dmma(Params p)
{
    using SA = Slab<Cfg::BM, TA, Cfg::BK>;
    using SB = Slab<Cfg::BN, !TB, Cfg::BK>;
    constexpr int kStages = Cfg::kStages, kThreads = Cfg::kThreads, kBK = Cfg::BK;
    constexpr int MT = Cfg::MT, NT = Cfg::NT;

    extern __shared__ __align__(16) double dmma_smem[];
    double *const sA = dmma_smem;
    double *const sB = dmma_smem + kStages * SA::kElems;

    const double alpha = load_scalar<double>(p.alpha), beta = load_scalar<double>(p.beta);
    const bool compute = alpha != 0.0 && p.k > 0;
    if (!compute && beta == 1.0)
        return;  // C = C: touch nothing
    const double alpha_eff = compute ? alpha : 0.0;  // k == 0: C = beta*C, alpha not applied

    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int g = lane >> 2, t = lane & 3;
    const int wm0 = (warp % Cfg::WARPS_M) * Cfg::WM, wn0 = (warp / Cfg::WARPS_M) * Cfg::WN;
    const int64_t ktiles = (p.k + kBK - 1) / kBK;
    const int64_t tiles = p.tiles_m * p.tiles_n;

    for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        // Groups of kGroupM tile-rows, column by column inside a group: the
        // blocks resident at once cover a near-square patch of C and share
        // slabs of A and B through L2.
        const int64_t group_tiles = int64_t(kGroupM) * p.tiles_n;
        const int64_t group = tile / group_tiles, first_m = group * kGroupM;
        const int64_t rows = p.tiles_m - first_m < kGroupM ? p.tiles_m - first_m : kGroupM;
        const int64_t in_group = tile - group * group_tiles;
        const int64_t m0 = (first_m + in_group % rows) * Cfg::BM;
        const int64_t n0 = (in_group / rows) * Cfg::BN;

        double acc[MT][NT][4];
#pragma unroll
        for (int i = 0; i < MT; ++i)
#pragma unroll
            for (int j = 0; j < NT; ++j)
#pragma unroll
                for (int v = 0; v < 4; ++v)
                    acc[i][j][v] = 0.0;

        if (compute) {
            SlabLoader<SA, TA, kThreads> la;
            SlabLoader<SB, !TB, kThreads> lb;
            la.init(p.A, p.lda, m0, p.m, p.k, tid);
            lb.init(p.B, p.ldb, n0, p.n, p.k, tid);
            // Copies slab `loaded` (the next not yet issued) into `stage`,
            // all at once (prologue, and the original schedule).
            int64_t loaded = 0;
            auto load_next = [&](int stage) {
                la.copy(sA + stage * SA::kElems, p.A, p.lda, p.vec_a);
                lb.copy(sB + stage * SB::kElems, p.B, p.ldb, p.vec_b);
                la.advance(p.lda);
                lb.advance(p.ldb);
                ++loaded;
            };
            // Prologue: slabs 0 .. kStages-2 in flight, one commit group each
            // (empty groups past the end keep the count uniform).
#pragma unroll
            for (int s = 0; s < kStages - 1; ++s) {
                if (s < ktiles)
                    load_next(s);
                cp_async_commit();
            }
            int read_stage = 0, write_stage = kStages - 1;
            for (int64_t kt = 0; kt < ktiles; ++kt) {
                // Slab kt has landed (at most kStages-2 younger groups are
                // pending); the barrier makes every thread's copies visible
                // and guarantees that all warps are done with slab kt-1, whose
                // stage this step's copies (slab kt + kStages - 1) overwrite.
                cp_async_wait<kStages - 2>();
                __syncthreads();
                const bool load = loaded < ktiles;
                double *const wa = sA + write_stage * SA::kElems;
                double *const wb = sB + write_stage * SB::kElems;
                if (!Cfg::kInterleave && load) {
                    la.copy(wa, p.A, p.lda, p.vec_a);
                    lb.copy(wb, p.B, p.ldb, p.vec_b);
                }
                write_stage = write_stage + 1 == kStages ? 0 : write_stage + 1;

                const double *sa = sA + read_stage * SA::kElems;
                const double *sb = sB + read_stage * SB::kElems;
                read_stage = read_stage + 1 == kStages ? 0 : read_stage + 1;

                // Share `part` of `parts` of this step's copies (interleaved
                // schedule, first k16 slice only).
                auto copies = [&](int slice, int part, int parts) {
                    if (Cfg::kInterleave && slice == 0 && load) {
                        la.copy(wa, p.A, p.lda, p.vec_a, part, parts);
                        lb.copy(wb, p.B, p.ldb, p.vec_b, part, parts);
                    }
                };
#pragma unroll
                for (int ks = 0; ks < Cfg::KS; ++ks) {
                    const int k0 = 16 * ks;
                    double bf[NT][4];
#pragma unroll
                    for (int j = 0; j < NT; ++j)
#pragma unroll
                        for (int q = 0; q < 4; ++q)
                            bf[j][q] = SB::frag(sb, wn0 + 8 * j + g, k0 + 4 * q + t);
#pragma unroll
                    for (int i = 0; i < MT; ++i) {
                        double af[8];
#pragma unroll
                        for (int q = 0; q < 4; ++q)
#pragma unroll
                            for (int h = 0; h < 2; ++h)
                                af[2 * q + h] = SA::frag(sa, wm0 + 16 * i + 8 * h + g, k0 + 4 * q + t);
#pragma unroll
                        for (int j = 0; j < NT; ++j)
                            mma_16x8x16<kForceK4>(acc[i][j], af, bf[j]);
                        copies(ks, i, MT);
                    }
                }
                if (load) {
                    la.advance(p.lda);
                    lb.advance(p.ldb);
                    ++loaded;
                }
                cp_async_commit();
            }
            // Drain (only empty groups remain) and let every warp finish
            // reading before a next tile's prologue refills the stages.
            cp_async_wait<0>();
            __syncthreads();
        }

        // Epilogue straight from the accumulators: acc[i][j][2h + v] is
        // C(m0 + wm0 + 16i + 8h + g, n0 + wn0 + 8j + 2t + v). Each store
        // instruction of a warp writes 4 columns x 8 consecutive rows.
#pragma unroll
        for (int i = 0; i < MT; ++i)
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const int64_t row = m0 + wm0 + 16 * i + 8 * h + g;
                if (row >= p.m)
                    continue;
#pragma unroll
                for (int j = 0; j < NT; ++j)
#pragma unroll
                    for (int v = 0; v < 2; ++v) {
                        const int64_t col = n0 + wn0 + 8 * j + 2 * t + v;
                        if (col < p.n)
                            store_output(p.C + row + col * p.ldc, alpha_eff, acc[i][j][2 * h + v], beta);
                    }
            }
    }
}

// ---- host side -------------------------------------------------------------------

constexpr int kMaxDevices = 64;  // per-device caches below; others ask every time

int current_device()
{
    int dev = -1;
    if (cudaGetDevice(&dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return -1;
    }
    return dev;
}

// Largest dynamic shared memory a block may opt into on the current device,
// asked once per device (no synchronization; legal during stream capture).
int max_smem_optin()
{
    static std::atomic<int> cache[kMaxDevices];
    const int dev = current_device();
    if (dev < 0)
        return 0;
    if (dev < kMaxDevices) {
        const int cached = cache[dev].load(std::memory_order_relaxed);
        if (cached > 0)
            return cached;
    }
    int bytes = 0;
    if (cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (dev < kMaxDevices)
        cache[dev].store(bytes, std::memory_order_relaxed);
    return bytes;
}

template <class Cfg, bool TA, bool TB, bool kForceK4>
cudaError_t launch_cfg(Params p, cudaStream_t stream)
{
    constexpr int smem = smem_bytes<Cfg, TA, TB>();
    auto kernel = dgemm_dmma<Cfg, TA, TB, kForceK4>;
    // Above 48 KiB a kernel must opt in, once per device (one bit per device
    // and instantiation; a race only repeats the idempotent call).
    static std::atomic<unsigned long long> opted_in{0};
    const int dev = current_device();
    const unsigned long long bit = dev >= 0 && dev < kMaxDevices ? 1ull << dev : 0;
    if (!bit || !(opted_in.load(std::memory_order_relaxed) & bit)) {
        const cudaError_t err = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        if (err != cudaSuccess)
            return err;
        opted_in.fetch_or(bit, std::memory_order_relaxed);
    }
    p.tiles_m = (p.m + Cfg::BM - 1) / Cfg::BM;
    p.tiles_n = (p.n + Cfg::BN - 1) / Cfg::BN;
    const int64_t tiles = p.tiles_m * p.tiles_n;
    // One block per tile; a grid capped at INT_MAX blocks loops over the rest.
    const unsigned grid = unsigned(tiles < INT_MAX ? tiles : INT_MAX);
    kernel<<<grid, Cfg::kThreads, smem, stream>>>(p);
    return cudaGetLastError();
}

template <class Cfg, bool kForceK4>
cudaError_t launch_trans(const mv_gemm_args &a, const Params &p)
{
    if (a.transa) {
        return a.transb ? launch_cfg<Cfg, true, true, kForceK4>(p, a.stream)
                        : launch_cfg<Cfg, true, false, kForceK4>(p, a.stream);
    }
    return a.transb ? launch_cfg<Cfg, false, true, kForceK4>(p, a.stream)
                    : launch_cfg<Cfg, false, false, kForceK4>(p, a.stream);
}

// The default path's choice by shape, for mv_dgemm_dmma_launch and for a
// fixed configuration that the device's shared memory cannot hold.
//
// THE SELECTION: the lead picks the default here from the --tile-sweep
// measurements (mvbench gemm --dtype d --tile-sweep); until then it is the
// original pair, dmma-128x128x16-s4 and dmma-64x64x16-s3.
template <bool kForceK4>
cudaError_t launch_auto(const mv_gemm_args &a, const Params &p)
{
    // 64 x 128 tiles, two blocks per SM, copies interleaved with the MMAs
    // (dmma-64x128x16-s3-2b-il) where they give every SM two blocks and the
    // device has the shared memory; else the small tile. Measured on an H200
    // (`mvbench gemm --dtype d --tile-sweep`, 2026-11-22): 80.7% of cuBLAS
    // at 4096^3 and 84.3% at 8192^3, where the 128 x 128 tile of one block
    // per SM reached 72.5% and 70.5% (docs/gemm.md).
    const int64_t sms = mv_gemm_sm_count(&a);
    const int64_t wide_tiles = ((a.m + Wide2b::BM - 1) / Wide2b::BM) * ((a.n + Wide2b::BN - 1) / Wide2b::BN);
    const bool fits = max_smem_optin() >= max_smem_bytes<Wide2b>();
    return wide_tiles >= 2 * sms && fits ? launch_trans<Wide2b, kForceK4>(a, p)
                                         : launch_trans<Small, kForceK4>(a, p);
}

// One configuration as asked, or the default's choice where the device
// cannot give it its shared memory (dmma-128x128x32-s3-il: 216 KiB, more
// than an A100's 163 KiB), so that every variant is correct everywhere.
template <class Cfg, bool kForceK4>
cudaError_t launch_fixed(const mv_gemm_args &a, const Params &p)
{
    if (max_smem_optin() < max_smem_bytes<Cfg>())
        return launch_auto<kForceK4>(a, p);
    return launch_trans<Cfg, kForceK4>(a, p);
}

// config: -1 picks by shape (the library's path), else an mv_dmma_config
// (the standalone check tests every one on every shape).
template <bool kForceK4>
cudaError_t launch(const mv_gemm_args &a, int config)
{
    Params p;
    p.m = a.m;
    p.n = a.n;
    p.k = a.k;
    p.A = static_cast<const double *>(a.A);
    p.lda = a.lda;
    p.B = static_cast<const double *>(a.B);
    p.ldb = a.ldb;
    p.C = static_cast<double *>(a.C);
    p.ldc = a.ldc;
    p.alpha = a.alpha;
    p.beta = a.beta;
    p.tiles_m = p.tiles_n = 0;  // set per configuration
    p.vec_a = reinterpret_cast<uintptr_t>(a.A) % 16 == 0 && a.lda % 2 == 0;
    p.vec_b = reinterpret_cast<uintptr_t>(a.B) % 16 == 0 && a.ldb % 2 == 0;

    switch (config) {
    case -1: return launch_auto<kForceK4>(a, p);
    case MV_DMMA_128x128x16_S4: return launch_fixed<Big, kForceK4>(a, p);
    case MV_DMMA_64x64x16_S3: return launch_fixed<Small, kForceK4>(a, p);
    case MV_DMMA_128x128x16_S4_IL: return launch_fixed<BigIl, kForceK4>(a, p);
    case MV_DMMA_128x128x32_S3_IL: return launch_fixed<BigK32, kForceK4>(a, p);
    case MV_DMMA_128x64x16_S3_2B_IL: return launch_fixed<Tall2b, kForceK4>(a, p);
    case MV_DMMA_64x128x16_S3_2B_IL: return launch_fixed<Wide2b, kForceK4>(a, p);
    case MV_DMMA_128x32x16_S4_2B_IL: return launch_fixed<Narrow32, kForceK4>(a, p);
    default: return cudaErrorInvalidValue;
    }
}

}  // namespace
}  // namespace dmma
}  // namespace mv

extern "C" cudaError_t mv_dgemm_dmma_launch(const mv_gemm_args *args)
{
    return mv::dmma::launch<false>(*args, -1);
}

extern "C" cudaError_t mv_dgemm_dmma_launch_config(const mv_gemm_args *args, int config)
{
    return config >= 0 && config < MV_DMMA_CONFIG_COUNT ? mv::dmma::launch<false>(*args, config)
                                                        : cudaErrorInvalidValue;
}
