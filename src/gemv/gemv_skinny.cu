// Short-wide and tall-skinny GEMV shapes, where the tiled kernels of
// gemv_fast.cu leave bandwidth unused (docs/notes-gemv.md, entry 10):
//
// `short-n` / `short-t` (columns of at most 32 vectors, m a multiple of W,
//   any lda that is a multiple of W; G the power of two at or above m's
//   vectors, the lanes past m idle): the matrix is read as one flat array
//   of 16-byte vectors (G lanes a column, column after column), so every
//   warp load covers whole columns whatever m is. Vector g holds rows (g % G)*W ..
//   +W-1 of column g / G (at A + (g / G)*lda);
//   a block walks 256*U consecutive vectors at a time, and since 256 is a
//   multiple of G each thread always meets the same rows: op T keeps its W
//   elements of x in registers and adds the G partial dot products of a
//   column with a reduce-scatter of shuffles; op N keeps W row sums per
//   thread and adds them over the block and then over the blocks (a split
//   with a fixed order).
//   The tiled kernels gave such columns to 4-32 threads each, one vector
//   per thread and column: one load in flight per thread for m = 16.
// `tall-n` (n <= 64, enough 256*W-row tiles for a wave; tiles shrunk evenly
//   to whole waves where the last would be under a quarter full:
//   tall_n_tile): each thread owns W rows and walks all n columns eight
//   vector loads at a time, x staged in shared memory; no reduction across
//   threads at all.
// `tall-n-shift` (tall-n over columns off a 16-byte boundary): each
//   column's aligned vectors, realigned once per tile (see the kernel).
// `tall-t` (n <= 64, x of at least 48 KB, any alignment): a block takes K = 2-16
//   columns at the same rows (the K with the fewest loads a row step,
//   tall_t_columns), so each vector of x, loaded once, serves K loads of A
//   (the one-column blocks of tiled-t streamed all of x once per column, as
//   many bytes as A itself); the rows are split over a wave of blocks and
//   the K sums of each block finished by the last one in a fixed order.
//   Columns off a 16-byte boundary are read in aligned vectors all the
//   same, with x's rows around them (see the kernel).
// `flat-t` (op T, columns of at most 64 vectors off a 16-byte boundary
//   lying nearly one after the other, from 1.25 waves of blocks on; of
//   65-128 vectors from 8 waves): a block
//   reads its columns as one flat run of 16-byte vectors and sorts the
//   products out by column through shared memory (see the kernel).
// `scalar-t` (op T, columns of at most 256 elements off a 16-byte boundary
//   that flat-t does not take, in grids of half a wave to 2.5 waves): P
//   lanes a column in element loads, every lane on every instruction, x in
//   registers (see the kernel).
// `flat-n` (op N, lda of at most 32 vectors, columns off a 16-byte boundary
//   lying nearly one after the other): short-n's flat read for any lda and
//   alignment; each thread steps over the run by a multiple of the period
//   after which the rows repeat, so it keeps one sum per element of its
//   vectors (see the kernel).
#include "gemv_split.cuh"

namespace mv {
namespace {

constexpr int kTallMaxN = 64;      // tall-n / tall-t: at most this many columns
// tall-t: the bytes of x from which it pays. The kernels it replaces
// (tiled-t, flat-t) stream x once per column: while x stays in an SM's L1
// that costs little, and tall-t's split (its finish, about a microsecond)
// buys nothing; once x has to come from L2 for every column, reading it
// once per K columns wins. Measured (entry 43 of docs/notes-gemv.md, H100,
// cold, two lists): from 48 KB of x (float m >= 12288, double m >= 6144)
// tall-t took 0.77x the time of the kernels before it (geomean of 48
// shapes of m 6565-63565: float 0.82, double 0.71, none slower beyond the
// noise); below, float took 1.09x (10 shapes of 21-42 KB, up to 1.41x).
// The rule was 65536 rows of either type before.
constexpr int64_t kTallMinXBytes = 48 * 1024;
constexpr int64_t kFlatMaxVecs = 64;  // flat-t: columns of at most this many 16-byte vectors from 1.25 waves
constexpr int64_t kFlatLongVecs = 128;  // flat-t: and of at most this many from kFlatLongWaves waves
constexpr int64_t kFlatLongWaves = 8;
constexpr int kFlatNMaxVecs = 32;     // flat-n: lda of at most this many 16-byte vectors
template <typename T>
constexpr int kFlatMaxLda = 128 * Vec16<T>::width;  // flat-t: lda at most this (x staged in shared memory)
constexpr int kScalarRows = 8;  // scalar-t: rows a lane reads of each column (m <= 32 * this)
constexpr int kScalarCols = 2;  // scalar-t: columns a lane reads at once

// ---- short-n -------------------------------------------------------------------

// FLAT: lda = G*V, the matrix one run of vectors (vector g at A + g*V);
// else columns lda apart (a thread's vectors kThreads / G columns apart),
// the double instance at three blocks an SM (four spilled 24 bytes).
template <typename T, int V, bool FLAT>
__global__ void __launch_bounds__(kThreads, FLAT || sizeof(T) == sizeof(float) ? 4 : 3)
gemv_short_n(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, int log_g, const T *__restrict__ x,
             int64_t incx, T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, Split sp)
{
    pdl_begin();
    constexpr int U = kUnroll;
    __shared__ T red[kWarps][32 * V];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        if (blockIdx.x == 0)
            scale_outputs(y, incy, m, threadIdx.x, kThreads, beta);
        return;
    }
    const int G = 1 << log_g;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int r = (threadIdx.x & (G - 1)) * V;  // this thread's first row, in every column it reads
    const int64_t total = n << log_g;           // vectors in the matrix
    const int64_t begin = int64_t(blockIdx.x) * sp.span, end = begin + sp.span < total ? begin + sp.span : total;
    T acc[V];
#pragma unroll
    for (int k = 0; k < V; ++k)
        acc[k] = T(0);
    if (r < m) {
        // A thread's consecutive vectors lie kThreads / G columns apart.
        const int64_t da = int64_t(kThreads >> log_g) * lda;
        for (int64_t g0 = begin + threadIdx.x; g0 < end; g0 += int64_t(kThreads) * U) {
            T v[U][V], xj[U];
            const T *pa = A + (g0 >> log_g) * lda + r;
#pragma unroll
            for (int u = 0; u < U; ++u) {
                const int64_t g = g0 + int64_t(u) * kThreads;
                if (g < end) {
                    load_v<T, V>(FLAT ? A + g * V : pa + u * da, v[u]);
                    xj[u] = x[(g >> log_g) * incx];
                } else {
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        v[u][k] = T(0);
                    xj[u] = T(0);
                }
            }
#pragma unroll
            for (int u = 0; u < U; ++u)
#pragma unroll
                for (int k = 0; k < V; ++k)
                    acc[k] += v[u][k] * xj[u];
        }
    }
    // Lanes G apart hold the same rows: shuffles, then warps in order.
    sum_lanes_apart(acc, G);
    if (lane < G)
#pragma unroll
        for (int k = 0; k < V; ++k)
            red[warp][lane * V + k] = acc[k];
    __syncthreads();
    const int o = threadIdx.x;  // output row o (m <= G*V <= 32*V <= kThreads)
    const bool owns = o < m;
    T sum = T(0);
    if (owns)
        for (int w = 0; w < kWarps; ++w)
            sum += red[w][o];
    if (sp.splits == 1) {
        if (owns)
            store_output(y + o * incy, alpha, sum, beta);
    } else if (publish_partials<T>(sp, blockIdx.x, 0, o, sum, owns)) {
        finish_tile<T>(sp, 0, 0, G * V, m, y, incy, alpha, beta);
    }
}

// ---- short-t -------------------------------------------------------------------

// The G = 2^LOG_G lanes of a column group hold partial dot products of the
// same U columns (one per load of the round). They are added by a
// reduce-scatter: at each of the first H = min(LOG_G, log2 U) levels a lane
// keeps half of its columns and sends the other half to its partner, then
// a butterfly runs over the levels left, so a round costs U/2 + U/4 + ...
// shuffles instead of U x LOG_G (8 instead of 32 at G = 16), and a lane
// ends with whole sums of U >> H columns. Measured 1-3 points of read
// bandwidth more on the extreme op T shapes (entry 17 of docs/notes-gemv.md).
template <typename T, int V, int LOG_G>
__global__ void __launch_bounds__(kThreads, 4)
gemv_short_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
             T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int64_t span)
{
    pdl_begin();
    constexpr int U = kUnroll, G = 1 << LOG_G;
    static_assert(U == 8, "three halving levels at most");
    constexpr int H = LOG_G < 3 ? LOG_G : 3;
    constexpr int KEEP = U >> H;  // whole sums per lane at the end
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, n, beta);
        return;
    }
    const int sub = threadIdx.x & (G - 1);
    const int r = sub * V;  // this thread's first row, in every column it reads
    const bool rows = r < m;
    T xv[V];
