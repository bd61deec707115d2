// The micro-benchmarks' timing (fronts.cu, tiledt.cu, predt.cu): a launch,
// then the median of 9 timed launches in us (events around each; warm
// unless before() evicts the L2).
#pragma once
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

// before() runs ahead of each timed launch, outside the events (predt.cu:
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
