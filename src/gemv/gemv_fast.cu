// The fast GEMV kernels of the default path: one launch per call, 16-byte
// loads where alignment allows, the reduction split across blocks when the
// output is too short to fill the GPU, and the split partial sums combined in
// a fixed order by the last block to finish (deterministic, no float
// atomics, no memset: the last block resets its counter for the next call).
//
// `tiled-n` (op N): a block owns a tile of TX*V consecutive rows; thread
//   (tx, ty) reads V rows of quads of 4 consecutive columns (every TY-th
//   quad of its split) with 16-byte loads of A and of x, four columns in
//   flight, and the TY partial sums of a row are combined by shuffles and
//   then through shared memory. Napkin math:
//   every byte of A is read once, coalesced, with 4 x 16 bytes in flight per
//   thread, four blocks per SM, and enough blocks (splits of the columns,
//   one round of loads each) to fill 132 SMs: the read bandwidth on large
//   shapes, one launch (~4-5 us) on small ones. Where its blocks make one
//   wave of 2.1-3 an SM, the pipelined instance (three an SM, 78-80
//   registers): the next quad's loads of A out before this quad's FMAs,
//   eight in flight.
// `tiled-n-shift` (op N, columns off a 16-byte boundary: lda not a multiple
//   of the vector): tiled-n's tiles and splits with 16-byte loads of the
//   aligned vectors around each column's rows, realigned once per tile
//   (see the kernel). The variant tiled-n-scalar keeps tiled-n's scalar
//   loads (rows TX apart) for such columns.
// `thin-n` (op N, aligned columns, A of 32 KB to 8 MB with at least 64
//   tiles, or to 32 MB with at least 128-256): a block owns a tile of P*V
//   rows, one, two or four 16-byte vectors of every column, and all n
//   columns, so nothing is split and no partial sums cross blocks. There
//   the split chain of tiled-n (partial sums, counter, the last block's
//   loads: 1-2 us) costs more than reading 16-64 bytes per column instead
//   of 256; on larger matrices the short runs cost more (entry 24 of
//   docs/notes-gemv.md).
// `tiled-t` (op T): P threads share a column (P from m: 1..256, the
//   smallest that covers a column in one round of eight vector loads per
//   thread, or where the column blocks make more than four waves the
//   largest that leaves each thread a full round; halved while the blocks
//   make one to four waves), 256/P columns
//   per block; each thread reads V rows at a time. Four blocks per SM (64
//   registers): rounds of four vectors with A's and x's loads all out
//   before the FMAs, the vectors left in one predicated round. Float,
//   where the vectors left after rounds of eight average half a vector
//   per thread or more: three blocks per SM (78-80 registers), rounds of
//   eight, x's loads beside the FMAs, the vectors left in predicated
//   rounds of four. Double, where its blocks make one wave of 2.1-3 an
//   SM: the pipelined instance (three an SM, 80 registers), rounds of four
//   with the next round's loads of A out before this round's FMAs.
//   The P partial sums are combined by shuffles (and shared memory when
//   P > 32). Long columns with few outputs are split over rows.
//   Napkin math: as tiled-n: A read once, coalesced along columns. A column
//   that does not start on a 16-byte boundary (odd lda) takes its first
//   r < V rows in scalar loads and the rest in 16-byte loads, so odd lda
//   keeps the 16-byte path (entry 11 of docs/notes-gemv.md).
// `tiled-t-cols4` (op T, columns too long for x to stay in L1): a block takes
//   four columns and each x vector serves four loads of A, so the L2
//   traffic for x drops from one x per column to one per four columns.
// Short-wide and tall-skinny shapes take the kernels of gemv_skinny.cu
// (launch() below tries them first).
#include <algorithm>
#include <cmath>

#include "gemv_split.cuh"

namespace mv {
namespace {

// Rows of one column for tiled-n: V consecutive rows in one 16-byte load
// (Vec), or, where the column is not 16-byte aligned (odd lda), V rows TX
// apart in scalar loads, which are coalesced across the warp instead.
template <typename T, int V, bool Vec>
__device__ __forceinline__ void load_rows_n(const T *a, bool full, int64_t rows_left, int step, T (&v)[V])
{
    if constexpr (Vec) {
        load_rows<T, V>(a, full, rows_left, v);
    } else {
#pragma unroll
        for (int k = 0; k < V; ++k)
            v[k] = full || int64_t(k) * step < rows_left ? __ldg(a + int64_t(k) * step) : T(0);
    }
}

// x[j0 .. j0+3]: 16-byte loads where x is contiguous and aligned (vec).
template <typename T>
__device__ __forceinline__ void load_x4(const T *x, int64_t j0, int64_t incx, bool vec, T (&xv)[4])
{
    if (vec) {
        constexpr int W = Vec16<T>::width;
#pragma unroll
        for (int h = 0; h < 4; h += W) {
            T part[W];
            load_v<T, W>(x + j0 + h, part);
#pragma unroll
            for (int k = 0; k < W; ++k)
                xv[h + k] = part[k];
        }
    } else {
#pragma unroll
        for (int c = 0; c < 4; ++c)
            xv[c] = x[(j0 + c) * incx];
    }
}

// ---- op N --------------------------------------------------------------------

// One quad of four columns in flight per thread (four loads of A, 64
// registers for float, four blocks per SM): entry 7 of docs/notes-gemv.md
// measured this against two quads (118 registers, two blocks per SM) with
// one-round splits; one quad was as fast on large shapes and faster on
// mid-size ones. Vec: 16-byte loads of V consecutive rows; else V rows TX
// apart (thread tx owns rows tx, tx + TX, ...), for unaligned columns.
// Pipe (78-80 registers, three blocks per SM; launch_n chooses): the next
// quad's four loads of A go out before this quad's FMAs, so eight are in
// flight; the same sums in the same order.
template <typename T, int V, bool Vec, bool Pipe>
__global__ void __launch_bounds__(kThreads, Pipe ? 3 : 4)
gemv_tiled_n(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
             T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int log_tx, Split sp)
{
    pdl_begin();
    __shared__ T red[kWarps][kThreads];  // partial row sums, one line per warp or per ty
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int TX = 1 << log_tx, TY = kThreads >> log_tx;
    const int tx = threadIdx.x & (TX - 1), ty = threadIdx.x >> log_tx;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int64_t rows_per_tile = int64_t(TX) * V;
    const int64_t tiles = (m + rows_per_tile - 1) / rows_per_tile;

    if (alpha == T(0)) {
        // y = beta*y: only the first split writes, no counters are used.
        if (blockIdx.y == 0)
            scale_outputs_grid(y, incy, m, beta);
        return;
    }

    const int64_t j_begin = int64_t(blockIdx.y) * sp.span;  // a multiple of 4
    const int64_t j_end = j_begin + sp.span < n ? j_begin + sp.span : n;
    const bool x_vec = incx == 1 && reinterpret_cast<uintptr_t>(x) % 16 == 0;
    for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        const int rstep = Vec ? 1 : TX;  // between a thread's rows
        const int64_t r0 = tile * rows_per_tile + (Vec ? int64_t(tx) * V : int64_t(tx));
        const bool full = r0 + int64_t(V - 1) * rstep < m;
        T acc[V];
#pragma unroll
        for (int k = 0; k < V; ++k)
            acc[k] = T(0);
        if (r0 < m) {
            const T *a = A + r0;
            // Thread ty takes quads of 4 consecutive columns, q = ty, ty+TY, ...
            const int64_t quads = (j_end - j_begin) / 4;
            int64_t q = ty;
            if constexpr (Pipe) {
                if (q < quads) {
                    T v[4][V];
                    const T *aq = a + (j_begin + 4 * q) * lda, *xq = x + (j_begin + 4 * q) * incx;
                    const int64_t a_step = 4 * int64_t(TY) * lda, x_step = 4 * int64_t(TY) * incx;
#pragma unroll
                    for (int c = 0; c < 4; ++c)
                        load_rows_n<T, V, Vec>(aq + c * lda, full, m - r0, rstep, v[c]);
                    for (;;) {
                        T xv[4], vn[4][V];
                        load_x4<T>(xq, 0, incx, x_vec, xv);
                        q += TY;
                        const bool more = q < quads;
                        aq += a_step;
                        if (more) {
#pragma unroll
                            for (int c = 0; c < 4; ++c)
                                load_rows_n<T, V, Vec>(aq + c * lda, full, m - r0, rstep, vn[c]);
                        }
#pragma unroll
                        for (int c = 0; c < 4; ++c)
#pragma unroll
                            for (int k = 0; k < V; ++k)
                                acc[k] += v[c][k] * xv[c];
                        if (!more)
                            break;
                        xq += x_step;
#pragma unroll
                        for (int c = 0; c < 4; ++c)
#pragma unroll
                            for (int k = 0; k < V; ++k)
                                v[c][k] = vn[c][k];
                    }
                }
            }
            for (; !Pipe && q < quads; q += TY) {
                T v[4][V], xv[4];
                const int64_t j0 = j_begin + 4 * q;
                load_x4<T>(x, j0, incx, x_vec, xv);
#pragma unroll
                for (int c = 0; c < 4; ++c)
                    load_rows_n<T, V, Vec>(a + (j0 + c) * lda, full, m - r0, rstep, v[c]);
#pragma unroll
                for (int c = 0; c < 4; ++c)
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc[k] += v[c][k] * xv[c];
            }
            // The last (j_end - j_begin) % 4 columns, one per thread.
            const int64_t j = j_begin + 4 * quads + ty;
            if (j < j_end) {
                T v[V];
                load_rows_n<T, V, Vec>(a + j * lda, full, m - r0, rstep, v);
                const T xj = x[j * incx];
#pragma unroll
                for (int k = 0; k < V; ++k)
                    acc[k] += v[k] * xj;
            }
        }
        // Combine the TY partial sums of each row in a fixed order: lanes of
        // a warp that share tx first (shuffles), then across warps.
        sum_lanes_apart(acc, TX);
        const int group = TX < 32 ? warp : ty;
        const int groups = TX < 32 ? kWarps : TY;
        if (TX >= 32 || lane < TX)
#pragma unroll
            for (int k = 0; k < V; ++k)
                red[group][Vec ? tx * V + k : tx + k * TX] = acc[k];
        __syncthreads();
        // Thread o finishes output row tile*rows_per_tile + o (rows_per_tile
        // <= kThreads by the choice of TX).
        const int o = threadIdx.x;
        const int64_t row = tile * rows_per_tile + o;
        const bool owns = o < rows_per_tile && row < m;
        T total = T(0);
        if (owns)
            for (int g = 0; g < groups; ++g)
                total += red[g][o];
        if (sp.splits == 1) {
            if (owns)
                store_output(y + row * incy, alpha, total, beta);
        } else if (publish_partials<T>(sp, blockIdx.y, tile, row, total, owns)) {
            const int64_t first = tile * rows_per_tile;
            finish_tile<T>(sp, tile, first, int(rows_per_tile), m - first < rows_per_tile ? m - first : rows_per_tile,
                           y, incy, alpha, beta);
        }
        __syncthreads();  // red[] is reused by the next tile
    }
}

// tiled-n-shift (op N, columns off a 16-byte boundary: lda not a multiple
// of the vector, or A itself off one): 16-byte loads for every column all
// the same. Column j's aligned vectors hold rows shifted by s_j (the
// column start's offset from a 16-byte boundary, in elements), and since
// 4*lda is a multiple of V, s_j depends only on j mod 4: the position of
// the column in its quad. Thread tx of a tile at row R0 loads, in column
// j, the aligned vector of rows R0 + tx*V - s_j .. +V-1 and adds it into
// acc[j mod 4], so each position keeps its own, fixed, row offset; at the
// end of the tile the four are put back in row order: the elements past
// the shift are the thread's rows R0 + tx*V .., those before it the rows
// of thread tx-1 (through shared memory). A tile's rows span TX+1 aligned
// vectors, so a tile of TX threads owns the rows of TX-1 of them (the
// last thread only lends its vector's head to thread TX-2): 1/TX of the
// loads are read twice, from L2. A vector that reaches past A's last
// element (the last rows of the last column) is read element by element;
// one that starts before A (the first column) is A's own 16-byte line,
// inside its allocation, and is read whole. Napkin math: the same bytes in
// flight as tiled-n with aligned columns (four 16-byte loads a thread),
// where tiled-n's scalar loads for such columns read each 128-byte run
// across two lines and lost 5-8% (entry 28 of docs/notes-gemv.md).
template <typename T, int V>
__global__ void __launch_bounds__(kThreads, 3)
gemv_tiled_n_shift(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
                   int64_t incx, T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int log_tx,
                   Split sp)
{
    pdl_begin();
    __shared__ T red[kWarps][kThreads];   // the rows' own sums, one line per warp or per ty
    __shared__ T lent[kWarps][kThreads];  // the sums thread tx holds for thread tx-1's rows
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int TX = 1 << log_tx, TY = kThreads >> log_tx;
    const int tx = threadIdx.x & (TX - 1), ty = threadIdx.x >> log_tx;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int64_t rows_per_tile = int64_t(TX - 1) * V;
    const int64_t tiles = (m + rows_per_tile - 1) / rows_per_tile;

    if (alpha == T(0)) {
        if (blockIdx.y == 0)
            scale_outputs_grid(y, incy, m, beta);
        return;
    }

    const int64_t j_begin = int64_t(blockIdx.y) * sp.span;  // a multiple of 4
    const int64_t j_end = j_begin + sp.span < n ? j_begin + sp.span : n;
    const bool x_vec = incx == 1 && reinterpret_cast<uintptr_t>(x) % 16 == 0;
    const T *const a_end = A + (n - 1) * lda + m;  // one past the last element
    int shift[4];
    quad_shifts<T, V>(A + j_begin * lda, lda, shift);
    for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        const int64_t r0 = tile * rows_per_tile + int64_t(tx) * V;  // the thread's first row
        T acc[4][V];
        zero(acc);
        if (r0 - V < m) {  // the vector holds a row of the matrix
            const T *a[4];
#pragma unroll
            for (int c = 0; c < 4; ++c)
                a[c] = A + r0 - shift[c];
            // A vector that starts before A lies in A's 16-byte line, which
            // belongs to A's allocation (allocations start on 256-byte
            // boundaries); one that reaches past A's last element may not:
            // its elements there are zeros.
            const auto load = [&](const T *p, T(&v)[V]) {
                if (p + V <= a_end) {
                    load_v<T, V>(p, v);
                } else {
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        v[k] = p + k < a_end ? __ldg(p + k) : T(0);
                }
            };
            // Thread ty takes quads of 4 consecutive columns, q = ty, ty+TY,
            // .... A thread's vector ends before row m + 2V - 1, so column j
            // cannot reach past A's last element when (n-1-j)*lda >= 2V:
            // the quads of such columns load without the check.
            const int64_t quads = (j_end - j_begin) / 4;
            const int64_t last_safe = n - 1 - (2 * V + lda - 1) / lda;  // the last such column
            const int64_t whole = (last_safe - j_begin + 1) / 4;
            const int64_t unchecked = last_safe < j_begin ? 0 : whole < quads ? whole : quads;
            int64_t q = ty;
            for (; q < unchecked; q += TY) {
                T v[4][V], xv[4];
                const int64_t j0 = j_begin + 4 * q;
                load_x4<T>(x, j0, incx, x_vec, xv);
#pragma unroll
                for (int c = 0; c < 4; ++c)
                    load_v<T, V>(a[c] + (j0 + c) * lda, v[c]);
#pragma unroll
                for (int c = 0; c < 4; ++c)
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc[c][k] += v[c][k] * xv[c];
            }
            for (; q < quads; q += TY) {
                const int64_t j0 = j_begin + 4 * q;
#pragma unroll
                for (int c = 0; c < 4; ++c) {
                    T v[V];
                    load(a[c] + (j0 + c) * lda, v);
                    const T xj = x[(j0 + c) * incx];
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc[c][k] += v[k] * xj;
                }
            }
            // The last (j_end - j_begin) % 4 columns, one per thread: quad
            // position ty.
            const int64_t j = j_begin + 4 * quads + ty;
            if (j < j_end) {
#pragma unroll
                for (int c = 0; c < 3; ++c)
                    if (c == ty) {
                        T v[V];
                        load(a[c] + j * lda, v);
                        const T xj = x[j * incx];
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            acc[c][k] += v[k] * xj;
                    }
            }
        }
        // Back to row order: element k of position c is row r0 + k - s_c,
        // the thread's own row k - s_c, or thread tx-1's row k - s_c + V.
        T own[V], lend[V];
        realign_shifted<T, V>(acc, shift, own, lend);
        // The TY partial sums of each row, in a fixed order: lanes of a
        // warp that share tx first (shuffles), then across warps.
        sum_lanes_apart(own, TX);
        sum_lanes_apart(lend, TX);
        const int group = TX < 32 ? warp : ty;
        const int groups = TX < 32 ? kWarps : TY;
        if (TX >= 32 || lane < TX)
#pragma unroll
            for (int k = 0; k < V; ++k) {
                red[group][tx * V + k] = own[k];
                lent[group][tx * V + k] = lend[k];
            }
        __syncthreads();
        // Thread o finishes row tile*rows_per_tile + o: its own sums, and
        // what the next thread lent it.
        const int o = threadIdx.x;
        const int64_t row = tile * rows_per_tile + o;
        const bool owns = o < rows_per_tile && row < m;
        T total = T(0);
        if (owns)
            for (int g = 0; g < groups; ++g)
                total += red[g][o] + lent[g][o + V];
        if (sp.splits == 1) {
            if (owns)
                store_output(y + row * incy, alpha, total, beta);
        } else if (publish_partials<T>(sp, blockIdx.y, tile, row, total, owns)) {
            // rows_per_tile outputs in a slot of TX*V (a power of two); the
            // first is a multiple of V, as the finish's vector loads need.
            const int64_t first = tile * rows_per_tile;
            finish_tile<T>(sp, tile, first, TX * V, m - first < rows_per_tile ? m - first : rows_per_tile, y, incy,
                           alpha, beta);
        }
        __syncthreads();  // red[] and lent[] are reused by the next tile
    }
}

