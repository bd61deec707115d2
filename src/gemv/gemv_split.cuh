// What the fast GEMV kernels share (gemv_fast.cu: the tiled kernels;
// gemv_skinny.cu: the short-wide and tall-skinny ones): 16-byte loads, the
// bookkeeping of reductions split across blocks, and the host-side sizing
// of grids and splits.
//
// Split bookkeeping (workspace of the handle): partial[s*len_y + i] holds
// split s's sum for output i; counters[tile] counts the splits of a tile
// that are done. A tile's last split (its atomicAdd sees S-1) sums
// partial[0..S-1] in a fixed order, writes y and sets the counter back to 0.
#pragma once

#include "core/device.cuh"
#include "gemv_common.cuh"

namespace mv {
namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kWideThreads = 512;  // gemv_thin_n_wide
constexpr int kUnroll = 8;  // tiled-t: vector loads in flight per thread

template <typename T>
struct Vec16;
template <>
struct Vec16<float> {
    using type = float4;
    static constexpr int width = 4;
};
template <>
struct Vec16<double> {
    using type = double2;
    static constexpr int width = 2;
};

// Loads V consecutive elements; V > 1 needs a 16-byte aligned p.
template <typename T, int V>
__device__ __forceinline__ void load_v(const T *p, T (&v)[V])
{
    if constexpr (V == 1) {
        v[0] = __ldg(p);
    } else {
        using W = typename Vec16<T>::type;
        const W w = __ldg(reinterpret_cast<const W *>(p));
        const T *e = reinterpret_cast<const T *>(&w);
#pragma unroll
        for (int k = 0; k < V; ++k)
            v[k] = e[k];
    }
}

// V rows starting at a: one 16-byte load when the whole vector is inside
// the matrix (full), else the rows that exist (rows_left of them) one by one.
template <typename T, int V>
__device__ __forceinline__ void load_rows(const T *a, bool full, int64_t rows_left, T (&v)[V])
{
    if (full) {
        load_v<T, V>(a, v);
    } else {
#pragma unroll
        for (int k = 0; k < V; ++k)
            v[k] = k < rows_left ? __ldg(a + k) : T(0);
    }
}

// The offset of p from the 16-byte boundary at or before it, in elements
// (V of them a 16-byte vector).
template <typename T, int V>
__device__ __forceinline__ int vector_shift(const T *p)
{
    return int(reinterpret_cast<uintptr_t>(p) / sizeof(T) % V);
}

// Op N over columns off a 16-byte boundary (tiled-n-shift, tall-n-shift):
// a thread at row r0 reads, in column j, the aligned vector of rows r0 - s_j
// .. r0 - s_j + V - 1 and adds it into acc[j mod 4] (4 * lda is a multiple
// of V, so s_j depends on j mod 4 only). shift[c]: s of column c of the
// quad that starts at column a0 (and of every column c + 4k).
template <typename T, int V>
__device__ __forceinline__ void quad_shifts(const T *a0, int64_t lda, int (&shift)[4])
{
#pragma unroll
    for (int c = 0; c < 4; ++c)
        shift[c] = vector_shift<T, V>(a0 + c * lda);
}

template <typename T, int V>
__device__ __forceinline__ void zero(T (&acc)[4][V])
{
#pragma unroll
    for (int c = 0; c < 4; ++c)
#pragma unroll
        for (int k = 0; k < V; ++k)
            acc[c][k] = T(0);
}

// Back in row order: acc[c] rotated left by s_c (two conditional
// rotations, by 1 and by 2) holds row r0 + d at d < V - s_c (own[d], the
// thread's row) and row r0 - V + d at the others (lend[d], the row d of
// the thread before).
template <typename T, int V>
__device__ __forceinline__ void realign_shifted(const T (&acc)[4][V], const int (&shift)[4], T (&own)[V],
                                                T (&lend)[V])
{
#pragma unroll
    for (int k = 0; k < V; ++k)
        own[k] = lend[k] = T(0);
#pragma unroll
    for (int c = 0; c < 4; ++c) {
        T w[V];
#pragma unroll
        for (int k = 0; k < V; ++k)
            w[k] = shift[c] & 1 ? acc[c][(k + 1) % V] : acc[c][k];
        if constexpr (V == 4) {
            T t[V];
#pragma unroll
            for (int k = 0; k < V; ++k)
                t[k] = shift[c] & 2 ? w[(k + 2) % V] : w[k];
#pragma unroll
            for (int k = 0; k < V; ++k)
                w[k] = t[k];
        }
#pragma unroll
        for (int d = 0; d < V; ++d) {
            const bool mine = d < V - shift[c];
            own[d] += mine ? w[d] : T(0);
            lend[d] += mine ? T(0) : w[d];
        }
    }
}

struct Split {
    int64_t splits;    // S
    int64_t span;      // reduction elements per split (a multiple of the vector width)
    int64_t stride;    // elements between two splits' partial sums: len_y rounded
                       // up to a whole 16-byte vector, so the finish loads vectors
    void *partial;     // S * stride elements
    unsigned *counters;
};

// Partial-sum stride for len_y outputs: whole 16-byte vectors.
template <typename T>
constexpr int64_t split_stride(int64_t len_y)
{
    constexpr int64_t W = Vec16<T>::width;
    return (len_y + W - 1) / W * W;
}

// Split s of a tile stores its sums (value for output out where owns) into
// partial[s*stride + out]; returns true in every thread of the block that
// completes the tile (the last of its S splits to arrive).
template <typename T>
__device__ __forceinline__ bool publish_partials(const Split &sp, int64_t s, int64_t tile, int64_t out, T value,
                                                 bool owns)
{
    __shared__ bool last;
    if (owns)
        static_cast<T *>(sp.partial)[s * sp.stride + out] = value;
    // The block's stores are ordered before thread 0's release by the
    // barrier; one acq_rel atomic at GPU scope then publishes them and, in
    // the last block, makes every other split's stores visible to the
    // loads after the second barrier (the pattern of a split-K semaphore;
    // one fence instance instead of a sequentially consistent fence in each
    // of 256 threads).
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned old;
        asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;"
                     : "=r"(old)
                     : "l"(sp.counters + tile)
                     : "memory");
        last = old == unsigned(sp.splits - 1);
    }
    __syncthreads();
    return last;
}

