// How the order of the loads decides the read bandwidth (docs/notes-gemv.md,
// entry 31): the same bytes read in 16-byte loads, nothing computed, with
// the work cut in different ways:
//   grid    the ceilings' read kernel: the whole grid walks the buffer
//           together (a grid-wide stride), U loads in flight per thread
//   warp    one contiguous range per warp (lane i: vectors i, i+32, ...),
//           U in flight: how stream-t cuts the work
//   block   one contiguous range per block (thread i: i, i+256, ...)
//   chunk   blocks take chunks of 256*U vectors in turn (chunk k to block
//           k mod B): each block's rounds are contiguous, the grid walks
//           the buffer together
// at 4 and 8 blocks of 256 threads per SM, over 32 MiB (rotating over four
// buffers: cold) and 256 MiB. Timed with events over batches of 20 calls,
// the median of 7 batches.
// Build: nvcc -O3 -arch=sm_90 -o build-bench/stream-probe exp/stream-probe.cu
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "probe.cuh"

// Ranges of `unit` threads (32: a warp, 256: a block).
template <int U, int UNIT>
__global__ void read_range(const float4 *__restrict__ p, int64_t count)
{
    float acc = 0.f;
    const int64_t units = int64_t(gridDim.x) * (blockDim.x / UNIT);
    const int64_t w = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / UNIT;
    const int l = threadIdx.x % UNIT;
    const int64_t b = count * w / units, e = count * (w + 1) / units;
    for (int64_t i = b + l; i < e; i += UNIT * U) {
        float4 v[U];
#pragma unroll
        for (int u = 0; u < U; ++u)
            v[u] = i + u * UNIT < e ? __ldg(p + i + u * UNIT) : make_float4(0, 0, 0, 0);
#pragma unroll
        for (int u = 0; u < U; ++u)
            acc += v[u].x + v[u].y + v[u].z + v[u].w;
    }
    if (acc == 1234.5f)
        sink_v = acc;
}

template <int U>
__global__ void read_chunk(const float4 *__restrict__ p, int64_t count)
{
    float acc = 0.f;
    const int64_t chunk = int64_t(blockDim.x) * U;
    for (int64_t c = blockIdx.x; c * chunk < count; c += gridDim.x) {
        const int64_t i = c * chunk + threadIdx.x;
        float4 v[U];
#pragma unroll
        for (int u = 0; u < U; ++u)
            v[u] = i + u * blockDim.x < count ? __ldg(p + i + u * blockDim.x) : make_float4(0, 0, 0, 0);
#pragma unroll
        for (int u = 0; u < U; ++u)
            acc += v[u].x + v[u].y + v[u].z + v[u].w;
    }
    if (acc == 1234.5f)
        sink_v = acc;
}

// The same warp ranges with op T's second stream: per vector of A one
// 16-byte load of x at the vector's row (rows: the vector's index mod mx/4,
// so x of mx floats is read over and over, as op T reads it per column).
// after: x loaded in the FMA loop, after the round's loads of A (the order
// of tiled-t's and stream-t's source); before: x's loads issued with A's,
// all 16 in flight before the first use.
template <int U, bool XBefore>
__global__ void read_range_x(const float4 *__restrict__ p, int64_t count, const float4 *__restrict__ x, int xv)
{
    float acc = 0.f;
    const int64_t units = int64_t(gridDim.x) * (blockDim.x / 32);
    const int64_t w = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    const int l = threadIdx.x % 32;
    const int64_t b = count * w / units, e = count * (w + 1) / units;
    for (int64_t i = b + l; i < e; i += 32 * U) {
        float4 v[U], xs[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            v[u] = i + u * 32 < e ? __ldg(p + i + u * 32) : make_float4(0, 0, 0, 0);
            if (XBefore)
                xs[u] = __ldg(x + (i + u * 32) % xv);
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const float4 xx = XBefore ? xs[u] : __ldg(x + (i + u * 32) % xv);
            acc += v[u].x * xx.x + v[u].y * xx.y + v[u].z * xx.z + v[u].w * xx.w;
        }
    }
    if (acc == 1234.5f)
        sink_v = acc;
}

typedef void (*kern)(const float4 *, int64_t);

// Microseconds per call of launch(r) (r: the call's index in its batch):
// the median of seven batches of 20 calls between events, after one batch
// of warm-up.
template <typename Launch>
float time_us(cudaEvent_t e0, cudaEvent_t e1, Launch launch)
{
    std::vector<float> t;
    for (int batch = 0; batch < 8; ++batch) {
        CK(cudaEventRecord(e0));
        for (int r = 0; r < 20; ++r)
            launch(r);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (batch)
            t.push_back(ms * 1000.f / 20.f);
    }
    CK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main()
{
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const size_t big = size_t(256) << 20, small = size_t(32) << 20;
    float4 *buf;
    CK(cudaMalloc(&buf, big + 3 * small));
    CK(cudaMemset(buf, 0, big + 3 * small));
    struct K {
        const char *name;
        kern k;
    } ks[] = {
        {"grid-u4", read_grid<4>},          {"grid-u8", read_grid<8>},
        {"warp-u8", read_range<8, 32>},     {"warp-u16", read_range<16, 32>},
        {"block-u8", read_range<8, 256>},   {"block-u4", read_range<4, 256>},
        {"chunk-u8", read_chunk<8>},        {"chunk-u4", read_chunk<4>},
    };
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    printf("%-10s %5s %8s %10s %8s\n", "kernel", "b/SM", "MiB", "us", "GB/s");
    for (size_t bytes : {small, big}) {
        const int copies = bytes == small ? 4 : 1;
        const int64_t count = int64_t(bytes / 16);
        for (int per_sm : {4, 8}) {
            for (const K &k : ks) {
                const int blocks = sms * per_sm;
                const float us = time_us(e0, e1, [&](int r) {
                    k.k<<<blocks, 256>>>(buf + (r % copies) * (small / 16), count);
                });
                printf("%-10s %5d %8zu %10.2f %8.0f\n", k.name, per_sm, bytes >> 20, us, bytes / us / 1e3);
            }
        }
    }
    // x beside A: 256 MiB of A, x of 16 KB, 256 KB and 4 MB.
    float4 *xb;
    CK(cudaMalloc(&xb, size_t(4) << 20));
    CK(cudaMemset(xb, 0, size_t(4) << 20));
    struct KX {
        const char *name;
        void (*k)(const float4 *, int64_t, const float4 *, int);
    } kx[] = {{"warpx-after", read_range_x<8, false>}, {"warpx-before", read_range_x<8, true>}};
    for (int per_sm : {3, 4}) {
        for (int xbytes : {16 << 10, 256 << 10, 4 << 20}) {
            for (const KX &k : kx) {
                const float us = time_us(e0, e1, [&](int) {
                    k.k<<<sms * per_sm, 256>>>(buf, int64_t(big / 16), xb, xbytes / 16);
                });
                printf("%-12s %3d x=%7d B %10.2f us %8.0f GB/s\n", k.name, per_sm, xbytes, us, big / us / 1e3);
            }
        }
    }
    return 0;
}
