#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gemv_check.h"
#include "reference.h"
#include "gemv/gemv_variants.h"

int64_t case_len_x(const gemv_case *c) { return c->trans == MV_OP_N ? c->n : c->m; }
int64_t case_len_y(const gemv_case *c) { return c->trans == MV_OP_N ? c->m : c->n; }

size_t vector_span(int64_t len, int64_t inc)
{
    return len == 0 ? 0 : (size_t)((len - 1) * (inc < 0 ? -inc : inc) + 1);
}

#define CASE_FMT "%s%s%s op=%c m=%lld n=%lld lda=%lld incx=%lld incy=%lld alpha=%g beta=%g off_A=%lld off_x=%lld"
#define CASE_ARGS(c)                                                                               \
    (c)->variant ? (c)->variant : "", (c)->variant ? " " : "", dtype_name((c)->dtype), (c)->trans == MV_OP_N ? 'N' : 'T', (long long)(c)->m, (long long)(c)->n, \
        (long long)(c)->lda, (long long)(c)->incx, (long long)(c)->incy, (c)->alpha, (c)->beta,               \
        (long long)(c)->off_A, (long long)(c)->off_x

void check_gemv_result(const gemv_case *c, const double *A, const double *x, const double *y_in,
                       const double *y_out)
{
    const int64_t len_y = case_len_y(c);
    const size_t span_y = vector_span(len_y, c->incy);
    double *want = malloc((span_y ? span_y : 1) * sizeof *want);
    double *bound = malloc((len_y ? len_y : 1) * sizeof *bound);
    assert_non_null(want);
    assert_non_null(bound);
    memcpy(want, y_in, span_y * sizeof *want);
    ref_gemv(c->trans == MV_OP_T, c->m, c->n, c->alpha, A, c->lda, x, c->incx, c->beta, want, c->incy,
             bound);
    const int64_t step = c->incy < 0 ? -c->incy : c->incy;
    for (size_t p = 0; p < span_y; ++p) {
        if (p % (size_t)step != 0) {
            if (!same_bits(&y_out[p], &y_in[p], 1))
                fail_msg(CASE_FMT ": y[%zu], between elements, changed from %g to %g", CASE_ARGS(c), p,
                         y_in[p], y_out[p]);
        }
    }
    for (int64_t i = 0; i < len_y; ++i) {
        const int64_t p = ref_index(i, len_y, c->incy);
        const double tol = ref_tolerance(dtype_roundoff(c->dtype), case_len_x(c), bound[i]);
        const double err = y_out[p] - want[p];
        if (!(err <= tol && -err <= tol)) /* NaN never passes */
            fail_msg(CASE_FMT ": element %lld is %.17g, reference %.17g, error %.3g > tolerance %.3g",
                     CASE_ARGS(c), (long long)i, y_out[p], want[p], err, tol);
    }
    free(want);
    free(bound);
}

void fill_matrix_poisoned(rng_t *r, int dtype, double *A_alloc, int64_t off_A, int64_t m, int64_t n, int64_t lda)
{
    double *A = A_alloc + off_A;
    fill_random(r, dtype, A_alloc, (size_t)(lda * (n ? n - 1 : 0) + m + off_A));
    fill_nan(A_alloc, (size_t)off_A);
    for (int64_t j = 0; j + 1 < n; ++j)
        fill_nan(A + m + j * lda, (size_t)(lda - m));
}

