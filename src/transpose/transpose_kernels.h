/* The C interface between dispatch (src/transpose/transpose.c) and the transpose
 * kernels (src/transpose/transpose_*.cu). Kernels know nothing of handles or
 * mv_status: they take validated arguments and return CUDA's error code. */
#ifndef MATVEC_KERNELS_TRANSPOSE_H
#define MATVEC_KERNELS_TRANSPOSE_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* B = A^T: A is m x n column-major (A[i + j*lda]), B is n x m (B[j + i*ldb]).
 * In place: m == n, B == A and ldb == lda. */
typedef struct {
    int64_t m, n;     /* validated: m, n >= 1 */
    const void *A;    /* lda >= m */
    int64_t lda;
    void *B;          /* ldb >= n; out of place the byte ranges of A and B are disjoint */
    int64_t ldb;
    cudaStream_t stream;
    int sm_count;     /* of the handle's device */
} mv_transpose_args;

/* A named transpose kernel. Every variant handles any m, n, lda, ldb and
 * alignment, for float and double, and never writes rows n..ldb-1 of B. */
typedef struct {
    const char *name;    /* e.g. "shared-tile" */
    const char *idea;    /* one line: what the kernel does */
    const char *source;  /* the document it comes from */
    const char *napkin;  /* one line: what it should reach on an H100/H200, and why */
    cudaError_t (*launch)(mv_dtype dtype, const mv_transpose_args *args);
    /* The square in-place form (args->m == args->n, B == A, ldb == lda);
     * NULL when the variant has none. */
    cudaError_t (*launch_inplace)(mv_dtype dtype, const mv_transpose_args *args);
} mv_transpose_variant;

/* The registry, "default" first (src/transpose/transpose_registry.c). */
size_t mv_transpose_variant_count(void);
const mv_transpose_variant *mv_transpose_variant_at(size_t index);
const mv_transpose_variant *mv_transpose_variant_find(const char *name);

/* The default paths that the API runs: one launch each, no allocation
 * (src/transpose/transpose_fast.cu). */
cudaError_t mv_transpose_launch(mv_dtype dtype, const mv_transpose_args *args);
cudaError_t mv_transpose_inplace_launch(mv_dtype dtype, const mv_transpose_args *args);

#ifdef __cplusplus
}
#endif

#endif
