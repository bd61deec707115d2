/*
 * matvec: dense linear-algebra kernels for NVIDIA GPUs.
 *
 * The public C API. Semantics follow reference BLAS xGEMV: column-major
 * storage, leading dimensions, negative increments that walk a vector from
 * its end, the quick-return, alpha = 0 and beta = 0 rules. docs/semantics.md
 * spells out every rule; README.md has a quickstart.
 *
 * Every call is asynchronous on the handle's stream, never synchronizes the
 * host, never allocates and is legal inside CUDA stream capture.
 */
#ifndef MATVEC_H
#define MATVEC_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#if defined(_WIN32)
#define MV_API
#elif defined(__GNUC__)
#define MV_API __attribute__((visibility("default")))
#else
#define MV_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define MATVEC_VERSION_MAJOR 0
#define MATVEC_VERSION_MINOR 1
#define MATVEC_VERSION_PATCH 0

typedef struct mv_context *mv_handle;

typedef enum {
    MV_SUCCESS = 0,
    MV_ERR_NOT_INITIALIZED,  /* NULL or destroyed handle */
    MV_ERR_INVALID_VALUE,    /* an argument is out of range: see mv_last_error */
    MV_ERR_ALLOC,            /* a host or device allocation failed (mv_create) */
    MV_ERR_NO_DEVICE,        /* no CUDA device or no usable driver */
    MV_ERR_ARCH_MISMATCH,    /* the device is older than compute capability 8.0 */
    MV_ERR_EXECUTION,        /* a CUDA call or kernel launch failed */
    MV_ERR_NOT_SUPPORTED
} mv_status;

typedef enum { MV_OP_N = 0, MV_OP_T = 1 } mv_operation;

typedef enum {
    MV_POINTER_MODE_HOST = 0,   /* alpha, beta are host pointers, read before the call returns */
    MV_POINTER_MODE_DEVICE = 1  /* alpha, beta are device pointers, read in stream order */
} mv_pointer_mode;

/* Creates a handle bound to the current CUDA device. On failure *handle is
 * set to NULL and mv_last_error(NULL) returns the reason (per host thread). */
MV_API mv_status mv_create(mv_handle *handle);
MV_API mv_status mv_destroy(mv_handle handle);

MV_API mv_status mv_set_stream(mv_handle handle, cudaStream_t stream);
MV_API mv_status mv_get_stream(mv_handle handle, cudaStream_t *stream);
MV_API mv_status mv_set_pointer_mode(mv_handle handle, mv_pointer_mode mode);
MV_API mv_status mv_get_pointer_mode(mv_handle handle, mv_pointer_mode *mode);

/* Checked mode (off by default; MATVEC_CHECKED=1 in the environment turns it
 * on for every new handle): before any kernel, every operand a call uses
 * must be memory of the handle's device (device or managed memory) and lie
 * inside one allocation, or the call returns MV_ERR_INVALID_VALUE naming the
 * operand, its allocation's size and the bytes past its end. The pointer
 * arrays of mv_?gemv_batched are checked, not the pointers they hold (that
 * would read device memory on the host). Costs a few microseconds a call
 * (docs/semantics.md). on: 0 or 1. */
MV_API mv_status mv_set_checked(mv_handle handle, int on);
MV_API mv_status mv_get_checked(mv_handle handle, int *on);

/* A short description of status; never NULL. */
MV_API const char *mv_status_string(mv_status status);

/* The message of the last failed call on handle, "" if none has failed.
 * With handle == NULL: the message of the last failed mv_create on this
 * host thread. The text stays valid until the next call on the handle. */
MV_API const char *mv_last_error(mv_handle handle);

/* y = alpha*op(A)*x + beta*y, op(A) = A (MV_OP_N) or A^T (MV_OP_T).
 * A is m x n column-major with leading dimension lda >= max(1, m). */
MV_API mv_status mv_sgemv(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                          const float *alpha, const float *A, int64_t lda,
                          const float *x, int64_t incx,
                          const float *beta, float *y, int64_t incy);
MV_API mv_status mv_dgemv(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                          const double *alpha, const double *A, int64_t lda,
                          const double *x, int64_t incx,
                          const double *beta, double *y, int64_t incy);

/* y = alpha*A*x + beta*y (y: m, x: n) and z = gamma*A^T*w + delta*z
 * (z: n, w: m), reading A once. Each half follows the xGEMV rules on its own
 * (alpha = 0 reads no x, gamma = 0 no w, beta = 0 no y, delta = 0 no z; a
 * half with alpha = 0 and beta = 1 leaves its output alone); y and z must
 * not overlap each other, A, x or w (their address ranges are compared). */
MV_API mv_status mv_sgemv_nt(mv_handle handle, int64_t m, int64_t n,
                             const float *alpha, const float *A, int64_t lda,
                             const float *x, int64_t incx, const float *beta, float *y, int64_t incy,
                             const float *gamma, const float *w, int64_t incw,
                             const float *delta, float *z, int64_t incz);
