/* mv_gemv_ex on the GPU: every supported combination of a_type, x_type and
 * y_type (fp16, bf16, float) against the double reference, at odd shapes,
 * leading dimensions, increments and alignments, in both ops and both
 * pointer modes; all-float calls bitwise equal to mv_sgemv; the scalar rules
 * with NaN where nothing may be read; the gaps of a strided y untouched;
 * errors that change nothing; the same bits run after run.
 *
 * The shared helpers upload doubles as float or double only, so the half
 * types are encoded and decoded here, on the host, bit by bit. Inputs are
 * generated exactly representable in their type, so the reference works on
 * the exact values. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "gemv_check.h"
#include "gpu_helpers.h"
#include "reference.h"

/* ---- host conversions ---------------------------------------------------- */

/* The binary16 bits of v, which must be exactly representable (NaN maps to
 * the quiet NaN 0x7e00). */
static uint16_t half_bits(double v)
{
    if (isnan(v))
        return 0x7e00;
    const uint16_t sign = signbit(v) ? 0x8000 : 0;
    const double a = fabs(v);
    uint16_t b;
    if (isinf(a)) {
        b = 0x7c00;
    } else if (a < 0x1p-14) {
        b = (uint16_t)(a * 0x1p24); /* a subnormal: a multiple of 2^-24 */
    } else {
        int e;
        const double f = frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
        if (e > 16)
            fail_msg("%.17g is too large for binary16", v);
        b = (uint16_t)((e + 14) << 10 | (int)((2.0 * f - 1.0) * 1024.0));
    }
    b |= sign;
    if (ref_binary16(b) != v)
        fail_msg("%.17g is not representable in binary16", v);
    return b;
}

/* The bfloat16 bits of v, which must be exactly representable (NaN: 0x7fc0). */
static uint16_t bf16_bits(double v)
{
    if (isnan(v))
        return 0x7fc0;
    const float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if ((double)f != v || (u & 0xffff))
        fail_msg("%.17g is not representable in bfloat16", v);
    return (uint16_t)(u >> 16);
}

static const char *type_name(mv_datatype t)
{
    switch (t) {
    case MV_R_32F: return "MV_R_32F";
    case MV_R_64F: return "MV_R_64F";
    case MV_R_16F: return "MV_R_16F";
    case MV_R_16BF: return "MV_R_16BF";
    }
    return "?";
}

static size_t type_size(mv_datatype t)
{
    return t == MV_R_64F ? 8 : t == MV_R_32F ? 4 : 2;
}

/* Unit roundoff of one rounding to t. */
static double type_roundoff(mv_datatype t)
{
    return t == MV_R_16F ? 0x1p-11 : t == MV_R_16BF ? 0x1p-8 : 0x1p-24;
}

/* Half the spacing of t's subnormals: the absolute error of a rounding there. */
static double type_subnormal_error(mv_datatype t)
{
    return t == MV_R_16F ? 0x1p-25 : t == MV_R_16BF ? 0x1p-134 : 0x1p-150;
}

/* count values of t as raw bytes (malloc'd). */
static unsigned char *encode(mv_datatype t, const double *h, size_t count)
{
    unsigned char *raw = malloc((count ? count : 1) * type_size(t));
    assert_non_null(raw);
    for (size_t i = 0; i < count; ++i) {
        if (t == MV_R_32F) {
            const float f = (float)h[i];
            if (!isnan(h[i]) && (double)f != h[i])
                fail_msg("%.17g is not representable in float", h[i]);
            memcpy(raw + 4 * i, &f, 4);
        } else {
            const uint16_t b = t == MV_R_16F ? half_bits(h[i]) : bf16_bits(h[i]);
            memcpy(raw + 2 * i, &b, 2);
        }
    }
    return raw;
}

static double decode_one(mv_datatype t, const unsigned char *raw, size_t i)
{
    if (t == MV_R_32F) {
        float f;
        memcpy(&f, raw + 4 * i, 4);
        return (double)f;
    }
    uint16_t b;
    memcpy(&b, raw + 2 * i, 2);
    return t == MV_R_16F ? ref_binary16(b) : ref_bfloat16(b);
}

/* A random value of t in [-1, 1], exactly representable: fp16 k/2048 with
 * |k| <= 2048 (11 significant bits at most, never subnormal); bf16 a random
 * float's top 16 bits; float a random float. */
