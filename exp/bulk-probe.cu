// Can a kernel read HBM faster than the ceilings' read kernel (16-byte
// loads, grid-wide stride), which every "% of the read bandwidth" target is
// measured against? (docs/notes-multi.md, entry 1: cuBLAS DGEMM with 1-32
// columns and matvec's GEMV both read a 2 GiB A at 97-100% of it.)
//
// The same bytes read, nothing but a sum computed, five ways:
//   ldg-grid U   the ceilings' read kernel: 16-byte __ldg, U in flight per
//                thread, the whole grid walking the buffer together
//   ldg-chunk U  blocks take contiguous chunks of 256*U vectors in turn
//   bulk S x K   cp.async.bulk (the TMA's 1-D copy): one thread per block
//                copies contiguous chunks of K KiB into a ring of S slots in
//                shared memory (an mbarrier per slot counts the bytes), the
//                block sums each slot and hands it back; blocks take chunks
//                in turn, so the grid walks the buffer together
// and, for scale, cuBLAS SGEMM / DGEMM with n = 1 and n = 8 over the same
// bytes as a column-major matrix (op N), and SGEMV / DGEMV.
// Sizes: 256 MiB and 1 GiB (cold: far beyond the 50 MiB L2). Events over
// batches of 10 calls, median of 7 batches; GB/s and % of ldg-grid 8.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -o build-bench/bulk-probe exp/bulk-probe.cu -lcublas
// Run:   build-bench/bulk-probe
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cublas_v2.h>

#include "probe.cuh"

