// notes-gemv entries 63-64: both pipelined instances (eight loads of A in
// flight a thread, three blocks an SM) lost at two blocks an SM or fewer
// (220-273 blocks on 132 SMs) and won from about 2.1 (281-396), against
// the plain instances (four loads, four blocks an SM), though at two an
// SM both hold the same blocks. This separates the two changes on one
// streaming kernel: L loads of 16 bytes in flight a thread (4 or 8) and
// the SM's cap of blocks (3 or 4, set by dynamic shared memory, so the
// code is the same), over grids of 132-396 blocks that each read the same
// bytes; and it records where each block ran (%smid) and when it started
// and ended (%globaltimer), to see whether the block distributor places
// blocks unevenly under one cap. Cold: 192 MiB read before each call.
// Out, a line per (bytes a block, blocks, L, cap): median us of 9 calls,
// GB/s, SMs used, most blocks on one SM, and from the last call the
// blocks' durations (min / median / max us) and the span from the first
// start to the last end.
//   nvcc -O3 -std=c++17 -arch=sm_90 exp/fronts/blockmap.cu -o build-bench/ab/blockmap
//   build-bench/ab/blockmap > $OUT/blockmap.txt   (exp/fronts/run-blockmap.sh)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "timing.h"

namespace {

constexpr int kThreads = 256;
__device__ __forceinline__ uint64_t now_ns()
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Block b reads vecs 16-byte vectors from A + b * vecs in rounds of L
// vectors a thread, all of a round's loads out before its adds (vecs a
// multiple of L * kThreads). info[b]: smid, start and end in ns.
template <int L>
__global__ void __launch_bounds__(kThreads) stream(const float4 *__restrict__ A, int64_t vecs, float *out,
                                                   unsigned long long *info)
{
    extern __shared__ float pad[];  // sets the blocks an SM; unused but for one word
    const uint64_t t0 = now_ns();
    const float4 *a = A + blockIdx.x * vecs;
    float acc = 0.f;
    for (int64_t i = threadIdx.x; i < vecs; i += int64_t(L) * kThreads) {
        float4 v[L];
#pragma unroll
        for (int u = 0; u < L; ++u)
            v[u] = a[i + int64_t(u) * kThreads];
#pragma unroll
        for (int u = 0; u < L; ++u)
            acc += v[u].x + v[u].y + v[u].z + v[u].w;
    }
    for (int o = 16; o > 0; o >>= 1)
        acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0)
        pad[threadIdx.x / 32] = acc;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.f;
        for (int w = 0; w < kThreads / 32; ++w)
            s += pad[w];
        out[blockIdx.x] = s;
        unsigned smid;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
        info[3 * blockIdx.x] = smid;
        info[3 * blockIdx.x + 1] = t0;
        info[3 * blockIdx.x + 2] = now_ns();
    }
}

// Dynamic shared memory that leaves room for cap blocks an SM and not one
// more (the SM's shared memory less 1 KiB a block of the system's).
size_t smem_for_cap(int cap, const cudaDeviceProp &p)
{
    const size_t per_sm = p.sharedMemPerMultiprocessor;
    return per_sm / size_t(cap + 1) - 1024 + (per_sm / size_t(cap) - per_sm / size_t(cap + 1)) / 2;
}

template <int L>
void run(const float4 *A, int64_t vecs, int blocks, int cap, const cudaDeviceProp &prop, float *out,
         unsigned long long *info)
{
    const size_t smem = smem_for_cap(cap, prop);
    cudaFuncSetAttribute(stream<L>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, stream<L>, kThreads, smem);
    const float us = time_cold([&] { stream<L><<<blocks, kThreads, smem>>>(A, vecs, out, info); });
    std::vector<unsigned long long> h(3 * size_t(blocks));
    cudaMemcpy(h.data(), info, h.size() * sizeof(h[0]), cudaMemcpyDeviceToHost);
    std::vector<int> on_sm(prop.multiProcessorCount, 0);
    std::vector<double> dur;
    unsigned long long first = ~0ull, last = 0;
    for (int b = 0; b < blocks; ++b) {
        ++on_sm[h[3 * b] % on_sm.size()];
        dur.push_back(double(h[3 * b + 2] - h[3 * b + 1]) * 1e-3);
        first = std::min(first, h[3 * b + 1]);
        last = std::max(last, h[3 * b + 2]);
    }
    std::sort(dur.begin(), dur.end());
    const int used = int(std::count_if(on_sm.begin(), on_sm.end(), [](int c) { return c > 0; }));
    const int most = *std::max_element(on_sm.begin(), on_sm.end());
    const double bytes = double(vecs) * 16.0 * blocks;
    printf("%7lld KiB %4d blocks L%d cap%d(occ %d) | %8.2f us %7.1f GB/s | SMs %3d most %d | dur %7.2f %7.2f %7.2f "
           "span %7.2f\n",
           (long long)(vecs * 16 / 1024), blocks, L, cap, per_sm, us, bytes / us * 1e-3, used, most, dur.front(),
           dur[dur.size() / 2], dur.back(), double(last - first) * 1e-3);
}

}  // namespace

int main()
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("%s, %d SMs, %zu B shared memory an SM\n", prop.name, prop.multiProcessorCount,
           prop.sharedMemPerMultiprocessor);
    const int grids[] = {132, 198, 240, 256, 264, 266, 268, 272, 276, 280, 284, 290, 300, 330, 360, 396};
    const int64_t kib[] = {96, 192, 384};  // bytes a block: 26-152 MiB in all
    const int64_t max_vecs = kib[2] * 1024 / 16;
    float4 *A;
    float *out;
    unsigned long long *info;
    cudaMalloc(&A, size_t(max_vecs) * 16 * 396);
    cudaMemset(A, 0, size_t(max_vecs) * 16 * 396);
    cudaMalloc(&out, 396 * sizeof(float));
    cudaMalloc(&info, 3 * 396 * sizeof(unsigned long long));
    for (int64_t k : kib) {
        const int64_t vecs = k * 1024 / 16;  // a multiple of 8 * 256
        for (int g : grids) {
            run<4>(A, vecs, g, 4, prop, out, info);
            run<8>(A, vecs, g, 3, prop, out, info);
            run<8>(A, vecs, g, 4, prop, out, info);
            run<4>(A, vecs, g, 3, prop, out, info);
        }
    }
    const cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", e == cudaSuccess ? "ok" : cudaGetErrorString(e));
    return e != cudaSuccess;
}