static double random_value(rng_t *r, mv_datatype t)
{
    if (t == MV_R_16F)
        return (double)rng_range(r, -2048, 2048) / 2048.0;
    const float f = (float)rng_uniform(r);
    if (t == MV_R_16BF) {
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return ref_bfloat16((uint16_t)(u >> 16));
    }
    return (double)f;
}

static void *dev_put_raw(const void *raw, size_t bytes)
{
    void *d = NULL;
    CHECK_CUDA(cudaMalloc(&d, bytes ? bytes : 1));
    if (bytes)
        CHECK_CUDA(cudaMemcpy(d, raw, bytes, cudaMemcpyHostToDevice));
    return d;
}

static unsigned char *dev_get_raw(const void *d, size_t bytes)
{
    unsigned char *raw = malloc(bytes ? bytes : 1);
    assert_non_null(raw);
    if (bytes)
        CHECK_CUDA(cudaMemcpy(raw, d, bytes, cudaMemcpyDeviceToHost));
    return raw;
}

/* Known bit patterns both ways, and every non-NaN pattern of both types
 * back to itself. */
static void test_conversions(void **state)
{
    (void)state;
    static const struct {
        uint16_t bits;
        double half, bf16;
    } known[] = {
        {0x0000, 0.0, 0.0},
        {0x0001, 0x1p-24, 0x1p-133},
        {0x0040, 0x1p-18, 0x1p-127},
        {0x03ff, 0x3ffp-24, 0x1.fep-120},
        {0x0400, 0x1p-14, 0x1p-119},
        {0x3c00, 1.0, 0x1p-7},
        {0x3f80, 0x1.ep0, 1.0},
        {0xc000, -2.0, -2.0},
        {0x7bff, 65504.0, 0x1.fep+120},
        {0x7c00, INFINITY, 0x1p+121},
        {0x7f80, NAN, INFINITY},
        {0xff80, NAN, -INFINITY},
        {0xfc00, -INFINITY, -0x1p+121},
        {0x8001, -0x1p-24, -0x1p-133},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i) {
        const double hv = ref_binary16(known[i].bits), bv = ref_bfloat16(known[i].bits);
        if (isnan(known[i].half) ? !isnan(hv) : hv != known[i].half)
            fail_msg("binary16 0x%04x decodes to %a, expected %a", known[i].bits, hv, known[i].half);
        if (bv != known[i].bf16)
            fail_msg("bfloat16 0x%04x decodes to %a, expected %a", known[i].bits, bv, known[i].bf16);
    }
    assert_true(isnan(ref_binary16(0x7e00)) && isnan(ref_binary16(0xfc01)) && isnan(ref_bfloat16(0x7fc0)) &&
                isnan(ref_bfloat16(0xff81)));
    assert_true(signbit(ref_binary16(0x8000)) && signbit(ref_bfloat16(0x8000)));
    for (uint32_t b = 0; b <= 0xffff; ++b) {
        const double hv = ref_binary16((uint16_t)b), bv = ref_bfloat16((uint16_t)b);
        if (!isnan(hv) && half_bits(hv) != b)
            fail_msg("binary16 0x%04x -> %a -> 0x%04x", (unsigned)b, hv, (unsigned)half_bits(hv));
        if (!isnan(bv) && bf16_bits(bv) != b)
            fail_msg("bfloat16 0x%04x -> %a -> 0x%04x", (unsigned)b, bv, (unsigned)bf16_bits(bv));
    }
    assert_int_equal(half_bits((double)NAN), 0x7e00);
    assert_int_equal(bf16_bits((double)NAN), 0x7fc0);
}

/* ---- one case ------------------------------------------------------------ */

typedef struct {
    mv_datatype at, xt, yt;
    mv_operation trans;
    int64_t m, n, lda, incx, incy;
    double alpha, beta;
    int nan_in;          /* A and x NaN: only with alpha == 0, which reads neither */
    int64_t off_a, off_x; /* A and x start this many elements into their buffers */
} ex_case;

#define EX_FMT "%s/%s/%s %s m=%lld n=%lld lda=%lld incx=%lld incy=%lld off_a=%lld alpha=%g beta=%g%s"
#define EX_ARGS(c)                                                                                              \
    type_name((c)->at), type_name((c)->xt), type_name((c)->yt), (c)->trans == MV_OP_T ? "T" : "N",           \
        (long long)(c)->m, (long long)(c)->n, (long long)(c)->lda, (long long)(c)->incx, (long long)(c)->incy,  \
        (long long)(c)->off_a, (c)->alpha, (c)->beta, (c)->nan_in ? " (NaN A, x)" : ""