// One 16-byte vector of partial sums, read through L2 only (other blocks
// wrote it in this launch: L1 may hold stale lines).
template <typename T>
__device__ __forceinline__ void load_partial_vec(const T *p, T (&v)[Vec16<T>::width])
{
    using Wv = typename Vec16<T>::type;
    const Wv w = __ldcg(reinterpret_cast<const Wv *>(p));
    const T *e = reinterpret_cast<const T *>(&w);
#pragma unroll
    for (int k = 0; k < Vec16<T>::width; ++k)
        v[k] = e[k];
}

// E consecutive partial sums (E = 1, or a 16-byte vector of W), read through
// L2 only (other blocks wrote them in this launch: L1 may hold stale lines).
template <typename T, int E>
__device__ __forceinline__ void load_partials(const T *p, T (&v)[E])
{
    if constexpr (E == 1) {
        v[0] = __ldcg(p);
    } else {
        static_assert(E == Vec16<T>::width, "one 16-byte vector");
        load_partial_vec(p, v);
    }
}

// finish_tile with E outputs per thread and load (see below); fin holds
// kThreads * W elements.
template <typename T, int E>
__device__ __forceinline__ void finish_tile_e(const Split &sp, int64_t tile, int64_t out0, int outs, int64_t count,
                                              T *y, int64_t incy, T alpha, T beta, T *fin)
{
    static_assert(kWarps == 8, "the last step adds eight groups");
    const T *partial = static_cast<const T *>(sp.partial) + out0;
    const int lanes = outs / E;        // loads of E outputs that cover the tile
    const int per = kThreads / lanes;  // threads that share one (interleaved subsets of the S splits)
    const int o = threadIdx.x % lanes, sub = threadIdx.x / lanes;
    T acc[E];
#pragma unroll
    for (int k = 0; k < E; ++k)
        acc[k] = T(0);
    if (o * E < count) {
        // Rounds of eight loads in flight, then the rest unrolled by four.
        // (Predicated rounds of eight took gemv_tiled_t, when it still used
        // this finish, past its 64 registers: tests/check-kernel-resources.sh.)
        const T *p = partial + o * E;
        int64_t s = sub;
        for (; s + 7 * per < sp.splits; s += 8 * per) {
            T v[8][E];
#pragma unroll
            for (int u = 0; u < 8; ++u)
                load_partials<T, E>(p + (s + u * per) * sp.stride, v[u]);
#pragma unroll
            for (int k = 0; k < E; ++k)
                acc[k] += ((v[0][k] + v[1][k]) + (v[2][k] + v[3][k])) + ((v[4][k] + v[5][k]) + (v[6][k] + v[7][k]));
        }
#pragma unroll 4
        for (; s < sp.splits; s += per) {
            T v[E];
            load_partials<T, E>(p + s * sp.stride, v);
#pragma unroll
            for (int k = 0; k < E; ++k)
                acc[k] += v[k];
        }
    }
    // The per subsets of a load, added as a tree: those in one warp (lanes
    // apart) by shuffles, then at most eight groups (warps, or subsets when
    // a warp holds one) through shared memory.
    int group = sub;
    if (lanes < 32) {
        sum_lanes_apart(acc, lanes);
        group = threadIdx.x / 32;
    }
    const int groups = lanes < 32 ? kWarps : per;
    if (lanes >= 32 || threadIdx.x % 32 < lanes)
#pragma unroll
        for (int k = 0; k < E; ++k)
            fin[group * outs + o * E + k] = acc[k];
    __syncthreads();
    const int q = threadIdx.x;  // output q of the tile
    if (q < count) {
        T total = fin[q];
        for (int i = 1; i < groups; ++i)
            total += fin[i * outs + q];
        store_output(y + (out0 + q) * incy, alpha, total, beta);
    }
    if (threadIdx.x == 0)
        sp.counters[tile] = 0;
    __syncthreads();
}

