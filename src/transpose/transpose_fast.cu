// The default transpose paths, what mv_?transpose and mv_?transpose_inplace
// run (variant `default`).
//
// Napkin math. A transpose reads every byte of A once and writes every byte
// of B once: it moves 2 x m*n*sizeof(T) bytes, exactly like a
// device-to-device copy, so the copy bandwidth (~4.2 TB/s read + write on an
// H200) is the ceiling. Reaching it needs
//   - full 128-byte lines on both sides: reads run down the columns of A and
//     writes down the columns of B, so a tile is staged in shared memory and
//     read back across;
//   - enough bytes in flight: Little's law, ~4.2 TB/s x ~0.8 us of DRAM
//     latency over 132 SMs is ~25 KB per SM. A 256-thread block issues all of
//     its loads (a whole 64x64 tile: 16 KB float, 32 KB double) before it
//     stores anything, and registers allow 6 (float, 40 registers) or 4
//     (double, 64) blocks per SM: ~100-130 KB in flight;
//   - few instructions per byte: 16-byte loads and stores (float4, double2)
//     where A, B, lda and ldb allow it (pointers 16-byte aligned, leading
//     dimensions multiples of 4 floats or 2 doubles), 4- or 8-byte accesses
//     otherwise (V = 1, the same kernel);
//   - no shared-memory bank conflicts with 16-byte shared accesses, which
//     rules out the +1 padding (it breaks 16-byte alignment): an XOR swizzle
//     instead, below.
//
// Tile movement, for a tile of TILE x TILE elements whose first element is
// A(i0, j0), and V elements per vector (4 float or 2 double; 1 when the
// scalar fall-back runs, on 32 x 32 tiles):
//   load   thread block b (one or more per thread) is the V x V block of rows
//          V*q..V*q+V-1 and columns V*g..V*g+V-1, q = b % G, g = b / G,
//          G = TILE / V: V vector loads down V columns. Consecutive threads
//          take consecutive q: a warp reads 256-512 contiguous bytes of a
//          column per load.
//   stash  the V x V block is transposed in registers; row r of it is the
//          vector of B's column i0+V*q+r at rows j0+V*g.., stored at
//          s[V*q + r][g ^ q] (XOR swizzle of the vector column by q).
//   store  thread t writes vector v = t % G of B's column i0+ii, ii = t / G
//          + pass * (256 / G), read from s[ii][v ^ (ii / V)]; consecutive
//          threads write consecutive vectors of a column of B.
// Shared memory rows are TILE*sizeof(T) = 256 or 512 bytes, a multiple of
// the 128 bytes of the 32 banks, so only the vector column picks the bank.
// A 16-byte access is served in phases of 8 threads, an 8-byte one in
// phases of 16, a 4-byte one in phases of 32: S = 128 / (V*sizeof(T))
// threads per phase. In the stash the S threads of a phase have the same g
// and S consecutive q (G is a multiple of S), so g ^ q takes S different
// values modulo S; in the store they have the same ii and S consecutive v,
// so v ^ (ii / V) does too. Both sides are conflict-free, and the swizzle
// only permutes vector columns within 0..G-1 (G is a power of two).
//
// Tiles whose rows or columns run past m or n (the edges) take a guarded
// path: whole vectors inside the matrix still move as vectors, the rest
// element by element; all other tiles are unguarded vector code. Tiles are
// numbered down the columns of A (ti fastest): the ~800 blocks resident at
// once (6 per SM for float) read one contiguous stretch of A (6 tile
// columns, 12 MB at 8192^2 float) and write runs of ~6 x 256 bytes into
// each column of B, long enough for the DRAM pages.
//
// The configuration sweep (variants `tiled-*`, at the end of this file)
// runs the same kernel with other parameters (struct Config): the tile
// order (down A's columns, down B's columns, or in bands of 1024 rows of
// A), evict-first cache hints, a resident grid that issues the next tile's
// loads before the current tile's stores, and TI x TJ tiles (TI rows of A,
// TJ columns): the load side then uses G = GI = TI / V, the store side G =
// GJ = TJ / V, and the XOR key q (or ii / V) is folded below GJ when GI >
// GJ; both bank-phase arguments above hold as long as GI and GJ are
// multiples of S.
//
// In place (square n x n): tile (ti, tj), ti < tj, is paired with tile
// (tj, ti); one block loads both into shared memory (all loads before the
// barrier), then writes each one transposed into the other's place.
// Diagonal tiles are transposed within themselves. Every element belongs to
// exactly one pair, and a pair to exactly one block, so no element is read
// after another block wrote it. Two tiles must fit the 48 KB of static
// shared memory: 64 x 64 float (2 x 16 KB), 32 x 32 double (2 x 8 KB; 64 x 64
// would need 64 KB of opt-in dynamic shared memory) and 32 x 32 for the
// scalar fall-back. Same traffic as out of place: every byte read once and
// written once.
#include <cstdint>

