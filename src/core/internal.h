/* Internal definitions shared by the host-side C files: the handle and the
 * error reporting helpers. Nothing here is part of the public API. */
#ifndef MATVEC_INTERNAL_H
#define MATVEC_INTERNAL_H

#include <stdint.h>

#include "matvec.h"
#include "core/types.h"

#define MV_INTERNAL __attribute__((visibility("hidden")))

/* Long enough for the longest message: a function name, an argument, two
 * 64-bit values and CUDA's own error text. */
#define MV_MESSAGE_CAPACITY 512

struct mv_context {
    int device;            /* CUDA device bound by mv_create; -1 if detached */
    int sm_count;          /* multiprocessors, for dispatch */
    int cc_major, cc_minor;
    cudaStream_t stream;
    mv_pointer_mode pointer_mode;
    int checked;           /* checked mode (mv_set_checked, MATVEC_CHECKED=1) */
    /* Device workspace for GEMV reductions split across blocks, allocated
     * by mv_create so that no call allocates: partial sums, and counters
     * that every call leaves at zero. Calls on one handle must not run
     * concurrently (they are ordered on its stream). */
    void *split_ws;
    size_t split_ws_bytes;
    unsigned *split_counters;
    int64_t split_counter_count;
    /* cuBLAS, for the GEMM shapes it serves (gemm_blas.c): its handle, made
     * in mv_create on the handle's stream, and the workspace it is given
     * explicitly (so that no call allocates and capture works). */
    struct cublasContext *blas;
    void *blas_ws;
    size_t blas_ws_bytes;
    char last_error[MV_MESSAGE_CAPACITY];
};

/* cuBLAS's workspace: 32 MiB, what its documentation advises for Hopper. */
#define MV_BLAS_WS_BYTES ((size_t)32 << 20)

/* Sizes of the split workspace: 8 MiB of partial sums (two million floats),
 * 16384 tile counters. */
#define MV_SPLIT_WS_BYTES ((size_t)8 << 20)
#define MV_SPLIT_COUNTERS 16384

/* Records a printf-style message on handle (or, for handle == NULL, in the
 * calling thread's create-error buffer) and returns status. */
MV_INTERNAL mv_status mv_fail(mv_handle handle, mv_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* MV_SUCCESS for cudaSuccess; else MV_ERR_EXECUTION with fn and CUDA's
 * error string and name recorded on handle. */
MV_INTERNAL mv_status mv_launched(mv_handle handle, const char *fn, cudaError_t err);

/* The operands GEMV and GEMM both check after their shapes (m, n > 0), in
 * BLAS order: the two inputs of the product where it is read (alpha may be
 * nonzero and the product is not empty), then the output, alpha and beta,
 * each NULL named in the message. Then the scalars into alpha_s, beta_s:
 * device pointers, or host values. *reads: the inputs are read.
 * *unchanged: host scalars, a vanishing product and beta == 1, so the
 * output is left as it is (return MV_SUCCESS at once). */
typedef struct {
    const void *in[2];
    const char *in_name[2];
    const void *out;
    const char *out_name;
    const char *scalar_name[2]; /* NULL: "alpha" and "beta" */
} mv_operands;

MV_INTERNAL mv_status mv_check_operands(mv_handle h, const char *fn, mv_dtype dtype, int empty_product,
                                        const mv_operands *ops, const void *alpha, const void *beta,
                                        mv_scalar *alpha_s, mv_scalar *beta_s, int *reads, int *unchanged);

/* rows x cols elements of size bytes with leading dimension ld (>= rows)
 * have addresses: the last one lies within 2^63 bytes of the first. */
MV_INTERNAL int mv_matrix_fits(int64_t rows, int64_t cols, int64_t ld, size_t size);

/* m >= 0, n >= 0, lda >= max(1, m) and an addressable m x n matrix, in that
 * order, each failure named (`fn: lda = 5 must be >= max(1, m) = 10`). */
MV_INTERNAL mv_status mv_check_matrix(mv_handle h, const char *fn, int64_t m, int64_t n, int64_t lda, size_t size);

/* The bytes [lo, hi) an operand of a call covers; lo == 0: not used by
 * the call (left out of the checks). */
typedef struct {
    const char *name;
    uintptr_t lo, hi;
} mv_span;

/* A vector of len >= 1 elements with increment inc (BLAS passes its lowest
 * address), a rows x cols matrix with leading dimension ld (rows, cols >=
 * 1), and `count` elements at p. Their byte counts fit 2^63 (validated
 * before). */
MV_INTERNAL mv_span mv_vector_span(const char *name, const void *p, int64_t len, int64_t inc, size_t size);
MV_INTERNAL mv_span mv_matrix_span(const char *name, const void *p, int64_t rows, int64_t cols, int64_t ld,
                                   size_t size);
MV_INTERNAL mv_span mv_bytes_span(const char *name, const void *p, size_t bytes);
/* A scalar argument's `size` bytes at p where the handle reads scalars from
 * device memory (MV_POINTER_MODE_DEVICE); else nothing (host values are
 * not device operands). */
MV_INTERNAL mv_span mv_scalar_span(mv_handle h, const char *name, const void *p, size_t size);

/* Before a call launches anything: the handle is bound to a device
 * (MV_ERR_NO_DEVICE if detached) and that device is the current one
 * (MV_ERR_INVALID_VALUE naming both otherwise); in checked mode, then,
 * every used span is memory of that device and lies inside one allocation
 * (MV_ERR_INVALID_VALUE naming the operand, its allocation's size and the
 * bytes past its end). core/checked.c. */
MV_INTERNAL mv_status mv_check_ready(mv_handle h, const char *fn, const mv_span *spans, int count);

/* MATVEC_CHECKED=1 in the environment: new handles start in checked mode. */
MV_INTERNAL int mv_checked_from_environment(void);

/* A handle that is bound to no device: every call on it validates its
 * arguments as usual. For host-only tests of validation, which must run on
 * machines without a GPU. Freed by mv_destroy. */
MV_INTERNAL mv_status mv_create_detached(mv_handle *handle);

#endif