// The last split of a tile of outs (a power of two <= kThreads) outputs,
// the first at out0 (a multiple of outs), count of them real. The finish is
// a chain of L2 round trips and adds after every other block is done, so it
// is kept short: the partial sums are read in 16-byte vectors of W outputs
// where outs is a multiple of W (else one output per load), kThreads/(outs/W)
// threads per vector each summing an interleaved subset of the S splits
// with eight loads in flight, and the subsets are then added as a tree:
// shuffles within a warp, then at most eight groups in shared memory. (One
// thread adding all 16 subsets of a tile of 64 rows in series took ~0.7 us
// of a ~5 us call: entry 19 of docs/notes-gemv.md.) The order of the
// additions is fixed, so the result is reproducible.
template <typename T>
__device__ __forceinline__ void finish_tile(const Split &sp, int64_t tile, int64_t out0, int outs, int64_t count,
                                            T *y, int64_t incy, T alpha, T beta)
{
    constexpr int W = Vec16<T>::width;
    __shared__ T fin[kThreads * W];
    if (outs % W == 0)
        finish_tile_e<T, W>(sp, tile, out0, outs, count, y, incy, alpha, beta, fin);
    else
        finish_tile_e<T, 1>(sp, tile, out0, outs, count, y, incy, alpha, beta, fin);
}

