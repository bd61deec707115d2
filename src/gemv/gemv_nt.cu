// y = alpha*A*x + beta*y and z = gamma*A^T*w + delta*z in one pass over A
// (mv_sgemv_nt, mv_dgemv_nt): each element of A read once serves both
// products, so the pair costs one read of A where two GEMVs cost two.
//
// Layout. A block of 8 warps owns a band of BR = WR*32*V rows and a range
// of columns: WR = 1, 2, 4 or 8 warps stacked along the rows (as many as m
// fills, rows_warps), the other WC = 8/WR side by side along the columns,
// warp column wc taking tiles wc, wc + WC, ... of 32 columns. Lane l of a
// warp holds V rows (V elements, 16 bytes, of each column): for each
// column c it loads them in one 16-byte load, adds a*x[c] into its V sums
// of y (complete over the warp's columns) and a.w (its V elements of w, in
// registers) into one partial sum of z[c]. Every 16 columns the warp's 16
// partial sums per lane go through a transposing butterfly (15 shuffles,
// then one across the half-warps), so that after a tile lane l holds column
// c0 + l's sum over the warp's rows; the WR warps of a column meet in
// shared memory every 4 tiles and are added in warp order, and at the end
// the WC warp columns' sums of y likewise.
//
// Napkin math (H100): per tile a lane issues 32 16-byte loads, 2*32*V FMAs
// and ~50 exchange instructions: ~40 bytes of A per warp instruction, far
// above the ~13 bytes per clock per SM that the read bandwidth asks, so the
// kernel is bound by reading A, as one GEMV is. 2 blocks per SM (113-128
// registers) keep 16 warps x 32 lanes x 8 loads x 16 bytes = 64 KiB in
// flight per SM.
//
// Splits. Too few bands for the GPU (short A): the columns are split into
// the S_c ranges that fill the GPU's waves best (wave_splits), each writing
// partial sums of y; more than one band: each band writes partial sums of
// z. A second kernel adds the partial sums in a fixed order, a group of
// lanes per output, and applies the scalars (deterministic, no atomics). Partial sums
// that would not fit the handle's workspace, or a pass that would not pay
// (one_pass_pays): the two products as two GEMVs (the default GEMV path),
// which read A twice.
//
// Columns off a 16-byte boundary (lda not a multiple of V or A unaligned):
// the same kernel in form kShift, each lane two rows read as the aligned
// pair of elements around them (a warp's load of a column: 256 bytes of
// float, 512 of double), y's sums kept per position of the column in its
// quad and put back in row order at the end (see the kernel). One element
// a lane, as before it (128 bytes a warp load in float, bands of 32 rows
// a warp), took 1.08-1.56x its time in float and 0.99-1.31x in double
// (docs/notes-multi.md, entry 7).
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/device.cuh"
#include "gemv/gemv_common.cuh"
#include "gemv/gemv_kernels.h"
#include "gemv/gemv_split.cuh"

