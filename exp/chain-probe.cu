// Where the time of a split op N call goes (docs/notes-gemv.md, entry 19).
// A stand-alone copy of tiled-n's aligned float path (V = 4, 16 threads
// along the rows, one quad of four columns per thread and split, the plan
// of launch_n for these shapes), built in modes that stop after a phase:
//   read    the loads and FMAs only (one store per block, never taken)
//   reduce  + the block's reduction and the partial-sum stores
//   relaxed + a relaxed atomic counter (no release/acquire), the finish
//   full    the chain of d3fcdcd: acq_rel atomic, the last block's finish
//           adding its 16 subsets in series
//   fullT   the finish as a tree (a shuffle, then eight warps), as at 8cd5517
//   fullTP  fullT with the partial sums at a padded stride
// (The modes full2 and full3 of entry 19, rejected, are gone from here.)
// Each can also be a programmatic dependent launch (contenders *-pdl).
// Timed as mvbench times (batches of back-to-back calls between events,
// contenders interleaved batch by batch, cold rotating over copies of A
// that together exceed the L2), beside the ceilings' read kernel; and, for
// full, fullT and fullT-pdl, per-block timestamps (%globaltimer) of the
// phases in a batch. Every mode that finishes is checked against exact
// integer sums first.
// Build: nvcc -O3 -arch=sm_90 -Itools/mvbench -o build-bench/probe/chain-probe exp/chain-probe.cu \
//            tools/mvbench/bench_kernels.cu
// Run (device): build-bench/probe/chain-probe [rounds] (PROBE_NO_STAMPS=1: timings and checks only)
// The runs of entry 19 were made before a refactor that shares the launch
// code and the finish's last step between modes and takes the read kernel
// from mvbench; what each mode computes and reads did not change.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_kernels.h"  // mvbench's read kernel: bench_read

#include "probe.cuh"

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum Mode { READ, REDUCE, RELAXED, FULL, FULLT, FULLTP, NMODES };
static const char *mode_name[] = {"read", "reduce", "relaxed", "full", "fullT", "fullTP"};


