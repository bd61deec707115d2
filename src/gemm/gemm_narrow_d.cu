// The narrow GEMM (gemm_narrow.cuh) in double: one file per type so that nvcc
// compiles them in parallel.
#include "gemm/gemm_kernels.h"
#include "gemm_narrow.cuh"

extern "C" cudaError_t mv_dgemm_narrow_launch(const mv_gemm_args *args)
{
    return mv::gemm::narrow::launch<double, mv::gemm::narrow::kDefaultForm>(args);
}

extern "C" mv_gemm_narrow_chain mv_dgemm_narrow_chain(const mv_gemm_args *args)
{
    return mv::gemm::narrow::chain<double>(args);
}