#include "core/device.cuh"
#include "transpose/transpose_kernels.h"

namespace mv {
namespace {

constexpr int kThreads = 256;
// At most 2^20 blocks; a grid-stride loop over tiles covers larger matrices.
constexpr int64_t kMaxGrid = int64_t(1) << 20;

// A tile is TI rows x TJ columns of A (TJ rows x TI columns of B); the
// default and in-place paths use TI == TJ. GI and GJ are its vectors down a
// column of A and down a column of B.
template <typename T, int V, int TI, int TJ = TI>
struct Tile {
    using Vec = typename VecOf<T, V>::type;
    static constexpr int GI = TI / V;                   // vectors in a column of the tile (of A)
    static constexpr int GJ = TJ / V;                   // vectors in a row of the tile (a column of B)
    static constexpr int kBlocks = GI * GJ / kThreads;  // V x V blocks each thread moves
    static constexpr int kRowsPerPass = kThreads / GJ;  // columns of B written per pass
    static constexpr int kPasses = TI / kRowsPerPass;
    static constexpr int kPhase = 128 / int(sizeof(Vec));  // threads per shared-memory phase
    static_assert(sizeof(Vec) == V * sizeof(T), "a vector is V elements");
    static_assert(kThreads % GI == 0 && kThreads % GJ == 0 && (GI * GJ) % kThreads == 0,
                  "whole V x V blocks per thread");
    static_assert((GI & (GI - 1)) == 0 && (GJ & (GJ - 1)) == 0, "the XOR swizzle needs power-of-two GI, GJ");
    static_assert(GI % kPhase == 0 && GJ % kPhase == 0, "a bank phase lies within one tile row or column");