// thin-n: tile blockIdx.x is rows [P*V*blockIdx.x, +P*V); thread (c, p)
// of a block of NT threads reads rows p*V .. p*V+V-1 of columns c, c + C,
// c + 2C, ... (C = NT/P) with U loads of A and U of x in flight, so a warp
// load covers 32/P columns of one tile. Lanes P apart hold the same rows:
// their sums are added by shuffles, then the NT/32 warps' in order (a fixed
// order). Scalar: each thread's V rows of a column by V scalar loads
// (columns off a 16-byte boundary), else by one 16-byte load where all V
// rows exist.
template <typename T, int V, int P, int NT, bool Scalar = false>
__device__ __forceinline__ void thin_n(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda,
                                       const T *__restrict__ x, int64_t incx, T *__restrict__ y, int64_t incy,
                                       mv_scalar alpha_s, mv_scalar beta_s)
{
    pdl_begin();
    constexpr int C = NT / P, R = P * V, U = kUnroll, NW = NT / 32;
    __shared__ T red[NW][R];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, m, beta);
        return;
    }
    const int p = threadIdx.x % P, c = threadIdx.x / P;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int64_t r0 = int64_t(blockIdx.x) * R + p * V;
    const bool full = !Scalar && r0 + V <= m;
    const int64_t rows_left = r0 + V <= m ? V : m - r0;
    T acc[V];
#pragma unroll
    for (int k = 0; k < V; ++k)
        acc[k] = T(0);
    if (r0 < m) {
        const T *a = A + r0;
        int64_t j = c;
        for (; j + (U - 1) * C < n; j += U * C) {
            T v[U][V], xv[U];
#pragma unroll
            for (int u = 0; u < U; ++u)
                load_rows<T, V>(a + (j + u * C) * lda, full, rows_left, v[u]);
#pragma unroll
            for (int u = 0; u < U; ++u)
                xv[u] = __ldg(x + (j + u * C) * incx);
#pragma unroll
            for (int u = 0; u < U; ++u)
#pragma unroll
                for (int k = 0; k < V; ++k)
                    acc[k] += v[u][k] * xv[u];
        }
        for (; j < n; j += C) {
            T v[V];
            load_rows<T, V>(a + j * lda, full, rows_left, v);
            const T xj = __ldg(x + j * incx);
#pragma unroll
            for (int k = 0; k < V; ++k)
                acc[k] += v[k] * xj;
        }
    }
    sum_lanes_apart(acc, P);
    if (lane < P)
#pragma unroll
        for (int k = 0; k < V; ++k)
            red[warp][lane * V + k] = acc[k];
    __syncthreads();
    const int64_t row = int64_t(blockIdx.x) * R + threadIdx.x;
    if (threadIdx.x < R && row < m) {
        T total = T(0);
        for (int w = 0; w < NW; ++w)
            total += red[w][threadIdx.x];
        store_output(y + row * incy, alpha, total, beta);
    }
}

// thin-n in blocks of 256 threads, four per SM (64 registers).
template <typename T, int V, int P>
__global__ void __launch_bounds__(kThreads, 4)
gemv_thin_n(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
            T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    thin_n<T, V, P, kThreads>(m, n, A, lda, x, incx, y, incy, alpha_s, beta_s);
}

// thin-n in blocks of kWideThreads (512), one per SM (70-80 registers), for
// about as many tiles as SMs: a block is then alone on its SM, and 512
// threads keep twice the loads in flight of 256 (entry 25 of
// docs/notes-gemv.md).
template <typename T, int V, int P, bool Scalar = false>
__global__ void __launch_bounds__(kWideThreads, 1)
gemv_thin_n_wide(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
                 int64_t incx, T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    thin_n<T, V, P, kWideThreads, Scalar>(m, n, A, lda, x, incx, y, incy, alpha_s, beta_s);
}

// ---- op T --------------------------------------------------------------------

