// The narrow-* variants (named variants of the narrow GEMM, gemm_narrow.cuh):
// `narrow`, the default path's kernels (form kOcc: one stage buffer loaded
// between two barriers, each group's loads used as issued, two blocks per
// SM where the accumulators allow), and the other forms of the same kernels
// (gemm_narrow.cuh): `narrow-sync` (form 0, the first measured),
// `narrow-pipe` (kPipe) and `narrow-pipe-occ` (kPipe | kOcc). Each runs any
// shape: where both m and n exceed 32, C is taken 32
// columns at a time (A read once per panel), so that the tests can run
// every variant on every shape.
#include "gemm/gemm_kernels.h"
#include "gemm/gemm_registry.h"
#include "gemm_narrow.cuh"

namespace mv {
namespace gemm {
namespace {

template <int F>
cudaError_t narrow_panel(mv_dtype dtype, const mv_gemm_args *g)
{
    if (F == narrow::kDefaultForm)  // the default path's own instances
        return dtype == MV_DTYPE_D ? mv_dgemm_narrow_launch(g) : mv_sgemm_narrow_launch(g);
    return dtype == MV_DTYPE_D ? narrow::launch<double, F>(g) : narrow::launch<float, F>(g);
}

template <int F>
cudaError_t narrow_any(mv_dtype dtype, const mv_gemm_args *g)
{
    if (g->k == 0 || (!g->alpha.dev && g->alpha.value == 0.0))
        return mv_gemm_scale_launch(dtype, g);
    if (g->n <= MV_GEMM_NARROW_MAX || g->m <= MV_GEMM_NARROW_MAX)
        return narrow_panel<F>(dtype, g);
    const size_t es = dtype == MV_DTYPE_D ? sizeof(double) : sizeof(float);
    for (int64_t j0 = 0; j0 < g->n; j0 += MV_GEMM_NARROW_MAX) {
        mv_gemm_args panel = *g;
        panel.n = g->n - j0 < MV_GEMM_NARROW_MAX ? g->n - j0 : MV_GEMM_NARROW_MAX;
        panel.B = static_cast<const char *>(g->B) + size_t(g->transb ? j0 : j0 * g->ldb) * es;
        panel.C = static_cast<char *>(g->C) + size_t(j0 * g->ldc) * es;
        const cudaError_t err = narrow_panel<F>(dtype, &panel);
        if (err != cudaSuccess)
            return err;
    }
    return cudaSuccess;
}

}  // namespace
}  // namespace gemm
}  // namespace mv

#define MV_NARROW_SOURCE "new work (a GEMV with up to 32 right-hand sides; gemm_narrow.cuh)"

extern "C" const mv_gemm_variant mv_gemm_variant_narrow[4] = {
    {"narrow",
     "the default path for C with <= 32 columns or rows: the big operand streamed once, vectors staged in shared "
     "memory, two blocks per SM where the accumulators take at most 64 registers (form kOcc)",
     MV_NARROW_SOURCE,
     "bound by reading the big operand: aim >= 92% of the read bandwidth for k <= 8, >= 88% at 16 and 32",
     MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::narrow_any<mv::gemm::narrow::kDefaultForm>},
    {"narrow-sync",
     "as narrow, one block per SM where the registers ask (the first form measured)",
     MV_NARROW_SOURCE,
     "as narrow at k <= 8, fewer bytes in flight at 16 and 32",
     MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::narrow_any<0>},
    {"narrow-pipe",
     "as narrow-sync, pipelined: the vectors' next stage copied by cp.async (two buffers) and the next loads of the "
     "big operand in flight during the FMAs (fewer rows per lane from 16 vectors)",
     MV_NARROW_SOURCE, "more bytes in flight per warp",
     MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D, 1, 0, 0, mv::gemm::narrow_any<mv::gemm::narrow::kPipe>},
    {"narrow-pipe-occ",
     "as narrow-pipe, two blocks per SM where the accumulators allow",
     MV_NARROW_SOURCE, "more bytes in flight per warp and per SM",
     MV_GEMM_VARIANT_S | MV_GEMM_VARIANT_D, 1, 0, 0,
     mv::gemm::narrow_any<mv::gemm::narrow::kPipe | mv::gemm::narrow::kOcc>},
};