    // The XOR key of vector row group x (0 <= x < GI) of the stash: x
    // itself, folded below GJ when the tile has more row groups than
    // vector columns (TI > TJ).
    __device__ static __forceinline__ int key(int x)
    {
        if constexpr (GI > GJ)
            return x & (GJ - 1);
        else
            return x;
    }
};

template <typename T, int V>
__device__ __forceinline__ T &lane(typename VecOf<T, V>::type &v, int k)
{
    return reinterpret_cast<T *>(&v)[k];
}

template <typename T, int V>
__device__ __forceinline__ T lane(const typename VecOf<T, V>::type &v, int k)
{
    return reinterpret_cast<const T *>(&v)[k];
}

// How A is read: in place it is written too (plain loads); out of place
// it is read-only for the whole kernel (the non-coherent path, __ldg) or,
// in the streaming configurations, read once with evict-first (__ldcs).
enum class Read { kPlain, kReadOnly, kStreaming };

template <typename U, Read kRead>
__device__ __forceinline__ U load(const U *p)
{
    if constexpr (kRead == Read::kReadOnly)
        return __ldg(p);
    else if constexpr (kRead == Read::kStreaming)
        return __ldcs(p);
    else
        return *p;
}

// B is written once and never read back by the kernel: evict-first
// (__stcs) in the streaming configurations, plain stores otherwise.
template <typename U, bool kStreaming>
__device__ __forceinline__ void store(U *p, const U &v)
{
    if constexpr (kStreaming)
        __stcs(p, v);
    else
        *p = v;
}

// The tile at A(i0, j0) into registers: a[p][c] holds rows V*q..V*q+V-1 of
// column V*g+c of the tile, q = t % GI and g = t / GI + p * 256 / GI for
// thread t (the V x V blocks t, t + 256, ... of the header comment).
template <typename T, int V, int TI, int TJ, Read kRead>
__device__ __forceinline__ void load_tile(const T *A, int64_t lda, int64_t m, int64_t n, int64_t i0, int64_t j0,
                                          bool full,
                                          typename Tile<T, V, TI, TJ>::Vec (&a)[Tile<T, V, TI, TJ>::kBlocks][V])
{
    using L = Tile<T, V, TI, TJ>;
    using Vec = typename L::Vec;
    constexpr int kColStep = kThreads / L::GI * V;  // tile columns between a thread's blocks
    const int q = threadIdx.x % L::GI, g0 = threadIdx.x / L::GI;
    const T *base = A + (i0 + V * q) + (j0 + V * g0) * lda;
    if (full) {
#pragma unroll
        for (int p = 0; p < L::kBlocks; ++p)
#pragma unroll
            for (int c = 0; c < V; ++c)
                a[p][c] = load<Vec, kRead>(reinterpret_cast<const Vec *>(base + int64_t(p * kColStep + c) * lda));
    } else {
        // Rows and columns of the matrix left from this thread's first
        // element. Whole vectors inside the matrix are still loaded whole
        // (they are aligned as in a full tile), the rest element by element.
        const int64_t rows_left = m - (i0 + V * q), cols_left = n - (j0 + V * g0);
#pragma unroll
        for (int p = 0; p < L::kBlocks; ++p)
#pragma unroll
            for (int c = 0; c < V; ++c) {
                const T *src = base + int64_t(p * kColStep + c) * lda;
                const bool col_in = p * kColStep + c < cols_left;
                if (col_in && rows_left >= V) {
                    a[p][c] = load<Vec, kRead>(reinterpret_cast<const Vec *>(src));
                } else {
#pragma unroll
                    for (int r = 0; r < V; ++r)
                        lane<T, V>(a[p][c], r) = col_in && r < rows_left ? load<T, kRead>(src + r) : T(0);
                }
            }
    }
}

// Transposes each V x V block in registers and stores its rows, which are
// vectors of B, at s[V*q + r][g ^ key(q)].
template <typename T, int V, int TI, int TJ>
__device__ __forceinline__ void stash(const typename Tile<T, V, TI, TJ>::Vec (&a)[Tile<T, V, TI, TJ>::kBlocks][V],
                                      typename Tile<T, V, TI, TJ>::Vec (*s)[Tile<T, V, TI, TJ>::GJ])
{
    using L = Tile<T, V, TI, TJ>;
#pragma unroll
    for (int p = 0; p < L::kBlocks; ++p) {
        const int b = threadIdx.x + kThreads * p;
        const int q = b % L::GI, g = b / L::GI;
#pragma unroll
        for (int r = 0; r < V; ++r) {
            typename L::Vec out;
#pragma unroll
            for (int c = 0; c < V; ++c)
                lane<T, V>(out, c) = lane<T, V>(a[p][c], r);
            s[V * q + r][g ^ L::key(q)] = out;
        }
    }
}

// Writes the stashed tile (input tile at A(i0, j0)) as B(j0.., i0..): rows
// j0..j0+TJ-1 of columns i0..i0+TI-1 of B, those below m columns and n
// rows only. Thread t writes vector v = t % GJ of columns ii = t / GJ +
// pass * 256 / GJ.
template <typename T, int V, int TI, int TJ, bool kStreaming>
__device__ __forceinline__ void store_tile(const typename Tile<T, V, TI, TJ>::Vec (*s)[Tile<T, V, TI, TJ>::GJ], T *B,
                                           int64_t ldb, int64_t m, int64_t n, int64_t i0, int64_t j0, bool full)
{
    using L = Tile<T, V, TI, TJ>;
    using Vec = typename L::Vec;
    const int v = threadIdx.x % L::GJ, ii0 = threadIdx.x / L::GJ;
    T *base = B + (j0 + V * v) + (i0 + ii0) * ldb;
    if (full) {
#pragma unroll
        for (int pass = 0; pass < L::kPasses; ++pass) {
            const int ii = ii0 + L::kRowsPerPass * pass;
            store<Vec, kStreaming>(reinterpret_cast<Vec *>(base + int64_t(L::kRowsPerPass * pass) * ldb),
                                   s[ii][v ^ L::key(ii / V)]);
        }
    } else {
        const int64_t rows_left = n - (j0 + V * v), cols_left = m - (i0 + ii0);
#pragma unroll
        for (int pass = 0; pass < L::kPasses; ++pass) {
            const int ii = ii0 + L::kRowsPerPass * pass;
            if (L::kRowsPerPass * pass < cols_left) {
                const Vec w = s[ii][v ^ L::key(ii / V)];
                T *dst = base + int64_t(L::kRowsPerPass * pass) * ldb;
                if (rows_left >= V) {
                    store<Vec, kStreaming>(reinterpret_cast<Vec *>(dst), w);
                } else {
#pragma unroll
                    for (int c = 0; c < V; ++c)
                        if (c < rows_left)
                            store<T, kStreaming>(dst + c, lane<T, V>(w, c));
                }
            }
        }
    }
}

// The order in which tiles are numbered, hence which tiles the ~800
// resident blocks (a "wave") work on together:
//   kAColumns  down A's columns (ti fastest): a wave reads one contiguous
//              stretch of A and writes short runs (waves / tiles_i tiles)
//              into every column of B;
//   kBColumns  down B's columns (tj fastest): the mirror image, B written
//              as one stretch, short runs in every column of A;
//   kBands     A cut into bands of kBandRows rows, tiles numbered down A's
//              columns within a band and band after band: a wave covers
//              kBandRows rows x (wave / band) columns of A, so runs of
//              kBandRows elements in each column of A it reads and of
//              (wave tiles / band tiles) x TJ elements in each of the
//              kBandRows columns of B it writes.
enum class Order { kAColumns, kBColumns, kBands };
constexpr int64_t kBandRows = 1024;

// One configuration of the out-of-place kernel. kPipelined: a resident
// grid (blocks per SM x SMs) loops over the tiles, and each block issues
// the loads of its next tile before it writes the current one from shared
// memory, so loads are in flight while the block stores.
template <int TI_, int TJ_, Order kOrder_, bool kStreaming_, bool kPipelined_>
struct Config {
    static constexpr int TI = TI_, TJ = TJ_;
    static constexpr Order kOrder = kOrder_;
    static constexpr bool kStreaming = kStreaming_, kPipelined = kPipelined_;
};

// The scalar fall-back (V = 1) of configuration C: 32 x 32 tiles, the rest
// as C.
template <typename C>
using ScalarOf = Config<32, 32, C::kOrder, C::kStreaming, C::kPipelined>;

template <typename C>
__device__ __forceinline__ void tile_origin(int64_t t, int64_t tiles_i, int64_t tiles_j, int64_t &i0, int64_t &j0)
{
    int64_t ti, tj;
    if constexpr (C::kOrder == Order::kAColumns) {
        ti = t % tiles_i;
        tj = t / tiles_i;
    } else if constexpr (C::kOrder == Order::kBColumns) {
        ti = t / tiles_j;
        tj = t % tiles_j;
    } else {
        // Band b holds tile rows b*H..b*H+h-1 (h = H but in the last band),
        // h * tiles_j tiles numbered down A's columns.
        constexpr int64_t H = kBandRows / C::TI;
        const int64_t band = t / (H * tiles_j), k = t - band * H * tiles_j;
        const int64_t h = tiles_i - band * H < H ? tiles_i - band * H : H;
        ti = band * H + k % h;
        tj = k / h;
    }
    i0 = ti * C::TI;
    j0 = tj * C::TJ;
}

// Blocks per SM that the registers must allow: the default's occupancy
// (float4: 40 registers, 6 blocks; double2: 64, 4), so that a
// configuration that asks for more registers (pipelined, streaming) does
// not lose bytes in flight to a lower occupancy; the scalar fall-back has
// no bound.
template <typename T, int V>
constexpr int kMinBlocks = V == 1 ? 1 : sizeof(T) == 4 ? 6 : 4;

template <typename T, int V, typename C>
__global__ void __launch_bounds__(kThreads, kMinBlocks<T, V>)
transpose_tiles(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, T *__restrict__ B, int64_t ldb,
                int64_t tiles_i, int64_t tiles_j, int64_t tiles)
{
    using L = Tile<T, V, C::TI, C::TJ>;
    constexpr Read kRead = C::kStreaming ? Read::kStreaming : Read::kReadOnly;
    __shared__ typename L::Vec s[C::TI][L::GJ];
    if constexpr (!C::kPipelined) {
        for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
            int64_t i0, j0;
            tile_origin<C>(t, tiles_i, tiles_j, i0, j0);
            const bool full = i0 + C::TI <= m && j0 + C::TJ <= n;
            typename L::Vec a[L::kBlocks][V];
            load_tile<T, V, C::TI, C::TJ, kRead>(A, lda, m, n, i0, j0, full, a);
            stash<T, V, C::TI, C::TJ>(a, s);
            __syncthreads();
            store_tile<T, V, C::TI, C::TJ, C::kStreaming>(s, B, ldb, m, n, i0, j0, full);
            __syncthreads();  // s is refilled by the next tile
        }
    } else {
        // The next tile's loads go out between the barrier and the stores
        // of the current one (its registers are free once stashed).
        int64_t t = blockIdx.x;
        if (t >= tiles)
            return;
        int64_t i0, j0;
        tile_origin<C>(t, tiles_i, tiles_j, i0, j0);
        bool full = i0 + C::TI <= m && j0 + C::TJ <= n;
        typename L::Vec a[L::kBlocks][V];
        load_tile<T, V, C::TI, C::TJ, kRead>(A, lda, m, n, i0, j0, full, a);
        for (;;) {
            stash<T, V, C::TI, C::TJ>(a, s);
            __syncthreads();
            const int64_t next = t + gridDim.x;
            int64_t i1 = 0, j1 = 0;
            bool full1 = false;
            if (next < tiles) {
                tile_origin<C>(next, tiles_i, tiles_j, i1, j1);
                full1 = i1 + C::TI <= m && j1 + C::TJ <= n;
                load_tile<T, V, C::TI, C::TJ, kRead>(A, lda, m, n, i1, j1, full1, a);
            }
            store_tile<T, V, C::TI, C::TJ, C::kStreaming>(s, B, ldb, m, n, i0, j0, full);
            if (next >= tiles)
                break;
            __syncthreads();  // s is refilled by the next tile
            t = next;
            i0 = i1;
            j0 = j1;
            full = full1;
        }
    }
}

// Pair p = tj*(tj+1)/2 + ti, 0 <= ti <= tj: tile X at A(ti*TILE, tj*TILE)
// and its mirror Y at A(tj*TILE, ti*TILE) (the same tile when ti == tj).
template <typename T, int V, int TILE>
__global__ void __launch_bounds__(kThreads)
transpose_pairs(int64_t n, T *A, int64_t lda, int64_t pairs)
{
    using L = Tile<T, V, TILE>;
    __shared__ typename L::Vec sx[TILE][L::GJ], sy[TILE][L::GJ];
    for (int64_t p = blockIdx.x; p < pairs; p += gridDim.x) {
        // The row of the triangle: a double estimate (8p+1 < 2^53 is exact),
        // then corrected in integers.
        int64_t tj = int64_t((sqrt(8.0 * double(p) + 1.0) - 1.0) * 0.5);
        while (tj > 0 && tj * (tj + 1) / 2 > p)
            --tj;
        while ((tj + 1) * (tj + 2) / 2 <= p)
            ++tj;
        const int64_t ti = p - tj * (tj + 1) / 2;
        const int64_t r0 = ti * TILE, c0 = tj * TILE;  // X = A(r0.., c0..), Y = A(c0.., r0..)
        const bool diagonal = ti == tj;
        const bool full = c0 + TILE <= n;  // r0 <= c0: both tiles are whole or both are edges
        typename L::Vec x[L::kBlocks][V], y[L::kBlocks][V];
        load_tile<T, V, TILE, TILE, Read::kPlain>(A, lda, n, n, r0, c0, full, x);
        if (!diagonal)
            load_tile<T, V, TILE, TILE, Read::kPlain>(A, lda, n, n, c0, r0, full, y);
        stash<T, V, TILE, TILE>(x, sx);
        if (!diagonal)
            stash<T, V, TILE, TILE>(y, sy);
        __syncthreads();
        store_tile<T, V, TILE, TILE, false>(sx, A, lda, n, n, r0, c0, full);  // X^T into Y's place
        if (!diagonal)
            store_tile<T, V, TILE, TILE, false>(sy, A, lda, n, n, c0, r0, full);  // Y^T into X's place
        __syncthreads();
    }
}

inline unsigned grid_for(int64_t work)
{
    return unsigned(work < kMaxGrid ? work : kMaxGrid);
}

// 16-byte vectors need a 16-byte aligned pointer and a leading dimension
// that keeps every column start aligned.
template <typename T>
bool vectors_fit(const void *p, int64_t ld)
{
    constexpr int V = 16 / sizeof(T);
    return reinterpret_cast<uintptr_t>(p) % 16 == 0 && ld % V == 0;
}

// One launch of configuration C with V-element vectors. Non-pipelined: one
// block per tile (capped at 2^20 blocks, then a grid-stride loop).
// Pipelined: as many blocks as are resident at once (the occupancy of this
// kernel x the handle's SMs), each looping over tiles.
template <typename T, int V, typename C>
cudaError_t launch_tiles(const mv_transpose_args &a)
{
    const int64_t tiles_i = (a.m + C::TI - 1) / C::TI, tiles_j = (a.n + C::TJ - 1) / C::TJ;
    const int64_t tiles = tiles_i * tiles_j;
    int64_t grid = tiles;
    if constexpr (C::kPipelined) {
        int per_sm = 0;
        const cudaError_t e =
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_tiles<T, V, C>, kThreads, 0);
        if (e != cudaSuccess)
            return e;
        const int64_t resident = int64_t(per_sm > 1 ? per_sm : 1) * (a.sm_count > 1 ? a.sm_count : 1);
        grid = resident < tiles ? resident : tiles;
    }
    transpose_tiles<T, V, C><<<grid_for(grid), kThreads, 0, a.stream>>>(
        a.m, a.n, static_cast<const T *>(a.A), a.lda, static_cast<T *>(a.B), a.ldb, tiles_i, tiles_j, tiles);
    return cudaGetLastError();
}

