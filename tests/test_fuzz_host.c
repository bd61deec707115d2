/* Argument fuzzing of every public function on the host, with no GPU.
 *
 * A seeded generator makes calls with sizes, leading dimensions, increments
 * and strides at and around 0, 1, -1, small values, 2^31, 2^32 and the
 * 64-bit limits (including the exact boundaries where an extent passes 2^63
 * bytes), NULL in every pointer slot, both pointer modes, every enum value
 * and invalid ones, host scalars 0, -0, 1, other values and NaN, and
 * outputs aliasing inputs. The calls run on a handle bound to no device
 * (mv_create_detached), so a valid call stops at MV_ERR_NO_DEVICE.
 *
 * For each call, the oracle below computes the expected status and message
 * from the documented rules (docs/semantics.md, docs/gemm.md,
 * docs/transpose.md and include/matvec.h), independently of the library's
 * validators. Every host buffer handed to a call (operands, scalars) is
 * poisoned before and must be bitwise unchanged after.
 *
 * MATVEC_FUZZ_SEED=N replays a run (the seed is printed); MATVEC_FUZZ_CALLS=K
 * sets the number of calls (default 200000). Build with
 * -DMATVEC_SANITIZE_HOST=ON to run it under AddressSanitizer and
 * UndefinedBehaviorSanitizer. */
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/internal.h"
#include "matvec.h"

__extension__ typedef __int128 i128;

/* ---- random numbers -------------------------------------------------------------------------- */

static uint64_t rng_state;

