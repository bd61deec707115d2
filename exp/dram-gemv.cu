// Lab (notes-gemv entry 87's last paragraph): why did entry 81's deep ring
// (16 loads a thread in flight) leave tiled-n's DRAM throughput where it
// was, when exp/dram-runs.cu's plain read of the same geometry (tiles of
// 256 bytes a column, 16 x 16 threads, 222 blocks) went from 72.5% of a
// flat read at 4 loads a thread to 89.9% at 8? Here the same tile
// geometry as tiled-n's plans of about two blocks an SM (TX = 16 threads
// of 16-byte vectors down a tile, TY = 16 column groups, U columns' loads
// in flight a thread), as a plain read (X = 0) and as a GEMV (X = 1: each
// column's x loaded beside its A and an FMA a lane), at U = 4, 8 and 16
// and with the columns cut into 1, 2 or 4 splits (more blocks, the same
// bytes). Cold (L2 flushed by a 256 MiB write before each run), median of
// 7, against a flat grid-stride read of the same bytes. No sums leave the
// kernel (a sink keeps them): only the reads are timed. The loads are
// predicated by a select inside the unrolled loop (as in dram-runs.cu):
// with the loop inside an `if (r < m_v)` instead, ptxas (13.0) gave every
// instance 32 registers, too few to hold U = 8 or 16 loads in flight;
// this form gives U = 16 64-98 (-Xptxas -v).
// Build and run: nvcc -O3 -arch=sm_90 -Iexp exp/dram-gemv.cu -o /tmp/dram-gemv
// && /tmp/dram-gemv   (exp/dram-gemv.sh on the device, about 20 s).
#include <cstdio>

#include <cuda_runtime.h>

#include "probe.cuh"

constexpr int kThreads = 256;

template <typename T> struct Vec;
template <> struct Vec<float> { using type = float4; static constexpr int n = 4; };
template <> struct Vec<double> { using type = double2; static constexpr int n = 2; };

__device__ __forceinline__ float fma_vec(float4 a, float x, float acc)
{
    return fmaf(a.x, x, fmaf(a.y, x, fmaf(a.z, x, fmaf(a.w, x, acc))));
}
__device__ __forceinline__ double fma_vec(double2 a, double x, double acc) { return fma(a.x, x, fma(a.y, x, acc)); }
__device__ __forceinline__ float plain(float4 a) { return (a.x + a.y) + (a.z + a.w); }
__device__ __forceinline__ double plain(double2 a) { return a.x + a.y; }

// Tile blockIdx.x: vectors [TX * blockIdx.x, +TX) of every column of the
// split blockIdx.y (columns [span * blockIdx.y, +span)); TX = 1 << log_tx,
// TY = 256 / TX column groups.
template <typename T, int U, bool X>
__global__ void __launch_bounds__(kThreads)
tiles(const typename Vec<T>::type *__restrict__ A, const T *__restrict__ x, long long lda_v, long long m_v,
      long long n, long long span, int log_tx)
{
    const int kTX = 1 << log_tx, kTY = kThreads >> log_tx;
    const int tx = threadIdx.x & (kTX - 1), ty = threadIdx.x >> log_tx;
    const long long r = (long long)blockIdx.x * kTX + tx;
    const long long j1 = n < (blockIdx.y + 1) * span ? n : (blockIdx.y + 1) * span;
    T acc = 0;
    {
        long long j = (long long)blockIdx.y * span + ty;
        for (; j + (U - 1) * kTY < j1; j += U * kTY) {
            typename Vec<T>::type v[U];
            T xs[U];
#pragma unroll
            for (int u = 0; u < U; ++u) {
                v[u] = r < m_v ? A[(j + u * kTY) * lda_v + r] : typename Vec<T>::type{};
                if (X)
                    xs[u] = __ldg(x + j + u * kTY);
            }
#pragma unroll
            for (int u = 0; u < U; ++u)
                acc = X ? fma_vec(v[u], xs[u], acc) : acc + plain(v[u]);
        }
        for (; j < j1 && r < m_v; j += kTY)
            acc = X ? fma_vec(A[j * lda_v + r], x[j], acc) : acc + plain(A[j * lda_v + r]);
    }
    if (acc == T(1234.5))  // never with the data below; keeps the loads
        sink_v = float(acc);
}

