// Narrow GEMM: C = alpha*op(A)*op(B) + beta*C where C has at most 32 columns
// (or at most 32 rows): a product of one big matrix M with nv <= 32 vectors,
// bound by reading M once, like a GEMV with nv right-hand sides.
//
// The problem as the kernels see it (gemm_narrow.cu maps the four transpose
// pairs and both narrow sides onto it):
//   M: rows x cols, column-major (ld); vector j's element q is
//   X[q*xe + j*xv]; output j's element i is O[i*oe + j*ov].
//   stream-n: out_j = M * x_j   (outputs along M's rows, sums over columns)
//   stream-t: out_j = M^T * x_j (outputs along M's columns, sums over rows)
//
// Napkin math (H100 SXM: 3.35 TB/s over 132 SMs at 1.98 GHz is 12.8 bytes
// per clock per SM): each element of M read takes nv FMAs, so float at
// nv = 32 needs 12.8 / 4 * 32 = 102 FMA per clock per SM of the 128 the SM
// issues (80%), double at nv = 32 51 DFMA of 64. The kernels therefore keep
// every value loaded (an element of M, an element of a vector) in registers
// for several FMAs:
// - stream-n: a lane owns V rows (one 16-byte load per column) and all NB
//   vectors: V*NB accumulators; each vector element, read from shared
//   memory by the whole warp at one address (a broadcast), serves V FMAs.
//   The block's eight warps take interleaved groups of U columns of the
//   same V*32 rows, and their partial sums meet in shared memory at the end.
// - stream-t: P = 8 lanes share a column (8 x 16 consecutive bytes of it),
//   each lane holds CT columns: CT loads of M and V*NB vector elements from
//   shared memory per step serve V*NB*CT FMAs; the P partial sums of a
//   column meet by shuffles.
// - The vectors are staged in shared memory (zero beyond nv and beyond the
//   matrix), a stage of XS elements of every vector at a time, so that any
//   strides of the caller's vectors cost one pass.
// - Too few blocks for the GPU: the sums are split over the other dimension
//   into S slices that write partial sums to the handle's workspace, and a
//   second kernel adds them in a fixed order (deterministic).
// - Columns off a 16-byte boundary (ld not a multiple of V, or M itself
//   unaligned): the same kernels with scalar loads (VEC = false).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/device.cuh"
#include "gemm_epilogue.cuh"