#pragma unroll
    for (int k = 0; k < V; ++k)
        xv[k] = rows ? x[(r + k) * incx] : T(0);
    // The first of the KEEP columns of a round this lane ends with: at
    // halving level h it keeps the upper half when its bit G >> (h+1) is set.
    int mine = 0;
#pragma unroll
    for (int h = 0; h < H; ++h)
        if (sub & (G >> (h + 1)))
            mine += U >> (h + 1);
    // Lanes that differ only in the butterfly levels hold the same sums.
    const bool stores = (sub & ((G >> H) - 1)) == 0;
    const int64_t group = threadIdx.x & ~(G - 1);  // the group's first lane
    const int64_t total = n << LOG_G;
    // Block b reads vectors [b*span, (b+1)*span), span a multiple of
    // kThreads (kUnroll rounds but on the largest matrices).
    const int64_t begin = int64_t(blockIdx.x) * span, end = begin + span < total ? begin + span : total;
    // The loop bounds are the same for the whole block: every lane takes
    // part in the shuffles.
    for (int64_t c0 = begin; c0 < end; c0 += int64_t(kThreads) * U) {
        T v[U][V];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const int64_t g = c0 + int64_t(u) * kThreads + threadIdx.x;
            if (rows && g < end) {
                load_v<T, V>(A + (g >> LOG_G) * lda + r, v[u]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    v[u][k] = T(0);
            }
        }
        T d[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            d[u] = T(0);
#pragma unroll
            for (int k = 0; k < V; ++k)
                d[u] += v[u][k] * xv[k];
        }
#pragma unroll
        for (int h = 0; h < H; ++h) {
            const int off = G >> (h + 1), half = U >> (h + 1);
            const bool upper = sub & off;
#pragma unroll
            for (int i = 0; i < half; ++i) {
                const T keep = upper ? d[i + half] : d[i];
                const T send = upper ? d[i] : d[i + half];
                d[i] = keep + __shfl_xor_sync(0xffffffffu, send, off);
            }
        }
#pragma unroll
        for (int off = (G >> H) / 2; off >= 1; off /= 2)
            d[0] += __shfl_xor_sync(0xffffffffu, d[0], off);
#pragma unroll
        for (int i = 0; i < KEEP; ++i) {
            const int64_t g = c0 + int64_t(mine + i) * kThreads + group;
            if (stores && g < end)
                store_output(y + (g >> LOG_G) * incy, alpha, d[i], beta);
        }
    }
}

// short-t for the call's G (1..32): the instance of LOG_G = log_g.
template <typename T, int V, int LOG_G = 0>
cudaError_t launch_short_t(const mv_gemv_args &a, int log_g, unsigned blocks, int64_t span)
{
    if constexpr (LOG_G < 5) {
        if (log_g > LOG_G)
            return launch_short_t<T, V, LOG_G + 1>(a, log_g, blocks, span);
    }
    return launch_kernel(a, gemv_short_t<T, V, LOG_G>, dim3(blocks), a.m, a.n, static_cast<const T *>(a.A), a.lda,
                         static_cast<const T *>(a.x), a.incx, static_cast<T *>(a.y), a.incy, a.alpha, a.beta, span);
}

// ---- tall-n --------------------------------------------------------------------

// x's n <= kTallMaxN elements into shared memory (not read where alpha = 0);
// a barrier before use.
template <typename T>
__device__ __forceinline__ void stage_x(T *xs, const T *__restrict__ x, int n, int64_t incx, T alpha)
{
    if (alpha != T(0))
        for (int j = threadIdx.x; j < n; j += kThreads)
            xs[j] = x[j * incx];
}

template <typename T, int V>
__global__ void __launch_bounds__(kThreads, 4)
gemv_tall_n(int64_t m, int n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
            T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int q)
{
    pdl_begin();
    constexpr int U = kUnroll;
    __shared__ T xs[kTallMaxN];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    stage_x(xs, x, n, incx, alpha);
    __syncthreads();
    // Tiles of q * V rows (q <= kThreads: tall_n_tile), threads 0 .. q - 1.
    if (int(threadIdx.x) >= q)
        return;
    const int64_t step = int64_t(gridDim.x) * q * V;
    for (int64_t i = (int64_t(blockIdx.x) * q + threadIdx.x) * V; i < m; i += step) {
        T acc[V];
#pragma unroll
        for (int k = 0; k < V; ++k)
            acc[k] = T(0);
        if (alpha != T(0)) {
            const bool full = i + V <= m;
            const T *a = A + i;
            for (int j = 0; j < n; j += U) {
                T v[U][V];
#pragma unroll
                for (int u = 0; u < U; ++u) {
                    if (j + u < n) {
                        load_rows<T, V>(a + int64_t(j + u) * lda, full, m - i, v[u]);
                    } else {
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            v[u][k] = T(0);
                    }
                }
#pragma unroll
                for (int u = 0; u < U; ++u) {
                    const T xj = j + u < n ? xs[j + u] : T(0);
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc[k] += v[u][k] * xj;
                }
            }
        }
#pragma unroll
        for (int k = 0; k < V; ++k)
            if (i + k < m)
                store_output(y + (i + k) * incy, alpha, acc[k], beta);
    }
}

// tall-n-shift: tall-n over columns off a 16-byte boundary (lda not a
// multiple of the vector, or A itself). Thread t of a tile reads, in every
// column, the aligned vector of rows r0 - s_j .. (r0 = the tile's first row
// + t*V, s_j from the column's position in its quad: realign_shifted) into
// acc[j mod 4], and puts them back in row order once per tile: its own rows
// and the rows it lends to thread t - 1 (through shared memory). A tile of
// kThreads threads owns the rows of kThreads - 1 (the last thread only
// lends), so 1/256 of the loads are read twice (tiles of q < 255 threads:
// tall_n_tile; the threads past q + 1 idle). A vector that starts
// before A is A's own 16-byte line (inside its allocation), its rows before
// 0 lent to no one; one that reaches past A's last element is read element
// by element. Eight loads in flight a thread, as tall-n.
template <typename T, int V>
__global__ void __launch_bounds__(kThreads, 3)
gemv_tall_n_shift(int64_t m, int n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
                  T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int q)
{
    pdl_begin();
    constexpr int U = kUnroll;
    static_assert(U % 4 == 0, "tall-n-shift: a batch of whole quads");
    __shared__ T xs[kTallMaxN];
    __shared__ T lent[kThreads * V];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    stage_x(xs, x, n, incx, alpha);
    int shift[4];
    quad_shifts<T, V>(A, lda, shift);
    const T *const a_end = A + (n - 1) * lda + m;  // one past the last element
    // Tiles of q * V rows (q <= kThreads - 1: tall_n_tile): threads 0 .. q - 1
    // own them, thread q reads the vector that lends to thread q - 1.
    const int64_t rows_per_tile = int64_t(q) * V;
    const int64_t tiles = (m + rows_per_tile - 1) / rows_per_tile;
    const bool in_tile = int(threadIdx.x) <= q;
    __syncthreads();
    for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        const int64_t r0 = tile * rows_per_tile + int64_t(threadIdx.x) * V;
        T acc[4][V];
        zero(acc);
        if (in_tile && alpha != T(0) && r0 - V < m) {  // the vector holds a row of the matrix
            for (int j = 0; j < n; j += U) {
                T v[U][V];
#pragma unroll
                for (int u = 0; u < U; ++u) {
                    const T *p = A + int64_t(j + u) * lda + r0 - shift[u % 4];
                    if (j + u < n && p + V <= a_end) {
                        load_v<T, V>(p, v[u]);
                    } else {
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            v[u][k] = j + u < n && p + k < a_end ? __ldg(p + k) : T(0);
                    }
                }
#pragma unroll
                for (int u = 0; u < U; ++u) {
                    const T xj = j + u < n ? xs[j + u] : T(0);
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc[u % 4][k] += v[u][k] * xj;
                }
            }
        }
        T own[V], lend[V];
        realign_shifted<T, V>(acc, shift, own, lend);
#pragma unroll
        for (int k = 0; k < V; ++k)
            lent[threadIdx.x * V + k] = lend[k];
        __syncthreads();
        if (int(threadIdx.x) < q)
#pragma unroll
            for (int k = 0; k < V; ++k)
                if (r0 + k < m)
                    store_output(y + (r0 + k) * incy, alpha, own[k] + lent[(threadIdx.x + 1) * V + k], beta);
        __syncthreads();  // lent[] is reused by the next tile
    }
}

