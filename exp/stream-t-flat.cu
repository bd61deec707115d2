// Entry 31, second form of stream-t (rejected, kept for the record: not built;
// it ran as src/kernels/gemv_stream.cu with the registry entry "stream-t",
// a declaration of mv_gemv_stream_launch in gemv.h and test_stream_t in
// tests/test_gemv_shapes.c, all removed with it).
// `stream-t` (op T, long columns lying nearly one after the other): the
// matrix read as one flat run of 16-byte vectors from the 16-byte boundary
// at or before A, cut into one equal contiguous range of vectors per warp of
// one wave of blocks. A warp walks its range in rounds of eight vectors per
// lane (256 consecutive vectors, all in flight) that never stop at a column
// boundary: a round spans at most two columns (lda >= 256 vectors), so each
// lane keeps two sums, the column the round starts in and the next, and
// tells an element's column by one comparison with the boundary; rows past
// m (lda > m) and elements outside A count nothing. When a round crosses
// the boundary, the first column is done as far as the warp goes: a column
// that lies wholly in the warp's range is stored at once; a column cut by
// range boundaries leaves one partial sum per warp that touches it, and the
// last of those warps to arrive (a counter per column, indexed by its first
// warp) adds them in warp order and stores it.
//
// Napkin math: every warp has the same number of vectors, its loads
// contiguous, eight per lane in flight whatever m is, no block barrier, no
// block start after the first wave; what a warp pays beyond the read is a
// comparison, a select and a load of x per element and a warp sum per
// column (entry 31 of docs/notes-gemv.md: a first form that drained its
// loads at every column boundary was 1.1-1.5x tiled-t's time).
#include "gemv_split.cuh"