static uint64_t rnd(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int64_t below(int64_t n) { return (int64_t)(rnd() % (uint64_t)n); }
static int chance(int percent) { return below(100) < percent; }

/* ---- the calls ------------------------------------------------------------------------------- */

typedef enum {
    F_SGEMV, F_DGEMV, F_SGEMV_NT, F_DGEMV_NT, F_SSTRIDED, F_DSTRIDED, F_SBATCHED, F_DBATCHED, F_GEMV_EX,
    F_STRANSPOSE, F_DTRANSPOSE, F_STRANSPOSE_IP, F_DTRANSPOSE_IP, F_SGEMM, F_DGEMM,
    F_SET_STREAM, F_GET_STREAM, F_SET_MODE, F_GET_MODE, F_STATUS_STRING, F_LAST_ERROR, F_CREATE_NULL,
    F_DESTROY_NULL, F_COUNT
} fn_id;

static const char *const fn_names[F_COUNT] = {
    "mv_sgemv", "mv_dgemv", "mv_sgemv_nt", "mv_dgemv_nt", "mv_sgemv_strided_batched",
    "mv_dgemv_strided_batched", "mv_sgemv_batched", "mv_dgemv_batched", "mv_gemv_ex", "mv_stranspose",
    "mv_dtranspose", "mv_stranspose_inplace", "mv_dtranspose_inplace", "mv_sgemm", "mv_dgemm",
    "mv_set_stream", "mv_get_stream", "mv_set_pointer_mode", "mv_get_pointer_mode", "mv_status_string",
    "mv_last_error", "mv_create", "mv_destroy",
};

/* Every argument any function takes; each call uses its own. Pointers are
 * NULL or point into the arena (operands) or at the scalar slots. */
typedef struct {
    fn_id fn;
    int null_handle;
    int trans, transa, transb, a_type, x_type, y_type, mode_arg, status_arg;
    int64_t m, n, k, lda, ldb, ldc, incx, incy, incw, incz, stride_a, stride_x, stride_y, batch;
    void *A, *B, *C, *x, *y, *w, *z;
    void *alpha, *beta, *gamma, *delta;
    double alpha_v, beta_v, gamma_v, delta_v;
    cudaStream_t stream_arg;
    int null_out; /* get_stream / get_pointer_mode: NULL output */
} call;

/* ---- host buffers ---------------------------------------------------------------------------- */

/* Operands point into the arena, which is poisoned before each call and must
 * be bitwise unchanged after. Each scalar has its own heap slot of exactly
 * its type's size, so that AddressSanitizer catches a read of the wrong
 * width. */
#define ARENA_BYTES 4096
static unsigned char *arena, *arena_copy;
static float *fslot[4];
static double *dslot[4];
static unsigned char dslot_copy[4][8], fslot_copy[4][4];

static void *arena_ptr(int64_t elem_size)
{
    /* Offsets on element boundaries, sometimes off them (2-byte types). */
    int64_t off = below(ARENA_BYTES / 2);
    off -= off % elem_size;
    return arena + off;
}

static const double scalar_pool[] = {0.0, -0.0, 1.0, 1.0, 0.0, 2.0, -1.0, 0.5, NAN, INFINITY, 1.0000001, 1e-30};

static double pick_scalar(void) { return scalar_pool[below(sizeof scalar_pool / sizeof scalar_pool[0])]; }

/* Fills slot i with v (as float or double) and returns it, or NULL. */
static void *scalar_arg(int i, int is_double, double v, int null_percent)
{
    if (chance(null_percent))
        return NULL;
    if (is_double) {
        *dslot[i] = v;
        return dslot[i];
    }
    *fslot[i] = (float)v;
    return fslot[i];
}

/* ---- argument pools -------------------------------------------------------------------------- */

static const int64_t big_pool[] = {
    INT64_MAX, INT64_MIN, INT64_MAX / 2, INT64_MAX / 4, INT64_MAX / 8, INT64_MAX / 8 + 1, INT64_MAX / 16,
    (int64_t)1 << 31, ((int64_t)1 << 31) - 1, ((int64_t)1 << 32) + 1, (int64_t)1 << 40, (int64_t)1 << 61,
    ((int64_t)1 << 62) + 1, -((int64_t)1 << 31), INT64_MIN + 1, 3037000499, 3037000500,
};

static int64_t pick_big(void) { return big_pool[below(sizeof big_pool / sizeof big_pool[0])]; }

/* A size: mostly small, so that many calls are valid; at times 0, negative
 * or huge. */
static int64_t pick_size(void)
{
    const int r = (int)below(100);
    if (r < 75)
        return below(7);
    if (r < 85)
        return -below(3) - 1;
    if (r < 88)
        return INT64_MIN;
    return pick_big();
}

/* The largest step d >= 0 with (count - 1) * d + base <= limit elements,
 * limit being 2^63 bytes or INT64_MAX bytes in elements: the exact edges. */
static int64_t edge_step(int64_t count, int64_t base, int64_t size)
{
    const i128 limit = chance(50) ? (((i128)1 << 63) / size) : (INT64_MAX / size);
    if (count <= 1 || base > limit)
        return INT64_MAX;
    const i128 d = (limit - base) / (count - 1);
    return d > INT64_MAX ? INT64_MAX : (int64_t)d;
}

/* An edge, or one past it. */
static int64_t edge_or_next(int64_t e) { return e < INT64_MAX ? e + below(2) : e; }

/* A leading dimension for a rows x cols matrix. */
static int64_t pick_ld(int64_t rows, int64_t cols, int64_t size)
{
    const int r = (int)below(100);
    const int64_t min = rows > 1 ? rows : 1;
    if (r < 60)
        return min > INT64_MAX - 2 ? min : min + below(3);
    if (r < 70)
        return min - 1 - below(2);
    if (r < 85)
        return edge_or_next(edge_step(cols, rows, size));
    return pick_big();
}

/* An increment for a vector of len elements. */
static int64_t pick_inc(int64_t len, int64_t size)
{
    const int r = (int)below(100);
    if (r < 60)
        return (below(3) + 1) * (chance(50) ? 1 : -1);
    if (r < 68)
        return 0;
    if (r < 85) {
        const int64_t e = edge_or_next(edge_step(len, 1, size));
        return chance(50) ? e : -e;
    }
    const int64_t b = pick_big();
    return chance(50) || b == INT64_MIN ? b : -b;
}

static int pick_op(void)
{
    static const int ops[] = {MV_OP_N, MV_OP_T, MV_OP_N, MV_OP_T, MV_OP_N, MV_OP_T, -1, 2, 7, INT32_MIN};
    return ops[below(sizeof ops / sizeof ops[0])];
}

static int pick_type(void)
{
    static const int types[] = {MV_R_32F, MV_R_64F, MV_R_16F, MV_R_16BF, -1, 4, 1000};
    const int r = (int)below(100);
    return r < 85 ? types[below(4)] : types[4 + below(3)];
}

static int64_t type_bytes(int t) { return t == MV_R_64F ? 8 : t == MV_R_32F ? 4 : 2; }

/* An operand pointer: NULL now and then, else into the arena; an output
 * sometimes aliases an input outright. */
static void *operand(int64_t size) { return chance(8) ? NULL : arena_ptr(size); }
static void *output(void *aliased, int64_t size) { return aliased && chance(15) ? aliased : operand(size); }

/* ---- the oracle ------------------------------------------------------------------------------ */

/* What a call must give. The message is checked exactly or by prefix (and
 * then suffix); for MV_SUCCESS the handle's message must be unchanged. */
typedef struct {
    mv_status status;
    int exact;
    char text[MV_MESSAGE_CAPACITY];
    char suffix[64];
} expectation;

static expectation fail_exact(mv_status st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static expectation fail_exact(mv_status st, const char *fmt, ...)
{
    expectation e = {st, 1, "", ""};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    va_end(ap);
    return e;
}

static expectation fail_prefix(mv_status st, const char *suffix, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static expectation fail_prefix(mv_status st, const char *suffix, const char *fmt, ...)
{
    expectation e = {st, 0, "", ""};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    va_end(ap);
    snprintf(e.suffix, sizeof e.suffix, "%s", suffix);
    return e;
}

static const expectation OK = {MV_SUCCESS, 0, "", ""};
static const expectation NOT_INITIALIZED = {MV_ERR_NOT_INITIALIZED, 0, "", ""};

#define SPANS " spans more than 2^63 bytes"

/* The documented rules, one function per rule. Each returns 1 and fills *e
 * when the rule is broken. `fn` is the function's name in the message. */

/* The handle's pointer mode, as the oracle tracks it (set by the fuzzed
 * mv_set_pointer_mode calls). */
static int mode_device;
static cudaStream_t current_stream;

/* Extents: the bytes from the first to the last element of an operand may
 * not go beyond 2^63 (docs: "lda*(n-1) + m beyond 2^63 bytes is rejected",
 * "the last element of the matrix must lie within 2^63 bytes"). The
 * library's own limit is stated in LIMIT_* below. */
static const i128 TWO63 = (i128)1 << 63;

/* The edge rules of semantics.md's Errors section, stricter than a loose
 * reading of "beyond 2^63 bytes"; each is reported in the summary with the
 * number of calls it decided. See the notes at each use. */
enum { DEV_MATRIX_EDGE, DEV_INC_MIN, DEV_STRIDE_Y_MIN, DEV_COUNT };
static const char *const dev_text[DEV_COUNT] = {
    "a matrix (or a batch) whose extent is exactly 2^63 bytes is rejected (its last byte past INT64_MAX)",
    "an increment of INT64_MIN is rejected, even for a vector of 0 or 1 element",
    "stride_y = INT64_MIN is rejected at stride_y's place, even with batch_count <= 1",
};
static long dev_hits[DEV_COUNT];
/* MATVEC_FUZZ_LITERAL_DOCS=1: the loose reading there instead, to list
 * the calls the edge rules decide (the run then fails). */
static int literal_docs;

/* Elements of a rows x cols column-major matrix with leading dimension ld,
 * from the first to the last: (cols-1)*ld + rows; 0 columns count as one
 * (the column height must still be addressable). */
static i128 matrix_elems(int64_t rows, int64_t cols, int64_t ld)
{
    return (i128)(cols > 1 ? cols - 1 : 0) * ld + rows;
}

static i128 vector_elems(int64_t len, int64_t inc)
{
    const i128 step = inc < 0 ? -(i128)inc : (i128)inc;
    return len <= 0 ? 0 : (len - 1) * step + 1;
}

/* Documented: extent <= 2^63 bytes. The library rejects an extent of
 * exactly 2^63 for matrices and batches (DEV_MATRIX_EDGE). */
static int matrix_fits(i128 elems, int64_t size)
{
    if (elems > TWO63 / size)
        return 0;
    if (elems * size > INT64_MAX) {
        ++dev_hits[DEV_MATRIX_EDGE];
        return literal_docs;
    }
    return 1;
}

static int vector_fits(int64_t len, int64_t inc, int64_t size)
{
    if (inc == INT64_MIN) {
        if (len > 1)
            return 0;
        ++dev_hits[DEV_INC_MIN];
        return literal_docs;
    }
    return vector_elems(len, inc) <= TWO63 / size;
}

static int bad_op(expectation *e, const char *fn, const char *name, int op)
{
    if (op == MV_OP_N || op == MV_OP_T)
        return 0;
    *e = fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = %d must be MV_OP_N (0) or MV_OP_T (1)", fn, name, op);
    return 1;
}

static int negative(expectation *e, const char *fn, const char *name, int64_t v)
{
    if (v >= 0)
        return 0;
    *e = fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = %" PRId64 " must be >= 0", fn, name, v);
    return 1;
}

/* ld >= max(1, rows) (the message names rows' argument), then the extent. */
static int bad_ld(expectation *e, const char *fn, const char *name, int64_t ld, const char *rows_name, int64_t rows,
                  int64_t cols, int64_t size, int empty_fits)
{
    const int64_t min = rows > 1 ? rows : 1;
    if (ld < min) {
        *e = fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = %" PRId64 " must be >= max(1, %s) = %" PRId64, fn, name, ld,
                        rows_name, min);
        return 1;
    }
    /* GEMM: an empty matrix has no last element, so spans nothing. */
    if (empty_fits && (rows == 0 || cols == 0))
        return 0;
    if (!matrix_fits(matrix_elems(rows, cols, ld), size)) {
        *e = fail_prefix(MV_ERR_INVALID_VALUE, SPANS, "%s: %s = %" PRId64 " with ", fn, name, ld);
        return 1;
    }
    return 0;
}

static int bad_inc(expectation *e, const char *fn, const char *name, int64_t inc, int64_t len, int64_t size)
{
    if (inc == 0) {
        *e = fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = 0 must not be 0", fn, name);
        return 1;
    }
    if (!vector_fits(len, inc, size)) {
        *e = fail_prefix(MV_ERR_INVALID_VALUE, SPANS, "%s: %s = %" PRId64 " with ", fn, name, inc);
        return 1;
    }
    return 0;
}

static int null_ptr(expectation *e, const char *fn, const char *name, const void *p)
{
    if (p)
        return 0;
    *e = fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = NULL", fn, name);
    return 1;
}

/* The host value of a scalar argument (float or double slot). */
static double scalar_value(const void *p, int is_double)
{
    return is_double ? *(const double *)p : (double)*(const float *)p;
}

/* GEMV's and GEMM's operand rule: the inputs where alpha may be non-zero
 * (device mode: always; a NULL alpha: unknown, so may be), then the
 * output, alpha, beta. *unchanged: host mode, a vanishing product and
 * beta == 1: the call returns at once. */
static int bad_operands(expectation *e, const char *fn, const char *in0, const void *p0, const char *in1,
                        const void *p1, const char *out, const void *po, const char *alpha_name, const void *alpha,
                        const char *beta_name, const void *beta, int is_double, int empty_product, int *reads,
                        int *unchanged)
{
    const int may_be_nonzero = mode_device || !alpha || scalar_value(alpha, is_double) != 0.0;
    *reads = may_be_nonzero && !empty_product;
    *unchanged = 0;
    if (*reads && (null_ptr(e, fn, in0, p0) || null_ptr(e, fn, in1, p1)))
        return 1;
    if (null_ptr(e, fn, out, po) || null_ptr(e, fn, alpha_name, alpha) || null_ptr(e, fn, beta_name, beta))
        return 1;
    *unchanged = !mode_device && (!may_be_nonzero || empty_product) && scalar_value(beta, is_double) == 1.0;
    return 0;
}

static expectation no_device(const char *fn)
{
    return fail_exact(MV_ERR_NO_DEVICE, "%s: the handle is bound to no CUDA device", fn);
}

/* Byte ranges [lo, hi) of operands, for the overlap rules. */
typedef struct {
    const char *name;
    i128 lo, hi;
} range;

static range vector_range(const char *name, const void *p, int64_t len, int64_t inc, int64_t size)
{
    const i128 lo = (i128)(uintptr_t)p;
    return (range){name, lo, lo + vector_elems(len, inc) * size};
}

static int overlap(range a, range b) { return a.lo < b.hi && b.lo < a.hi; }

/* -- mv_?gemv, mv_gemv_ex ------------------------------------------------------------------- */

/* The GEMV rules: trans, m, n, lda, incx, incy (extents in each operand's
 * element size), quick return, operands, the alpha = 0 and beta = 1 quick
 * return, then a launch (no device). */
static expectation gemv_rules(const call *c, const char *fn, int64_t a_size, int64_t x_size, int64_t y_size,
                              int is_double)
{
    expectation e;
    const int64_t len_x = c->trans == MV_OP_N ? c->n : c->m, len_y = c->trans == MV_OP_N ? c->m : c->n;
    if (negative(&e, fn, "m", c->m) || negative(&e, fn, "n", c->n) ||
        bad_ld(&e, fn, "lda", c->lda, "m", c->m, c->n, a_size, 0) || bad_inc(&e, fn, "incx", c->incx, len_x, x_size) ||
        bad_inc(&e, fn, "incy", c->incy, len_y, y_size))
        return e;
    if (c->m == 0 || c->n == 0)
        return OK;
    int reads, unchanged;
    if (bad_operands(&e, fn, "A", c->A, "x", c->x, "y", c->y, "alpha", c->alpha, "beta", c->beta, is_double, 0,
                     &reads, &unchanged))
        return e;
    return unchanged ? OK : no_device(fn);
}

static expectation oracle_gemv(const call *c, const char *fn, int is_double)
{
    expectation e;
    const int64_t size = is_double ? 8 : 4;
    if (bad_op(&e, fn, "trans", c->trans))
        return e;
    return gemv_rules(c, fn, size, size, size, is_double);
}

static const char *type_name(int t)
{
    switch (t) {
    case MV_R_32F: return "MV_R_32F";
    case MV_R_64F: return "MV_R_64F";
    case MV_R_16F: return "MV_R_16F";
    case MV_R_16BF: return "MV_R_16BF";
    }
    return "?";
}

static int is_type(int t) { return t == MV_R_32F || t == MV_R_64F || t == MV_R_16F || t == MV_R_16BF; }

/* trans, then each type in full (a value that is no mv_datatype, then an
 * unsupported one) before the next; then the GEMV rules. */
static expectation oracle_gemv_ex(const call *c)
{
    const char *fn = "mv_gemv_ex";
    expectation e;
    if (bad_op(&e, fn, "trans", c->trans))
        return e;
    const int types[3] = {c->a_type, c->x_type, c->y_type};
    const char *const names[3] = {"a_type", "x_type", "y_type"};
    for (int i = 0; i < 3; ++i) {
        if (!is_type(types[i]))
            return fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = %d is not an mv_datatype", fn, names[i], types[i]);
        if (i == 0 && types[0] == MV_R_64F)
            return fail_exact(MV_ERR_NOT_SUPPORTED,
                              "%s: a_type = MV_R_64F is not supported (MV_R_16F, MV_R_16BF or MV_R_32F)", fn);
        if (i > 0 && types[i] != c->a_type && types[i] != MV_R_32F)
            return fail_exact(MV_ERR_NOT_SUPPORTED,
                              "%s: %s = %s with a_type = %s is not supported (%s must be a_type or MV_R_32F)", fn,
                              names[i], type_name(types[i]), type_name(c->a_type), names[i]);
    }
    return gemv_rules(c, fn, type_bytes(c->a_type), type_bytes(c->x_type), type_bytes(c->y_type), 0);
}

/* -- mv_?gemv_nt ------------------------------------------------------------------------------ */

static expectation oracle_gemv_nt(const call *c, const char *fn, int is_double)
{
    expectation e;
    const int64_t size = is_double ? 8 : 4;
    if (negative(&e, fn, "m", c->m) || negative(&e, fn, "n", c->n) ||
        bad_ld(&e, fn, "lda", c->lda, "m", c->m, c->n, size, 0) || bad_inc(&e, fn, "incx", c->incx, c->n, size) ||
        bad_inc(&e, fn, "incy", c->incy, c->m, size) || bad_inc(&e, fn, "incw", c->incw, c->m, size) ||
        bad_inc(&e, fn, "incz", c->incz, c->n, size))
        return e;
    if (c->m == 0 || c->n == 0)
        return OK;
    int reads_y, reads_z, unchanged_y, unchanged_z;
    if (bad_operands(&e, fn, "A", c->A, "x", c->x, "y", c->y, "alpha", c->alpha, "beta", c->beta, is_double, 0,
                     &reads_y, &unchanged_y) ||
        bad_operands(&e, fn, "A", c->A, "w", c->w, "z", c->z, "gamma", c->gamma, "delta", c->delta, is_double, 0,
                     &reads_z, &unchanged_z))
        return e;
    if (unchanged_y && unchanged_z)
        return OK;
    /* The outputs written must not overlap each other, A (where read) or
     * the vectors the call reads; an output left alone is not checked. */
    range outs[2];
    int nout = 0;
    if (!unchanged_y)
        outs[nout++] = vector_range("y", c->y, c->m, c->incy, size);
    if (!unchanged_z)
        outs[nout++] = vector_range("z", c->z, c->n, c->incz, size);
    range ins[3];
    int nin = 0;
    if (reads_y || reads_z) {
        const i128 lo = (i128)(uintptr_t)c->A;
        ins[nin++] = (range){"A", lo, lo + matrix_elems(c->m, c->n, c->lda) * size};
    }
    if (reads_y)
        ins[nin++] = vector_range("x", c->x, c->n, c->incx, size);
    if (reads_z)
        ins[nin++] = vector_range("w", c->w, c->m, c->incw, size);
    for (int i = 0; i < nout; ++i) {
        for (int j = i + 1; j < nout; ++j)
            if (overlap(outs[i], outs[j]))
                return fail_prefix(MV_ERR_INVALID_VALUE, "", "%s: %s and %s overlap (bytes [", fn, outs[i].name,
                                   outs[j].name);
        for (int j = 0; j < nin; ++j)
            if (overlap(outs[i], ins[j]))
                return fail_prefix(MV_ERR_INVALID_VALUE, "", "%s: %s overlaps %s (bytes [", fn, outs[i].name,
                                   ins[j].name);
    }
    return no_device(fn);
}

/* -- mv_?gemv_strided_batched, mv_?gemv_batched ---------------------------------------------- */

/* Do two of count problems write the same element of y? Problem b writes
 * elements b*sy + i*inc, 0 <= i < len. Searched directly (over the smaller
 * of the two ranges) where that is short, else by the gcd argument. */
static int outputs_collide(int64_t sy, int64_t inc, int64_t len, int64_t count)
{
    if (count <= 1 || len <= 0)
        return 0;
    if (sy == 0)
        return 1;
    const i128 asy = sy < 0 ? -(i128)sy : sy, ainc = inc < 0 ? -(i128)inc : inc;
    /* b*sy + i*inc == b'*sy + i'*inc  <=>  d*|sy| == e*|inc| for some
     * 1 <= d <= count-1, 1 <= e <= len-1. */
    if (count - 1 <= 4096) {
        for (i128 d = 1; d <= count - 1; ++d)
            if ((d * asy) % ainc == 0 && (d * asy) / ainc <= len - 1)
                return 1;
        return 0;
    }
    if (len - 1 <= 4096) {
        for (i128 e = 1; e <= len - 1; ++e)
            if ((e * ainc) % asy == 0 && (e * ainc) / asy <= count - 1)
                return 1;
        return 0;
    }
    i128 a = asy, b = ainc;
    while (b) {
        const i128 t = a % b;
        a = b;
        b = t;
    }
    return ainc / a <= count - 1 && asy / a <= len - 1;
}

static int bad_batch_extent(expectation *e, const char *fn, const char *name, int64_t stride, int64_t count,
                            i128 span, int64_t size)
{
    const i128 step = stride < 0 ? -(i128)stride : stride;
    if (matrix_fits((count > 1 ? count - 1 : 0) * step + span, size))
        return 0;
    *e = fail_exact(MV_ERR_INVALID_VALUE, "%s: %s = %" PRId64 " over %" PRId64 " problems" SPANS, fn, name, stride,
                    count);
    return 1;
}

static expectation oracle_batched(const call *c, const char *fn, int is_double, int strided)
{
    expectation e;
    const int64_t size = is_double ? 8 : 4;
    const int64_t len_x = c->trans == MV_OP_N ? c->n : c->m, len_y = c->trans == MV_OP_N ? c->m : c->n;
    if (bad_op(&e, fn, "trans", c->trans) || negative(&e, fn, "m", c->m) || negative(&e, fn, "n", c->n) ||
        bad_ld(&e, fn, "lda", c->lda, "m", c->m, c->n, size, 0) || bad_inc(&e, fn, "incx", c->incx, len_x, size) ||
        bad_inc(&e, fn, "incy", c->incy, len_y, size))
        return e;
    if (strided) {
        if (negative(&e, fn, "stride_a", c->stride_a) || negative(&e, fn, "stride_x", c->stride_x))
            return e;
        /* Not documented: |INT64_MIN| has no int64_t (DEV_STRIDE_Y_MIN). */
        if (c->stride_y == INT64_MIN && (c->batch > 1 || !literal_docs)) {
            if (c->batch <= 1)
                ++dev_hits[DEV_STRIDE_Y_MIN];
            return fail_prefix(MV_ERR_INVALID_VALUE, SPANS, "%s: stride_y = %" PRId64, fn, c->stride_y);
        }
    }
    if (negative(&e, fn, "batch_count", c->batch))
        return e;
    if (strided) {
        const i128 span_a = c->m == 0 || c->n == 0 ? 0 : matrix_elems(c->m, c->n, c->lda);
        if (bad_batch_extent(&e, fn, "stride_a", c->stride_a, c->batch, span_a, size) ||
            bad_batch_extent(&e, fn, "stride_x", c->stride_x, c->batch, vector_elems(len_x, c->incx), size) ||
            bad_batch_extent(&e, fn, "stride_y", c->stride_y, c->batch, vector_elems(len_y, c->incy), size))
            return e;
        if (outputs_collide(c->stride_y, c->incy, len_y, c->batch))
            return fail_exact(MV_ERR_INVALID_VALUE,
                              "%s: stride_y = %" PRId64 " with incy = %" PRId64 " makes two of the %" PRId64
                              " problems write the same element of y",
                              fn, c->stride_y, c->incy, c->batch);
    }
    if (c->m == 0 || c->n == 0 || c->batch == 0)
        return OK;
    int reads, unchanged;
    if (bad_operands(&e, fn, "A", c->A, "x", c->x, "y", c->y, "alpha", c->alpha, "beta", c->beta, is_double, 0,
                     &reads, &unchanged))
        return e;
    return unchanged ? OK : no_device(fn);
}

/* -- mv_?transpose, mv_?transpose_inplace ---------------------------------------------------- */

static expectation oracle_transpose(const call *c, const char *fn, const char *inplace_fn, int is_double)
{
    expectation e;
    const int64_t size = is_double ? 8 : 4;
    (void)inplace_fn;
    if (negative(&e, fn, "m", c->m) || negative(&e, fn, "n", c->n) ||
        bad_ld(&e, fn, "lda", c->lda, "m", c->m, c->n, size, 0) ||
        bad_ld(&e, fn, "ldb", c->ldb, "n", c->n, c->m, size, 0))
        return e;
    if (c->m == 0 || c->n == 0)
        return OK;
    if (null_ptr(&e, fn, "A", c->A) || null_ptr(&e, fn, "B", c->B))
        return e;
    const i128 a0 = (i128)(uintptr_t)c->A, b0 = (i128)(uintptr_t)c->B;
    const range a = {"A", a0, a0 + matrix_elems(c->m, c->n, c->lda) * size};
    const range b = {"B", b0, b0 + matrix_elems(c->n, c->m, c->ldb) * size};
    if (overlap(a, b))
        return fail_prefix(MV_ERR_INVALID_VALUE, "", "%s: B overlaps A (", fn);
    return no_device(fn);
}

static expectation oracle_transpose_inplace(const call *c, const char *fn, int is_double)
{
    expectation e;
    if (negative(&e, fn, "n", c->n) || bad_ld(&e, fn, "lda", c->lda, "n", c->n, c->n, is_double ? 8 : 4, 0))
        return e;
    if (c->n == 0)
        return OK;
    if (null_ptr(&e, fn, "A", c->A))
        return e;
    return no_device(fn); /* 1 x 1 included: validated, device needed */
}

/* -- mv_?gemm --------------------------------------------------------------------------------- */

static expectation oracle_gemm(const call *c, const char *fn, int is_double)
{
    expectation e;
    const int64_t size = is_double ? 8 : 4;
    const int a_n = c->transa == MV_OP_N, b_n = c->transb == MV_OP_N;
    if (bad_op(&e, fn, "transa", c->transa) || bad_op(&e, fn, "transb", c->transb) || negative(&e, fn, "m", c->m) ||
        negative(&e, fn, "n", c->n) || negative(&e, fn, "k", c->k) ||
        bad_ld(&e, fn, "lda", c->lda, a_n ? "m" : "k", a_n ? c->m : c->k, a_n ? c->k : c->m, size, 1) ||
        bad_ld(&e, fn, "ldb", c->ldb, b_n ? "k" : "n", b_n ? c->k : c->n, b_n ? c->n : c->k, size, 1) ||
        bad_ld(&e, fn, "ldc", c->ldc, "m", c->m, c->n, size, 1))
        return e;
    if (c->m == 0 || c->n == 0)
        return OK;
    int reads, unchanged;
    if (bad_operands(&e, fn, "A", c->A, "B", c->B, "C", c->C, "alpha", c->alpha, "beta", c->beta, is_double,
                     c->k == 0, &reads, &unchanged))
        return e;
    return unchanged ? OK : no_device(fn);
}

/* -- the handle's settings -------------------------------------------------------------------- */

static expectation oracle(const call *c)
{
    const char *fn = fn_names[c->fn];
    if (c->null_handle && c->fn != F_STATUS_STRING && c->fn != F_LAST_ERROR && c->fn != F_CREATE_NULL)
        return NOT_INITIALIZED;
    switch (c->fn) {
    case F_SGEMV: return oracle_gemv(c, fn, 0);
    case F_DGEMV: return oracle_gemv(c, fn, 1);
    case F_SGEMV_NT: return oracle_gemv_nt(c, fn, 0);
    case F_DGEMV_NT: return oracle_gemv_nt(c, fn, 1);
    case F_SSTRIDED: return oracle_batched(c, fn, 0, 1);
    case F_DSTRIDED: return oracle_batched(c, fn, 1, 1);
    case F_SBATCHED: return oracle_batched(c, fn, 0, 0);
    case F_DBATCHED: return oracle_batched(c, fn, 1, 0);
    case F_GEMV_EX: return oracle_gemv_ex(c);
    case F_STRANSPOSE: return oracle_transpose(c, fn, "mv_stranspose_inplace", 0);
    case F_DTRANSPOSE: return oracle_transpose(c, fn, "mv_dtranspose_inplace", 1);
    case F_STRANSPOSE_IP: return oracle_transpose_inplace(c, fn, 0);
    case F_DTRANSPOSE_IP: return oracle_transpose_inplace(c, fn, 1);
    case F_SGEMM: return oracle_gemm(c, fn, 0);
    case F_DGEMM: return oracle_gemm(c, fn, 1);
    case F_SET_STREAM: return OK; /* any stream: a detached handle has no device to check it against */
    case F_GET_STREAM: return c->null_out ? fail_exact(MV_ERR_INVALID_VALUE, "mv_get_stream: stream = NULL") : OK;
    case F_SET_MODE:
        if (c->mode_arg != MV_POINTER_MODE_HOST && c->mode_arg != MV_POINTER_MODE_DEVICE)
            return fail_exact(MV_ERR_INVALID_VALUE,
                              "mv_set_pointer_mode: mode = %d must be MV_POINTER_MODE_HOST (0) or "
                              "MV_POINTER_MODE_DEVICE (1)",
                              c->mode_arg);
        return OK;
    case F_GET_MODE:
        return c->null_out ? fail_exact(MV_ERR_INVALID_VALUE, "mv_get_pointer_mode: mode = NULL") : OK;
    case F_CREATE_NULL: return fail_exact(MV_ERR_INVALID_VALUE, "mv_create: handle = NULL");
    case F_DESTROY_NULL: return NOT_INITIALIZED;
    case F_STATUS_STRING:
    case F_LAST_ERROR:
    case F_COUNT: break;
    }
    return OK;
}

/* ---- generating and running a call ----------------------------------------------------------- */

static int elem_bytes(fn_id f)
{
    switch (f) {
    case F_DGEMV: case F_DGEMV_NT: case F_DSTRIDED: case F_DBATCHED: case F_DTRANSPOSE: case F_DTRANSPOSE_IP:
    case F_DGEMM: return 8;
    default: return 4;
    }
}

static void generate(call *c)
{
    memset(c, 0, sizeof *c);
    c->fn = (fn_id)below(F_COUNT);
    /* The products get most of the calls. */
    if (c->fn >= F_SET_STREAM && chance(60))
        c->fn = (fn_id)below(F_SET_STREAM);
    c->null_handle = chance(2);
    const int64_t size = elem_bytes(c->fn);
    const int is_double = size == 8;
    c->trans = pick_op();
    c->transa = pick_op();
    c->transb = pick_op();
    c->m = pick_size();
    c->n = pick_size();
    c->k = pick_size();
    const int t_n = c->trans != MV_OP_T;
    const int64_t len_x = t_n ? c->n : c->m, len_y = t_n ? c->m : c->n;
    c->a_type = pick_type();
    c->x_type = chance(60) ? c->a_type : pick_type();
    c->y_type = chance(60) ? c->a_type : pick_type();
    if (c->fn == F_GEMV_EX && chance(30))
        c->a_type = c->x_type = c->y_type = MV_R_32F;
    const int64_t asz = c->fn == F_GEMV_EX ? type_bytes(c->a_type) : size;
    const int64_t xsz = c->fn == F_GEMV_EX ? type_bytes(c->x_type) : size;
    const int64_t ysz = c->fn == F_GEMV_EX ? type_bytes(c->y_type) : size;
    switch (c->fn) {
    case F_STRANSPOSE_IP: case F_DTRANSPOSE_IP: c->lda = pick_ld(c->n, c->n, size); break;
    case F_SGEMM: case F_DGEMM:
        c->lda = c->transa == MV_OP_T ? pick_ld(c->k, c->m, size) : pick_ld(c->m, c->k, size);
        c->ldb = c->transb == MV_OP_T ? pick_ld(c->n, c->k, size) : pick_ld(c->k, c->n, size);
        c->ldc = pick_ld(c->m, c->n, size);
        break;
    default: c->lda = pick_ld(c->m, c->n, asz); c->ldb = pick_ld(c->n, c->m, size); break;
    }
    c->incx = pick_inc(c->fn == F_SGEMV_NT || c->fn == F_DGEMV_NT ? c->n : len_x, xsz);
    c->incy = pick_inc(c->fn == F_SGEMV_NT || c->fn == F_DGEMV_NT ? c->m : len_y, ysz);
    c->incw = pick_inc(c->m, size);
    c->incz = pick_inc(c->n, size);
    c->batch = chance(80) ? below(5) : pick_size();
    /* Strides: small (problems overlapping or apart), or at the edge where
     * the batch's extent passes 2^63 bytes, or anything. */
    const i128 span_a = matrix_elems(c->m, c->n, c->lda);
    c->stride_a = chance(70) ? (chance(20) ? 0 : (int64_t)(span_a > 0 && span_a < 64 ? span_a : below(70)))
                             : chance(50) ? edge_or_next(edge_step(c->batch, 1, size)) : pick_size();
    c->stride_x = chance(70) ? below(20) : chance(50) ? edge_or_next(edge_step(c->batch, 1, size)) : pick_size();
    c->stride_y = chance(70)   ? below(21) - 10
                  : chance(50) ? (chance(50) ? 1 : -1) * edge_or_next(edge_step(c->batch, 1, size))
                               : pick_size();

    /* Operands: into the arena, NULL at times, outputs aliasing inputs. */
    c->A = operand(asz);
    c->B = c->fn == F_STRANSPOSE || c->fn == F_DTRANSPOSE ? output(c->A, size) : operand(size);
    c->x = operand(xsz);
    c->w = operand(size);
    c->y = output(chance(50) ? c->A : c->x, ysz);
    c->z = output(chance(33) ? c->y : chance(50) ? c->A : c->w, size);
    c->C = output(chance(50) ? c->A : c->B, size);
    const int ex = c->fn == F_GEMV_EX;
    c->alpha_v = pick_scalar();
    c->beta_v = pick_scalar();
    c->gamma_v = pick_scalar();
    c->delta_v = pick_scalar();
    c->alpha = scalar_arg(0, is_double && !ex, c->alpha_v, 6);
    c->beta = scalar_arg(1, is_double && !ex, c->beta_v, 6);
    c->gamma = scalar_arg(2, is_double, c->gamma_v, 6);
    c->delta = scalar_arg(3, is_double, c->delta_v, 6);
    static const int modes[] = {MV_POINTER_MODE_HOST, MV_POINTER_MODE_DEVICE, 2, -1, 77};
    c->mode_arg = modes[chance(80) ? below(2) : 2 + below(3)];
    static const int statuses[] = {MV_SUCCESS, MV_ERR_NOT_INITIALIZED, MV_ERR_INVALID_VALUE, MV_ERR_ALLOC,
                                   MV_ERR_NO_DEVICE, MV_ERR_ARCH_MISMATCH, MV_ERR_EXECUTION, MV_ERR_NOT_SUPPORTED,
                                   -1, 8, 1234, INT32_MIN};
    c->status_arg = statuses[below(sizeof statuses / sizeof statuses[0])];
    c->stream_arg = (cudaStream_t)(uintptr_t)(chance(50) ? 0 : rnd());
    c->null_out = chance(20);
}

static mv_status invoke(mv_handle h, const call *c, cudaStream_t *stream_out, mv_pointer_mode *mode_out)
{
    mv_handle hh = c->null_handle ? NULL : h;
    const float *fa = c->alpha, *fb = c->beta, *fg = c->gamma, *fd = c->delta;
    const double *da = c->alpha, *db = c->beta, *dg = c->gamma, *dd = c->delta;
    const mv_operation t = (mv_operation)c->trans;
    switch (c->fn) {
    case F_SGEMV: return mv_sgemv(hh, t, c->m, c->n, fa, c->A, c->lda, c->x, c->incx, fb, c->y, c->incy);
    case F_DGEMV: return mv_dgemv(hh, t, c->m, c->n, da, c->A, c->lda, c->x, c->incx, db, c->y, c->incy);
    case F_SGEMV_NT:
        return mv_sgemv_nt(hh, c->m, c->n, fa, c->A, c->lda, c->x, c->incx, fb, c->y, c->incy, fg, c->w, c->incw,
                           fd, c->z, c->incz);
    case F_DGEMV_NT:
        return mv_dgemv_nt(hh, c->m, c->n, da, c->A, c->lda, c->x, c->incx, db, c->y, c->incy, dg, c->w, c->incw,
                           dd, c->z, c->incz);
    case F_SSTRIDED:
        return mv_sgemv_strided_batched(hh, t, c->m, c->n, fa, c->A, c->lda, c->stride_a, c->x, c->incx,
                                        c->stride_x, fb, c->y, c->incy, c->stride_y, c->batch);
    case F_DSTRIDED:
        return mv_dgemv_strided_batched(hh, t, c->m, c->n, da, c->A, c->lda, c->stride_a, c->x, c->incx,
                                        c->stride_x, db, c->y, c->incy, c->stride_y, c->batch);
    /* The pointer form's arrays are arena pointers: never read on the host. */
    case F_SBATCHED:
        return mv_sgemv_batched(hh, t, c->m, c->n, fa, (const float *const *)c->A, c->lda,
                                (const float *const *)c->x, c->incx, fb, (float *const *)c->y, c->incy, c->batch);
    case F_DBATCHED:
        return mv_dgemv_batched(hh, t, c->m, c->n, da, (const double *const *)c->A, c->lda,
                                (const double *const *)c->x, c->incx, db, (double *const *)c->y, c->incy, c->batch);
    case F_GEMV_EX:
        return mv_gemv_ex(hh, t, c->m, c->n, fa, c->A, (mv_datatype)c->a_type, c->lda, c->x, (mv_datatype)c->x_type,
                          c->incx, fb, c->y, (mv_datatype)c->y_type, c->incy);
    case F_STRANSPOSE: return mv_stranspose(hh, c->m, c->n, c->A, c->lda, c->B, c->ldb);
    case F_DTRANSPOSE: return mv_dtranspose(hh, c->m, c->n, c->A, c->lda, c->B, c->ldb);
    case F_STRANSPOSE_IP: return mv_stranspose_inplace(hh, c->n, c->A, c->lda);
    case F_DTRANSPOSE_IP: return mv_dtranspose_inplace(hh, c->n, c->A, c->lda);
    case F_SGEMM:
        return mv_sgemm(hh, (mv_operation)c->transa, (mv_operation)c->transb, c->m, c->n, c->k, fa, c->A, c->lda,
                        c->B, c->ldb, fb, c->C, c->ldc);
    case F_DGEMM:
        return mv_dgemm(hh, (mv_operation)c->transa, (mv_operation)c->transb, c->m, c->n, c->k, da, c->A, c->lda,
                        c->B, c->ldb, db, c->C, c->ldc);
    case F_SET_STREAM: return mv_set_stream(hh, c->stream_arg);
    case F_GET_STREAM: return mv_get_stream(hh, c->null_out ? NULL : stream_out);
    case F_SET_MODE: return mv_set_pointer_mode(hh, (mv_pointer_mode)c->mode_arg);
    case F_GET_MODE: return mv_get_pointer_mode(hh, c->null_out ? NULL : mode_out);
    case F_CREATE_NULL: return mv_create(NULL);
    case F_DESTROY_NULL: return mv_destroy(NULL);
    case F_STATUS_STRING:
    case F_LAST_ERROR:
    case F_COUNT: break;
    }
    return MV_SUCCESS;
}

static void ptr_desc(char *buf, size_t cap, const void *p)
{
    if (!p)
        snprintf(buf, cap, "NULL");
    else if ((const unsigned char *)p >= arena && (const unsigned char *)p < arena + ARENA_BYTES)
        snprintf(buf, cap, "arena+%td", (const unsigned char *)p - arena);
    else
        snprintf(buf, cap, "slot");
}

static void print_call(const call *c)
{
    char A[32], B[32], C[32], x[32], y[32], w[32], z[32];
    ptr_desc(A, sizeof A, c->A), ptr_desc(B, sizeof B, c->B), ptr_desc(C, sizeof C, c->C);
    ptr_desc(x, sizeof x, c->x), ptr_desc(y, sizeof y, c->y), ptr_desc(w, sizeof w, c->w);
    ptr_desc(z, sizeof z, c->z);
    fprintf(stderr,
            "  %s(handle=%s, mode=%s) trans=%d transa=%d transb=%d types=%d/%d/%d\n"
            "  m=%" PRId64 " n=%" PRId64 " k=%" PRId64 " lda=%" PRId64 " ldb=%" PRId64 " ldc=%" PRId64
            " incx=%" PRId64 " incy=%" PRId64 " incw=%" PRId64 " incz=%" PRId64 "\n"
            "  stride_a=%" PRId64 " stride_x=%" PRId64 " stride_y=%" PRId64 " batch_count=%" PRId64 "\n"
            "  A=%s B=%s C=%s x=%s y=%s w=%s z=%s alpha=%s%g beta=%s%g gamma=%s%g delta=%s%g\n"
            "  mode_arg=%d status_arg=%d null_out=%d\n",
            fn_names[c->fn], c->null_handle ? "NULL" : "detached", mode_device ? "device" : "host", c->trans,
            c->transa, c->transb, c->a_type, c->x_type, c->y_type, c->m, c->n, c->k, c->lda, c->ldb, c->ldc, c->incx,
            c->incy, c->incw, c->incz, c->stride_a, c->stride_x, c->stride_y, c->batch, A, B, C, x, y, w, z,
            c->alpha ? "" : "NULL:", c->alpha_v, c->beta ? "" : "NULL:", c->beta_v, c->gamma ? "" : "NULL:",
            c->gamma_v, c->delta ? "" : "NULL:", c->delta_v, c->mode_arg, c->status_arg, c->null_out);
}

static int ends_with(const char *s, const char *suffix)
{
    const size_t ls = strlen(s), lf = strlen(suffix);
    return ls >= lf && strcmp(s + ls - lf, suffix) == 0;
}

/* ---- the run --------------------------------------------------------------------------------- */

static void test_fuzz(void **state)
{
    (void)state;
    uint64_t seed;
    const char *env = getenv("MATVEC_FUZZ_SEED");
    seed = env && *env ? strtoull(env, NULL, 0) : ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid();
    env = getenv("MATVEC_FUZZ_LITERAL_DOCS");
    literal_docs = env && *env && strcmp(env, "0") != 0;
    env = getenv("MATVEC_FUZZ_CALLS");
    const long calls = env && *env ? strtol(env, NULL, 0) : 200000;
    printf("test_fuzz_host: seed %" PRIu64 ", %ld calls (replay: MATVEC_FUZZ_SEED=%" PRIu64
           " MATVEC_FUZZ_CALLS=%ld)\n",
           seed, calls, seed, calls);
    fflush(stdout);
    rng_state = seed;

    arena = malloc(ARENA_BYTES);
    arena_copy = malloc(ARENA_BYTES);
    assert_non_null(arena);
    assert_non_null(arena_copy);
    for (int i = 0; i < 4; ++i) {
        fslot[i] = malloc(sizeof(float));
        dslot[i] = malloc(sizeof(double));
        assert_non_null(fslot[i]);
        assert_non_null(dslot[i]);
    }
    mv_handle h = NULL;
    assert_int_equal(mv_create_detached(&h), MV_SUCCESS);
    mode_device = 0;
    current_stream = 0;
    char before[MV_MESSAGE_CAPACITY], create_before[MV_MESSAGE_CAPACITY];
    long failures = 0, by_status[MV_ERR_NOT_SUPPORTED + 1] = {0};
    const clock_t start = clock();

    long done = 0;
    for (long i = 0; i < calls && failures < 20; ++i, ++done) {
        call c;
        generate(&c);
        /* Poison: the arena with random bytes (NaN patterns included), the
         * slots as written by generate(). */
        for (int b = 0; b < ARENA_BYTES; b += 8) {
            const uint64_t v = chance(10) ? 0x7ff8dead7fc0beefull : rnd();
            memcpy(arena + b, &v, 8);
        }
        memcpy(arena_copy, arena, ARENA_BYTES);
        for (int s = 0; s < 4; ++s) {
            /* Scalars of the other width stay as they were, and are checked too. */
            memcpy(dslot_copy[s], dslot[s], 8);
            memcpy(fslot_copy[s], fslot[s], 4);
        }
        snprintf(before, sizeof before, "%s", mv_last_error(h));
        snprintf(create_before, sizeof create_before, "%s", mv_last_error(NULL));

        const expectation want = oracle(&c);
        char why[2 * MV_MESSAGE_CAPACITY] = "";
        mv_status got = MV_SUCCESS;

        if (c.fn == F_STATUS_STRING) {
            const char *s = mv_status_string((mv_status)c.status_arg);
            if (!s || !*s)
                snprintf(why, sizeof why, "mv_status_string(%d) is NULL or empty", c.status_arg);
        } else if (c.fn == F_LAST_ERROR) {
            const char *s = mv_last_error(c.null_handle ? NULL : h);
            if (!s || strcmp(s, c.null_handle ? create_before : before) != 0)
                snprintf(why, sizeof why, "mv_last_error changed on a read: \"%s\"", s ? s : "(NULL)");
        } else {
            cudaStream_t stream_out = (cudaStream_t)(uintptr_t)0x5a5a;
            mv_pointer_mode mode_out = (mv_pointer_mode)0x5a5a;
            got = invoke(h, &c, &stream_out, &mode_out);
            const char *msg = mv_last_error(h);
            if (got != want.status)
                snprintf(why, sizeof why, "status %s, want %s; message \"%s\"; want %s \"%s%s%s\"",
                         mv_status_string(got), mv_status_string(want.status), msg, want.exact ? "exactly" : "prefix",
                         want.text, want.exact || !*want.suffix ? "" : "\" ... suffix \"", want.suffix);
            else if (got == MV_SUCCESS || got == MV_ERR_NOT_INITIALIZED || c.fn == F_CREATE_NULL) {
                if (strcmp(msg, before) != 0)
                    snprintf(why, sizeof why, "the handle's message changed to \"%s\" (was \"%s\")", msg, before);
            } else if (want.exact ? strcmp(msg, want.text) != 0
                                  : strncmp(msg, want.text, strlen(want.text)) != 0 || !ends_with(msg, want.suffix)) {
                snprintf(why, sizeof why, "message \"%s\", want %s \"%s%s%s\"", msg,
                         want.exact ? "exactly" : "prefix", want.text,
                         want.exact || !*want.suffix ? "" : "\" ... suffix \"", want.suffix);
            }
            if (!*why && c.fn == F_CREATE_NULL && strcmp(mv_last_error(NULL), want.text) != 0)
                snprintf(why, sizeof why, "mv_last_error(NULL) = \"%s\"", mv_last_error(NULL));
            if (!*why && c.fn != F_CREATE_NULL && strcmp(mv_last_error(NULL), create_before) != 0)
                snprintf(why, sizeof why, "mv_last_error(NULL) changed to \"%s\"", mv_last_error(NULL));
            /* The settings: a set is seen by the next get; a failed set changes nothing. */
            if (!*why && got == MV_SUCCESS && !c.null_handle) {
                if (c.fn == F_SET_STREAM)
                    current_stream = c.stream_arg;
                if (c.fn == F_SET_MODE)
                    mode_device = c.mode_arg == MV_POINTER_MODE_DEVICE;
                if (c.fn == F_GET_STREAM && stream_out != current_stream)
                    snprintf(why, sizeof why, "mv_get_stream gave %p, want %p", (void *)stream_out,
                             (void *)current_stream);
                if (c.fn == F_GET_MODE && (int)mode_out != mode_device)
                    snprintf(why, sizeof why, "mv_get_pointer_mode gave %d, want %d", (int)mode_out, mode_device);
            }
            if (!*why && (c.null_handle || got != MV_SUCCESS) &&
                (stream_out != (cudaStream_t)(uintptr_t)0x5a5a || (int)mode_out != 0x5a5a))
                snprintf(why, sizeof why, "a failed get wrote its output");
        }
        if (!*why && memcmp(arena, arena_copy, ARENA_BYTES) != 0) {
            int b = 0;
            while (arena[b] == arena_copy[b])
                ++b;
            snprintf(why, sizeof why, "host memory written: arena byte %d", b);
        }
        for (int s = 0; s < 4 && !*why; ++s)
            if (memcmp(dslot_copy[s], dslot[s], 8) != 0 || memcmp(fslot_copy[s], fslot[s], 4) != 0)
                snprintf(why, sizeof why, "scalar slot %d written", s);
        if (*why) {
            fprintf(stderr, "call %ld (seed %" PRIu64 "): %s\n", i, seed, why);
            print_call(&c);
            ++failures;
        }
        if (got >= 0 && got <= MV_ERR_NOT_SUPPORTED)
            ++by_status[got];
    }

    const double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("test_fuzz_host: %ld calls in %.2f s: %ld MV_SUCCESS, %ld MV_ERR_NOT_INITIALIZED, %ld "
           "MV_ERR_INVALID_VALUE, %ld MV_ERR_NOT_SUPPORTED, %ld MV_ERR_NO_DEVICE; %ld failed\n",
           done, seconds, by_status[MV_SUCCESS], by_status[MV_ERR_NOT_INITIALIZED], by_status[MV_ERR_INVALID_VALUE],
           by_status[MV_ERR_NOT_SUPPORTED], by_status[MV_ERR_NO_DEVICE], failures);
    for (int d = 0; d < DEV_COUNT; ++d)
        printf("test_fuzz_host: edge rule (semantics.md, Errors), decided %ld calls: %s\n", dev_hits[d],
               dev_text[d]);
    fflush(stdout);
    assert_int_equal(mv_destroy(h), MV_SUCCESS);
    for (int i = 0; i < 4; ++i) {
        free(fslot[i]);
        free(dslot[i]);
    }
    free(arena);
    free(arena_copy);
    if (failures)
        fail_msg("%ld calls disagreed with the documented rules (seed %" PRIu64 ")", failures, seed);
    /* Every outcome was reached: the generator is not stuck in one corner. */
    if (calls >= 10000)
        for (int s = MV_SUCCESS; s <= MV_ERR_NOT_SUPPORTED; ++s)
            if (s != MV_ERR_ALLOC && s != MV_ERR_ARCH_MISMATCH && s != MV_ERR_EXECUTION && by_status[s] == 0)
                fail_msg("no call gave %s", mv_status_string((mv_status)s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fuzz)};
    return cmocka_run_group_tests_name("fuzz_host", tests, NULL, NULL);
}
