/* The C interface between dispatch (src/gemv.c) and the GEMV kernels
 * (src/kernels/gemv.cu). Kernels know nothing of handles or mv_status: they
 * take validated arguments and return CUDA's error code. */
#ifndef MATVEC_KERNELS_GEMV_H
#define MATVEC_KERNELS_GEMV_H

#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { MV_DTYPE_S = 0, MV_DTYPE_D = 1 } mv_dtype;

/* A scalar that is either a device pointer (read by the kernel, in stream
 * order) or, when dev is NULL, a value read on the host. Floats travel as
 * double, which holds every float exactly. */
typedef struct {
    const void *dev;
    double value;
} mv_scalar;

typedef struct {
    int trans;              /* 0: y = alpha*A*x + beta*y, 1: y = alpha*A^T*x + beta*y */
    int64_t m, n, lda;      /* validated: m, n >= 1, lda >= m */
    const void *A;
    const void *x;          /* points at logical element 0: for a negative increment, */
    void *y;                /* the highest address (the launcher's caller moves it there) */
    int64_t incx, incy;
    mv_scalar alpha, beta;
    cudaStream_t stream;
} mv_gemv_args;

/* The default path: one launch, no allocation, deterministic. */
cudaError_t mv_gemv_launch(mv_dtype dtype, const mv_gemv_args *args);

#ifdef __cplusplus
}
#endif

#endif