namespace mv {
namespace {

constexpr int kNtThreads = 256;
constexpr int kNtWarps = kNtThreads / 32;
constexpr int kTile = 32;      // columns per exchange: one per lane
constexpr int kHalfTile = kTile / 2;
constexpr int kTileBatch = 4;  // tiles per barrier
constexpr int kColUnroll = 8;  // kVec: column loads in flight per lane
// kShift: whole quads of columns, 128 bytes in flight per lane as kVec
// (two elements a load: float 16 loads, double 8)
template <typename T>
constexpr int kShiftUnroll = 64 / int(sizeof(T));

__host__ __device__ constexpr int64_t ceil_div_nt(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

struct NtParams {
    int64_t m, n, lda;
    const void *A, *x, *w;
    void *y, *z;
    int64_t incx, incy, incw, incz;
    mv_scalar alpha, beta, gamma, delta;
    int do_y, do_z;
    int64_t slice;   // columns per column range (a multiple of kTile)
    int64_t ranges;  // S_c
    int64_t bands;   // B_r
    void *ypart;     // S_c x m partial sums of y when S_c > 1
    void *zpart;     // B_r x n partial sums of z when B_r > 1
    int64_t fin_yblocks;  // the finish's blocks adding y's partial sums (the rest: z's)
};

template <typename T>
struct Halves {
    T alpha, beta, gamma, delta;
    bool read_x, read_w;    // the products: alpha != 0 (gamma != 0) and the half is on
    bool write_y, write_z;  // the outputs: the half is on and not (scalar 0, beta/delta 1)

    __device__ __forceinline__ explicit Halves(const NtParams &p)
        : alpha(load_scalar<T>(p.alpha)), beta(load_scalar<T>(p.beta)), gamma(load_scalar<T>(p.gamma)),
          delta(load_scalar<T>(p.delta))
    {
        read_x = p.do_y && alpha != T(0);
        read_w = p.do_z && gamma != T(0);
        write_y = p.do_y && !(alpha == T(0) && beta == T(1));
        write_z = p.do_z && !(gamma == T(0) && delta == T(1));
    }
};

// How a lane reads its rows of a column: kVec, 16 bytes in one load (the
// columns on 16-byte boundaries); kShift, two elements in one load, the
// aligned pair around its rows (columns off that boundary, see the kernel:
// float pairs, 8 bytes, because four sums of y per row a lane at four rows
// spilled 128-192 bytes at two blocks per SM).
enum NtForm { kVec, kShift };

template <typename T, int FORM>
__host__ __device__ constexpr int rows_per_lane()
{
    return FORM == kShift ? 2 : 16 / int(sizeof(T));
}

// Two consecutive elements from a 2 * sizeof(T)-byte aligned p.
template <typename T>
__device__ __forceinline__ void load_pair(const T *p, T (&v)[2])
{
    if constexpr (sizeof(T) == 4) {
        const float2 q = __ldg(reinterpret_cast<const float2 *>(p));
        v[0] = q.x, v[1] = q.y;
    } else {
        load_v<T, 2>(p, v);
    }
}

// Rows a band owns: every lane's V, but under kShift the last lane's vector
// only completes the rows of the lane before it.
template <typename T, int FORM>
__host__ __device__ constexpr int64_t band_rows(int wr_warps)
{
    return (int64_t(wr_warps) * 32 - (FORM == kShift ? 1 : 0)) * rows_per_lane<T, FORM>();
}

// One step of the transposing butterfly: the values i < O and i + O of a
// lane pair meet; the lane with bit O set keeps the upper half.
template <int O, int N, typename T>
__device__ __forceinline__ void butterfly_step(T (&v)[N], int lane)
{
    const bool up = (lane & O) != 0;
#pragma unroll
    for (int i = 0; i < O; ++i) {
        const T lo = v[i], hi = v[i + O];
        const T send = up ? lo : hi;
        const T keep = up ? hi : lo;
        v[i] = keep + __shfl_xor_sync(0xffffffffu, send, O);
    }
}

// 16 values per lane in, the warp's sum of value l % 16 out in lane l (and
// in lane l ^ 16): a butterfly that halves the values each step (each pair
// summed in one lane only), then the two half-warps' sums added (a + b in
// one lane, b + a in the other: the same bits). Every column's sum has one
// fixed order. Half a tile at a time keeps 16 partial sums per lane live,
// not 32 (double at two blocks per SM spilled with 32). The steps are
// written out: a loop over O would keep v in local memory (its indices
// would not be constants).
template <typename T>
__device__ __forceinline__ T transpose_sum16(T (&v)[kHalfTile], int lane)
{
    static_assert(kHalfTile == 16, "the four steps below");
    butterfly_step<8>(v, lane);
    butterfly_step<4>(v, lane);
    butterfly_step<2>(v, lane);
    butterfly_step<1>(v, lane);
    return v[0] + __shfl_xor_sync(0xffffffffu, v[0], 16);
}

// kShift (columns off a 16-byte boundary: lda not a multiple of 16 bytes,
// or A itself off one): V = 2 elements a lane, and lane l of a band at row
// r0 reads, in column c, the aligned pair of rows r0 - s_c and r0 - s_c + 1,
// s_c (0 or 1) the column start's offset from a pair boundary. 4 * lda is a
// multiple of V, so s_c depends on c mod 4 only (quad_shifts), and the
// columns of an unrolled group sit at known positions of their quad. The
// lane keeps y's sums per position (yacc[4][V], put back in row order at
// the end: realign_shifted) and reads w at a position's rows from the
// band's w staged in shared memory, zero outside the band, so that rows
// another band owns add nothing to z. A band of L lanes owns the rows of
// L - 1 of them: the last lane's pair completes the rows of the one before
// it (1/L of the loads read twice, from L2). A pair reaching past A's last
// element is read element by element; one starting before A lies in A's
// own 16-byte line, inside its allocation. (16-byte vectors in float, with
// 16 sums of y and 16 elements of w a lane, spilled 88-196 bytes at two
// blocks per SM.)
template <typename T, int FORM, int WR>
__global__ void __launch_bounds__(kNtThreads, 2) gemv_nt_kernel(NtParams p)
{
    constexpr bool SHIFT = FORM == kShift;
    constexpr int V = rows_per_lane<T, FORM>();
    constexpr int U = SHIFT ? kShiftUnroll<T> : kColUnroll;
    static_assert(!SHIFT || U % 4 == 0, "kShift: groups of whole quads");
    constexpr int WC = kNtWarps / WR;  // warps side by side along the columns
    constexpr int64_t BR = band_rows<T, FORM>(WR);
    constexpr int64_t slots = int64_t(WR) * 32 * V;  // a warp column's rows of lanes
    constexpr int QP = SHIFT ? 4 : 1;                  // sums of y kept per row: per quad position
    __shared__ T zs[kTileBatch][kNtWarps][kTile];
    __shared__ T ys[WC > 1 || SHIFT ? kNtWarps * 32 * V : 1];
    __shared__ T wsm[SHIFT ? (kNtWarps * 32 + 1) * V : 1];  // kShift: w at the band's rows - V ..
    pdl_begin();
    const Halves<T> hv(p);
    if (!hv.write_y && !hv.write_z)
        return;
    const bool reads_a = hv.read_x || hv.read_w;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int wr = warp % WR, wc = warp / WR;
    const int64_t band = blockIdx.x % p.bands, range = blockIdx.x / p.bands;
    const int64_t r = band * BR + int64_t(wr) * 32 * V + int64_t(lane) * V;
    const int64_t rows_left = p.m - r;
    const int64_t band_end = min(p.m, (band + 1) * BR);  // one past the band's last row
    const int64_t c_begin = range * p.slice, c_end = min(p.n, c_begin + p.slice);
    const T *A = static_cast<const T *>(p.A);
    const T *x = static_cast<const T *>(p.x);
    const T *w = static_cast<const T *>(p.w);

    // yacc[q]: y's sums of the rows of quad position q's vectors (kShift;
    // else one position, the lane's own rows). wv: w at the lane's rows
    // (kShift: wsm[woff[q] + v] at position q's rows).
    int shift[4] = {0, 0, 0, 0}, woff[4] = {0, 0, 0, 0};
    const T *const a_end = A + (p.n - 1) * p.lda + p.m;  // one past A's last element
    // kShift: a lane whose vectors hold no row of the band loads nothing.
    const bool lane_rows = SHIFT ? r - (V - 1) < band_end : rows_left > 0;
    // kShift: bit q*V + v set where element v of position q's pair lies in
    // the band. The others (the row before A, rows past m, another
    // column's or band's rows) are read with the pair but replaced by zero
    // before any product: multiplied by a zero weight they would still
    // turn an Inf or NaN there (padding past m, memory before A) into a NaN
    // in z.
    unsigned keep = 0;
    bool edge_warp = false;  // kShift: a lane of this warp has elements outside the band
    T wv[V], yacc[QP][V];
#pragma unroll
    for (int q = 0; q < QP; ++q)
#pragma unroll
        for (int v = 0; v < V; ++v)
            yacc[q][v] = T(0);
    if constexpr (SHIFT) {
        quad_shifts<T, V>(A, p.lda, shift);
#pragma unroll
        for (int q = 0; q < 4; ++q)
#pragma unroll
            for (int v = 0; v < V; ++v) {
                const int64_t row = r - shift[q] + v;
                keep |= row >= band * BR && row < band_end ? 1u << (q * V + v) : 0u;
            }
        edge_warp = __any_sync(0xffffffffu, keep != (1u << (4 * V)) - 1);
#pragma unroll
        for (int q = 0; q < 4; ++q)
            woff[q] = (wr * 32 + lane + 1) * V - shift[q];
        const int64_t first = band * BR - V;
        for (int i = threadIdx.x; i < (WR * 32 + 1) * V; i += kNtThreads) {
            const int64_t row = first + i;
            wsm[i] = hv.read_w && row >= band * BR && row < band_end ? w[row * p.incw] : T(0);
        }
        __syncthreads();
    } else {
#pragma unroll
        for (int v = 0; v < V; ++v)
            wv[v] = hv.read_w && v < rows_left ? w[(r + v) * p.incw] : T(0);
    }

    // Round i: warp column wc takes tile i*WC + wc (past the range's end:
    // nothing loaded, its sums unused).
    const int64_t rounds = ceil_div_nt(ceil_div_nt(c_end - c_begin, kTile), WC);
    for (int64_t i = 0; i < rounds; ++i) {
        const int64_t c0 = c_begin + (i * WC + wc) * kTile;
        T zcol = T(0);  // this lane's column of the tile, c0 + lane
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            T zp[kHalfTile];
#pragma unroll
            for (int cc = 0; cc < kHalfTile; cc += U) {
                T a[U][V];
                T xc[U];
#pragma unroll
                for (int u = 0; u < U; ++u) {
                    const int64_t c = c0 + h * kHalfTile + cc + u;
                    const bool in = c < c_end;
                    if (reads_a && in && lane_rows) {
                        if constexpr (SHIFT) {
                            // c is at position u % 4 of its quad (c0 + cc is a multiple of 4)
                            const T *q = A + c * p.lda + r - shift[u % 4];
                            if (q + V <= a_end) {
                                load_pair<T>(q, a[u]);
                            } else {
#pragma unroll
                                for (int v = 0; v < V; ++v)
                                    a[u][v] = q + v < a_end ? __ldg(q + v) : T(0);
                            }
                        } else {
                            load_rows<T, V>(A + r + c * p.lda, rows_left >= V, rows_left, a[u]);
                        }
                    } else {
#pragma unroll
                        for (int v = 0; v < V; ++v)
                            a[u][v] = T(0);
                    }
                    xc[u] = hv.read_x && in ? x[c * p.incx] : T(0);
                }
                // kShift: an element outside the band is zeroed here, after
                // the group's loads are all issued (a select right after each
                // load waited for it: 1.6-2.4x the time, entry 12 of
                // docs/notes-multi.md), and only in warps with a lane at a
                // band's edge (MASK).
                const auto products = [&](auto mask) {
                    constexpr bool MASK = decltype(mask)::value;
#pragma unroll
                    for (int u = 0; u < U; ++u) {
                        const int q = SHIFT ? u % 4 : 0;  // a constant once unrolled
                        T dot = T(0);
#pragma unroll
                        for (int v = 0; v < V; ++v) {
                            const T av = !MASK || keep >> (q * V + v) & 1u ? a[u][v] : T(0);
                            yacc[q][v] = fma(av, xc[u], yacc[q][v]);
                            dot = fma(av, SHIFT ? wsm[woff[q] + v] : wv[v], dot);
                        }
                        zp[cc + u] = dot;
                    }
                };
                if (SHIFT && edge_warp)
                    products(std::true_type{});
                else
                    products(std::false_type{});
            }
            const T zh = transpose_sum16<T>(zp, lane);
            if ((lane >> 4) == h)
                zcol = zh;
        }
        const int tb = int(i % kTileBatch);
        zs[tb][warp][lane] = zcol;
        if (tb == kTileBatch - 1 || i == rounds - 1) {
            __syncthreads();
            if (hv.write_z) {
                // The batch's columns: round rr, warp column cc, lane l; the
                // WR warps of a column added in warp order.
                const int64_t base = c_begin + (i - tb) * WC * kTile;
                for (int idx = threadIdx.x; idx < (tb + 1) * WC * kTile; idx += kNtThreads) {
                    const int rr = idx / (WC * kTile), cc = idx / kTile % WC, l = idx % kTile;
                    const int64_t c = base + (int64_t(rr) * WC + cc) * kTile + l;
                    if (c >= c_end)
                        continue;
                    T sum = zs[rr][cc * WR][l];
#pragma unroll
                    for (int k = 1; k < WR; ++k)
                        sum += zs[rr][cc * WR + k][l];
                    if (p.bands > 1)
                        static_cast<T *>(p.zpart)[band * p.n + c] = sum;
                    else
                        store_output(static_cast<T *>(p.z) + c * p.incz, hv.gamma, sum, hv.delta);
                }
            }
            __syncthreads();
        }
    }

    if (!hv.write_y)
        return;
    const auto emit_y = [&](int64_t i, T sum) {
        if (p.ranges > 1)
            static_cast<T *>(p.ypart)[range * p.m + i] = sum;
        else
            store_output(static_cast<T *>(p.y) + i * p.incy, hv.alpha, sum, hv.beta);
    };
    T own[V];
    if constexpr (SHIFT) {
        // Back in row order: the lane's own rows, and the rows it lends to
        // the lane before it, which adds them to its own (through shared
        // memory: the lane before may be another warp's).
        T lend[V];
        realign_shifted<T, V>(yacc, shift, own, lend);
#pragma unroll
        for (int v = 0; v < V; ++v)
            ys[warp * 32 * V + lane * V + v] = lend[v];
        __syncthreads();
        const int li = wr * 32 + lane;  // the lane's place in the band
#pragma unroll
        for (int v = 0; v < V; ++v)
            own[v] += li + 1 < WR * 32 ? ys[(wc * WR * 32 + li + 1) * V + v] : T(0);
        if constexpr (WC > 1)
            __syncthreads();  // ys is filled again below
    } else {
#pragma unroll
        for (int v = 0; v < V; ++v)
            own[v] = yacc[0][v];
    }
    if constexpr (WC > 1) {
        // The WC warp columns' sums of the same rows, added in warp order.
#pragma unroll
        for (int v = 0; v < V; ++v)
            ys[warp * 32 * V + lane * V + v] = own[v];
        __syncthreads();
        for (int idx = threadIdx.x; idx < BR && band * BR + idx < p.m; idx += kNtThreads) {
            T sum = ys[idx];
#pragma unroll
            for (int k = 1; k < WC; ++k)
                sum += ys[k * slots + idx];
            emit_y(band * BR + idx, sum);
        }
    } else {
        // One warp column: each lane stores its own rows (kShift: all but
        // the band's last lane, whose rows are the next band's).
#pragma unroll
        for (int v = 0; v < V; ++v)
            if (r + v < band_end && (!SHIFT || wr * 32 + lane + 1 < WR * 32))
                emit_y(r + v, own[v]);
    }
}

// The partial sums of the split halves, added in a fixed order: y over the
// S_c column ranges by the first fin_yblocks blocks, z over the B_r bands by
// the others, side by side (each output's loads, its sum and its store are
// one chain of round trips; the two halves' chains run at once); a group of
// lanes per output (lanes_per_sum of its count), so that hundreds of ranges
// cost a few round trips. An ordinary launch: as a programmatic dependent
// launch of the pass it took 1.08-1.21x the pair's time where the pass is
// one band of 256 ranges (float 1024 x 16384, 512 x 32768; measured, not
// explained: docs/notes-multi.md, entry 6).
template <typename T>
__global__ void __launch_bounds__(kNtThreads) gemv_nt_finish(NtParams p)
{
    const Halves<T> hv(p);
    if (blockIdx.x < p.fin_yblocks) {
        if (hv.write_y)
            block_group_sums(static_cast<const T *>(p.ypart), p.m, p.ranges, p.m, lanes_per_sum(p.ranges),
                             blockIdx.x, p.fin_yblocks, [&](int64_t i, T sum) {
                                 store_output(static_cast<T *>(p.y) + i * p.incy, hv.alpha, sum, hv.beta);
                             });
    } else if (hv.write_z) {
        block_group_sums(static_cast<const T *>(p.zpart), p.n, p.bands, p.n, lanes_per_sum(p.bands),
                         blockIdx.x - p.fin_yblocks, gridDim.x - p.fin_yblocks, [&](int64_t j, T sum) {
                             store_output(static_cast<T *>(p.z) + j * p.incz, hv.gamma, sum, hv.delta);
                         });
    }
}

// One GEMV of the pair on the default GEMV path (the fallback).
cudaError_t one_gemv(mv_dtype dtype, const mv_gemv_nt_args *a, int trans)
{
    mv_gemv_args g = {};
    g.trans = trans;
    g.m = a->m;
    g.n = a->n;
    g.lda = a->lda;
    g.A = a->A;
    g.x = trans ? a->w : a->x;
    g.y = trans ? a->z : a->y;
    g.incx = trans ? a->incw : a->incx;
    g.incy = trans ? a->incz : a->incy;
    g.alpha = trans ? a->gamma : a->alpha;
    g.beta = trans ? a->delta : a->beta;
    MV_GEMV_TAKE_CONTEXT(&g, a);
    return mv_gemv_launch(dtype, &g);
}

// Where the one pass pays. Measured on an H100 (docs/notes-multi.md, entry
// 4), the one-pass kernel costs about 8 us more than its read of A at the
// bandwidth (a second kernel adds the split's partial sums; each warp's
// loads wait a few round trips), while two GEMVs cost a second read: the
// pair of GEMVs was faster up to 16 MiB of A (1.07-1.7x), the one pass
// from 32 MiB (0.85-0.96x there, 0.55-0.70x from 64 MiB). So the default
// takes the one pass from 8 us of reading (24 MiB at ~3 TB/s) and:
// - both halves run (a half alone is one GEMV, on the tuned GEMV path);
// - the bands hold m's rows to at least 3/4 (bands_full): a
//   lane past m loads nothing, and a band 12% full (float m = 16) read
//   61 MiB at 22% of the bandwidth, 2.15x the two GEMVs.
constexpr double kNtFixedSeconds = 8e-6;
constexpr double kNtReadBytesPerSecond = 3.0e12;

// Bands of br rows hold m's rows to at least 3/4.
inline bool bands_full(int64_t m, int64_t br)
{
    return 4 * m >= 3 * ceil_div_nt(m, br) * br;
}

inline bool one_pass_pays(const mv_gemv_nt_args *a, int64_t br, size_t elem)
{
    const double bytes = double(a->m) * double(a->n) * double(elem);
    return a->do_y && a->do_z && bytes >= kNtFixedSeconds * kNtReadBytesPerSecond && bands_full(a->m, br);
}

// Warps stacked along a band's rows: as many as m's rows fill (32*V rows a
// warp), at most all eight; the others stand side by side along the
// columns. Short A then keeps every warp on rows that exist, and a block's
// columns are split among its warp columns instead.
inline int rows_warps(int64_t m, int V)
{
    const int64_t warps = ceil_div_nt(ceil_div_nt(m, V), 32);
    int wr = 1;
    while (wr < warps && wr < kNtWarps)
        wr *= 2;
    return wr;
}

template <typename T, int FORM, int WR>
cudaError_t launch_geometry(mv_dtype dtype, const mv_gemv_nt_args *a)
{
    constexpr int WC = kNtWarps / WR;
    constexpr int64_t BR = band_rows<T, FORM>(WR);
    NtParams p{};
    p.m = a->m;
    p.n = a->n;
    p.lda = a->lda;
    p.A = a->A;
    p.x = a->x;
    p.w = a->w;
    p.y = a->y;
    p.z = a->z;
    p.incx = a->incx;
    p.incy = a->incy;
    p.incw = a->incw;
    p.incz = a->incz;
    p.alpha = a->alpha;
    p.beta = a->beta;
    p.gamma = a->gamma;
    p.delta = a->delta;
    p.do_y = a->do_y;
    p.do_z = a->do_z;
    // Bands are fixed by m; the columns are split into the ranges that fill
    // the GPU's waves best (wave_splits), each at least one tile per warp
    // column, as long as the partial sums fit the workspace.
    p.bands = ceil_div_nt(a->m, BR);
    const int64_t sms = a->sm_count > 0 ? a->sm_count : 132;
    const int64_t wave = sms * blocks_per_sm<gemv_nt_kernel<T, FORM, WR>, kNtThreads>();
    const int64_t ws_elems = a->split_ws ? int64_t(a->split_ws_bytes / sizeof(T)) : 0;
    const int64_t z_elems = p.bands > 1 && a->do_z ? p.bands * a->n : 0;  // a half left alone needs none
    if (z_elems > ws_elems || (!a->fused && !one_pass_pays(a, BR, sizeof(T)))) {
        cudaError_t err = cudaSuccess;
        if (a->do_y)
            err = one_gemv(dtype, a, 0);
        if (err == cudaSuccess && a->do_z)
            err = one_gemv(dtype, a, 1);
        return err;
    }
    constexpr int64_t unit = int64_t(WC) * kTile;  // columns of one round of the block
    int64_t max_ranges = std::max<int64_t>(1, a->n / unit);
    if (a->do_y)
        max_ranges = std::min(max_ranges, std::max<int64_t>(1, (ws_elems - z_elems) / a->m));
    const int64_t ranges = wave_splits(p.bands, wave, max_ranges);
    p.slice = ceil_div_nt(ceil_div_nt(a->n, ranges), unit) * unit;
    p.ranges = ceil_div_nt(a->n, p.slice);
    T *ws = static_cast<T *>(a->split_ws);
    p.ypart = p.ranges > 1 && a->do_y ? ws : nullptr;
    p.zpart = z_elems ? ws + (p.ypart ? p.ranges * a->m : 0) : nullptr;
    const int64_t blocks = p.bands * p.ranges;
    if (blocks > INT32_MAX)  // one block per index: ~2^41 elements of A
        return cudaErrorInvalidConfiguration;
    // The finish's blocks: y's sums (where split) then z's, a group of
    // lanes per output.
    p.fin_yblocks = p.ypart ? blocks_for(a->m * lanes_per_sum(p.ranges), kNtThreads) : 0;
    const int64_t zblocks = p.zpart ? blocks_for(a->n * lanes_per_sum(p.bands), kNtThreads) : 0;
    // The pass as a programmatic dependent launch where the handle allows:
    // its launch and start overlap the end of the kernel before it (with
    // the finish above, 0.95x the time of the ordinary launches and the
    // serial finish over 14 shapes of 57-763 MiB, entry 6).
    const cudaError_t err =
        launch_pdl(a->stream, a->pdl, gemv_nt_kernel<T, FORM, WR>, dim3(unsigned(blocks)), kNtThreads, p);
    if (err != cudaSuccess || p.fin_yblocks + zblocks == 0)
        return err;
    return launch_pdl(a->stream, false, gemv_nt_finish<T>, dim3(unsigned(p.fin_yblocks + zblocks)), kNtThreads, p);
}

// Warps stacked along the rows: as many as m fills (kShift: one lane more,
// the band's last only completing the rows before it), halved while the
// bands would hold m's rows to less than 3/4 (the bound of one_pass_pays:
// float m = 1098 under kShift in three bands of 510 rows, 72% full, took
// two GEMVs, 1.12x the time of one element a lane; in five bands of 254
// rows the pass took 0.72x, docs/notes-multi.md entry 7).
template <typename T, int FORM>
int band_warps(int64_t m)
{
    constexpr int V = rows_per_lane<T, FORM>();
    int wr = rows_warps(FORM == kShift ? m + V : m, V);
    while (wr > 1 && !bands_full(m, band_rows<T, FORM>(wr)))
        wr /= 2;
    return wr;
}

template <typename T, int FORM>
cudaError_t launch_form(mv_dtype dtype, const mv_gemv_nt_args *a)
{
    switch (band_warps<T, FORM>(a->m)) {
    case 1:
        return launch_geometry<T, FORM, 1>(dtype, a);
    case 2:
        return launch_geometry<T, FORM, 2>(dtype, a);
    case 4:
        return launch_geometry<T, FORM, 4>(dtype, a);
    default:
        return launch_geometry<T, FORM, 8>(dtype, a);
    }
}

template <typename T>
cudaError_t launch_nt(mv_dtype dtype, const mv_gemv_nt_args *a)
{
    constexpr int W = rows_per_lane<T, kVec>();
    if (a->lda % W == 0 && (reinterpret_cast<uintptr_t>(a->A) & 15u) == 0)
        return launch_form<T, kVec>(dtype, a);
    return launch_form<T, kShift>(dtype, a);
}

}  // namespace
}  // namespace mv

extern "C" cudaError_t mv_gemv_nt_launch(mv_dtype dtype, const mv_gemv_nt_args *args)
{
    return dtype == MV_DTYPE_D ? mv::launch_nt<double>(dtype, args) : mv::launch_nt<float>(dtype, args);
}