namespace mv {
namespace gemm {
namespace narrow {

// The kernels' forms (a bit set): kPipe, the vectors' next stage copied by
// cp.async while this one is used and the next loads of the big operand in
// flight during the FMAs; kOcc, two blocks per SM (128 registers a thread)
// where the accumulators take at most 64 of them (stream-t: fewer columns
// per lane to get there), else one. 0: one stage buffer between two
// barriers, each group's loads used as issued.
constexpr int kPipe = 1, kOcc = 2;
// stream-n's instances for row teams (Params::teams > 1) add kTeams to the
// form; without it a block is one team, its indices and last sums those of
// constants (the row teams' shifts and runtime loop bounds cost the 4-vector
// kernel 4% at 16384^2 and 25% on short chains, exp/results/teams-20261127).
constexpr int kTeams = 4;
// mv_?gemm_narrow_launch, the default path: kOcc. Measured on an H100
// (16384^2, k = 2..32, docs/notes-multi.md entry 4) it was the fastest form
// or within 3 points of it in 17 of the 20 cells (type x op x k); the
// pipelined forms lost up to 17 points where their second set of loads cost
// rows per lane or blocks per SM.
constexpr int kDefaultForm = kOcc;

constexpr int kMaxVectors = MV_GEMM_NARROW_MAX;  // the narrow side: C's columns, or its rows
constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32, kLgWarps = 3;
static_assert(kWarps == 1 << kLgWarps, "row teams split the warps by shifts");
constexpr int kStageBytes = 32 * 1024;  // shared memory for a stage of the vectors
constexpr int kLanesPerCol = 8;          // stream-t: P lanes share a column
constexpr int kGroups = 32 / kLanesPerCol;
// stream-t: columns per lane (CT), so that each vector element read from
// shared memory serves CT FMAs: as many as the registers allow for the
// accumulators (NB*CT elements: 512 bytes; 384 where a second step of
// loads is in flight; in the kOcc form 256, 64 registers, or 128 with the
// second step), at most 8.
__host__ __device__ constexpr int cols_per_lane(int nb, int elem_bytes, int form)
{
    const int budget = (form & kOcc) ? ((form & kPipe) ? 128 : 256) : (form & kPipe) ? 384 : 512;
    return budget / (nb * elem_bytes) < 1 ? 1 : budget / (nb * elem_bytes) > 8 ? 8 : budget / (nb * elem_bytes);
}

// Row teams (Params::teams: 1, 2, 4 or 8; kWarps / teams warps a team).
// stream-t: a block takes kWarps * kGroups * CT columns; where the matrix
// has fewer, the warps that would hold none take the block's rows instead:
// teams of warps over the same columns, team t the steps t, t + teams, ...
// of each stage, their sums added in team order at the end. A block's loads
// of M per round are then every busy lane's, as with wide matrices (16 of
// float's 256 columns: 1 warp of columns, 8 teams, 8x the bytes in flight
// of one warp walking the rows alone).
// stream-n likewise: a group of 32 columns is U = 4 a warp; on a sum of 16
// columns or fewer the warps left without columns take more rows, each team
// its own 32R (a block teams x 32R). That divides the blocks by the teams,
// and a block's epilogue (its rows' sums, written one per thread and pass)
// grows by as much: teams only while the grid keeps a wave of blocks.
// The pipelined forms keep one team.
__host__ __device__ constexpr int row_teams(int64_t cols, int cols_per_warp, int form)
{
    return (form & kPipe) ? 1
           : cols <= cols_per_warp     ? 8
           : cols <= 2 * cols_per_warp ? 4
           : cols <= 4 * cols_per_warp ? 2
                                       : 1;
}

// Blocks per SM that a kernel's registers are capped for: 2 in the kOcc
// form where its accumulators (acc_bytes) take at most 64 registers.
__host__ __device__ constexpr int min_blocks(int acc_bytes, int form)
{
    return (form & kOcc) && acc_bytes <= 256 ? 2 : 1;
}

struct Params {
    int64_t rows, cols;  // of M
    const void *M;
    int64_t ld;
    const void *X;
    int64_t xe, xv;  // vector j, element q: X[q*xe + j*xv]
    void *O;
    int64_t oe, ov;  // output j, element i: O[i*oe + j*ov]
    int nv;          // vectors, 1..NB
    int64_t k;       // the GEMM's k (> 0 means the product exists)
    mv_scalar alpha, beta;
    int teams;       // row teams of a block (row_teams)
    int64_t slice;    // the summed dimension's length per split (whole groups or steps)
    int64_t splits;   // S; S > 1 writes partial sums
    void *partial;    // S x nv x out_len partial sums when S > 1
};

// Elements of M per load: 16 bytes, or fewer where the accumulators of a
// pipelined stream-n lane (R*NB) with a second set of loads in flight would
// not fit the registers (R*NB <= 64 elements of float, 32 of double).
template <typename T>
__host__ __device__ constexpr int rows_per_lane(int nb, int form)
{
    return !(form & kPipe) || nb <= 8 ? 16 / int(sizeof(T)) : (sizeof(T) == 4 ? 2 : 1);
}


// R consecutive elements from p (VEC: one load of R elements, p aligned to
// them; else one by one), the ones at or past `left` as zero.
template <typename T, int R, bool VEC>
__device__ __forceinline__ void load_run(const T *p, int64_t left, T (&v)[R])
{
    if (VEC && left >= R) {
        using W = typename VecOf<T, R>::type;
        const W w = __ldg(reinterpret_cast<const W *>(p));
        const T *e = reinterpret_cast<const T *>(&w);
#pragma unroll
        for (int k = 0; k < R; ++k)
            v[k] = e[k];
    } else {
#pragma unroll
        for (int e = 0; e < R; ++e)
            v[e] = e < left ? __ldg(p + e) : T(0);
    }
}

// n consecutive elements of shared memory at p (16-byte aligned when n*T
// is a multiple of 16 bytes) in as few loads as that allows.
template <typename T, int N>
__device__ __forceinline__ void load_smem(const T *p, T (&v)[N])
{
    constexpr int W = 16 / int(sizeof(T));
    if constexpr (N % W == 0) {
        using V16 = typename VecOf<T, W>::type;
#pragma unroll
        for (int k = 0; k < N; k += W) {
            const V16 w = *reinterpret_cast<const V16 *>(p + k);
            const T *e = reinterpret_cast<const T *>(&w);
#pragma unroll
            for (int i = 0; i < W; ++i)
                v[k + i] = e[i];
        }
    } else {
#pragma unroll
        for (int k = 0; k < N; ++k)
            v[k] = p[k];
    }
}

// Elements [q0, q0 + fill) of every vector into xs[(q - q0)*SQ + j*SJ],
// zero beyond the vectors' end (q >= end) and for j >= nv: the kernels read
// whole groups of rows, so what they read past the stage's length is zero,
// never a stale value (0 * NaN would be NaN). Consecutive threads take
// consecutive q: coalesced where a vector is contiguous. ASYNC: cp.async
// copies (the caller commits and waits), else loads and stores.
template <typename T, int NB, int SQ, int SJ, bool ASYNC>
__device__ __forceinline__ void stage_vectors(const Params &p, int64_t q0, int fill, int64_t end, T *xs)
{
    const T *X = static_cast<const T *>(p.X);
    for (int idx = threadIdx.x; idx < fill * NB; idx += kThreads) {
        const int j = idx / fill, dq = idx - j * fill;
        const int64_t q = q0 + dq;
        const bool in = j < p.nv && q < end;
        T *dst = xs + dq * SQ + j * SJ;
        if constexpr (ASYNC) {
            const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
            const T *src = in ? X + q * p.xe + j * p.xv : X;  // 0 bytes read when out: zero fill
            if constexpr (sizeof(T) == 4)
                asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(d), "l"(src), "r"(in ? 4 : 0)
                             : "memory");
            else
                asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(d), "l"(src), "r"(in ? 8 : 0)
                             : "memory");
        } else {
            *dst = in ? X[q * p.xe + j * p.xv] : T(0);
        }
    }
}

// Output j, element i: the sum (S == 1: with alpha and beta) or split s's
// partial sum.
template <typename T>
__device__ __forceinline__ void emit(const Params &p, const Scalars<T> &sc, int64_t s, int64_t out_len, int j,
                                     int64_t i, T acc)
{
    if (p.splits > 1) {
        static_cast<T *>(p.partial)[(s * p.nv + j) * out_len + i] = acc;
    } else {
        T *o = static_cast<T *>(p.O) + i * p.oe + j * p.ov;
        *o = sc.out(acc, o);
    }
}

// Shared memory of a block: kPipe, two stage buffers of kStageBytes / 2
// (one filled by cp.async while the other is read); else one of kStageBytes.
template <typename T, int NB, int UNIT, int F>
struct Stage {
    static constexpr int BUFS = (F & kPipe) ? 2 : 1;
    static constexpr int LEN = kStageBytes / BUFS / int(sizeof(T) * NB) / UNIT * UNIT;  // rows per stage
    static constexpr int BUF = LEN * NB;  // elements per buffer
    static_assert(LEN >= UNIT, "a stage holds at least one group");
};

// ---------------------------------------------------------------- stream-n
// Block b, split s: rows [rb*32R, rb*32R + 32R) of M, columns
// [s*slice, min(cols, (s+1)*slice)) in groups of kWarps*U; warp w takes
// columns w*U .. w*U + U-1 of every group; in row teams (Params::teams),
// team t's warps those of rows [(rb*teams + t)*32R, ... + 32R). kPipe:
// the vectors' next stage is copied (cp.async) while this one is used, and
// the next group's loads of M are issued before this group's FMAs (2U
// loads in flight per lane).
template <typename T, int NB, bool VEC, int F>
__global__ void __launch_bounds__(kThreads, min_blocks(rows_per_lane<T>(NB, F) * NB * int(sizeof(T)), F))
    stream_n(Params p)
{
    pdl_begin();  // before any load: device-mode scalars, the vectors, C
    constexpr bool PIPE = (F & kPipe) != 0;
    constexpr int R = rows_per_lane<T>(NB, F), U = 4, KC = kWarps * U;
    constexpr int LDX = NB;  // every lane of a warp reads one address: no conflict to pad away
    using S = Stage<T, NB, KC, F>;
    constexpr int XS = S::LEN, GPS = XS / KC;
    __shared__ __align__(16) T xs[S::BUFS * S::BUF];
    const Scalars<T> sc(p.alpha, p.beta, p.k);
    if (sc.nothing)
        return;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    // Shifts by lg = log2(teams), no division: a block's rows are its whole time
    // on short sums.
    constexpr bool TEAMS = (F & kTeams) != 0;
    const int teams = TEAMS ? p.teams : 1, lg = TEAMS ? __ffs(teams) - 1 : 0, team_warps = kWarps >> lg;
    const int team = warp >> (kLgWarps - lg), cw = warp & (team_warps - 1);  // cw: the warp's columns of a group
    const int64_t row_blocks = (ceil_div(p.rows, 32 * R) + teams - 1) >> lg;
    const int64_t rb = blockIdx.x % row_blocks, s = blockIdx.x / row_blocks;
    const int64_t r = ((rb << lg) + team) * 32 * R + int64_t(lane) * R;  // the team's rows, this lane's
    const int64_t c_begin = s * p.slice, c_end = min(p.cols, c_begin + p.slice);
    const int64_t n_groups = ceil_div(c_end - c_begin, KC);
    const T *M = static_cast<const T *>(p.M);
    const int64_t rows_left = p.rows - r;

    T acc[R][NB];
#pragma unroll
    for (int v = 0; v < R; ++v)
#pragma unroll
        for (int j = 0; j < NB; ++j)
            acc[v][j] = T(0);

    // Group gi's U columns of this lane's R rows (zero outside M).
    auto load_group = [&](int64_t gi, T(&a)[U][R]) {
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const int64_t c = c_begin + gi * KC + cw * U + u;
            if (gi < n_groups && c < c_end && rows_left > 0)
                load_run<T, R, VEC>(M + r + c * p.ld, rows_left, a[u]);
            else
#pragma unroll
                for (int v = 0; v < R; ++v)
                    a[u][v] = T(0);
        }
    };
    // acc += a (this lane's rows of the warp's U columns) times the vectors'
    // elements at those columns (xq: the stage's row of the first column).
    auto fma_group = [&](const T(&a)[U][R], const T *xq) {
#pragma unroll
        for (int u = 0; u < U; ++u) {
            T x[NB];
            load_smem<T, NB>(xq + u * LDX, x);
#pragma unroll
            for (int j = 0; j < NB; ++j)
#pragma unroll
                for (int v = 0; v < R; ++v)
                    acc[v][j] = fma(a[u][v], x[j], acc[v][j]);
        }
    };
    // The stage of columns [q0, ...): every row of its whole groups.
    auto fill_of = [&](int64_t q0) { return int(min(int64_t(XS), ceil_div(c_end - q0, KC) * KC)); };