// ---- tall-t --------------------------------------------------------------------

// Vector loads a thread keeps in flight a step (two blocks per SM): 16 over
// aligned columns, 8 over shifted ones, whose x window and per-shift dot
// products take the registers of the other 8 (64 KB in flight a SM).
template <bool Shift>
constexpr int kTallLoads = Shift ? 8 : 16;

// K columns per block (blockIdx.y picks which), rows split over gridDim.x
// blocks: R = kTallLoads / K row vectors per thread and step, so K*R vector
// loads in flight whatever K is.
// Shift (columns off a 16-byte boundary: lda not a multiple of the vector,
// or A itself): each column is still read in aligned 16-byte vectors, its
// s = 0..V-1 rows before the boundary making the first vector start s rows
// before the column (masked, as are rows past m). A thread's vector at
// offset i of every column then holds rows i - s .. i - s + V - 1, so x is
// loaded as the 2V - 1 rows around i (two aligned vectors) and each
// column's products take the V of them its shift picks (warp-uniform).
template <typename T, int V, int K, bool Shift>
__global__ void __launch_bounds__(kThreads, 2)
gemv_tall_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
            T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, Split sp)
{
    pdl_begin();
    constexpr int R = kTallLoads<Shift> / K;
    static_assert(R >= 1, "tall-t: K at most the loads a step");
    constexpr int XW = Shift ? 2 * V - 1 : V;  // rows of x a step keeps: i - (XW - V) .. i + V - 1
    __shared__ T red[kWarps][K];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int64_t col0 = int64_t(blockIdx.y) * K;
    const int cols = n - col0 < K ? int(n - col0) : K;
    if (alpha == T(0)) {
        if (blockIdx.x == 0 && threadIdx.x < cols)
            store_output(y + (col0 + threadIdx.x) * incy, alpha, T(0), beta);
        return;
    }
    const bool x_vec = incx == 1 && reinterpret_cast<uintptr_t>(x) % 16 == 0;
    const T *a0 = A + col0 * lda;
    // Column k of the block (columns past n read column n-1 again, in
    // bounds, and are never stored), and its rows before the 16-byte
    // boundary (0 without Shift).
    const auto column = [&](int k) { return a0 + int64_t(k < cols ? k : cols - 1) * lda; };
    const auto shift = [&](int k) {
        return Shift ? vector_shift<T, V>(column(k)) : 0;
    };
    T acc[K];
#pragma unroll
    for (int k = 0; k < K; ++k)
        acc[k] = T(0);
    const int64_t step = int64_t(gridDim.x) * kThreads * V;
    const int64_t end = Shift ? m + V - 1 : m;  // the last column vector starts before m + s
    for (int64_t i0 = (int64_t(blockIdx.x) * kThreads + threadIdx.x) * V; i0 < end; i0 += R * step) {
        T v[R][K][V], hi[R][V], lo[R][V];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int64_t i = i0 + r * step;
#pragma unroll
            for (int k = 0; k < K; ++k) {
                if constexpr (Shift) {
                    const int64_t first = i - shift(k);  // the vector's first row
                    const T *p = column(k) + first;
                    if (first >= 0 && first + V <= m) {
                        load_v<T, V>(p, v[r][k]);
                    } else {
#pragma unroll
                        for (int e = 0; e < V; ++e)
                            v[r][k][e] = first + e >= 0 && first + e < m ? __ldg(p + e) : T(0);
                    }
                } else {
                    load_rows<T, V>(column(k) + i, i + V <= m, m - i, v[r][k]);
                }
            }
            // x's rows i .. i + V - 1 (hi), and with Shift the V rows before
            // them (lo; its last V - 1 are the window's head).
            if (x_vec && i + V <= m) {
                load_v<T, V>(x + i, hi[r]);
            } else {
#pragma unroll
                for (int e = 0; e < V; ++e)
                    hi[r][e] = i + e < m ? x[(i + e) * incx] : T(0);
            }
            if constexpr (Shift) {
                if (x_vec && i >= V && i <= m) {
                    load_v<T, V>(x + i - V, lo[r]);
                } else {
#pragma unroll
                    for (int e = 0; e < V; ++e)
                        lo[r][e] = i - V + e >= 0 && i - V + e < m ? x[(i - V + e) * incx] : T(0);
                }
            }
        }
#pragma unroll
        for (int r = 0; r < R; ++r)
#pragma unroll
            for (int k = 0; k < K; ++k) {
                // Row i - sh + e of x is xw[XW - V - sh + e] (xw: x's rows
                // i - (XW - V) .. i + V - 1, lo's last V - 1 and hi): the dot
                // product for each shift, the column's kept (warp-uniform;
                // a select, not an index into registers).
                const int sk = shift(k);
#pragma unroll
                for (int q = 0; q < (Shift ? V : 1); ++q) {
                    T d = T(0);
#pragma unroll
                    for (int e = 0; e < V; ++e) {
                        const int t = XW - V - q + e;  // xw: lo[1..V-1], then hi
                        d += v[r][k][e] * (t < XW - V ? lo[r][t + 1] : hi[r][t - (XW - V)]);
                    }
                    if (!Shift)
                        acc[k] += d;
                    else
                        acc[k] += sk == q ? d : T(0);
                }
            }
    }
    // Fixed order: butterflies within each warp, then warps in order.
#pragma unroll
    for (int k = 0; k < K; ++k)
        acc[k] = warp_sum(acc[k]);
    if (threadIdx.x % 32 == 0)
#pragma unroll
        for (int k = 0; k < K; ++k)
            red[threadIdx.x / 32][k] = acc[k];
    __syncthreads();
    const bool owns = threadIdx.x < cols;
    T sum = T(0);
    if (owns)
        for (int w = 0; w < kWarps; ++w)
            sum += red[w][threadIdx.x];
    if (sp.splits == 1) {
        if (owns)
            store_output(y + (col0 + threadIdx.x) * incy, alpha, sum, beta);
    } else if (publish_partials<T>(sp, blockIdx.x, blockIdx.y, col0 + threadIdx.x, sum, owns)) {
        finish_tile<T>(sp, blockIdx.y, col0, K, cols, y, incy, alpha, beta);
    }
}

// ---- flat-t ---------------------------------------------------------------------