namespace mv {
namespace {

constexpr int kStreamUnroll = 8;             // 16-byte loads in flight per lane
constexpr int kStreamRound = 32 * kStreamUnroll;  // vectors per warp round
constexpr int kStreamMaxContributors = 32;   // warps that may share one column: one partial per lane

// The first vector of warp w's range: floor(Q * w / G) of Q vectors (the
// host keeps Q * G below 2^62).
__device__ __forceinline__ int64_t range_begin(int64_t Q, int64_t G, int64_t w)
{
    return Q * w / G;
}

// The warp whose range holds vector q: the largest w with range_begin(w) <=
// q, which is ceil((q + 1) * G / Q) - 1.
__device__ __forceinline__ int64_t range_owner(int64_t Q, int64_t G, int64_t q)
{
    return ((q + 1) * G + Q - 1) / Q - 1;
}

// The flat run: vector q holds elements q*V - s .. q*V - s + V - 1 (element
// 0 is A[0]; the run starts s elements before A, on a 16-byte boundary);
// Q vectors over G warps. Column c's rows [0, m) lie in vectors
// first_vec(c) .. last_vec(c).
struct Run {
    int64_t m, lda, Q, G;
    int s, V;
    __device__ __forceinline__ int64_t first_vec(int64_t c) const { return (c * lda + s) / V; }
    __device__ __forceinline__ int64_t last_vec(int64_t c) const { return (c * lda + m - 1 + s) / V; }
    // The first column whose rows [0, m) meet a range that starts at vector q0.
    __device__ __forceinline__ int64_t first_touched(int64_t q0) const
    {
        const int64_t e0 = q0 * V - s;
        const int64_t c0 = e0 > 0 ? e0 / lda : 0;
        return last_vec(c0) >= q0 ? c0 : c0 + 1;
    }
};

// Column c's sum over warp w's range [q0, q1) (acc: the lanes' shares) goes
// to y: directly when no other warp touches the column, else through the
// partial sums (slot 0: the first column w touches, 1: the last) and the
// counter of the column's first warp; the last to arrive adds them up.
// Out of line: the round loop keeps its registers.
template <typename T>
__device__ __noinline__ void emit_column(const Run r, int64_t w, int64_t q0, int64_t q1, int64_t c, T acc,
                                         T *__restrict__ y, int64_t incy, T alpha, T beta,
                                         T *__restrict__ partial, unsigned *__restrict__ counters)
{
    const int lane = threadIdx.x % 32;
    const int64_t qa = r.first_vec(c), qb = r.last_vec(c);
    if (qa >= q1 || qb < q0)
        return;  // only rows past m, or no element of the column, in this range
    const T dot = warp_sum(acc);
    const int64_t wa = range_owner(r.Q, r.G, qa), wb = range_owner(r.Q, r.G, qb);
    if (wa == wb) {
        if (lane == 0)
            store_output(y + c * incy, alpha, dot, beta);
        return;
    }
    unsigned last = 0;
    if (lane == 0) {
        partial[2 * w + (r.first_touched(q0) == c ? 0 : 1)] = dot;
        unsigned old;
        asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(counters + wa) : "memory");
        last = old == unsigned(wb - wa);
    }
    __syncwarp();  // orders lane 0's acquire before the other lanes' loads
    if (!__shfl_sync(0xffffffffu, last, 0))
        return;
    T v = T(0);
    const int64_t wi = wa + lane;
    if (wi <= wb)
        v = __ldcg(partial + 2 * wi + (r.first_touched(range_begin(r.Q, r.G, wi)) == c ? 0 : 1));
    const T total = warp_sum(v);
    if (lane == 0) {
        store_output(y + c * incy, alpha, total, beta);
        counters[wa] = 0;
    }
}

// One round's vectors of a lane: vector u at p + 32*u*V where it exists
// (u < left / 32 for lane 0...; j = lane + 32u < left); edge: the run's
// first or last round, where vectors may reach outside A (elements before
// A[0] or past the last column's row m - 1, which are never read).
template <typename T, int V>
__device__ __forceinline__ void load_round(const T *p, int lane, int left, bool edge, int64_t ev0, int64_t total,
                                           T (&v)[kStreamUnroll][V])
{
#pragma unroll
    for (int u = 0; u < kStreamUnroll; ++u) {
        const int j = lane + 32 * u;
        if (!edge) {
            if (j < left) {
                load_v<T, V>(p + 32 * u * V, v[u]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    v[u][k] = T(0);
            }
        } else {
            const int64_t ev = ev0 + int64_t(32 * u) * V;  // this vector's first element
#pragma unroll
            for (int k = 0; k < V; ++k)
                v[u][k] = j < left && ev + k >= 0 && ev + k < total ? p[32 * u * V + k] : T(0);
        }
    }
}

// XVec: lda and m multiples of V, A and x 16-byte aligned: a vector lies in
// one column, its rows in x one aligned vector.
template <typename T, int V, bool XVec>
__global__ void __launch_bounds__(kThreads, 3)
gemv_stream_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
              T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, int64_t Q, int s,
              T *__restrict__ partial, unsigned *__restrict__ counters)
{
    constexpr int U = kStreamUnroll;
    pdl_begin();
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, n, beta);
        return;
    }
    const int lane = threadIdx.x % 32;
    const int64_t G = int64_t(gridDim.x) * kWarps;
    const int64_t w = int64_t(blockIdx.x) * kWarps + threadIdx.x / 32;
    const int64_t q0 = range_begin(Q, G, w), q1 = range_begin(Q, G, w + 1);
    const int64_t total = (n - 1) * lda + m;  // elements of the run from A[0]
    const int64_t e_first = q0 * V - s;
    int64_t c = e_first > 0 ? e_first / lda : 0;  // the column acc_lo sums
    int64_t bnd = (c + 1) * lda;                  // its end in the run (the next column's start)
    T acc_lo = T(0), acc_hi = T(0);
    for (int64_t q = q0; q < q1; q += kStreamRound) {
        const int64_t e0 = q * V - s;  // the round's first element
        const int left = int(q1 - q < kStreamRound ? q1 - q : kStreamRound);
        // Rows of the round's elements relative to e0 (rel): rel + off_lo in
        // column c, rel - brel in column c + 1 (from rel >= brel on).
        const int off_lo = int(e0 - c * lda);
        const int64_t brel64 = bnd - e0;
        const int brel = int(brel64 < int64_t(kStreamRound) * V ? brel64 : int64_t(kStreamRound) * V);
        const bool edge = e0 < 0 || e0 + int64_t(left) * V > total;
        const T *pa = A - s + q * V + lane * V;
        // Most rounds lie inside one column's rows [0, m): no boundary, no
        // rows past m, only the loads and the products.
        if (!edge && off_lo >= 0 && brel64 >= int64_t(left) * V && off_lo + left * V <= m) {
            // A's eight loads, then x's in two groups of four issued
            // together (registers: 24 vectors would spill).
            T v[U][V];
            const T *px = x + off_lo + lane * V;
#pragma unroll
            for (int u = 0; u < U; ++u) {
                if (lane + 32 * u < left) {
                    load_v<T, V>(pa + 32 * u * V, v[u]);
                } else {
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        v[u][k] = T(0);
                }
            }
#pragma unroll
            for (int g = 0; g < 2; ++g) {
                constexpr int H = U / 2;
                T xv[H][V];
#pragma unroll
                for (int h = 0; h < H; ++h) {
                    const int u = g * H + h;
                    if (lane + 32 * u >= left) {
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            xv[h][k] = T(0);  // past the range: x may end there
                    } else if constexpr (XVec) {
                        load_v<T, V>(px + 32 * u * V, xv[h]);
                    } else {
#pragma unroll
                        for (int k = 0; k < V; ++k)
                            xv[h][k] = __ldg(px + 32 * u * V + k);
                    }
                }
#pragma unroll
                for (int h = 0; h < H; ++h)
#pragma unroll
                    for (int k = 0; k < V; ++k)
                        acc_lo += v[g * H + h][k] * xv[h][k];
            }
            continue;
        }
        // A round at a column boundary, past row m or at an end of the run.
        T v[U][V];
        load_round<T, V>(pa, lane, left, edge, e0 + lane * V, total, v);
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const int rel = (lane + 32 * u) * V;
            if constexpr (XVec) {
                const bool hi = rel >= brel;
                const int row = hi ? rel - brel : rel + off_lo;
                const bool in = lane + 32 * u < left && row < m;
                T xv[V];
                load_v<T, V>(x + (in ? row : 0), xv);
                T p = T(0);
#pragma unroll
                for (int k = 0; k < V; ++k)
                    p += v[u][k] * xv[k];
                p = in ? p : T(0);
                acc_lo += hi ? T(0) : p;
                acc_hi += hi ? p : T(0);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k) {
                    const bool hi = rel + k >= brel;
                    const int row = hi ? rel + k - brel : rel + k + off_lo;
                    const bool in = unsigned(row) < unsigned(m);
                    const T p = in ? v[u][k] * __ldg(x + row) : T(0);
                    acc_lo += hi ? T(0) : p;
                    acc_hi += hi ? p : T(0);
                }
            }
        }
        // The round crossed into column c + 1: column c is done here.
        if (brel64 < int64_t(left) * V) {
            emit_column(Run{m, lda, Q, G, s, V}, w, q0, q1, c, acc_lo, y, incy, alpha, beta, partial, counters);
            acc_lo = acc_hi;
            acc_hi = T(0);
            ++c;
            bnd += lda;
        }
    }
    if (c < n)
        emit_column(Run{m, lda, Q, G, s, V}, w, q0, q1, c, acc_lo, y, incy, alpha, beta, partial, counters);
}

