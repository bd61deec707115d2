// Device helpers of mvbench ex: inputs rounded from float, the double
// reference and the check of a result against it (bench_common.cuh's
// kernels for 16-bit and float operands) and the call of cuBLAS's 16-bit
// GEMVs.
#include <cmath>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "bench_common.cuh"
#include "bench_ex_kernels.h"

namespace {

__device__ void from_float(float v, __half *d) { *d = __float2half_rn(v); }
__device__ void from_float(float v, __nv_bfloat16 *d) { *d = __float2bfloat16_rn(v); }

template <typename T>
__global__ void from_float_kernel(const float *src, T *dst, size_t count)
{
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        from_float(src[i], &dst[i]);
}

template <typename TA>
cudaError_t reference_a(int trans, int64_t m, int64_t n, const TA *A, int64_t lda, const void *x, mv_datatype x_type,
                        double *ref, double *bound, cudaStream_t s)
{
    const int64_t len_y = trans ? n : m;
    const int blocks = int((len_y + 127) / 128 < 65536 ? (len_y + 127) / 128 : 65536);
    if (x_type == MV_R_32F)
        gemv_reference_kernel<<<blocks, 128, 0, s>>>(trans, m, n, A, lda, 0, static_cast<const float *>(x), 1, ref,
                                                     bound);
    else
        gemv_reference_kernel<<<blocks, 128, 0, s>>>(trans, m, n, A, lda, 0, static_cast<const TA *>(x), 1, ref,
                                                     bound);
    return cudaGetLastError();
}

}  // namespace

extern "C" cudaError_t bench_ex_from_float(const float *src, void *dst, mv_datatype type, size_t count,
                                           cudaStream_t s)
{
    switch (type) {
    case MV_R_16F:
        from_float_kernel<<<4096, 256, 0, s>>>(src, static_cast<__half *>(dst), count);
        break;
    case MV_R_16BF:
        from_float_kernel<<<4096, 256, 0, s>>>(src, static_cast<__nv_bfloat16 *>(dst), count);
        break;
    case MV_R_32F:
        return cudaMemcpyAsync(dst, src, count * sizeof(float), cudaMemcpyDeviceToDevice, s);
    default:
        return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

extern "C" cudaError_t bench_ex_reference(int trans, int64_t m, int64_t n, const void *A, mv_datatype a_type,
                                          int64_t lda, const void *x, mv_datatype x_type, double *ref, double *bound,
                                          cudaStream_t s)
{
    // x is float or in A's type.
    switch (a_type) {
    case MV_R_16F:
        return reference_a(trans, m, n, static_cast<const __half *>(A), lda, x, x_type, ref, bound, s);
    case MV_R_16BF:
        return reference_a(trans, m, n, static_cast<const __nv_bfloat16 *>(A), lda, x, x_type, ref, bound, s);
    case MV_R_32F:
        return reference_a(trans, m, n, static_cast<const float *>(A), lda, x, x_type, ref, bound, s);
    default:
        return cudaErrorInvalidValue;
    }
}

extern "C" cudaError_t bench_ex_check(const void *got, mv_datatype y_type, const double *ref, const double *bound,
                                      size_t count, int64_t len, unsigned long long *bad, unsigned long long *first,
                                      cudaStream_t s)
{
    const double scale = 4.0 * (std::sqrt(double(len)) + 2.0) * 0x1.0p-24;
    switch (y_type) {
    case MV_R_16F:
        check_kernel<__half, true><<<4096, 256, 0, s>>>(static_cast<const __half *>(got), ref, bound, count, scale,
                                                        0x1.0p-11, 0x1.0p-25, bad, first);
        break;
    case MV_R_16BF:
        check_kernel<__nv_bfloat16, true><<<4096, 256, 0, s>>>(static_cast<const __nv_bfloat16 *>(got), ref, bound,
                                                               count, scale, 0x1.0p-8, 0.0, bad, first);
        break;
    case MV_R_32F:
        check_kernel<float, true><<<4096, 256, 0, s>>>(static_cast<const float *>(got), ref, bound, count, scale,
                                                       0x1.0p-24, 0.0, bad, first);
        break;
    default:
        return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
extern "C" cublasStatus_t bench_ex_cublas_gemv(cublasHandle_t h, int trans, int64_t m, int64_t n, const void *A,
                                               mv_datatype a_type, int64_t lda, const void *x, void *y,
                                               mv_datatype y_type)
{
    const float one = 1.0f, zero = 0.0f;
    const cublasOperation_t op = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
    const long long sa = lda * n, sx = trans ? m : n, sy = trans ? n : m;
    if (a_type == MV_R_16F) {
        const auto *a = static_cast<const __half *>(A);
        const auto *xv = static_cast<const __half *>(x);
        if (y_type == MV_R_16F)
            return cublasHSHgemvStridedBatched_64(h, op, m, n, &one, a, lda, sa, xv, 1, sx, &zero,
                                                  static_cast<__half *>(y), 1, sy, 1);
        return cublasHSSgemvStridedBatched_64(h, op, m, n, &one, a, lda, sa, xv, 1, sx, &zero,
                                              static_cast<float *>(y), 1, sy, 1);
    }
    const auto *a = static_cast<const __nv_bfloat16 *>(A);
    const auto *xv = static_cast<const __nv_bfloat16 *>(x);
    if (y_type == MV_R_16BF)
        return cublasTSTgemvStridedBatched_64(h, op, m, n, &one, a, lda, sa, xv, 1, sx, &zero,
                                              static_cast<__nv_bfloat16 *>(y), 1, sy, 1);
    return cublasTSSgemvStridedBatched_64(h, op, m, n, &one, a, lda, sa, xv, 1, sx, &zero, static_cast<float *>(y),
                                          1, sy, 1);
}
#endif
