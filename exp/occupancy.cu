// Blocks per SM of the GEMV kernels as the occupancy calculator gives them
// (wave_blocks in gemv_split.cuh asks the same), and ptxas's view beside it.
// nvcc -O3 -std=c++17 -arch=sm_90 -Isrc -Iinclude -Isrc/kernels -o build-bench/occupancy exp/occupancy.cu
#include <cstdio>

#include "kernels/gemv_skinny.cu"

template <auto kernel>
void show(const char *name)
{
    int blocks = 0;
    cudaFuncAttributes fa{};
    cudaFuncGetAttributes(&fa, kernel);
    const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, mv::kThreads, 0);
    printf("%-28s %d blocks/SM (%s), %d registers, %zu B static shared, carveout pref %d\n", name, blocks,
           cudaGetErrorString(e), fa.numRegs, fa.sharedSizeBytes, fa.preferredShmemCarveout);
}

int main()
{
    show<mv::gemv_flat_t<float, 4>>("gemv_flat_t<float>");
    show<mv::gemv_flat_t<double, 2>>("gemv_flat_t<double>");
    show<mv::gemv_short_t<float, 4, 3>>("gemv_short_t<float,3>");
    return 0;
}