// The barrier around the sums of column c's P > 32 threads in
// gemv_tiled_t. Own: the column's warps meet at a barrier of their own (ids
// 1-4 for P = 64 and 128; 0 is __syncthreads'), so the block's other
// columns go on to their next ones instead of waiting for the slowest warp
// of the block. ncu on double 2309 x 10981 (P = 128, the predicated tail,
// a looping grid): 12% of the warps' stall samples at the block barrier,
// against 2% in cuBLAS's kernel. Measured (entry 46 of docs/notes-gemv.md,
// H100, cold, three lists of P = 64 and 128 plans): with the predicated
// tail 0.93-1.01x the time on looping grids over 10000 columns or more
// (0.93-0.95x: double 2309 x 10981, 2196 x 15373, 2497 x 17704; float
// 2453 x 10811), about 1.00 on plans of a few thousand columns, none over
// 1.02x (knob-free: 17 plans, geomean 0.98); with the one-at-a-time tail (four
// blocks per SM) as many lost (float 2090 x 42725 1.05x, double 4848 x
// 2098 1.06x) as gained, so that instance keeps __syncthreads.
template <bool Own>
__device__ __forceinline__ void col_sync(int c, int P)
{
    if (Own && P == 64)
        asm volatile("bar.sync %0, 64;" ::"r"(1 + c) : "memory");
    else if (Own && P == 128)
        asm volatile("bar.sync %0, 128;" ::"r"(1 + c) : "memory");
    else
        __syncthreads();
}

// x's V values at rows i .. i + V - 1 where x + i is s elements past a
// 16-byte boundary (0 < s < V): the two aligned vectors around them, the
// values picked by s in two steps (by 1, then by 2), no dynamic indexing.
// Every element it loads lies in [x + i - s, x + i - s + 2V).
template <typename T, int V>
__device__ __forceinline__ void load_x_shifted(const T *x, int64_t i, int s, T (&xv)[V])
{
    T lo[V], hi[V];
    load_v<T, V>(x + i - s, lo);
    load_v<T, V>(x + i - s + V, hi);
    T t[2 * V - 1];
#pragma unroll
    for (int k = 0; k < 2 * V - 1; ++k) {
        const T ek = k < V ? lo[k] : hi[k - V], ek1 = k + 1 < V ? lo[k + 1] : hi[k + 1 - V];
        t[k] = s & 1 ? ek1 : ek;
    }
#pragma unroll
    for (int k = 0; k < V; ++k) {
        if constexpr (V == 4)
            xv[k] = s & 2 ? t[k + 2] : t[k];
        else
            xv[k] = t[k];
    }
}

// x's part of a round of K vectors from row i, step rows apart: 16-byte
// loads where x + i is aligned (x_vec), the two aligned vectors around each
// where it is s elements past a boundary (load_x_shifted), scalar loads
// where x is strided.
template <typename T, int V, int K>
__device__ __forceinline__ void load_x_round(const T *x, int64_t incx, int64_t i, int64_t step, int s, bool x_vec,
                                             T (&xv)[K][V])
{
    if (x_vec) {
#pragma unroll
        for (int u = 0; u < K; ++u)
            load_v<T, V>(x + i + u * step, xv[u]);
    } else if (s != 0) {
#pragma unroll
        for (int u = 0; u < K; ++u)
            load_x_shifted<T, V>(x, i + u * step, s, xv[u]);
    } else {
#pragma unroll
        for (int u = 0; u < K; ++u)
#pragma unroll
            for (int k = 0; k < V; ++k)
                xv[u][k] = x[(i + u * step + k) * incx];
    }
}

