// Batched GEMV: batch_count independent y_b = alpha*op(A_b)*x_b + beta*y_b
// (mv_?gemv_strided_batched, mv_?gemv_batched).
//
// Napkin math. The products are bound by reading the matrices: 256 MiB of
// them at ~3 TB/s take ~90 us on an H100, whatever their size, provided the
// GPU keeps enough bytes in flight. At ~600 ns of DRAM latency that is ~1.8
// MB over the GPU, ~14 KB per SM (132 SMs): at 4 bytes a lane and 4 loads
// in flight per lane, ~28 warps per SM must be reading at any time. So:
//
// - Problems whose matrix and vector fit 96 KiB of shared memory (float to
//   ~155 x 155, double to ~109 x 109; past 48 KiB one problem a block, the
//   kernel opting in to the larger shared memory): a block copies a group of
//   whole problems, ~24 KiB of matrices (1 to 256 problems), into shared
//   memory, with their vectors, in one round of cp.async copies (the whole
//   tile in flight: ~24 KiB a block, ~190 KiB an SM at eight blocks),
//   then computes their outputs from there (batched_tile): a block's life
//   is one DRAM latency and a short computation. The copy reads the group's bytes in address
//   order whatever the op, m and lda (one run of consecutive elements where
//   the problems are packed), so an 8 x 8 problem costs what its 256 bytes
//   cost, and a 32 x 32 op T no longer waits on 32 short columns in turn.
//   Shared memory is not the limit: 2 reads (A and x) per element against
//   ~3.5 elements per clock an SM needs at the read bandwidth.
// - Larger problems stream through blocks of 8 warps (batched_block), and
//   where the problems alone would not give the GPU two waves of blocks,
//   each problem's outputs are split over several blocks (rows for op N,
//   columns for op T); where that is still short of two waves (a few
//   large problems: one 4096 x 4096 gives 128 row parts), the sums are
//   split too, in chunks of 512 terms whose partial sums go through the
//   handle's workspace and are folded in chunk order by a second kernel
//   (the same fold a block does alone, so the bits do not change).
//
// Deterministic: every output's sum has one order, which depends on the
// shape only (not on batch_count, the form or the problem's place).
// alpha == 0 (either pointer mode) reads neither A nor x; beta == 0 does not
// read y (store_output).

#include <algorithm>
#include <cstdint>

#include "gemv/gemv_common.cuh"
#include "gemv/gemv_kernels.h"

