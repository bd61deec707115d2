// The default GEMV path, what mv_sgemv and mv_dgemv run: one launch, no
// workspace, deterministic. It picks among the kernels by operation (the
// fast paths replace this with a shape-aware dispatch):
//   N: `naive` (thread per row: coalesced down the columns);
//   T: `warp-per-row` (warp per column of A: coalesced along the column).
#include "gemv_common.cuh"

extern "C" const mv_gemv_variant mv_variant_naive;
extern "C" const mv_gemv_variant mv_variant_warp_per_row;

extern "C" cudaError_t mv_gemv_launch(mv_dtype dtype, const mv_gemv_args *args)
{
    const mv_gemv_variant *pick = args->trans ? &mv_variant_warp_per_row : &mv_variant_naive;
    return pick->launch(dtype, args, nullptr);
}

namespace {
cudaError_t launch_default(mv_dtype dtype, const mv_gemv_args *args, void *)
{
    return mv_gemv_launch(dtype, args);
}
}  // namespace

extern "C" const mv_gemv_variant mv_variant_default = {
    "default",
    "matvec's default path: N thread-per-row, T warp-per-column",
    "matvec",
    "N: near bandwidth only for tall matrices; T: ~50-70% of read bandwidth for n in the thousands",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, launch_default,
};
