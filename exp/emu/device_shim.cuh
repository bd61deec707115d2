#pragma once
#include <cuda_runtime_api.h>
#include "core/warp.cuh"
#include "core/waves.h"
namespace mv {
template <typename T, int W> struct VecOf;
template <> struct VecOf<float, 1> { using type = float; };
template <> struct VecOf<float, 2> { using type = float2; };
template <> struct VecOf<float, 4> { using type = float4; };
template <> struct VecOf<double, 1> { using type = double; };
template <> struct VecOf<double, 2> { using type = double2; };
// The kernel's entry in g_per_sm_table (its name with its template
// arguments, as __PRETTY_FUNCTION__ spells Kernel), else g_per_sm.
template <auto Kernel, int Threads> int blocks_per_sm()
{
    const std::string self = __PRETTY_FUNCTION__;
    for (const auto &e : g_per_sm_table)
        if (self.find(e.first) != std::string::npos)
            return e.second;
    return g_per_sm;
}
// device.cuh's first statement of a dependent launch: nothing to wait for here.
inline void pdl_begin() {}
// device.cuh's launch, dependent or not: the emulator runs the grid at once.
template <typename... P, typename... Args>
cudaError_t launch_pdl(cudaStream_t, bool, void (*kernel)(P...), dim3 grid, unsigned threads, Args... args)
{
    emu_launch(kernel, grid, long(threads), static_cast<P>(args)...);
    return cudaSuccess;
}
}
