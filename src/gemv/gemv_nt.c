/* mv_sgemv_nt and mv_dgemv_nt: y = alpha*A*x + beta*y and z = gamma*A^T*w +
 * delta*z with one pass over A. Validation in BLAS order (m, n, lda, incx,
 * incy, incw, incz, then each half's pointers and scalars, then the overlap
 * of the outputs with each other and with the inputs), quick returns per
 * half, then dispatch (src/gemv/gemv_nt.cu). */
#include <inttypes.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "core/internal.h"
#include "gemv/gemv_api.h"
#include "gemv/gemv_kernels.h"

static int overlap(mv_span a, mv_span b)
{
    return a.lo < b.hi && b.lo < a.hi;
}

static mv_status check_overlaps(mv_handle h, const char *fn, const mv_span *outs, int nout, const mv_span *ins,
                                int nin)
{
    for (int i = 0; i < nout; ++i) {
        for (int j = i + 1; j < nout; ++j)
            if (overlap(outs[i], outs[j]))
                return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s and %s overlap (bytes [%#" PRIxPTR ", %#" PRIxPTR
                               ") and [%#" PRIxPTR ", %#" PRIxPTR "))", fn, outs[i].name, outs[j].name, outs[i].lo,
                               outs[i].hi, outs[j].lo, outs[j].hi);
        for (int j = 0; j < nin; ++j)
            if (ins[j].lo && overlap(outs[i], ins[j]))
                return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s overlaps %s (bytes [%#" PRIxPTR ", %#" PRIxPTR
                               ") and [%#" PRIxPTR ", %#" PRIxPTR "))", fn, outs[i].name, ins[j].name, outs[i].lo,
                               outs[i].hi, ins[j].lo, ins[j].hi);
    }
    return MV_SUCCESS;
}

static mv_status inc_ok(mv_handle h, const char *fn, const char *name, int64_t inc, int64_t len, size_t size)
{
    if (inc == 0)
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = 0 must not be 0", fn, name);
    if (!mv_vector_fits(len, inc, size))
        return mv_fail(h, MV_ERR_INVALID_VALUE, "%s: %s = %lld with %lld elements spans more than 2^63 bytes", fn,
                       name, (long long)inc, (long long)len);
    return MV_SUCCESS;
}

/* Logical element 0 of a vector whose lowest address is p (NULL, for a
 * vector the call does not read, stays NULL). */
static const void *element0(const void *p, int64_t len, int64_t inc, size_t size)
{
    return p && inc < 0 ? (const char *)p + (1 - len) * inc * (int64_t)size : p;
}

mv_status mv_gemv_nt_run(mv_handle h, mv_dtype dtype, int fused, int64_t m, int64_t n, const void *alpha,
                         const void *A, int64_t lda, const void *x, int64_t incx, const void *beta, void *y,
                         int64_t incy, const void *gamma, const void *w, int64_t incw, const void *delta, void *z,
                         int64_t incz)
{
    if (!h)
        return MV_ERR_NOT_INITIALIZED;
    const char *fn = dtype == MV_DTYPE_S ? "mv_sgemv_nt" : "mv_dgemv_nt";
    const size_t size = dtype == MV_DTYPE_S ? sizeof(float) : sizeof(double);
    mv_status st;
    if ((st = mv_check_matrix(h, fn, m, n, lda, size)) != MV_SUCCESS)
        return st;
    if ((st = inc_ok(h, fn, "incx", incx, n, size)) != MV_SUCCESS ||
        (st = inc_ok(h, fn, "incy", incy, m, size)) != MV_SUCCESS ||
        (st = inc_ok(h, fn, "incw", incw, m, size)) != MV_SUCCESS ||
        (st = inc_ok(h, fn, "incz", incz, n, size)) != MV_SUCCESS)
        return st;
    /* As xGEMV: nothing to compute, no pointer is needed. */
    if (m == 0 || n == 0)
        return MV_SUCCESS;

    mv_gemv_nt_args args = {0};
    const mv_operands ops_y = {{A, x}, {"A", "x"}, y, "y", {"alpha", "beta"}};
    const mv_operands ops_z = {{A, w}, {"A", "w"}, z, "z", {"gamma", "delta"}};
    int reads_y, reads_z, unchanged_y, unchanged_z;
    if ((st = mv_check_operands(h, fn, dtype, 0, &ops_y, alpha, beta, &args.alpha, &args.beta, &reads_y,
                                &unchanged_y)) != MV_SUCCESS ||
        (st = mv_check_operands(h, fn, dtype, 0, &ops_z, gamma, delta, &args.gamma, &args.delta, &reads_z,
                                &unchanged_z)) != MV_SUCCESS)
        return st;
    if (unchanged_y && unchanged_z)
        return MV_SUCCESS;

    /* The outputs written must not share a byte with each other or with
     * what the call reads (an input not read may be NULL: left out). */
    mv_span outs[2];
    int nout = 0;
    if (!unchanged_y)
        outs[nout++] = mv_vector_span("y", y, m, incy, size);
    if (!unchanged_z)
        outs[nout++] = mv_vector_span("z", z, n, incz, size);
    const int reads_a = reads_y || reads_z;
    const mv_span ins[3] = {
        reads_a ? mv_matrix_span("A", A, m, n, lda, size) : (mv_span){"A", 0, 0},
        reads_y && !unchanged_y ? mv_vector_span("x", x, n, incx, size) : (mv_span){"x", 0, 0},
        reads_z && !unchanged_z ? mv_vector_span("w", w, m, incw, size) : (mv_span){"w", 0, 0},
    };
    if ((st = check_overlaps(h, fn, outs, nout, ins, 3)) != MV_SUCCESS)
        return st;
    /* The handle's device, and in checked mode every operand used. */
    const mv_span used[] = {
        ins[0], ins[1], ins[2],
        nout > 0 ? outs[0] : (mv_span){0},
        nout > 1 ? outs[1] : (mv_span){0},
        !unchanged_y ? mv_scalar_span(h, "alpha", alpha, size) : (mv_span){0},
        !unchanged_y ? mv_scalar_span(h, "beta", beta, size) : (mv_span){0},
        !unchanged_z ? mv_scalar_span(h, "gamma", gamma, size) : (mv_span){0},
        !unchanged_z ? mv_scalar_span(h, "delta", delta, size) : (mv_span){0},
    };
    if ((st = mv_check_ready(h, fn, used, 9)) != MV_SUCCESS)
        return st;

    args.m = m;
    args.n = n;
    args.lda = lda;
    args.A = A;
    args.x = element0(x, n, incx, size);
    args.y = (void *)element0(y, m, incy, size);
    args.w = element0(w, m, incw, size);
    args.z = (void *)element0(z, n, incz, size);
    args.incx = incx;
    args.incy = incy;
    args.incw = incw;
    args.incz = incz;
    args.do_y = !unchanged_y;
    args.do_z = !unchanged_z;
    args.fused = fused;
    args.stream = h->stream;
    args.sm_count = h->sm_count;
    args.pdl = h->cc_major >= 9;
    args.split_ws = h->split_ws;
    args.split_ws_bytes = h->split_ws_bytes;
    args.split_counters = h->split_counters;
    args.split_counter_count = h->split_counter_count;
    return mv_launched(h, fn, mv_gemv_nt_launch(dtype, &args));
}

mv_status mv_sgemv_nt(mv_handle handle, int64_t m, int64_t n, const float *alpha, const float *A, int64_t lda,
                      const float *x, int64_t incx, const float *beta, float *y, int64_t incy, const float *gamma,
                      const float *w, int64_t incw, const float *delta, float *z, int64_t incz)
{
    return mv_gemv_nt_run(handle, MV_DTYPE_S, 0, m, n, alpha, A, lda, x, incx, beta, y, incy, gamma, w, incw, delta,
                          z, incz);
}

mv_status mv_dgemv_nt(mv_handle handle, int64_t m, int64_t n, const double *alpha, const double *A, int64_t lda,
                      const double *x, int64_t incx, const double *beta, double *y, int64_t incy,
                      const double *gamma, const double *w, int64_t incw, const double *delta, double *z,
                      int64_t incz)
{
    return mv_gemv_nt_run(handle, MV_DTYPE_D, 0, m, n, alpha, A, lda, x, incx, beta, y, incy, gamma, w, incw, delta,
                          z, incz);
}