namespace {

using mv::load_scalar;
using mv::store_output;
using mv::warp_sum;

constexpr int kTileThreads = 256;  // batched_tile
constexpr int64_t kTileTarget = 24576; // bytes of matrices a tile aims at
constexpr size_t kTileMax = 96 * 1024;  // its shared memory at most (op T)
constexpr size_t kTileMaxN = 60 * 1024;  // the same for op N (notes-batched 8)
constexpr size_t kTileOptIn = 48 * 1024;  // beyond this a launch opts in
template <typename T>
constexpr int kVec = int(16 / sizeof(T));  // elements per 16-byte copy
constexpr int kBlockThreads = 256; // batched_block: 8 warps per problem part
constexpr int kBlockWarps = kBlockThreads / 32;
constexpr int64_t kChunk = 512;  // batched_block: terms of a sum's chunk

// The problem's operands: the strided form's offsets, or the pointer form's
// arrays (lowest addresses, so a negative increment's vector starts at its
// highest element).
template <typename T>
struct Problem {
    const T *A;
    const T *x;
    T *y;
};

// reads: alpha != 0 (else A and x, and the pointer form's arrays for
// them, which may then be NULL, are not read).
template <typename T>
__device__ __forceinline__ Problem<T> problem_at(const mv_gemv_batched_args &p, int64_t b, bool reads)
{
    const int64_t len_x = p.trans ? p.m : p.n, len_y = p.trans ? p.n : p.m;
    Problem<T> q = {nullptr, nullptr, nullptr};
    if (p.y_array) {
        if (reads) {
            q.A = static_cast<const T *>(p.A_array[b]);
            q.x = static_cast<const T *>(p.x_array[b]) + (p.incx < 0 ? (1 - len_x) * p.incx : 0);
        }
        q.y = static_cast<T *>(p.y_array[b]) + (p.incy < 0 ? (1 - len_y) * p.incy : 0);
    } else {
        if (reads) {
            q.A = static_cast<const T *>(p.A) + b * p.stride_a;
            q.x = static_cast<const T *>(p.x) + b * p.stride_x;
        }
        q.y = static_cast<T *>(p.y) + b * p.stride_y;
    }
    return q;
}

// The sum over q = first, first + step, ... < end of a[q*sa] * x[q*sx]:
// eight terms loaded at a time (loads in flight), added one by one in q's
// order, so the bits are those of the plain loop.
template <typename T>
__device__ __forceinline__ T strided_dot(const T *a, int64_t sa, const T *x, int64_t sx, int64_t first, int64_t end,
                                         int64_t step)
{
    constexpr int U = 8;
    T acc = T(0);
    int64_t q = first;
    for (; q + (U - 1) * step < end; q += U * step) {
        T av[U], xv[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            av[u] = a[(q + u * step) * sa];
            xv[u] = x[(q + u * step) * sx];
        }
#pragma unroll
        for (int u = 0; u < U; ++u)
            acc += av[u] * xv[u];
    }
    for (; q < end; q += step)
        acc += a[q * sa] * x[q * sx];
    return acc;
}

// a / d for 0 <= a < 2^24 and 1 <= d < 2^24, through inv = 1.0 / d: (a + 0.5)
// / d lies at least 0.5 / d from an integer, far beyond double's rounding
// (a few units of 2^-52 relative), so the truncation is exact. Cheaper than
// an integer division by a run-time divisor (~20 instructions).
__device__ __forceinline__ int div_small(int a, double inv)
{
    return int((double(a) + 0.5) * inv);
}

// Waits for every cp.async copy of the thread.
template <int N = 0>
__device__ __forceinline__ void cp_async_wait_all()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

// Problems staged in shared memory, a group of G whole problems per block
// (batched_tile). The block first copies the group's matrices and vectors
// into shared memory in one round of cp.async copies (the whole tile in
// flight, no registers held), whatever m, n and lda are; then
// computes the outputs from there, P threads per output where the group
// has fewer than 256 (P = `split`, a power of two up to 8: thread part q
// sums the terms q, q + P, ..., and the P partial sums are added in q's
// order). Output k of problem g sums its terms in one order (op N: columns
// j = 0 .. n-1; op T: rows from k mod m round to k mod m - 1, so that the
// lanes of a warp start in different banks), which depends on the shape
// only: the bits of a problem are those of the same problem alone.
//
// V1: mode 1 (below) in 16-byte copies, for float problems of 1 KiB or
// more. MINB: blocks an SM the registers must allow, 6 (40 registers) or 8
// (32). Measured (notes-batched 9): packed groups (mode 0, 16-byte
// copies) and V1 run faster at six (float 8 x 8 to 48 x 48 91-92% of the
// read bandwidth against 80-84% at eight), one-element copies (mode 1 of
// small problems, mode 2) at eight; double op T spills at 32 registers.
template <typename T, bool TRANS, bool V1, int MINB>
__global__ void __launch_bounds__(kTileThreads, MINB)
    batched_tile(mv_gemv_batched_args p, int group, int split)
{
    extern __shared__ __align__(16) unsigned char tile_smem[];
    const T alpha = load_scalar<T>(p.alpha), beta = load_scalar<T>(p.beta);
    if (alpha == T(0) && beta == T(1))
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int m = int(p.m), n = int(p.n), mn = m * n;
    const int len_x = TRANS ? m : n, len_y = TRANS ? n : m;
    const T **a_ptr = reinterpret_cast<const T **>(tile_smem);
    const T **x_ptr = a_ptr + group;
    T *red = reinterpret_cast<T *>(x_ptr + group);
    T *const as_base = red + kTileThreads;
    // A problem's room in shared memory where each lands on its own
    // (mode 1): its elements rounded up to 16 bytes and 16 bytes more, so
    // that it can start as misaligned as it lies in global memory.
    const int ps = (mn + kVec<T> - 1) / kVec<T> * kVec<T> + kVec<T>;
    T *xs = as_base + size_t(group) * ps;
    int *a_mis = reinterpret_cast<int *>(xs + size_t(group) * len_x);
    // How element f of the group's matrices is found: one run of the
    // packed problems (0), one run per problem (1, lda = m), or column by
    // column (2).
    const int mode = p.lda != p.m ? 2 : !p.y_array && p.stride_a == p.m * p.n ? 0 : 1;
    // Mode 1 copies in chunks of cv elements: 16 bytes with V1; else one
    // element at a time (measured, notes-batched 8: the per-problem 16-byte
    // copies took 1.05-1.16x the time of single copies in double at every
    // size and in float below 16 x 16, where a problem's head and tail
    // slots are much of its copies).
    constexpr int cv = V1 ? kVec<T> : 1;
    const int per = kTileThreads / split, part = threadIdx.x / per, ot = threadIdx.x % per;
    const double inv_mn = 1.0 / mn, inv_m = 1.0 / m, inv_len_x = 1.0 / len_x;
    const int slots_per = 2 * (cv - 1) + mn / cv;
    const double inv_slots = 1.0 / slots_per;
    for (int64_t b0 = int64_t(blockIdx.x) * group; b0 < p.batch_count; b0 += int64_t(gridDim.x) * group) {
        const int g_count = int(p.batch_count - b0 < group ? p.batch_count - b0 : group);
        T *As = as_base;
        if (alpha != T(0)) {
            for (int g = threadIdx.x; g < g_count; g += kTileThreads) {
                const Problem<T> q = problem_at<T>(p, b0 + g, true);
                a_ptr[g] = q.A;
                x_ptr[g] = q.x;
                a_mis[g] = int(reinterpret_cast<uintptr_t>(q.A) / sizeof(T) % cv);
            }
            __syncthreads();
            // Elements [0, total) of the matrices, then the vectors', copied
            // by cp.async: all in flight at once, no registers held. Where
            // the group is one run (mode 0), the run lands kVec-aligned as
            // it lies in global memory (As shifted by its misalignment) and
            // its body goes in 16-byte copies: items [0, head) and the tail
            // are single elements, [head, head + body) 16-byte chunks. One
            // run per problem (mode 1): each problem the same way in its own
            // room, over a fixed number of slots (slots_per below).
            const int total = g_count * mn;
            int head = total, body = 0, tail = 0;
            if (mode == 1)
                head = g_count * slots_per;
            if (mode == 0) {
                const int mis =
                    int((reinterpret_cast<uintptr_t>(p.A) / sizeof(T) + uint64_t(b0) * uint64_t(mn)) % kVec<T>);
                As = as_base + mis;
                head = mis == 0 ? 0 : kVec<T> - mis < total ? kVec<T> - mis : total;
                body = (total - head) / kVec<T>;
                tail = total - head - body * kVec<T>;
            }
            const int items = head + body + tail + g_count * len_x;
            for (int it = threadIdx.x; it < items; it += kTileThreads) {
                const T *src;
                T *dst;
                int bytes = int(sizeof(T));
                if (it < head) {
                    if (mode == 0) {
                        src = a_ptr[0] + it;
                        dst = As + it;
                    } else if (mode == 1 && !V1) {
                        const int g = div_small(it, inv_mn), e = it - g * mn;
                        src = a_ptr[g] + e;
                        dst = as_base + size_t(g) * ps + e;
                    } else if (mode == 1) {
                        // slot s of problem g: a head element, a 16-byte
                        // chunk or a tail element (or nothing)
                        constexpr int V = kVec<T>;
                        const int g = div_small(it, inv_slots), s = it - g * slots_per, mis = a_mis[g];
                        const int h = mis == 0 ? 0 : V - mis < mn ? V - mis : mn;
                        const int nb = (mn - h) / V, t = mn - h - nb * V;
                        int e;
                        if (s < V - 1) {
                            e = s < h ? s : -1;
                        } else if (s < V - 1 + mn / V) {
                            const int c = s - (V - 1);
                            e = c < nb ? h + c * V : -1;
                            bytes = 16;
                        } else {
                            const int c = s - (V - 1) - mn / V;
                            e = c < t ? h + nb * V + c : -1;
                        }
                        if (e < 0)
                            continue;
                        src = a_ptr[g] + e;
                        dst = as_base + size_t(g) * ps + mis + e;
                    } else {
                        const int g = div_small(it, inv_mn), e = it - g * mn;
                        const int j = div_small(e, inv_m), i = e - j * m;
                        src = a_ptr[g] + int64_t(j) * p.lda + i;
                        dst = As + it;
                    }
                } else if (it < head + body + tail) {
                    const int f = it < head + body ? head + (it - head) * kVec<T> : it - body + body * kVec<T>;
                    bytes = it < head + body ? 16 : bytes;
                    src = a_ptr[0] + f;
                    dst = As + f;
                } else {
                    const int fx = it - (head + body + tail), g = div_small(fx, inv_len_x), k = fx - g * len_x;
                    dst = xs + fx;
                    src = x_ptr[g] + int64_t(k) * p.incx;
                }
                const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
                if (bytes == 16)
                    asm volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;\n" ::"r"(d), "l"(src), "r"(16) : "memory");
                else if (bytes == 4)
                    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(d), "l"(src), "r"(4) : "memory");
                else
                    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(d), "l"(src), "r"(8) : "memory");
            }
            asm volatile("cp.async.commit_group;\n" ::: "memory");
            cp_async_wait_all();
            __syncthreads();
        }
        const int outs = g_count * len_y;
        for (int o0 = 0; o0 < outs; o0 += per) {
            const int o = o0 + ot, g = o / len_y, k = o - g * len_y;
            T acc = T(0);
            if (alpha != T(0) && o < outs) {
                const T *a = mode == 1 ? as_base + size_t(g) * ps + a_mis[g] : As + size_t(g) * mn;
                const T *xv = xs + size_t(g) * len_x;
                if (!TRANS) {
                    for (int j = part; j < n; j += split)
                        acc += a[j * m + k] * xv[j];
                } else {
                    const T *col = a + size_t(k) * m;
                    const int s = k % m;
                    for (int t = part; t < m; t += split) {
                        const int i = s + t < m ? s + t : s + t - m;
                        acc += col[i] * xv[i];
                    }
                }
            }
            if (split > 1) {
                red[threadIdx.x] = acc;
                __syncthreads();
                for (int q = 1; q < split && part == 0; ++q)
                    acc += red[q * per + ot];
                __syncthreads();
            }
            if (part == 0 && o < outs) {
                const Problem<T> q = problem_at<T>(p, b0 + g, false);
                store_output(q.y + int64_t(k) * p.incy, alpha, acc, beta);
            }
        }
        __syncthreads();
    }
}