// stamps, 8 per block: start, loads done, partials stored, counter back,
// finish done, and in the last block the finish's steps (0 elsewhere).
// PDL: 0 an ordinary launch; 1 a programmatic dependent launch that waits
// for the previous kernel at its start and lets the next one launch at
// once; 2 the same, the next one let in after this block's loads.
template <int MODE, bool STAMP, int PDL>
__global__ void __launch_bounds__(256, 4)
probe_n(int m, int n, const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y,
        float *__restrict__ partial, unsigned *counters, int splits, int span, uint64_t *stamps)
{
    constexpr int V = 4, TX = 16, TY = 16;
    __shared__ float red[8][256];
    __shared__ float fin[256 * 4];
    __shared__ bool last;
    uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
    if (PDL)
        asm volatile("griddepcontrol.wait;" ::: "memory");
    if (PDL == 1)
        asm volatile("griddepcontrol.launch_dependents;");
    if (STAMP && threadIdx.x == 0)
        t0 = gtime();
    const int tx = threadIdx.x & (TX - 1), ty = threadIdx.x / TX;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int tile = blockIdx.x, s = blockIdx.y;
    const int j_begin = s * span, j_end = min(j_begin + span, n);
    const int r0 = tile * 64 + tx * V;
    float acc[V] = {0, 0, 0, 0};
    for (int q = ty; q < (j_end - j_begin) / 4; q += TY) {
        const int j0 = j_begin + 4 * q;
        const float4 xv = __ldg(reinterpret_cast<const float4 *>(x + j0));
        float4 v[4];
#pragma unroll
        for (int c = 0; c < 4; ++c)
            v[c] = __ldg(reinterpret_cast<const float4 *>(A + int64_t(j0 + c) * m + r0));
        const float xs[4] = {xv.x, xv.y, xv.z, xv.w};
#pragma unroll
        for (int c = 0; c < 4; ++c) {
            acc[0] += v[c].x * xs[c];
            acc[1] += v[c].y * xs[c];
            acc[2] += v[c].z * xs[c];
            acc[3] += v[c].w * xs[c];
        }
    }
    if (PDL == 2)
        asm volatile("griddepcontrol.launch_dependents;");
    if (MODE == READ) {
        if (acc[0] + acc[1] + acc[2] + acc[3] == 1234.5f)
            y[0] = 1.f;
        if (STAMP && threadIdx.x == 0) {
            uint64_t *st = stamps + 8 * (int64_t(blockIdx.y) * gridDim.x + blockIdx.x);
            st[0] = t0, st[1] = gtime();
        }
        return;
    }
    for (int off = TX; off < 32; off *= 2)
#pragma unroll
        for (int k = 0; k < V; ++k)
            acc[k] += __shfl_xor_sync(0xffffffffu, acc[k], off);
    if (lane < TX)
#pragma unroll
        for (int k = 0; k < V; ++k)
            red[warp][tx * V + k] = acc[k];
    if (STAMP && threadIdx.x == 0)
        t1 = gtime();
    __syncthreads();
    const int o = threadIdx.x;
    const bool owns = o < 64;
    float total = 0;
    if (owns)
        for (int g = 0; g < 8; ++g)
            total += red[g][o];
    const int stride = MODE == FULLTP ? m + 64 : m;
    if (owns)
        partial[int64_t(s) * stride + tile * 64 + o] = total;
    if (MODE == REDUCE) {
        if (STAMP && threadIdx.x == 0) {
            uint64_t *st = stamps + 8 * (int64_t(blockIdx.y) * gridDim.x + blockIdx.x);
            st[0] = t0, st[1] = t1, st[2] = gtime();
        }
        return;
    }
    __syncthreads();
    if (STAMP && threadIdx.x == 0)
        t2 = gtime();
    if (threadIdx.x == 0) {
        unsigned old;
        if (MODE != RELAXED)
            asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(counters + tile) : "memory");
        else
            asm volatile("atom.relaxed.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(counters + tile) : "memory");
        last = old == unsigned(splits - 1);
        if (STAMP)
            t3 = gtime();
    }
    __syncthreads();
    if (last) {
        if (STAMP && threadIdx.x == 0)
            t5 = gtime();
        if (MODE == FULLT || MODE == FULLTP) {
            // The loads as before (a warp reads 2 splits x 16 vectors), then
            // the 16 subsets of a vector added as a tree: a shuffle across
            // the warp's two, then 8 warps through shared memory, unrolled.
            const int ov = threadIdx.x % 16, sub = threadIdx.x / 16;
            float a4[4] = {0, 0, 0, 0};
            for (int t0s = sub; t0s < splits; t0s += 128) {
                float4 p[8];
#pragma unroll
                for (int u = 0; u < 8; ++u)
                    p[u] = t0s + u * 16 < splits
                               ? __ldcg(reinterpret_cast<const float4 *>(partial + int64_t(t0s + u * 16) * stride + tile * 64 + ov * 4))
                               : make_float4(0, 0, 0, 0);
                a4[0] += ((p[0].x + p[1].x) + (p[2].x + p[3].x)) + ((p[4].x + p[5].x) + (p[6].x + p[7].x));
                a4[1] += ((p[0].y + p[1].y) + (p[2].y + p[3].y)) + ((p[4].y + p[5].y) + (p[6].y + p[7].y));
                a4[2] += ((p[0].z + p[1].z) + (p[2].z + p[3].z)) + ((p[4].z + p[5].z) + (p[6].z + p[7].z));
                a4[3] += ((p[0].w + p[1].w) + (p[2].w + p[3].w)) + ((p[4].w + p[5].w) + (p[6].w + p[7].w));
            }
#pragma unroll
            for (int k = 0; k < 4; ++k)
                a4[k] += __shfl_xor_sync(0xffffffffu, a4[k], 16);
            if (lane < 16)
#pragma unroll
                for (int k = 0; k < 4; ++k)
                    fin[warp * 64 + lane * 4 + k] = a4[k];
        } else {
            // 16 output vectors of 4, 16 threads per vector, interleaved subsets.
            const int ov = threadIdx.x % 16, sub = threadIdx.x / 16;
            float a4[4] = {0, 0, 0, 0};
#pragma unroll 8
            for (int t = sub; t < splits; t += 16) {
                const float4 p = __ldcg(reinterpret_cast<const float4 *>(partial + int64_t(t) * stride + tile * 64 + ov * 4));
                a4[0] += p.x, a4[1] += p.y, a4[2] += p.z, a4[3] += p.w;
            }
#pragma unroll
            for (int k = 0; k < 4; ++k)
                fin[threadIdx.x * 4 + k] = a4[k];
        }
        if (STAMP && threadIdx.x == 0)
            t6 = gtime();
        __syncthreads();
        if (STAMP && threadIdx.x == 0)
            t7 = gtime();
        if (threadIdx.x < 64) {
            float sum = 0;
            if (MODE == FULLT || MODE == FULLTP) {
                // The eight warps' sums as a tree.
                float w8[8];
#pragma unroll
                for (int w = 0; w < 8; ++w)
                    w8[w] = fin[w * 64 + threadIdx.x];
                sum = ((w8[0] + w8[1]) + (w8[2] + w8[3])) + ((w8[4] + w8[5]) + (w8[6] + w8[7]));
            } else {
                // One thread adds the 16 subsets of its output in series.
                const int lo = threadIdx.x / 4, k = threadIdx.x % 4;
                for (int t = 0; t < 16 && t < splits; ++t)
                    sum += fin[(t * 16 + lo) * 4 + k];
            }
            y[tile * 64 + threadIdx.x] = sum;
        }
        if (threadIdx.x == 0)
            counters[tile] = 0;
        if (STAMP && threadIdx.x == 0)
            t4 = gtime();
    }
    if (STAMP && threadIdx.x == 0) {
        uint64_t *st = stamps + 8 * (int64_t(blockIdx.y) * gridDim.x + blockIdx.x);
        st[0] = t0, st[1] = t1, st[2] = t2, st[3] = t3, st[4] = t4, st[5] = t5, st[6] = t6, st[7] = t7;
    }
}