// 16-byte vectors when both matrices allow them, else the scalar fall-back
// of C (32 x 32 tiles: 4 elements per thread, as the classic 32 x 8-thread
// transpose; 64 x 64 would give each thread 16 separate 64-bit addresses
// and over 100 registers, two blocks per SM).
template <typename T, typename C>
cudaError_t launch(const mv_transpose_args &a)
{
    constexpr int V = 16 / sizeof(T);
    return vectors_fit<T>(a.A, a.lda) && vectors_fit<T>(a.B, a.ldb) ? launch_tiles<T, V, C>(a)
                                                                     : launch_tiles<T, 1, ScalarOf<C>>(a);
}

template <typename C>
cudaError_t launch_config(mv_dtype dtype, const mv_transpose_args *a)
{
    return dtype == MV_DTYPE_S ? launch<float, C>(*a) : launch<double, C>(*a);
}

// The default out of place: 64 x 64 with 16-byte vectors, for both types:
// 16 elements (64 or 128 bytes) per thread in flight; tiles numbered down
// B's columns, so that a wave of resident blocks writes one contiguous
// stretch of B (whole 32-64 KB runs per column of B) and reads 6-8 runs of
// 256-512 bytes per column of A; one block per tile, plain stores. The
// configuration sweep (H200, 2026-11-22, docs/transpose.md) measured this
// order at 95.9% / 97.3% of the copy bandwidth for float 8192^2 / 16384^2
// where numbering down A's columns (`tiled-64x64-acols`) gave 93.3% / 94.9%:
// the write stream's DRAM page locality is what costs.
using DefaultConfig = Config<64, 64, Order::kBColumns, false, false>;

