// The default GEMV path, what mv_sgemv and mv_dgemv run: one launch, no
// allocation, deterministic: the short-wide and tall-skinny kernels of
// gemv_skinny.cu where the shape is one of theirs, else the tiled kernels of
// gemv_fast.cu, which pick their tile shape, vector width and split of the
// reduction from the shape, the alignment and the device's SM count.
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

cudaError_t launch_tiled(mv_dtype dtype, const mv_gemv_args *args, void *)
{
    return mv_gemv_tiled_launch(dtype, args);
}

cudaError_t launch_tiled_n_scalar(mv_dtype dtype, const mv_gemv_args *args, void *)
{
    mv_gemv_args a = *args;
    a.scalar_n = 1;
    return mv_gemv_launch(dtype, &a);
}
}  // namespace

extern "C" const mv_gemv_variant mv_variant_default = {
    "default",
    "matvec's default path: short/tall kernels for skinny shapes, else tiled-n / tiled-t; 16-byte loads, split reductions finished by the last block",
    "matvec",
    "the read bandwidth on large shapes, one launch on small ones (gemv_fast.cu)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, launch_default,
};

extern "C" const mv_gemv_variant mv_variant_tiled = {
    "tiled",
    "the default path without the short-wide, tall-skinny, flat-t and flat-n kernels: tiled-n / tiled-t on every shape",
    "matvec",
    "as default, less on m <= 32 vectors with n >> m and on n <= 64 with m >> n (entry 10 of docs/notes-gemv.md)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, launch_tiled,
};

extern "C" const mv_gemv_variant mv_variant_tiled_n_scalar = {
    "tiled-n-scalar",
    "the default path with op N's columns off a 16-byte boundary (lda not a multiple of the vector) read by tiled-n's scalar loads instead of tiled-n-shift's realigned 16-byte loads",
    "matvec",
    "as default but op N with odd lda: 5-8% below aligned columns on large shapes (entries 18 and 28 of docs/notes-gemv.md)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, nullptr, launch_tiled_n_scalar,
};