// A block of 8 warps per (problem, output part, chunk group): blockIdx.y is
// the part of the outputs, `per_part` of them (a multiple of 32 for op N);
// blockIdx.z the group of chunks of the sum, `per_z` chunks of kChunk terms
// (columns for op N, rows for op T). Every output's sum is the fold over
// its chunks in order, partial_0 + partial_1 + ..., each partial summed in
// one fixed order: with one group (gridDim.z == 1) the block folds them
// and writes y; with several it writes each partial to the workspace
// (ws[(b * len_y + o) * chunks + k]) and batched_finish folds them in the
// same order, so the bits do not depend on the split.
template <typename T, bool TRANS>
__global__ void __launch_bounds__(kBlockThreads) batched_block(mv_gemv_batched_args p, int64_t per_part, int per_z,
                                                               T *ws)
{
    __shared__ T part[kBlockWarps][32];
    const T alpha = load_scalar<T>(p.alpha), beta = load_scalar<T>(p.beta);
    if (alpha == T(0) && beta == T(1))
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t len_x = TRANS ? p.m : p.n, len_y = TRANS ? p.n : p.m;
    const int64_t chunks = (len_x + kChunk - 1) / kChunk;
    const int64_t o_begin = int64_t(blockIdx.y) * per_part;
    const int64_t o_end = o_begin + per_part < len_y ? o_begin + per_part : len_y;
    const int64_t k_begin = int64_t(blockIdx.z) * per_z;
    const int64_t k_end = k_begin + per_z < chunks ? k_begin + per_z : chunks;
    const bool folds = gridDim.z == 1;
    for (int64_t b = blockIdx.x; b < p.batch_count; b += gridDim.x) {
        const Problem<T> q = problem_at<T>(p, b, alpha != T(0));
        if (!TRANS) {
            // Rows of 32 at a time: warp w sums the chunk's columns w, w + 8,
            // ... for its lane's row; the 8 warps' sums are added in warp
            // order.
            for (int64_t i0 = o_begin; i0 < o_end; i0 += 32) {
                const int64_t i = i0 + lane;
                T total = T(0);
                for (int64_t k = k_begin; k < k_end; ++k) {
                    const int64_t c_end = (k + 1) * kChunk < p.n ? (k + 1) * kChunk : p.n;
                    T acc = T(0);
                    if (alpha != T(0) && i < o_end)
                        acc = strided_dot(q.A + i, p.lda, q.x, p.incx, k * kChunk + w, c_end, int64_t(kBlockWarps));
                    part[w][lane] = acc;
                    __syncthreads();
                    if (w == 0 && i < o_end) {
                        T sum = part[0][lane];
                        for (int r = 1; r < kBlockWarps; ++r)
                            sum += part[r][lane];
                        if (folds)
                            total = k == 0 ? sum : total + sum;
                        else if (alpha != T(0))
                            ws[(b * len_y + i) * chunks + k] = sum;
                    }
                    __syncthreads();
                }
                if (folds && w == 0 && i < o_end)
                    store_output(q.y + i * p.incy, alpha, total, beta);
            }
        } else {
            // Warp w takes columns o_begin + w, + 8, ...; its lanes sum the
            // chunk's rows, then a butterfly.
            for (int64_t j = o_begin + w; j < o_end; j += kBlockWarps) {
                T total = T(0);
                for (int64_t k = k_begin; k < k_end; ++k) {
                    const int64_t r_end = (k + 1) * kChunk < p.m ? (k + 1) * kChunk : p.m;
                    T acc = T(0);
                    if (alpha != T(0))
                        acc = strided_dot(q.A + j * p.lda, int64_t(1), q.x, p.incx, k * kChunk + lane, r_end,
                                          int64_t(32));
                    acc = warp_sum(acc);
                    if (folds)
                        total = k == 0 ? acc : total + acc;
                    else if (lane == 0 && alpha != T(0))
                        ws[(b * len_y + j) * chunks + k] = acc;
                }
                if (folds && lane == 0)
                    store_output(q.y + j * p.incy, alpha, total, beta);
            }
        }
    }
}