// Op T over short columns packed one after the other (lda close to m), any m,
// lda and alignment. A block takes C whole columns, C * lda elements that
// lie one after the other in memory, and reads them as a flat run of 16-byte
// vectors from the 16-byte boundary at or before its first element: every
// warp load covers 512 contiguous bytes, eight in flight per thread, whatever
// m is and wherever the columns start. With lda >= V a vector holds elements
// of at most two columns. x is staged in shared memory between zeros: xs[i]
// = x[i] for 0 <= i < m, zero for -V <= i < 0 and m <= i < lda + V. A
// thread's vectors lie kThreads * V elements apart: its first vector's row
// r is found by one division a chunk, the later ones' by a step. Every
// vector sums the elements of the column its first element belongs to (k
// in [lo, b0): not before the block's first column, not past row m - 1)
// against xs[r + k], and only a vector that reaches the next column
// (r + V > lda) sums that column's elements too (k in [a1, b1)) against
// xs[r + k - lda], into a second sum. An element outside its range is
// selected to zero before it is multiplied (NaN in rows m..lda-1 or
// outside the block stays out), and the x it meets is one of the zeros
// (r + k >= m in the first sum; r + k - lda < 0 or >= m in the second), so
// an infinite x never meets a skipped element either. (The one exception,
// the first sum of the vector that holds the block's head, the elements
// before its first column, is never read: that vector gives the first
// column its second sum.)
// The two sums go to two arrays in shared
// memory; column j's sum is its first vector's part (the second sum where
// that vector starts in column j - 1) plus the first sums of its later
// vectors, read by Q threads a column and added by shuffles, all in a fixed
// order. Loads: the vectors wholly inside the run in 16-byte loads; the
// run's last vector, where the run ends inside it, element by element (no
// load past A's last element); its first vector may start up to V-1
// elements before A, inside the 16-byte line that holds A's first element.
// No branch divides a warp between two kinds of vector, no load is
// predicated: the instructions a vector are about half those of a form
// that selected every element's column and row (notes-gemv entries 90-92:
// ncu on the H200 found that form bound by its instructions at 62-71% of
// DRAM).
template <typename T, int V>
__global__ void __launch_bounds__(kThreads, 4)
gemv_flat_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
            T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int cols, int log_q)
{
    pdl_begin();
    constexpr int NV = kThreads * kUnroll;  // vectors a block reads at most
    __shared__ T xs_all[kFlatMaxLda<T> + 2 * V];
    T *const xs = xs_all + V;  // xs[-V..-1]: zeros
    __shared__ T first_sum[NV], next_sum[NV];  // per vector: its first element's column, and the next
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, n, beta);
        return;
    }
    const int ld = int(lda), rows = int(m);
    const int Q = 1 << log_q, q = threadIdx.x & (Q - 1), groups = kThreads >> log_q;
    for (int64_t cb = blockIdx.x; cb * cols < n; cb += gridDim.x) {
        const int64_t c0 = cb * cols;
        const int cc = n - c0 < cols ? int(n - c0) : cols;
        const T *first = A + c0 * lda;
        const int sh = int(reinterpret_cast<uintptr_t>(first) % 16 / sizeof(T));  // elements before it in its vector
        const T *base = first - sh;
        const int span = (cc - 1) * ld + rows;  // elements from the first column's row 0 to the last one's row m-1
        const int nv = (sh + span + V - 1) / V, tail = (sh + span) % V;
        const int whole = tail == 0 ? nv : nv - 1;  // vectors read in one load
        T v[kUnroll][V];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int g = threadIdx.x + u * kThreads;
            if (g < whole) {
                load_v<T, V>(base + int64_t(g) * V, v[u]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    v[u][k] = T(0);
            }
            if (g == whole && tail != 0)  // the run ends inside it: nothing read past A's last element
#pragma unroll
                for (int k = 0; k < V; ++k)
                    v[u][k] = k < tail ? base[int64_t(g) * V + k] : T(0);
        }
        // x once per block, after its first loads of A are in flight (the
        // two round trips overlap).
        if (cb == blockIdx.x)
            for (int i = int(threadIdx.x) - V; i < ld + V; i += kThreads)
                xs[i] = i >= 0 && i < rows ? x[int64_t(i) * incx] : T(0);
        __syncthreads();  // xs written (first chunk); the sums' arrays free again (later ones)
        int l0 = int(threadIdx.x) * V - sh;           // the vector's first element, from the block's first
        int row = l0 - ((l0 + ld) / ld - 1) * ld;      // its row (the head before the first column: row >= lda - V)
        const int row_step = (kThreads * V) % ld;
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int g = threadIdx.x + u * kThreads;
            const int lo = l0 < 0 ? -l0 : 0, hi = span - l0 < V ? span - l0 : V;
            const int b0 = min(hi, rows - row);
            T s0 = T(0), s1 = T(0);
#pragma unroll
            for (int k = 0; k < V; ++k)
                s0 += (k >= lo && k < b0 ? v[u][k] : T(0)) * xs[row + k];
            if (row + V > ld) {
                const int a1 = max(lo, ld - row), b1 = min(hi, ld - row + rows);
#pragma unroll
                for (int k = 0; k < V; ++k)
                    s1 += (k >= a1 && k < b1 ? v[u][k] : T(0)) * xs[row + k - ld];
            }
            if (g < nv) {
                first_sum[g] = s0;
                next_sum[g] = s1;
            }
            l0 += kThreads * V;
            row += row_step;
            row -= row >= ld ? ld : 0;
        }
        __syncthreads();
        // Column j's elements start at position j*lda + sh of the run: its
        // first vector ga gives its second sum where that vector starts in
        // column j-1, ga+1..gb their first.
        for (int j0 = 0; j0 < cc; j0 += groups) {
            const int j = j0 + (threadIdx.x >> log_q);
            T acc = T(0);
            if (j < cc) {
                const int p0 = j * ld + sh, ga = p0 / V, gb = (p0 + rows - 1) / V;
                if (q == 0)
                    acc = ga * V < p0 ? next_sum[ga] : first_sum[ga];
                for (int g = ga + 1 + q; g <= gb; g += Q)
                    acc += first_sum[g];
            }
            for (int off = 1; off < Q; off *= 2)
                acc += __shfl_xor_sync(0xffffffffu, acc, off);
            if (j < cc && q == 0)
                store_output(y + (c0 + j) * incy, alpha, acc, beta);
        }
    }
}

// ---- scalar-t -------------------------------------------------------------------

// Op T over short columns (m <= 32 * kScalarRows) in element loads: P lanes
// a column (a power of two, P * kScalarRows >= m), lane l reads rows l,
// l + P, ..., l + (kScalarRows - 1) * P of kScalarCols columns at once
// (C = kThreads / P columns apart), every load predicated, all in flight
// together; each warp load covers P consecutive elements of 32 / P columns.
// Every column has the same rows, so a lane's kScalarRows elements of x are
// loaded once, into registers, for all its columns. No head, no tail: every
// lane runs the same instructions whatever m, lda and the columns'
// alignment are. The P sums of a column are added by shuffles in a fixed
// order.
template <typename T>
__global__ void __launch_bounds__(kThreads)
gemv_scalar_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
              T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int log_p)
{
    pdl_begin();
    constexpr int U = kScalarRows, K = kScalarCols;
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, n, beta);
        return;
    }
    const int P = 1 << log_p, C = kThreads >> log_p;
    const int c = threadIdx.x >> log_p, l = threadIdx.x & (P - 1);
    const int rows = int(m);
    T xr[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
        xr[u] = l + u * P < rows ? x[int64_t(l + u * P) * incx] : T(0);
    for (int64_t cb = blockIdx.x; cb * (K * C) < n; cb += gridDim.x) {
        T v[K][U];
#pragma unroll
        for (int k = 0; k < K; ++k) {
            const int64_t col = cb * (K * C) + k * C + c;
            const T *a = A + col * lda + l;
#pragma unroll
            for (int u = 0; u < U; ++u)
                v[k][u] = col < n && l + u * P < rows ? a[u * P] : T(0);
        }
#pragma unroll
        for (int k = 0; k < K; ++k) {
            const int64_t col = cb * (K * C) + k * C + c;
            T acc = T(0);
#pragma unroll
            for (int u = 0; u < U; ++u)
                acc += v[k][u] * xr[u];
            for (int off = 1; off < P; off *= 2)
                acc += __shfl_xor_sync(0xffffffffu, acc, off);
            if (l == 0 && col < n)
                store_output(y + col * incy, alpha, acc, beta);
        }
    }
}