    if (sc.use_ab && n_groups > 0) {
        if constexpr (PIPE) {
            stage_vectors<T, NB, LDX, 1, true>(p, c_begin, fill_of(c_begin), c_end, xs);
            cp_async_commit();
            T a[U][R];
            load_group(0, a);
            for (int64_t gi = 0; gi < n_groups; ++gi) {
                const int64_t st = gi / GPS;
                const int in = int(gi - st * GPS);
                if (in == 0) {
                    const int64_t q1 = c_begin + (st + 1) * XS;
                    if (q1 < c_end)
                        stage_vectors<T, NB, LDX, 1, true>(p, q1, fill_of(q1), c_end, xs + ((st + 1) & 1) * S::BUF);
                    cp_async_commit();
                    cp_async_wait<1>();  // this thread's copies of stage st have landed
                    __syncthreads();     // and everyone's
                }
                T an[U][R];
                load_group(gi + 1, an);
                fma_group(a, xs + (st & 1) * S::BUF + (in * KC + cw * U) * LDX);
#pragma unroll
                for (int u = 0; u < U; ++u)
#pragma unroll
                    for (int v = 0; v < R; ++v)
                        a[u][v] = an[u][v];
                if (in == GPS - 1 || gi == n_groups - 1)
                    __syncthreads();  // stage st's buffer is free for stage st + 2
            }
        } else {
            for (int64_t q0 = c_begin; q0 < c_end; q0 += XS) {
                const int len = int(min(int64_t(XS), c_end - q0));
                __syncthreads();  // the previous stage is consumed
                stage_vectors<T, NB, LDX, 1, false>(p, q0, fill_of(q0), c_end, xs);
                __syncthreads();
                for (int g = 0; g < len; g += KC) {
                    T a[U][R];
                    load_group((q0 - c_begin + g) / KC, a);
                    fma_group(a, xs + (g + cw * U) * LDX);
                }
            }
        }
    }

