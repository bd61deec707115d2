// Variant `naive`: one thread per output element, looping over the whole
// reduction (the paper's baseline, the textbook's gather kernel).
// Source: Opavsky & Uysaler 2012 (naive baseline); textbook 28.6 (gathering).
// Napkin math: for N, neighbouring threads read neighbouring rows, so loads
// coalesce and a tall matrix (m >= ~100k) streams near the read bandwidth,
// while short-wide shapes have only m threads in flight and are
// latency-bound; for T, neighbouring threads read columns lda apart: every
// 4- or 8-byte load costs a 32-byte sector, about 1/8 (float) of the bandwidth.
#include "gemv_common.cuh"

namespace mv {
namespace {

constexpr int kThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kThreads)
gemv_naive(OpStrides s, const T *__restrict__ A, const T *__restrict__ x, int64_t incx, T *__restrict__ y,
           int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int64_t stride = int64_t(gridDim.x) * blockDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < s.len_y; i += stride) {
        T dot = T(0);
        if (alpha != T(0)) {
            const T *a = A + i * s.out;
            for (int64_t k = 0; k < s.len_x; ++k)
                dot += a[k * s.red] * x[k * incx];
        }
        store_output(y + i * incy, alpha, dot, beta);
    }
}

template <typename T>
cudaError_t launch(const mv_gemv_args *a, void *)
{
    const OpStrides s = op_strides(*a);
    gemv_naive<T><<<blocks_for(s.len_y, kThreads), kThreads, 0, a->stream>>>(
        s, static_cast<const T *>(a->A), static_cast<const T *>(a->x), a->incx, static_cast<T *>(a->y), a->incy,
        a->alpha, a->beta);
    return cudaGetLastError();
}

cudaError_t launch_any(mv_dtype dtype, const mv_gemv_args *a, void *ws)
{
    return MV_DISPATCH_DTYPE(dtype, launch, a, ws);
}

}  // namespace
}  // namespace mv

extern "C" const mv_gemv_variant mv_variant_naive = {
    "naive",
    "one thread per output element, looping over the whole reduction",
    "Opavsky & Uysaler 2012 (baseline); textbook 28.6 (gathering)",
    "N: coalesced, bandwidth-bound only for m >= ~100k rows; T: uncoalesced, ~1/8 of bandwidth (float)",
    MV_VARIANT_OP_N | MV_VARIANT_OP_T, 1, 0, NULL, mv::launch_any,
};