/* The supported combinations of a_type, x_type, y_type. */
static const mv_datatype combos[][3] = {
    {MV_R_16F, MV_R_16F, MV_R_16F},    {MV_R_16F, MV_R_32F, MV_R_16F},    {MV_R_16F, MV_R_16F, MV_R_32F},
    {MV_R_16F, MV_R_32F, MV_R_32F},    {MV_R_16BF, MV_R_16BF, MV_R_16BF}, {MV_R_16BF, MV_R_32F, MV_R_16BF},
    {MV_R_16BF, MV_R_16BF, MV_R_32F},  {MV_R_16BF, MV_R_32F, MV_R_32F},   {MV_R_32F, MV_R_32F, MV_R_32F},
};
enum { COMBOS = sizeof combos / sizeof combos[0] };

static ex_case make_case(size_t combo, mv_operation trans, int64_t m, int64_t n, double alpha, double beta)
{
    return (ex_case){combos[combo][0], combos[combo][1], combos[combo][2], trans, m, n, m > 1 ? m : 1, 1, 1,
                     alpha, beta, 0, 0, 0};
}

/* mv_gemv_ex with the handle's pointer mode: alpha and beta as host floats,
 * or uploaded. With sgemv set, mv_sgemv instead on the same pointers. */
static mv_status call_ex(mv_handle h, const ex_case *c, const void *A, const void *x, void *y, int sgemv)
{
    mv_pointer_mode mode = MV_POINTER_MODE_HOST;
    CHECK_MV(h, mv_get_pointer_mode(h, &mode));
    const float s[2] = {(float)c->alpha, (float)c->beta};
    float *ds = NULL;
    const float *p = s;
    if (mode == MV_POINTER_MODE_DEVICE) {
        ds = dev_put_raw(s, sizeof s);
        p = ds;
    }
    const mv_status st =
        sgemv ? mv_sgemv(h, c->trans, c->m, c->n, p, A, c->lda, x, c->incx, p + 1, y, c->incy)
              : mv_gemv_ex(h, c->trans, c->m, c->n, p, A, c->at, c->lda, x, c->xt, c->incx, p + 1, y, c->yt, c->incy);
    if (ds) {
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaFree(ds));
    }
    return st;
}

/* Checks y_out (raw, y's whole span) against the reference from A, x and
 * y_in (doubles, exact): within float accumulation error plus one rounding
 * to y_type; the elements between y's own bitwise as they were. */
static void check_result(const ex_case *c, const double *A, const double *x, const double *y_in,
                         const unsigned char *y_in_raw, const unsigned char *y_out)
{
    const int64_t len_y = c->trans == MV_OP_T ? c->n : c->m, len_x = c->trans == MV_OP_T ? c->m : c->n;
    const size_t span = vector_span(len_y, c->incy), es = type_size(c->yt);
    const size_t step = (size_t)(c->incy < 0 ? -c->incy : c->incy);
    for (size_t q = 0; q < span; ++q)
        if (q % step != 0 && memcmp(y_in_raw + q * es, y_out + q * es, es) != 0)
            fail_msg(EX_FMT ": y[%zu], between elements, changed", EX_ARGS(c), q);
    double *want = malloc(span * sizeof *want), *bound = malloc((size_t)(len_y ? len_y : 1) * sizeof *bound);
    assert_true(want && bound);
    memcpy(want, y_in, span * sizeof *want);
    ref_gemv(c->trans == MV_OP_T, c->m, c->n, c->alpha, A, c->lda, x, c->incx, c->beta, want, c->incy, bound);
    const double u = c->yt == MV_R_32F ? 0.0 : type_roundoff(c->yt);
    const double sub = c->yt == MV_R_32F ? 0.0 : type_subnormal_error(c->yt);
    for (int64_t i = 0; i < len_y; ++i) {
        const int64_t q = ref_index(i, len_y, c->incy);
        const double got = decode_one(c->yt, y_out, (size_t)q);
        const double acc = ref_tolerance(0x1p-24, len_x, bound[i]);
        const double tol = acc + u * (fabs(want[q]) + acc) + sub;
        const double err = got - want[q];
        if (!(err <= tol && -err <= tol))
            fail_msg(EX_FMT ": y element %lld is %.17g, reference %.17g, error %.3g > tolerance %.3g", EX_ARGS(c),
                     (long long)i, got, want[q], err, tol);
    }
    free(want);
    free(bound);
}