// The candidates of the configuration sweep (variants `tiled-*`, at the end
// of this file; docs/transpose.md has their napkin math).
using AColumns64 = Config<64, 64, Order::kAColumns, false, false>;
using Bands64 = Config<64, 64, Order::kBands, false, false>;
using Streaming64 = Config<64, 64, Order::kAColumns, true, false>;
using Pipelined64 = Config<64, 64, Order::kAColumns, false, true>;
using Bands32x128 = Config<32, 128, Order::kBands, false, false>;
using BandsPipelined64 = Config<64, 64, Order::kBands, false, true>;
using BandsPipelinedStreaming64 = Config<64, 64, Order::kBands, true, true>;

template <typename T, int V>
cudaError_t launch_pairs(const mv_transpose_args &a)
{
    // Two tiles in 48 KB of static shared memory: 64 x 64 float with
    // vectors (2 x 16 KB, 8 elements per thread per tile); 32 x 32 for
    // double (2 x 8 KB) and for the scalar fall-back (4 elements per thread
    // per tile, as out of place).
    constexpr int TILE = V > 1 && sizeof(T) == 4 ? 64 : 32;
    const int64_t tiles_n = (a.n + TILE - 1) / TILE;
    const int64_t pairs = tiles_n * (tiles_n + 1) / 2;
    transpose_pairs<T, V, TILE><<<grid_for(pairs), kThreads, 0, a.stream>>>(a.n, static_cast<T *>(a.B), a.ldb,
                                                                            pairs);
    return cudaGetLastError();
}

