// Entry 31, first form of stream-t (rejected, kept for the record: not built):
// one column segment at a time per warp, a drain of its loads per segment.
// `stream-t` (op T): the matrix's m*n elements, taken column after column,
// cut into one equal contiguous range per warp of one wave of blocks, like
// the read kernel's stream. A warp walks its range one column segment at a
// time: the segment's rows in 16-byte loads (a scalar head up to the first
// 16-byte boundary and a scalar tail), eight in flight per lane, one warp
// sum per segment. A column that lies wholly inside one range is stored at
// once; a column cut by range boundaries leaves one partial sum per warp
// that touches it, and the last of those warps to arrive (a counter per
// column, indexed by its first warp) adds them in warp order and stores it.
//
// Napkin math: every warp has the same bytes (within a column's scalar head
// and tail), so every SM streams until the end of the call; there are no
// block barriers and no block starts after the first wave, which is where
// tiled-t's blocks of one round lose (entry 31 of docs/notes-gemv.md). A
// segment costs one warp sum and a drain of its loads; columns shorter than
// a warp's round of loads (256 vectors) leave lanes idle, so the dispatch
// gives stream-t long columns only.
#include "gemv_split.cuh"

namespace mv {
namespace {

constexpr int kStreamUnroll = 8;          // 16-byte loads in flight per lane
constexpr int kStreamMaxContributors = 32;  // warps that may share one column: one partial per lane
constexpr int64_t kStreamMinPerWarp = 1024;  // elements per warp at least

// The first packed element (k = column * m + row) of warp w of G, over W
// elements: floor(W * w / G). The host keeps W * G below 2^62.
__device__ __forceinline__ int64_t range_begin(int64_t W, int64_t G, int64_t w)
{
    return W * w / G;
}

// The warp whose range holds packed element k: the largest w with
// range_begin(w) <= k, which is ceil((k + 1) * G / W) - 1.
__device__ __forceinline__ int64_t range_owner(int64_t W, int64_t G, int64_t k)
{
    return ((k + 1) * G + W - 1) / W - 1;
}

// One lane's share of the dot product of rows [r0, r1) of column a with x
// (unit stride): fewer than 2^31 vectors.
template <typename T, int V>
__device__ __forceinline__ T segment_dot(const T *__restrict__ a, const T *__restrict__ x, int64_t r0, int64_t r1,
                                         int lane)
{
    constexpr int U = kStreamUnroll;
    T acc = T(0);
    // Rows before the first 16-byte boundary at or after row r0 (head) and
    // after the last whole vector (tail): fewer than V each, one per lane.
    const int len = int(r1 - r0);
    int head = int((16 - reinterpret_cast<uintptr_t>(a + r0) % 16) % 16 / sizeof(T));
    head = head < len ? head : len;
    const int nb = (len - head) / V, body = head + nb * V;
    {
        const int i = lane < head ? lane : body + (lane - head);
        if (i < len && (lane < head || i >= body))
            acc += a[r0 + i] * x[r0 + i];
    }
    const T *pa = a + r0 + head + lane * V;
    const T *px = x + r0 + head + lane * V;
    const bool x_vec = V > 1 && reinterpret_cast<uintptr_t>(px) % 16 == 0;
    for (int left = nb - lane; left > 0; left -= 32 * U, pa += 32 * U * V, px += 32 * U * V) {
        T v[U][V];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            if (32 * u < left) {
                load_v<T, V>(pa + 32 * u * V, v[u]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    v[u][k] = T(0);
            }
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const bool in = 32 * u < left;
            const T *xu = px + (in ? 32 * u * V : 0);
            T xv[V];
            if (x_vec) {
                load_v<T, V>(xu, xv);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    xv[k] = xu[k];
            }
#pragma unroll
            for (int k = 0; k < V; ++k)
                acc += in ? v[u][k] * xv[k] : T(0);
        }
    }
    return acc;
}

template <typename T, int V>
__global__ void __launch_bounds__(kThreads, 4)
gemv_stream_t(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x,
              T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s, T *__restrict__ partial,
              unsigned *__restrict__ counters)
{
    pdl_begin();
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    if (alpha == T(0)) {
        scale_outputs_grid(y, incy, n, beta);
        return;
    }
    const int lane = threadIdx.x % 32;
    const int64_t W = m * n, G = int64_t(gridDim.x) * kWarps;
    const int64_t w = int64_t(blockIdx.x) * kWarps + threadIdx.x / 32;
    const int64_t k0 = range_begin(W, G, w), k1 = range_begin(W, G, w + 1);
    const int64_t first_col = k0 / m;
    for (int64_t k = k0; k < k1;) {
        const int64_t c = k / m, r0 = k - c * m;
        const int64_t r1 = r0 + (k1 - k) < m ? r0 + (k1 - k) : m;
        const T dot = warp_sum(segment_dot<T, V>(A + c * lda, x, r0, r1, lane));
        k += r1 - r0;
        if (r0 == 0 && r1 == m) {
            if (lane == 0)
                store_output(y + c * incy, alpha, dot, beta);
            continue;
        }
        // A cut column: publish this warp's sum (slot 0 for the range's
        // first column, 1 for its last), count it on the column's first
        // warp, and let the last warp to arrive finish the column.
        const int64_t wa = range_owner(W, G, c * m), wb = range_owner(W, G, c * m + m - 1);
        unsigned last = 0;
        if (lane == 0) {
            partial[2 * w + (c == first_col ? 0 : 1)] = dot;
            unsigned old;
            asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;"
                         : "=r"(old)
                         : "l"(counters + wa)
                         : "memory");
            last = old == unsigned(wb - wa);
        }
        // Orders lane 0's acquire before the other lanes' loads below.
        __syncwarp();
        if (!__shfl_sync(0xffffffffu, last, 0))
            continue;
        T v = T(0);
        const int64_t wi = wa + lane;
        if (wi <= wb) {
            const int64_t slot = 2 * wi + (range_begin(W, G, wi) / m == c ? 0 : 1);
            v = __ldcg(partial + slot);
        }
        const T total = warp_sum(v);
        if (lane == 0) {
            store_output(y + c * incy, alpha, total, beta);
            counters[wa] = 0;
        }
    }
}

template <typename T>
bool launch_stream_t(const mv_gemv_args &a, cudaError_t *err)
{
    constexpr int V = Vec16<T>::width;
    if (!a.trans || a.incx != 1 || !a.split_ws || !a.split_counters)
        return false;
    const int64_t G = wave_blocks<gemv_stream_t<T, V>>(a) * kWarps;
    const int64_t W = a.m * a.n;
    if (a.m > (int64_t(1) << 62) / a.n || W > (int64_t(1) << 62) / G)
        return false;
    const int64_t per_warp = W / G;
    if (per_warp >= (int64_t(1) << 30))
        return false;
    // Every warp a few rounds' worth; a column over at most 32 warps (one
    // partial sum per lane of the finishing warp: a segment of m rows
    // meets at most floor((m - 1) / per_warp) + 2 ranges).
    if (per_warp < kStreamMinPerWarp || (a.m - 1) / per_warp + 2 > kStreamMaxContributors)
        return false;
    if (G > a.split_counter_count || size_t(2 * G) * sizeof(T) > a.split_ws_bytes)
        return false;
    *err = launch_kernel(a, gemv_stream_t<T, V>, dim3(unsigned(G / kWarps)), a.m, a.n,
                         static_cast<const T *>(a.A), a.lda, static_cast<const T *>(a.x),
                         static_cast<T *>(a.y), a.incy, a.alpha, a.beta, static_cast<T *>(a.split_ws),
                         a.split_counters);
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
    "op T as one stream: the m*n elements cut into one equal range per warp of a wave, column segments summed per warp, cut columns finished by their last warp; where a warp would get under 1024 elements or a column more than 32 warps, and for op N, the default path",
    "matvec",
    "the read kernel's stream over A, less a warp sum and a drain per column segment (entry 31 of docs/notes-gemv.md)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, mv::launch_variant,
};