void run_gemv_case(mv_handle h, const gemv_case *c, rng_t *r)
{
    const int64_t len_x = case_len_x(c), len_y = case_len_y(c);
    const size_t size_A = (size_t)(c->lda * (c->n ? c->n - 1 : 0) + c->m);
    const size_t span_x = vector_span(len_x, c->incx), span_y = vector_span(len_y, c->incy);
    /* A and x lie off_A and off_x elements into their host and device
     * allocations; the elements before A are NaN (below), those before x
     * random, and neither may reach y. */
    double *A_alloc = malloc((size_A + c->off_A ? size_A + c->off_A : 1) * sizeof *A_alloc);
    double *x_alloc = malloc((span_x + c->off_x ? span_x + c->off_x : 1) * sizeof *x_alloc);
    double *A = A_alloc + c->off_A, *x = x_alloc + c->off_x;
    double *y = malloc((span_y ? span_y : 1) * sizeof *y);
    size_t largest = size_A > span_x ? size_A : span_x;
    largest = largest > span_y ? largest : span_y;
    double *out = malloc((largest ? largest : 1) * sizeof *out);
    assert_true(A_alloc && x_alloc && y && out);

    if (c->nan_inputs) {
        fill_nan(A, size_A);
        fill_nan(x, span_x);
    } else {
        fill_matrix_poisoned(r, c->dtype, A_alloc, c->off_A, c->m, c->n, c->lda);
        fill_random(r, c->dtype, x_alloc, span_x + c->off_x);
    }
    fill_nan(y, span_y);
    if (c->beta != 0.0) {
        for (int64_t i = 0; i < len_y; ++i) {
            double v;
            fill_random(r, c->dtype, &v, 1);
            y[ref_index(i, len_y, c->incy)] = v;
        }
    }

    void *dA_alloc = dev_upload(c->dtype, A_alloc, size_A + c->off_A);
    void *dx_alloc = dev_upload(c->dtype, x_alloc, span_x + c->off_x);
    void *dA = (char *)dA_alloc + c->off_A * dtype_size(c->dtype);
    void *dx = (char *)dx_alloc + c->off_x * dtype_size(c->dtype);
    void *dy = dev_upload(c->dtype, y, span_y);
    void *dscal = NULL;
    const void *alpha = &c->alpha, *beta = &c->beta;
    mv_pointer_mode mode;
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    if (mode == MV_POINTER_MODE_DEVICE) {
        const double scalars[2] = {c->alpha, c->beta};
        dscal = dev_upload(c->dtype, scalars, 2);
        alpha = dscal;
        beta = (const char *)dscal + dtype_size(c->dtype);
    }
    cudaStream_t stream;
    CHECK_MV(h, mv_get_stream(h, &stream));
    /* The uploads ran on the legacy stream; a non-blocking stream does not
     * wait for them by itself. */
    CHECK_CUDA(cudaDeviceSynchronize());

    mv_status st;
    if (c->variant) {
        /* Host pointer mode: the scalars in the call's own type. */
        const float alpha_f = (float)c->alpha, beta_f = (float)c->beta;
        if (mode == MV_POINTER_MODE_HOST && c->dtype == DT_S) {
            alpha = &alpha_f;
            beta = &beta_f;
        }
        size_t ws_bytes = 0;
        void *ws = NULL;
        CHECK_MV(h, mv_gemv_variant_workspace(h, c->variant, c->dtype == DT_D, c->trans, c->m, c->n, c->lda,
                                              &ws_bytes));
        if (ws_bytes)
            CHECK_CUDA(cudaMalloc(&ws, ws_bytes));
        st = mv_gemv_variant_run(h, c->variant, c->dtype == DT_D, c->trans, c->m, c->n, alpha, dA, c->lda, dx,
                                 c->incx, beta, dy, c->incy, ws, ws_bytes);
        CHECK_CUDA(cudaStreamSynchronize(stream));
        if (ws)
            CHECK_CUDA(cudaFree(ws));
    } else {
        st = call_gemv(h, c->dtype, c->trans, c->m, c->n, alpha, dA, c->lda, dx, c->incx, beta, dy, c->incy);
    }
    if (st != MV_SUCCESS)
        fail_msg(CASE_FMT ": returned %s: %s", CASE_ARGS(c), mv_status_string(st), mv_last_error(h));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    CHECK_CUDA(cudaGetLastError());

    dev_download(c->dtype, dy, out, span_y);
    check_gemv_result(c, A, x, y, out);
    dev_download(c->dtype, dx, out, span_x);
    if (!same_bits(out, x, span_x))
        fail_msg(CASE_FMT ": x was modified", CASE_ARGS(c));
    dev_download(c->dtype, dA, out, size_A);
    if (!same_bits(out, A, size_A))
        fail_msg(CASE_FMT ": A was modified", CASE_ARGS(c));

    dev_free(dA_alloc);
    dev_free(dx_alloc);
    dev_free(dy);
    if (dscal)
        dev_free(dscal);
    free(A_alloc);
    free(x_alloc);
    free(y);
    free(out);
}