static double *host_values(rng_t *r, mv_datatype t, size_t count, int nan)
{
    double *v = malloc((count ? count : 1) * sizeof *v);
    assert_non_null(v);
    for (size_t i = 0; i < count; ++i)
        v[i] = nan ? (double)NAN : random_value(r, t);
    return v;
}

/* One case's operands: fresh values on the host (y NaN where beta is 0, so a
 * read shows; NaN in the gaps of a strided y), their raw encodings, and
 * device copies; pA and px are A and x at the case's offsets. */
typedef struct {
    size_t sa, sx, sy, ba, bx, by;
    double *A, *x, *y;
    unsigned char *rA, *rx, *ry, *dA, *dx, *dy;
    const unsigned char *pA, *px;
} ex_data;

static ex_data ex_data_make(const ex_case *c, rng_t *r)
{
    ex_data d;
    const int64_t len_y = c->trans == MV_OP_T ? c->n : c->m, len_x = c->trans == MV_OP_T ? c->m : c->n;
    d.sa = (size_t)(c->off_a + c->lda * c->n);
    d.sx = (size_t)c->off_x + vector_span(len_x, c->incx);
    d.sy = vector_span(len_y, c->incy);
    d.ba = d.sa * type_size(c->at);
    d.bx = d.sx * type_size(c->xt);
    d.by = d.sy * type_size(c->yt);
    d.A = host_values(r, c->at, d.sa, c->nan_in);
    d.x = host_values(r, c->xt, d.sx, c->nan_in);
    d.y = host_values(r, c->yt, d.sy, c->beta == 0.0);
    for (size_t q = 0; q < d.sy; ++q)
        if (q % (size_t)llabs(c->incy))
            d.y[q] = (double)NAN;
    d.rA = encode(c->at, d.A, d.sa);
    d.rx = encode(c->xt, d.x, d.sx);
    d.ry = encode(c->yt, d.y, d.sy);
    d.dA = dev_put_raw(d.rA, d.ba);
    d.dx = dev_put_raw(d.rx, d.bx);
    d.dy = dev_put_raw(d.ry, d.by);
    d.pA = d.dA + (size_t)c->off_a * type_size(c->at);
    d.px = d.dx + (size_t)c->off_x * type_size(c->xt);
    return d;
}

static void ex_data_free(ex_data *d)
{
    CHECK_CUDA(cudaFree(d->dA));
    CHECK_CUDA(cudaFree(d->dx));
    CHECK_CUDA(cudaFree(d->dy));
    free(d->rA);
    free(d->rx);
    free(d->ry);
    free(d->A);
    free(d->x);
    free(d->y);
}

/* Runs c with fresh data (ex_data_make) and checks y, that A and x come
 * back unchanged and, for an all-float case, that mv_sgemv gives the same
 * bits. *y_out (if given) receives y's raw bytes (the caller frees). */
static void run_ex_keep(mv_handle h, const ex_case *c, rng_t *r, unsigned char **y_out)
{
    ex_data d = ex_data_make(c, r);
    const int all_float = c->at == MV_R_32F && c->xt == MV_R_32F && c->yt == MV_R_32F;
    unsigned char *dy_s = all_float ? dev_put_raw(d.ry, d.by) : NULL;
    mv_status st = call_ex(h, c, d.pA, d.px, d.dy, 0);
    if (st != MV_SUCCESS)
        fail_msg(EX_FMT ": returned %s: %s", EX_ARGS(c), mv_status_string(st), mv_last_error(h));
    if (all_float) {
        st = call_ex(h, c, d.pA, d.px, dy_s, 1);
        if (st != MV_SUCCESS)
            fail_msg(EX_FMT ": mv_sgemv returned %s: %s", EX_ARGS(c), mv_status_string(st), mv_last_error(h));
    }
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaGetLastError());
    unsigned char *oy = dev_get_raw(d.dy, d.by);
    check_result(c, d.A + c->off_a, d.x + c->off_x, d.y, d.ry, oy);
    if (all_float) {
        unsigned char *os = dev_get_raw(dy_s, d.by);
        if (memcmp(os, oy, d.by) != 0)
            fail_msg(EX_FMT ": differs from mv_sgemv", EX_ARGS(c));
        free(os);
        CHECK_CUDA(cudaFree(dy_s));
    }
    unsigned char *back = dev_get_raw(d.dA, d.ba);
    if (memcmp(back, d.rA, d.ba) != 0)
        fail_msg(EX_FMT ": A was modified", EX_ARGS(c));
    free(back);
    back = dev_get_raw(d.dx, d.bx);
    if (memcmp(back, d.rx, d.bx) != 0)
        fail_msg(EX_FMT ": x was modified", EX_ARGS(c));
    free(back);
    if (y_out)
        *y_out = oy;
    else
        free(oy);
    ex_data_free(&d);
}