typedef void (*probe_fn)(int, int, const float *, const float *, float *, float *, unsigned *, int, int, uint64_t *);

template <bool STAMP, int PDL>
static probe_fn pick(int mode)
{
    switch (mode) {
    case READ: return probe_n<READ, STAMP, PDL>;
    case REDUCE: return probe_n<REDUCE, STAMP, PDL>;
    case RELAXED: return probe_n<RELAXED, STAMP, PDL>;
    case FULL: return probe_n<FULL, STAMP, PDL>;
    case FULLT: return probe_n<FULLT, STAMP, PDL>;
    default: return probe_n<FULLTP, STAMP, PDL>;
    }
}

// An ordinary launch (pdl 0) or a programmatic dependent one.
static void launch_simple(int pdl, dim3 grid, int threads, const void *fn, void **args, cudaStream_t st)
{
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = dim3(threads);
    cfg.stream = st;
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = attr;
    cfg.numAttrs = pdl ? 1 : 0;
    CK(cudaLaunchKernelExC(&cfg, fn, args));
}

template <bool STAMP>
static void launch(int mode, dim3 grid, int m, int n, const float *A, const float *x, float *y, float *partial,
                   unsigned *cnt, int splits, int span, uint64_t *stamps, cudaStream_t st, int pdl = 0)
{
    const probe_fn f = pdl == 0 ? pick<STAMP, 0>(mode) : pdl == 1 ? pick<STAMP, 1>(mode) : pick<STAMP, 2>(mode);
    void *args[] = {&m, &n, &A, &x, &y, &partial, &cnt, &splits, &span, &stamps};
    launch_simple(pdl, grid, 256, reinterpret_cast<const void *>(f), args, st);
}

