// The micro-benchmarks' timing (fronts.cu, tiledt.cu): a launch, then the
// median of 9 timed launches in us (events around each, warm).
#pragma once
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

template <class F>
float time_us(F launch)
{
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    std::vector<float> t;
    launch();
    for (int r = 0; r < 9; ++r) {
        cudaEventRecord(e0);
        launch();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        t.push_back(ms * 1000.f);
    }
    std::sort(t.begin(), t.end());
    return t[4];
}