// The chunks' partial sums of every output folded in chunk order (as
// batched_block folds them), then y = alpha*sum + beta*y.
template <typename T>
__global__ void __launch_bounds__(kBlockThreads) batched_finish(mv_gemv_batched_args p, const T *ws)
{
    const T alpha = load_scalar<T>(p.alpha), beta = load_scalar<T>(p.beta);
    if (alpha == T(0) && beta == T(1))
        return;  // the xGEMV quick return, known here only in device pointer mode
    const int64_t len_x = p.trans ? p.m : p.n, len_y = p.trans ? p.n : p.m;
    const int64_t chunks = (len_x + kChunk - 1) / kChunk, outs = p.batch_count * len_y;
    for (int64_t t = int64_t(blockIdx.x) * kBlockThreads + threadIdx.x; t < outs;
         t += int64_t(gridDim.x) * kBlockThreads) {
        const int64_t b = t / len_y, o = t - b * len_y;
        T total = T(0);
        if (alpha != T(0)) {
            total = ws[t * chunks];
            for (int64_t k = 1; k < chunks; ++k)
                total += ws[t * chunks + k];
        }
        const Problem<T> q = problem_at<T>(p, b, false);
        store_output(q.y + o * p.incy, alpha, total, beta);
    }
}

// Shared memory of a tile of `group` problems: their A and x pointers,
// matrices and vectors.
template <typename T>
size_t tile_bytes(const mv_gemv_batched_args &p, int64_t group)
{
    const int64_t len_x = p.trans ? p.m : p.n;
    const int64_t ps = (p.m * p.n + kVec<T> - 1) / kVec<T> * kVec<T> + kVec<T>;
    return size_t(group) * (2 * sizeof(void *) + sizeof(int) + size_t(ps + len_x) * sizeof(T)) + kTileThreads * sizeof(T);
}

