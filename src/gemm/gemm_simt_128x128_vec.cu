// The default float GEMM's 128x128 configuration with 16-byte loads of A and B:
// the four transpose pairs' kernels, in a file of their own so that nvcc
// compiles the default path's kernels in parallel (gemm_fast.cu dispatches).
#include "gemm/gemm_kernels.h"
#include "gemm_simt.cuh"

MV_SIMT_DEFAULT_PART(mv_sgemm_simt_128x128_vec_launch, Cfg128x128x8T128, true)