    // The sums of a team's warps (the same rows), added in warp order
    // through shared memory, NB2 vectors at a time (xs is free once every
    // warp is here).
    constexpr int NB2 = NB < 8 ? NB : 8;
    static_assert(kWarps * 32 * R * NB2 <= S::BUFS * S::BUF, "the reduction fits the stage buffers");
    const int64_t out_len = p.rows;
    // Vectors j0 .. j0 + NB2 - 1 of the block's rows. TC: the teams, 1 (the
    // warps' eight sums unrolled, the divisions by constants), or 0 for
    // `teams` of them (2, 4 or 8: shifts by lt = lg).
    constexpr int RB = 32 * R;  // a team's rows
    const auto team_sums = [&](int j0, auto teams_c) {
        constexpr int TC = decltype(teams_c)::value;
        const int lt = TC == 1 ? 0 : lg, tw = TC == 1 ? kWarps : team_warps;
        for (int idx = threadIdx.x; idx < (NB2 * RB) << lt; idx += kThreads) {
            const int jj = (idx / RB) >> lt, tr = idx - ((jj * RB) << lt);  // tr: the block's row
            const int tm = TC == 1 ? 0 : tr / RB, rr = tr - tm * RB;
            const int64_t i = (rb << lt) * RB + tr;
            const int j = j0 + jj;
            if (i >= p.rows || j >= p.nv)
                continue;
            const T *w0 = xs + (tm * tw * NB2 + jj) * RB + rr;  // the team's first warp
            T sum = w0[0];
#pragma unroll
            for (int w = 1; w < kWarps; ++w)
                if (w < tw)
                    sum += w0[w * NB2 * RB];
            emit<T>(p, sc, s, out_len, j, i, sum);
        }
    };
#pragma unroll
    for (int j0 = 0; j0 < NB; j0 += NB2) {
        __syncthreads();
#pragma unroll
        for (int v = 0; v < R; ++v)
#pragma unroll
            for (int jj = 0; jj < NB2; ++jj)
                xs[((warp * NB2 + jj) * 32 * R) + lane * R + v] = acc[v][j0 + jj];
        __syncthreads();
        if constexpr (TEAMS)
            team_sums(j0, std::integral_constant<int, 0>{});
        else
            team_sums(j0, std::integral_constant<int, 1>{});
    }
}

