/* Device helpers of mvbench ex (bench_ex_kernels.cu): float inputs rounded
 * to binary16 or bfloat16, the double-precision reference of one GEMV with
 * 16-bit or float operands, and the check of a result in any of the three
 * types against it. Types are matvec's mv_datatype (MV_R_16F, MV_R_16BF,
 * MV_R_32F). */
#ifndef MVBENCH_EX_KERNELS_H
#define MVBENCH_EX_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "matvec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* dst[i] = src[i] rounded to nearest (even) in type (a plain copy for
 * MV_R_32F). */
cudaError_t bench_ex_from_float(const float *src, void *dst, mv_datatype type, size_t count, cudaStream_t s);

/* For y = op(A) x, A m x n column-major with leading dimension lda, x dense:
 * ref[i] = y[i] and bound[i] = sum |a| |x| over the same terms, A and x
 * converted exactly to double, one thread per element of y (len n for op T,
 * m for op N). */
cudaError_t bench_ex_reference(int trans, int64_t m, int64_t n, const void *A, mv_datatype a_type, int64_t lda,
                               const void *x, mv_datatype x_type, double *ref, double *bound, cudaStream_t s);

/* Counts the elements of got (in y_type) with !(|got - ref| <= tol) into
 * *bad (zeroed first by the caller) and leaves the smallest such index in
 * *first (set to ~0 first); NaN never passes. tol = 4 (sqrt(len) + 2)
 * 2^-24 bound (the float sum of len terms) + u |ref| (the rounding to
 * y_type: u = 2^-8 bfloat16, 2^-11 binary16, 2^-24 float) + 2^-25 for
 * binary16 (half its subnormal spacing, where u |ref| falls below it). */
cudaError_t bench_ex_check(const void *got, mv_datatype y_type, const double *ref, const double *bound, size_t count,
                           int64_t len, unsigned long long *bad, unsigned long long *first, cudaStream_t s);

#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
/* y = op(A) x (alpha 1, beta 0) through cuBLAS's 16-bit GEMV of the types,
 * cublas{HSH,HSS,TST,TSS}gemvStridedBatched_64 with one problem: A and x in
 * a_type (MV_R_16F or MV_R_16BF), y in a_type or MV_R_32F. Here because
 * cublas_api.h declares them for C++ only. */
cublasStatus_t bench_ex_cublas_gemv(cublasHandle_t h, int trans, int64_t m, int64_t n, const void *A,
                                    mv_datatype a_type, int64_t lda, const void *x, void *y, mv_datatype y_type);
#endif

#ifdef __cplusplus
}
#endif
#endif
