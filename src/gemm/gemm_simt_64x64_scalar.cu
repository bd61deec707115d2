// The default float GEMM's 64x64 configuration with scalar loads (any lda,
// ldb and alignment):
// the four transpose pairs' kernels, in a file of their own so that nvcc
// compiles the default path's kernels in parallel (gemm_fast.cu dispatches).
#include "gemm/gemm_kernels.h"
#include "gemm_simt.cuh"

MV_SIMT_DEFAULT_PART(mv_sgemm_simt_64x64_scalar_launch, Cfg64x64x16, false)
