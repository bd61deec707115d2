// The default GEMV path, what mv_sgemv and mv_dgemv run: one launch, no
// allocation, deterministic: the tiled kernels of gemv_fast.cu, which pick
// their tile shape, vector width and split of the reduction from the shape,
// the alignment and the device's SM count.
#include "gemv_common.cuh"

extern "C" cudaError_t mv_gemv_launch(mv_dtype dtype, const mv_gemv_args *args)
{
    return mv_gemv_fast_launch(dtype, args);
}

namespace {
cudaError_t launch_default(mv_dtype dtype, const mv_gemv_args *args, void *)
{
    return mv_gemv_launch(dtype, args);
}
}  // namespace

extern "C" const mv_gemv_variant mv_variant_default = {
    "default",
    "matvec's default path: tiled-n / tiled-t, 16-byte loads, split reductions finished by the last block",
    "matvec",
    "the read bandwidth on large shapes, one launch on small ones (gemv_fast.cu)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, launch_default,
};
