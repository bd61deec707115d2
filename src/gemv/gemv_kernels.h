/* The C interface between dispatch (src/gemv/gemv.c) and the GEMV kernels
 * (src/gemv/gemv_*.cu). Kernels know nothing of handles or mv_status: they
 * take validated arguments and return CUDA's error code. */
#ifndef MATVEC_KERNELS_GEMV_H
#define MATVEC_KERNELS_GEMV_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int trans;              /* 0: y = alpha*A*x + beta*y, 1: y = alpha*A^T*x + beta*y */
    int64_t m, n, lda;      /* validated: m, n >= 1, lda >= m */
    const void *A;
    const void *x;          /* points at logical element 0: for a negative increment, */
    void *y;                /* the highest address (dispatch moves it there) */
    int64_t incx, incy;
    mv_scalar alpha, beta;  /* in host mode never alpha == 0 with beta == 1 */
    cudaStream_t stream;
    int sm_count;           /* of the handle's device, for grid sizing */
    int pdl;                /* 1: launch the default path's kernels as programmatic
                             * dependent launches (compute capability 9.0+) */
    int scalar_n;           /* 1: op N reads columns off a 16-byte boundary with
                             * tiled-n's scalar loads, not tiled-n-shift (the
                             * variant tiled-n-scalar) */
    /* The handle's workspace for reductions split across blocks (NULL when
     * it has none): partial sums, and per-tile counters that are zero
     * between calls. */
    void *split_ws;
    size_t split_ws_bytes;
    unsigned *split_counters;
    int64_t split_counter_count;
} mv_gemv_args;

/* A GEMV launched on behalf of another operation (GEMV-NT's two-GEMV
 * form, GEMM with one column or row) takes its stream, SM count, PDL
 * choice and split workspace from that operation's arguments, whose
 * fields have the same names. */
#define MV_GEMV_TAKE_CONTEXT(dst, src)                        \
    do {                                                      \
        (dst)->stream = (src)->stream;                        \
        (dst)->sm_count = (src)->sm_count;                    \
        (dst)->pdl = (src)->pdl;                              \
        (dst)->split_ws = (src)->split_ws;                    \
        (dst)->split_ws_bytes = (src)->split_ws_bytes;        \
        (dst)->split_counters = (src)->split_counters;        \
        (dst)->split_counter_count = (src)->split_counter_count; \
    } while (0)

/* y = alpha*A*x + beta*y and z = gamma*A^T*w + delta*z in one pass over A
 * (src/gemv/gemv_nt.cu). Pointers at logical element 0, as for GEMV. */
typedef struct {
    int64_t m, n, lda;      /* validated: m, n >= 1 */
    const void *A;
    const void *x, *w;
    void *y, *z;
    int64_t incx, incy, incw, incz;
    mv_scalar alpha, beta, gamma, delta;
    int do_y, do_z;         /* 0: that half leaves its output alone (host mode) */
    int fused;              /* 1: the one-pass kernels wherever the partial sums fit, also where the
                               default takes two GEMVs (the tests' way to reach them at small sizes) */
    cudaStream_t stream;
    int sm_count;
    int pdl;
    void *split_ws;
    size_t split_ws_bytes;
    unsigned *split_counters;
    int64_t split_counter_count;
} mv_gemv_nt_args;

cudaError_t mv_gemv_nt_launch(mv_dtype dtype, const mv_gemv_nt_args *args);

/* batch_count independent GEMVs (src/gemv/gemv_batched.cu). Strided form:
 * problem b at A + b*stride_a, x + b*stride_x, y + b*stride_y (elements),
 * x and y at logical element 0 as for GEMV. Pointer form:
 * device arrays of the problems' pointers, as the caller gave them (lowest
 * addresses: the kernels move a negative increment's vector to its
 * logical element 0). The pointer form is the one with y_array != NULL. */