// One thread-block cluster of C blocks per 64-row tile (issue 18's small op
// N splits, notes-gemv Next): 1024 threads a block (16 along the rows, 64
// along the columns), block s of the cluster takes columns [s*span, ...)
// with two quads (eight 16-byte loads) in flight per thread, adds its
// threads' sums in shared memory, and the cluster's first block adds the C
// blocks' sums through distributed shared memory in rank order: two
// cluster barriers instead of the partial sums, the counter and the last
// block's loads.
__global__ void __launch_bounds__(1024, 1)
probe_cluster(int m, int n, const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y, int span)
{
    constexpr int V = 4, TX = 16, TY = 64;
    __shared__ float red[32][64];
    __shared__ float part[64];
    cg::cluster_group cl = cg::this_cluster();
    const int s = int(cl.block_rank()), C = int(cl.num_blocks());
    const int tx = threadIdx.x & (TX - 1), ty = threadIdx.x / TX;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int tile = blockIdx.x;
    const int j_begin = s * span, j_end = min(j_begin + span, n);
    const int r0 = tile * 64 + tx * V;
    const int quads = max(0, (j_end - j_begin) / 4);
    float acc[V] = {0, 0, 0, 0};
    for (int q = ty; q < quads; q += 2 * TY) {
        float4 v[2][4];
        float xs[2][4];
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int qq = q + h * TY;
            const int j0 = j_begin + 4 * (qq < quads ? qq : q);
            const float4 xv = __ldg(reinterpret_cast<const float4 *>(x + j0));
            const bool in = qq < quads;
            xs[h][0] = in ? xv.x : 0.f, xs[h][1] = in ? xv.y : 0.f, xs[h][2] = in ? xv.z : 0.f, xs[h][3] = in ? xv.w : 0.f;
#pragma unroll
            for (int c = 0; c < 4; ++c)
                v[h][c] = __ldg(reinterpret_cast<const float4 *>(A + int64_t(j0 + c) * m + r0));
        }
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
            for (int c = 0; c < 4; ++c) {
                acc[0] += v[h][c].x * xs[h][c];
                acc[1] += v[h][c].y * xs[h][c];
                acc[2] += v[h][c].z * xs[h][c];
                acc[3] += v[h][c].w * xs[h][c];
            }
    }
#pragma unroll
    for (int k = 0; k < V; ++k)
        acc[k] += __shfl_xor_sync(0xffffffffu, acc[k], 16);
    if (lane < TX)
#pragma unroll
        for (int k = 0; k < V; ++k)
            red[warp][tx * V + k] = acc[k];
    __syncthreads();
    if (threadIdx.x < 64) {
        float total = 0;
        for (int g = 0; g < 32; ++g)
            total += red[g][threadIdx.x];
        part[threadIdx.x] = total;
    }
    cl.sync();
    if (s == 0 && threadIdx.x < 64) {
        float sum = part[threadIdx.x];
        for (int r = 1; r < C; ++r)
            sum += cl.map_shared_rank(part, r)[threadIdx.x];
        y[tile * 64 + threadIdx.x] = sum;
    }
    cl.sync();  // the other blocks' shared memory stays until it is read
}

static void launch_cluster(int C, int m, int n, const float *A, const float *x, float *y, cudaStream_t st)
{
    int span = (n + C - 1) / C;
    span = (span + 3) / 4 * 4;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(m / 64, C);
    cfg.blockDim = dim3(1024);
    cfg.stream = st;
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = 1;
    attr[0].val.clusterDim.y = C;
    attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, probe_cluster, m, n, A, x, y, span));
}

__global__ void empty_kernel() {}
__global__ void empty_pdl()
{
    asm volatile("griddepcontrol.wait;" ::: "memory");
    asm volatile("griddepcontrol.launch_dependents;");
}

__global__ void fill(float *p, size_t count, int mod, int shift)
{
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += size_t(gridDim.x) * blockDim.x)
        p[i] = float(int(i % mod) - shift);
}