// ---- flat-n ---------------------------------------------------------------------

// Op N over few rows packed one column after the other (lda close to m, at
// most kFlatNMaxVecs vectors), any m, lda and alignment: short-n's flat read
// for the columns short-n cannot take (lda not a power-of-two number of
// vectors, or off a 16-byte boundary). The matrix is one run of
// (n-1)*lda + m elements, read as 16-byte vectors from the line that holds
// A[0]; every warp load covers 512 contiguous bytes. Element e of vector g
// sits at position g*V - s + e of the run (s: A's elements past its 16-byte
// boundary), so its row is (g*V - s + e) mod lda. With P = lda/gcd(lda, V)
// (the period, in vectors, after which the rows repeat), a thread that
// steps over its vectors a multiple of P apart meets the same V rows in
// every vector: a block uses the most threads that are a multiple of P
// (`active`), each thread starts at vector blockIdx.x*span + t (span a
// multiple of active) and keeps V sums, one per row, and the x of the at
// most two columns each vector touches. The block adds its threads' sums
// per row in a fixed order (lanes P apart by shuffles, then per phase over
// the warps, then the V/gcd phase sums of a row), and the blocks' sums are
// finished as short-n's (partial sums, the last block adds them in order).
// Rows >= m (lda > m) are summed and dropped, never stored; the run's first
// vector (when A is off a 16-byte boundary: it starts before A, inside A's
// line) and its last (when the run ends inside it: nothing is read past A's
// last element) are read element by element, so no element outside A is
// used.
template <typename T, int V>
__global__ void __launch_bounds__(kThreads, sizeof(T) == sizeof(float) ? 3 : 2)
gemv_flat_n(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
            T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int period, int active, int outs,
            Split sp)
{
    pdl_begin();
    constexpr int U = kUnroll;
    __shared__ T red[kThreads * V];             // each thread's V row sums
    __shared__ T phase[kFlatNMaxVecs * V * V];  // per (phase p, element e): the block's sum
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        if (blockIdx.x == 0)
            scale_outputs(y, incy, m, threadIdx.x, kThreads, beta);
        return;
    }
    const int t = threadIdx.x, lane = t % 32, ld = int(lda);
    const int s = int(reinterpret_cast<uintptr_t>(A) % 16 / sizeof(T));
    const T *base = A - s;                      // the 16-byte line that holds A[0]
    const int64_t end = (n - 1) * lda + m;      // elements in the run
    const int64_t nvec = (s + end + V - 1) / V;
    const bool tail = (s + end) % V != 0;       // the last vector reaches past A's last element
    T acc[V];
#pragma unroll
    for (int e = 0; e < V; ++e)
        acc[e] = T(0);
    if (t < active) {
        // Block b reads vectors [b*span, (b+1)*span), a thread every active-th.
        const int64_t first = int64_t(blockIdx.x) * sp.span;
        const int64_t bend = first + sp.span < nvec ? first + sp.span : nvec;
        const int64_t g0 = first + t;
        const int64_t pos0 = g0 * V - s;  // >= -(V-1), and V <= lda
        const int64_t c0 = pos0 >= 0 ? pos0 / ld : -1;  // column of the thread's first element
        const int r0 = int(pos0 - c0 * ld);             // its row: element e is in column c0 + 1 where r0 + e >= ld
        const int64_t dcol = int64_t(active) * V / ld;  // columns between two of the thread's vectors
        // A vector at the edge of the run: only its elements inside A.
        const auto edge = [&](int64_t g, int64_t c) {
#pragma unroll
            for (int e = 0; e < V; ++e) {
                const int64_t pos = g * V - s + e;
                if (pos >= 0 && pos < end)
                    acc[e] += base[g * V + e] * x[(c + (r0 + e >= ld ? 1 : 0)) * incx];
            }
        };
        int64_t g = g0, c = c0;
        if (g == 0 && s > 0 && g < bend) {
            edge(g, c);
            g += active;
            c += dcol;
        }
        const int64_t lim = tail && bend == nvec ? nvec - 1 : bend;  // interior vectors end here
        for (; g < lim; g += int64_t(U) * active, c += int64_t(U) * dcol) {
            T v[U][V], x0[U], x1[U];
#pragma unroll
            for (int u = 0; u < U; ++u) {
                const int64_t gu = g + int64_t(u) * active, cu = c + int64_t(u) * dcol;
                if (gu < lim) {
                    load_v<T, V>(base + gu * V, v[u]);
                    x0[u] = x[cu * incx];
                    x1[u] = x[(cu + 1 < n ? cu + 1 : cu) * incx];
                } else {
#pragma unroll
                    for (int e = 0; e < V; ++e)
                        v[u][e] = T(0);
                    x0[u] = x1[u] = T(0);
                }
            }
#pragma unroll
            for (int u = 0; u < U; ++u)
#pragma unroll
                for (int e = 0; e < V; ++e)
                    acc[e] += v[u][e] * (r0 + e >= ld ? x1[u] : x0[u]);
        }
        // The run's last vector, where this thread owns it.
        if (tail && bend == nvec && nvec - 1 >= g0 && (nvec - 1 - g0) % active == 0 && !(nvec == 1 && s > 0))
            edge(nvec - 1, c0 + (nvec - 1 - g0) / active * dcol);
    }
    // Lanes period apart hold the same rows: lanes l < period end with
    // their warp's sums (lanes past the warp's end count as zero).
    if (period < 32)
        for (int d = period; d < 32; d *= 2)
#pragma unroll
            for (int e = 0; e < V; ++e) {
                const T o = __shfl_down_sync(0xffffffffu, acc[e], d);
                if (lane + d < 32)
                    acc[e] += o;
            }
#pragma unroll
    for (int e = 0; e < V; ++e)
        red[t * V + e] = acc[e];
    __syncthreads();
    // Per phase p and element e (u = p*V + e): over the warps (period < 32:
    // the lane of warp w with that phase), or over the threads of the phase.
    for (int u = t; u < period * V; u += kThreads) {
        const int p = u / V, e = u % V;
        T sum = T(0);
        if (period < 32) {
            for (int w = 0; w < kWarps; ++w)
                sum += red[(w * 32 + ((p - 32 * w) % period + period) % period) * V + e];
        } else {
            for (int q = p; q < active; q += period)
                sum += red[q * V + e];
        }
        phase[u] = sum;
    }
    __syncthreads();
    // Row r: the u = p*V + e with u = r + s (mod lda), in order.
    const bool owns = t < m;
    T sum = T(0);
    if (owns)
        for (int u = (t + s) % ld; u < period * V; u += ld)
            sum += phase[u];
    if (sp.splits == 1) {
        if (owns)
            store_output(y + t * incy, alpha, sum, beta);
    } else if (publish_partials<T>(sp, blockIdx.x, 0, t, sum, owns)) {
        finish_tile<T>(sp, 0, 0, outs, m, y, incy, alpha, beta);  // outs: m rounded up to a power of two
    }
}

// ---- dispatch ------------------------------------------------------------------