typedef struct {
    int trans;
    int64_t m, n, lda;      /* validated: m, n >= 1 */
    const void *A;
    const void *x;
    void *y;
    int64_t stride_a, stride_x, stride_y;
    const void *const *A_array;
    const void *const *x_array;
    void *const *y_array;
    int64_t incx, incy;
    int64_t batch_count;    /* >= 1 */
    mv_scalar alpha, beta;
    cudaStream_t stream;
    int sm_count;
    void *ws;               /* the handle's split workspace: chunks' partial sums */
    size_t ws_bytes;
} mv_gemv_batched_args;

cudaError_t mv_gemv_batched_launch(mv_dtype dtype, const mv_gemv_batched_args *args);

/* mv_gemv_ex's kernels (src/gemv/gemv_ex.cu): element types of A, x, y. */
enum { MV_EX_32F = 0, MV_EX_16F = 1, MV_EX_16BF = 2 };

typedef struct {
    int trans;
    int64_t m, n, lda;       /* validated: m, n >= 1 */
    int a_type, x_type, y_type; /* MV_EX_*: A half; x and y A's type or float */
    const void *A;
    const void *x;           /* at logical element 0, as for GEMV */
    void *y;
    int64_t incx, incy;
    mv_scalar alpha, beta;   /* float; in host mode never alpha == 0 with beta == 1 */
    cudaStream_t stream;
    int sm_count;
    int pdl;                 /* 1: programmatic dependent launches (compute capability 9.0+) */
    void *ws;                /* the handle's split workspace: partial sums */
    size_t ws_bytes;
} mv_gemv_ex_args;

cudaError_t mv_gemv_ex_launch(const mv_gemv_ex_args *args);

#define MV_VARIANT_OP_N 1u
#define MV_VARIANT_OP_T 2u

/* A named GEMV kernel (or short chain of kernels). Every variant computes
 * the full BLAS semantics for the operations it lists in ops: any shape, lda,
 * increment, alpha and beta, in both pointer modes. */
typedef struct {
    const char *name;     /* e.g. "block-multiply-64" */
    const char *idea;     /* one line: what the kernel does */
    const char *source;   /* the document it comes from */
    const char *napkin;   /* one line: what it should reach on an H100/H200, and why */
    unsigned ops;         /* MV_VARIANT_OP_N | MV_VARIANT_OP_T */
    int deterministic;    /* 0 when it accumulates with floating-point atomics */
    int block_width;      /* BLOCK_WIDTH of the block-multiply families, else 0 */
    /* Device workspace the launch needs, in bytes; NULL means none. */
    size_t (*workspace_bytes)(mv_dtype dtype, const mv_gemv_args *args);
    cudaError_t (*launch)(mv_dtype dtype, const mv_gemv_args *args, void *workspace);
} mv_gemv_variant;

/* The registry of every variant, "default" first (src/gemv/gemv_registry.c). */
size_t mv_gemv_variant_count(void);
const mv_gemv_variant *mv_gemv_variant_at(size_t index);
const mv_gemv_variant *mv_gemv_variant_find(const char *name);

/* The default path: one launch, no allocation, deterministic
 * (src/gemv/gemv_default.cu). */
cudaError_t mv_gemv_launch(mv_dtype dtype, const mv_gemv_args *args);

/* The fast kernels the default path runs (src/gemv/gemv_fast.cu):
 * the short-wide and tall-skinny kernels where the shape is one of theirs,
 * else the tiled ones. */
cudaError_t mv_gemv_fast_launch(mv_dtype dtype, const mv_gemv_args *args);

/* The tiled kernels alone (the "tiled" variant: A/B runs of the skinny
 * kernels against the shapes' previous path). */
cudaError_t mv_gemv_tiled_launch(mv_dtype dtype, const mv_gemv_args *args);

/* Launches a short-wide or tall-skinny kernel (src/gemv/gemv_skinny.cu)
 * and returns 1, with CUDA's error code in *err, when the call's shape,
 * alignment and lda are one of theirs; else launches nothing and returns 0. */
int mv_gemv_skinny_launch(mv_dtype dtype, const mv_gemv_args *args, cudaError_t *err);

#ifdef __cplusplus
}
#endif

#endif