// The flat run's shape for op T: long columns (a round of 256 vectors spans
// at most two), lying nearly one after the other (lda - m under a vector or
// at most m/8: the rows past m are read and dropped), unit x, and enough
// vectors for every warp of a wave to have a round and no column to spread
// over more than 32 warps.
template <typename T>
bool launch_stream_t(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int V = Vec16<T>::width;
    if (!a.trans || a.incx != 1 || !a.split_ws || !a.split_counters)
        return false;
    if (a.lda < int64_t(kStreamRound) * V || a.lda >= (int64_t(1) << 30))
        return false;
    if (a.lda - a.m >= V && 8 * (a.lda - a.m) > a.m)
        return false;
    const int s = int(reinterpret_cast<uintptr_t>(a.A) % 16 / sizeof(T));
    const int64_t total = (a.n - 1) * a.lda + a.m;
    const int64_t Q = (total + s + V - 1) / V;
    const bool xvec = a.lda % V == 0 && a.m % V == 0 && s == 0 && reinterpret_cast<uintptr_t>(a.x) % 16 == 0;
    const int64_t G = (xvec ? wave_blocks<gemv_stream_t<T, V, true>>(a) : wave_blocks<gemv_stream_t<T, V, false>>(a)) *
                      kWarps;
    if (Q > (int64_t(1) << 62) / G)
        return false;
    const int64_t per_warp = Q / G;  // vectors, at least
    if (per_warp < kStreamRound || (a.lda / V + 2) / per_warp + 2 > kStreamMaxContributors)
        return false;
    if (G > a.split_counter_count || size_t(2 * G) * sizeof(T) > a.split_ws_bytes)
        return false;
    const dim3 grid(unsigned(G / kWarps));
    const T *A = static_cast<const T *>(a.A);
    const T *x = static_cast<const T *>(a.x);
    T *y = static_cast<T *>(a.y), *partial = static_cast<T *>(a.split_ws);
    *err = xvec ? launch_kernel(a, gemv_stream_t<T, V, true>, grid, a.m, a.n, A, a.lda, x, y, a.incy, a.alpha,
                                a.beta, Q, s, partial, a.split_counters)
                : launch_kernel(a, gemv_stream_t<T, V, false>, grid, a.m, a.n, A, a.lda, x, y, a.incy, a.alpha,
                                a.beta, Q, s, partial, a.split_counters);
    return true;
}

cudaError_t launch_variant(mv_dtype dtype, const mv_gemv_args *args, void *)
{
    cudaError_t err = cudaSuccess;
    const bool done = dtype == MV_DTYPE_S ? launch_stream_t<float>(*args, &err) : launch_stream_t<double>(*args, &err);
    return done ? err : mv_gemv_launch(dtype, args);
}

}  // namespace
}  // namespace mv

extern "C" int mv_gemv_stream_launch(mv_dtype dtype, const mv_gemv_args *args, cudaError_t *err)
{
    return dtype == MV_DTYPE_S ? mv::launch_stream_t<float>(*args, err) : mv::launch_stream_t<double>(*args, err);
}

extern "C" const mv_gemv_variant mv_variant_stream_t = {
    "stream-t",
    "op T as one flat stream of 16-byte vectors cut into one equal range per warp of a wave, rounds that run across column boundaries, cut columns finished by their last warp; where lda < 256 vectors, lda - m is over m/8, incx != 1, a warp would get under a round or a column more than 32 warps, and for op N, the default path",
    "matvec",
    "the read kernel's stream over A cut per warp (96% of it in exp/stream-probe.cu), less an x load and a select per element (entry 31 of docs/notes-gemv.md)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, mv::launch_variant,
};
