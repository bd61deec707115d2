// Variant `vector4`: one warp per output (a column of A, op T only); lanes
// read the column with 16-byte loads (float4 for float, double2 for double)
// and x with scalar loads, then a shuffle reduction; lane 0 writes y.
// A column starts on a 16-byte boundary only when A does and lda*sizeof(T)
// is a multiple of 16, so the elements before the first boundary are peeled
// one per lane, and those after the last whole vector form a scalar tail.
// Source: SGEMV worklog (kernel 4, vectorized loads).
// Napkin math: 16-byte loads need 4x (float) or 2x (double) fewer load
// instructions than warp-per-row for the same 512 bytes per warp step, so
// fewer warps keep enough bytes in flight: near the read bandwidth (~3.3 TB/s
// H100, ~4.8 TB/s H200) for n in the thousands.
#include <cstdint>

#include "gemv_common.cuh"

namespace mv {
namespace {

constexpr int kThreads = 256;

template <typename T>
struct Vec16;
template <>
struct Vec16<float> {
    using type = float4;
};
template <>
struct Vec16<double> {
    using type = double2;
};

// dot + a . x[0 .. len-1], x with increment incx, in element order.
__device__ __forceinline__ float dot_vec(float dot, float4 a, const float *x, int64_t incx)
{
    dot += a.x * x[0];
    dot += a.y * x[incx];
    dot += a.z * x[2 * incx];
    dot += a.w * x[3 * incx];
    return dot;
}

__device__ __forceinline__ double dot_vec(double dot, double2 a, const double *x, int64_t incx)
{
    dot += a.x * x[0];
    dot += a.y * x[incx];
    return dot;
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
gemv_vector4(int64_t m, int64_t n, const T *__restrict__ A, int64_t lda, const T *__restrict__ x, int64_t incx,
             T *__restrict__ y, int64_t incy, mv_scalar alpha_s, mv_scalar beta_s)
{
    using Vec = typename Vec16<T>::type;
    constexpr int64_t kPerVec = sizeof(Vec) / sizeof(T);
    const T alpha = load_scalar<T>(alpha_s), beta = load_scalar<T>(beta_s);
    if (alpha == T(0) && beta == T(1))
        return;
    const int lane = threadIdx.x % 32;
    const int64_t warps = int64_t(gridDim.x) * (kThreads / 32);
    // j is the same for the 32 lanes of a warp, so warp_sum's full mask holds.
    for (int64_t j = (int64_t(blockIdx.x) * kThreads + threadIdx.x) / 32; j < n; j += warps) {
        T dot = T(0);
        if (alpha != T(0)) {
            const T *col = A + j * lda;
            // A is T-aligned (as every T load needs), so the distance to the
            // next 16-byte boundary is a whole number of elements, fewer than
            // kPerVec: one per lane at most.
            const int64_t off = int64_t(reinterpret_cast<uintptr_t>(col) % sizeof(Vec)) / int64_t(sizeof(T));
            const int64_t head = off == 0 ? 0 : (kPerVec - off < m ? kPerVec - off : m);
            if (lane < head)
                dot = col[lane] * x[lane * incx];
            const int64_t vecs = (m - head) / kPerVec;
            const Vec *body = reinterpret_cast<const Vec *>(col + head);
            for (int64_t k = lane; k < vecs; k += 32)
                dot = dot_vec(dot, body[k], x + (head + k * kPerVec) * incx, incx);
            // Fewer than kPerVec elements are left: one per lane at most.
            const int64_t tail = head + vecs * kPerVec + lane;
            if (tail < m)
                dot += col[tail] * x[tail * incx];
            dot = warp_sum(dot);
        }
        if (lane == 0)
            store_output(y + j * incy, alpha, dot, beta);
    }
}

template <typename T>
cudaError_t launch(const mv_gemv_args *a, void *)
{
    gemv_vector4<T><<<blocks_for(a->n, kThreads / 32), kThreads, 0, a->stream>>>(
        a->m, a->n, static_cast<const T *>(a->A), a->lda, static_cast<const T *>(a->x), a->incx,
        static_cast<T *>(a->y), a->incy, a->alpha, a->beta);
    return cudaGetLastError();
}

cudaError_t launch_any(mv_dtype dtype, const mv_gemv_args *a, void *ws)
{
    return MV_DISPATCH_DTYPE(dtype, launch, a, ws);
}

}  // namespace
}  // namespace mv

extern "C" const mv_gemv_variant mv_variant_vector4 = {
    "vector4",
    "one warp per column of A; 16-byte loads of the column after peeling to alignment; shuffle reduction",
    "SGEMV worklog (kernel 4)",
    "T: 16-byte loads, 4x (float) / 2x (double) fewer load instructions than warp-per-row; near read bandwidth "
    "for n in the thousands",
    MV_VARIANT_OP_T, 1, 0, NULL, mv::launch_any,
};