// Contenders: the empty kernel and the ceilings' read kernel (528 blocks of
// 256), each also as a programmatic dependent launch; then probe modes.
struct Contender {
    const char *name;
    int kind;  // 0 empty, 1 read kernel, 2 probe, 3 probe_cluster (mode: blocks a cluster)
    int mode, pdl;
};
static const Contender kCont[] = {
    {"empty", 0, 0, 0},   {"empty-pdl", 0, 0, 1},   {"ceil528", 1, 0, 0},     {"read", 2, READ, 0},
    {"read-pdl", 2, READ, 1}, {"full", 2, FULL, 0}, {"fullT", 2, FULLT, 0}, {"fullT-pdl", 2, FULLT, 1},
    {"fullT-pdl2", 2, FULLT, 2}, {"cl8", 3, 8, 0}, {"cl16", 3, 16, 0},
};
static const int kContenders = sizeof(kCont) / sizeof(kCont[0]);

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? atoi(argv[1]) : 15;
    const int batch = 64;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int want = 4 * sms;
    const int shapes[][2] = {{64, 1024},  {64, 4096},  {64, 16384}, {128, 4096},  {128, 16384}, {256, 2048},
                             {256, 4096}, {256, 16384}, {1024, 2048}, {64, 65536}};
    const size_t pool_bytes = 512ull << 20;  // rotating copies of A, cold: well past the 50 MB L2
    float *pool, *x, *y, *partial, *sink;
    unsigned *cnt;
    uint64_t *stamps;
    CK(cudaMalloc(&pool, pool_bytes));
    CK(cudaMalloc(&x, 65536 * 4));
    CK(cudaMalloc(&y, 16384 * 4));
    CK(cudaMalloc(&partial, 256 * (16384 + 64) * 4));
    CK(cudaMalloc(&cnt, 1024 * 4));
    CK(cudaMalloc(&sink, 4096 * 4));
    const size_t stamp_bytes = size_t(8) * 8 * 512 * batch;
    CK(cudaMalloc(&stamps, stamp_bytes));
    fill<<<1024, 256>>>(pool, pool_bytes / 4, 7, 3);
    fill<<<64, 256>>>(x, 65536, 5, 2);
    CK(cudaFuncSetAttribute(probe_cluster, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    CK(cudaMemset(cnt, 0, 1024 * 4));
    cudaStream_t st;
    CK(cudaStreamCreate(&st));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (auto &sh : shapes) {
        const int m = sh[0], n = sh[1];
        const size_t bytes = size_t(m) * n * 4;
        const int tiles = m / 64;
        int s = std::min({want / tiles, n / 64, 256});
        s = std::max(s, 1);
        int span = (n + s - 1) / s;
        span = (span + 3) / 4 * 4;
        const int splits = (n + span - 1) / span;
        const dim3 grid(tiles, splits);
        const int copies = int(pool_bytes / bytes);
        printf("\nfloat %d x %d op N: %d tiles x %d splits of %d columns (%d blocks, %.1f KB each), %d copies cold\n",
               m, n, tiles, splits, span, tiles * splits, 64.0 * span * 4 / 1024, copies);
        for (int cold = 0; cold < 2; ++cold) {
            std::vector<float> t[kContenders];
            int cursor = 0;
            for (int r = -1; r < rounds; ++r)
                for (int c = 0; c < kContenders; ++c) {
                    CK(cudaEventRecord(e0, st));
                    for (int k = 0; k < batch; ++k) {
                        const float *A = pool + (cold ? size_t(cursor++ % copies) * (bytes / 4) : 0);
                        const Contender &cc = kCont[c];
                        if (cc.kind == 0) {
                            launch_simple(cc.pdl, dim3(1), 32,
                                          cc.pdl ? (const void *)empty_pdl : (const void *)empty_kernel, nullptr, st);
                        } else if (cc.kind == 1) {
                            CK(bench_read(A, bytes, want, 256, sink, st));
                        } else if (cc.kind == 3) {
                            launch_cluster(cc.mode, m, n, A, x, y, st);
                        } else {
                            launch<false>(cc.mode, grid, m, n, A, x, y, partial, cnt, splits, span, stamps, st, cc.pdl);
                        }
                    }
                    CK(cudaEventRecord(e1, st));
                    CK(cudaEventSynchronize(e1));
                    float ms;
                    CK(cudaEventElapsedTime(&ms, e0, e1));
                    if (r >= 0)
                        t[c].push_back(ms * 1000 / batch);
                }
            printf("  %s us/call:", cold ? "cold" : "hot ");
            for (int c = 0; c < kContenders; ++c) {
                std::sort(t[c].begin(), t[c].end());
                printf("  %s %.2f", kCont[c].name, t[c][t[c].size() / 2]);
            }
            printf("\n");
        }
        {
            // Check: every mode that finishes gives the exact (integer) y.
            std::vector<float> hA(size_t(m) * n), hx(n), hy(m);
            CK(cudaMemcpy(hA.data(), pool, size_t(m) * n * 4, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(hx.data(), x, size_t(n) * 4, cudaMemcpyDeviceToHost));
            for (int md = RELAXED; md <= NMODES + 2; ++md) {
                CK(cudaMemset(y, 0xff, size_t(m) * 4));
                for (int rep = 0; rep < 3; ++rep)
                    if (md > NMODES)
                        launch_cluster(md == NMODES + 1 ? 8 : 16, m, n, pool, x, y, st);
                    else
                        launch<false>(md == NMODES ? FULLT : md, grid, m, n, pool, x, y, partial, cnt, splits, span,
                                      stamps, st, md == NMODES);
                CK(cudaStreamSynchronize(st));
                CK(cudaMemcpy(hy.data(), y, size_t(m) * 4, cudaMemcpyDeviceToHost));
                int bad = 0;
                for (int i = 0; i < m; ++i) {
                    double ref = 0;
                    for (int j = 0; j < n; ++j)
                        ref += double(hA[size_t(j) * m + i]) * hx[j];
                    bad += hy[i] != float(ref);
                }
                printf("  check %s: %d of %d outputs wrong\n",
                       md == NMODES ? "fullT-pdl" : md == NMODES + 1 ? "cl8" : md == NMODES + 2 ? "cl16" : mode_name[md], bad, m);
            }
        }
        // Timestamps of the full chain in a batch: per call, ns from its first
        // block's start; the gap from the previous call's end; for the last
        // block of each tile, the steps of its finish.
        if (getenv("PROBE_NO_STAMPS"))
            continue;
        const int nb = tiles * splits;
        std::vector<uint64_t> h(size_t(8) * nb * batch);
        for (int sp3 = 0; sp3 < 3; ++sp3)
        for (int cold = 0; cold < 2; ++cold) {
            const int sm = sp3 == 0 ? FULL : FULLT, spdl = sp3 == 2;
            std::vector<double> ph[11];
            int cursor = 0;
            for (int r = 0; r < 3; ++r) {
                CK(cudaMemsetAsync(stamps, 0, stamp_bytes, st));
                for (int k = 0; k < batch; ++k) {
                    const float *A = pool + (cold ? size_t(cursor++ % copies) * (bytes / 4) : 0);
                    launch<true>(sm, grid, m, n, A, x, y, partial, cnt, splits, span, stamps + size_t(8) * nb * k, st, spdl);
                }
                CK(cudaStreamSynchronize(st));
                CK(cudaMemcpy(h.data(), stamps, size_t(8) * 8 * nb * batch, cudaMemcpyDeviceToHost));
                uint64_t prev_end = 0;
                for (int k = 0; k < batch; ++k) {
                    uint64_t t0min = ~0ull, t0max = 0, t1max = 0, t2max = 0, t3max = 0, t4max = 0;
                    double t1sum = 0;
                    for (int b = 0; b < nb; ++b) {
                        const uint64_t *q = &h[size_t(8) * (size_t(k) * nb + b)];
                        t0min = std::min(t0min, q[0]);
                        t0max = std::max(t0max, q[0]);
                        t1max = std::max(t1max, q[1]);
                        t2max = std::max(t2max, q[2]);
                        t3max = std::max(t3max, q[3]);
                        t4max = std::max(t4max, q[4]);
                        t1sum += double(q[1] - q[0]);
                        if (k > 0 && q[4]) {
                            ph[7].push_back(double(q[5] - q[3]));
                            ph[8].push_back(double(q[6] - q[5]));
                            ph[9].push_back(double(q[7] - q[6]));
                            ph[10].push_back(double(q[4] - q[7]));
                        }
                    }
                    if (k > 0) {
                        ph[0].push_back(double(t0min - prev_end));
                        ph[1].push_back(double(t0max - t0min));
                        ph[2].push_back(t1sum / nb);
                        ph[3].push_back(double(t1max - t0min));
                        ph[4].push_back(double(t2max - t0min));
                        ph[5].push_back(double(t3max - t0min));
                        ph[6].push_back(double(t4max - t0min));
                    }
                    prev_end = t4max;
                }
            }
            const char *pn[] = {"gap after previous call", "last block start", "mean block load time",
                                "last loads done", "last partials stored", "last counter back", "last finish done",
                                "finish: counter back to barrier passed", "partial loads", "second barrier",
                                "sum and y store"};
            printf("  %s, %s, back to back, ns from the call's first block start (medians):\n   ", sp3 == 2 ? "fullT-pdl" : mode_name[sm - READ],
                   cold ? "cold" : "hot");
            for (int p = 0; p < 11; ++p) {
                std::sort(ph[p].begin(), ph[p].end());
                printf("%s%s %.0f", p == 0 ? "" : p == 7 ? "\n   " : "; ", pn[p], ph[p][ph[p].size() / 2]);
            }
            printf("\n");
        }
    }
    return 0;
}