// gemv_tiled_t's full rounds at four blocks an SM (64 registers): rounds of
// four vectors a thread with all the round's loads out before its first
// FMA, A's four, then x's four (load_x_round: s, x + i0's elements past a
// 16-byte boundary, is the same for every row of the column that a vector
// starts at, see load_x_shifted), then the whole vectors
// left, fewer than four, in one predicated round (x in scalar loads there,
// so nothing past x[m - 1] is read). A thread whose first vector would
// read x before x[0] (x itself off 16 bytes) takes it alone first. i0: the
// column's first row on a 16-byte boundary of A (every vector's start is
// i0 plus a multiple of V). On
// return i is the thread's first vector not read (a partial one or past
// i_end, unless the bound on x's loads stopped the rounds early: the caller
// reads what is left one vector at a time). With eight loads of A a round
// and x's loads two ahead of the FMAs that take them, a round waited for
// A's round trip and then for about three of x's from L2 (SASS, entry 59
// of docs/notes-gemv.md); in rounds of four all of them overlap: 1.02-1.26x
// the bandwidth on tiled-t's own plans (exp/fronts/tiledt.cu) and 0.88-1.01x
// the time of the call on the draws' plans of this instance (entry 60).
// Pipe (three blocks an SM, 80 registers): the next round's loads of A go
// out before this round's FMAs, eight in flight (entry 64).
template <typename T, int V, bool Pipe>
__device__ __forceinline__ void rounds_of_four(const T *a, const T *x, int64_t incx, int64_t m, int64_t i0,
                                               int64_t i_end, int64_t step, int64_t &i, T &acc)
{
    constexpr int K = 4;
    const bool contiguous = V > 1 && incx == 1;
    const int s = contiguous ? int(reinterpret_cast<uintptr_t>(x + i0) % 16 / sizeof(T)) : 0;
    const bool x_vec = contiguous && s == 0;
    if (s != 0 && i < s && i + (V - 1) < i_end) {
        T v[V];
        load_v<T, V>(a + i, v);
#pragma unroll
        for (int k = 0; k < V; ++k)
            acc += v[k] * x[i + k];
        i += step;
    }
    // A round from vector i is whole when its last vector ends before
    // i_end and, x off 16 bytes, the aligned vector after x's last row is
    // inside x. (The plain loop keeps the test written out: as this lambda
    // it moved that instance's SASS.)
    if constexpr (Pipe) {
        const auto whole = [&](int64_t j) {
            return j + (K - 1) * step + (V - 1) < i_end && (s == 0 || j + (K - 1) * step + 2 * V - 1 - s < m);
        };
        // The next round's loads of A out before this round's FMAs: eight
        // in flight a thread, the same sums in the same order.
        if (whole(i)) {
            T v[K][V];
#pragma unroll
            for (int u = 0; u < K; ++u)
                load_v<T, V>(a + i + u * step, v[u]);
            for (;;) {
                T xv[K][V], vn[K][V];
                load_x_round<T, V, K>(x, incx, i, step, s, x_vec, xv);
                const bool more = whole(i + K * step);
                if (more) {
#pragma unroll
                    for (int u = 0; u < K; ++u)
                        load_v<T, V>(a + i + (K + u) * step, vn[u]);
                }
#pragma unroll
                for (int u = 0; u < K; ++u)
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc += v[u][k] * xv[u][k];
                i += K * step;
                if (!more)
                    break;
#pragma unroll
                for (int u = 0; u < K; ++u)
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        v[u][k] = vn[u][k];
            }
        }
    } else {
        for (; i + (K - 1) * step + (V - 1) < i_end && (s == 0 || i + (K - 1) * step + 2 * V - 1 - s < m);
             i += K * step) {
            T v[K][V], xv[K][V];
#pragma unroll
            for (int u = 0; u < K; ++u)
                load_v<T, V>(a + i + u * step, v[u]);
            load_x_round<T, V, K>(x, incx, i, step, s, x_vec, xv);
#pragma unroll
            for (int u = 0; u < K; ++u)
#pragma unroll
                for (int k = 0; k < V; ++k)
                    acc += v[u][k] * xv[u][k];
        }
    }
    if (i + (V - 1) < i_end) {
        const int64_t lim = i_end - (V - 1) - i;  // vector u exists when u * step < lim
        T v[K][V], xv[K][V];
#pragma unroll
        for (int u = 0; u < K; ++u) {
            if (u * step < lim) {
                load_v<T, V>(a + i + u * step, v[u]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    v[u][k] = T(0);
            }
        }
#pragma unroll
        for (int u = 0; u < K; ++u) {
            if (x_vec && u * step < lim) {
                load_v<T, V>(x + i + u * step, xv[u]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    xv[u][k] = u * step < lim ? x[(i + u * step + k) * incx] : T(0);
            }
        }
#pragma unroll
        for (int u = 0; u < K; ++u)
#pragma unroll
            for (int k = 0; k < V; ++k)
                acc += v[u][k] * xv[u][k];
        const int64_t whole = (lim + step - 1) / step;
        i += (whole < K ? whole : K) * step;
    }
}

// Every column is read in 16-byte loads of V consecutive rows, whatever its
// alignment: a column whose start is not on a 16-byte boundary (odd lda, or
// A itself unaligned) first takes its r < V leading rows in scalar loads
// (thread l the rows l, l + P, ...: P may be smaller than r), and from row
// r on the column is aligned. Rows [i_begin, i_end) of a split start on a
// multiple of V, so the same r serves every split. x follows A's rows: 16-byte loads where x + row is
// aligned too. The instance of four blocks an SM (64 registers) reads a
// thread's vectors in rounds of four with every load of a round out before
// its first FMA, x off 16 bytes in the two aligned vectors around its rows,
// and the vectors left in one predicated round (rounds_of_four). PredTail
// (78-80 registers, three blocks per SM; float only, launch_t chooses):
// rounds of eight vectors, x in 16-byte loads where x + row is aligned,
// else scalar loads (x shifted into place by shuffles was slower there:
// entry 11 of docs/notes-gemv.md), x's loads beside the FMAs, then the
// vectors left in predicated rounds of four, all in flight. Pipe (80
// registers, three blocks per SM; double only, launch_t chooses):
// rounds_of_four with the next round's four loads of A out before this
// round's FMAs. All are sensitive to their register counts: check ptxas -v
// (tests/check-kernel-resources.sh).
// (A minimum of 0 blocks an SM is none: PredTail's instance keeps ptxas's
// own choice, 78-80 registers; a minimum of 3 made it spill, and without
// one the other instance took 70 for double.)
template <typename T, int V, bool PredTail, bool Pipe = false>
__global__ void __launch_bounds__(kThreads, Pipe ? 3 : PredTail ? 0 : 4)
gemv_tiled_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
             T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int log_p, Split sp)
{
    pdl_begin();
    __shared__ T red[kThreads / 32 + 1][kWarps];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int P = 1 << log_p, C = kThreads >> log_p;
    const int c = threadIdx.x >> log_p, l = threadIdx.x & (P - 1);
    const int64_t blocks_n = (n + C - 1) / C;

    if (alpha == T(0)) {
        if (blockIdx.y == 0)
            scale_outputs_grid(y, incy, n, beta);
        return;
    }

    const int64_t i_begin = int64_t(blockIdx.y) * sp.span;
    const int64_t i_end = i_begin + sp.span < m ? i_begin + sp.span : m;
    for (int64_t cb = blockIdx.x; cb < blocks_n; cb += gridDim.x) {
        const int64_t col = cb * C + c;
        T acc = T(0);
        if (col < n) {
            const T *a = A + col * lda;
            // Leading rows before the first 16-byte boundary of the column.
            const int r = int((16 - reinterpret_cast<uintptr_t>(a) % 16) % 16 / sizeof(T));
            for (int64_t h = i_begin + l; h < i_begin + r && h < i_end; h += P)  // P may be < r
                acc += a[h] * x[h * incx];
            const bool x_vec = V > 1 && incx == 1 && (reinterpret_cast<uintptr_t>(x + r) % 16) == 0;
            int64_t i = i_begin + r + int64_t(l) * V;
            const int64_t step = int64_t(P) * V;
            if constexpr (!PredTail)
                rounds_of_four<T, V, Pipe>(a, x, incx, m, i_begin + r, i_end, step, i, acc);
            for (; PredTail && i + (kUnroll - 1) * step + (V - 1) < i_end; i += kUnroll * step) {
                T v[kUnroll][V];
#pragma unroll
                for (int u = 0; u < kUnroll; ++u)
                    load_v<T, V>(a + i + u * step, v[u]);
                if (x_vec) {
#pragma unroll
                    for (int u = 0; u < kUnroll; ++u) {
                        T xv[V];
                        load_v<T, V>(x + i + u * step, xv);
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            acc += v[u][k] * xv[k];
                    }
                } else if (incx == 1) {
#pragma unroll
                    for (int u = 0; u < kUnroll; ++u)
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            acc += v[u][k] * x[i + u * step + k];
                } else {
#pragma unroll
                    for (int u = 0; u < kUnroll; ++u)
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            acc += v[u][k] * x[(i + u * step + k) * incx];
                }
            }
            // PredTail: fewer than kUnroll whole vectors left (every m that
            // is not a multiple of P*V*kUnroll rows), in rounds of kTail
            // predicated loads, all in flight at once. Else what
            // rounds_of_four left: whole vectors one at a time (none unless
            // the bound on x stopped its rounds), then a partial one.
            if constexpr (PredTail) {
                constexpr int kTail = kUnroll / 2;
                const int vstep = P * V;
                for (; i + (V - 1) < i_end; i += kTail * vstep) {
                    const int64_t lim = i_end - (V - 1) - i;  // vector u exists when u * vstep < lim
                    const T *pa = a + i, *px = x + i * incx;
                    T v[kTail][V];
#pragma unroll
                    for (int u = 0; u < kTail; ++u) {
                        if (u * vstep < lim) {
                            load_v<T, V>(pa + u * vstep, v[u]);
                        } else {
#pragma unroll
                            for (int k = 0; k < V; ++k)
                                v[u][k] = T(0);
                        }
                    }
                    if (x_vec) {
#pragma unroll
                        for (int u = 0; u < kTail; ++u) {
                            T xv[V];
                            load_v<T, V>(px + (u * vstep < lim ? u * vstep : 0), xv);
#pragma unroll
                            for (int k = 0; k < V; ++k)
                                acc += u * vstep < lim ? v[u][k] * xv[k] : T(0);
                        }
                    } else if (incx == 1) {
#pragma unroll
                        for (int u = 0; u < kTail; ++u)
#pragma unroll
                            for (int k = 0; k < V; ++k)
                                acc += v[u][k] * (u * vstep < lim ? px[u * vstep + k] : T(0));
                    } else {
#pragma unroll
                        for (int u = 0; u < kTail; ++u)
#pragma unroll
                            for (int k = 0; k < V; ++k)
                                acc += v[u][k] * (u * vstep < lim ? px[(u * vstep + k) * incx] : T(0));
                    }
                }
                // The rows past the split's last whole vector (fewer than V).
                const int64_t whole = i_begin + r + (i_end - i_begin - r) / V * V;
                for (int64_t h = (whole > i_begin + r ? whole : i_begin + r) + l; h < i_end; h += P)
                    acc += a[h] * x[h * incx];
            } else {
                for (; i + (V - 1) < i_end; i += step) {
                    T v[V];
                    load_v<T, V>(a + i, v);
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc += v[k] * x[(i + k) * incx];
                }
                for (; i < i_end; i += step)
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        if (i + k < i_end)
                            acc += a[i + k] * x[(i + k) * incx];
            }
        }
        // Combine the P partial sums of a column in a fixed order.
        for (int off = 1; off < P && off < 32; off *= 2)
            acc += __shfl_xor_sync(0xffffffffu, acc, off);
        if (P > 32) {
            const int warp_in_col = l / 32;
            if (threadIdx.x % 32 == 0)
                red[c][warp_in_col] = acc;
            col_sync<PredTail>(c, P);
            if (l == 0)
                for (int w = 1; w < P / 32; ++w)
                    acc += red[c][w];
            col_sync<PredTail>(c, P);
        }
        const bool owns = l == 0 && col < n;
        if (sp.splits == 1) {
            if (owns)
                store_output(y + col * incy, alpha, acc, beta);
        } else if (publish_partials<T>(sp, blockIdx.y, cb, col, acc, owns)) {
            finish_tile_serial<T>(sp, cb, cb * C, C, n - cb * C < C ? n - cb * C : C, y, incy, alpha, beta);
        }
    }
}

// Four columns per block for long columns: all 256 threads walk the same
// rows of four columns, so each vector of x, loaded once, serves four loads
// of A. Used only when x does not fit in L1 (m * sizeof(T) > 64 KB): then
// every block of the one-column kernel streams all of x from L2, as many
// bytes as its column of A. Two row chunks x four columns = eight vector
// loads in flight per thread, like tiled-t. No split: launch_t takes this
// path only when the four-column blocks alone fill a wave.
// Columns off a 16-byte boundary (lda not a multiple of V): column c starts
// at the same place in its 16-byte line as column c + period (period =
// 16 / gcd(lda * sizeof(T), 16) columns), so a block takes four such columns,
// c, c + period, c + 2 period, c + 3 period (blocks cb = group * period + r
// take the columns group * 4 period + r + period * t), reads the rows before
// their first 16-byte boundary (fewer than V) one by one, and the rest in
// 16-byte loads at the same rows of all four (Shifted; entry 34 of
// docs/notes-gemv.md: scalar loads read such columns at ~70% of the read
// bandwidth). Without Shifted the columns are consecutive and start on a
// 16-byte boundary (V > 1) or are read one element at a time (V = 1).
template <typename T, int V, bool Shifted>
__global__ void __launch_bounds__(kThreads)
gemv_tiled_t_cols4(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
                   int64_t incx, T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s,
                   int period_arg)
{
    pdl_begin();
    constexpr int K = 4, U = kUnroll / K;
    __shared__ T red[kWarps][K];
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, n, beta);
        return;
    }
    const int64_t step = int64_t(kThreads) * V;
    const bool x_vec0 = V > 1 && incx == 1 && reinterpret_cast<uintptr_t>(x) % 16 == 0;
    const int period = Shifted ? period_arg : 1;
    const int64_t blocks = (n + K * period - 1) / (K * period) * period;
    for (int64_t cb = blockIdx.x; Shifted ? cb < blocks : cb * K < n; cb += gridDim.x) {
        int64_t col0 = cb * K;
        const T *a[K];
        int h = 0;  // rows before the columns' first 16-byte boundary
        if constexpr (Shifted) {
            const int64_t group = cb / period;
            col0 = group * K * period + (cb - group * period);
            if (col0 >= n)
                continue;
            // Columns past n read col0 again (same alignment, in bounds)
            // and are never stored.
#pragma unroll
            for (int k = 0; k < K; ++k) {
                const int64_t c = col0 + k * period;
                a[k] = A + (c < n ? c : col0) * lda;
            }
            h = int((16 - reinterpret_cast<uintptr_t>(a[0]) % 16) % 16 / sizeof(T));
        } else {
            // Columns past n read column n-1 again (in bounds) and are
            // never stored.
#pragma unroll
            for (int k = 0; k < K; ++k)
                a[k] = A + (col0 + k < n ? col0 + k : n - 1) * lda;
        }
        const bool x_vec = Shifted ? V > 1 && incx == 1 && reinterpret_cast<uintptr_t>(x + h) % 16 == 0 : x_vec0;
        T acc[K] = {};
        if (Shifted && threadIdx.x < h && threadIdx.x < m) {
            const T xe = x[int64_t(threadIdx.x) * incx];
#pragma unroll
            for (int k = 0; k < K; ++k)
                acc[k] += a[k][threadIdx.x] * xe;
        }
        int64_t i = h + int64_t(threadIdx.x) * V;
        for (; i + (U - 1) * step + V <= m; i += U * step) {
            T v[U][K][V];
#pragma unroll
            for (int u = 0; u < U; ++u)
#pragma unroll
                for (int k = 0; k < K; ++k)
                    load_v<T, V>(a[k] + i + u * step, v[u][k]);
#pragma unroll
            for (int u = 0; u < U; ++u) {
                T xv[V];
                if (x_vec) {
                    load_v<T, V>(x + i + u * step, xv);
                } else {
#pragma unroll
                    for (int e = 0; e < V; ++e)
                        xv[e] = x[(i + u * step + e) * incx];
                }
#pragma unroll
                for (int k = 0; k < K; ++k)
#pragma unroll
                    for (int e = 0; e < V; ++e)
                        acc[k] += v[u][k][e] * xv[e];
            }
        }
        for (; i < m; i += step)
#pragma unroll
            for (int e = 0; e < V; ++e)
                if (i + e < m) {
                    const T xe = x[(i + e) * incx];
#pragma unroll
                    for (int k = 0; k < K; ++k)
                        acc[k] += a[k][i + e] * xe;
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
        if (threadIdx.x < K && col0 + threadIdx.x * period < n) {
            T total = T(0);
            for (int w = 0; w < kWarps; ++w)
                total += red[w][threadIdx.x];
            store_output(y + (col0 + threadIdx.x * period) * incy, alpha, total, beta);
        }
        __syncthreads();  // red[] is reused by the next column group
    }
}

// Op N never splits A of this many bytes or fewer: the split's chain costs
// more than one block's extra rounds (entry 23 of docs/notes-gemv.md).
constexpr double kNoSplitBytes = 32768.0;

// Where the pipelined instances (tiled-n's, double tiled-t's: the next
// round's loads of A out before this round's FMAs, eight in flight a
// thread, three blocks an SM) take a plan: its blocks make one wave of more
// than 2 1/8 blocks an SM at three an SM (wave3: that wave's blocks; on 132
// SMs 281-396 blocks). There they keep twice the bytes in flight with the
// same blocks: 70-96 KB of A an SM against 35-48 KB at four loads a
// thread. The model below asks ~25 KB an SM at a ~1 us round trip, so the
// gain says that the loaded round trip is longer than that at 2-3 blocks
// an SM (not measured directly). More blocks would make a second wave at
// three an SM (tiled-n 1.02-1.27x the time, entry 63 of
// docs/notes-gemv.md). At two blocks an SM or fewer both forms lost in
// every pass (tiled-n 220-273 blocks 1.02-1.075x, tiled-t double 129-232
// blocks 1.06-1.20x; entries 63 and 64), though they hold the same blocks
// there: the lower bound is measured, not derived.
inline bool in_pipe_window(int64_t blocks, int64_t wave3)
{
    return blocks <= wave3 && 24 * blocks > 17 * wave3;
}