MV_API mv_status mv_dgemv_nt(mv_handle handle, int64_t m, int64_t n,
                             const double *alpha, const double *A, int64_t lda,
                             const double *x, int64_t incx, const double *beta, double *y, int64_t incy,
                             const double *gamma, const double *w, int64_t incw,
                             const double *delta, double *z, int64_t incz);

/* batch_count independent GEMVs, y_b = alpha*op(A_b)*x_b + beta*y_b, with
 * the scalars, shapes, op and increments of mv_sgemv shared by all. Problem
 * b uses A + b*stride_a, x + b*stride_x and y + b*stride_y (in elements).
 * stride_a >= 0 and stride_x >= 0 (0: one A or x shared by every problem);
 * stride_y may have either sign, but when batch_count > 1 no two problems
 * may write the same element of y (an error names stride_y otherwise).
 * batch_count == 0, m == 0 or n == 0: quick return. */
MV_API mv_status mv_sgemv_strided_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                                          const float *alpha, const float *A, int64_t lda, int64_t stride_a,
                                          const float *x, int64_t incx, int64_t stride_x,
                                          const float *beta, float *y, int64_t incy, int64_t stride_y,
                                          int64_t batch_count);
MV_API mv_status mv_dgemv_strided_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                                          const double *alpha, const double *A, int64_t lda, int64_t stride_a,
                                          const double *x, int64_t incx, int64_t stride_x,
                                          const double *beta, double *y, int64_t incy, int64_t stride_y,
                                          int64_t batch_count);

/* The same with A, x and y given as device arrays of batch_count device
 * pointers, read only by the kernels (never on the host). The caller keeps
 * the problems' outputs apart; a NULL entry is not detected. */
MV_API mv_status mv_sgemv_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                                  const float *alpha, const float *const A[], int64_t lda,
                                  const float *const x[], int64_t incx,
                                  const float *beta, float *const y[], int64_t incy, int64_t batch_count);
MV_API mv_status mv_dgemv_batched(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                                  const double *alpha, const double *const A[], int64_t lda,
                                  const double *const x[], int64_t incx,
                                  const double *beta, double *const y[], int64_t incy, int64_t batch_count);

/* Element types of mv_gemv_ex's operands. */
typedef enum { MV_R_32F = 0, MV_R_64F = 1, MV_R_16F = 2, MV_R_16BF = 3 } mv_datatype;

/* y = alpha*op(A)*x + beta*y with A and x in a_type / x_type and y in
 * y_type, alpha and beta float (host or device per the pointer mode), the
 * products and sums in float, y rounded to y_type once at the end.
 * Supported: a_type MV_R_16F, MV_R_16BF or MV_R_32F; x_type a_type or
 * MV_R_32F; y_type a_type or MV_R_32F. Any other combination of valid
 * types is MV_ERR_NOT_SUPPORTED naming the type; the rest as mv_sgemv
 * (and with all three MV_R_32F, exactly mv_sgemv). */
MV_API mv_status mv_gemv_ex(mv_handle handle, mv_operation trans, int64_t m, int64_t n,
                            const float *alpha, const void *A, mv_datatype a_type, int64_t lda,
                            const void *x, mv_datatype x_type, int64_t incx,
                            const float *beta, void *y, mv_datatype y_type, int64_t incy);

/* B = A^T, out of place. A is m x n column-major with lda >= max(1, m); B is
 * n x m with ldb >= max(1, n). B must not overlap A (use the in-place
 * functions for a square matrix). Quick return when m == 0 or n == 0. */
MV_API mv_status mv_stranspose(mv_handle handle, int64_t m, int64_t n, const float *A, int64_t lda, float *B,
                               int64_t ldb);
MV_API mv_status mv_dtranspose(mv_handle handle, int64_t m, int64_t n, const double *A, int64_t lda, double *B,
                               int64_t ldb);

/* A = A^T in place for a square n x n matrix with lda >= max(1, n); the
 * elements of each column past row n (lda > n) are not touched. */
MV_API mv_status mv_stranspose_inplace(mv_handle handle, int64_t n, float *A, int64_t lda);
MV_API mv_status mv_dtranspose_inplace(mv_handle handle, int64_t n, double *A, int64_t lda);

/* C = alpha*op(A)*op(B) + beta*C with reference BLAS xGEMM semantics: op(A)
 * is m x k, op(B) is k x n, C is m x n, all column-major;
 * lda >= max(1, transa == MV_OP_N ? m : k), ldb >= max(1, transb == MV_OP_N ?
 * k : n), ldc >= max(1, m). C must not overlap A or B. */
MV_API mv_status mv_sgemm(mv_handle handle, mv_operation transa, mv_operation transb, int64_t m, int64_t n,
                          int64_t k, const float *alpha, const float *A, int64_t lda, const float *B, int64_t ldb,
                          const float *beta, float *C, int64_t ldc);
MV_API mv_status mv_dgemm(mv_handle handle, mv_operation transa, mv_operation transb, int64_t m, int64_t n,
                          int64_t k, const double *alpha, const double *A, int64_t lda, const double *B,
                          int64_t ldb, const double *beta, double *C, int64_t ldc);

#ifdef __cplusplus
}
#endif

#endif /* MATVEC_H */
