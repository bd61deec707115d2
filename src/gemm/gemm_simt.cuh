// The register-tiled SIMT FP32 GEMM kernel template of the default path
// (see gemm_fast.cu for the design and the napkin math), instantiated for
// the default configurations in gemm_simt_*.cu (one configuration and load
// layout a file) and for the other tile configurations of the simt-*
// variants in gemm_variants.cu: translation units that compile in parallel.
#pragma once

#include <type_traits>
#include <utility>

#include "gemm_epilogue.cuh"
#include "gemm/gemm_registry.h"

namespace mv {
namespace gemm {
namespace {

// ------------------------------------------------------------ cp.async
// 16 bytes from global to shared memory, of which only src_bytes (0..16)
// are read and the rest zero-filled: the guard of a tail costs nothing.
__device__ __forceinline__ void cp_async16(void *smem, const void *gmem, int src_bytes)
{
    const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(gmem), "r"(src_bytes)
                 : "memory");
}

// 16 bytes, all inside the matrix.
__device__ __forceinline__ void cp_async16(void *smem, const void *gmem)
{
    const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(gmem) : "memory");
}

__device__ __forceinline__ float lane_of(const float4 &v, int i)
{
    return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

__device__ __forceinline__ int clamp4(int64_t v)
{
    return v <= 0 ? 0 : v >= 4 ? 4 : int(v);
}

// How much of a k tile's loads must be guarded: kTail, the last tiles
// (past k too); kEdge, tiles inside k of a block tile that sticks out of m
// or n (rows guarded); kInterior, the steady state of an interior block
// tile: no guard at all, so the k loop carries no compare for them.
enum Guard { kTail = 0, kEdge = 1, kInterior = 2 };

// ------------------------------------------------------------- configs
template <int BM_, int BN_, int BK_, int CM_, int CN_, int STAGES_, int MIN_BLOCKS_>
struct Cfg {
    static constexpr int BM = BM_, BN = BN_, BK = BK_;
    static constexpr int CM = CM_, CN = CN_;  // 4-wide chunks per thread along m and n
    static constexpr int LM = 8, LN = 4;      // lanes of a warp along m and n
    static constexpr int TM = 4 * CM, TN = 4 * CN;
    static constexpr int WM = LM * TM, WN = LN * TN;  // warp tile
    static constexpr int WARPS_M = BM / WM, WARPS_N = BN / WN;
    static constexpr int THREADS = 32 * WARPS_M * WARPS_N;
    static constexpr int STAGES = STAGES_;
    static constexpr int MIN_BLOCKS = MIN_BLOCKS_;
    static constexpr int PAD = 4;  // floats: keeps rows 16-byte aligned, see the transposing stores
    static constexpr int LDA_S = BM + PAD, LDB_S = BN + PAD;
    static_assert(BM % WM == 0 && BN % WN == 0, "the warp tiles must cover the block tile");
    static_assert(BK % 4 == 0, "loads move 4 floats along k");
    static_assert((BM * BK / 4) % THREADS == 0 && (BN * BK / 4) % THREADS == 0,
                  "every thread loads the same number of 16-byte units");
};

// Rows of a tile and its k extent: BM x BK of op(A) or BN x BK of op(B).
//   DIRECT: the source runs along the tile's rows (A with N, B with T);
//           element (r, q) is p[r + q*ld]. Unit u = 4 consecutive rows of
//           one k: q = u / (R/4), r = 4 * (u % (R/4)); consecutive threads
//           take consecutive 16-byte pieces of one column: coalesced.
//   !DIRECT: the source runs along k (A with T, B with N); element (r, q)
//           is p[q + r*ld]. Unit u = 4 consecutive k of one row:
//           r = u / (BK/4), q = 4 * (u % (BK/4)); for BK = 8 two threads
//           read the 32 bytes of one row: full sectors.
// In shared memory the tile is always S[q*LD + r] (k-major).
// Tiles are loaded in k order, each load moving the unit's pointer on by
// one tile, so the k loop does no 64-bit index arithmetic but one add per
// unit; its guards are int compares against the k left in the tile.
template <int R, int BK, int LD, int THREADS, bool DIRECT, bool VEC>
struct TileLoader {
    static constexpr int UNITS = R * BK / 4 / THREADS;
    static constexpr bool ASYNC = DIRECT && VEC;  // cp.async straight into shared memory
    static constexpr int PER_ROW = DIRECT ? R / 4 : BK / 4;

    const float *ptr[UNITS];  // the unit's first element in the next tile to load
    int q[UNITS];             // k offset of the unit in the tile
    int sofs[UNITS];          // offset of the unit in a stage: q*LD + r
    int rows_ok[UNITS];       // DIRECT: rows of the unit inside the matrix (0..4); else 0 or 4
    float4 staged[ASYNC ? 1 : UNITS];

    __device__ __forceinline__ TileLoader(const float *p, int64_t ld, int64_t rows, int64_t row0, int tid)
    {
#pragma unroll
        for (int u = 0; u < UNITS; ++u) {
            const int unit = tid + u * THREADS;
            const int qu = DIRECT ? unit / PER_ROW : 4 * (unit % PER_ROW);
            const int ru = DIRECT ? 4 * (unit % PER_ROW) : unit / PER_ROW;
            q[u] = qu;
            sofs[u] = qu * LD + ru;
            if (DIRECT) {
                rows_ok[u] = clamp4(rows - row0 - ru);
                ptr[u] = p + (row0 + ru) + qu * ld;
            } else {
                rows_ok[u] = row0 + ru < rows ? 4 : 0;
                ptr[u] = p + (row0 + ru) * ld + qu;
            }
        }
    }

    // Elements between the same unit of consecutive tiles.
    static __device__ __forceinline__ int64_t step(int64_t ld)
    {
        return DIRECT ? BK * ld : BK;
    }

    // ASYNC: copies the next tile into stage s (zero outside the matrix).
    // k_left = k minus the tile's first k, 1..BK (read only by kTail). With
    // 0 bytes cp.async reads nothing; the address given is then p, the
    // matrix itself, so that no address past the matrix is ever handed to a
    // load.
    template <Guard G>
    __device__ __forceinline__ void async_load(float *s, int k_left, int64_t stride, const float *p)
    {
        if constexpr (ASYNC) {
#pragma unroll
            for (int u = 0; u < UNITS; ++u) {
                if constexpr (G == kInterior) {
                    cp_async16(s + sofs[u], ptr[u]);
                } else {
                    const int bytes = G == kEdge || q[u] < k_left ? 4 * rows_ok[u] : 0;
                    cp_async16(s + sofs[u], bytes ? ptr[u] : p, bytes);
                }
                ptr[u] += stride;
            }
        } else {
            (void)s, (void)k_left, (void)stride, (void)p;
        }
    }

    // !ASYNC: loads the next tile into registers (zero outside the matrix);
    // G and k_left as for async_load.
    template <Guard G>
    __device__ __forceinline__ void reg_load(int k_left, int64_t stride)
    {
        if constexpr (!ASYNC) {
#pragma unroll
            for (int u = 0; u < UNITS; ++u) {
                const float *src = ptr[u];
                float v[4];
                // Elements of the unit inside the matrix: 4 rows of one k
                // (DIRECT, the scalar path only: DIRECT && VEC is ASYNC), or
                // 4 consecutive k of one row.
                int ok = 4;
                if constexpr (G != kInterior) {
                    if (DIRECT) {
                        ok = G == kEdge || q[u] < k_left ? rows_ok[u] : 0;
                    } else {
                        const int left = k_left - q[u];
                        ok = G == kEdge || left >= rows_ok[u] ? rows_ok[u] : left > 0 ? left : 0;
                    }
                }
                if (!DIRECT && VEC && ok == 4) {
                    const float4 w = __ldg(reinterpret_cast<const float4 *>(src));
                    v[0] = w.x, v[1] = w.y, v[2] = w.z, v[3] = w.w;
                } else {
#pragma unroll
                    for (int e = 0; e < 4; ++e)
                        v[e] = e < ok ? __ldg(src + e) : 0.0f;
                }
                staged[u] = make_float4(v[0], v[1], v[2], v[3]);
                ptr[u] += stride;
            }
        } else {
            (void)k_left, (void)stride;
        }
    }

    // !ASYNC: stores the registers of reg_load into stage s.
    __device__ __forceinline__ void reg_store(float *s)
    {
        if constexpr (!ASYNC) {
#pragma unroll
            for (int u = 0; u < UNITS; ++u) {
                if (DIRECT) {
                    *reinterpret_cast<float4 *>(s + sofs[u]) = staged[u];
                } else {
                    s[sofs[u] + 0 * LD] = staged[u].x;
                    s[sofs[u] + 1 * LD] = staged[u].y;
                    s[sofs[u] + 2 * LD] = staged[u].z;
                    s[sofs[u] + 3 * LD] = staged[u].w;
                }
            }
        } else {
            (void)s;
        }
    }
};

struct SimtParams {
    int64_t m, n, k;
    const float *A;
    int64_t lda;
    const float *B;
    int64_t ldb;
    float *C;
    int64_t ldc;
    mv_scalar alpha, beta;
    int64_t tiles_m, tiles_n;
    int vec_c;  // ldc % 4 == 0 and C 16-byte aligned: float4 epilogue
};

// Tile t of the grid-stride walk -> (tm, tn): kGroupM tile-rows at a time,
// down the rows of the band first, then to the next column of tiles. The
// ~264 blocks in flight then cover about 16 x 16 tiles: each panel of A and
// B they read is shared by ~16 blocks in L2.
constexpr int64_t kGroupM = 16;

__device__ __forceinline__ void tile_of(int64_t t, int64_t tiles_m, int64_t tiles_n, int64_t &tm, int64_t &tn)
{
    const int64_t band = t / (kGroupM * tiles_n);
    const int64_t first = band * kGroupM;
    const int64_t rows = tiles_m - first < kGroupM ? tiles_m - first : kGroupM;
    const int64_t r = t - first * tiles_n;
    tm = first + r % rows;
    tn = r / rows;
}

// One k of a stage: CM + CN LDS.128 and TM*TN FFMAs.
template <class C, int Q>
__device__ __forceinline__ void multiply_k(const float *as, const float *bs, float (&acc)[C::TM][C::TN])
{
    float4 a[C::CM], b[C::CN];
#pragma unroll
    for (int c = 0; c < C::CM; ++c)
        a[c] = *reinterpret_cast<const float4 *>(as + Q * C::LDA_S + c * C::LM * 4);
#pragma unroll
    for (int d = 0; d < C::CN; ++d)
        b[d] = *reinterpret_cast<const float4 *>(bs + Q * C::LDB_S + d * C::LN * 4);
#pragma unroll
    for (int i = 0; i < C::TM; ++i)
#pragma unroll
        for (int j = 0; j < C::TN; ++j)
            acc[i][j] = fmaf(lane_of(a[i / 4], i % 4), lane_of(b[j / 4], j % 4), acc[i][j]);
}

// The BK k of a stage, in order, as straight-line code: a fold over the k
// indices, because NVVM keeps a `#pragma unroll` loop of this size as a
// loop of 4-k bodies, whose counter and address updates cost ~2% of the
// issue slots.
template <class C, int... Q>
__device__ __forceinline__ void multiply_ks(const float *as, const float *bs, float (&acc)[C::TM][C::TN],
                                            std::integer_sequence<int, Q...>)
{
    (multiply_k<C, Q>(as, bs, acc), ...);
}

template <class C>
__device__ __forceinline__ void multiply_stage(const float *as, const float *bs, int a_off, int b_off,
                                               float (&acc)[C::TM][C::TN])
{
    multiply_ks<C>(as + a_off, bs + b_off, acc, std::make_integer_sequence<int, C::BK>{});
}

template <class C, bool A_DIRECT, bool B_DIRECT, bool VEC>
struct Simt {
    using LoaderA = TileLoader<C::BM, C::BK, C::LDA_S, C::THREADS, A_DIRECT, VEC>;
    using LoaderB = TileLoader<C::BN, C::BK, C::LDB_S, C::THREADS, B_DIRECT, VEC>;
    static constexpr bool ANY_ASYNC = LoaderA::ASYNC || LoaderB::ASYNC;
    static constexpr bool ANY_STAGED = !LoaderA::ASYNC || !LoaderB::ASYNC;
    // Register staging needs only 2 stages; cp.async takes the configured depth.
    static constexpr int S = ANY_ASYNC ? C::STAGES : 2;
    static constexpr int A_STAGE = C::BK * C::LDA_S, B_STAGE = C::BK * C::LDB_S;
    static constexpr size_t SMEM_BYTES = sizeof(float) * size_t(S) * (A_STAGE + B_STAGE);
    static_assert(S >= 2, "the pipeline needs 2 stages at least");
};

// C through shared memory where its columns are off 16-byte boundaries (ldc
// not a multiple of 4, or C unaligned). A thread holds 4-row chunks of its
// columns; stored straight, each 4-byte store of a warp touched 16-20
// sectors for 128 bytes (8 chunks 16 bytes apart in each of 4 columns) and
// every sector four times, ~2 us a MiB of C (notes-transpose-gemm.md G9).
// Instead each warp puts its warp tile's columns, CW at a time, into a
// slice of the stages (free after the k loop), then writes each column with
// consecutive lanes on consecutive rows: 128 contiguous bytes a store.
// Element (jj, ii) of a slice sits at jj*WM + (ii + 8*(jj/4)) mod WM: the
// rotation puts the 8 lanes of a quarter-warp's 16-byte writes (4 columns
// 4 apart, 2 row chunks) on distinct banks; the column reads stay
// consecutive. Where the slices do not fit in the stages (some simt-*
// variant configurations), the direct stores stay.
template <class C, class K>
struct StagedC {
    static constexpr int CW = C::LN * 4;  // the columns of one chunk d of a warp tile
    static constexpr int WARPS = C::THREADS / 32;
    static constexpr bool OK = sizeof(float) * size_t(WARPS) * CW * C::WM <= K::SMEM_BYTES;
    static_assert((C::WM & (C::WM - 1)) == 0 && C::WM % 32 == 0, "the rotation wraps a power of two");
    static __device__ __forceinline__ int at(int jj, int ii)
    {
        return jj * C::WM + ((ii + 8 * (jj / 4)) & (C::WM - 1));
    }
};

template <class C, bool A_DIRECT, bool B_DIRECT, bool VEC, bool STAGE_C>
__global__ void __launch_bounds__(C::THREADS, C::MIN_BLOCKS) simt_gemm(SimtParams p)
{
    using K = Simt<C, A_DIRECT, B_DIRECT, VEC>;
    constexpr int S = K::S;
    const Scalars<float> sc(p.alpha, p.beta, p.k);
    if (sc.nothing)  // uniform over the grid: no barrier is skipped by some threads only
        return;

    extern __shared__ float4 smem_v4[];  // float4: 16-byte alignment for cp.async and LDS.128
    float *const As = reinterpret_cast<float *>(smem_v4);
    float *const Bs = As + S * K::A_STAGE;

    const int tid = int(threadIdx.x);
    const int warp = tid / 32, lane = tid % 32;
    const int a_off = (warp % C::WARPS_M) * C::WM + (lane / C::LN) * 4;
    const int b_off = (warp / C::WARPS_M) * C::WN + (lane % C::LN) * 4;
    const int64_t tiles = p.tiles_m * p.tiles_n;
    const int64_t kt_count = (p.k + C::BK - 1) / C::BK;

    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        int64_t tm, tn;
        tile_of(t, p.tiles_m, p.tiles_n, tm, tn);
        const int64_t m0 = tm * C::BM, n0 = tn * C::BN;

        float acc[C::TM][C::TN];
#pragma unroll
        for (int i = 0; i < C::TM; ++i)
#pragma unroll
            for (int j = 0; j < C::TN; ++j)
                acc[i][j] = 0.0f;

        if (sc.use_ab) {
            typename K::LoaderA la(p.A, p.lda, p.m, m0, tid);
            typename K::LoaderB lb(p.B, p.ldb, p.n, n0, tid);
            const int64_t step_a = K::LoaderA::step(p.lda), step_b = K::LoaderB::step(p.ldb);
            // k left from the first k of tile kt (1..BK for the tiles that exist).
            auto k_left = [&](int64_t kt) {
                const int64_t left = p.k - kt * C::BK;
                return left < C::BK ? int(left) : C::BK;
            };

            // Prologue: cp.async of tiles 0 .. S-2 (one commit group each,
            // empty past the end), registers of tile 0 into stage 0.
#pragma unroll
            for (int s = 0; s < S - 1; ++s) {
                if constexpr (K::ANY_ASYNC) {
                    if (s < kt_count) {
                        la.template async_load<kTail>(As + s * K::A_STAGE, k_left(s), step_a, p.A);
                        lb.template async_load<kTail>(Bs + s * K::B_STAGE, k_left(s), step_b, p.B);
                    }
                    cp_async_commit();
                }
            }
            if constexpr (K::ANY_STAGED) {
                la.template reg_load<kTail>(k_left(0), step_a);
                lb.template reg_load<kTail>(k_left(0), step_b);
                la.reg_store(As);
                lb.reg_store(Bs);
            }

            // One step of the k loop: multiply tile kt, load tiles kt+S-1
            // (cp.async) and kt+1 (registers), with the guards G that those
            // tiles need. Every step but the last S-1 loads tiles inside k
            // (kEdge or kInterior: no compare against k).
            int read = 0;  // stage of tile kt
            auto step = [&](int64_t kt, auto guard_tag) {
                constexpr Guard G = decltype(guard_tag)::value;
                if constexpr (K::ANY_ASYNC)
                    cp_async_wait<S - 2>();  // this thread's copies of tile kt have landed
                __syncthreads();             // everyone's have; everyone is done with tile kt-1
                if constexpr (K::ANY_ASYNC) {
                    // Tile kt+S-1 goes to the stage of tile kt-1.
                    const int64_t next = kt + S - 1;
                    const int w = read == 0 ? S - 1 : read - 1;
                    if (G != kTail || next < kt_count) {
                        const int left = G == kTail ? k_left(next) : C::BK;
                        la.template async_load<G>(As + w * K::A_STAGE, left, step_a, p.A);
                        lb.template async_load<G>(Bs + w * K::B_STAGE, left, step_b, p.B);
                    }
                    cp_async_commit();
                }
                if constexpr (K::ANY_STAGED) {
                    if (G != kTail || kt + 1 < kt_count) {
                        const int left = G == kTail ? k_left(kt + 1) : C::BK;
                        la.template reg_load<G>(left, step_a);
                        lb.template reg_load<G>(left, step_b);
                    }
                }
                multiply_stage<C>(As + read * K::A_STAGE, Bs + read * K::B_STAGE, a_off, b_off, acc);
                const int after = read + 1 == S ? 0 : read + 1;
                if constexpr (K::ANY_STAGED) {
                    // Tile kt+1 goes to the stage after tile kt's: last read in
                    // step kt+1-S <= kt-1, finished before this step's barrier.
                    if (G != kTail || kt + 1 < kt_count) {
                        la.reg_store(As + after * K::A_STAGE);
                        lb.reg_store(Bs + after * K::B_STAGE);
                    }
                }
                read = after;
            };
            // Tiles 0 .. kt_full-1 lie wholly inside k; step kt loads up to
            // tile kt+S-1 (S-1 >= 1 also covers the register path's kt+1).
            const int64_t kt_full = p.k / C::BK;
            const int64_t kt_steady = kt_full > S - 1 ? kt_full - (S - 1) : 0;
            const bool interior = m0 + C::BM <= p.m && n0 + C::BN <= p.n;
            int64_t kt = 0;
            if (interior)
                for (; kt < kt_steady; ++kt)
                    step(kt, std::integral_constant<Guard, kInterior>{});
            else
                for (; kt < kt_steady; ++kt)
                    step(kt, std::integral_constant<Guard, kEdge>{});
            for (; kt < kt_count; ++kt)
                step(kt, std::integral_constant<Guard, kTail>{});
            if constexpr (K::ANY_ASYNC)
                cp_async_wait<0>();  // only empty groups remain; leave none behind
            __syncthreads();         // the next tile's prologue overwrites the stages
        }

        // Epilogue: C = alpha*acc + beta*C by the BLAS rules: through shared
        // memory where C's columns are off 16-byte boundaries (STAGE_C,
        // StagedC); else float4 where the 4 rows of a chunk are inside C
        // and aligned.
        if constexpr (STAGE_C) {
            using SC = StagedC<C, K>;
            static_assert(SC::OK, "the slices fit in the stages");
            float *const slice = As + warp * SC::CW * C::WM;
            const int wm0 = (warp % C::WARPS_M) * C::WM, wn0 = (warp / C::WARPS_M) * C::WN;
            const int r0 = (lane / C::LN) * 4, c0 = (lane % C::LN) * 4;
#pragma unroll
            for (int d = 0; d < C::CN; ++d) {
#pragma unroll
                for (int s = 0; s < 4; ++s)
#pragma unroll
                    for (int c = 0; c < C::CM; ++c) {
                        const int ti = 4 * c, tj = 4 * d + s;
                        *reinterpret_cast<float4 *>(slice + SC::at(c0 + s, r0 + c * C::LM * 4)) =
                            make_float4(acc[ti][tj], acc[ti + 1][tj], acc[ti + 2][tj], acc[ti + 3][tj]);
                    }
                __syncwarp();
                // All of the slice's loads first, then the stores: the
                // loads' latency paid once, not once a column.
                float v[SC::CW][C::WM / 32];
#pragma unroll
                for (int jj = 0; jj < SC::CW; ++jj)
#pragma unroll
                    for (int h = 0; h < C::WM / 32; ++h)
                        v[jj][h] = slice[SC::at(jj, lane + 32 * h)];
                __syncwarp();  // the slice is rewritten by the next chunk
                const int64_t j0 = n0 + wn0 + d * SC::CW;
#pragma unroll
                for (int jj = 0; jj < SC::CW; ++jj)
                    if (j0 + jj < p.n)
#pragma unroll
                        for (int h = 0; h < C::WM / 32; ++h) {
                            const int64_t i = m0 + wm0 + lane + 32 * h;
                            if (i < p.m) {
                                float *cp = p.C + i + (j0 + jj) * p.ldc;
                                *cp = sc.out(v[jj][h], cp);
                            }
                        }
            }
            // The next tile's prologue writes the stages that the slices
            // share (uniform: the same tile count for the whole block).
            if (sc.use_ab && t + int64_t(gridDim.x) < tiles)
                __syncthreads();
        } else {
#pragma unroll
            for (int d = 0; d < C::CN; ++d)
#pragma unroll
                for (int s = 0; s < 4; ++s) {
                    const int64_t j = n0 + (b_off + d * C::LN * 4 + s);
                    if (j >= p.n)
                        continue;
#pragma unroll
                    for (int c = 0; c < C::CM; ++c) {
                        const int64_t i = m0 + (a_off + c * C::LM * 4);
                        float *cp = p.C + i + j * p.ldc;
                        const int ti = 4 * c, tj = 4 * d + s;
                        if (p.vec_c && i + 3 < p.m) {
                            float4 o;
                            if (sc.beta == 0.0f) {
                                o = sc.use_ab ? make_float4(sc.alpha * acc[ti][tj], sc.alpha * acc[ti + 1][tj],
                                                            sc.alpha * acc[ti + 2][tj], sc.alpha * acc[ti + 3][tj])
                                              : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
                            } else {
                                const float4 old = *reinterpret_cast<const float4 *>(cp);
                                o = sc.use_ab ? make_float4(sc.alpha * acc[ti][tj] + sc.beta * old.x,
                                                            sc.alpha * acc[ti + 1][tj] + sc.beta * old.y,
                                                            sc.alpha * acc[ti + 2][tj] + sc.beta * old.z,
                                                            sc.alpha * acc[ti + 3][tj] + sc.beta * old.w)
                                              : make_float4(sc.beta * old.x, sc.beta * old.y, sc.beta * old.z,
                                                            sc.beta * old.w);
                            }
                            *reinterpret_cast<float4 *>(cp) = o;
                        } else {
#pragma unroll
                            for (int r = 0; r < 4; ++r)
                                if (i + r < p.m)
                                    cp[r] = sc.out(acc[ti + r][tj], cp + r);
                        }
                    }
                }
        }
    }
}

inline bool aligned16(const void *p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

template <class C, bool A_DIRECT, bool B_DIRECT, bool VEC>
cudaError_t launch_simt_as(const SimtParams &sp, int64_t tiles, cudaStream_t stream)
{
    using K = Simt<C, A_DIRECT, B_DIRECT, VEC>;
    // A kernel of its own for C off 16-byte boundaries: the staged
    // epilogue's registers stay out of the other kernels' k loop.
    auto kernel = simt_gemm<C, A_DIRECT, B_DIRECT, VEC, false>;
    if constexpr (StagedC<C, K>::OK)
        if (!sp.vec_c)
            kernel = simt_gemm<C, A_DIRECT, B_DIRECT, VEC, true>;
    // Above the 48 KB default a kernel must opt in to more dynamic shared
    // memory; the attribute is per device, so it is set on every launch
    // that needs it (no host synchronization, legal during capture).
    if (K::SMEM_BYTES > 48 * 1024) {
        const cudaError_t e =
            cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(K::SMEM_BYTES));
        if (e != cudaSuccess)
            return e;
    }
    kernel<<<grid_cap(tiles, kMaxGridX), C::THREADS, K::SMEM_BYTES, stream>>>(sp);
    return cudaGetLastError();
}

// 16-byte loads of A and B (the VEC kernels): both leading dimensions
// multiples of 4 floats and both base pointers 16-byte aligned.
inline bool simt_vec_loads(const mv_gemm_args *g)
{
    return g->lda % 4 == 0 && g->ldb % 4 == 0 && aligned16(g->A) && aligned16(g->B);
}

// One configuration and one load layout (VEC): the four kernels of the
// transpose pairs. The default path compiles each (C, VEC) pair in a file
// of its own (gemm_simt_*.cu) so that nvcc builds them in parallel.
template <class C, bool VEC>
cudaError_t launch_simt_layout(const mv_gemm_args *g)
{
    SimtParams sp;
    sp.m = g->m;
    sp.n = g->n;
    sp.k = g->k;
    sp.A = static_cast<const float *>(g->A);
    sp.lda = g->lda;
    sp.B = static_cast<const float *>(g->B);
    sp.ldb = g->ldb;
    sp.C = static_cast<float *>(g->C);
    sp.ldc = g->ldc;
    sp.alpha = g->alpha;
    sp.beta = g->beta;
    sp.tiles_m = ceil_div(g->m, C::BM);
    sp.tiles_n = ceil_div(g->n, C::BN);
    sp.vec_c = g->ldc % 4 == 0 && aligned16(g->C);
    const int64_t tiles = sp.tiles_m * sp.tiles_n;
    const bool a_direct = !g->transa, b_direct = g->transb != 0;
    switch ((a_direct ? 1 : 0) | (b_direct ? 2 : 0)) {
    case 0: return launch_simt_as<C, false, false, VEC>(sp, tiles, g->stream);
    case 1: return launch_simt_as<C, true, false, VEC>(sp, tiles, g->stream);
    case 2: return launch_simt_as<C, false, true, VEC>(sp, tiles, g->stream);
    default: return launch_simt_as<C, true, true, VEC>(sp, tiles, g->stream);
    }
}

template <class C>
cudaError_t launch_simt(const mv_gemm_args *g)
{
    return simt_vec_loads(g) ? launch_simt_layout<C, true>(g) : launch_simt_layout<C, false>(g);
}

// The configurations of the default path (the simt-* variants' others are
// in gemm_variants.cu).
//                          BM   BN  BK CM CN stages min-blocks/SM
using Cfg128x128x8T128 = Cfg<128, 128, 8, 2, 4, 3, 2>;  // 128 threads, 8x16 each
using Cfg64x64x16 = Cfg<64, 64, 16, 2, 1, 3, 4>;        // 128 threads, 8x4 each
static_assert(Cfg128x128x8T128::THREADS == 128 && Cfg64x64x16::THREADS == 128, "thread counts as documented");

}  // namespace
}  // namespace gemm
}  // namespace mv

// Defines NAME, the launcher of one default-path configuration CFG with one
// load layout VEC (true: 16-byte loads), in a gemm_simt_*.cu file.
#define MV_SIMT_DEFAULT_PART(NAME, CFG, VEC)                        \
    extern "C" cudaError_t NAME(const mv_gemm_args *args)           \
    {                                                               \
        return mv::gemm::launch_simt_layout<mv::gemm::CFG, VEC>(args); \
    }