template <typename T, int V, bool Vec>
cudaError_t launch_n(const mv_gemv_args &a)
{
    // TX threads along the rows: enough to cover m with V rows each, at most
    // 64 x V <= kThreads rows, so that a thread owns one output at the end.
    // With many columns, 16 threads along the rows (TY = 16 along the
    // columns): more, smaller tiles, so more blocks and a cheaper finish of
    // split sums; with few columns, 64 (TY = 4), so every thread still has
    // several columns to load.
    // Tiles of 64 x V rows read longer runs of each column (fewer DRAM
    // pages opened per byte) and are taken whenever they alone make two
    // waves of blocks (tall matrices, e.g. 65536 x 4096).
    // Unaligned columns (odd lda) take at least 32 threads along the rows:
    // each scalar load of a warp then covers one 128-byte run of one column
    // instead of two columns' halves (entry 18 of docs/notes-gemv.md:
    // float 8192^2 with lda 8193 from 81.6% to 86.9% of the read bandwidth).
    const int64_t want = wave_blocks<gemv_tiled_n<T, V, Vec, false>>(a);
    const double bytes = double(a.m) * double(a.n) * sizeof(T);
    // The thin kernels' launches, which differ only in the grid and the
    // block size.
    const auto thin_launch = [&](auto kernel, int64_t tiles, int threads) {
        return launch_kernel_threads(a, kernel, dim3(unsigned(tiles)), threads, a.m, a.n,
                                     static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x), a.incx,
                                     static_cast<T *>(a.y), a.incy, a.alpha, a.beta);
    };
    // Fewer rows than a vector (m < V: one thin tile, read by scalar loads,
    // so any lda will do) of 32 KB or less in more than 2048 columns: one
    // 512-thread block reads every column in one round of eight loads per
    // thread, where tiled-n's one block of 256 threads takes a round per
    // 1024 columns. (m = V with aligned columns goes to short-n first.)
    // Entry 26 of docs/notes-gemv.md: float 2 x 4096 cold took 1.26x the
    // empty kernel's time on tiled-n.
    if (a.m < V && bytes <= kNoSplitBytes && a.n > 2048)
        return thin_launch(gemv_thin_n_wide<T, V, 1>, 1, kWideThreads);
    // Columns off a 16-byte boundary that tiled-n would split, A of 8 to
    // 48 MB: thin-n-wide's tiles (one 512-thread block an SM, no split)
    // read by scalar loads, where 128-byte tiles, else 64-byte ones with n
    // <= 8192, give 7/10 of the SMs to all of them a block. Model: the
    // split's chain is a fixed ~2 us after the stream (entries 19 and 55);
    // a lone block of 512 threads keeps about twice the loads in flight
    // that its SM's share of the bandwidth asks for, so the busy SMs pull
    // more than their share, but not without bound: the trade wins on
    // short calls with most SMs busy. Entry 71 of docs/notes-gemv.md (H100,
    // cold, knob runs, both passes, two lists of fresh shapes and three of
    // the draws' losers): where this takes them 0.889x and 0.892x the time
    // (8 and 12 points, all faster; float 2982 x 1664 0.936x, where cuBLAS
    // runs 94 such blocks); left out, 50-65% of the SMs 1.083x (at 65%
    // 1.057x), 48-128 MB 1.010x (4 of 7 slower).
    // Thin tiles of eight and four vectors (128 and 64 bytes of each
    // column), and whether tiled-n's tallest tiles (64 vectors) would make
    // less than a wave at four an SM (then it splits).
    const int64_t sms = sm_count_of(a), tiles8 = (a.m + 8 * V - 1) / (8 * V), tiles4 = (a.m + 4 * V - 1) / (4 * V);
    const int64_t tiles64 = (a.m + 64 * V - 1) / (64 * V);
    const bool would_split = tiles64 < want;
    if constexpr (!Vec) {
        const auto most = [&](int64_t tiles) { return tiles <= sms && 10 * tiles >= 7 * sms; };
        if (!a.scalar_n && would_split && bytes > 8.0 * (1 << 20) && bytes <= 48.0 * (1 << 20)) {
            if (most(tiles8))
                return thin_launch(gemv_thin_n_wide<T, V, 8, true>, tiles8, kWideThreads);
            if (most(tiles4) && a.n <= 8192)
                return thin_launch(gemv_thin_n_wide<T, V, 4, true>, tiles4, kWideThreads);
        }
    }
    // thin-n where tiled-n would split and A is 32 KB to 8 MB: tiles of two
    // vectors (32 bytes of each column) where that makes 64 tiles or more,
    // else of one vector (16 bytes) up to 4 MB. Entry 24 of
    // docs/notes-gemv.md (H100, the sweep's split shapes of 0.25-8 MB):
    // float 512 x 2048 from 6.07 to 4.41 us cold (the read kernel 4.41),
    // double 256 x 2048 5.78 to 4.36; at 16 MB and more tiles of one or two
    // vectors lost 5-90% (hot mode first: short runs read from L2 are slow
    // too); with fewer than 64 tiles too few SMs have work, and past two
    // waves of tiles each block's share is too short to pay for its start
    // (double 16384 x 64, 4096 tiles of 2 KB: 11.95 against 6.61 us cold).
    // Above 8 MB, tiles of four vectors (64 bytes of each column), only
    // where they give every SM a block: 128 tiles to two waves up to 16 MB,
    // 256 to one wave up to 32 MB (float 2048^2 9.73 -> 9.04 us cold,
    // double 2048^2 15.15 -> 14.15; with 64 tiles, float 1024 x 4096 9.95
    // -> 11.11; float 2048 x 4096, 32 MB in 128 tiles, 15.30 -> 16.00;
    // double 8192 x 512, 32 MB in 1024 tiles, 14.80 -> 15.02).
    if constexpr (Vec) {
        const int64_t tiles2 = (a.m + 2 * V - 1) / (2 * V), tiles1 = (a.m + V - 1) / V;
        // Wide thin tiles (gemv_thin_n_wide, one 512-thread block per SM)
        // for A of 8 to 128 MB: 128 bytes of each column per tile (P = 8)
        // where that makes whole waves of tiles, else 64 bytes (P = 4) with
        // n <= 8192. Entry 25 of docs/notes-gemv.md (H100, cold): float
        // 4096^2 from 26.89 to 24.48 us (cuBLAS 25.15, the read kernel
        // 24.81: cuBLAS also runs 128 blocks of 32 rows there), 2048^2 9.12
        // -> 8.09, double 2048 x 4096 26.35 -> 24.61. With 64 bytes at n =
        // 16384 they lost 3-5%; with 32 bytes (P = 2) up to 5% cold and
        // 43% hot (float 1024 x 8192 read from L2: 9.43 -> 13.46); above
        // 128 MB 1-2% (double 8192^2, 4096 x 16384, float 16384^2). One
        // full wave only (7/8 of the SMs to all of them): a partial wave
        // would stream at the few busy SMs' rate, and a second wave of
        // these one-an-SM blocks runs after the first drains, its fill and
        // drain not hidden behind other blocks as four an SM hide them.
        // Entry 66 of docs/notes-gemv.md (H100, cold, knob runs, both
        // passes): two waves of wide tiles (250-264 tiles, 10-127 MB) took
        // 0.89x the time on thin-n's or tiled-n's plan instead (38 shapes,
        // 2 of them 1.02-1.03x; float 8236 x 369 0.75, double 4142 x 483
        // 0.77, 4186 x 3962 0.94).
        const auto one_wave = [&](int64_t tiles) { return tiles <= sms && tiles >= sms - sms / 8; };
        if (would_split && bytes > 8.0 * (1 << 20) && bytes <= 128.0 * (1 << 20)) {
            if (one_wave(tiles8))
                return thin_launch(gemv_thin_n_wide<T, V, 8>, tiles8, kWideThreads);
            if (one_wave(tiles4) && a.n <= 8192)
                return thin_launch(gemv_thin_n_wide<T, V, 4>, tiles4, kWideThreads);
        }
        if (would_split && bytes > 8.0 * (1 << 20)) {
            if ((tiles4 >= 128 && tiles4 <= 2 * want && bytes <= 16.0 * (1 << 20)) ||
                (tiles4 >= 256 && tiles4 <= want && bytes <= 32.0 * (1 << 20)))
                return thin_launch(gemv_thin_n<T, V, 4>, tiles4, kThreads);
        } else if (would_split && bytes > kNoSplitBytes) {
            if (tiles2 >= 64 && tiles2 <= 2 * want)
                return thin_launch(gemv_thin_n<T, V, 2>, tiles2, kThreads);
            if (tiles1 >= 64 && tiles1 <= 2 * want && bytes <= 4.0 * (1 << 20))
                return thin_launch(gemv_thin_n<T, V, 1>, tiles1, kThreads);
        }
    }
    // A round of loads is one quad of 4 columns per thread. Splits of one
    // round each (up to a wave of blocks): entry 7 of docs/notes-gemv.md
    // measured 5-25% less time than two-round splits on mid-size shapes.
    // Not when A is 32 KB or less: there the split's chain (partial sums,
    // counter, the last block's loads: 1-2 us) costs more than one block's
    // few extra rounds (entry 23: float 2 x 2048 from 4.75 to 3.87 us cold;
    // at 2 x 8192, 64 KB, one block's eight rounds took 6.87 against 4.96).
    constexpr SplitPolicy one_round{1, 1}, never_split{int64_t(1) << 40, 1};
    const bool tiny = bytes <= kNoSplitBytes;
    struct Plan {
        bool shift;
        int log_tx;
        int64_t tiles, want;
        Split sp;
    };
    // A tile of TX threads owns TX*V rows (tiled-n), or (TX-1)*V
    // (tiled-n-shift: the last thread's vector only completes the rows of
    // the one before).
    const auto plan = [&](bool shift, int log_tx, int64_t blocks_per_wave) {
        const int64_t rows_per_tile = ((int64_t(1) << log_tx) - (shift ? 1 : 0)) * V;
        const int64_t tiles = (a.m + rows_per_tile - 1) / rows_per_tile;
        const int64_t ty = kThreads >> log_tx;
        return Plan{shift, log_tx, tiles, blocks_per_wave,
                    plan_split(a, blocks_per_wave, tiles, a.n, a.m, ty * 4, 4, sizeof(T),
                               kThreads / (V << log_tx), tiny ? never_split : one_round, /*whole_rounds=*/true)};
    };
    const auto log_tx_for = [&](int64_t groups, int cap) {
        const int l = log2_ceil(groups);
        return l > cap ? cap : l;
    };
    const int64_t vecs = (a.m + V - 1) / V;
    Plan p = plan(false, log_tx_for(vecs, a.n < 256 || tiles64 >= 2 * want ? 6 : Vec ? 4 : 5), want);
    // Columns off a 16-byte boundary: tiled-n-shift's 16-byte loads where
    // its blocks stream, else tiled-n's scalar loads. tiled-n-shift takes
    // 78 registers (three blocks per SM, a quarter fewer loads in flight
    // than tiled-n's four): it wins where each block streams many rounds
    // and loses where a block's few rounds wait on their loads (the
    // latency-bound regime) or where its tiles alone make more than a
    // wave (no split: a part-filled last wave of long blocks). Entry 28
    // of docs/notes-gemv.md, one process each: float 8192^2 lda 8193,
    // 43 rounds per block, 95.7 against 98.4 us; float 333 x 77777, 18
    // rounds, 42.0 against 44.6; float 1683 x 3360, 4 rounds, 13.6
    // against 12.9; float 100003 x 1001, no split, 160 against 148.
    // At least 32 threads along the rows, so that at most 1/32 of its
    // loads are read twice, and 64 where their blocks fill more of the
    // wave (the equal blocks of one wave end together, so the SMs left
    // without a block stay idle: 8192^2, lda 8193: 67 tiles of 32 threads
    // in 5 splits fill 335 of 396 places, 33 of 64 in 12 splits all 396).
    if (!Vec && !a.scalar_n) {
        const int64_t want_shift = wave_blocks<gemv_tiled_n_shift<T, V>>(a);
        const int cap = a.n < 256 || tiles64 >= 2 * want_shift ? 6 : 5;
        Plan q = plan(true, log_tx_for(vecs + 1, cap), want_shift);  // vecs + 1 >= 2: TX >= 2
        const auto filled = [&](const Plan &r) {
            const int64_t blocks = r.tiles * r.sp.splits;
            return blocks <= r.want ? blocks : blocks % r.want;
        };
        if (q.log_tx == 5 && vecs + 1 > 32) {
            const Plan wide = plan(true, 6, want_shift);
            if (filled(wide) > filled(q))
                q = wide;
        }
        const int64_t rounds = (q.sp.span + 4 * (kThreads >> q.log_tx) - 1) / (4 * (kThreads >> q.log_tx));
        if (q.sp.splits > 1 && rounds >= 8)
            p = q;
    }
    // One wave of 2.1-3 blocks an SM: the pipelined instance (entry 63 of
    // docs/notes-gemv.md: H100, cold, from 16 MiB 0.97x the time, double
    // 9564 x 1374 0.916x, float 77120 x 136 0.878x, 41373 x 963 0.920x).
    // Tiles just past a wave at four an SM (no split: 1-1.5 waves on 132
    // SMs, the last one part-filled) are doubled in height where that
    // makes one wave at three an SM: every SM busy to the end, and twice
    // the loads in flight a thread. Model: a part-filled second wave costs
    // a whole block's time on the SMs it lands on, so 1.05 waves of short
    // tiles take about as long as two, where one wave of tiles twice as
    // tall takes the time of two short ones with every SM streaming. From
    // 2.1 an SM the doubled tiles run the pipelined instance, below it
    // the plain one (entries 63-64: the window's lower bound). Entry 65:
    // H100, cold, 9 points of 563-791 tiles into the window 0.908-0.987x
    // the time (double 18002 x 1342 0.909x, float 74559 x 442 0.908x);
    // entries 95-96: H200, cold, knob runs, both passes, fresh shapes of
    // 529-559 tiles to 265-280 (2-2.1 an SM): 0.946x the time at 16-64 MB
    // (4 of 6 faster; double 16990 x 295 0.825x), 0.905x at 64-512 MB (5
    // of 6; entry 95's five 0.906x, all faster) and 0.882x with columns off
    // 16 bytes (6 of 6); the three that lost, by 3-4%, took 549-558 tiles
    // to 275-279 in 282-634 columns. Past 1.5 waves, or under one, doubled
    // tiles lose (1.02-1.03x, entry 95).
    const int64_t w3 = wave_blocks<gemv_tiled_n<T, V, Vec, true>>(a);
    if (!p.shift && p.sp.splits == 1 && p.tiles > want && p.log_tx < 6) {
        const Plan q = plan(false, p.log_tx + 1, want);
        if (q.tiles * q.sp.splits <= w3)
            p = q;
    }
    // A split plan under 64 MB whose tiles of half the height, else of a
    // quarter, need no split and make one wave takes those: in the
    // pipelined window, or as a full plain wave of 19/20 to all of four
    // blocks an SM. Model: the split's chain (partial sums out, the
    // counter, the last block's loads) is a fixed ~2 us after the stream
    // (entries 19 and 55); shorter tiles read shorter runs of each column
    // (from 8 threads a tile: 128 or more bytes), which costs a share of
    // the stream. So the trade wins on short calls and not on long ones,
    // and, where it adds blocks, only into one wave whose SMs all stream to
    // the end (a part-filled plain wave of 3-3.8 an SM leaves the busiest
    // SMs a block more).
    // Entries 68-69 of docs/notes-gemv.md (H100, cold, knob runs, both
    // passes, fresh shapes where each fires): halved into the window 0.844x
    // the time at 1-16 MB and 0.917x at 16-64 MB (10 of 10 each; 64-512
    // MB 1.006x, 4 of 10 slower, whence the bound); over two more lists,
    // halved into a full plain wave 0.854x and 0.887x (20 of 20; e.g. 252
    // tiles in 2 splits -> 504), quartered into the window 0.869x and
    // 0.822x (20 of 20), quartered into a full plain wave 0.862x (9 of 10,
    // the tenth in a disturbed pass), columns off 16 bytes 0.895x (10 of 10).
    // Failing both, the same trade where the shorter tiles make 19/20 to
    // all of the blocks the split plan had, at any blocks an SM: the same
    // grid, so the same wave (part-filled or not), less the chain. Entry 72
    // (H100, cold, knob runs, both passes, two lists of fresh shapes):
    // under the pipelined window 0.879x and 0.829x (13 of 14 faster), 3-3.8
    // blocks an SM under 16 MB 0.824x and 0.825x (14 of 14), 16-64 MB
    // 0.900x and 0.905x (14 of 14), columns off 16 bytes 0.898x and 0.920x
    // (12 of 14 faster); the three that lost, by 3-4%, were calls of 32-36
    // columns under 1.1 MB, 4.3-4.6 us against cuBLAS's 7.4-10.7.
    // Failing that too, the same trade into fewer blocks: at most a wave
    // at four an SM and at least 45% of the split plan's blocks. Each SM
    // then streams more bytes with fewer loads in flight, which costs a
    // share of the stream where the chain is fixed, so the gain falls with
    // A's size. Entry 73 (H100, cold, knob runs, both passes, the faster
    // pass of each, two lists of fresh shapes): 0.60-0.95 of the blocks
    // 0.79-0.85x under 16 MB and 0.90-0.92x at 16-64 MB (28 of 28 faster),
    // then 0.76-0.80x and 0.90-0.94x (19 of 20; float 8956 x 1357, 46 MB,
    // 1.015x); 0.45-0.60 of the blocks (second list only) 0.81x under 16
    // MB and 0.97x at 16-64 MB (10 of 10); columns off 16 bytes 0.86x and
    // 0.80x (10 of 12; the two that lost, by 0-4%, 4.6-5.0 us calls under
    // 1 MB against cuBLAS's 5.9-13.1). Under 45% not measured.
    if (!p.shift && p.sp.splits > 1 && bytes < 64.0 * (1 << 20)) {
        // The halved and quartered plans, each planned once; the first
        // unsplit one that a pass takes, in the order of the passes.
        const int64_t blocks = p.tiles * p.sp.splits;
        Plan shorter[2];
        int count = 0;
        for (int k = 1; k <= 2 && p.log_tx - k >= 3; ++k)
            shorter[count++] = plan(false, p.log_tx - k, want);
        const auto takes = [&](const Plan &q, int pass) {
            if (q.sp.splits != 1)
                return false;
            if (pass == 0)  // one wave
                return (q.tiles <= want && 20 * q.tiles >= 19 * want) || in_pipe_window(q.tiles, w3);
            if (pass == 1)  // the same grid
                return q.tiles <= blocks && 20 * q.tiles >= 19 * blocks;
            return q.tiles <= want && 100 * q.tiles >= 45 * blocks;  // fewer blocks
        };
        bool taken = false;
        for (int pass = 0; pass < 3 && !taken; ++pass)
            for (int i = 0; i < count && !taken; ++i)
                if (takes(shorter[i], pass)) {
                    p = shorter[i];
                    taken = true;
                }
    }
    // From 64 MB, a split plan (two splits: no more fit a wave at four an
    // SM) whose tiles alone keep the loads in flight that streaming needs
    // drops its split: the same tiles, each block a whole column run, no
    // chain. Model: a plain tiled-n block keeps one quad a thread in
    // flight, 256 x 64 = 16 KB; the read bandwidth needs ~25 KB an SM
    // (~3.3 MB on 132 SMs: ~3.1 TB/s x ~1 us), so from 25/16 tiles an SM
    // the unsplit grid streams at the split one's rate and saves the
    // chain's fixed ~1-2 us; with fewer it starves. Under 64 MB the
    // shorter-tile passes above take these plans first. Entry 76 of
    // docs/notes-gemv.md (H100, cold, knob runs, both passes, fresh shapes
    // of 64-360 MB and two of the draws'): 214-264 tiles 0.928-0.995x the
    // time (20 of 20 faster; float 15512 x 1332 0.938x), 183 and 197
    // tiles 1.026-1.027x; the sweep's float 16384 and double 8192 rows by
    // 1024-16384 columns (256 tiles) 0.951x at 64 MB, 0.983-1.010x from
    // 128 MB. The H200 reads ~4.3 TB/s over the same 132 SMs, for which
    // the model would ask ~33 KB; there plans of 206-264 tiles kept split
    // took 1.006-1.012x the unsplit time (entry 79, knob runs at 31 and
    // 37 KB), so the bound stays at 25 KB on both.
    constexpr double kStreamFlightPerSm = 25.0 * 1024.0;
    constexpr double kTileFlight = kThreads * 4 * 16.0;  // a quad of 16-byte loads a thread
    if (!p.shift && p.sp.splits > 1 && bytes >= 64.0 * (1 << 20) &&
        double(p.tiles) * kTileFlight >= kStreamFlightPerSm * double(sms)) {
        const Plan q = plan(false, p.log_tx, p.tiles);
        if (q.sp.splits == 1)
            p = q;
    }
    const bool pipe = !p.shift && in_pipe_window(p.tiles * p.sp.splits, w3);
    const auto kernel = p.shift ? gemv_tiled_n_shift<T, V> : pipe ? gemv_tiled_n<T, V, Vec, true>
                                                                  : gemv_tiled_n<T, V, Vec, false>;
    const dim3 grid(unsigned(p.tiles < kMaxBlocks ? p.tiles : kMaxBlocks), unsigned(p.sp.splits));
    return launch_kernel(a, kernel, grid, a.m, a.n,
                         static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x), a.incx,
                         static_cast<T *>(a.y), a.incy, a.alpha, a.beta, p.log_tx, p.sp);
}