static char *g_flush;
static const size_t kFlush = 256u << 20;

template <typename T, int U, bool X>
static double run_cfg(const void *A, const T *x, long long lda_v, long long n, long long splits, int log_tx)
{
    const long long tiles_n = (lda_v + (1 << log_tx) - 1) >> log_tx, span = (n + splits - 1) / splits;
    return cold_median_us(
        [&] {
            tiles<T, U, X><<<dim3(unsigned(tiles_n), unsigned(splits)), kThreads>>>(
                static_cast<const typename Vec<T>::type *>(A), x, lda_v, lda_v, n, span, log_tx);
        },
        g_flush, kFlush, 7);
}

template <typename T>
static void shape(const char *name, long long m, long long n, int log_tx, int sms)
{
    const int W = Vec<T>::n;
    const long long lda_v = m / W;  // m a multiple of the vector: columns on 16-byte boundaries
    const size_t bytes = size_t(lda_v) * 16 * size_t(n);
    void *A;
    T *x;
    CK(cudaMalloc(&A, bytes));
    CK(cudaMalloc(&x, size_t(n) * sizeof(T)));
    CK(cudaMemset(A, 0, bytes));  // zeros: the sums never reach the sink's test value
    CK(cudaMemset(x, 0, size_t(n) * sizeof(T)));
    const double t_flat = cold_median_us(
        [&] { read_grid<4><<<4 * sms, 256>>>(static_cast<const float4 *>(A), (long long)(bytes / 16)); }, g_flush,
        kFlush, 7);
    printf("%s: %.0f MiB, flat read %.1f us (%.0f GB/s); tiles of %lld rows\n", name, bytes / 1048576.0, t_flat,
           bytes / t_flat / 1e3, (1LL << log_tx) * W);
    printf("%4s %3s %7s %7s %9s %8s %7s\n", "X", "U", "splits", "blocks", "us", "GB/s", "%flat");
    const long long tiles_n = (lda_v + (1 << log_tx) - 1) >> log_tx;
    for (int X = 0; X < 2; ++X)
        for (int U : {4, 8, 16})
            for (long long splits : {1, 2, 4}) {
                double us = 0;
#define CFG(u)                                                                                      \
    us = X ? run_cfg<T, u, true>(A, x, lda_v, n, splits, log_tx) : run_cfg<T, u, false>(A, x, lda_v, n, splits, log_tx)
                if (U == 4)
                    CFG(4);
                else if (U == 8)
                    CFG(8);
                else
                    CFG(16);
#undef CFG
                printf("%4d %3d %7lld %7lld %9.1f %8.0f %6.1f%%\n", X, U, splits, tiles_n * splits, us,
                       bytes / us / 1e3, 100.0 * t_flat / us);
            }
    CK(cudaFree(A));
    CK(cudaFree(x));
}

int main()
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    CK(cudaMalloc(&g_flush, kFlush));
    printf("%s, %d SMs\n", p.name, p.multiProcessorCount);
    // Entry 86's ncu shapes (tiled-n: 222 and 256 blocks of TX = 16,
    // unsplit) and a draws' loser's geometry (TX = 32, 290 tiles).
    shape<double>("double 7094 x 5868", 7094, 5868, 4, p.multiProcessorCount);
    shape<float>("float 16384 x 16384", 16384, 16384, 4, p.multiProcessorCount);
    shape<double>("double 18562 x 932", 18562, 932, 5, p.multiProcessorCount);
    CK(cudaFree(g_flush));
    return 0;
}