template <typename T>
cudaError_t launch_inplace(const mv_transpose_args &a)
{
    constexpr int V = 16 / sizeof(T);
    return vectors_fit<T>(a.B, a.ldb) ? launch_pairs<T, V>(a) : launch_pairs<T, 1>(a);
}

cudaError_t launch_any(mv_dtype dtype, const mv_transpose_args *a)
{
    return launch_config<DefaultConfig>(dtype, a);
}

cudaError_t launch_inplace_any(mv_dtype dtype, const mv_transpose_args *a)
{
    return dtype == MV_DTYPE_S ? launch_inplace<float>(*a) : launch_inplace<double>(*a);
}

}  // namespace
}  // namespace mv

extern "C" cudaError_t mv_transpose_launch(mv_dtype dtype, const mv_transpose_args *args)
{
    return mv::launch_any(dtype, args);
}

extern "C" cudaError_t mv_transpose_inplace_launch(mv_dtype dtype, const mv_transpose_args *args)
{
    return mv::launch_inplace_any(dtype, args);
}

extern "C" const mv_transpose_variant mv_transpose_variant_default = {
    "default",
    "64x64 tiles down B's columns, 256 threads, 16-byte loads and stores, V x V register transposes, "
    "XOR-swizzled shared memory; "
    "in place: tile pairs (i,j)/(j,i) per block",
    "matvec",
    "the copy bandwidth (>= 95% at 8192^2): whole lines both ways, ~16 KB in flight per block, no bank conflicts, "
    "tiles down B's columns for long runs of writes",
    mv::launch_any,
    mv::launch_inplace_any,
};