// Whether batched_tile takes mode 1 in 16-byte copies (its V1): float
// problems of 1 KiB or more, lda = m, not packed one after the other.
template <typename T>
bool tile_v1(const mv_gemv_batched_args &p)
{
    return sizeof(T) == 4 && p.m * p.n >= 256 && p.lda == p.m && (p.y_array || p.stride_a != p.m * p.n);
}

template <typename T, bool TRANS, bool V1, int MINB>
cudaError_t launch_tile(const mv_gemv_batched_args &p)
{
    // G problems per block: the nearest to kTileTarget bytes of matrices
    // (at least one problem, at most one per thread), several only within
    // 48 KiB.
    const int64_t per = p.m * p.n * int64_t(sizeof(T));
    int64_t group = std::max<int64_t>(1, std::min<int64_t>((kTileTarget + per / 2) / per, kTileThreads));
    while (group > 1 && tile_bytes<T>(p, group) > kTileOptIn)
        --group;
    const int64_t blocks = std::min<int64_t>((p.batch_count + group - 1) / group, int64_t(1) << 30);
    // P threads per output where a full group has fewer than 256 outputs
    // (at most 8, at most the summed length).
    const int64_t outs = group * (p.trans ? p.n : p.m), len_x = p.trans ? p.m : p.n;
    int split = 1;
    while (split < 8 && outs * split * 2 <= kTileThreads && split * 2 <= len_x)
        split *= 2;
    // One problem of more than 48 KiB (float to ~155 x 155, double to
    // ~109 x 109) needs the kernel's opt-in to more dynamic shared memory
    // (an attribute of the function, set before the launch: no stream
    // operation, so capture-safe). Two or three such blocks per SM still
    // keep 190-200 KiB in flight. Always the same value, the tile's
    // largest: a per-process setting that threads launching other sizes
    // at the same time must not lower under each other's launches.
    const size_t bytes = tile_bytes<T>(p, group);
    if (bytes > kTileOptIn) {
        const cudaError_t e =
            cudaFuncSetAttribute(batched_tile<T, TRANS, V1, MINB>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(kTileMax));
        if (e != cudaSuccess)
            return e;
    }
    batched_tile<T, TRANS, V1, MINB><<<unsigned(blocks), kTileThreads, bytes, p.stream>>>(p, int(group), split);
    return cudaGetLastError();
}

