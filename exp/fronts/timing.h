// The micro-benchmarks' timing (fronts.cu, tiledt.cu, predt.cu,
// blockmap.cu): a launch, then the median of 9 timed launches in us
// (events around each; warm unless before() evicts the L2: time_cold).
#pragma once
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

// before() runs ahead of each timed launch, outside the events (time_cold:
// a read of 192 MiB, so that every call finds A out of the L2).
template <class F, class G>
float time_us(F launch, G before)
{
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    std::vector<float> t;
    launch();
    for (int r = 0; r < 9; ++r) {
        before();
        cudaEventRecord(e0);
        launch();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        t.push_back(ms * 1000.f);
    }
    std::sort(t.begin(), t.end());
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    return t[4];
}

template <class F>
float time_us(F launch)
{
    return time_us(launch, [] {});
}

// Reads kFlush bytes so that the L2 holds none of the operands, only clean
// lines (as mvbench's cold calls find it: a write here would leave dirty
// lines that the timed call must write back). Its buffer: flush_buffer().
constexpr size_t kFlush = size_t(192) << 20;

__global__ void scrub(int4 *p, size_t n)
{
    int s = 0;
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
        const int4 v = p[i];
        s ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (s == 0x12345678)
        p[0].x = s;
}

inline char *flush_buffer()
{
    static char *p = nullptr;
    if (!p) {
        cudaMalloc(&p, kFlush);
        cudaMemset(p, 1, kFlush);
    }
    return p;
}

// The launch's median time in us with the L2 scrubbed before each call.
template <class F>
float time_cold(F launch)
{
    return time_us(launch, [] { scrub<<<1056, 256>>>(reinterpret_cast<int4 *>(flush_buffer()), kFlush / 16); });
}