// The finish of gemv_tiled_t: finish_tile's earlier form, whose last step
// is one thread per output adding the used subsets in series. Inlined into
// gemv_tiled_t, finish_tile's tree changed how ptxas allocates the
// kernel's main loop (64 registers either way) and cost double op T with
// an odd lda 3-4% (8192^2: 190 against 184 us; entry 19 of
// docs/notes-gemv.md); this form keeps that loop as it was. Its tiles
// hold many outputs (256/P columns) unless the columns are long, so the
// serial step is short where op T splits. Same arguments and order rules
// as finish_tile: kThreads/(outs/W) threads per vector of W outputs (or
// kThreads/outs per output), eight loads in flight, then the subsets in
// order.
template <typename T>
__device__ __forceinline__ void finish_tile_serial(const Split &sp, int64_t tile, int64_t out0, int outs, int64_t count,
                                            T *y, int64_t incy, T alpha, T beta)
{
    constexpr int W = Vec16<T>::width;
    __shared__ T fin[kThreads * W];
    const T *partial = static_cast<const T *>(sp.partial) + out0;
    const bool vec = outs % W == 0;
    const int lanes = vec ? outs / W : outs;  // output vectors (or outputs) of the tile
    const int per = kThreads / lanes;         // threads that share one
    const int o = threadIdx.x % lanes, sub = threadIdx.x / lanes;
    T acc[W];
#pragma unroll
    for (int k = 0; k < W; ++k)
        acc[k] = T(0);
    if (vec) {
        if (o * W < count) {
            int64_t s = sub;
            for (; s + 7 * per < sp.splits; s += 8 * per) {
                T v[8][W];
#pragma unroll
                for (int u = 0; u < 8; ++u)
                    load_partial_vec(partial + (s + u * per) * sp.stride + o * W, v[u]);
#pragma unroll
                for (int k = 0; k < W; ++k)
                    acc[k] += ((v[0][k] + v[1][k]) + (v[2][k] + v[3][k])) + ((v[4][k] + v[5][k]) + (v[6][k] + v[7][k]));
            }
            for (; s < sp.splits; s += per) {
                T v[W];
                load_partial_vec(partial + s * sp.stride + o * W, v);
#pragma unroll
                for (int k = 0; k < W; ++k)
                    acc[k] += v[k];
            }
        }
#pragma unroll
        for (int k = 0; k < W; ++k)
            fin[threadIdx.x * W + k] = acc[k];
    } else {
        T sum[8] = {T(0), T(0), T(0), T(0), T(0), T(0), T(0), T(0)};
        if (o < count) {
            int64_t s = sub;
            for (; s + 7 * per < sp.splits; s += 8 * per)
#pragma unroll
                for (int u = 0; u < 8; ++u)
                    sum[u] += __ldcg(partial + (s + u * per) * sp.stride + o);
            for (; s < sp.splits; s += per)
                sum[0] += __ldcg(partial + s * sp.stride + o);
        }
        fin[threadIdx.x] = ((sum[0] + sum[1]) + (sum[2] + sum[3])) + ((sum[4] + sum[5]) + (sum[6] + sum[7]));
    }
    __syncthreads();
    // Output q of the tile: its vector (or output) q / W (q), element q % W.
    // Only the first min(per, S) subsets hold partial sums (the rest are
    // zeros): a tile of 4 outputs has per = 256 threads per output, and a
    // chain of 256 dependent shared-memory adds cost about 2 us at the end
    // of every split call (entry 13 of docs/notes-gemv.md).
    const int q = threadIdx.x;
    const int used = int(per < sp.splits ? per : sp.splits);
    if (q < count) {
        const int lo = vec ? q / W : q, k = vec ? q % W : 0;
        T total = T(0);
        for (int t = 0; t < used; ++t)
            total += fin[(t * lanes + lo) * (vec ? W : 1) + k];
        store_output(y + (out0 + q) * incy, alpha, total, beta);
    }
    if (threadIdx.x == 0)
        sp.counters[tile] = 0;
    __syncthreads();
}

