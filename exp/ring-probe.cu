// Why ring-t (notes-gemv entry 33) streams at half the read kernel's rate:
// the TMA's 1-D bulk copies into a ring of S slots, one block of 256
// threads summing each slot, the bytes taken three ways:
//   interleaved  chunk c of the buffer to block c mod G (bulk-probe's
//                pattern: the grid reads neighbouring chunks together)
//   range        block b reads its own contiguous range, chunk after chunk
//   range x4     block b's range cut into four streams (ring-t's four
//                columns): a slot holds one piece of each, four copies
// with the time from the kernel's first block start to each block's end
// (%globaltimer), so that a drift of the blocks apart shows: the spread of
// block end times, and how long the SMs were busy on average.
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -o build-bench/ring-probe exp/ring-probe.cu
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "probe.cuh"

enum { kInterleaved = 0, kRange = 1, kRange4 = 2 };

// S slots of KB KiB; count16 16-byte vectors (a multiple of the chunk).
// times[2b], times[2b+1]: block b's start and end.
// XC: a fifth copy per slot of KB/4 KiB from xbuf (4 MiB, L2-resident: x's
// rows, as ring-t stages them). Dot: the slot summed as ring-t does (four
// columns of KB/4 KiB and x's piece, scalar loads, 4 FMAs a row) instead of
// 16-byte loads.
template <int S, int KB, int Mode, bool XC = false, bool Dot = false, int Shift = 0>
__global__ void __launch_bounds__(256) ring(const float4 *__restrict__ p, int64_t count16, uint64_t *times,
                                            const float4 *__restrict__ xbuf)
{
    // Shift: every copy's source Shift 16-byte vectors past its chunk (off
    // a 128-byte line for Shift = 1, 2, 4).
    p += Shift;
    constexpr int kVec = KB * 1024 / 16;
    constexpr int kSlotVec = XC ? kVec + kVec / 4 : kVec;
    extern __shared__ __align__(128) unsigned char smem[];
    float4 *slots = reinterpret_cast<float4 *>(smem);
    uint64_t *bars = reinterpret_cast<uint64_t *>(smem + size_t(S) * kSlotVec * 16);
    const int64_t chunks = count16 / kVec, G = gridDim.x, b = blockIdx.x;
    if (threadIdx.x == 0)
        times[2 * b] = gtime();
    // This block's chunks: j = 0 .. mine-1.
    int64_t mine, first = 0;
    if (Mode == kInterleaved) {
        mine = chunks > b ? (chunks - b + G - 1) / G : 0;
    } else {
        first = chunks * b / G;
        mine = chunks * (b + 1) / G - first;
    }
    // Chunk j's four pieces (kRange4): quarter q of the range, piece j.
    const int64_t quarter = mine / 4;  // chunks of each stream
    const auto issue = [&](int s, int64_t j) {
        mbar_expect_tx(&bars[s], KB * 1024 + (XC ? KB * 256 : 0));
        float4 *dst = slots + size_t(s) * kSlotVec;
        if (XC)
            bulk_copy(dst + kVec, xbuf + (j * (kVec / 4)) % (int64_t(1) << 18), KB * 256, &bars[s]);
        if (Mode == kInterleaved) {
            bulk_copy(dst, p + (b + j * G) * kVec, KB * 1024, &bars[s]);
        } else if (Mode == kRange) {
            bulk_copy(dst, p + (first + j) * kVec, KB * 1024, &bars[s]);
        } else {
            // piece q of chunk j: vectors [(q*quarter*4 + j*4 ... ) ...]: stream q
            // starts at chunk first + q*quarter, and chunk j takes a quarter
            // chunk of each stream in turn.
            for (int q = 0; q < 4; ++q)
                bulk_copy(dst + q * (kVec / 4), p + (first + q * quarter) * kVec + j * (kVec / 4), KB * 256,
                          &bars[s]);
        }
    };
    const int64_t steps = Mode == kRange4 ? quarter * 4 : mine;
    if (threadIdx.x == 0) {
        for (int s = 0; s < S; ++s)
            mbar_init(&bars[s], 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        for (int s = 0; s < S && s < steps; ++s)
            issue(s, s);
    }
    __syncthreads();
    float acc = 0.f;
    for (int64_t j = 0; j < steps; ++j) {
        const int s = int(j % S);
        mbar_wait(&bars[s], unsigned((j / S) & 1));
        const float4 *slot = slots + size_t(s) * kSlotVec;
        if (Dot) {
            const float *f = reinterpret_cast<const float *>(slot);
            constexpr int R = KB * 256 / 4;  // rows of a column piece
            const float *xs = XC ? f + 4 * R : f;
            float a4[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
            for (int i = 0; i < R / 256; ++i) {
                const int row = threadIdx.x + i * 256;
                const float xv = xs[row];
#pragma unroll
                for (int k = 0; k < 4; ++k)
                    a4[k] += f[k * R + row] * xv;
            }
            acc += a4[0] + a4[1] + a4[2] + a4[3];
        } else {
#pragma unroll 4
            for (int v = threadIdx.x; v < kVec; v += 256) {
                const float4 q = slot[v];
                acc += q.x + q.y + q.z + q.w;
            }
        }
        __syncthreads();
        if (threadIdx.x == 0 && j + S < steps) {
            asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
            issue(s, j + S);
        }
    }
    if (acc == 1234.5f)
        sink_v = acc;
    __syncthreads();
    if (threadIdx.x == 0)
        times[2 * b + 1] = gtime();
}

static const float4 *g_xbuf;

template <int S, int KB, int Mode, bool XC = false, bool Dot = false, int Shift = 0>
static void run(const char *name, const float4 *p, int64_t count16, int sms, int per_sm, size_t bytes,
                uint64_t *d_times, double base)
{
    const size_t smem = size_t(S) * KB * 1024 * (XC ? 5 : 4) / 4 + S * sizeof(uint64_t);
    CK(cudaFuncSetAttribute(ring<S, KB, Mode, XC, Dot, Shift>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    const int G = sms * per_sm;
    cudaEvent_t a, e;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&e));
    std::vector<double> t;
    std::vector<uint64_t> h(2 * G);
    double spread = 0, busy = 0;
    for (int r = 0; r < 7; ++r) {
        CK(cudaEventRecord(a));
        ring<S, KB, Mode, XC, Dot, Shift><<<G, 256, smem>>>(p, count16, d_times, g_xbuf);
        CK(cudaEventRecord(e));
        CK(cudaEventSynchronize(e));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, e));
        t.push_back(ms * 1e3);
        CK(cudaMemcpy(h.data(), d_times, 2 * G * sizeof(uint64_t), cudaMemcpyDeviceToHost));
        uint64_t t0 = ~0ull, t1 = 0;
        double sum = 0;
        std::vector<double> ends;
        for (int b = 0; b < G; ++b)
            t0 = std::min(t0, h[2 * b]);
        for (int b = 0; b < G; ++b) {
            t1 = std::max(t1, h[2 * b + 1]);
            ends.push_back(double(h[2 * b + 1] - t0));
            sum += double(h[2 * b + 1] - h[2 * b]);
        }
        std::sort(ends.begin(), ends.end());
        if (r == 3) {
            spread = (ends.back() - ends.front()) / 1e3;
            busy = sum / G / double(t1 - t0);
            printf("    block ends (us from first start): min %.1f, 10%% %.1f, median %.1f, 90%% %.1f, max %.1f\n",
                   ends.front() / 1e3, ends[G / 10] / 1e3, ends[G / 2] / 1e3, ends[G * 9 / 10] / 1e3, ends.back() / 1e3);
        }
    }
    std::sort(t.begin(), t.end());
    printf("  %-30s %9.1f us %7.0f GB/s %6.1f%%  end spread %.1f us, blocks busy %.0f%%\n", name, t[3],
           double(bytes) / (t[3] * 1e3), 100.0 * base / t[3], spread, 100.0 * busy);
}

