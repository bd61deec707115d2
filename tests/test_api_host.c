/* Host tests of the API surface: they need no GPU. Validation runs on a
 * handle bound to no device (mv_create_detached), so every failure path is
 * exercised exactly as a user would hit it, before any CUDA call. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/internal.h"
#include "matvec.h"

static int setup_handle(void **state)
{
    mv_handle h = NULL;
    if (mv_create_detached(&h) != MV_SUCCESS)
        return -1;
    *state = h;
    return 0;
}

static int teardown_handle(void **state)
{
    return mv_destroy(*state) == MV_SUCCESS ? 0 : -1;
}

static void test_status_strings(void **state)
{
    (void)state;
    const char *seen[MV_ERR_NOT_SUPPORTED + 1];
    for (int s = MV_SUCCESS; s <= MV_ERR_NOT_SUPPORTED; ++s) {
        seen[s] = mv_status_string((mv_status)s);
        assert_non_null(seen[s]);
        assert_true(strlen(seen[s]) > 0);
        for (int t = 0; t < s; ++t)
            assert_string_not_equal(seen[s], seen[t]);
    }
    assert_string_equal(mv_status_string(MV_ERR_INVALID_VALUE),
                        "MV_ERR_INVALID_VALUE: an argument is out of range");
    assert_non_null(mv_status_string((mv_status)1234));
    assert_non_null(mv_status_string((mv_status)-1));
}

static void test_null_handle(void **state)
{
    (void)state;
    float f = 1.0f;
    double d = 1.0;
    cudaStream_t s;
    mv_pointer_mode mode;
    assert_int_equal(mv_destroy(NULL), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_set_stream(NULL, 0), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_get_stream(NULL, &s), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_set_pointer_mode(NULL, MV_POINTER_MODE_HOST), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_get_pointer_mode(NULL, &mode), MV_ERR_NOT_INITIALIZED);
    int on = 0;
    assert_int_equal(mv_set_checked(NULL, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_get_checked(NULL, &on), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_sgemv(NULL, MV_OP_N, 1, 1, &f, &f, 1, &f, 1, &f, &f, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_dgemv(NULL, MV_OP_T, 1, 1, &d, &d, 1, &d, 1, &d, &d, 1), MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_create(NULL), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(NULL), "mv_create: handle = NULL");
}

static void test_handle_settings(void **state)
{
    mv_handle h = *state;
    cudaStream_t s = (cudaStream_t)(uintptr_t)0x1234;
    mv_pointer_mode mode = (mv_pointer_mode)99;
    assert_string_equal(mv_last_error(h), "");
    assert_int_equal(mv_get_stream(h, &s), MV_SUCCESS);
    assert_null(s);
    assert_int_equal(mv_get_pointer_mode(h, &mode), MV_SUCCESS);
    assert_int_equal(mode, MV_POINTER_MODE_HOST);

    assert_int_equal(mv_set_stream(h, (cudaStream_t)(uintptr_t)0x1234), MV_SUCCESS);
    assert_int_equal(mv_get_stream(h, &s), MV_SUCCESS);
    assert_ptr_equal(s, (cudaStream_t)(uintptr_t)0x1234);
    assert_int_equal(mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE), MV_SUCCESS);
    assert_int_equal(mv_get_pointer_mode(h, &mode), MV_SUCCESS);
    assert_int_equal(mode, MV_POINTER_MODE_DEVICE);

    assert_int_equal(mv_set_pointer_mode(h, (mv_pointer_mode)2), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_set_pointer_mode: mode = 2 must be MV_POINTER_MODE_HOST (0) "
                                          "or MV_POINTER_MODE_DEVICE (1)");
    assert_int_equal(mv_get_pointer_mode(h, &mode), MV_SUCCESS);
    assert_int_equal(mode, MV_POINTER_MODE_DEVICE); /* a failed set changes nothing */
    assert_int_equal(mv_get_stream(h, NULL), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_get_stream: stream = NULL");
    assert_int_equal(mv_get_pointer_mode(h, NULL), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_get_pointer_mode: mode = NULL");

    int on = -1;
    assert_int_equal(mv_set_checked(h, 1), MV_SUCCESS);
    assert_int_equal(mv_get_checked(h, &on), MV_SUCCESS);
    assert_int_equal(on, 1);
    assert_int_equal(mv_set_checked(h, 2), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_set_checked: on = 2 must be 0 or 1");
    assert_int_equal(mv_get_checked(h, &on), MV_SUCCESS);
    assert_int_equal(on, 1); /* a failed set changes nothing */
    assert_int_equal(mv_set_checked(h, 0), MV_SUCCESS);
    assert_int_equal(mv_get_checked(h, &on), MV_SUCCESS);
    assert_int_equal(on, 0);
    assert_int_equal(mv_get_checked(h, NULL), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_get_checked: on = NULL");
}

/* MATVEC_CHECKED=1 (exactly) starts new handles in checked mode. */
static void test_checked_environment(void **state)
{
    (void)state;
    const char *values[] = {"1", "0", "", "11", "yes", NULL};
    const int expect[] = {1, 0, 0, 0, 0, 0};
    for (int i = 0; i < 6; ++i) {
        if (values[i])
            setenv("MATVEC_CHECKED", values[i], 1);
        else
            unsetenv("MATVEC_CHECKED");
        mv_handle h = NULL;
        int on = -1;
        assert_int_equal(mv_create_detached(&h), MV_SUCCESS);
        assert_int_equal(mv_get_checked(h, &on), MV_SUCCESS);
        assert_int_equal(on, expect[i]);
        assert_int_equal(mv_destroy(h), MV_SUCCESS);
    }
}

/* One call with arguments that are wrong in a known way. y is a host buffer
 * whose bytes must not change: validation happens before any memory access. */
typedef struct {
    int trans;
    int64_t m, n, lda, incx, incy;
    int null_alpha, null_A, null_x, null_y, null_beta;
    float alpha, beta;
    mv_status want;
    const char *message; /* with %s for the function name; NULL for success */
} validation_case;

static const validation_case validation_cases[] = {
    /* each argument alone, in BLAS order */
    {7, 10, 10, 10, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: trans = 7 must be MV_OP_N (0) or MV_OP_T (1)"},
    {-1, 10, 10, 10, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: trans = -1 must be MV_OP_N (0) or MV_OP_T (1)"},
    {0, -1, 10, 10, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: m = -1 must be >= 0"},
    {1, 10, -3, 10, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: n = -3 must be >= 0"},
    {0, 10, 10, 5, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: lda = 5 must be >= max(1, m) = 10"},
    {0, 0, 10, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: lda = 0 must be >= max(1, m) = 1"},
    {0, 10, 10, 10, 0, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: incx = 0 must not be 0"},
    {1, 10, 10, 10, 1, 0, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: incy = 0 must not be 0"},
    {0, 10, 10, 10, 1, 1, 0, 1, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: A = NULL"},
    {0, 10, 10, 10, 1, 1, 0, 0, 1, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: x = NULL"},
    {1, 10, 10, 10, 1, 1, 0, 0, 0, 1, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: y = NULL"},
    {0, 10, 10, 10, 1, 1, 1, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE, "%s: alpha = NULL"},
    {0, 10, 10, 10, 1, 1, 0, 0, 0, 0, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: beta = NULL"},
    /* several wrong: the first in BLAS order is reported */
    {9, -1, -1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: trans = 9 must be MV_OP_N (0) or MV_OP_T (1)"},
    {0, -1, -1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: m = -1 must be >= 0"},
    {0, 4, -1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: n = -1 must be >= 0"},
    {0, 4, 4, 3, 0, 0, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: lda = 3 must be >= max(1, m) = 4"},
    {0, 4, 4, 4, 0, 0, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: incx = 0 must not be 0"},
    {0, 4, 4, 4, 1, 0, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: incy = 0 must not be 0"},
    {0, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: A = NULL"},
    {0, 4, 4, 4, 1, 1, 1, 0, 1, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: x = NULL"},
    {0, 4, 4, 4, 1, 1, 1, 0, 0, 1, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: y = NULL"},
    {0, 4, 4, 4, 1, 1, 1, 0, 0, 0, 1, 1, 0, MV_ERR_INVALID_VALUE, "%s: alpha = NULL"},
    /* sizes and strides too large to address */
    {0, 3, INT64_MAX / 2, 4, 1, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE,
     "%s: lda = 4 with m = 3, n = 4611686018427387903 spans more than 2^63 bytes"},
    {0, 3, 1000, 3, INT64_MIN, 1, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE,
     "%s: incx = -9223372036854775808 with 1000 elements spans more than 2^63 bytes"},
    {1, 3, 1000, 3, 1, INT64_MAX / 8, 0, 0, 0, 0, 0, 1, 0, MV_ERR_INVALID_VALUE,
     "%s: incy = 1152921504606846975 with 1000 elements spans more than 2^63 bytes"},
    /* alpha == 0 (host mode): A and x are not needed, so NULL is fine */
    {0, 4, 4, 4, 1, 1, 0, 1, 1, 0, 0, 0, 1, MV_SUCCESS, NULL},
    {1, 4, 4, 4, 1, 1, 0, 1, 1, 0, 0, 0, 2, MV_ERR_NO_DEVICE, "%s: the handle is bound to no CUDA device"},
    /* quick returns: m == 0 or n == 0 needs no pointer at all */
    {0, 0, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, MV_SUCCESS, NULL},
    {1, 5, 0, 5, -2, 3, 1, 1, 1, 1, 1, 1, 0, MV_SUCCESS, NULL},
    /* a valid call reaches dispatch, which needs a device */
    {1, 4, 4, 4, -1, 2, 0, 0, 0, 0, 0, 2, 1, MV_ERR_NO_DEVICE, "%s: the handle is bound to no CUDA device"},
};

static void run_validation(mv_handle h, int dtype_double)
{
    const char *fn = dtype_double ? "mv_dgemv" : "mv_sgemv";
    for (size_t i = 0; i < sizeof validation_cases / sizeof validation_cases[0]; ++i) {
        const validation_case *c = &validation_cases[i];
        double A[16], x[16], y[16], y_before[16];
        for (int k = 0; k < 16; ++k)
            A[k] = x[k] = y[k] = y_before[k] = 0.25 * k - 1.0;
        double alpha = c->alpha, beta = c->beta;
        float alpha_f = c->alpha, beta_f = c->beta;
        float Af[16], xf[16], yf[16];
        for (int k = 0; k < 16; ++k)
            Af[k] = xf[k] = yf[k] = (float)y[k];
        mv_status got;
        if (dtype_double) {
            got = mv_dgemv(h, (mv_operation)c->trans, c->m, c->n, c->null_alpha ? NULL : &alpha,
                           c->null_A ? NULL : A, c->lda, c->null_x ? NULL : x, c->incx,
                           c->null_beta ? NULL : &beta, c->null_y ? NULL : y, c->incy);
            assert_memory_equal(y, y_before, sizeof y);
        } else {
            float yf_before[16];
            memcpy(yf_before, yf, sizeof yf);
            got = mv_sgemv(h, (mv_operation)c->trans, c->m, c->n, c->null_alpha ? NULL : &alpha_f,
                           c->null_A ? NULL : Af, c->lda, c->null_x ? NULL : xf, c->incx,
                           c->null_beta ? NULL : &beta_f, c->null_y ? NULL : yf, c->incy);
            assert_memory_equal(yf, yf_before, sizeof yf);
        }
        if (got != c->want)
            fail_msg("validation case %zu: got %s, want %s (%s)", i, mv_status_string(got),
                     mv_status_string(c->want), mv_last_error(h));
        if (c->message) {
            char want[MV_MESSAGE_CAPACITY];
            snprintf(want, sizeof want, c->message, fn);
            assert_string_equal(mv_last_error(h), want);
        }
    }
}

static void test_validation_sgemv(void **state) { run_validation(*state, 0); }
static void test_validation_dgemv(void **state) { run_validation(*state, 1); }

/* In device pointer mode alpha cannot be read on the host, so A and x are
 * always required; a success leaves the last error message as it was. */
static void test_validation_device_mode(void **state)
{
    mv_handle h = *state;
    float dummy[4] = {0};
    assert_int_equal(mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE), MV_SUCCESS);
    assert_int_equal(mv_sgemv(h, MV_OP_N, 2, 2, dummy, NULL, 2, dummy, 1, dummy, dummy, 1), MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv: A = NULL");
    assert_int_equal(mv_sgemv(h, MV_OP_N, 0, 2, NULL, NULL, 1, NULL, 1, NULL, NULL, 1), MV_SUCCESS);
    assert_string_equal(mv_last_error(h), "mv_sgemv: A = NULL");
    assert_int_equal(mv_set_pointer_mode(h, MV_POINTER_MODE_HOST), MV_SUCCESS);
}

/* alpha == 0 and beta == 1 is a quick return in host mode: y untouched and
 * nothing launched (the detached handle would fail a launch). */
/* mv_sgemv_nt / mv_dgemv_nt validation on a handle with no device: each
 * bad argument named in BLAS order, overlaps named with both operands, host
 * buffers never touched; a valid call gets as far as MV_ERR_NO_DEVICE. */
static void test_validation_gemv_nt(void **state)
{
    mv_handle h = *state;
    float A[64] = {0}, x[8] = {0}, y[8], w[8] = {0}, z[8];
    const float one = 1.0f, zero = 0.0f;
    memset(y, 0x5a, sizeof y);
    memset(z, 0x5a, sizeof z);
    assert_int_equal(mv_sgemv_nt(NULL, 8, 8, &one, A, 8, x, 1, &zero, y, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_sgemv_nt(h, -2, 8, &one, A, 8, x, 1, &zero, y, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: m = -2 must be >= 0");
    assert_int_equal(mv_sgemv_nt(h, 8, -1, &one, A, 8, x, 1, &zero, y, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: n = -1 must be >= 0");
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 7, x, 1, &zero, y, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: lda = 7 must be >= max(1, m) = 8");
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 0, &zero, y, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: incx = 0 must not be 0");
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 0, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: incy = 0 must not be 0");
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 1, &one, w, INT64_MIN, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "mv_sgemv_nt: incw = "));
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 1, &one, w, 1, &zero, z, 0),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: incz = 0 must not be 0");
    /* m = 0 or n = 0: nothing to do, no pointer needed. */
    assert_int_equal(mv_sgemv_nt(h, 0, 8, NULL, NULL, 1, NULL, 1, NULL, NULL, 1, NULL, NULL, 1, NULL, NULL, 1),
                     MV_SUCCESS);
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, NULL, 1, &zero, y, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: x = NULL");
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 1, &one, NULL, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: w = NULL");
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 1, NULL, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_nt: gamma = NULL");
    /* alpha = 0: x is not read and may be NULL; gamma = 0 likewise w. */
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &zero, A, 8, NULL, 1, &zero, y, 1, &zero, NULL, 1, &zero, z, 1),
                     MV_ERR_NO_DEVICE);
    /* Overlaps. */
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 1, &one, w, 1, &zero, y + 7, 1),
                     MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "mv_sgemv_nt: y and z overlap (bytes ["));
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, A + 60, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "mv_sgemv_nt: y overlaps A"));
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &one, A, 8, x, 1, &zero, y, 1, &one, w, 1, &zero, x, -1),
                     MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "mv_sgemv_nt: z overlaps x"));
    /* A half left alone (alpha = 0, beta = 1) may share its output with anything. */
    assert_int_equal(mv_sgemv_nt(h, 8, 8, &zero, A, 8, x, 1, &one, z, 1, &one, w, 1, &zero, z, 1),
                     MV_ERR_NO_DEVICE);
    const double oned = 1.0, zerod = 0.0;
    double Ad[64] = {0}, xd[8] = {0}, yd[8] = {0}, wd[8] = {0}, zd[8] = {0};
    assert_int_equal(mv_dgemv_nt(h, 8, 8, &oned, Ad, 8, xd, 1, &zerod, yd, 1, &oned, wd, 1, NULL, zd, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_dgemv_nt: delta = NULL");
    assert_int_equal(mv_dgemv_nt(h, 8, 8, &oned, Ad, 8, xd, 1, &zerod, yd, 1, &oned, wd, 1, &zerod, zd, 1),
                     MV_ERR_NO_DEVICE);
    unsigned char expect[sizeof y];
    memset(expect, 0x5a, sizeof expect);
    assert_memory_equal(y, expect, sizeof y);
    assert_memory_equal(z, expect, sizeof z);
}

/* mv_?gemv_strided_batched / mv_?gemv_batched validation with no device:
 * each argument named in order; the outputs' collision rule against a
 * brute-force search over small strides, increments, lengths and counts
 * (a valid call gets as far as MV_ERR_NO_DEVICE); host buffers untouched. */
static void test_validation_batched(void **state)
{
    mv_handle h = *state;
    float A[64] = {0}, x[16] = {0}, y[16];
    const float one = 1.0f, zero = 0.0f;
    memset(y, 0x5a, sizeof y);
    assert_int_equal(mv_sgemv_strided_batched(NULL, MV_OP_N, 2, 2, &one, A, 2, 4, x, 1, 2, &zero, y, 1, 2, 2),
                     MV_ERR_NOT_INITIALIZED);
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_N, -1, 2, &one, A, 2, 4, x, 1, 2, &zero, y, 1, 2, 2),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_strided_batched: m = -1 must be >= 0");
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_N, 2, 2, &one, A, 2, 4, x, 1, 2, &zero, y, 0, 2, 2),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_strided_batched: incy = 0 must not be 0");
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_N, 2, 2, &one, A, 2, 4, x, 1, 2, &zero, y, 1, INT64_MIN, 2),
                     MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "mv_sgemv_strided_batched: stride_y = "));
    assert_int_equal(
        mv_sgemv_strided_batched(h, MV_OP_N, 2, 2, &one, A, 2, INT64_MAX / 8, x, 1, 2, &zero, y, 1, 2, 3),
        MV_ERR_INVALID_VALUE);
    assert_non_null(strstr(mv_last_error(h), "stride_a = "));
    assert_non_null(strstr(mv_last_error(h), "over 3 problems spans more than 2^63 bytes"));
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_T, 2, 2, &one, A, 2, 4, x, 1, 2, &zero, y, 1, 2, 2),
                     MV_ERR_NO_DEVICE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_strided_batched: the handle is bound to no CUDA device");
    /* A batch of one takes the GEMV path, with this function's name. */
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_T, 2, 2, &one, A, 2, 4, x, 1, 2, &zero, y, 1, 0, 1),
                     MV_ERR_NO_DEVICE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_strided_batched: the handle is bound to no CUDA device");
    /* Quick returns need no pointer. */
    assert_int_equal(mv_sgemv_strided_batched(h, MV_OP_N, 2, 2, &one, NULL, 2, 4, NULL, 1, 2, &zero, NULL, 1, 2, 0),
                     MV_SUCCESS);
    assert_int_equal(mv_dgemv_batched(h, MV_OP_N, 2, 0, NULL, NULL, 2, NULL, 1, NULL, NULL, 1, 3), MV_SUCCESS);
    const float *const *arr = (const float *const *)(const void *)A; /* never dereferenced on the host */
    assert_int_equal(mv_sgemv_batched(h, MV_OP_N, 2, 2, &one, arr, 1, arr, 1, &zero, (float *const *)A, 1, 3),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_batched: lda = 1 must be >= max(1, m) = 2");
    assert_int_equal(mv_sgemv_batched(h, MV_OP_N, 2, 2, &one, arr, 2, arr, 1, &zero, NULL, 1, 3),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_sgemv_batched: y = NULL");
    assert_int_equal(mv_sgemv_batched(h, MV_OP_N, 2, 2, &one, arr, 2, arr, 1, &zero, (float *const *)A, 1, 3),
                     MV_ERR_NO_DEVICE);

    /* The collision rule: op N, m = len outputs per problem. */
    int checked = 0, collisions = 0;
    for (int64_t len = 1; len <= 6; ++len)
        for (int64_t count = 1; count <= 6; ++count)
            for (int64_t inc = -7; inc <= 7; ++inc)
                for (int64_t sy = -9; sy <= 9; ++sy) {
                    if (inc == 0)
                        continue;
                    int collide = 0;
                    for (int64_t b = 0; b < count && !collide; ++b)
                        for (int64_t c = b + 1; c < count && !collide; ++c)
                            for (int64_t i = 0; i < len && !collide; ++i)
                                for (int64_t j = 0; j < len && !collide; ++j)
                                    collide = b * sy + i * inc == c * sy + j * inc;
                    const mv_status st = mv_sgemv_strided_batched(h, MV_OP_N, len, 1, &one, A, len, 0, x, 1, 0,
                                                                  &zero, y, inc, sy, count);
                    if (st != (collide ? MV_ERR_INVALID_VALUE : MV_ERR_NO_DEVICE))
                        fail_msg("len %lld count %lld incy %lld stride_y %lld: %s (%s), collide = %d", (long long)len,
                                 (long long)count, (long long)inc, (long long)sy, mv_status_string(st),
                                 mv_last_error(h), collide);
                    if (collide)
                        assert_non_null(strstr(mv_last_error(h), "write the same element of y"));
                    ++checked;
                    collisions += collide;
                }
    assert_true(checked > 3000 && collisions > 500 && collisions < checked - 500);
    unsigned char expect[sizeof y];
    memset(expect, 0x5a, sizeof expect);
    assert_memory_equal(y, expect, sizeof y);
}

/* ---- mv_gemv_ex ---------------------------------------------------------- */

static const char *ex_type_name(mv_datatype t)
{
    switch (t) {
    case MV_R_32F: return "MV_R_32F";
    case MV_R_64F: return "MV_R_64F";
    case MV_R_16F: return "MV_R_16F";
    case MV_R_16BF: return "MV_R_16BF";
    }
    return "?";
}

/* The supported combinations of a_type, x_type, y_type. */
static const mv_datatype ex_combos[][3] = {
    {MV_R_16F, MV_R_16F, MV_R_16F},   {MV_R_16F, MV_R_32F, MV_R_16F},  {MV_R_16F, MV_R_16F, MV_R_32F},
    {MV_R_16F, MV_R_32F, MV_R_32F},   {MV_R_16BF, MV_R_16BF, MV_R_16BF}, {MV_R_16BF, MV_R_32F, MV_R_16BF},
    {MV_R_16BF, MV_R_16BF, MV_R_32F}, {MV_R_16BF, MV_R_32F, MV_R_32F},  {MV_R_32F, MV_R_32F, MV_R_32F},
};

/* Host buffers for calls that must fail (or stop at MV_ERR_NO_DEVICE)
 * before touching memory: y's bytes are checked after every call. */
typedef struct {
    unsigned char A[16 * 8], x[16 * 8], y[16 * 8];
} ex_buffers;

static void ex_fill(ex_buffers *b)
{
    memset(b->A, 0x11, sizeof b->A);
    memset(b->x, 0x22, sizeof b->x);
    memset(b->y, 0x5a, sizeof b->y);
}

static void ex_untouched(const ex_buffers *b)
{
    ex_buffers want;
    ex_fill(&want);
    assert_memory_equal(b->A, want.A, sizeof want.A);
    assert_memory_equal(b->x, want.x, sizeof want.x);
    assert_memory_equal(b->y, want.y, sizeof want.y);
}

/* A valid shape with the given types; the status and message checked. */
static void ex_expect_types(mv_handle h, ex_buffers *b, mv_operation trans, int a, int x, int y, mv_status want,
                            const char *message)
{
    const float one = 1.0f, zero = 0.0f;
    const mv_status got = mv_gemv_ex(h, trans, 4, 3, &one, b->A, (mv_datatype)a, 4, b->x, (mv_datatype)x, 1, &zero,
                                     b->y, (mv_datatype)y, 1);
    if (got != want || strcmp(mv_last_error(h), message) != 0)
        fail_msg("a_type %d x_type %d y_type %d: %s \"%s\", want %s \"%s\"", a, x, y, mv_status_string(got),
                 mv_last_error(h), mv_status_string(want), message);
    ex_untouched(b);
}

/* The types: trans first, then a_type, x_type, y_type, each in full (a value
 * that is no mv_datatype, then one that is not supported) before the next;
 * all before m, n, lda and the quick return. Every combination of the four
 * types: the nine supported ones reach dispatch (MV_ERR_NO_DEVICE), the
 * others name the first unsupported type. */
static void test_validation_gemv_ex_types(void **state)
{
    mv_handle h = *state;
    ex_buffers b;
    ex_fill(&b);
    const float one = 1.0f, zero = 0.0f;
    assert_int_equal(mv_gemv_ex(NULL, MV_OP_N, 4, 3, &one, b.A, MV_R_16F, 4, b.x, MV_R_16F, 1, &zero, b.y,
                                MV_R_16F, 1),
                     MV_ERR_NOT_INITIALIZED);
    ex_expect_types(h, &b, (mv_operation)7, MV_R_16F, MV_R_16F, MV_R_16F, MV_ERR_INVALID_VALUE,
                    "mv_gemv_ex: trans = 7 must be MV_OP_N (0) or MV_OP_T (1)");
    ex_expect_types(h, &b, (mv_operation)7, 9, 9, 9, MV_ERR_INVALID_VALUE,
                    "mv_gemv_ex: trans = 7 must be MV_OP_N (0) or MV_OP_T (1)");

    char want[MV_MESSAGE_CAPACITY];
    int supported = 0;
    for (int a = 0; a < 4; ++a)
        for (int x = 0; x < 4; ++x)
            for (int y = 0; y < 4; ++y) {
                const char *name[3] = {ex_type_name((mv_datatype)a), ex_type_name((mv_datatype)x),
                                       ex_type_name((mv_datatype)y)};
                mv_status st = MV_ERR_NOT_SUPPORTED;
                if (a == MV_R_64F)
                    snprintf(want, sizeof want,
                             "mv_gemv_ex: a_type = MV_R_64F is not supported (MV_R_16F, MV_R_16BF or MV_R_32F)");
                else if (x != a && x != MV_R_32F)
                    snprintf(want, sizeof want,
                             "mv_gemv_ex: x_type = %s with a_type = %s is not supported (x_type must be a_type or "
                             "MV_R_32F)",
                             name[1], name[0]);
                else if (y != a && y != MV_R_32F)
                    snprintf(want, sizeof want,
                             "mv_gemv_ex: y_type = %s with a_type = %s is not supported (y_type must be a_type or "
                             "MV_R_32F)",
                             name[2], name[0]);
                else {
                    st = MV_ERR_NO_DEVICE;
                    snprintf(want, sizeof want, "mv_gemv_ex: the handle is bound to no CUDA device");
                    ++supported;
                }
                for (int t = 0; t < 2; ++t)
                    ex_expect_types(h, &b, t ? MV_OP_T : MV_OP_N, a, x, y, st, want);
            }
    assert_int_equal(supported, 9);

    /* Values that are no mv_datatype, in each position. */
    static const int bad[] = {-1, 4, 9, 1000};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        snprintf(want, sizeof want, "mv_gemv_ex: a_type = %d is not an mv_datatype", bad[i]);
        ex_expect_types(h, &b, MV_OP_N, bad[i], MV_R_16F, MV_R_16F, MV_ERR_INVALID_VALUE, want);
        ex_expect_types(h, &b, MV_OP_T, bad[i], bad[i], bad[i], MV_ERR_INVALID_VALUE, want);
        snprintf(want, sizeof want, "mv_gemv_ex: x_type = %d is not an mv_datatype", bad[i]);
        ex_expect_types(h, &b, MV_OP_N, MV_R_16BF, bad[i], MV_R_16BF, MV_ERR_INVALID_VALUE, want);
        ex_expect_types(h, &b, MV_OP_T, MV_R_32F, bad[i], MV_R_64F, MV_ERR_INVALID_VALUE, want);
        snprintf(want, sizeof want, "mv_gemv_ex: y_type = %d is not an mv_datatype", bad[i]);
        ex_expect_types(h, &b, MV_OP_N, MV_R_16F, MV_R_32F, bad[i], MV_ERR_INVALID_VALUE, want);
    }
    /* One type at a time: a_type in full before x_type, x_type before y_type. */
    ex_expect_types(h, &b, MV_OP_N, MV_R_64F, 9, 9, MV_ERR_NOT_SUPPORTED,
                    "mv_gemv_ex: a_type = MV_R_64F is not supported (MV_R_16F, MV_R_16BF or MV_R_32F)");
    ex_expect_types(h, &b, MV_OP_N, MV_R_16F, MV_R_16BF, 9, MV_ERR_NOT_SUPPORTED,
                    "mv_gemv_ex: x_type = MV_R_16BF with a_type = MV_R_16F is not supported (x_type must be a_type "
                    "or MV_R_32F)");

    /* The types before the shape, and before the quick return. */
    assert_int_equal(mv_gemv_ex(h, MV_OP_N, -1, -1, NULL, NULL, MV_R_64F, 0, NULL, MV_R_16F, 0, NULL, NULL,
                                MV_R_16F, 0),
                     MV_ERR_NOT_SUPPORTED);
    assert_string_equal(mv_last_error(h),
                        "mv_gemv_ex: a_type = MV_R_64F is not supported (MV_R_16F, MV_R_16BF or MV_R_32F)");
    assert_int_equal(mv_gemv_ex(h, MV_OP_T, 4, 4, &one, b.A, MV_R_16BF, 3, b.x, MV_R_16BF, 1, &zero, b.y,
                                MV_R_16F, 1),
                     MV_ERR_NOT_SUPPORTED);
    assert_string_equal(mv_last_error(h), "mv_gemv_ex: y_type = MV_R_16F with a_type = MV_R_16BF is not "
                                          "supported (y_type must be a_type or MV_R_32F)");
    assert_int_equal(mv_gemv_ex(h, MV_OP_N, 0, 5, NULL, NULL, MV_R_32F, 1, NULL, MV_R_16F, 1, NULL, NULL,
                                MV_R_32F, 1),
                     MV_ERR_NOT_SUPPORTED);
    assert_string_equal(mv_last_error(h), "mv_gemv_ex: x_type = MV_R_16F with a_type = MV_R_32F is not supported "
                                          "(x_type must be a_type or MV_R_32F)");
    assert_int_equal(mv_gemv_ex(h, MV_OP_N, 5, 0, NULL, NULL, MV_R_16F, 5, NULL, MV_R_16F, 1, NULL, NULL,
                                (mv_datatype)7, 1),
                     MV_ERR_INVALID_VALUE);
    assert_string_equal(mv_last_error(h), "mv_gemv_ex: y_type = 7 is not an mv_datatype");
    ex_untouched(&b);
}

/* With valid types, the rest of the validation is mv_sgemv's, with
 * "mv_gemv_ex: " in the messages: the validation_cases table, run for every
 * supported combination (A, x, y host buffers never touched). */
static void test_validation_gemv_ex(void **state)
{
    mv_handle h = *state;
    for (size_t k = 0; k < sizeof ex_combos / sizeof ex_combos[0]; ++k)
        for (size_t i = 0; i < sizeof validation_cases / sizeof validation_cases[0]; ++i) {
            const validation_case *c = &validation_cases[i];
            ex_buffers b;
            ex_fill(&b);
            const float alpha = c->alpha, beta = c->beta;
            const mv_status got = mv_gemv_ex(h, (mv_operation)c->trans, c->m, c->n, c->null_alpha ? NULL : &alpha,
                                             c->null_A ? NULL : b.A, ex_combos[k][0], c->lda,
                                             c->null_x ? NULL : b.x, ex_combos[k][1], c->incx,
                                             c->null_beta ? NULL : &beta, c->null_y ? NULL : b.y, ex_combos[k][2],
                                             c->incy);
            if (got != c->want)
                fail_msg("%s/%s/%s, validation case %zu: got %s, want %s (%s)", ex_type_name(ex_combos[k][0]),
                         ex_type_name(ex_combos[k][1]), ex_type_name(ex_combos[k][2]), i, mv_status_string(got),
                         mv_status_string(c->want), mv_last_error(h));
            if (c->message) {
                char want[MV_MESSAGE_CAPACITY];
                snprintf(want, sizeof want, c->message, "mv_gemv_ex");
                if (strcmp(mv_last_error(h), want) != 0)
                    fail_msg("%s/%s/%s, validation case %zu: \"%s\", want \"%s\"", ex_type_name(ex_combos[k][0]),
                             ex_type_name(ex_combos[k][1]), ex_type_name(ex_combos[k][2]), i, mv_last_error(h),
                             want);
            }
            ex_untouched(&b);
        }
}

/* Device pointer mode: alpha cannot be read on the host, so A and x are
 * required; host mode alpha = 0 with beta = 1 returns before any device
 * work, y bitwise as it was. */
static void test_validation_gemv_ex_modes(void **state)
{
    mv_handle h = *state;
    ex_buffers b;
    ex_fill(&b);
    const float zero = 0.0f, one = 1.0f;
    for (size_t k = 0; k < sizeof ex_combos / sizeof ex_combos[0]; ++k) {
        const mv_datatype at = ex_combos[k][0], xt = ex_combos[k][1], yt = ex_combos[k][2];
        assert_int_equal(mv_set_pointer_mode(h, MV_POINTER_MODE_DEVICE), MV_SUCCESS);
        assert_int_equal(mv_gemv_ex(h, MV_OP_N, 2, 2, &zero, NULL, at, 2, b.x, xt, 1, &one, b.y, yt, 1),
                         MV_ERR_INVALID_VALUE);
        assert_string_equal(mv_last_error(h), "mv_gemv_ex: A = NULL");
        assert_int_equal(mv_gemv_ex(h, MV_OP_T, 2, 2, &zero, b.A, at, 2, NULL, xt, 1, &one, b.y, yt, 1),
                         MV_ERR_INVALID_VALUE);
        assert_string_equal(mv_last_error(h), "mv_gemv_ex: x = NULL");
        assert_int_equal(mv_gemv_ex(h, MV_OP_T, 2, 2, &zero, b.A, at, 2, b.x, xt, 1, &one, b.y, yt, 1),
                         MV_ERR_NO_DEVICE);
        assert_string_equal(mv_last_error(h), "mv_gemv_ex: the handle is bound to no CUDA device");
        assert_int_equal(mv_gemv_ex(h, MV_OP_N, 0, 2, NULL, NULL, at, 1, NULL, xt, 1, NULL, NULL, yt, 1), MV_SUCCESS);
        assert_int_equal(mv_set_pointer_mode(h, MV_POINTER_MODE_HOST), MV_SUCCESS);
        assert_int_equal(mv_gemv_ex(h, MV_OP_N, 2, 2, &zero, NULL, at, 2, NULL, xt, 1, &one, b.y, yt, 1), MV_SUCCESS);
        assert_int_equal(mv_gemv_ex(h, MV_OP_T, 3, 5, &zero, NULL, at, 3, NULL, xt, -2, &one, b.y, yt, 3),
                         MV_SUCCESS);
        assert_int_equal(mv_gemv_ex(h, MV_OP_N, 2, 2, &zero, NULL, at, 2, NULL, xt, 1, &zero, b.y, yt, 1),
                         MV_ERR_NO_DEVICE);
        ex_untouched(&b);
    }
}

static void test_quick_return_alpha0_beta1(void **state)
{
    mv_handle h = *state;
    const float zero = 0.0f, one = 1.0f;
    float y[3] = {1.5f, NAN, -2.0f};
    assert_int_equal(mv_sgemv(h, MV_OP_T, 3, 3, &zero, NULL, 3, NULL, 1, &one, y, 1), MV_SUCCESS);
    assert_float_equal(y[0], 1.5f, 0.0f);
    assert_true(isnan(y[1]));
    assert_float_equal(y[2], -2.0f, 0.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_strings),
        cmocka_unit_test(test_null_handle),
        cmocka_unit_test_setup_teardown(test_handle_settings, setup_handle, teardown_handle),
        cmocka_unit_test(test_checked_environment),
        cmocka_unit_test_setup_teardown(test_validation_sgemv, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_dgemv, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_device_mode, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_quick_return_alpha0_beta1, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_gemv_nt, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_batched, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_gemv_ex_types, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_gemv_ex, setup_handle, teardown_handle),
        cmocka_unit_test_setup_teardown(test_validation_gemv_ex_modes, setup_handle, teardown_handle),
    };
    return cmocka_run_group_tests_name("api_host", tests, NULL, NULL);
}