static void run_ex(mv_handle h, const ex_case *c, rng_t *r)
{
    run_ex_keep(h, c, r, NULL);
}

/* ---- the tests ----------------------------------------------------------- */

/* Every combination, both ops, odd shapes from 1 x 1 to 257 x 1025, tall
 * and wide. */
static void test_shapes(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(70);
    static const int64_t shapes[][2] = {{1, 1},     {7, 3},      {33, 65},   {1000, 3},
                                        {3, 1000},  {257, 1025}, {4096, 40}, {40, 4096}};
    static const double scal[][2] = {{1.0, 0.0}, {0.5, -1.5}, {-1.0, 1.0}};
    for (size_t k = 0; k < COMBOS; ++k)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
            const int64_t m = shapes[s][0], n = shapes[s][1];
            if (small_mode() && m * n > 40000)
                continue;
            for (int t = 0; t < 2; ++t) {
                const double *ab = scal[(s + k + (size_t)t) % 3];
                const ex_case c = make_case(k, t ? MV_OP_T : MV_OP_N, m, n, ab[0], ab[1]);
                run_ex(h, &c, &r);
            }
        }
}

/* lda above m, odd and even (with a half type, columns that start on odd
 * 2-byte addresses); A 2 or 6 bytes off a 16-byte boundary for the half
 * types (4 or 12 for float), x one element off; increments 1, 2, -1, -3. */
static void test_strides_and_alignment(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(71);
    static const int64_t shapes[][2] = {{7, 3}, {33, 65}, {131, 67}, {45, 1031}, {1029, 37}};
    static const int64_t incs[][2] = {{1, 1}, {2, -1}, {-3, 2}, {-1, -3}};
    for (size_t k = 0; k < COMBOS; ++k)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
            if (small_mode() && s >= 3)
                continue;
            for (int t = 0; t < 2; ++t)
                for (size_t v = 0; v < sizeof incs / sizeof incs[0]; ++v) {
                    const int64_t m = shapes[s][0], n = shapes[s][1];
                    ex_case c = make_case(k, t ? MV_OP_T : MV_OP_N, m, n, v % 2 ? 0.5 : 1.0, v % 2 ? -1.5 : 0.0);
                    c.lda = m + 1 + (int64_t)(v % 2); /* m odd: even, then odd */
                    c.incx = incs[v][0];
                    c.incy = incs[v][1];
                    c.off_a = v < 2 ? 1 : 3;
                    c.off_x = (int64_t)(v % 2);
                    run_ex(h, &c, &r);
                }
        }
}

/* alpha = 0 reads neither A nor x (NaN there); beta = 0 does not read y
 * (run_ex_keep fills it with NaN); alpha = 0 with beta = 1 gives y back; in
 * both pointer modes, every combination, both ops. */
static void test_scalar_rules(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(72);
    static const struct {
        double alpha, beta;
        int nan_in;
    } rules[] = {{1.0, 0.0, 0}, {0.5, -1.5, 0}, {0.0, 0.5, 1}, {0.0, 1.0, 1}, {0.0, 0.0, 1}, {-2.0, 0.0, 0}};
    for (int mode = 0; mode < 2; ++mode) {
        CHECK_MV(h, mv_set_pointer_mode(h, mode ? MV_POINTER_MODE_DEVICE : MV_POINTER_MODE_HOST));
        for (size_t k = 0; k < COMBOS; ++k)
            for (int t = 0; t < 2; ++t)
                for (size_t i = 0; i < sizeof rules / sizeof rules[0]; ++i) {
                    ex_case c = make_case(k, t ? MV_OP_T : MV_OP_N, 131, small_mode() ? 67 : 517, rules[i].alpha,
                                          rules[i].beta);
                    c.nan_in = rules[i].nan_in;
                    c.incy = i % 2 ? -2 : 1;
                    run_ex(h, &c, &r);
                }
    }
    CHECK_MV(h, mv_set_pointer_mode(h, MV_POINTER_MODE_HOST));
}