// x[i * incx] -> out[i]: op T's x made contiguous (see launch_t).
template <typename T>
__global__ void gather_x(int64_t len, const T *__restrict__ x, int64_t incx, T *__restrict__ out)
{
    pdl_begin();
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < len; i += stride)
        out[i] = x[i * incx];
}

// Bytes in flight a SM that a grid of warp columns must keep for launch_t
// to take it: twice what streaming needs (~3.1 TB/s over 132 SMs times a
// loaded round trip of ~1.7 us, 40 KB, on an H100), since a warp's column
// is many rounds in series and its lanes wait on the round's latest load
// (entry 37 of docs/notes-gemv.md: at 37-60 KB long columns lost).
constexpr double kWarpColsBytes = 80.0 * 1024.0;
// Warp columns past four waves (launch_t): taken where their blocks (a
// column a warp, eight a block, four an SM) fill at least this part of
// their last wave.
constexpr double kWarpManyFill = 0.63;

template <typename T, int V, bool Vec>
cudaError_t launch_t(const mv_gemv_args &args)
{
    // A strided x (incx != 1) costs op T a quarter of its speed on large
    // shapes: each warp's scalar x loads touch incx times the cache lines of
    // its loads of A (entry 8 of docs/notes-gemv.md). Where A is large
    // enough (64 MB: ~15 us, against ~2 us for a second launch) x is first
    // gathered into the tail of the handle's workspace (at most a quarter of
    // it; the split partial sums keep the rest), then read with incx = 1.
    // Not when alpha is known to be 0: x must not be read then.
    mv_gemv_args a = args;
    const size_t x_bytes = (size_t(a.m) * sizeof(T) + 255) / 256 * 256;
    const bool alpha_zero = !a.alpha.dev && a.alpha.value == 0.0;
    if (a.incx != 1 && !alpha_zero && a.split_ws && x_bytes <= a.split_ws_bytes / 4 &&
        double(a.m) * double(a.n) * sizeof(T) >= double(64 << 20)) {
        T *x_contig = reinterpret_cast<T *>(static_cast<char *>(a.split_ws) + a.split_ws_bytes - x_bytes);
        const cudaError_t err = launch_kernel(a, gather_x<T>, dim3(blocks_for(a.m, kThreads)), a.m,
                                              static_cast<const T *>(a.x), a.incx, x_contig);
        if (err != cudaSuccess)
            return err;
        a.x = x_contig;
        a.incx = 1;
        a.split_ws_bytes -= x_bytes;
    }
    // P threads per column (a power of two, at most 256): the smallest
    // that covers a column in one round of kUnroll vector loads per thread,
    // so that a small grid has as many blocks as it can. Where the column
    // blocks make more than four waves anyway, the largest P that still
    // gives every thread a full round (nvec >= P*kUnroll): with the
    // smallest, for any m but a power of two most threads had 4-7 vectors,
    // never a full round (float op T 1177 x 98970 at 1.30x cuBLAS's time;
    // 0.95x with this rule and the predicated tail; double 405 x 3585, 449
    // blocks, lost 20% with the largest, entry 28 of docs/notes-gemv.md).
    // Between one and four waves, the rule below halves P anyway.
    const int64_t nvec = (a.m + V - 1) / V;  // vectors of a column
    int log_p = log2_ceil((nvec + kUnroll - 1) / kUnroll);
    log_p = log_p > 8 ? 8 : log_p;
    if ((a.n + (kThreads >> log_p) - 1) / (kThreads >> log_p) > 4 * wave_blocks<gemv_tiled_t<T, V, false>>(a)) {
        log_p = nvec >= kUnroll ? log2_ceil(nvec / kUnroll + 1) - 1 : 0;
        log_p = log_p > 8 ? 8 : log_p;
    }
    // Columns longer than L1 holds x (64 KB of x; L1 is 256 KB per SM
    // shared with the loads in flight), each a whole block's work, and
    // enough of them for a wave of four-column blocks: gemv_tiled_t_cols4.
    // Columns off a 16-byte boundary: four of one alignment a block, in
    // 16-byte loads (period: see the kernel), where those blocks fill at
    // least 3/4 of their waves' places; their loads are 1.1-1.25x as fast
    // as the scalar ones, and a last wave of a few blocks costs them more
    // than that (H200, entry 34 of docs/notes-gemv.md: double 12381 x 1662,
    // 416 blocks on 396 places, 1.13x the time of tiled-t's many small
    // blocks); else scalar loads (eight in flight, not 4 x 8).
    if ((1 << log_p) == kThreads && a.m * int64_t(sizeof(T)) > (int64_t(64) << 10)) {
        const auto cols4 = [&](auto kernel, int64_t blocks, int period) {
            const dim3 grid(unsigned(blocks < kMaxBlocks ? blocks : kMaxBlocks));
            return launch_kernel(a, kernel, grid, a.m, a.n, static_cast<const T *>(a.A), a.lda,
                                 static_cast<const T *>(a.x), a.incx, static_cast<T *>(a.y), a.incy, a.alpha,
                                 a.beta, period);
        };
        const int64_t blocks4 = (a.n + 3) / 4;
        if (Vec && blocks4 >= wave_blocks<gemv_tiled_t_cols4<T, V, false>>(a))
            return cols4(gemv_tiled_t_cols4<T, V, false>, blocks4, 1);
        if (!Vec) {
            const int period = int(Vec16<T>::width / lda_vec_gcd<T>(a.lda));
            const int64_t shifted = (a.n + 4 * period - 1) / (4 * period) * period;
            const int64_t want = wave_blocks<gemv_tiled_t_cols4<T, V, true>>(a);
            if (shifted >= want && 4 * shifted >= 3 * ((shifted + want - 1) / want * want))
                return cols4(gemv_tiled_t_cols4<T, V, true>, shifted, period);
            if (blocks4 >= wave_blocks<gemv_tiled_t_cols4<T, 1, false>>(a))
                return cols4(gemv_tiled_t_cols4<T, 1, false>, blocks4, 1);
        }
    }
    // Between one and four waves of column blocks, each thread's one round
    // of loads makes every block on an SM wait for its bytes at once, reduce
    // and exit together, and the loads stop until the next wave's blocks
    // have started: fewer threads per column (P halved, down to 8) until the
    // blocks fit one wave, so that each thread takes two or more rounds and
    // a warp issues its next round as soon as its last one has landed.
    // Entry 21 of docs/notes-gemv.md: double 1024 x 4096 from 9.35 to 8.62
    // us hot (cuBLAS 8.73), float 2048 x 4096 from 14.82 to 14.10 us cold
    // (the read kernel 14.07). Past four waves the same rule cost time
    // (double 4096 x 16384 from 176 to 183 us), so it stops there.
    struct Plan {
        int log_p;
        int64_t blocks_n, want;
        Split sp;
        double per_thread;  // vectors a thread reads a column
        // The vectors a thread reads after its full rounds.
        double tail() const { return per_thread - kUnroll * std::floor(per_thread / kUnroll); }
        bool long_tail() const { return tail() >= 0.5; }
    };
    // The part of the last wave of blocks that has a block (1: full).
    const auto fill_of = [](int64_t blocks, int64_t want) {
        return double(blocks) / double((blocks + want - 1) / want * want);
    };
    // Warp columns: P = 32, a warp a column (eight a block), no split,
    // where the column blocks make at most four waves, a lane has a full
    // round (kUnroll vectors) or more, and such a grid keeps kWarpColsBytes
    // per SM in flight (its resident lanes x a round x 16 bytes). A warp's
    // sums need no barrier, so it goes on to its next column at once, where
    // P of 64-256 makes every column a round trip and two block barriers,
    // and the halving below (P down to 8 to fit a wave) made few long
    // blocks, 2-2.5 a SM. Entry 37 of docs/notes-gemv.md (H100, cold, the
    // plans forced one by one): float T 4416 x 1638 0.78x the old plan's
    // time, 1087 x 7884 0.79x, 510 x 10477 0.78x, 2543 x 3509 0.82x, double
    // 901 x 6817 0.85x. A first rule (four vectors a lane, 40 KB a SM) lost
    // as much as it won on random shapes: lanes of 4-7 vectors read them one
    // at a time (float 673 x 28636 1.17x), and 1300-2100 long columns left
    // too few warps (double 28833 x 1440 1.22x, 10446 x 1743 1.14x).
    // With half that in flight (40 KB a SM, what streaming needs) warp
    // columns still win where the other plan is a loop of one-round
    // columns: its blocks (more than a wave of them, each on a grid-stride
    // loop) give a thread kUnroll vectors or fewer a column, so every
    // column is a round trip, a reduction and two barriers in series,
    // where a warp streams its column's rounds back to back. Entry 38 of
    // docs/notes-gemv.md: on 40 fresh shapes of that class 0.900x the time
    // (0.72-1.13); where the other plan is one wave of one-round blocks,
    // its single round trip beat the warps' two or more below 15 MB
    // (1.00-1.14x), so those keep it.
    const auto blocks_for_p = [&](int l) { return (a.n + (kThreads >> l) - 1) / (kThreads >> l); };
    const int64_t wave_t = wave_blocks<gemv_tiled_t<T, V, false>>(a);
    const double warp_lanes = std::min(double(a.n) * 32.0, double(wave_t) * kThreads);
    const double warp_in_flight = warp_lanes * std::min(double(kUnroll), double(nvec) / 32.0) * 16.0;
    const bool warp_rounds = nvec >= kUnroll * 32;  // a lane has a full round a column
    const bool warp_ok = warp_rounds && blocks_for_p(log_p) <= 4 * wave_t;
    const auto plan = [&](int64_t want, bool parts_ok, bool warp_cols) {
        int lp = warp_cols ? 5 : log_p;
        int64_t blocks_n = blocks_for_p(lp);
        if (blocks_n <= 4 * want && !warp_cols)
            while (blocks_n > want && lp > 3)
                blocks_n = blocks_for_p(--lp);
        const int64_t p = int64_t(1) << lp;
        Split sp = warp_cols ? no_split(a, a.m, a.n, sizeof(T))
                             : plan_split(a, want, blocks_n, a.m, a.n, p * V * kUnroll, V, sizeof(T), p);
        // Long columns in blocks that fill under 90% of one wave (more than
        // half of it, so plan_split keeps them whole): the SMs that hold a
        // block more than the others set the time of a call whose blocks
        // are all long (double 42630 x 1297: 325 blocks of 42 rounds on 528
        // places, 1.18x cuBLAS's time on an H100). The rows are cut into the
        // parts whose blocks fill their waves best (mv::wave_splits), each
        // part four rounds or more; not for the predicated tail's three
        // blocks per SM, whose fuller wave would then win over the
        // one-at-a-time tail on fill alone (parts of three rounds lost
        // 4-25% there: entry 35 of docs/notes-gemv.md).
        const int64_t rounds = ((nvec + p - 1) / p + kUnroll - 1) / kUnroll;
        if (parts_ok && !warp_cols && sp.splits == 1 && blocks_n < want && fill_of(blocks_n, want) < 0.9) {
            const int64_t parts = wave_splits(blocks_n, want, rounds / 4);
            if (parts > 1)
                sp = split_into(a, parts, blocks_n, a.m, a.n, V, sizeof(T), p);
        }
        return Plan{lp, blocks_n, want, sp, double((sp.span + V - 1) / V) / double(p)};
    };
    const auto fill = [&](const Plan &q) { return fill_of(q.blocks_n * q.sp.splits, q.want); };
    // The two instances. Four blocks an SM (64 registers): rounds of four
    // vectors with every load of a round out before its first FMA, then one
    // predicated round. Three an SM (gemv_tiled_t<.., true>, 78-80
    // registers): rounds of eight, x's loads beside the FMAs, then
    // predicated rounds of four. A round takes A's round trip and then
    // whatever of x's is not yet out when A has landed: ptxas issues the
    // float round's x three loads ahead of its FMAs, the double round's one
    // ahead (SASS, entry 61 of docs/notes-gemv.md), so a double round of
    // eight waits for about four more L2 round trips in series.
    // Double: four an SM on every plan (entry 61, H100, cold, the 225 op T
    // points of two draws that took three an SM: 0.96-0.98x their time by
    // class of grid; one partial wave of long columns gained most, 2507 x
    // 1701 0.81x, 58560 x 743 0.89x, 5626 x 1548 0.92x).
    // Float: three an SM where a thread's tail after its full rounds of
    // eight averages half a vector or more (the float rounds of four lost
    // on those plans, 1.00-1.02x by class, up to 1.12x: entry 61), but not
    // where the three blocks per SM fill less of the last wave than four
    // do (double 14864 x 794 took 397 blocks, one past a wave of 396, 1.37x
    // cuBLAS's time: entry 28). Warp columns in one wave of the
    // four-per-SM kernel are all resident either way: a tail of fewer than
    // kUnroll / 2 vectors a lane costs them less than the three-per-SM
    // kernel's smaller rounds (entry 37: float 4416 x 1638, 2.5 tail
    // vectors, 0.78x with it off, 0.84x on; float 1975 x 3022, 7.4, 1.22x
    // off).
    const auto choose = [&](bool warp_cols, bool *pred_tail) {
        Plan use = plan(wave_t, true, warp_cols);
        *pred_tail = false;
        if constexpr (sizeof(T) == 4) {
            if (use.long_tail() && !(warp_cols && use.blocks_n <= wave_t && use.tail() < kUnroll / 2)) {
                const Plan three = plan(wave_blocks<gemv_tiled_t<T, V, true>>(a), false, warp_cols);
                if (three.long_tail() && fill(three) >= fill(use) - 0.02) {
                    use = three;
                    *pred_tail = true;
                }
            }
        }
        return use;
    };
    bool pred_tail = false;
    const double need = double(sm_count_of(a)) * kWarpColsBytes;
    // Warp columns also past four waves of column blocks (warp_many).
    // There tiled-t's plan is P = 64-256 threads a column on a looping grid
    // of one wave: each
    // column is one to four rounds of loads, then a block reduction with
    // two barriers, and the block's loads stop once a column. Warp columns
    // stream a column's rounds back to back (a lane has a full round or
    // more wherever nvec >= kUnroll * 32) and sum by shuffles, with no
    // barrier. But their blocks (n / 8) are far fewer and come unsplit, so
    // waves decide the rest: the looping grid keeps every SM slot busy to
    // the end, the warp blocks' last wave leaves the slots it does not
    // fill idle, with less in flight than the DRAM needs (entry 87's
    // table: about 3.6 MB in flight reads at 72-84% of a flat read). So
    // warp columns where their last wave of four blocks an SM is at least
    // kWarpManyFill full. Entries 89-90 of docs/notes-gemv.md (H200, cold,
    // 57 op T shapes of 73-508 MiB: three fresh lists and the draws' three
    // losers): at a fill of 0.63 or more, 40 shapes at 0.935 of the time
    // (0.80-1.08, 32 faster); under it, 17 at 1.073 (0.97-1.28, 14
    // slower); held out, 22 fresh shapes from 0.63 at 0.935 (19 faster).
    // The warp rows cut into parts that fill the waves best lost in three
    // classes of five (1.03-1.07 by class). Where the looping grid already
    // holds DRAM at 91-94% (the sweep's 64 KB columns of whole rounds)
    // warp columns give 1-2% back (ncu: a warp block is eight whole
    // columns, so the SMs finish less evenly). That is the looping grid at
    // P = 256 (a block a column) in whole rounds (aligned columns of a
    // multiple of P x kUnroll vectors): no predicated round to waste load
    // slots and one reduction per 32 KB or more, so warp columns have
    // nothing to win back and their uneven last wave costs. Entry 94 of
    // docs/notes-gemv.md (H200, cold, knob runs, both passes, 24 fresh
    // shapes of 64-512 MiB whose base plan is P = 256): whole rounds took
    // 1.026-1.033x by tag with warp columns (11 of 12 slower), a fraction
    // of a round 0.937-0.947x (10 of 12 faster).
    const bool base_whole = Vec && log_p == 8 && a.m % (int64_t(kThreads) * kUnroll * V) == 0;
    const bool warp_many =
        warp_rounds && !warp_ok && !base_whole && fill_of(blocks_for_p(5), wave_t) >= kWarpManyFill;
    const bool warp_cols = (warp_ok && warp_in_flight >= need) || warp_many;
    Plan use = choose(warp_cols, &pred_tail);
    if (warp_ok && !warp_cols && warp_in_flight >= need / 2 && use.per_thread <= kUnroll && use.blocks_n > use.want)
        use = choose(true, &pred_tail);
    // Where the column blocks make more than a wave and the rows are not
    // split, one wave of blocks loops over them (the kernel's grid-stride
    // loop): a block's start and exit (scalars, set-up, the reduction's
    // barriers) leave its SM slot without loads in flight, a looping block
    // goes straight on to its next columns. Same sums, same bits. Entry 32
    // of docs/notes-gemv.md (H200): 0.980-0.991x the time from 16 MiB.
    int64_t grid_x = use.blocks_n;
    if (use.sp.splits == 1 && grid_x > use.want)
        grid_x = use.want;
    const dim3 grid(unsigned(grid_x < kMaxBlocks ? grid_x : kMaxBlocks), unsigned(use.sp.splits));
    auto kernel = gemv_tiled_t<T, V, false>;
    if constexpr (sizeof(T) == 4)
        kernel = pred_tail ? gemv_tiled_t<T, V, true> : kernel;
    // Double: the pipelined instance in its window (entry 64 of
    // docs/notes-gemv.md: H100, cold, 273-394 blocks 0.91-1.01x the time,
    // 3821 x 601 0.910x, 4166 x 1199 0.955x, 17449 x 601 0.953x). Float's
    // predicated-tail plans gained nothing with it (0.93-1.14x), so float
    // keeps its two instances.
    if constexpr (sizeof(T) == 8)
        if (in_pipe_window(use.blocks_n * use.sp.splits, wave_blocks<gemv_tiled_t<T, V, false, true>>(a)))
            kernel = gemv_tiled_t<T, V, false, true>;
    return launch_kernel(a, kernel, grid, a.m, a.n,
                         static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x), a.incx,
                         static_cast<T *>(a.y), a.incy, a.alpha, a.beta, use.log_p, use.sp);
}