// Launches kernel<<<grid, threads, 0, a.stream>>>(args...), as a
// programmatic dependent launch where the device has them (a.pdl; every
// kernel launched so starts with pdl_begin). Returns CUDA's error code.
template <typename... P, typename... Args>
cudaError_t launch_kernel_threads(const mv_gemv_args &a, void (*kernel)(P...), dim3 grid, unsigned threads,
                                  Args... args)
{
    return launch_pdl(a.stream, a.pdl != 0, kernel, grid, threads, args...);
}

// The same in blocks of kThreads, as every kernel but gemv_thin_n_wide.
template <typename... P, typename... Args>
cudaError_t launch_kernel(const mv_gemv_args &a, void (*kernel)(P...), dim3 grid, Args... args)
{
    return launch_kernel_threads(a, kernel, grid, kThreads, args...);
}

int log2_ceil(int64_t v)
{
    int l = 0;
    while ((int64_t(1) << l) < v)
        ++l;
    return l;
}

// gcd(lda, W) for the W-element 16-byte vector (W a power of two): the
// columns of A repeat their place in a 16-byte line every W / gcd columns
// (launch_t's tiled-t-cols4), and lda / gcd vectors hold a whole number of
// columns (flat-n's period).
template <typename T>
int64_t lda_vec_gcd(int64_t lda)
{
    int64_t g = Vec16<T>::width;
    while (lda % g != 0)
        g /= 2;
    return g;
}

// The handle's SM count, or an H100's where the handle could not tell.
inline int64_t sm_count_of(const mv_gemv_args &a)
{
    return a.sm_count > 0 ? a.sm_count : 132;
}

// Blocks of a kernel resident at once on the whole GPU (one wave), from the
// occupancy calculator, asked once per kernel (per process: the library is
// built for one kind of GPU at a time in practice; on another kind only the
// number of splits would be off, and results stay reproducible per device).
template <auto kernel>
int64_t wave_blocks(const mv_gemv_args &a)
{
    return sm_count_of(a) * blocks_per_sm<kernel, kThreads>();
}

// Splits of a reduction of len elements over tiles output tiles: about one
// wave (want) of blocks, each split at least min_span long, within the
// workspace (splits * len_y partial sums) and the counters (one per tile),
// and few enough for the last split to add them up quickly.
// How far plan_split splits: a split is worth it only when the tile holds
// more than min_rounds rounds of loads, and each split keeps at least
// rounds_per_split of them (op T: kDefaultSplit; op N: one round).
inline int64_t split_stride_for(size_t elem, int64_t len_y)
{
    return elem == sizeof(float) ? split_stride<float>(len_y) : split_stride<double>(len_y);
}

// The caps every split plan shares: the workspace holds S * stride partial
// sums, and the last split of a tile reads all S partial sums of its
// outputs: at most 64 loads for each of its threads (eight round trips to
// L2 with eight in flight, ~3 us) keeps that tail short. 32 capped op N
// with m = 64 at 128 blocks, a block per SM, too few bytes in flight
// (entry 9 of docs/notes-gemv.md).
inline int64_t cap_splits(const mv_gemv_args &a, int64_t s, size_t elem, int64_t stride,
                          int64_t finishers_per_output)
{
    const int64_t by_ws = int64_t(a.split_ws_bytes / elem) / stride;
    s = s < by_ws ? s : by_ws;
    const int64_t by_finish = 64 * finishers_per_output;
    return s < by_finish ? s : by_finish;
}

// One part: every block reduces all len elements, no partial sums.
inline Split no_split(const mv_gemv_args &a, int64_t len, int64_t len_y, size_t elem)
{
    return Split{1, len, split_stride_for(elem, len_y), a.split_ws, a.split_counters};
}

struct SplitPolicy {
    int64_t min_rounds;
    int64_t rounds_per_split;
};
constexpr SplitPolicy kDefaultSplit{3, 2};

