// Does a grid of equal blocks, each reading its own contiguous chunk of A,
// take time by its waves of resident places (blocks per SM x SMs), by its
// blocks per SM (an SM streams at a capped rate, whatever blocks it holds),
// or only by its bytes (DRAM shared fairly among all requests)?
// The dispatch's "fill" rules (wave_splits, the fill_of of launch_t) count
// wave places; GEMV shapes whose tiles make a little more than a wave (double
// N 17542 x 2450: 549 tiles on 528 places, 1.19x the read kernel's time)
// suggest the SM is the unit.
//
// chunk_read<U>: block b reads vectors [b*per, (b+1)*per) of A in rounds of
// U 16-byte loads per thread (256 threads), then a tail one at a time; its
// blocks per SM are capped by dynamic shared memory (K = 1, 2, 4, 8).
// Totals of 24 MiB and 256 MiB, cold (an L2 flush by a 128 MiB memset
// before each call), events around each call, median of 15 calls. The
// predicted ratios printed beside each time (to the best G of its series):
//   sm    ceil(G / SMs) / (G / SMs)
//   wave  ceil(G / (K SMs)) / (G / (K SMs))
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -o build-bench/fill-probe exp/fill-probe.cu
// Run:   build-bench/fill-probe
#include <algorithm>
#include <cmath>
#include <vector>

#include "probe.cuh"

struct BlockLog {
    unsigned sm;
    unsigned long long start, end;
};
__device__ BlockLog *block_log;  // when set: each block's SM, start and end

template <int U>
__global__ void __launch_bounds__(256) chunk_read(const float4 *__restrict__ p, int64_t per)
{
    extern __shared__ float pad[];
    uint64_t t0 = 0;
    if (block_log && threadIdx.x == 0)
        t0 = gtime();
    float acc = 0.f;
    const float4 *q = p + int64_t(blockIdx.x) * per;
    int64_t r = 0;
    for (; r + 256 * U <= per; r += 256 * U) {
        float4 v[U];
#pragma unroll
        for (int u = 0; u < U; ++u)
            v[u] = __ldg(q + r + u * 256 + threadIdx.x);
#pragma unroll
        for (int u = 0; u < U; ++u)
            acc += v[u].x + v[u].y + v[u].z + v[u].w;
    }
    for (int64_t i = r + threadIdx.x; i < per; i += 256)
        acc += __ldg(q + i).x;
    if (acc == 1234.5f) {
        pad[threadIdx.x] = acc;
        sink_v = pad[(threadIdx.x + 1) % 256];
    }
    if (block_log) {
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned sm;
            asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
            block_log[blockIdx.x] = BlockLog{sm, t0, gtime()};
        }
    }
}

static float time_call(void (*launch)(void *), void *ctx, void *flush, size_t flush_bytes)
{
    return cold_median_us([&] { launch(ctx); }, flush, flush_bytes, 16, 1);
}

struct Ctx {
    const float4 *p;
    int64_t per, count;
    int grid, smem, u;
};

static void launch_chunk(void *v)
{
    const Ctx &c = *static_cast<Ctx *>(v);
    if (c.u == 4)
        chunk_read<4><<<c.grid, 256, c.smem>>>(c.p, c.per);
    else
        chunk_read<8><<<c.grid, 256, c.smem>>>(c.p, c.per);
}

static void launch_grid(void *v)
{
    const Ctx &c = *static_cast<Ctx *>(v);
    read_grid<8><<<c.grid, 256>>>(c.p, c.count);
}