// ---------------------------------------------------------------- stream-t
// Lane (g, pl) of a warp, g = lane / P, pl = lane % P: columns
// c0 + g*CT + t (t < CT) of the warp's G*CT, and in each step of P*V rows
// the V rows from pl*V. Block b, split s: kWarps*G*CT columns, rows
// [s*slice, min(rows, (s+1)*slice)); on fewer columns, its warps in row
// teams (row_teams). kPipe as stream-n: the next stage of the
// vectors by cp.async, the next step's loads of M before this step's FMAs.
template <typename T, int NB, bool VEC, int F>
__global__ void __launch_bounds__(kThreads, min_blocks(cols_per_lane(NB, int(sizeof(T)), F) * NB * int(sizeof(T)), F))
    stream_t(Params p)
{
    pdl_begin();  // before any load: device-mode scalars, the vectors, C
    constexpr bool PIPE = (F & kPipe) != 0;
    constexpr int V = 16 / int(sizeof(T)), P = kLanesPerCol, G = kGroups;
    constexpr int CT = cols_per_lane(NB, int(sizeof(T)), F);
    constexpr int STEP = P * V;
    // Vector-major stages (xs[j*XS + q]): lane pl reads V consecutive rows of
    // a vector in one 16-byte load, the P lanes of a group 16 bytes apart
    // (conflict-free), the G groups of a warp the same address.
    using S = Stage<T, NB, STEP, F>;
    constexpr int XS = S::LEN, SPS = XS / STEP;
    __shared__ __align__(16) T xs[S::BUFS * S::BUF];
    const Scalars<T> sc(p.alpha, p.beta, p.k);
    if (sc.nothing)
        return;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int g = lane / P, pl = lane % P;
    const int teams = p.teams, lg = __ffs(teams) - 1, team_warps = kWarps >> lg;
    const int team = warp >> (kLgWarps - lg), cw = warp & (team_warps - 1);  // cw: the warp's place along the columns
    constexpr int64_t kBlockCols = int64_t(kWarps) * G * CT;
    const int64_t col_blocks = ceil_div(p.cols, kBlockCols);
    const int64_t cb = blockIdx.x % col_blocks, s = blockIdx.x / col_blocks;
    const int64_t c0 = cb * kBlockCols + (int64_t(cw) * G + g) * CT;
    const int64_t q_begin = s * p.slice, q_end = min(p.rows, q_begin + p.slice);
    const int64_t n_steps = ceil_div(q_end - q_begin, STEP);
    const T *M = static_cast<const T *>(p.M);

    T acc[CT][NB];
#pragma unroll
    for (int t = 0; t < CT; ++t)
#pragma unroll
        for (int j = 0; j < NB; ++j)
            acc[t][j] = T(0);

    // Step i's V rows of this lane's CT columns (zero outside M).
    auto load_step = [&](int64_t i, T(&a)[CT][V]) {
        const int64_t q = q_begin + i * STEP + pl * V;
#pragma unroll
        for (int t = 0; t < CT; ++t) {
            if (i < n_steps && c0 + t < p.cols && q < q_end)
                load_run<T, V, VEC>(M + q + (c0 + t) * p.ld, q_end - q, a[t]);
            else
#pragma unroll
                for (int v = 0; v < V; ++v)
                    a[t][v] = T(0);
        }
    };
    // acc += a times the vectors' rows of this step (xq: row pl*V of the
    // step in vector 0 of the stage).
    auto fma_step = [&](const T(&a)[CT][V], const T *xq) {
#pragma unroll
        for (int j = 0; j < NB; ++j) {
            T x[V];
            load_smem<T, V>(xq + j * XS, x);
#pragma unroll
            for (int v = 0; v < V; ++v)
#pragma unroll
                for (int t = 0; t < CT; ++t)
                    acc[t][j] = fma(a[t][v], x[v], acc[t][j]);
        }
    };
    auto fill_of = [&](int64_t q0) { return int(min(int64_t(XS), ceil_div(q_end - q0, STEP) * STEP)); };

    if (sc.use_ab && n_steps > 0) {
        if constexpr (PIPE) {
            stage_vectors<T, NB, 1, XS, true>(p, q_begin, fill_of(q_begin), q_end, xs);
            cp_async_commit();
            T a[CT][V];
            load_step(0, a);
            for (int64_t i = 0; i < n_steps; ++i) {
                const int64_t st = i / SPS;
                const int in = int(i - st * SPS);
                if (in == 0) {
                    const int64_t q1 = q_begin + (st + 1) * XS;
                    if (q1 < q_end)
                        stage_vectors<T, NB, 1, XS, true>(p, q1, fill_of(q1), q_end, xs + ((st + 1) & 1) * S::BUF);
                    cp_async_commit();
                    cp_async_wait<1>();
                    __syncthreads();
                }
                T an[CT][V];
                load_step(i + 1, an);
                fma_step(a, xs + (st & 1) * S::BUF + in * STEP + pl * V);
#pragma unroll
                for (int t = 0; t < CT; ++t)
#pragma unroll
                    for (int v = 0; v < V; ++v)
                        a[t][v] = an[t][v];
                if (in == SPS - 1 || i == n_steps - 1)
                    __syncthreads();
            }
        } else {
            for (int64_t q0 = q_begin; q0 < q_end; q0 += XS) {
                const int len = int(min(int64_t(XS), q_end - q0));
                __syncthreads();
                stage_vectors<T, NB, 1, XS, false>(p, q0, fill_of(q0), q_end, xs);
                __syncthreads();
                for (int d = team * STEP + pl * V; d < len; d += teams * STEP) {
                    T a[CT][V];
                    load_step((q0 - q_begin + d - pl * V) / STEP, a);
                    fma_step(a, xs + d);
                }
            }
        }
    }

    // The P lanes of a column group: a reduce-scatter of the group's CT x NB
    // sums (K of them, flat index t*NB + j). In each round (partner lane
    // pl ^ o, o = P/2, ..., 1) a lane keeps the half of its values that its
    // bit o of pl picks (the upper half where it is set) and adds the
    // partner's copy of that half, which the partner sends from its other
    // half: K/2 + K/4 + ... + K/P shuffles (56 for K = 64) where a butterfly
    // of every value took K log2(P) (192), and lane pl ends with the totals
    // of flat indices [pl K/P, (pl + 1) K/P), the ones it writes. The order
    // of the additions depends only on the lanes: deterministic.
    constexpr int K = CT * NB, KP = K / P;
    static_assert(K % P == 0 && (P & (P - 1)) == 0, "the reduce-scatter halves K down to K / P");
    T v[K];
#pragma unroll
    for (int t = 0; t < CT; ++t)
#pragma unroll
        for (int j = 0; j < NB; ++j)
            v[t * NB + j] = acc[t][j];
    constexpr int kRounds = P == 8 ? 3 : P == 4 ? 2 : P == 2 ? 1 : 0;
    static_assert((1 << kRounds) == P, "P is 2, 4 or 8");
#pragma unroll
    for (int r = 0; r < kRounds; ++r) {
        const int o = P >> 1 >> r, h = K >> 1 >> r;
        const bool upper = (pl & o) != 0;
#pragma unroll
        for (int i = 0; i < K / 2; ++i)
            if (i < h) {
                const T send = upper ? v[i] : v[i + h];
                const T keep = upper ? v[i + h] : v[i];
                v[i] = keep + __shfl_xor_sync(0xffffffffu, send, o);
            }
    }
    // The teams' totals of the same columns, added in team order (team 0's
    // lanes write them). Thread x's value i at xs[i * kThreads + x]:
    // consecutive lanes, consecutive words.
    static_assert(KP * kThreads <= S::BUFS * S::BUF, "the teams' totals fit the stage buffers");
    if (teams > 1) {
        __syncthreads();  // every warp is done with the stage
#pragma unroll
        for (int i = 0; i < KP; ++i)
            xs[i * kThreads + threadIdx.x] = v[i];
        __syncthreads();
        if (team > 0)
            return;
        for (int t = 1; t < teams; ++t)
#pragma unroll
            for (int i = 0; i < KP; ++i)
                v[i] += xs[i * kThreads + (t * team_warps + cw) * 32 + lane];
    }
    const int64_t out_len = p.cols;
#pragma unroll
    for (int i = 0; i < KP; ++i) {
        const int f = pl * KP + i, t = f / NB, j = f % NB;
        const int64_t c = c0 + t;
        if (c < p.cols && j < p.nv)
            emit<T>(p, sc, s, out_len, j, c, v[i]);
    }
}