// The configuration sweep: candidates for the default out-of-place path,
// each a variant with no in-place form. Napkin math for all: the traffic of
// a copy, so the copy bandwidth; the question each one asks is what keeps
// `default` at ~93% of copy where memcpy reaches ~98%.
#define MV_TRANSPOSE_CONFIG_VARIANT(sym, name, config, idea, napkin) \
    extern "C" const mv_transpose_variant sym = {name, idea, "matvec (configuration sweep)", napkin, \
                                                 mv::launch_config<mv::config>, nullptr}

MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_64x64_acols, "tiled-64x64-acols", AColumns64,
    "default with tiles numbered down A's columns: a wave reads one contiguous stretch of A",
    "the mirror of default: whole 32-64 KB runs per column of A, 6-8 x 256 B runs per column of B; "
    "measured 2-3% slower than default at 8192^2 and 16384^2 (write page locality costs more)");
MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_64x64_bands, "tiled-64x64-bands", Bands64,
    "default with tiles numbered down A's columns within bands of 1024 rows, band after band",
    "a wave of ~800 float tiles covers 1024 rows x ~3200 columns of A: 4 KB runs per column of A, "
    "~12 KB per column of B (double: 8 KB / 17 KB), and 1024 columns of B instead of all of them");
MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_64x64_cs, "tiled-64x64-cs", Streaming64,
    "default with evict-first hints: A read with __ldcs, B written with __stcs",
    "nothing is reused, so L2 need not keep A or B: dirty B lines leave early, the L2 holds fewer lines "
    "waiting for write-back; a few % if L2 replacement or write-back order costs");
MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_64x64_pipelined, "tiled-64x64-pipelined", Pipelined64,
    "resident grid (blocks/SM x SMs) looping over tiles; the next tile's loads go out before the current "
    "tile's stores",
    "loads stay in flight while a block stores (no idle SM around each barrier): ~100-130 KB in flight per SM "
    "all the time instead of only between a block's start and its barrier");
MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_32x128_bands, "tiled-32x128-bands", Bands32x128,
    "32 rows x 128 columns of A per tile (float4: 1 block per thread), bands of 1024 rows",
    "each warp store writes 512 contiguous bytes of a column of B (float; 1 KB double), loads 4 x 128 B of A; "
    "tests whether longer runs on the write side per instruction help");
MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_64x64_bands_pipe, "tiled-64x64-bands-pipe", BandsPipelined64,
    "tiled-64x64-bands with the resident, pipelined grid of tiled-64x64-pipelined",
    "both effects if they add: band locality for both streams and loads in flight through the stores");
MV_TRANSPOSE_CONFIG_VARIANT(
    mv_transpose_variant_tiled_64x64_bands_pipe_cs, "tiled-64x64-bands-pipe-cs", BandsPipelinedStreaming64,
    "tiled-64x64-bands-pipe with the evict-first hints of tiled-64x64-cs",
    "all three ideas together: the candidate to beat memcpy's ~98% if the effects add");