// Splits of a split-reduction kernel whose last block reads S partial sums
// of outs outputs: tiles * splits at most a wave of blocks (want; whole
// waves, as plan_split: rounded up, tall-t's 5 or 7 groups overfilled a
// wave by a few blocks that ran alone after it, 1.13-1.28x the time,
// entry 41 of docs/notes-gemv.md), at most max_splits (each at least a row
// of loads), within the workspace and within 64 loads per finishing thread
// (as plan_split).
template <typename T>
Split plan_blocks(const mv_gemv_args &a, int64_t want, int64_t max_splits, int64_t len_y, int outs, int64_t tiles)
{
    Split sp = no_split(a, 0, len_y, sizeof(T));
    if (!a.split_ws || tiles > a.split_counter_count)
        return sp;
    const int64_t per_tile = want / tiles;
    const int64_t s = cap_splits(a, per_tile < max_splits ? per_tile : max_splits, sizeof(T), sp.stride, kThreads / outs);
    sp.splits = s < 1 ? 1 : s;
    return sp;
}

template <typename T>
bool launch_short(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int W = Vec16<T>::width;
    // Columns of up to 32 vectors, both ops. Op T at G = 32 (double m =
    // 64, float m = 128) lost to tiled-t while short-t ran one wave of
    // blocks (entry 20), and wins since it runs many short ones (entry 27:
    // double 64 x 2^20 from 92.0% to 94.1% of the read bandwidth cold,
    // float 128 x 131072 from 82% to 88%).
    // Op T over any m of whole vectors (m and lda multiples of W): G lanes
    // a column, the power of two at or above m's vectors, the lanes past
    // m idle. Where m's vectors are not a power of two (float m of 12,
    // 36, 68, double 10, 30, ...) tiled-t gave each column P lanes and a
    // predicated tail; short-t with idle lanes took 0.57-0.94x its time on
    // all 26 such shapes measured (3-28 vectors, 53-94% of the lanes busy,
    // 0.4-213 MiB; entry 57 of docs/notes-gemv.md): a warp load still
    // covers whole columns, and the blocks' one round of eight loads
    // needs no tail. Op N likewise (short-n, each thread's rows the same
    // in every column): such columns went to tiled-n, split across blocks
    // below 16 MiB (double 30 x 6243: 1.88x the read kernel).
    if (a.m <= 0 || a.m % W != 0 || a.m > 32 * W)
        return false;
    const int64_t g = int64_t(1) << log2_ceil(a.m / W);
    const int log_g = log2_ceil(g);
    const int64_t total = a.n * g;
    const T *A = static_cast<const T *>(a.A), *x = static_cast<const T *>(a.x);
    T *y = static_cast<T *>(a.y);
    if (a.trans) {
        // A block reads kUnroll rounds (kThreads vectors each) once: eight
        // loads in flight per thread, then it ends. Many short blocks let
        // the block scheduler give the next share to whichever SM is free,
        // where a wave of equal long shares ended with the slowest SM:
        // measured 2-6 points of the read bandwidth more at 128-512 MB, and
        // no slower on small shapes (entry 27 of docs/notes-gemv.md). Past
        // kMaxBlocks blocks (2^31 vectors) a block reads more rounds.
        const int64_t rounds = (total + kThreads - 1) / kThreads;
        int64_t per = kUnroll;  // rounds per block
        if ((rounds + per - 1) / per > kMaxBlocks)
            per = (rounds + kMaxBlocks - 1) / kMaxBlocks;
        const int64_t span = per * kThreads;
        *err = launch_short_t<T, W>(a, log_g, unsigned((total + span - 1) / span), span);
    } else {
        // Op N with idle lanes only below G = 32: at G = 32 (a warp one
        // column, float m 68 and 96, double 36 and 40) it took 0.98-1.24x
        // tiled-n's time from 23 MiB up, while every G <= 16 shape measured
        // took 0.64-1.00x (entry 58 of docs/notes-gemv.md). Not understood
        // yet: a guess is that this loop's rounds (op T's blocks read one
        // round and end) keep too few bytes in flight with half-idle warps.
        if (g == 32 && a.m != g * W)
            return false;
        // Spans of whole rounds of the block (kThreads vectors), at least
        // kUnroll rounds each (a split costs a fence, an atomic and a share
        // of the finish: mid-size shapes of 2^17 vectors measured 10-20%
        // slower with a split per round), about a wave of blocks, within
        // the workspace and a short finish.
        const int64_t rounds = (total + kThreads - 1) / kThreads;
        const bool flat = a.lda == g * W;
        const int64_t want = flat ? wave_blocks<gemv_short_n<T, W, true>>(a) : wave_blocks<gemv_short_n<T, W, false>>(a);
        Split sp = plan_blocks<T>(a, want, (rounds + kUnroll - 1) / kUnroll, a.m, int(g * W), 1);
        const int64_t per = (rounds + sp.splits - 1) / sp.splits;
        sp.span = per * kThreads;
        sp.splits = (total + sp.span - 1) / sp.span;
        *err = launch_kernel(a, flat ? gemv_short_n<T, W, true> : gemv_short_n<T, W, false>, dim3(unsigned(sp.splits)),
                             a.m, a.n, A, a.lda, log_g, x, a.incx, y, a.incy, a.alpha, a.beta, sp);
    }
    return true;
}

// tall-t's columns per block: the K of 4, 8 and 16 (at most kmax) with the
// fewest loads a row step costs over all blocks, groups * (K + x_loads)
// with groups = ceil(n / K): K columns and x's vectors a group (one over
// aligned columns, two over shifted ones: the x window). A last group of
// fewer columns re-reads its last column for the missing ones, an L1 hit,
// but still an issued load. On a tie the larger K, whose fewer groups read
// x fewer times. Aligned: n = 9-12 and 17-20 take K = 4, n = 21-24, 33-40
// and 49-56 K = 8, where K = 16 re-read up to 7 columns a group: entry 40
// of docs/notes-gemv.md (H100, cold, 14 shapes of m 83062-1891288, n
// 9-50): 0.917x the time of K = 16 (0.75-1.06; float 1817268 x 10, 72 MB,
// 1.06x: x read by three groups, 7 MB each time). Shifted (K of 2, 4 and
// 8, two loads of x a group): K = 2 for n of 1-2, 4 for 3-4 and 9-12, 8
// for the others; entry 41 (H100, 28 shapes: K by this count took 0.880x
// the time of the tiled path, the better of K = 4 and 8 shape by shape
// 0.878x; counting x as one load picked K = 4 for n of 17-28, 1.41-1.49x
// on the three such shapes of 63-160 MB).
inline int tall_t_columns(int64_t n, int kmin, int kmax, int x_loads)
{
    int best = kmax;
    int64_t best_loads = (n + kmax - 1) / kmax * (kmax + x_loads);
    for (int k = kmax / 2; k >= kmin; k /= 2) {
        const int64_t loads = (n + k - 1) / k * (k + x_loads);
        if (loads < best_loads)
            best = k, best_loads = loads;
    }
    return best;
}

template <typename T, int K, bool Shift>
cudaError_t launch_tall_t(const mv_gemv_args &a)
{
    constexpr int W = Vec16<T>::width;
    const int64_t groups = (a.n + K - 1) / K;
    const int64_t want = wave_blocks<gemv_tall_t<T, W, K, Shift>>(a);
    const int64_t rows = Shift ? a.m + W - 1 : a.m;
    const int64_t per_step = int64_t(kThreads) * W * (kTallLoads<Shift> / K);
    const int64_t steps = (rows + per_step - 1) / per_step;
    const Split sp = plan_blocks<T>(a, want, steps, a.n, K, groups);
    const dim3 grid(unsigned(sp.splits), unsigned(groups));
    return launch_kernel(a, gemv_tall_t<T, W, K, Shift>, grid, a.m, a.n, static_cast<const T *>(a.A), a.lda,
                         static_cast<const T *>(a.x), a.incx, static_cast<T *>(a.y), a.incy, a.alpha, a.beta, sp);
}