// ---------------------------------------------------------------- splits
// out_j[i] = alpha * sum_s partial[s][j][i] + beta * out_j[i]: a group of
// lanes per output, the splits added in a fixed order (grid_group_sums,
// warp.cuh).
template <typename T>
__global__ void __launch_bounds__(kThreads) reduce_splits(Params p, int64_t out_len)
{
    pdl_begin();  // the partial sums are the kernel before's
    const Scalars<T> sc(p.alpha, p.beta, p.k);
    if (sc.nothing)
        return;
    grid_group_sums(static_cast<const T *>(p.partial), out_len * p.nv, p.splits, int64_t(p.nv) * out_len,
                    lanes_per_sum(p.splits), [&](int64_t idx, T sum) {
                        const int j = int(idx / out_len);
                        const int64_t i = idx - int64_t(j) * out_len;
                        T *o = static_cast<T *>(p.O) + i * p.oe + int64_t(j) * p.ov;
                        *o = sc.out(sum, o);
                    });
}


// ---------------------------------------------------------------- host
// The split of the summed dimension (sum_len, in units of `unit`) for
// out_blocks blocks: the slices that fill the GPU's waves best
// (wave_splits, core/waves.h), none shorter than one of the kernel's steps
// (unit) or 8 nv elements, and their partial sums within the workspace.
// The second bound keeps the partial sums (S nv out_len elements, written
// and read once more) within 1/8 of the big operand's elements (sum_len
// out_len); a block's chain is then a few steps where few blocks take a
// long sum (6 x 7 x 1142 float: 2 slices of 18 steps before, at a fixed
// 512-element minimum, 1.8x cuBLAS's time; 18 slices of 2 steps, 0.74x).
// A split pays only where it shortens the chain of steps (steps times
// waves) by more than its finish costs: the second kernel took about as
// long as kFinishSteps steps of a small grid (446 x 2 x 76 float on an
// H100: one slice of 3 steps in 4.6 us, two of 2 steps and the finish in
// 6.9 us; a step of a small grid is 0.3-1 us, the finish 3-4 us).
constexpr int64_t kFinishSteps = 4;

