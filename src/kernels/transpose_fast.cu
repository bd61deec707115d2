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

#include "transpose.h"

namespace mv {
namespace {

constexpr int kThreads = 256;
// At most 2^20 blocks; a grid-stride loop over tiles covers larger matrices.
constexpr int64_t kMaxGrid = int64_t(1) << 20;

template <typename T, int V>
struct VecOf;
template <>
struct VecOf<float, 1> {
    using type = float;
};
template <>
struct VecOf<float, 4> {
    using type = float4;
};
template <>
struct VecOf<double, 1> {
    using type = double;
};
template <>
struct VecOf<double, 2> {
    using type = double2;
};

template <typename T, int V, int TILE>
struct Tile {
    using Vec = typename VecOf<T, V>::type;
    static constexpr int G = TILE / V;                 // vectors in a column of the tile
    static constexpr int kBlocks = G * G / kThreads;   // V x V blocks each thread moves
    static constexpr int kRowsPerPass = kThreads / G;  // columns of B written per pass
    static constexpr int kPasses = TILE / kRowsPerPass;
    static_assert(sizeof(Vec) == V * sizeof(T), "a vector is V elements");
    static_assert(kThreads % G == 0 && (G * G) % kThreads == 0, "whole V x V blocks per thread");
    static_assert((G & (G - 1)) == 0, "the XOR swizzle needs a power-of-two G");
    static_assert(G >= 128 / int(sizeof(Vec)), "a bank phase lies within one tile row");
    static_assert((TILE * sizeof(T)) % 128 == 0, "shared rows span whole bank lines");
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

// Out of place A is read-only for the whole kernel (the non-coherent read
// path); in place it is written too, so plain loads.
template <typename U, bool kReadOnly>
__device__ __forceinline__ U load(const U *p)
{
    if constexpr (kReadOnly)
        return __ldg(p);
    else
        return *p;
}

// The tile at A(i0, j0) into registers: a[p][c] holds rows V*q..V*q+V-1 of
// column V*g+c of the tile, q = t % G and g = t / G + p * 256 / G for thread
// t (the V x V blocks t, t + 256, ... of the header comment).
template <typename T, int V, int TILE, bool kReadOnly>
__device__ __forceinline__ void load_tile(const T *A, int64_t lda, int64_t m, int64_t n, int64_t i0, int64_t j0,
                                          bool full, typename Tile<T, V, TILE>::Vec (&a)[Tile<T, V, TILE>::kBlocks][V])
{
    using L = Tile<T, V, TILE>;
    using Vec = typename L::Vec;
    constexpr int kColStep = kThreads / L::G * V;  // tile columns between a thread's blocks
    const int q = threadIdx.x % L::G, g0 = threadIdx.x / L::G;
    const T *base = A + (i0 + V * q) + (j0 + V * g0) * lda;
    if (full) {
#pragma unroll
        for (int p = 0; p < L::kBlocks; ++p)
#pragma unroll
            for (int c = 0; c < V; ++c)
                a[p][c] = load<Vec, kReadOnly>(reinterpret_cast<const Vec *>(base + int64_t(p * kColStep + c) * lda));
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
                    a[p][c] = load<Vec, kReadOnly>(reinterpret_cast<const Vec *>(src));
                } else {
#pragma unroll
                    for (int r = 0; r < V; ++r)
                        lane<T, V>(a[p][c], r) = col_in && r < rows_left ? load<T, kReadOnly>(src + r) : T(0);
                }
            }
    }
}

// Transposes each V x V block in registers and stores its rows, which are
// vectors of B, at s[V*q + r][g ^ q].
template <typename T, int V, int TILE>
__device__ __forceinline__ void stash(const typename Tile<T, V, TILE>::Vec (&a)[Tile<T, V, TILE>::kBlocks][V],
                                      typename Tile<T, V, TILE>::Vec (*s)[Tile<T, V, TILE>::G])
{
    using L = Tile<T, V, TILE>;
#pragma unroll
    for (int p = 0; p < L::kBlocks; ++p) {
        const int b = threadIdx.x + kThreads * p;
        const int q = b % L::G, g = b / L::G;
#pragma unroll
        for (int r = 0; r < V; ++r) {
            typename L::Vec out;
#pragma unroll
            for (int c = 0; c < V; ++c)
                lane<T, V>(out, c) = lane<T, V>(a[p][c], r);
            s[V * q + r][g ^ q] = out;
        }
    }
}

// Writes the stashed tile (input tile at A(i0, j0)) as B(j0.., i0..): rows
// j0..j0+TILE-1 of columns i0..i0+TILE-1 of B, those below m columns and n
// rows only. Thread t writes vector v = t % G of columns ii = t / G + pass *
// 256 / G.
template <typename T, int V, int TILE>
__device__ __forceinline__ void store_tile(const typename Tile<T, V, TILE>::Vec (*s)[Tile<T, V, TILE>::G], T *B,
                                           int64_t ldb, int64_t m, int64_t n, int64_t i0, int64_t j0, bool full)
{
    using L = Tile<T, V, TILE>;
    using Vec = typename L::Vec;
    const int v = threadIdx.x % L::G, ii0 = threadIdx.x / L::G;
    T *base = B + (j0 + V * v) + (i0 + ii0) * ldb;
    if (full) {
#pragma unroll
        for (int pass = 0; pass < L::kPasses; ++pass) {
            const int ii = ii0 + L::kRowsPerPass * pass;
            *reinterpret_cast<Vec *>(base + int64_t(L::kRowsPerPass * pass) * ldb) = s[ii][v ^ (ii / V)];
        }
    } else {
        const int64_t rows_left = n - (j0 + V * v), cols_left = m - (i0 + ii0);
#pragma unroll
        for (int pass = 0; pass < L::kPasses; ++pass) {
            const int ii = ii0 + L::kRowsPerPass * pass;
            if (L::kRowsPerPass * pass < cols_left) {
                const Vec w = s[ii][v ^ (ii / V)];
                T *dst = base + int64_t(L::kRowsPerPass * pass) * ldb;
                if (rows_left >= V) {
                    *reinterpret_cast<Vec *>(dst) = w;
                } else {
#pragma unroll
                    for (int c = 0; c < V; ++c)
                        if (c < rows_left)
                            dst[c] = lane<T, V>(w, c);
                }
            }
        }
    }
}

template <typename T, int V, int TILE>
__global__ void __launch_bounds__(kThreads)
transpose_tiles(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, T *__restrict__ B, int64_t ldb,
                int64_t tiles_i, int64_t tiles)
{
    using L = Tile<T, V, TILE>;
    __shared__ typename L::Vec s[TILE][L::G];
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i0 = t % tiles_i * TILE, j0 = t / tiles_i * TILE;
        const bool full = i0 + TILE <= m && j0 + TILE <= n;
        typename L::Vec a[L::kBlocks][V];
        load_tile<T, V, TILE, true>(A, lda, m, n, i0, j0, full, a);
        stash<T, V, TILE>(a, s);
        __syncthreads();
        store_tile<T, V, TILE>(s, B, ldb, m, n, i0, j0, full);
        __syncthreads();  // s is refilled by the next tile
    }
}