/* m = 0 or n = 0 needs no pointer; alpha = 0 with beta = 1 in host mode
 * leaves y bitwise alone (NaN in it included), A and x never read. */
static void test_quick_returns(void **state)
{
    mv_handle h = *state;
    for (size_t k = 0; k < COMBOS; ++k) {
        const float zero = 0.0f, one = 1.0f;
        const mv_datatype at = combos[k][0], xt = combos[k][1], yt = combos[k][2];
        assert_int_equal(mv_gemv_ex(h, MV_OP_N, 0, 5, NULL, NULL, at, 1, NULL, xt, 1, NULL, NULL, yt, 1), MV_SUCCESS);
        assert_int_equal(mv_gemv_ex(h, MV_OP_T, 5, 0, NULL, NULL, at, 5, NULL, xt, -2, NULL, NULL, yt, 3), MV_SUCCESS);
        enum { M = 37 };
        double y[M];
        rng_t r = rng_make(73);
        for (int i = 0; i < M; ++i)
            y[i] = i % 5 ? random_value(&r, yt) : (double)NAN;
        unsigned char *ry = encode(yt, y, M);
        void *dy = dev_put_raw(ry, M * type_size(yt));
        CHECK_MV(h, mv_gemv_ex(h, MV_OP_N, M, 11, &zero, NULL, at, M, NULL, xt, 1, &one, dy, yt, 1));
        CHECK_MV(h, mv_gemv_ex(h, MV_OP_T, 11, M, &zero, NULL, at, 11, NULL, xt, 1, &one, dy, yt, -1));
        CHECK_CUDA(cudaDeviceSynchronize());
        unsigned char *oy = dev_get_raw(dy, M * type_size(yt));
        if (memcmp(oy, ry, M * type_size(yt)) != 0)
            fail_msg("%s/%s/%s: alpha = 0, beta = 1 changed y", type_name(at), type_name(xt), type_name(yt));
        free(oy);
        free(ry);
        CHECK_CUDA(cudaFree(dy));
    }
}

/* Bad arguments on a live handle: the status, the message, and y (device
 * memory) untouched. */