inline void plan_splits(Params &p, const mv_gemm_args *g, int64_t out_blocks, int64_t out_len, int64_t sum_len,
                        int64_t unit, int64_t wave, size_t elem)
{
    const int64_t per_split = int64_t(p.nv) * out_len * int64_t(elem);
    const int64_t by_ws = g->split_ws && per_split > 0 ? int64_t(g->split_ws_bytes) / per_split : 1;
    const int64_t min_slice = std::max(unit, 8 * int64_t(p.nv));
    int64_t S = wave_splits(out_blocks, wave, std::min(sum_len / min_slice, by_ws));
    const auto steps_of = [&](int64_t s) {  // a block's steps times the waves
        return ceil_div(ceil_div(sum_len, s), unit) * ceil_div(out_blocks * s, wave);
    };
    if (S > 1 && steps_of(S) + kFinishSteps >= steps_of(1))
        S = 1;
    p.slice = ceil_div(ceil_div(sum_len, S), unit) * unit;
    p.splits = ceil_div(sum_len, p.slice);
    p.partial = p.splits > 1 ? g->split_ws : nullptr;
}

// M's loads of R elements need ld a multiple of R and M aligned to R*T.
template <typename T>
bool aligned_loads(const Params &p, int R)
{
    return p.ld % R == 0 && (reinterpret_cast<uintptr_t>(p.M) % (uintptr_t(R) * sizeof(T))) == 0;
}

// How a block of kernel (stream-n or stream-t, NB vectors, form F) walks
// the call: its blocks along the outputs, the outputs' length, and the unit
// of the summed dimension (a step: the block's loads of one round); fills
// p's split (plan_splits), the kernel it launches and the blocks of that
// kernel the GPU runs at once (a wave).
struct Plan {
    int64_t out_blocks, out_len, unit, wave;
    bool vec;
    void (*kernel)(Params);
};

// The kernel's blocks per SM times the call's SMs.
template <auto Kernel>
int64_t wave_of(const mv_gemm_args *g)
{
    return mv_gemm_sm_count(g) * int64_t(blocks_per_sm<Kernel, kThreads>());
}

// q launches Kernel: its wave is Kernel's (the row-teams instances' can
// differ from the one-team ones': float stream-n of 2 vectors, 16-byte
// loads, runs 4 blocks an SM in one team and 3 in teams).
template <auto Kernel>
void plan_kernel(Plan &q, const mv_gemm_args *g)
{
    q.kernel = Kernel;
    q.wave = wave_of<Kernel>(g);
}

template <typename T, int NB, int F>
Plan plan_nb(Params &p, bool stream_t_kernel, const mv_gemm_args *g)
{
    Plan q{};
    if (!stream_t_kernel) {
        constexpr int R = rows_per_lane<T>(NB, F);
        q.vec = aligned_loads<T>(p, R);
        q.vec ? plan_kernel<stream_n<T, NB, true, F>>(q, g) : plan_kernel<stream_n<T, NB, false, F>>(q, g);
        q.out_len = p.rows;
        p.teams = row_teams(p.cols, 4, F);  // 1 in the pipelined forms
        if constexpr ((F & kPipe) == 0) {
            if (p.teams > 1) {
                Plan t{};
                q.vec ? plan_kernel<stream_n<T, NB, true, F | kTeams>>(t, g)
                      : plan_kernel<stream_n<T, NB, false, F | kTeams>>(t, g);
                while (p.teams > 1 && ceil_div(p.rows, int64_t(32 * R) * p.teams) < t.wave)
                    p.teams /= 2;
                if (p.teams > 1)
                    q.kernel = t.kernel, q.wave = t.wave;
            }
        }
        q.out_blocks = ceil_div(p.rows, int64_t(32 * R) * p.teams);
        q.unit = kWarps * 4;
        plan_splits(p, g, q.out_blocks, q.out_len, p.cols, q.unit, q.wave, sizeof(T));
    } else {
        constexpr int V = 16 / int(sizeof(T));
        q.vec = aligned_loads<T>(p, V);
        q.vec ? plan_kernel<stream_t<T, NB, true, F>>(q, g) : plan_kernel<stream_t<T, NB, false, F>>(q, g);
        q.out_len = p.cols;
        constexpr int CT = cols_per_lane(NB, int(sizeof(T)), F);
        q.out_blocks = ceil_div(p.cols, int64_t(kWarps) * kGroups * CT);
        p.teams = row_teams(p.cols, kGroups * CT, F);
        q.unit = kLanesPerCol * V * p.teams;  // a round of the block's teams
        plan_splits(p, g, q.out_blocks, q.out_len, p.rows, q.unit, q.wave, sizeof(T));
    }
    return q;
}