template <typename T, bool TRANS>
cudaError_t launch_tile_any(const mv_gemv_batched_args &p)
{
    if constexpr (sizeof(T) == 4) {
        if (tile_v1<T>(p))
            return launch_tile<T, TRANS, true, 6>(p);
    }
    const bool packed = p.lda == p.m && !p.y_array && p.stride_a == p.m * p.n;  // mode 0
    if constexpr (sizeof(T) == 8 && TRANS)
        return launch_tile<T, TRANS, false, 6>(p);
    else
        return packed ? launch_tile<T, TRANS, false, 6>(p) : launch_tile<T, TRANS, false, 8>(p);
}

template <typename T, bool TRANS>
cudaError_t launch_block(const mv_gemv_batched_args &p)
{
    // Two waves of 8-warp blocks (8 per SM) over the GPU: the problems'
    // outputs split into as many parts as that takes, each part at least
    // 32 rows (op N: a warp's width) or 8 columns (op T: one per warp);
    // where that is not enough (a few large problems), the sums' chunks
    // split over blocks too, their partial sums through the handle's
    // workspace (if they fit) and batched_finish.
    const int64_t sms = p.sm_count > 0 ? p.sm_count : 132;
    const int64_t want = 2 * 8 * sms;
    const int64_t len_x = TRANS ? p.m : p.n, len_y = TRANS ? p.n : p.m, unit = TRANS ? kBlockWarps : 32;
    const int64_t max_parts = std::min<int64_t>((len_y + unit - 1) / unit, 65535);
    int64_t parts = std::max<int64_t>(1, std::min<int64_t>((want + p.batch_count - 1) / p.batch_count, max_parts));
    int64_t per_part = (len_y + parts - 1) / parts;
    per_part = (per_part + unit - 1) / unit * unit;
    parts = (len_y + per_part - 1) / per_part;
    const int64_t chunks = (len_x + kChunk - 1) / kChunk;
    int64_t groups = 1;
    const int64_t have = p.batch_count * parts;
    const bool room = p.ws && p.batch_count * len_y * chunks * int64_t(sizeof(T)) <= int64_t(p.ws_bytes);
    if (have < want && chunks > 1 && room)
        groups = std::min<int64_t>({(want + have - 1) / have, chunks, 65535});
    const int64_t per_z = (chunks + groups - 1) / groups;
    groups = (chunks + per_z - 1) / per_z;
    T *ws = groups > 1 ? static_cast<T *>(p.ws) : nullptr;
    const int64_t blocks = std::min<int64_t>(p.batch_count, int64_t(1) << 30);
    batched_block<T, TRANS><<<dim3(unsigned(blocks), unsigned(parts), unsigned(groups)), kBlockThreads, 0, p.stream>>>(
        p, per_part, int(per_z), ws);
    if (groups > 1) {
        const int64_t fb = std::min<int64_t>((p.batch_count * len_y + kBlockThreads - 1) / kBlockThreads, 65535);
        batched_finish<T><<<unsigned(fb), kBlockThreads, 0, p.stream>>>(p, ws);
    }
    return cudaGetLastError();
}