// Pair p = tj*(tj+1)/2 + ti, 0 <= ti <= tj: tile X at A(ti*TILE, tj*TILE)
// and its mirror Y at A(tj*TILE, ti*TILE) (the same tile when ti == tj).
template <typename T, int V, int TILE>
__global__ void __launch_bounds__(kThreads)
transpose_pairs(int64_t n, T *A, int64_t lda, int64_t pairs)
{
    using L = Tile<T, V, TILE>;
    __shared__ typename L::Vec sx[TILE][L::G], sy[TILE][L::G];
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
        load_tile<T, V, TILE, false>(A, lda, n, n, r0, c0, full, x);
        if (!diagonal)
            load_tile<T, V, TILE, false>(A, lda, n, n, c0, r0, full, y);
        stash<T, V, TILE>(x, sx);
        if (!diagonal)
            stash<T, V, TILE>(y, sy);
        __syncthreads();
        store_tile<T, V, TILE>(sx, A, lda, n, n, r0, c0, full);  // X^T into Y's place
        if (!diagonal)
            store_tile<T, V, TILE>(sy, A, lda, n, n, c0, r0, full);  // Y^T into X's place
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

// Out of place: 64 x 64 with 16-byte vectors, for both types: 16 elements
// (64 or 128 bytes) per thread in flight, 256 or 512 contiguous bytes per
// column of B per tile. The scalar fall-back (V = 1) uses 32 x 32: 4
// elements per thread, as the classic 32 x 8-thread transpose; 64 x 64
// would give each thread 16 separate 64-bit addresses and over 100
// registers, two blocks per SM.
template <typename T, int V>
cudaError_t launch_tiles(const mv_transpose_args &a)
{
    constexpr int TILE = V > 1 ? 64 : 32;
    const int64_t tiles_i = (a.m + TILE - 1) / TILE, tiles_j = (a.n + TILE - 1) / TILE;
    const int64_t tiles = tiles_i * tiles_j;
    transpose_tiles<T, V, TILE><<<grid_for(tiles), kThreads, 0, a.stream>>>(
        a.m, a.n, static_cast<const T *>(a.A), a.lda, static_cast<T *>(a.B), a.ldb, tiles_i, tiles);
    return cudaGetLastError();
}

template <typename T>
cudaError_t launch(const mv_transpose_args &a)
{
    constexpr int V = 16 / sizeof(T);
    return vectors_fit<T>(a.A, a.lda) && vectors_fit<T>(a.B, a.ldb) ? launch_tiles<T, V>(a) : launch_tiles<T, 1>(a);
}

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
    return dtype == MV_DTYPE_S ? launch<float>(*a) : launch<double>(*a);
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
    "64x64 tiles, 256 threads, 16-byte loads and stores, V x V register transposes, XOR-swizzled shared memory; "
    "in place: tile pairs (i,j)/(j,i) per block",
    "matvec",
    "the copy bandwidth (>= 95% at 8192^2): whole lines both ways, ~16 KB in flight per block, no bank conflicts",
    mv::launch_any,
    mv::launch_inplace_any,
};