#define CB(x)                                                                    \
    do {                                                                         \
        cublasStatus_t s_ = (x);                                                 \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                       \
            fprintf(stderr, "%s:%d cuBLAS status %d\n", __FILE__, __LINE__, s_); \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

template <int U>
__global__ void __launch_bounds__(256) ldg_chunk(const float4 *__restrict__ p, int64_t count)
{
    float acc = 0.f;
    const int64_t chunk = int64_t(256) * U;
    for (int64_t c0 = int64_t(blockIdx.x) * chunk; c0 < count; c0 += int64_t(gridDim.x) * chunk) {
        float4 v[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const int64_t i = c0 + u * 256 + threadIdx.x;
            v[u] = i < count ? __ldg(p + i) : make_float4(0.f, 0.f, 0.f, 0.f);
        }
#pragma unroll
        for (int u = 0; u < U; ++u)
            acc += v[u].x + v[u].y + v[u].z + v[u].w;
    }
    if (acc == 1234.5f)
        sink_v = acc;
}

// ---- cp.async.bulk ring ------------------------------------------------------

// S slots of K KiB; chunk c (of K KiB) to block c mod gridDim.x. count16:
// 16-byte vectors in the buffer (a multiple of K KiB / 16 here).
template <int S, int K>
__global__ void __launch_bounds__(256) bulk_ring(const float4 *__restrict__ p, int64_t count16)
{
    constexpr int kBytes = K * 1024, kVec = kBytes / 16;
    extern __shared__ __align__(128) unsigned char smem[];
    float4 *slots = reinterpret_cast<float4 *>(smem);
    uint64_t *bars = reinterpret_cast<uint64_t *>(smem + size_t(S) * kBytes);
    const int64_t chunks = count16 / kVec;
    if (threadIdx.x == 0) {
        for (int s = 0; s < S; ++s)
            mbar_init(&bars[s], 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    // Chunk j of this block is global chunk blockIdx.x + j*gridDim.x.
    const int64_t mine = chunks > blockIdx.x ? (chunks - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
    if (threadIdx.x == 0)
        for (int s = 0; s < S && s < mine; ++s) {
            mbar_expect_tx(&bars[s], kBytes);
            bulk_copy(slots + size_t(s) * kVec, p + (blockIdx.x + int64_t(s) * gridDim.x) * kVec, kBytes, &bars[s]);
        }
    float acc = 0.f;
    for (int64_t j = 0; j < mine; ++j) {
        const int s = int(j % S);
        const unsigned parity = unsigned((j / S) & 1);
        mbar_wait(&bars[s], parity);
        const float4 *slot = slots + size_t(s) * kVec;
#pragma unroll 4
        for (int v = threadIdx.x; v < kVec; v += 256) {
            const float4 q = slot[v];
            acc += q.x + q.y + q.z + q.w;
        }
        __syncthreads();  // every thread is done with slot s
        const int64_t next = j + S;
        if (threadIdx.x == 0 && next < mine) {
            mbar_expect_tx(&bars[s], kBytes);
            bulk_copy(slots + size_t(s) * kVec, p + (blockIdx.x + next * gridDim.x) * kVec, kBytes, &bars[s]);
        }
    }
    if (acc == 1234.5f)
        sink_v = acc;
}

// ---- timing ----------------------------------------------------------------

template <typename F>
static double time_us(F &&launch)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    launch();
    CK(cudaDeviceSynchronize());
    std::vector<double> t;
    for (int r = 0; r < 7; ++r) {
        CK(cudaEventRecord(a));
        for (int k = 0; k < 10; ++k)
            launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms = 0.f;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms * 1e3 / 10);
    }
    CK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return t[3];
}

template <int S, int K>
static double time_bulk(const float4 *p, int64_t count16, int sms, int per_sm)
{
    const size_t smem = size_t(S) * K * 1024 + S * sizeof(uint64_t);
    CK(cudaFuncSetAttribute(bulk_ring<S, K>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    return time_us([&] { bulk_ring<S, K><<<sms * per_sm, 256, smem>>>(p, count16); });
}

int main()
{
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    const int sms = prop.multiProcessorCount;
    printf("bulk-probe: %s, %d SMs, L2 %d MiB\n", prop.name, sms, prop.l2CacheSize >> 20);
    cublasHandle_t cb;
    CB(cublasCreate(&cb));
    const size_t sizes[] = {size_t(256) << 20, size_t(1) << 30};
    for (size_t bytes : sizes) {
        const int64_t count = int64_t(bytes / 16);
        float4 *p;
        CK(cudaMalloc(&p, bytes));
        CK(cudaMemset(p, 0, bytes));
        float *x, *y;
        CK(cudaMalloc(&x, 16384 * 8 * sizeof(double)));
        CK(cudaMalloc(&y, (bytes / 4 / 16384 + 1) * 8 * sizeof(double)));
        CK(cudaMemset(x, 0, 16384 * 8 * sizeof(double)));
        printf("\n%zu MiB\n", bytes >> 20);
        const double base = time_us([&] { read_grid<8><<<sms * 4, 256>>>(p, count); });
        auto row = [&](const char *name, double us) {
            printf("  %-28s %9.1f us %7.0f GB/s %6.1f%%\n", name, us, double(bytes) / (us * 1e3), 100.0 * base / us);
        };
        row("ldg-grid 8, 4 blocks/SM", base);
        row("ldg-grid 8, 8 blocks/SM", time_us([&] { read_grid<8><<<sms * 8, 256>>>(p, count); }));
        row("ldg-grid 4, 8 blocks/SM", time_us([&] { read_grid<4><<<sms * 8, 256>>>(p, count); }));
        row("ldg-chunk 8, 4 blocks/SM", time_us([&] { ldg_chunk<8><<<sms * 4, 256>>>(p, count); }));
        row("ldg-chunk 16, 4 blocks/SM", time_us([&] { ldg_chunk<16><<<sms * 4, 256>>>(p, count); }));
        row("bulk 4 x 16 KiB, 2/SM", time_bulk<4, 16>(p, count, sms, 2));
        row("bulk 4 x 16 KiB, 3/SM", time_bulk<4, 16>(p, count, sms, 3));
        row("bulk 8 x 8 KiB, 2/SM", time_bulk<8, 8>(p, count, sms, 2));
        row("bulk 6 x 32 KiB, 1/SM", time_bulk<6, 32>(p, count, sms, 1));
        row("bulk 3 x 32 KiB, 2/SM", time_bulk<3, 32>(p, count, sms, 2));
        // cuBLAS over the same bytes: a column-major m x 16384 float matrix
        // (m x 8192 double), op N.
        const int64_t kf = 16384, mf = int64_t(bytes / 4) / kf, kd = 8192, md = int64_t(bytes / 8) / kd;
        const float one = 1.f, zero = 0.f;
        const double oned = 1.0, zerod = 0.0;
        const float *A = reinterpret_cast<const float *>(p);
        const double *Ad = reinterpret_cast<const double *>(p);
        row("cublasSgemv N", time_us([&] { CB(cublasSgemv(cb, CUBLAS_OP_N, int(mf), int(kf), &one, A, int(mf), x, 1, &zero, y, 1)); }));
        row("cublasSgemm N, n = 1", time_us([&] {
                CB(cublasSgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, int(mf), 1, int(kf), &one, A, int(mf), x, int(kf), &zero, y, int(mf)));
            }));
        row("cublasSgemm N, n = 8", time_us([&] {
                CB(cublasSgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, int(mf), 8, int(kf), &one, A, int(mf), x, int(kf), &zero, y, int(mf)));
            }));
        row("cublasDgemv N", time_us([&] {
                CB(cublasDgemv(cb, CUBLAS_OP_N, int(md), int(kd), &oned, Ad, int(md), reinterpret_cast<double *>(x), 1,
                               &zerod, reinterpret_cast<double *>(y), 1));
            }));
        row("cublasDgemm N, n = 1", time_us([&] {
                CB(cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, int(md), 1, int(kd), &oned, Ad, int(md),
                               reinterpret_cast<double *>(x), int(kd), &zerod, reinterpret_cast<double *>(y), int(md)));
            }));
        row("cublasDgemm N, n = 8", time_us([&] {
                CB(cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, int(md), 8, int(kd), &oned, Ad, int(md),
                               reinterpret_cast<double *>(x), int(kd), &zerod, reinterpret_cast<double *>(y), int(md)));
            }));
        CK(cudaFree(p));
        CK(cudaFree(x));
        CK(cudaFree(y));
    }
    CB(cublasDestroy(cb));
    return 0;
}