int main()
{
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    const int sms = prop.multiProcessorCount;
    printf("ring-probe: %s, %d SMs\n", prop.name, sms);
    uint64_t *d_times;
    CK(cudaMalloc(&d_times, 2 * 8 * sms * sizeof(uint64_t)));
    float4 *xb;
    CK(cudaMalloc(&xb, size_t(4) << 20));
    CK(cudaMemset(xb, 0, size_t(4) << 20));
    g_xbuf = xb;
    for (size_t bytes : {size_t(256) << 20, size_t(1) << 30}) {
        const int64_t count = int64_t(bytes / 16);
        float4 *p;
        CK(cudaMalloc(&p, bytes + 1024));
        CK(cudaMemset(p, 0, bytes + 1024));
        cudaEvent_t a, e;
        CK(cudaEventCreate(&a));
        CK(cudaEventCreate(&e));
        std::vector<double> t;
        for (int r = 0; r < 7; ++r) {
            CK(cudaEventRecord(a));
            read_grid<8><<<sms * 4, 256>>>(p, count);
            CK(cudaEventRecord(e));
            CK(cudaEventSynchronize(e));
            float ms;
            CK(cudaEventElapsedTime(&ms, a, e));
            t.push_back(ms * 1e3);
        }
        std::sort(t.begin(), t.end());
        const double base = t[3];
        printf("\n%zu MiB: ldg-grid 8, 4 blocks/SM %.1f us %.0f GB/s\n", bytes >> 20, base, double(bytes) / (base * 1e3));
        run<3, 24, kRange4, true, true>("range x4 + x, dot, 3 x 24 KiB", p, count, sms, 2, bytes, d_times, base);
        run<3, 24, kRange4, true, true, 1>("  the same, copies 16 B off", p, count, sms, 2, bytes, d_times, base);
        run<3, 24, kRange4, true, true, 2>("  the same, copies 32 B off", p, count, sms, 2, bytes, d_times, base);
        run<3, 24, kRange4, true, true, 4>("  the same, copies 64 B off", p, count, sms, 2, bytes, d_times, base);
        run<3, 24, kRange4, true, true, 8>("  the same, copies 128 B off", p, count, sms, 2, bytes, d_times, base);
        run<3, 24, kRange, false, false, 1>("range 3 x 24 KiB, 16 B off", p, count, sms, 2, bytes, d_times, base);
        CK(cudaFree(p));
    }
    return 0;
}
