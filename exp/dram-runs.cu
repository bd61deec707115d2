// Lab (notes-gemv entry 86): does the length of a block's run down each
// column move DRAM throughput on the H200? A plain read of a column-major
// matrix (no x, no FMA chain: one float sum a thread) where each block
// owns R bytes of rows (a tile) and a span of columns, its 256 threads as
// TX threads along the rows (R / 16 bytes, at most 256; beyond, each
// thread reads R / 4096 vectors a column) and TY = 256 / TX column groups,
// U columns' loads in flight a thread. Tiles x splits make the grid;
// every configuration reads the same bytes, cold (L2 flushed by a 256 MiB
// write before each run), median of 7 runs, against a flat grid-stride
// read of the same bytes (528 blocks, four loads a thread in flight).
// Build and run: nvcc -O3 -arch=sm_90 -Iexp exp/dram-runs.cu -o /tmp/dram-runs
// && /tmp/dram-runs [MiB]   (exp/dram-runs.sh on the device). Columns start
// on 16-byte boundaries (lda a multiple of 16 bytes).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "probe.cuh"

constexpr int kThreads = 256;

__device__ float sum4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Tile of TX * K vectors of rows, span columns from blockIdx.y * span.
template <int U, int K>
__global__ void __launch_bounds__(kThreads)
runs(const float4 *__restrict__ A, long long lda_v, long long m_v, long long n, int log_tx, long long span)
{
    const int TX = 1 << log_tx, TY = kThreads >> log_tx;
    const int tx = threadIdx.x & (TX - 1), ty = threadIdx.x >> log_tx;
    const long long r0 = (long long)blockIdx.x * TX * K + tx;
    const long long j0 = (long long)blockIdx.y * span, j1 = n < j0 + span ? n : j0 + span;
    float acc = 0.f;
    long long j = j0 + ty;
    for (; j + (U - 1) * TY < j1; j += U * TY) {
        float4 v[U][K];
#pragma unroll
        for (int u = 0; u < U; ++u)
#pragma unroll
            for (int k = 0; k < K; ++k) {
                const long long r = r0 + k * TX;
                v[u][k] = r < m_v ? A[(j + u * TY) * lda_v + r] : make_float4(0, 0, 0, 0);
            }
#pragma unroll
        for (int u = 0; u < U; ++u)
#pragma unroll
            for (int k = 0; k < K; ++k)
                acc += sum4(v[u][k]);
    }
    for (; j < j1; j += TY)
#pragma unroll
        for (int k = 0; k < K; ++k) {
            const long long r = r0 + k * TX;
            if (r < m_v)
                acc += sum4(A[j * lda_v + r]);
        }
    if (acc == 1234.5f)  // never with the data below; keeps the loads
        sink_v = acc;
}

static char *g_flush;
static const size_t kFlush = 256u << 20;

// Cold, median of 7 (probe.cuh).
template <typename F>
static double median_us(F launch)
{
    return cold_median_us(launch, g_flush, kFlush, 7);
}

template <int U, int K>
static double run_cfg(const float4 *A, long long lda_v, long long n, int log_tx, long long tiles, long long splits)
{
    const long long span = (n + splits - 1) / splits;
    return median_us([&] {
        runs<U, K><<<dim3(unsigned(tiles), unsigned(splits)), kThreads>>>(A, lda_v, lda_v, n, log_tx, span);
    });
}

int main(int argc, char **argv)
{
    const size_t mib = argc > 1 ? strtoull(argv[1], 0, 10) : 512;
    const size_t bytes = mib << 20;
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    float4 *A;
    CK(cudaMalloc(&A, bytes));
    CK(cudaMalloc(&g_flush, kFlush));
    CK(cudaMemset(A, 1, bytes));  // floats of 2.4e-38: the sums never reach the sink's test value
    const long long nv_all = (long long)(bytes / 16);
    const double t_flat = median_us([&] { read_grid<4><<<4 * p.multiProcessorCount, kThreads>>>(A, nv_all); });
    printf("%s, %d SMs; A %zu MiB; flat read %.1f us, %.0f GB/s\n", p.name, p.multiProcessorCount, mib, t_flat,
           bytes / t_flat / 1e3);
    printf("%10s %8s %7s %7s %7s %3s %9s %8s %7s\n", "lda bytes", "run B", "tiles", "splits", "blocks", "U", "us",
           "GB/s", "%flat");
    const long long ldas[] = {56752, 65536, 148496};  // 7094 doubles, 16384 floats, ~18563 doubles (16-byte columns)
    const int sms = p.multiProcessorCount;
    for (long long lda_b : ldas) {
        const long long lda_v = lda_b / 16, n = (long long)(bytes / lda_b);
        const double moved = double(n) * lda_v * 16;
        for (long long run_b = 256; run_b <= 16384; run_b *= 2) {
            const long long run_v = run_b / 16;
            const int K = run_v > kThreads ? int(run_v / kThreads) : 1;
            int log_tx = 0;
            while ((1 << (log_tx + 1)) <= std::min<long long>(run_v, kThreads))
                ++log_tx;
            const long long tiles = (lda_v + run_v - 1) / run_v;
            for (int waves2 : {2, 4}) {  // blocks: two or four an SM (tiles alone where they are more)
                const long long want = (long long)waves2 * sms;
                const long long splits = std::max(1LL, want / tiles);
                for (int U : {4, 8}) {
                    double us = 0;
                    if (K == 1)
                        us = U == 4 ? run_cfg<4, 1>(A, lda_v, n, log_tx, tiles, splits)
                                    : run_cfg<8, 1>(A, lda_v, n, log_tx, tiles, splits);
                    else if (K == 2)
                        us = U == 4 ? run_cfg<4, 2>(A, lda_v, n, log_tx, tiles, splits)
                                    : run_cfg<8, 2>(A, lda_v, n, log_tx, tiles, splits);
                    else
                        us = U == 4 ? run_cfg<4, 4>(A, lda_v, n, log_tx, tiles, splits)
                                    : run_cfg<8, 4>(A, lda_v, n, log_tx, tiles, splits);
                    printf("%10lld %8lld %7lld %7lld %7lld %3d %9.1f %8.0f %6.1f%%\n", lda_b, run_b, tiles, splits,
                           tiles * splits, U, us, moved / us / 1e3, 100.0 * (moved / us) / (bytes / t_flat));
                }
            }
        }
    }
    CK(cudaFree(A));
    CK(cudaFree(g_flush));
    return 0;
}