// The reduction of len elements cut into s parts (at most what cap_splits
// allows) over tiles output tiles, each part's span a multiple of align; no
// split where the workspace or the counters do not reach.
Split split_into(const mv_gemv_args &a, int64_t s, int64_t tiles, int64_t len, int64_t len_y, int64_t align,
                 size_t elem, int64_t finishers_per_output)
{
    Split sp = no_split(a, len, len_y, elem);
    if (!a.split_ws || tiles > a.split_counter_count)
        return sp;
    s = cap_splits(a, s, elem, sp.stride, finishers_per_output);
    if (s < 2)
        return sp;
    int64_t span = (len + s - 1) / s;
    span = (span + align - 1) / align * align;
    sp.splits = (len + span - 1) / span;
    sp.span = span;
    return sp;
}

Split plan_split(const mv_gemv_args &a, int64_t want, int64_t tiles, int64_t len, int64_t len_y, int64_t min_span,
                 int64_t align, size_t elem, int64_t finishers_per_output, SplitPolicy pol = kDefaultSplit,
                 bool whole_rounds = false)
{
    Split sp = no_split(a, len, len_y, elem);
    if (tiles >= want || !a.split_ws || tiles > a.split_counter_count)
        return sp;
    // A split costs a fence, an atomic and the finish (about a microsecond):
    // by default worth it only when a tile holds more than three rounds of
    // loads, and each split keeps at least two.
    const int64_t rounds = len / min_span;
    if (rounds <= pol.min_rounds)
        return sp;
    // Whole waves: tiles * splits at most one wave of resident blocks, so
    // that no second, nearly empty wave doubles the tail.
    int64_t s = want / tiles;
    const int64_t by_len = rounds / pol.rounds_per_split;
    s = s < by_len ? s : by_len;
    sp = split_into(a, s, tiles, len, len_y, align, elem, finishers_per_output);
    if (!whole_rounds || sp.splits < 2)
        return sp;
    // Whole rounds (whole_rounds: tiled-n): the same wave cut into spans of
    // whole rounds (min_span: a load of every thread along the reduction),
    // the fewest rounds a split that the wave allows, then the fewest
    // splits that need no more. A block of few rounds waits one loaded
    // round trip a round however few of its threads load in it, so a span
    // of n / s rounded to align can cost a round trip for a sliver (float
    // N 257 x 2110: 59 spans of 36 columns, two round trips each against
    // rounds of 32; whole rounds: 66 spans of one). Taken where it saves a
    // block a round, or where a block runs at most two: there a call is
    // its round trips and its finish, and fewer splits finish sooner. From
    // three rounds a block the loads stream and the sliver costs no round
    // trip; the fewer blocks of whole spans only take bytes out of flight.
    // Entry 78 of docs/notes-gemv.md (H200, cold, knob runs, both passes,
    // 41 fresh and drawn op N shapes, six of the sweep's): the 23 plans
    // this changes 0.80-1.02x the time (geomean 0.922, 22 faster); whole
    // spans for the 24 others (three rounds a block or more) would have
    // taken 0.98-1.08x (geomean 1.011).
    const int64_t by_all = (len + min_span - 1) / min_span / pol.rounds_per_split;
    const int64_t ws = want / tiles < by_all ? want / tiles : by_all;
    const int64_t r = (len + ws * min_span - 1) / (ws * min_span);
    const Split w = split_into(a, (len + r * min_span - 1) / (r * min_span), tiles, len, len_y, min_span, elem,
                               finishers_per_output);
    const int64_t r_old = (sp.span + min_span - 1) / min_span;
    const int64_t r_new = (w.span + min_span - 1) / min_span;
    return w.splits > 1 && (r_new <= 2 || r_new < r_old) ? w : sp;
}

// The widest load this call can use: 16 bytes when A and every column start
// are 16-byte aligned (lda a multiple of the vector width).
template <typename T>
bool vector_ok(const mv_gemv_args &a)
{
    constexpr int W = Vec16<T>::width;
    return reinterpret_cast<uintptr_t>(a.A) % 16 == 0 && a.lda % W == 0;
}

}  // namespace
}  // namespace mv