// The dispatch, and the model it follows for any m, n, lda and alignment
// (H100: 132 SMs, ~3.1-3.3 TB/s read, a DRAM round trip of ~1 us under
// load; entry 28 of docs/notes-gemv.md):
// - Bytes in flight. Streaming at the read bandwidth takes ~3 MB in
//   flight, ~25 KB per SM. Every kernel keeps more (48-128 KB per SM:
//   blocks per SM x threads x loads in flight x 16 bytes), so that
//   latency spikes are hidden; registers decide the blocks per SM, which
//   is why a kernel's register budget is part of its speed
//   (tests/check-kernel-resources.sh).
// - Rounds. A thread issues its loads in rounds (four to eight 16-byte
//   loads, all in flight) and waits once per round. The work is cut so
//   that every thread has full rounds whatever m is (op T: P from the
//   column's vectors, the largest power of two with a full round per
//   thread), and what is left is read in predicated rounds, not one load
//   at a time, where it is long enough to matter. A call's time is then
//   about launch + rounds x round trip + the split's finish, or the bytes
//   over the bandwidth, whichever is larger.
// - Waves. Blocks of one wave end together, so a grid that leaves SMs
//   without a block, or a last wave of a few blocks, streams at the rate
//   of the busy SMs: the reduction is split (op N over columns, op T over
//   rows) until the blocks fill about a wave, and tile sizes are chosen
//   for the fuller wave where two are possible.
// - Splits. A split costs its partial sums, a release/acquire counter and
//   a share of the last block's finish (1-2 us on the chain): one round
//   per split at least (op N), two (op T), none below 32 KB, and at most
//   64 partial sums per finishing thread.
// - Alignment. Every column is read in 16-byte loads whatever lda is: op T
//   peels each column's head (fewer than a vector) into scalar loads, and
//   where the columns are short (64 vectors or fewer) and packed one after
//   the other, from 1.25 waves of blocks on, reads them as one flat run
//   (flat-t, gemv_skinny.cu: 512 contiguous bytes per warp load), and
//   below, at 256 rows or fewer, in element loads with no head at all
//   (scalar-t, gemv_skinny.cu: every lane busy where tiled-t's heads and
//   tails diverge); op N
//   reads the aligned vectors around a tile's rows and realigns them once
//   per tile (tiled-n-shift) where its blocks stream, and falls back to
//   scalar loads, rows a warp apart, where a block's few rounds are
//   latency-bound and tiled-n's four blocks per SM keep more in flight;
//   where its columns are short (32 vectors or fewer) and packed, it reads
//   them as one flat run too (flat-n, gemv_skinny.cu).
template <typename T>
cudaError_t launch(const mv_gemv_args &a, bool skinny)
{
    cudaError_t err = cudaSuccess;
    if (skinny && mv_gemv_skinny_launch(sizeof(T) == sizeof(float) ? MV_DTYPE_S : MV_DTYPE_D, &a, &err))
        return err;
    constexpr int W = Vec16<T>::width;
    const bool vec = vector_ok<T>(a);
    if (a.trans)
        return vec ? launch_t<T, W, true>(a) : launch_t<T, W, false>(a);
    // Op N keeps V = W rows per thread either way (tiled-n-shift's
    // realigned vectors, or scalar loads TX apart, when the columns are
    // not 16-byte aligned): as many bytes in flight.
    return vec ? launch_n<T, W, true>(a) : launch_n<T, W, false>(a);
}

}  // namespace
}  // namespace mv

extern "C" cudaError_t mv_gemv_fast_launch(mv_dtype dtype, const mv_gemv_args *args)
{
    return dtype == MV_DTYPE_S ? mv::launch<float>(*args, true) : mv::launch<double>(*args, true);
}

extern "C" cudaError_t mv_gemv_tiled_launch(mv_dtype dtype, const mv_gemv_args *args)
{
    return dtype == MV_DTYPE_S ? mv::launch<float>(*args, false) : mv::launch<double>(*args, false);
}
