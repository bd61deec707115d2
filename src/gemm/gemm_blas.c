/* mv_sgemm / mv_dgemm on cuBLAS, for the shapes where cuBLAS's GEMM is the
 * faster (gemm.md, "Which path serves which shapes"). The call is validated
 * by gemm.c first (matvec's own rules and messages); here only the rule of
 * the choice and the call itself. */
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdint.h>

#include "gemm/gemm_api.h"

/* Narrow products (C with at most 32 columns or rows) that matvec's narrow
 * kernels read faster than cuBLAS's GEMM, as measured on an H100 at 16384^2
 * (docs/benchmarks.md, "Many vectors against one matrix"): float up to 8
 * vectors where the kernel is stream-n (0.87-0.93x cuBLAS's time) and up to
 * 16 where it is stream-t (0.68-0.83x; cuBLAS SGEMM reads the transposed
 * operand at 49-58%). From 16 (32) vectors their FP32 FMAs on the CUDA
 * cores bound them, and cuBLAS's tiles win. Double: cuBLAS DGEMM reads A
 * at 92-100% on the FP64 tensor cores at every count, 1.01-1.19x faster. */
static int narrow_kernels_win(mv_dtype dtype, const mv_gemm_args *a)
{
    if (dtype != MV_DTYPE_S)
        return 0;
    const int cols = a->n <= MV_GEMM_NARROW_MAX;
    const int64_t nv = cols ? a->n : a->m;
    /* stream-t: the big operand summed down its columns (A^T with few
     * columns of C, or B not transposed with few rows). */
    const int stream_t = cols ? a->transa : !a->transb;
    if (!stream_t)
        return nv <= 8;
    /* Columns off a 16-byte boundary: stream-t reads them with 4-byte
     * loads, and on the random shapes of the H100 run at 56-75% of the
     * read bandwidth where cuBLAS read some at 80-86% (columns of 979 and
     * 1473 floats, 1.15-1.48x cuBLAS's time at 2 vectors) and others at
     * 32-51%. Neither wins everywhere: cuBLAS serves them, so that none is
     * slower than cuBLAS (docs/notes-multi.md, entry 5). */
    const void *M = cols ? a->A : a->B;
    const int64_t ld = cols ? a->lda : a->ldb;
    return nv <= 16 && ld % 4 == 0 && (uintptr_t)M % 16 == 0;
}

int mv_gemm_blas_serves(mv_handle h, mv_dtype dtype, const mv_gemm_args *a)
{
    /* Device-mode scalars stay on matvec's kernels: they read alpha before
     * A and B and leave them unread when it is 0, as BLAS asks; cuBLAS
     * would multiply (0 * NaN). A vanishing product is matvec's C = beta*C. */
    if (!h->blas || a->alpha.dev || a->beta.dev || a->k == 0 || a->alpha.value == 0.0)
        return 0;
    if (a->n == 1 || a->m == 1) /* the GEMV default path */
        return 0;
    if (a->n <= MV_GEMM_NARROW_MAX || a->m <= MV_GEMM_NARROW_MAX)
        return !narrow_kernels_win(dtype, a);
    return 1;
}

/* The CUDA error behind a failed cuBLAS call, found again: cuBLAS clears
 * CUDA's last error itself. A sticky error of the context comes back from
 * any call that needs the context (cudaStreamQuery; not while s captures,
 * where it would end the capture); a launch refused during capture from
 * cudaStreamIsCapturing. cudaSuccess when CUDA knows of none. */
static cudaError_t cuda_reason(cudaStream_t s)
{
    enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    cudaError_t err = cudaStreamIsCapturing(s, &capture);
    if (err == cudaSuccess && capture == cudaStreamCaptureStatusNone) {
        err = cudaStreamQuery(s);
        if (err == cudaErrorNotReady)
            err = cudaSuccess;
    }
    (void)cudaGetLastError();
    return err;
}

mv_status mv_gemm_blas(mv_handle h, const char *fn, mv_dtype dtype, const mv_gemm_args *a)
{
    const cublasOperation_t ta = a->transa ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t tb = a->transb ? CUBLAS_OP_T : CUBLAS_OP_N;
    /* The cuBLAS handle keeps its pointer mode as created (host): only
     * host-mode calls come here (mv_gemm_blas_serves). */
    cublasStatus_t st;
    const char *what;
    if (dtype == MV_DTYPE_D) {
        /* beta = -0 is beta = 0 (C not read): cuBLAS reads C unless beta
         * is +0 (the GPU fuzzer found NaN in C coming through). */
        const double alpha = a->alpha.value, beta = a->beta.value == 0.0 ? 0.0 : a->beta.value;
        what = "cublasDgemm_64";
        st = cublasDgemm_64(h->blas, ta, tb, a->m, a->n, a->k, &alpha, a->A, a->lda, a->B, a->ldb, &beta, a->C,
                            a->ldc);
    } else {
        const float alpha = (float)a->alpha.value, beta = a->beta.value == 0.0 ? 0.0f : (float)a->beta.value;
        what = "cublasSgemm_64";
        st = cublasSgemm_64(h->blas, ta, tb, a->m, a->n, a->k, &alpha, a->A, a->lda, a->B, a->ldb, &beta, a->C,
                            a->ldc);
    }
    if (st != CUBLAS_STATUS_SUCCESS) {
        const cudaError_t err = cuda_reason(h->stream);
        if (err != cudaSuccess)
            return mv_fail(h, MV_ERR_EXECUTION, "%s: %s failed: %s (%s): %s (%s)", fn, what,
                           cublasGetStatusString(st), cublasGetStatusName(st), cudaGetErrorString(err),
                           cudaGetErrorName(err));
        return mv_fail(h, MV_ERR_EXECUTION, "%s: %s failed: %s (%s)", fn, what, cublasGetStatusString(st),
                       cublasGetStatusName(st));
    }
    /* A launch error that cuBLAS did not report is reported as matvec's
     * own kernels' are. */
    return mv_launched(h, fn, cudaGetLastError());
}