// tall-t over any columns: aligned ones, or (Shift) columns off a 16-byte
// boundary, read in aligned vectors all the same (see the kernel).
template <typename T, bool Shift>
bool launch_tall_t_any(const mv_gemv_args &a, cudaError_t *err)
{
    if (!a.trans || a.n > kTallMaxN || a.m * int64_t(sizeof(T)) < kTallMinXBytes)
        return false;
    // Shifted: K of 2-8 (8 loads a step), x's window two loads a group.
    const int k = tall_t_columns(a.n, Shift ? 2 : 4, kTallLoads<Shift>, Shift ? 2 : 1);
    if constexpr (Shift)
        *err = k == 2 ? launch_tall_t<T, 2, true>(a)
               : k == 4 ? launch_tall_t<T, 4, true>(a)
                        : launch_tall_t<T, 8, true>(a);
    else
        *err = k == 4 ? launch_tall_t<T, 4, false>(a) : k == 8 ? launch_tall_t<T, 8, false>(a)
                                                               : launch_tall_t<T, 16, false>(a);
    return true;
}

// Row vectors per tile of tall-n and tall-n-shift (full: a block's whole
// tile, one per thread), for vecs row vectors and want blocks a wave. A
// block owns a tile and streams its rows through all n columns, 8 loads
// in flight a thread (32 KB a block), so a tile takes a block's rate, not
// the GPU's. Whole tiles fill c = ceil(tiles / want) waves, the last with
// the tiles left over: while that last wave holds a quarter of a wave or
// more, its blocks keep the bandwidth-latency product in flight (3-4
// blocks of 32 KB a SM on a quarter of the SMs: ~3-4 MB, about 3.1 TB/s
// for 1 us) and the time is the bytes'; below, a few blocks each pull a
// whole tile at a block's rate while the other SMs idle. There the tiles
// shrink evenly to c whole waves (threads past a tile's rows idle). Returns
// 0 where whole tiles make less than a wave (the kernels are not taken).
// Measured (entry 45 of docs/notes-gemv.md, H100, cold): on the 18
// shapes of two lists this takes (1.01-1.24 and 2.01-2.20 waves), 0.95x
// the time of whole tiles (0.87-1.02; n of 40-63 at 1.01-1.16 waves,
// tiles of 180-250 KB, 0.87-0.96); where the last wave held a quarter or
// more (1.32-1.93 waves), even tiles were 0.99-1.10x: whole tiles stay.
inline int tall_n_tile(int64_t vecs, int full, int64_t want)
{
    const int64_t tiles = (vecs + full - 1) / full;
    if (tiles < want)
        return 0;
    const int64_t c = (tiles + want - 1) / want;
    const int64_t last = tiles - (c - 1) * want;
    if (4 * last >= want)
        return full;
    return int((vecs + c * want - 1) / (c * want));  // at most full: c * want whole tiles cover vecs
}

template <typename T>
bool launch_tall(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int W = Vec16<T>::width;
    if (a.n > kTallMaxN)
        return false;
    if (a.trans)
        return launch_tall_t_any<T, false>(a, err);
    // Each thread owns W rows: blocks of q*W rows (tall_n_tile), a wave at least.
    const int q = tall_n_tile((a.m + W - 1) / W, kThreads, wave_blocks<gemv_tall_n<T, W>>(a));
    if (q == 0)
        return false;
    *err = launch_kernel(a, gemv_tall_n<T, W>, dim3(blocks_for(a.m, int64_t(q) * W)), a.m, int(a.n),
                         static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x), a.incx,
                         static_cast<T *>(a.y), a.incy, a.alpha, a.beta, q);
    return true;
}

// tall-n-shift: op N, n <= 64, columns off a 16-byte boundary, where its
// tiles of (kThreads - 1) * W rows make a wave (as tall-n's do).
template <typename T>
bool launch_tall_n_shift(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int W = Vec16<T>::width;
    if (a.trans || a.n > kTallMaxN)
        return false;
    // The vectors a tile covers (the one past its rows is read to lend).
    const int q = tall_n_tile((a.m + W - 1) / W, kThreads - 1, wave_blocks<gemv_tall_n_shift<T, W>>(a));
    if (q == 0)
        return false;
    *err = launch_kernel(a, gemv_tall_n_shift<T, W>, dim3(blocks_for(a.m, int64_t(q) * W)), a.m, int(a.n),
                         static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x), a.incx,
                         static_cast<T *>(a.y), a.incy, a.alpha, a.beta, q);
    return true;
}

// Op T over columns of at most kFlatMaxVecs vectors that start off a
// 16-byte boundary (lda not a multiple of the vector, or A itself) and lie
// nearly one after the other (lda - m less than a vector, or at most an
// eighth of m: the rows between are read and dropped), where the blocks
// make a wave and a quarter (columns of up to kFlatLongVecs: 8 waves, see
// below): gemv_flat_t. The tiled kernel gives such a
// column 4-16 threads of one vector or a few each, with scalar loads for
// every column's head and for x beside it; flat-t reads 512 contiguous
// bytes per warp load, eight in flight per thread, and pays for it in
// instructions (each element's column and row, x from shared memory) and a
// pass through shared memory between two barriers. Measured (entry 29 of
// docs/notes-gemv.md, H100, cold, random shapes): from 1.25 waves of blocks
// flat-t took 0.87x tiled-t's time (geomean of 93 shapes, none slower by
// 3%); below, every block's chain (its slowest load, the barriers, the
// pass) is the call's time and tiled-t's warps, which end on their own,
// were faster (up to 1.4x at 0.2-0.9 waves, 1.0-1.06x at 1.0-1.2). On
// aligned columns tiled-t's loads are whole vectors already, and flat-t
// lost: float 256 x 16384 (lda of 64 vectors: its shared-memory reads
// conflict) 9.2 against 5.4 us hot, double 128 x 32768 12.8 against 8.6.
// Every block takes the most columns its vectors hold: blocks of fewer
// columns, more of them, were slower at every size (1.03-1.45x).
// Columns of 65-128 vectors (16-31 of them a block) only from 8 waves of
// blocks. There tiled-t's one wave of blocks, each on its own columns to
// the end, kept DRAM 80-84% busy under ncu, and flat-t's thousands of
// 32 KiB runs taken in address order as SMs free up 86-87%, with the same
// DRAM bytes (float 339 x 354911, double 253 x 155743); under 8 waves
// flat-t's own costs (x staged a block, the pass between two barriers)
// were more than that. Entries 67-68 of docs/notes-gemv.md (H100, cold,
// three passes on fresh shapes): from 8 waves 0.96x tiled-t's time (37
// points, worst 1.017), under 8 waves 1.01-1.04x, 129-256 vectors
// 1.07-1.10x at any size.
template <typename T>
bool launch_flat_t(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int W = Vec16<T>::width;
    const int64_t vecs = (a.m + W - 1) / W;
    if (!a.trans || vector_ok<T>(a) || a.lda < W || a.lda > kFlatMaxLda<T> || vecs > kFlatLongVecs ||
        (a.lda - a.m >= W && 8 * a.lda > 9 * a.m))
        return false;
    // Columns per block: as many as kUnroll rounds of the block's vectors
    // hold (the run may start up to W-1 elements before the first column).
    const int64_t cols = (int64_t(kThreads) * kUnroll * W - (W - 1)) / a.lda;
    const int64_t blocks = (a.n + cols - 1) / cols;
    const int64_t want = wave_blocks<gemv_flat_t<T, W>>(a);
    if (vecs <= kFlatMaxVecs ? 4 * blocks < 5 * want : blocks < kFlatLongWaves * want)
        return false;
    // Q threads per column for the block's sums: the most (up to a warp)
    // that still give every column its threads at once.
    int log_q = 0;
    while (log_q < 5 && (cols << (log_q + 1)) <= kThreads)
        ++log_q;
    *err = launch_kernel(a, gemv_flat_t<T, W>, dim3(unsigned(blocks < kMaxBlocks ? blocks : kMaxBlocks)), a.m,
                         a.n, static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x), a.incx,
                         static_cast<T *>(a.y), a.incy, a.alpha, a.beta, int(cols), log_q);
    return true;
}