static void test_errors_change_nothing(void **state)
{
    mv_handle h = *state;
    enum { M = 4, N = 3 };
    const float one = 1.0f, zero = 0.0f;
    double hy[M] = {0.5, -0.25, 1.0, 0.125};
    for (size_t k = 0; k < COMBOS; ++k) {
        const mv_datatype at = combos[k][0], xt = combos[k][1], yt = combos[k][2];
        unsigned char zeros[M * N * 4] = {0};
        unsigned char *ry = encode(yt, hy, M);
        void *dA = dev_put_raw(zeros, sizeof zeros), *dx = dev_put_raw(zeros, sizeof zeros);
        void *dy = dev_put_raw(ry, M * type_size(yt));
        const struct {
            mv_operation trans;
            int64_t m, lda, incx, incy;
            mv_datatype at, xt, yt;
            int null; /* 1 A, 2 x, 3 y, 4 alpha, 5 beta */
            mv_status want;
            const char *msg;
        } calls[] = {
            {(mv_operation)7, M, M, 1, 1, at, xt, yt, 0, MV_ERR_INVALID_VALUE,
             "mv_gemv_ex: trans = 7 must be MV_OP_N (0) or MV_OP_T (1)"},
            {MV_OP_N, M, M, 1, 1, (mv_datatype)9, xt, yt, 0, MV_ERR_INVALID_VALUE,
             "mv_gemv_ex: a_type = 9 is not an mv_datatype"},
            {MV_OP_N, M, M, 1, 1, at, (mv_datatype)9, yt, 0, MV_ERR_INVALID_VALUE,
             "mv_gemv_ex: x_type = 9 is not an mv_datatype"},
            {MV_OP_N, M, M, 1, 1, at, xt, (mv_datatype)9, 0, MV_ERR_INVALID_VALUE,
             "mv_gemv_ex: y_type = 9 is not an mv_datatype"},
            {MV_OP_T, M, M, 1, 1, MV_R_64F, MV_R_64F, MV_R_64F, 0, MV_ERR_NOT_SUPPORTED,
             "mv_gemv_ex: a_type = MV_R_64F is not supported (MV_R_16F, MV_R_16BF or MV_R_32F)"},
            {MV_OP_N, -1, M, 1, 1, at, xt, yt, 0, MV_ERR_INVALID_VALUE, "mv_gemv_ex: m = -1 must be >= 0"},
            {MV_OP_N, M, M - 1, 1, 1, at, xt, yt, 0, MV_ERR_INVALID_VALUE,
             "mv_gemv_ex: lda = 3 must be >= max(1, m) = 4"},
            {MV_OP_T, M, M, 0, 1, at, xt, yt, 0, MV_ERR_INVALID_VALUE, "mv_gemv_ex: incx = 0 must not be 0"},
            {MV_OP_N, M, M, 1, 0, at, xt, yt, 0, MV_ERR_INVALID_VALUE, "mv_gemv_ex: incy = 0 must not be 0"},
            {MV_OP_N, M, M, 1, 1, at, xt, yt, 1, MV_ERR_INVALID_VALUE, "mv_gemv_ex: A = NULL"},
            {MV_OP_N, M, M, 1, 1, at, xt, yt, 2, MV_ERR_INVALID_VALUE, "mv_gemv_ex: x = NULL"},
            {MV_OP_T, M, M, 1, 1, at, xt, yt, 3, MV_ERR_INVALID_VALUE, "mv_gemv_ex: y = NULL"},
            {MV_OP_N, M, M, 1, 1, at, xt, yt, 4, MV_ERR_INVALID_VALUE, "mv_gemv_ex: alpha = NULL"},
            {MV_OP_N, M, M, 1, 1, at, xt, yt, 5, MV_ERR_INVALID_VALUE, "mv_gemv_ex: beta = NULL"},
        };
        for (size_t i = 0; i < sizeof calls / sizeof calls[0]; ++i) {
            const mv_status st = mv_gemv_ex(h, calls[i].trans, calls[i].m, N, calls[i].null == 4 ? NULL : &one,
                                            calls[i].null == 1 ? NULL : dA, calls[i].at, calls[i].lda,
                                            calls[i].null == 2 ? NULL : dx, calls[i].xt, calls[i].incx,
                                            calls[i].null == 5 ? NULL : &zero, calls[i].null == 3 ? NULL : dy,
                                            calls[i].yt, calls[i].incy);
            if (st != calls[i].want || strcmp(mv_last_error(h), calls[i].msg) != 0)
                fail_msg("%s/%s/%s call %zu: %s \"%s\", expected %s \"%s\"", type_name(at), type_name(xt),
                         type_name(yt), i, mv_status_string(st), mv_last_error(h), mv_status_string(calls[i].want),
                         calls[i].msg);
        }
        CHECK_CUDA(cudaDeviceSynchronize());
        unsigned char *oy = dev_get_raw(dy, M * type_size(yt));
        assert_memory_equal(oy, ry, M * type_size(yt));
        free(oy);
        free(ry);
        CHECK_CUDA(cudaFree(dA));
        CHECK_CUDA(cudaFree(dx));
        CHECK_CUDA(cudaFree(dy));
    }
    /* A supported a_type with an x_type or y_type it does not take. */
    assert_int_equal(mv_gemv_ex(h, MV_OP_N, 2, 2, &one, &one, MV_R_16F, 2, &one, MV_R_16BF, 1, &one, (void *)hy,
                                MV_R_16F, 1),
                     MV_ERR_NOT_SUPPORTED);
    assert_string_equal(mv_last_error(h), "mv_gemv_ex: x_type = MV_R_16BF with a_type = MV_R_16F is not supported "
                                          "(x_type must be a_type or MV_R_32F)");
    assert_int_equal(mv_gemv_ex(h, MV_OP_N, 2, 2, &one, &one, MV_R_32F, 2, &one, MV_R_32F, 1, &one, (void *)hy,
                                MV_R_16BF, 1),
                     MV_ERR_NOT_SUPPORTED);
    assert_string_equal(mv_last_error(h), "mv_gemv_ex: y_type = MV_R_16BF with a_type = MV_R_32F is not supported "
                                          "(y_type must be a_type or MV_R_32F)");
}