template <typename T, int NB, int F>
cudaError_t launch_nb(Params p, bool stream_t_kernel, const mv_gemm_args *g)
{
    const Plan q = plan_nb<T, NB, F>(p, stream_t_kernel, g);
    if (q.out_blocks * p.splits > kMaxGridX)  // one block per index, no grid-stride loop: ~2^36 rows
        return cudaErrorInvalidConfiguration;
    const unsigned grid = unsigned(q.out_blocks * p.splits);
    // Both as programmatic dependent launches (g->pdl): each one's launch
    // overlaps the end of the kernel before it (the GEMV path's measure:
    // the gap between dependent kernels from ~1.9 to ~0.7 us).
    cudaError_t err = launch_pdl(g->stream, g->pdl != 0, q.kernel, dim3(grid), kThreads, p);
    if (err != cudaSuccess || p.splits <= 1)
        return err;
    const int64_t blocks =
        std::min(ceil_div(q.out_len * p.nv * lanes_per_sum(p.splits), kThreads), mv_gemm_sm_count(g) * 16);
    return launch_pdl(g->stream, g->pdl != 0, reduce_splits<T>, dim3(unsigned(blocks)), kThreads, p, q.out_len);
}

// The problem of a call with n <= 32 (the vectors are C's columns) or
// m <= 32 (C's rows: C^T = op(B)^T op(A)^T), k >= 1, as the kernels see it
// (both: the side of mv_gemm_narrow_cols); *stream_t_kernel tells which
// kernel takes it.
inline Params make_params(const mv_gemm_args *g, bool *stream_t_kernel)
{
    Params p{};
    if (mv_gemm_narrow_cols(g->m, g->n)) {  // out_j = op(A) * column j of op(B)
        p.nv = int(g->n);
        p.M = g->A;
        p.ld = g->lda;
        *stream_t_kernel = g->transa != 0;
        p.rows = *stream_t_kernel ? g->k : g->m;
        p.cols = *stream_t_kernel ? g->m : g->k;
        p.X = g->B;
        p.xe = g->transb ? g->ldb : 1;
        p.xv = g->transb ? 1 : g->ldb;
        p.oe = 1;
        p.ov = g->ldc;
    } else {  // out_i = op(B)^T * row i of op(A), into row i of C
        p.nv = int(g->m);
        p.M = g->B;
        p.ld = g->ldb;
        *stream_t_kernel = g->transb == 0;
        p.rows = *stream_t_kernel ? g->k : g->n;
        p.cols = *stream_t_kernel ? g->n : g->k;
        p.X = g->A;
        p.xe = g->transa ? 1 : g->lda;
        p.xv = g->transa ? g->lda : 1;
        p.oe = g->ldc;
        p.ov = 1;
    }
    p.O = g->C;
    p.k = g->k;
    p.alpha = g->alpha;
    p.beta = g->beta;
    return p;
}

// f(std::integral_constant<int, NB>) for the smallest NB of the kernels'
// (2, 4, 8, 16, 32) that holds nv vectors.
template <typename Fn>
auto with_nb(int nv, Fn &&f)
{
    switch (mv_gemm_narrow_nb(nv)) {  // the rounding the dispatch and the rule share
    case 2: return f(std::integral_constant<int, 2>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 8: return f(std::integral_constant<int, 8>{});
    case 16: return f(std::integral_constant<int, 16>{});
    default: return f(std::integral_constant<int, 32>{});
    }
}

// C = alpha*op(A)*op(B) + beta*C on the narrow kernels in form F (kPipe,
// kOcc: the default path's and the narrow-* variants').
template <typename T, int F>
cudaError_t launch(const mv_gemm_args *g)
{
    bool t_kernel;
    const Params p = make_params(g, &t_kernel);
    return with_nb(p.nv, [&](auto nb) { return launch_nb<T, decltype(nb)::value, F>(p, t_kernel, g); });
}

// The chain of one block of the default form for a call (launches nothing):
// which kernel, its NB and row teams, the steps of the block's slice of the
// summed dimension, the slices and the grid's waves (gemm_blas.c's model
// weighs it against cuBLAS).
template <typename T>
mv_gemm_narrow_chain chain(const mv_gemm_args *g)
{
    bool t_kernel;
    Params p = make_params(g, &t_kernel);
    return with_nb(p.nv, [&](auto nb) {
        const Plan q = plan_nb<T, decltype(nb)::value, kDefaultForm>(p, t_kernel, g);
        return mv_gemm_narrow_chain{int(t_kernel), decltype(nb)::value, p.teams,
                                    p.slice / q.unit, p.splits, ceil_div(q.out_blocks * p.splits, q.wave)};
    });
}

}  // namespace narrow
}  // namespace gemm
}  // namespace mv