// Op T over short columns off a 16-byte boundary that flat-t does not take
// (under 1.25 waves of its blocks), where scalar-t's grid makes half a wave
// to 2.5 waves: gemv_scalar_t. tiled-t gives such a column P = 2-16
// threads of a few vectors each, and the column's head (the rows before
// its first 16-byte boundary, a different count in neighbouring columns),
// its tail and the lanes of one vector fewer all take branches of their
// own: under ncu its warps ran 16-19 of their 32 lanes (entry 52 of
// docs/notes-gemv.md), and in a grid that fills the SMs the issue slots
// those branches take are the call's time. scalar-t runs every lane on
// every instruction (predicated element loads, x in registers) and pays
// in loads: a warp load moves 128 (float) or 256 bytes where tiled-t's
// move 512. So it wins where the call is a few rounds of issue-bound
// warps and loses where it streams. Measured (entry 53 of
// docs/notes-gemv.md, H100, cold), with its grid at 0.5-2.5 waves: 0.83x
// the time of tiled-t on 35 fresh shapes of 4-23 MB (0.64-0.99), 0.84x on
// the 12 such shapes of the docs' random draw (float 127 x 24190 10.4 ->
// 6.8 us, cuBLAS 8.5); below half a wave (one round trip either way) 1.01x,
// as many lost as won; one column at a time a lane, as the kernel of every
// short op T, 1.1-1.6x the time of flat-t and tiled-t from 20 MB on, where
// they stream in 16-byte loads.
template <typename T>
bool launch_scalar_t(const mv_gemv_args &a, cudaError_t *err)
{
    if (!a.trans || vector_ok<T>(a) || a.m > 32 * kScalarRows)
        return false;
    const int log_p = log2_ceil((a.m + kScalarRows - 1) / kScalarRows);  // the smallest P with P * rows >= m
    const int64_t per_block = int64_t(kScalarCols) * (kThreads >> log_p);
    const int64_t blocks = (a.n + per_block - 1) / per_block;
    const int64_t want = wave_blocks<gemv_scalar_t<T>>(a);
    if (2 * blocks < want || 2 * blocks > 5 * want)
        return false;
    *err = launch_kernel(a, gemv_scalar_t<T>, dim3(unsigned(blocks)), a.m, a.n, static_cast<const T *>(a.A), a.lda,
                         static_cast<const T *>(a.x), a.incx, static_cast<T *>(a.y), a.incy, a.alpha, a.beta,
                         log_p);
    return true;
}

// Op N over rows packed one column after the other, lda of at most
// kFlatNMaxVecs vectors (lda - m less than a vector, or at most an eighth of
// m: the rows between are read and dropped), columns off a 16-byte boundary
// (launch_skinny): gemv_flat_n. tiled-n gives such columns scalar loads
// rows a warp apart, or tiled-n-shift's realigned vectors, in tiles of
// 32-64 threads along rows that few rows leave mostly idle; flat-n read
// them in 0.91-0.98x tiled-n's time by size class (entry 30 of
// docs/notes-gemv.md, H100, cold, random shapes). A block's round is one
// vector per active thread; its blocks as the comment below says.
template <typename T>
bool launch_flat_n(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int W = Vec16<T>::width;
    if (a.trans || a.lda < W || a.lda > int64_t(kFlatNMaxVecs) * W || (a.lda - a.m >= W && 8 * a.lda > 9 * a.m))
        return false;
    const int ld = int(a.lda);
    const int period = ld / int(lda_vec_gcd<T>(a.lda)), active = kThreads / period * period;
    const int s = int(reinterpret_cast<uintptr_t>(a.A) % 16 / sizeof(T));
    const int64_t nvec = (s + (a.n - 1) * a.lda + a.m + W - 1) / W;
    const int64_t rounds = (nvec + active - 1) / active;
    const int outs = 1 << log2_ceil(a.m);  // the finish's tile: m <= lda <= 128
    // Blocks: while a thread's share is one or two loops of kUnroll loads
    // (DRAM round trips), the fewest loops the finish's cap on blocks
    // allows, then the fewest blocks that need no more (a block of 9 rounds
    // where 8 would do pays a second round trip for one load). From three
    // loops on the call streams: then a wave of blocks, past that cap (a
    // longer finish, a few us against tens), keeps more bytes in flight
    // (at m of 64-128 floats the cap left 128 blocks of 2-3 KB in flight
    // each, 75-80% of the read bandwidth). Entry 30 of docs/notes-gemv.md.
    // From three loops, where the kernel holds three blocks an SM or more
    // and A is under 32 MiB: half that wave. Half the blocks still keep
    // 1.5 an SM, ~45 KB of loads in flight, more than an SM's share of the
    // read bandwidth needs (~25 KB), and the call's fixed end (the last
    // block's read of every block's sums: at m of 65-128 floats seven
    // rounds of eight loads a thread, and the blocks' own ends) halves:
    // ~1.5 us saved, while the stream slows by ~5% (one SM in two holds a
    // block less). Measured, the two cross at ~25-30 us (46-58 MiB of
    // float here); under 32 MiB (calls of up to ~19 us) the gain is still
    // a third of the saving or more, against single shapes' spread of
    // +-5% about their class's mean. Entry 75 of docs/notes-gemv.md
    // (H100, cold, knob runs, both passes, 41 fresh float shapes): under
    // 32 MiB 0.82-1.01x the time (geomean 0.937, 17 of 19 faster, one
    // even), 32-64 MiB 0.94-1.07x (0.986), from 64 MiB 0.96-1.06x (1.003);
    // double's two blocks an SM halved to one lost 1-10%.
    const int64_t want = wave_blocks<gemv_flat_n<T, W>>(a);
    Split sp = plan_blocks<T>(a, want, rounds, a.m, outs, 1);
    const int64_t loops = (rounds + kUnroll * sp.splits - 1) / (kUnroll * sp.splits);
    if (loops <= 2) {
        sp.splits = (rounds + kUnroll * loops - 1) / (kUnroll * loops);
    } else {
        const bool half = want >= 3 * sm_count_of(a) && double(nvec) * 16.0 < 32.0 * (1 << 20);
        sp = plan_blocks<T>(a, half ? want / 2 : want, rounds, a.m, 1, 1);
    }
    const int64_t per = (rounds + sp.splits - 1) / sp.splits;
    sp.span = per * active;
    sp.splits = (nvec + sp.span - 1) / sp.span;
    *err = launch_kernel(a, gemv_flat_n<T, W>, dim3(unsigned(sp.splits)), a.m, a.n, static_cast<const T *>(a.A),
                         a.lda, static_cast<const T *>(a.x), a.incx, static_cast<T *>(a.y), a.incy, a.alpha,
                         a.beta, period, active, outs, sp);
    return true;
}

template <typename T>
bool launch_skinny(const mv_gemv_args &a, cudaError_t *err)
{
    // short-n, short-t and the tall kernels take 16-byte aligned columns,
    // flat-t, scalar-t, flat-n and the tall kernels' shifted forms the others
    // (aligned columns of op N that short-n does not take stay with
    // tiled-n and thin-n: flat-n was even there, 0.93-1.02x their time by
    // size class, entry 30).
    if (vector_ok<T>(a))
        return launch_short<T>(a, err) || launch_tall<T>(a, err);
    return launch_flat_t<T>(a, err) || launch_scalar_t<T>(a, err) || launch_flat_n<T>(a, err) ||
           launch_tall_t_any<T, true>(a, err) || launch_tall_n_shift<T>(a, err);
}

}  // namespace
}  // namespace mv

extern "C" int mv_gemv_skinny_launch(mv_dtype dtype, const mv_gemv_args *args, cudaError_t *err)
{
    return dtype == MV_DTYPE_S ? mv::launch_skinny<float>(*args, err) : mv::launch_skinny<double>(*args, err);
}