int main()
{
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    int smem_sm = 0;
    CK(cudaDeviceGetAttribute(&smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
    const size_t max_bytes = size_t(256) << 20, flush_bytes = size_t(128) << 20;
    float4 *A;
    void *flush;
    CK(cudaMalloc(&A, max_bytes));
    CK(cudaMalloc(&flush, flush_bytes));
    CK(cudaMemset(A, 0, max_bytes));
    int optin = 0;
    CK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    CK(cudaFuncSetAttribute(chunk_read<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    CK(cudaFuncSetAttribute(chunk_read<8>, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    printf("SMs %d, shared memory per SM %d\n", sms, smem_sm);
    const double per_sm[] = {1, 1.5, 2, 2.5, 3, 3.1, 3.5, 4, 4.16, 4.5, 5, 6, 7, 8, 8.32, 9, 12.4, 13, 16, 16.5};
    for (size_t total : {size_t(24) << 20, size_t(256) << 20}) {
        Ctx g{A, 0, int64_t(total / 16), 4 * sms, 0, 8};
        const float tg = time_call(launch_grid, &g, flush, flush_bytes);
        printf("\ntotal %zu MiB: read_grid<8> (%d blocks) %.2f us, %.0f GB/s\n", total >> 20, g.grid, tg,
               total / tg / 1e3);
        for (int k : {1, 2, 4, 8}) {
            for (int u : {4, 8}) {
                if (u == 4 && k != 4)
                    continue;
                const int smem = std::min(optin, smem_sm / k - 2048);
                int occ = 0;
                CK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                    &occ, u == 4 ? chunk_read<4> : chunk_read<8>, 256, smem, cudaOccupancyDefault));
                printf("K %d (occupancy %d), U %d\n  G      G/SMs     us   GB/s  /best  sm-pred  wave-pred\n", k,
                       occ, u);
                std::vector<double> ts, gs;
                for (double f : per_sm) {
                    const int G = int(std::lround(f * sms));
                    Ctx c{A, int64_t(total / 16) / G, 0, G, smem, u};
                    ts.push_back(time_call(launch_chunk, &c, flush, flush_bytes));
                    gs.push_back(G);
                }
                const double best = *std::min_element(ts.begin(), ts.end());
                for (size_t i = 0; i < ts.size(); ++i) {
                    const double G = gs[i], s = G / sms, w = G / (double(occ) * sms);
                    printf("  %5.0f  %6.2f  %7.2f  %5.0f  %5.3f  %6.3f  %6.3f\n", G, s, ts[i],
                           (total / 16 / int64_t(G)) * int64_t(G) * 16.0 / ts[i] / 1e3, ts[i] / best,
                           std::ceil(s) / s, std::ceil(w) / w);
                }
            }
        }
    }
    // Where the blocks of a few grids ran: blocks per SM at the start, and
    // when each SM's last block ended (from the first start), 256 MiB, K 4, U 8.
    BlockLog *log_d;
    CK(cudaMalloc(&log_d, sizeof(BlockLog) * 4096));
    CK(cudaMemcpyToSymbol(block_log, &log_d, sizeof(log_d)));
    printf("\ntraces (256 MiB, K 4, U 8): per SM, blocks run and the end of its last block (us from the first start)\n");
    for (int G : {330, 409, 462, 528, 549, 660, 1098, 1637}) {
        const int smem = std::min(optin, smem_sm / 4 - 2048);
        Ctx c{A, int64_t((size_t(256) << 20) / 16) / G, 0, G, smem, 8};
        time_call(launch_chunk, &c, flush, flush_bytes);
        std::vector<BlockLog> h(G);
        CK(cudaMemcpy(h.data(), log_d, sizeof(BlockLog) * G, cudaMemcpyDeviceToHost));
        unsigned long long t0 = ~0ull;
        for (auto &b : h)
            t0 = std::min(t0, b.start);
        std::vector<int> cnt(sms, 0);
        std::vector<double> last(sms, 0.0);
        double late_start = 0;
        for (auto &b : h) {
            cnt[b.sm]++;
            last[b.sm] = std::max(last[b.sm], (b.end - t0) / 1e3);
            late_start = std::max(late_start, (b.start - t0) / 1e3);
        }
        std::vector<int> hist(32, 0);
        for (int k : cnt)
            hist[std::min(k, 31)]++;
        std::vector<double> ls(last);
        std::sort(ls.begin(), ls.end());
        printf("G %4d: SMs by blocks run:", G);
        for (int k = 0; k < 32; ++k)
            if (hist[k])
                printf(" %d:%d", k, hist[k]);
        printf("; last start %.1f; SM end min %.1f p10 %.1f median %.1f p90 %.1f max %.1f\n", late_start, ls[0],
               ls[sms / 10], ls[sms / 2], ls[sms * 9 / 10], ls[sms - 1]);
        // mean end of SMs by their block count
        for (int k = 0; k < 32; ++k) {
            if (!hist[k])
                continue;
            double s = 0;
            for (int i = 0; i < sms; ++i)
                if (cnt[i] == k)
                    s += last[i];
            printf("    SMs with %d blocks end at %.1f us on average\n", k, s / hist[k]);
        }
    }
    return 0;
}
