// Device-side helpers of every family: the CUDA vector type of W elements,
// the occupancy of a kernel, asked once, how splits fill the GPU's waves
// (waves.h) and sums by a warp (warp.cuh).
#pragma once

#include <cuda_runtime_api.h>

#include "core/warp.cuh"
#include "core/waves.h"

namespace mv {

// The CUDA vector type that holds W consecutive elements of T in one load
// or store (W * sizeof(T) bytes: 4, 8 or 16): VecOf<float, 4>::type is
// float4.
template <typename T, int W>
struct VecOf;
template <>
struct VecOf<float, 1> {
    using type = float;
};
template <>
struct VecOf<float, 2> {
    using type = float2;
};
template <>
struct VecOf<float, 4> {
    using type = float4;
};
template <>
struct VecOf<double, 1> {
    using type = double;
};
template <>
struct VecOf<double, 2> {
    using type = double2;
};

// Blocks of Threads threads of Kernel that fit one SM (registers, shared
// memory), asked of the runtime once per kernel (no synchronization; the
// answer depends on the architecture only); 1 if the runtime cannot tell.
template <auto Kernel, int Threads>
int blocks_per_sm()
{
    static const int n = [] {
        int b = 0;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, Kernel, Threads, 0) != cudaSuccess) {
            (void)cudaGetLastError();
            b = 1;
        }
        return b > 0 ? b : 1;
    }();
    return n;
}

// First statement of every kernel launched by launch_pdl (the default GEMV
// path's and the narrow GEMM's) as a programmatic dependent launch on
// compute capability 9.0+ (mv_gemv_args::pdl, mv_gemm_args::pdl): the
// launch and the blocks' start then overlap the end of the kernel before
// it in the stream, and griddepcontrol.wait holds
// every thread until that kernel has completed and its memory is visible,
// before any load or store (a no-op when the launch was an ordinary one).
// launch_dependents then lets the next such kernel in the stream start its
// own launch; it too waits for this one to complete. Measured: the gap
// between two dependent calls from ~1.9 to ~0.7 us on an H100 (entry 19 of
// docs/notes-gemv.md).
__device__ __forceinline__ void pdl_begin()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// kernel<<<grid, threads, 0, stream>>>(args...), as a programmatic
// dependent launch where asked (pdl: compute capability 9.0+; every kernel
// launched so starts with pdl_begin): its launch overlaps the end of the
// kernel before it in the stream. Returns CUDA's error code and clears the
// one a failed launch left.
template <typename... P, typename... Args>
cudaError_t launch_pdl(cudaStream_t stream, bool pdl, void (*kernel)(P...), dim3 grid, unsigned threads, Args... args)
{
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = dim3(threads);
    cfg.dynamicSmemBytes = 0;
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = pdl ? 1 : 0;
    const cudaError_t err = cudaLaunchKernelEx(&cfg, kernel, static_cast<P>(args)...);
    const cudaError_t last = cudaGetLastError();
    return err != cudaSuccess ? err : last;
}

}  // namespace mv