template <typename T>
cudaError_t launch(const mv_gemv_batched_args &p)
{
    // Whole problems in shared memory where one fits 96 KiB (op T) or 60
    // KiB (op N); larger ones stream through 8-warp blocks. Op N's block
    // kernel reads whole rows of 32 in a warp and keeps up from ~120 x 120
    // float (57.6 KiB, tile 1.14x faster; 128 x 128 and up: the block
    // kernel 1.05-1.25x faster); op T's reads one column a warp and stays
    // under half the bandwidth on columns of ~110 float, so the tile, two
    // or three blocks an SM, wins to the 96 KiB a block can have
    // (notes-batched 8).
    const size_t lim = p.trans ? kTileMax : kTileMaxN;
    const bool tile = p.m * p.n <= int64_t(lim / sizeof(T)) && tile_bytes<T>(p, 1) <= lim;
    if (p.trans)
        return tile ? launch_tile_any<T, true>(p) : launch_block<T, true>(p);
    return tile ? launch_tile_any<T, false>(p) : launch_block<T, false>(p);
}

} // namespace

extern "C" cudaError_t mv_gemv_batched_launch(mv_dtype dtype, const mv_gemv_batched_args *args)
{
    return dtype == MV_DTYPE_D ? launch<double>(*args) : launch<float>(*args);
}
