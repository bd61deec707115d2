/* The C interface between dispatch (src/gemm/gemm.c) and the GEMM kernels
 * (src/gemm/gemm_*.cu). Kernels know nothing of handles or mv_status: they
 * take validated arguments and return CUDA's error code. */
#ifndef MATVEC_KERNELS_GEMM_H
#define MATVEC_KERNELS_GEMM_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* C = alpha*op(A)*op(B) + beta*C, column-major. */
typedef struct {
    int transa, transb;     /* 0: op(X) = X, 1: op(X) = X^T */
    int64_t m, n, k;        /* validated: m, n >= 1, k >= 0 */
    const void *A;          /* op(A) is m x k: A is m x k (N) or k x m (T) */
    int64_t lda;
    const void *B;          /* op(B) is k x n: B is k x n (N) or n x k (T) */
    int64_t ldb;
    void *C;                /* m x n */
    int64_t ldc;
    mv_scalar alpha, beta;  /* in host mode never (alpha == 0 or k == 0) with beta == 1 */
    cudaStream_t stream;
    int sm_count;           /* of the handle's device, for grid sizing */
    void *split_ws;         /* the handle's workspace for split sums (NULL: none) */
    size_t split_ws_bytes;
    unsigned *split_counters; /* and its counters (zero between calls), for GEMV */
    int64_t split_counter_count;
    int pdl;                /* GEMV and narrow kernels as programmatic dependent launches */
} mv_gemm_args;

/* The kernels of the default path, one per branch of its rule
 * (mv_gemm_default_kernel). */
typedef enum {
    MV_GEMM_KERNEL_SCALE,       /* C = beta*C: the product vanishes (alpha == 0 in host mode, or k == 0) */
    MV_GEMM_KERNEL_GEMV,        /* one column or row of C: the GEMV default path */
    MV_GEMM_KERNEL_DMMA_NARROW, /* double, 9-32 columns of C and tall: DMMA in 128 x 32 tiles */
    MV_GEMM_KERNEL_NARROW,      /* at most MV_GEMM_NARROW_MAX columns or rows of C */
    MV_GEMM_KERNEL_DMMA,        /* double: the FP64 tensor cores */
    MV_GEMM_KERNEL_SIMT         /* float: the SIMT kernel on the CUDA cores */
} mv_gemm_kernel;

/* The default path's rule: the kernel mv_gemm_launch runs for a validated
 * call (src/gemm/gemm_fast.cu). It launches nothing. */
mv_gemm_kernel mv_gemm_default_kernel(mv_dtype dtype, const mv_gemm_args *args);

/* The default path (src/gemm/gemm_fast.cu): deterministic, no workspace,
 * one launch where it can. */
cudaError_t mv_gemm_launch(mv_dtype dtype, const mv_gemm_args *args);

/* The default path's float kernels, one tile configuration (128x128x8 with
 * 128 threads, 64x64x16) and one load layout (vec: 16-byte loads of A and B;
 * scalar: any lda, ldb and alignment) each, in src/gemm/gemm_simt_*.cu. */
cudaError_t mv_sgemm_simt_128x128_vec_launch(const mv_gemm_args *args);
cudaError_t mv_sgemm_simt_128x128_scalar_launch(const mv_gemm_args *args);
cudaError_t mv_sgemm_simt_64x64_vec_launch(const mv_gemm_args *args);
cudaError_t mv_sgemm_simt_64x64_scalar_launch(const mv_gemm_args *args);

/* The narrow GEMM (src/gemm/gemm_narrow.cuh): C with at most 32 columns
 * (n <= 32) or rows (m <= 32), k >= 1; reads the big operand once. */
cudaError_t mv_sgemm_narrow_launch(const mv_gemm_args *args);
cudaError_t mv_dgemm_narrow_launch(const mv_gemm_args *args);
#define MV_GEMM_NARROW_MAX 32

/* The call's SMs (mv_create asked the device), 132 (an H100) if unknown:
 * the waves of every GEMM kernel's plan. */
static inline int64_t mv_gemm_sm_count(const mv_gemm_args *a)
{
    return a->sm_count > 0 ? a->sm_count : 132;
}

/* The narrow kernels' vectors: C's columns (1) or its rows (0). Where both
 * are at most MV_GEMM_NARROW_MAX, the side whose count rounds up to the
 * smaller kernel (2, 4, 8, 16 or 32 vectors: a step's work grows with
 * them), the columns on a tie (5 x 19 x 43: the rows, the 8-vector kernel
 * instead of the 32-vector one). */
static inline int mv_gemm_narrow_nb(int64_t count)
{
    return count <= 2 ? 2 : count <= 4 ? 4 : count <= 8 ? 8 : count <= 16 ? 16 : 32;
}
static inline int mv_gemm_narrow_cols(int64_t m, int64_t n)
{
    if (n > MV_GEMM_NARROW_MAX)
        return 0;
    return m > MV_GEMM_NARROW_MAX || mv_gemm_narrow_nb(n) <= mv_gemm_narrow_nb(m);
}

/* How one block of the narrow kernels walks a call (gemm_blas.c's model
 * weighs it against cuBLAS): stream_t 1 for the stream-t kernel (else
 * stream-n), nb the vectors it is compiled for (2, 4, 8, 16 or 32), teams
 * its row teams (1, 2, 4 or 8: warps that share a block's columns and
 * split its rows, where the matrix has few columns), steps the length of
 * its slice of the summed dimension in steps (a step: the block's loads of
 * one round, 32 columns of stream-n, 8 x 16 bytes of a column of stream-t
 * per team), splits the slices (more than 1: a second kernel adds their
 * partial sums), waves the grid's waves of blocks on the call's GPU.
 * Launches nothing. */
typedef struct {
    int stream_t, nb, teams;
    int64_t steps, splits, waves;
} mv_gemm_narrow_chain;
mv_gemm_narrow_chain mv_sgemm_narrow_chain(const mv_gemm_args *args);
mv_gemm_narrow_chain mv_dgemm_narrow_chain(const mv_gemm_args *args);

/* DGEMM on the FP64 tensor cores (DMMA, mma.sync m8n8k4 f64: IEEE double
 * fused multiply-adds, no reduced precision), src/gemm/gemm_dmma.cu. The
 * default path calls it for double. */
cudaError_t mv_dgemm_dmma_launch(const mv_gemm_args *args);
/* The same kernel in one fixed configuration (an mv_dmma_config of
 * gemm/gemm_registry.h), for the dmma-* variants and the tile sweep;
 * cudaErrorInvalidValue for an unknown one. */
cudaError_t mv_dgemm_dmma_launch_config(const mv_gemm_args *args, int config);

/* C = beta*C over the m x n matrix (nothing when beta == 1; beta == 0 writes
 * zeros without reading C): what the call reduces to when alpha == 0 or
 * k == 0. */
cudaError_t mv_gemm_scale_launch(mv_dtype dtype, const mv_gemm_args *args);

#ifdef __cplusplus
}
#endif

#endif