/* The same inputs give the same bits, on shapes large enough to be split
 * across many blocks. */
static void test_repeatable(void **state)
{
    mv_handle h = *state;
    const int64_t shapes[][2] = {{small_mode() ? 2001 : 20001, 33}, {33, small_mode() ? 2001 : 20001}};
    for (size_t k = 0; k < COMBOS; ++k)
        for (int s = 0; s < 2; ++s) {
            const ex_case c = make_case(k, s ? MV_OP_N : MV_OP_T, shapes[s][0], shapes[s][1], 1.0, 0.5);
            const size_t bytes = (size_t)(s ? c.m : c.n) * type_size(c.yt);
            unsigned char *y0 = NULL, *y1 = NULL;
            rng_t r0 = rng_make(74), r1 = rng_make(74);
            run_ex_keep(h, &c, &r0, &y0);
            run_ex_keep(h, &c, &r1, &y1);
            if (memcmp(y0, y1, bytes) != 0)
                fail_msg(EX_FMT ": the second run differs from the first", EX_ARGS(&c));
            free(y0);
            free(y1);
        }
}

/* Captured into a CUDA graph on a stream of its own (the part kernels and
 * the finish are programmatic dependent launches), two replays compute
 * the bits a direct call does; shapes whose sums are split into parts. */
static void test_graph_capture(void **state)
{
    mv_handle h = *state;
    rng_t r = rng_make(75);
    const int64_t shapes[][2] = {{4001, 1003}, {1003, 4001}, {33, small_mode() ? 2001 : 20001}};
    const size_t picks[] = {4, 3};  /* bf16 throughout; fp16 A with float x and y */
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK_MV(h, mv_set_stream(h, s));
    for (size_t p = 0; p < sizeof picks / sizeof picks[0]; ++p)
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k)
            for (int t = 0; t < 2; ++t) {
                const ex_case c = make_case(picks[p], t ? MV_OP_T : MV_OP_N, shapes[k][0], shapes[k][1], 1.5, 0.0);
                ex_data d = ex_data_make(&c, &r);
                CHECK_MV(h, call_ex(h, &c, d.pA, d.px, d.dy, 0));
                CHECK_CUDA(cudaStreamSynchronize(s));
                unsigned char *direct = dev_get_raw(d.dy, d.by);
                check_result(&c, d.A, d.x, d.y, d.ry, direct);
                CHECK_CUDA(cudaMemcpy(d.dy, d.ry, d.by, cudaMemcpyHostToDevice));
                cudaGraph_t g;
                cudaGraphExec_t ge;
                CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
                CHECK_MV(h, call_ex(h, &c, d.pA, d.px, d.dy, 0));
                CHECK_CUDA(cudaStreamEndCapture(s, &g));
                CHECK_CUDA(cudaGraphInstantiate(&ge, g, 0));
                for (int rep = 0; rep < 2; ++rep) {
                    CHECK_CUDA(cudaGraphLaunch(ge, s));
                    CHECK_CUDA(cudaStreamSynchronize(s));
                    unsigned char *replayed = dev_get_raw(d.dy, d.by);
                    if (memcmp(replayed, direct, d.by) != 0)
                        fail_msg(EX_FMT ": replay %d of the captured call differs from the direct call", EX_ARGS(&c),
                                 rep);
                    free(replayed);
                    CHECK_CUDA(cudaMemcpy(d.dy, d.ry, d.by, cudaMemcpyHostToDevice));
                }
                CHECK_CUDA(cudaGraphExecDestroy(ge));
                CHECK_CUDA(cudaGraphDestroy(g));
                free(direct);
                ex_data_free(&d);
            }
    CHECK_MV(h, mv_set_stream(h, 0));
    CHECK_CUDA(cudaStreamDestroy(s));
}

GPU_TEST_MAIN("gemv_ex",
              cmocka_unit_test(test_conversions),
              HANDLE_TEST(test_shapes),
              HANDLE_TEST(test_strides_and_alignment),
              HANDLE_TEST(test_scalar_rules),
              HANDLE_TEST(test_quick_returns),
              HANDLE_TEST(test_errors_change_nothing),
              HANDLE_TEST(test_repeatable),
              HANDLE_TEST(test_graph_capture))
