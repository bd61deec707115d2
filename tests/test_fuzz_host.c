/* Argument fuzzing of every public function: on the host with no GPU
 * (test_fuzz_host), and on a GPU (test_fuzz_gpu: this file built with
 * MATVEC_FUZZ_GPU=1).
 *
 * A seeded generator makes calls with sizes, leading dimensions, increments
 * and strides at and around 0, 1, -1, small values, 2^31, 2^32 and the
 * 64-bit limits (including the exact boundaries where an extent passes 2^63
 * bytes), NULL in every pointer slot, both pointer modes, every enum value
 * and invalid ones, scalars 0, -0, 1, other values and NaN, and outputs
 * aliasing inputs. For each call, the oracle below computes the expected
 * status and message from the documented rules (docs/semantics.md,
 * docs/gemm.md, docs/transpose.md and include/matvec.h), independently of
 * the library's validators.
 *
 * test_fuzz_host: the calls run on a handle bound to no device
 * (mv_create_detached), so a valid call stops at MV_ERR_NO_DEVICE. Every
 * host buffer handed to a call (operands, scalars) is poisoned before and
 * must be bitwise unchanged after. Build with -DMATVEC_SANITIZE_HOST=ON to
 * run it under AddressSanitizer and UndefinedBehaviorSanitizer.
 *
 * test_fuzz_gpu (exit code 77 without a GPU): the same generator and oracle
 * on a handle of the GPU (mv_create). The operands lie in an arena of device
 * memory, written from a host mirror. A valid call must give MV_SUCCESS;
 * where it works on the device, its outputs must match the double reference
 * computed from the inputs as they were (with NaN in every element the call
 * must not read: A and x where alpha == 0, y where beta == 0), and every
 * other byte of the arena (gaps, padding rows, the rest) must be unchanged;
 * after an error or a quick return, every byte. Most calls get small shapes
 * laid out apart in the arena, valid enum values and fewer NULLs, so that
 * many are valid; a valid call that would work on more than the arena is
 * drawn again, and mv_set_stream is given streams that exist. In device
 * pointer mode the scalars are device memory of their own, which the host
 * cannot read. The run prints how many calls were errors, valid, and run
 * and checked on the device.
 *
 * MATVEC_FUZZ_SEED=N replays a run (the seed is printed); MATVEC_FUZZ_CALLS=K
 * sets the number of calls (default 200000 on the host; 10^6 on the GPU, 2000
 * with MATVEC_TEST_SMALL=1 as under compute-sanitizer). */
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

#ifndef MATVEC_FUZZ_GPU
#define MATVEC_FUZZ_GPU 0
#endif
#if MATVEC_FUZZ_GPU
#include "gemm_ref.h"
#include "gpu_helpers.h"
#include "reference.h"
#define FUZZ_NAME "test_fuzz_gpu"
#else
#define FUZZ_NAME "test_fuzz_host"
#endif

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
    F_DESTROY_NULL, F_SET_CHECKED, F_GET_CHECKED, F_COUNT
} fn_id;

static const char *const fn_names[F_COUNT] = {
    "mv_sgemv", "mv_dgemv", "mv_sgemv_nt", "mv_dgemv_nt", "mv_sgemv_strided_batched",
    "mv_dgemv_strided_batched", "mv_sgemv_batched", "mv_dgemv_batched", "mv_gemv_ex", "mv_stranspose",
    "mv_dtranspose", "mv_stranspose_inplace", "mv_dtranspose_inplace", "mv_sgemm", "mv_dgemm",
    "mv_set_stream", "mv_get_stream", "mv_set_pointer_mode", "mv_get_pointer_mode", "mv_status_string",
    "mv_last_error", "mv_create", "mv_destroy", "mv_set_checked", "mv_get_checked",
};

/* The pointer form's problems that a call on the GPU may have (a larger
 * batch_count is an error or drawn again). */
enum { MAX_PTRS = 16 };

/* Every argument any function takes; each call uses its own. Pointers are
 * NULL or point into the arena (operands) or at the scalar slots. */
typedef struct {
    fn_id fn;
    int null_handle;
    int trans, transa, transb, a_type, x_type, y_type, mode_arg, status_arg, checked_arg;
    int64_t m, n, k, lda, ldb, ldc, incx, incy, incw, incz, stride_a, stride_x, stride_y, batch;
    void *A, *B, *C, *x, *y, *w, *z;
    void *alpha, *beta, *gamma, *delta;
    double alpha_v, beta_v, gamma_v, delta_v;
    cudaStream_t stream_arg;
    int null_out; /* get_stream / get_pointer_mode: NULL output */
#if MATVEC_FUZZ_GPU
    /* mv_?gemv_batched: problem b's A, x and y (in the arena), written into
     * the arrays A, x and y before the call; shared_a: one A for all. */
    void *pa[MAX_PTRS], *px[MAX_PTRS], *py[MAX_PTRS];
    int shared_a;
#endif
} call;

/* ---- buffers --------------------------------------------------------------------------------- */

/* Operands point into the arena, which is poisoned before each call and must
 * be bitwise unchanged after (on the GPU: but for the call's outputs);
 * arena_copy is what it held before the call (on the GPU, the host mirror it
 * is written from). Each host scalar has its own heap slot of exactly its
 * type's size, so that AddressSanitizer catches a read of the wrong width. */
#if MATVEC_FUZZ_GPU
#define ARENA_BYTES 32768
#else
#define ARENA_BYTES 4096
#endif
static unsigned char *arena, *arena_copy;
static float *fslot[4];
static double *dslot[4];
static unsigned char dslot_copy[4][8], fslot_copy[4][4];

/* The handle's pointer mode and stream, as the oracle tracks them (set by
 * the fuzzed mv_set_pointer_mode and mv_set_stream calls). */
static int mode_device;
static int checked_now; /* the handle's checked mode, as the calls set it */
static cudaStream_t current_stream;

/* Random bytes, one 8-byte word in ten a NaN pattern. */
static void poison(unsigned char *p, int bytes)
{
    for (int b = 0; b < bytes; b += 8) {
        const uint64_t v = chance(10) ? 0x7ff8dead7fc0beefull : rnd();
        memcpy(p + b, &v, 8);
    }
}

static void *arena_ptr(int64_t elem_size)
{
    /* Offsets on element boundaries, sometimes off them (2-byte types). */
    int64_t off = below(ARENA_BYTES / 2);
    off -= off % elem_size;
    return arena + off;
}

static const double scalar_pool[] = {0.0, -0.0, 1.0, 1.0, 0.0, 2.0, -1.0, 0.5, NAN, INFINITY, 1.0000001, 1e-30};

enum { SCALARS = sizeof scalar_pool / sizeof scalar_pool[0] };

static double pick_scalar(void) { return scalar_pool[below(SCALARS)]; }

#if MATVEC_FUZZ_GPU
/* Device pointer mode: each value of the pool in device memory of its own,
 * as float and as double, written once; the host cannot read them. */
static float *dev_fscalar[SCALARS];
static double *dev_dscalar[SCALARS];

static void *device_scalar(int is_double, double v)
{
    int i = 0;
    while (i < SCALARS - 1 && memcmp(&scalar_pool[i], &v, sizeof v) != 0)
        ++i;
    return is_double ? (void *)dev_dscalar[i] : (void *)dev_fscalar[i];
}
#endif

/* Fills slot i with v (as float or double) and returns it, or NULL. On the
 * GPU in device pointer mode: v in device memory. */
static void *scalar_arg(int i, int is_double, double v, int null_percent)
{
    if (chance(null_percent))
        return NULL;
#if MATVEC_FUZZ_GPU
    if (mode_device)
        return device_scalar(is_double, v);
#endif
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
 * then suffix); for MV_SUCCESS the handle's message must be unchanged.
 * runs: valid and past the quick returns, so the call works on the device
 * (on a handle bound to none: MV_ERR_NO_DEVICE). */
typedef struct {
    mv_status status;
    int exact;
    char text[MV_MESSAGE_CAPACITY];
    char suffix[64];
    int runs;
} expectation;

static expectation fail_exact(mv_status st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static expectation fail_exact(mv_status st, const char *fmt, ...)
{
    expectation e = {st, 1, "", "", 0};
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
    expectation e = {st, 0, "", "", 0};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    va_end(ap);
    snprintf(e.suffix, sizeof e.suffix, "%s", suffix);
    return e;
}

static const expectation OK = {MV_SUCCESS, 0, "", "", 0};
static const expectation NOT_INITIALIZED = {MV_ERR_NOT_INITIALIZED, 0, "", "", 0};

#define SPANS " spans more than 2^63 bytes"

/* The documented rules, one function per rule. Each returns 1 and fills *e
 * when the rule is broken. `fn` is the function's name in the message. */

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

/* A valid call past its quick returns: MV_ERR_NO_DEVICE on the detached
 * handle, MV_SUCCESS on the GPU. */
static expectation device_work(const char *fn)
{
#if MATVEC_FUZZ_GPU
    (void)fn;
    expectation e = OK;
    e.runs = 1;
    return e;
#else
    expectation e = fail_exact(MV_ERR_NO_DEVICE, "%s: the handle is bound to no CUDA device", fn);
    e.runs = 1;
    return e;
#endif
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
    return unchanged ? OK : device_work(fn);
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
    return device_work(fn);
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
    return unchanged ? OK : device_work(fn);
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
    return device_work(fn);
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
    return device_work(fn); /* 1 x 1 included: validated, device needed */
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
    return unchanged ? OK : device_work(fn);
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
    case F_SET_CHECKED:
        if (c->checked_arg != 0 && c->checked_arg != 1)
            return fail_exact(MV_ERR_INVALID_VALUE, "mv_set_checked: on = %d must be 0 or 1", c->checked_arg);
        return OK;
    case F_GET_CHECKED: return c->null_out ? fail_exact(MV_ERR_INVALID_VALUE, "mv_get_checked: on = NULL") : OK;
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
    static const int checked_args[] = {0, 1, 2, -1, INT32_MIN};
    c->checked_arg = checked_args[chance(80) ? below(2) : 2 + below(3)];
    static const int statuses[] = {MV_SUCCESS, MV_ERR_NOT_INITIALIZED, MV_ERR_INVALID_VALUE, MV_ERR_ALLOC,
                                   MV_ERR_NO_DEVICE, MV_ERR_ARCH_MISMATCH, MV_ERR_EXECUTION, MV_ERR_NOT_SUPPORTED,
                                   -1, 8, 1234, INT32_MIN};
    c->status_arg = statuses[below(sizeof statuses / sizeof statuses[0])];
    c->stream_arg = (cudaStream_t)(uintptr_t)(chance(50) ? 0 : rnd());
    c->null_out = chance(20);
}

/* ---- the GPU: shapes that fit, the arena laid out and filled, the check ----------------------- */

#if MATVEC_FUZZ_GPU

/* A call's multiply-adds (elements, for a transpose) are capped, so that its
 * reference is cheap: every call that works on the device is checked. */
#define WORK_CAP 262144.0

/* The streams a call may be given: the legacy default stream (as 0 and as
 * cudaStreamLegacy), the per-thread one, a blocking and a non-blocking
 * stream of the test's. Any other value is no stream. */
enum { STREAMS = 5 };
static cudaStream_t streams[STREAMS];

/* A small extent: most calls fit the arena, and now and then cross a warp
 * or a tile. */
static int64_t small_dim(void)
{
    const int r = (int)below(100);
    return r < 45 ? 1 + below(4) : r < 75 ? 5 + below(12) : r < 92 ? 17 + below(24) : 41 + below(40);
}

/* A valid leading dimension; with one column, now and then a huge one (any
 * is valid there). */
static int64_t small_ld(int64_t rows, int64_t cols)
{
    const int64_t min = rows > 1 ? rows : 1;
    if (cols == 1 && chance(10)) {
        const int64_t b = pick_big();
        return b >= min ? b : min;
    }
    return min + (chance(60) ? 0 : below(5));
}

/* A valid increment: mostly 1, at times negative or larger; for a single
 * element, now and then a huge one. */
static int64_t small_inc(int64_t len)
{
    if (len == 1 && chance(10)) {
        const int64_t b = pick_big();
        return b == INT64_MIN ? INT64_MAX : b;
    }
    return (1 + (chance(70) ? 0 : below(3))) * (chance(75) ? 1 : -1);
}

/* Mostly finite: NaN or Inf in a scalar makes every output non-finite, which
 * the check can say little about. */
static double small_scalar(void)
{
    double v = pick_scalar();
    while (!isfinite(v) && chance(75))
        v = pick_scalar();
    return v;
}

/* Redraws the shapes, strides, pointers and scalars of a call from
 * generate() so that it is small and mostly valid: valid enum values, small
 * sizes, valid leading dimensions and increments, strides that keep the
 * problems apart, share A or x, overlap the As or interleave the ys (or
 * make two problems write one element: an error), 2% NULLs. */
static void shape_for_gpu(call *c)
{
    static const int combos[][3] = {
        {MV_R_16F, MV_R_16F, MV_R_16F},    {MV_R_16F, MV_R_32F, MV_R_16F},    {MV_R_16F, MV_R_16F, MV_R_32F},
        {MV_R_16F, MV_R_32F, MV_R_32F},    {MV_R_16BF, MV_R_16BF, MV_R_16BF}, {MV_R_16BF, MV_R_32F, MV_R_16BF},
        {MV_R_16BF, MV_R_16BF, MV_R_32F},  {MV_R_16BF, MV_R_32F, MV_R_32F},   {MV_R_32F, MV_R_32F, MV_R_32F},
    };
    if (chance(97))
        c->trans = (int)below(2);
    if (chance(97))
        c->transa = (int)below(2);
    if (chance(97))
        c->transb = (int)below(2);
    if (chance(90)) {
        const int *t = combos[below(sizeof combos / sizeof combos[0])];
        c->a_type = t[0], c->x_type = t[1], c->y_type = t[2];
    }
    c->m = small_dim();
    c->n = small_dim();
    c->k = small_dim();
    const int nt = c->fn == F_SGEMV_NT || c->fn == F_DGEMV_NT, t = c->trans == MV_OP_T;
    const int64_t len_x = nt || !t ? c->n : c->m, len_y = nt || !t ? c->m : c->n;
    switch (c->fn) {
    case F_STRANSPOSE_IP: case F_DTRANSPOSE_IP: c->lda = small_ld(c->n, c->n); break;
    case F_SGEMM: case F_DGEMM:
        c->lda = c->transa == MV_OP_T ? small_ld(c->k, c->m) : small_ld(c->m, c->k);
        c->ldb = c->transb == MV_OP_T ? small_ld(c->n, c->k) : small_ld(c->k, c->n);
        c->ldc = small_ld(c->m, c->n);
        break;
    default: c->lda = small_ld(c->m, c->n); c->ldb = small_ld(c->n, c->m); break;
    }
    c->incx = small_inc(len_x);
    c->incy = small_inc(len_y);
    c->incw = small_inc(c->m);
    c->incz = small_inc(c->n);
    c->batch = 1 + below(c->fn == F_SBATCHED || c->fn == F_DBATCHED ? 8 : 6);
    if (c->fn == F_SSTRIDED || c->fn == F_DSTRIDED) {
        /* With one column or one element, lda or an increment may be huge:
         * the spans stay small. */
        const int64_t span_a = (int64_t)matrix_elems(c->m, c->n, c->lda);
        c->stride_a = chance(20) ? 0 : chance(20) ? below(span_a + 1) : span_a + below(4);
        c->stride_x = chance(20) ? 0 : (int64_t)vector_elems(len_x, c->incx) + below(4);
        const int r = (int)below(100);
        if (r < 20) {
            c->incy = (c->batch + below(2)) * (chance(75) ? 1 : -1);
            c->stride_y = (1 + below(2)) * (chance(75) ? 1 : -1);
        } else {
            c->stride_y = r < 30 ? 0 : ((int64_t)vector_elems(len_y, c->incy) + below(4)) * (chance(75) ? 1 : -1);
        }
    }
    /* Non-NULL operands are laid out by next_call(). */
    void **const ptrs[] = {&c->A, &c->B, &c->C, &c->x, &c->y, &c->w, &c->z};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; ++i)
        *ptrs[i] = chance(2) ? NULL : arena;
    c->shared_a = chance(30);
    const int is_double = elem_bytes(c->fn) == 8, ex = c->fn == F_GEMV_EX;
    c->alpha_v = small_scalar();
    c->beta_v = small_scalar();
    c->gamma_v = small_scalar();
    c->delta_v = small_scalar();
    c->alpha = scalar_arg(0, is_double && !ex, c->alpha_v, 2);
    c->beta = scalar_arg(1, is_double && !ex, c->beta_v, 2);
    c->gamma = scalar_arg(2, is_double, c->gamma_v, 2);
    c->delta = scalar_arg(3, is_double, c->delta_v, 2);
}

/* What a call does with an operand, in the order the arena is filled
 * before it: inputs it must not read (NaN, so that a read shows), outputs
 * it leaves alone (as poisoned), outputs it writes without reading (NaN) or
 * updates (values), inputs it reads (values in [-1, 1], after the rest: an
 * output left alone or an input not read may overlap them), and the pointer
 * form's arrays of the problems' addresses. */
enum { IN_UNREAD, OUT_KEPT, OUT_FRESH, OUT_UPDATED, IN_READ, PTR_ARRAY, ROLES };
enum { PTR_TYPE = 100 }; /* the element type of an array of device pointers */
enum { MAX_REGIONS = 3 + 3 * MAX_PTRS };

/* An operand (or a batch of them) in the arena: element (i, j) of problem b
 * at *slot + (b*stride + i + j*ld) elements; a vector of len elements is
 * 1 x len with ld = |inc| (from its lowest address, as in BLAS). Its bytes:
 * [*slot + lo, *slot + lo + bytes). */
typedef struct {
    const char *name;
    void **slot;
    void *const *ptrs; /* PTR_ARRAY: the problems' addresses it holds */
    int type, role;
    int64_t rows, cols, ld, count, stride, lo, bytes;
} region;

static int64_t type_size(int type) { return type == PTR_TYPE ? 8 : type_bytes(type); }

/* Adds the matrix (or batch) at *slot, unless the pointer is NULL or it has
 * no element; 0 where it is not laid out in the arena (negative sizes,
 * larger than the arena). */
static int add_matrix(region *r, int *n, const char *name, void **slot, int type, int64_t rows, int64_t cols,
                      int64_t ld, int64_t count, int64_t stride, int role)
{
    if (!*slot)
        return 1;
    if (rows < 0 || cols < 0 || count < 0 || ld < 1 || *n == MAX_REGIONS)
        return 0;
    if (rows == 0 || cols == 0 || count == 0)
        return 1;
    if (rows > ARENA_BYTES || cols > ARENA_BYTES || (cols > 1 && ld > ARENA_BYTES) ||
        (count > 1 && stride != 0 && (count > ARENA_BYTES || stride > ARENA_BYTES || stride < -ARENA_BYTES)))
        return 0;
    const int64_t step = (count - 1) * stride, span = (cols - 1) * ld + rows, size = type_size(type);
    const int64_t lo = step < 0 ? step : 0, hi = (step > 0 ? step : 0) + span;
    if ((hi - lo) * size > ARENA_BYTES)
        return 0;
    r[(*n)++] = (region){name, slot, NULL, type, role, rows, cols, ld, count, stride, lo * size, (hi - lo) * size};
    return 1;
}

static int add_vector(region *r, int *n, const char *name, void **slot, int type, int64_t len, int64_t inc,
                      int64_t count, int64_t stride, int role)
{
    if (inc == 0 || (inc == INT64_MIN && len > 1))
        return 0;
    return add_matrix(r, n, name, slot, type, 1, len, len > 1 ? (inc < 0 ? -inc : inc) : 1, count, stride, role);
}

/* The pointer form's array at *slot of count addresses, ptrs[b]. */
static int add_array(region *r, int *n, const char *name, void **slot, int64_t count, void *const *ptrs)
{
    const int before = *n;
    if (!add_matrix(r, n, name, slot, PTR_TYPE, 1, count, 1, 1, 0, PTR_ARRAY))
        return 0;
    if (*n > before)
        r[before].ptrs = ptrs;
    return 1;
}

static int in_role(double scale) { return scale == 0.0 ? IN_UNREAD : IN_READ; }
static int out_role(int vanishing, double beta)
{
    return vanishing && beta == 1.0 ? OUT_KEPT : beta == 0.0 ? OUT_FRESH : OUT_UPDATED;
}

/* The memory call c may touch, with its roles (from the scalars' values);
 * 0 where its operands cannot all be laid out in the arena (negative or too
 * large extents, an enum value that names nothing: c is then an error) or
 * its work passes WORK_CAP. The pointer form's problems get addresses in
 * c->pa, px, py (all A the same where shared_a). */
static int regions_of(call *c, region *r, int *count)
{
    int n = 0, ok = 1;
    *count = 0;
    const int type = elem_bytes(c->fn) == 8 ? MV_R_64F : MV_R_32F;
    const int good_trans = c->trans == MV_OP_N || c->trans == MV_OP_T, t = c->trans == MV_OP_T;
    const int64_t len_x = t ? c->m : c->n, len_y = t ? c->n : c->m;
    const double al = c->alpha_v, be = c->beta_v, ga = c->gamma_v, de = c->delta_v;
    double work = 0.0;
    switch (c->fn) {
    case F_SGEMV: case F_DGEMV: case F_GEMV_EX: case F_SSTRIDED: case F_DSTRIDED: {
        const int ex = c->fn == F_GEMV_EX, strided = c->fn == F_SSTRIDED || c->fn == F_DSTRIDED;
        const int at = ex ? c->a_type : type, xt = ex ? c->x_type : type, yt = ex ? c->y_type : type;
        const int64_t batch = strided ? c->batch : 1;
        if (!good_trans || !is_type(at) || !is_type(xt) || !is_type(yt) ||
            (strided && (c->stride_a < 0 || c->stride_x < 0)))
            return 0;
        work = (double)batch * (double)len_y * (al == 0.0 ? 1.0 : (double)len_x);
        ok = add_matrix(r, &n, "A", &c->A, at, c->m, c->n, c->lda, batch, strided ? c->stride_a : 0, in_role(al)) &&
             add_vector(r, &n, "x", &c->x, xt, len_x, c->incx, batch, strided ? c->stride_x : 0, in_role(al)) &&
             add_vector(r, &n, "y", &c->y, yt, len_y, c->incy, batch, strided ? c->stride_y : 0,
                        out_role(al == 0.0, be));
        break;
    }
    case F_SGEMV_NT: case F_DGEMV_NT:
        work = 2.0 * (double)c->m * (double)c->n;
        ok = add_matrix(r, &n, "A", &c->A, type, c->m, c->n, c->lda, 1, 0,
                        al == 0.0 && ga == 0.0 ? IN_UNREAD : IN_READ) &&
             add_vector(r, &n, "x", &c->x, type, c->n, c->incx, 1, 0, in_role(al)) &&
             add_vector(r, &n, "y", &c->y, type, c->m, c->incy, 1, 0, out_role(al == 0.0, be)) &&
             add_vector(r, &n, "w", &c->w, type, c->m, c->incw, 1, 0, in_role(ga)) &&
             add_vector(r, &n, "z", &c->z, type, c->n, c->incz, 1, 0, out_role(ga == 0.0, de));
        break;
    case F_SBATCHED: case F_DBATCHED: {
        if (!good_trans || c->batch > MAX_PTRS)
            return 0;
        const int64_t batch = c->batch > 0 ? c->batch : 0;
        work = (double)batch * (double)len_y * (al == 0.0 ? 1.0 : (double)len_x);
        ok = add_array(r, &n, "the array A", &c->A, batch, c->pa) && add_array(r, &n, "the array x", &c->x, batch, c->px) &&
             add_array(r, &n, "the array y", &c->y, batch, c->py);
        for (int64_t b = 0; ok && b < batch; ++b) {
            if (c->A && !c->pa[b])
                c->pa[b] = arena; /* laid out with the rest */
            if (c->x && !c->px[b])
                c->px[b] = arena;
            if (c->y && !c->py[b])
                c->py[b] = arena;
            ok = (b > 0 && c->shared_a) ||
                 add_matrix(r, &n, "A of a problem", &c->pa[b], type, c->m, c->n, c->lda, 1, 0, in_role(al));
            ok = ok && add_vector(r, &n, "x of a problem", &c->px[b], type, len_x, c->incx, 1, 0, in_role(al)) &&
                 add_vector(r, &n, "y of a problem", &c->py[b], type, len_y, c->incy, 1, 0, out_role(al == 0.0, be));
        }
        for (int64_t b = 1; c->shared_a && b < batch; ++b)
            c->pa[b] = c->pa[0];
        break;
    }
    case F_STRANSPOSE: case F_DTRANSPOSE:
        work = (double)c->m * (double)c->n;
        ok = add_matrix(r, &n, "A", &c->A, type, c->m, c->n, c->lda, 1, 0, IN_READ) &&
             add_matrix(r, &n, "B", &c->B, type, c->n, c->m, c->ldb, 1, 0, OUT_FRESH);
        break;
    case F_STRANSPOSE_IP: case F_DTRANSPOSE_IP:
        work = (double)c->n * (double)c->n;
        ok = add_matrix(r, &n, "A", &c->A, type, c->n, c->n, c->lda, 1, 0, OUT_UPDATED);
        break;
    case F_SGEMM: case F_DGEMM: {
        if ((c->transa != MV_OP_N && c->transa != MV_OP_T) || (c->transb != MV_OP_N && c->transb != MV_OP_T))
            return 0;
        const int ta = c->transa == MV_OP_T, tb = c->transb == MV_OP_T, vanishing = al == 0.0 || c->k == 0;
        work = (double)c->m * (double)c->n * (vanishing ? 1.0 : (double)c->k);
        ok = add_matrix(r, &n, "A", &c->A, type, ta ? c->k : c->m, ta ? c->m : c->k, c->lda, 1, 0,
                        vanishing ? IN_UNREAD : IN_READ) &&
             add_matrix(r, &n, "B", &c->B, type, tb ? c->n : c->k, tb ? c->k : c->n, c->ldb, 1, 0,
                        vanishing ? IN_UNREAD : IN_READ) &&
             add_matrix(r, &n, "C", &c->C, type, c->m, c->n, c->ldc, 1, 0, out_role(vanishing, be));
        break;
    }
    default: break;
    }
    *count = n;
    return ok && work <= WORK_CAP;
}

/* Lays the regions out apart, in a random order with random gaps (element
 * aligned), and points the call's pointers at them; 0 where they do not
 * fit. */
static int lay_out(region *r, int n)
{
    int order[MAX_REGIONS];
    int64_t need = 0;
    for (int i = 0; i < n; ++i) {
        order[i] = i;
        need += r[i].bytes + type_size(r[i].type) - 1;
    }
    if (need > ARENA_BYTES)
        return 0;
    for (int i = n - 1; i > 0; --i) {
        const int j = (int)below(i + 1), o = order[i];
        order[i] = order[j];
        order[j] = o;
    }
    int64_t slack = ARENA_BYTES - need, at = 0;
    for (int i = 0; i < n; ++i) {
        region *g = &r[order[i]];
        const int64_t size = type_size(g->type);
        int64_t gap = slack ? below(slack / (n - i) * 2 + 1) : 0;
        gap = gap < slack ? gap : slack;
        slack -= gap;
        at = (at + gap + size - 1) / size * size;
        *g->slot = arena + at - g->lo;
        at += g->bytes;
    }
    return 1;
}

/* mv_?gemv_nt and the transposes check overlaps: one output moved onto
 * another operand (within the arena). An error, or a valid call where the
 * output is left alone or the operand is not read. */
static void overlap_an_output(region *r, int n)
{
    int outs[MAX_REGIONS], k = 0;
    for (int i = 0; i < n; ++i)
        if (r[i].role >= OUT_KEPT && r[i].role <= OUT_UPDATED)
            outs[k++] = i;
    if (k == 0 || n < 2)
        return;
    const int o = outs[below(k)];
    int t = (int)below(n - 1);
    t += t >= o;
    const int64_t size = type_size(r[o].type);
    int64_t at = (int64_t)((unsigned char *)*r[t].slot - arena) + r[t].lo + below(r[t].bytes);
    if (at + r[o].bytes > ARENA_BYTES)
        at = ARENA_BYTES - r[o].bytes;
    at -= at % size;
    *r[o].slot = arena + at - r[o].lo;
}

/* ---- element values --------------------------------------------------------------------------- */

/* Element e of the operand at p (an arena address), in image (the arena
 * before or after the call). */
static double load(const unsigned char *image, const void *p, int64_t e, int type)
{
    const unsigned char *q = image + ((const unsigned char *)p - arena) + e * type_bytes(type);
    if (type == MV_R_64F) {
        double d;
        memcpy(&d, q, sizeof d);
        return d;
    }
    if (type == MV_R_32F) {
        float f;
        memcpy(&f, q, sizeof f);
        return (double)f;
    }
    uint16_t b;
    memcpy(&b, q, sizeof b);
    return type == MV_R_16F ? ref_binary16(b) : ref_bfloat16(b);
}

static void load_all(const void *p, int type, int64_t count, double *out)
{
    for (int64_t e = 0; e < count; ++e)
        out[e] = load(arena_copy, p, e, type);
}

/* A random value in [-1, 1] of the type at q: binary16 k/2048 (exact,
 * never subnormal), bfloat16 a float cut to its top 16 bits. */
static void store_value(unsigned char *q, int type)
{
    const double u = (double)(rnd() >> 11) * 0x1p-52 - 1.0;
    const float f = (float)u;
    uint32_t w;
    memcpy(&w, &f, sizeof w);
    uint16_t h = (uint16_t)(w >> 16);
    switch (type) {
    case MV_R_64F: memcpy(q, &u, sizeof u); return;
    case MV_R_32F: memcpy(q, &f, sizeof f); return;
    case MV_R_16F: {
        const int64_t k = below(4097) - 2048, a = k < 0 ? -k : k;
        int e = 0;
        while (a >> (e + 1))
            ++e;
        h = a == 0 ? 0 : (uint16_t)((k < 0 ? 0x8000 : 0) | (e + 4) << 10 | (((a << 10) >> e) & 0x3ff));
        break;
    }
    default: break;
    }
    memcpy(q, &h, sizeof h);
}

static void store_nan(unsigned char *q, int type)
{
    static const uint64_t d = 0x7ff8dead7fc0beefull;
    static const uint32_t f = 0x7fc0beefu;
    static const uint16_t h = 0x7e01, bf = 0x7fc1;
    memcpy(q, type == MV_R_64F ? (const void *)&d : type == MV_R_32F ? (const void *)&f
                               : type == MV_R_16F ? (const void *)&h : (const void *)&bf,
           (size_t)type_bytes(type));
}

/* Arena offset of element (i, j) of problem b of g. */
static int64_t element_at(const region *g, int64_t b, int64_t i, int64_t j)
{
    return (int64_t)((unsigned char *)*g->slot - arena) + (b * g->stride + i + j * g->ld) * type_size(g->type);
}

/* Before a call that works on the device: the bytes of its operands
 * poisoned afresh in the mirror (gaps and padding rows included; the rest
 * of the arena holds what earlier calls left), each operand filled by its
 * role, and the mirror written to the device. */
static void fill_arena(call *c)
{
    region r[MAX_REGIONS];
    int n;
    regions_of(c, r, &n);
    for (int k = 0; k < n; ++k) {
        const int64_t lo = (int64_t)((unsigned char *)*r[k].slot - arena) + r[k].lo;
        const int64_t from = lo / 8 * 8, to = (lo + r[k].bytes + 7) / 8 * 8;
        poison(arena_copy + from, (int)(to - from));
    }
    for (int role = 0; role < ROLES; ++role)
        for (int k = 0; k < n; ++k) {
            const region *g = &r[k];
            if (g->role != role || role == OUT_KEPT)
                continue;
            for (int64_t b = 0; b < g->count; ++b)
                for (int64_t j = 0; j < g->cols; ++j)
                    for (int64_t i = 0; i < g->rows; ++i) {
                        unsigned char *q = arena_copy + element_at(g, b, i, j);
                        if (role == PTR_ARRAY) {
                            const uint64_t p = (uint64_t)(uintptr_t)g->ptrs[j];
                            memcpy(q, &p, sizeof p);
                        } else if (role == IN_UNREAD || role == OUT_FRESH) {
                            store_nan(q, g->type);
                        } else {
                            store_value(q, g->type);
                        }
                    }
        }
    CHECK_CUDA(cudaMemcpy(arena, arena_copy, ARENA_BYTES, cudaMemcpyHostToDevice));
}

/* ---- the check -------------------------------------------------------------------------------- */

static unsigned char *arena_after, written[ARENA_BYTES];
static double ref_a[ARENA_BYTES / 2], ref_b[ARENA_BYTES / 2], ref_c[ARENA_BYTES / 2], ref_bound[ARENA_BYTES / 2];

/* The error accepted for an output: the rounding of a sum of len terms in
 * the sums' precision (unit roundoff u) relative to sum |terms| (bound),
 * anything below the smallest normal number of that precision (subnormals,
 * flushed or not), and one rounding to a 16-bit output type. */
static double tolerance(double u, int out_type, int64_t len, double bound, double want)
{
    double tol = ref_tolerance(u, len, bound) + (double)(len + 2) * (u < 0x1p-30 ? 0x1p-1022 : 0x1p-126);
    if (out_type == MV_R_16F)
        tol += 0x1p-11 * (fabs(want) + tol) + 0x1p-25;
    else if (out_type == MV_R_16BF)
        tol += 0x1p-8 * (fabs(want) + tol) + 0x1p-134;
    return tol;
}

/* A non-finite reference (a NaN or Inf scalar) is met by any non-finite
 * result: the order of the operations decides between NaN and Inf. */
static int close_to(double got, double want, double tol)
{
    return isfinite(want) ? fabs(got - want) <= tol : !isfinite(got);
}

/* One GEMV product (one problem of a batch, one half of mv_?gemv_nt), with
 * the scalars as the call read them. */
typedef struct {
    const char *name;
    int64_t problem; /* -1: not in a batch */
    int trans;
    int64_t m, n;
    double alpha, beta;
    const void *A, *x, *y;
    int64_t lda, incx, incy;
    int at, xt, yt;
    double u; /* unit roundoff of the sums */
} product;

static int check_product(const product *p, char *why, size_t cap)
{
    if (p->alpha == 0.0 && p->beta == 1.0)
        return 0; /* left alone: checked bitwise */
    const int64_t len_x = p->trans ? p->m : p->n, len_y = p->trans ? p->n : p->m;
    if (p->alpha != 0.0) {
        load_all(p->A, p->at, (int64_t)matrix_elems(p->m, p->n, p->lda), ref_a);
        load_all(p->x, p->xt, (int64_t)vector_elems(len_x, p->incx), ref_b);
    }
    load_all(p->y, p->yt, (int64_t)vector_elems(len_y, p->incy), ref_c);
    ref_gemv(p->trans, p->m, p->n, p->alpha, ref_a, p->lda, ref_b, p->incx, p->beta, ref_c, p->incy, ref_bound);
    for (int64_t i = 0; i < len_y; ++i) {
        const int64_t q = ref_index(i, len_y, p->incy);
        const double got = load(arena_after, p->y, q, p->yt), want = ref_c[q];
        const double tol = tolerance(p->u, p->yt, len_x, ref_bound[i], want);
        if (!close_to(got, want, tol)) {
            char problem[48] = "";
            if (p->problem >= 0)
                snprintf(problem, sizeof problem, " of problem %" PRId64, p->problem);
            snprintf(why, cap, "%s%s, element %" PRId64 ": %.9g, reference %.9g (error %.3g, tolerance %.3g)",
                     p->name, problem, i, got, want, got - want, tol);
            return 1;
        }
    }
    return 0;
}

static int check_gemm(const call *c, double alpha, double beta, int type, double u, char *why, size_t cap)
{
    const int ta = c->transa == MV_OP_T, tb = c->transb == MV_OP_T;
    const int64_t m = c->m, n = c->n, k = c->k;
    if ((alpha == 0.0 || k == 0) && beta == 1.0)
        return 0;
    if (alpha != 0.0 && k > 0) {
        load_all(c->A, type, (int64_t)matrix_elems(ta ? k : m, ta ? m : k, c->lda), ref_a);
        load_all(c->B, type, (int64_t)matrix_elems(tb ? n : k, tb ? k : n, c->ldb), ref_b);
    }
    load_all(c->C, type, (int64_t)matrix_elems(m, n, c->ldc), ref_c);
    ref_gemm(ta, tb, m, n, k, alpha, ref_a, c->lda, ref_b, c->ldb, beta, ref_c, c->ldc, ref_bound);
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < m; ++i) {
            const double got = load(arena_after, c->C, i + j * c->ldc, type), want = ref_c[i + j * c->ldc];
            const double tol = tolerance(u, type, k, ref_bound[i + j * m], want);
            if (!close_to(got, want, tol)) {
                snprintf(why, cap, "C(%" PRId64 ", %" PRId64 "): %.9g, reference %.9g (error %.3g, tolerance %.3g)", i,
                         j, got, want, got - want, tol);
                return 1;
            }
        }
    return 0;
}

/* B = A^T (in place: A), bit for bit. */
static int check_transpose(const call *c, int inplace, int64_t size, char *why, size_t cap)
{
    const int64_t m = inplace ? c->n : c->m, n = c->n, ldb = inplace ? c->lda : c->ldb;
    const unsigned char *A = c->A, *B = inplace ? c->A : c->B;
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < m; ++i)
            if (memcmp(arena_copy + (A - arena) + (i + j * c->lda) * size,
                       arena_after + (B - arena) + (j + i * ldb) * size, (size_t)size) != 0) {
                snprintf(why, cap, "%s(%" PRId64 ", %" PRId64 ") is not A(%" PRId64 ", %" PRId64 ") as it was",
                         inplace ? "A" : "B", j, i, i, j);
                return 1;
            }
    return 0;
}

/* The outputs of a call that worked on the device against the reference. */
static void check_outputs(const call *c, char *why, size_t cap)
{
    const int dbl = elem_bytes(c->fn) == 8, ex = c->fn == F_GEMV_EX;
    const int type = dbl ? MV_R_64F : MV_R_32F;
    const double u = dbl ? 0x1p-53 : 0x1p-24;
    /* The scalars as the call reads them: float but for the double functions. */
#define SCALAR(v) (dbl ? (v) : (double)(float)(v))
    const double al = SCALAR(c->alpha_v), be = SCALAR(c->beta_v), ga = SCALAR(c->gamma_v), de = SCALAR(c->delta_v);
#undef SCALAR
    const int64_t size = dbl ? 8 : 4;
    switch (c->fn) {
    case F_SGEMV: case F_DGEMV: case F_GEMV_EX: case F_SSTRIDED: case F_DSTRIDED: case F_SBATCHED:
    case F_DBATCHED: {
        const int strided = c->fn == F_SSTRIDED || c->fn == F_DSTRIDED, arrays = c->fn == F_SBATCHED || c->fn == F_DBATCHED;
        const int64_t batch = strided || arrays ? c->batch : 1;
        const int at = ex ? c->a_type : type, xt = ex ? c->x_type : type, yt = ex ? c->y_type : type;
        for (int64_t b = 0; b < batch; ++b) {
            product p = {"y", strided || arrays ? b : -1, c->trans == MV_OP_T, c->m, c->n, al, be, c->A, c->x, c->y,
                         c->lda, c->incx, c->incy, at, xt, yt, u};
            if (arrays) {
                p.A = c->pa[b], p.x = c->px[b], p.y = c->py[b];
            } else if (strided) {
                p.A = c->A ? (const unsigned char *)c->A + b * c->stride_a * size : NULL;
                p.x = c->x ? (const unsigned char *)c->x + b * c->stride_x * size : NULL;
                p.y = (const unsigned char *)c->y + b * c->stride_y * size;
            }
            if (check_product(&p, why, cap))
                return;
        }
        return;
    }
    case F_SGEMV_NT: case F_DGEMV_NT: {
        const product y = {"y", -1, 0, c->m, c->n, al, be, c->A, c->x, c->y, c->lda, c->incx, c->incy, type, type, type, u};
        const product z = {"z", -1, 1, c->m, c->n, ga, de, c->A, c->w, c->z, c->lda, c->incw, c->incz, type, type, type, u};
        if (!check_product(&y, why, cap))
            check_product(&z, why, cap);
        return;
    }
    case F_STRANSPOSE: case F_DTRANSPOSE: check_transpose(c, 0, size, why, cap); return;
    case F_STRANSPOSE_IP: case F_DTRANSPOSE_IP: check_transpose(c, 1, size, why, cap); return;
    case F_SGEMM: case F_DGEMM: check_gemm(c, al, be, type, u, why, cap); return;
    default: return;
    }
}

/* The operand that holds arena byte b, for a message. */
static const char *region_name(call *c, int64_t b)
{
    region r[MAX_REGIONS];
    int n;
    regions_of(c, r, &n);
    for (int k = 0; k < n; ++k) {
        const int64_t lo = (int64_t)((unsigned char *)*r[k].slot - arena) + r[k].lo;
        if (b >= lo && b < lo + r[k].bytes)
            return r[k].name;
    }
    return "no operand";
}

static long checked, checked_by_fn[F_COUNT];

/* After a call on the GPU: waits for its work and reads the arena back.
 * Where the call worked on the device, its outputs must match the reference
 * and every other byte must be as it was; else every byte. The mirror then
 * holds the arena as it is. Returns 1 on a CUDA error (the context may be
 * lost: the run stops). */
static int gpu_after(call *c, const expectation *want, mv_status got, char *why, size_t cap)
{
    cudaError_t err = cudaDeviceSynchronize();
    if (err == cudaSuccess)
        err = cudaMemcpy(arena_after, arena, ARENA_BYTES, cudaMemcpyDeviceToHost);
    if (err != cudaSuccess) {
        snprintf(why, cap, "CUDA error after the call: %s (%s)", cudaGetErrorString(err), cudaGetErrorName(err));
        return 1;
    }
    memset(written, 0, sizeof written);
    if (!*why && want->runs && got == MV_SUCCESS) {
        region r[MAX_REGIONS];
        int n;
        regions_of(c, r, &n);
        for (int k = 0; k < n; ++k) {
            const region *g = &r[k];
            if (g->role == OUT_FRESH || g->role == OUT_UPDATED)
                for (int64_t b = 0; b < g->count; ++b)
                    for (int64_t j = 0; j < g->cols; ++j)
                        for (int64_t i = 0; i < g->rows; ++i)
                            memset(written + element_at(g, b, i, j), 1, (size_t)type_size(g->type));
        }
        check_outputs(c, why, cap);
        ++checked;
        ++checked_by_fn[c->fn];
    }
    for (int64_t w = 0; w < ARENA_BYTES && !*why; w += 8) {
        uint64_t now, was;
        memcpy(&now, arena_after + w, 8);
        memcpy(&was, arena_copy + w, 8);
        if (now != was)
            for (int64_t b = w; b < w + 8; ++b)
                if (!written[b] && arena_after[b] != arena_copy[b]) {
                    snprintf(why, cap,
                             "device memory written: arena byte %" PRId64 " (%s); bytes %" PRId64 "-%" PRId64
                             " were 0x%016" PRIx64 ", are 0x%016" PRIx64 " (little-endian)",
                             b, region_name(c, b), w, w + 7, was, now);
                    break;
                }
    }
    memcpy(arena_copy, arena_after, ARENA_BYTES);
    return 0;
}

static long redrawn;

#endif /* MATVEC_FUZZ_GPU */

/* The next call and what it must give. On the GPU, laid out apart in the
 * arena where its operands fit (an output of mv_?gemv_nt or a transpose now
 * and then moved onto another operand), and drawn again where it would work
 * on the device but does not fit. */
static expectation next_call(call *c)
{
#if MATVEC_FUZZ_GPU
    for (;;) {
        generate(c);
        if (chance(60))
            shape_for_gpu(c);
        c->stream_arg = streams[below(STREAMS)];
        region r[MAX_REGIONS];
        int n;
        const int laid = regions_of(c, r, &n) && lay_out(r, n);
        if (laid && chance(25) &&
            (c->fn == F_SGEMV_NT || c->fn == F_DGEMV_NT || c->fn == F_STRANSPOSE || c->fn == F_DTRANSPOSE))
            overlap_an_output(r, n);
        long hits[DEV_COUNT];
        memcpy(hits, dev_hits, sizeof hits);
        const expectation e = oracle(c);
        if (!e.runs || laid)
            return e;
        memcpy(dev_hits, hits, sizeof hits); /* not run: not counted */
        ++redrawn;
    }
#else
    generate(c);
    return oracle(c);
#endif
}

static mv_status invoke(mv_handle h, const call *c, cudaStream_t *stream_out, mv_pointer_mode *mode_out,
                        int *checked_out)
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
    case F_SET_CHECKED: return mv_set_checked(hh, c->checked_arg);
    case F_GET_CHECKED: return mv_get_checked(hh, c->null_out ? NULL : checked_out);
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
        snprintf(buf, cap, "%s", MATVEC_FUZZ_GPU && mode_device ? "device slot" : "slot");
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
            fn_names[c->fn], c->null_handle ? "NULL" : MATVEC_FUZZ_GPU ? "GPU" : "detached",
            mode_device ? "device" : "host", c->trans,
            c->transa, c->transb, c->a_type, c->x_type, c->y_type, c->m, c->n, c->k, c->lda, c->ldb, c->ldc, c->incx,
            c->incy, c->incw, c->incz, c->stride_a, c->stride_x, c->stride_y, c->batch, A, B, C, x, y, w, z,
            c->alpha ? "" : "NULL:", c->alpha_v, c->beta ? "" : "NULL:", c->beta_v, c->gamma ? "" : "NULL:",
            c->gamma_v, c->delta ? "" : "NULL:", c->delta_v, c->mode_arg, c->status_arg, c->null_out);
#if MATVEC_FUZZ_GPU
    for (int s = 0; s < STREAMS; ++s)
        if (c->stream_arg == streams[s])
            fprintf(stderr, "  stream_arg=%d (0, legacy, per-thread, blocking, non-blocking)\n", s);
    if (c->fn == F_SBATCHED || c->fn == F_DBATCHED)
        for (int64_t b = 0; b < c->batch && b < MAX_PTRS; ++b) {
            ptr_desc(A, sizeof A, c->pa[b]), ptr_desc(x, sizeof x, c->px[b]), ptr_desc(y, sizeof y, c->py[b]);
            fprintf(stderr, "  problem %" PRId64 ": A=%s x=%s y=%s\n", b, A, x, y);
        }
#endif
}

static int ends_with(const char *s, const char *suffix)
{
    const size_t ls = strlen(s), lf = strlen(suffix);
    return ls >= lf && strcmp(s + ls - lf, suffix) == 0;
}

/* ---- the run --------------------------------------------------------------------------------- */

static double wall_seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The handle the calls run on, the arena and the scalar slots. */
static mv_handle setup(void)
{
    mv_handle h = NULL;
#if MATVEC_FUZZ_GPU
    CHECK_CUDA(cudaMalloc((void **)&arena, ARENA_BYTES));
    CHECK_CUDA(cudaMallocHost((void **)&arena_copy, ARENA_BYTES));
    CHECK_CUDA(cudaMallocHost((void **)&arena_after, ARENA_BYTES));
    for (int i = 0; i < SCALARS; ++i) {
        const float f = (float)scalar_pool[i];
        CHECK_CUDA(cudaMalloc((void **)&dev_fscalar[i], sizeof f));
        CHECK_CUDA(cudaMalloc((void **)&dev_dscalar[i], sizeof scalar_pool[i]));
        CHECK_CUDA(cudaMemcpy(dev_fscalar[i], &f, sizeof f, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(dev_dscalar[i], &scalar_pool[i], sizeof scalar_pool[i], cudaMemcpyHostToDevice));
    }
    streams[0] = 0;
    streams[1] = cudaStreamLegacy;
    streams[2] = cudaStreamPerThread;
    CHECK_CUDA(cudaStreamCreate(&streams[3]));
    CHECK_CUDA(cudaStreamCreateWithFlags(&streams[4], cudaStreamNonBlocking));
    poison(arena_copy, ARENA_BYTES);
    CHECK_CUDA(cudaMemcpy(arena, arena_copy, ARENA_BYTES, cudaMemcpyHostToDevice));
    const mv_status st = mv_create(&h);
    if (st != MV_SUCCESS)
        fail_msg("mv_create: %s: %s", mv_status_string(st), mv_last_error(NULL));
    /* MATVEC_CHECKED=1 runs the calls in checked mode: every operand of a
     * call that works on the device lies inside the arena's allocation, so
     * the results are the same. */
    int checked_mode = 0;
    assert_int_equal(mv_get_checked(h, &checked_mode), MV_SUCCESS);
    printf(FUZZ_NAME ": checked mode %s\n", checked_mode ? "on" : "off");
#else
    arena = malloc(ARENA_BYTES);
    arena_copy = malloc(ARENA_BYTES);
    assert_non_null(arena);
    assert_non_null(arena_copy);
#endif
    for (int i = 0; i < 4; ++i) {
        fslot[i] = malloc(sizeof(float));
        dslot[i] = malloc(sizeof(double));
        assert_non_null(fslot[i]);
        assert_non_null(dslot[i]);
    }
#if !MATVEC_FUZZ_GPU
    assert_int_equal(mv_create_detached(&h), MV_SUCCESS);
#endif
    return h;
}

static void teardown(mv_handle h)
{
    assert_int_equal(mv_destroy(h), MV_SUCCESS);
    for (int i = 0; i < 4; ++i) {
        free(fslot[i]);
        free(dslot[i]);
    }
#if MATVEC_FUZZ_GPU
    /* The device scalars were read by the calls, never written. */
    for (int i = 0; i < SCALARS; ++i) {
        float f;
        double d;
        CHECK_CUDA(cudaMemcpy(&f, dev_fscalar[i], sizeof f, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(&d, dev_dscalar[i], sizeof d, cudaMemcpyDeviceToHost));
        const float fw = (float)scalar_pool[i];
        if (memcmp(&f, &fw, sizeof f) != 0 || memcmp(&d, &scalar_pool[i], sizeof d) != 0)
            fail_msg("the device scalar %g was written", scalar_pool[i]);
        CHECK_CUDA(cudaFree(dev_fscalar[i]));
        CHECK_CUDA(cudaFree(dev_dscalar[i]));
    }
    CHECK_CUDA(cudaStreamDestroy(streams[3]));
    CHECK_CUDA(cudaStreamDestroy(streams[4]));
    CHECK_CUDA(cudaFree(arena));
    CHECK_CUDA(cudaFreeHost(arena_copy));
    CHECK_CUDA(cudaFreeHost(arena_after));
#else
    free(arena);
    free(arena_copy);
#endif
}

static void test_fuzz(void **state)
{
    (void)state;
    uint64_t seed;
    const char *env = getenv("MATVEC_FUZZ_SEED");
    seed = env && *env ? strtoull(env, NULL, 0) : ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid();
    env = getenv("MATVEC_FUZZ_LITERAL_DOCS");
    literal_docs = env && *env && strcmp(env, "0") != 0;
    env = getenv("MATVEC_FUZZ_CALLS");
#if MATVEC_FUZZ_GPU
    const long default_calls = small_mode() ? 2000 : 1000000;
#else
    const long default_calls = 200000;
#endif
    const long calls = env && *env ? strtol(env, NULL, 0) : default_calls;
    printf(FUZZ_NAME ": seed %" PRIu64 ", %ld calls (replay: MATVEC_FUZZ_SEED=%" PRIu64 " MATVEC_FUZZ_CALLS=%ld)\n",
           seed, calls, seed, calls);
    fflush(stdout);
    rng_state = seed;

    mv_handle h = setup();
    mode_device = 0;
    current_stream = 0;
    if (mv_get_checked(h, &checked_now) != MV_SUCCESS) /* MATVEC_CHECKED may have set it */
        fail_msg("mv_get_checked on a new handle failed: %s", mv_last_error(h));
    char before[MV_MESSAGE_CAPACITY], create_before[MV_MESSAGE_CAPACITY];
    long failures = 0, by_status[MV_ERR_NOT_SUPPORTED + 1] = {0}, errors = 0, quick = 0, runs = 0;
    int fatal = 0;
    const double start = wall_seconds();

    long done = 0;
    for (long i = 0; i < calls && failures < 20 && !fatal; ++i, ++done) {
        call c;
        const expectation want = next_call(&c);
#if MATVEC_FUZZ_GPU
        /* The arena holds what the last call left (read back); a call that
         * works on the device gets it filled afresh. */
        if (want.runs)
            fill_arena(&c);
#else
        /* Poison: the arena with random bytes (NaN patterns included), the
         * slots as written by generate(). */
        poison(arena, ARENA_BYTES);
        memcpy(arena_copy, arena, ARENA_BYTES);
#endif
        for (int s = 0; s < 4; ++s) {
            /* Scalars of the other width stay as they were, and are checked too. */
            memcpy(dslot_copy[s], dslot[s], 8);
            memcpy(fslot_copy[s], fslot[s], 4);
        }
        snprintf(before, sizeof before, "%s", mv_last_error(h));
        snprintf(create_before, sizeof create_before, "%s", mv_last_error(NULL));

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
            int checked_out = 0x5a5a;
            got = invoke(h, &c, &stream_out, &mode_out, &checked_out);
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
                if (c.fn == F_SET_CHECKED)
                    checked_now = c.checked_arg;
                if (c.fn == F_GET_CHECKED && checked_out != checked_now)
                    snprintf(why, sizeof why, "mv_get_checked gave %d, want %d", checked_out, checked_now);
            }
            if (!*why && (c.null_handle || got != MV_SUCCESS) &&
                (stream_out != (cudaStream_t)(uintptr_t)0x5a5a || (int)mode_out != 0x5a5a ||
                 checked_out != 0x5a5a))
                snprintf(why, sizeof why, "a failed get wrote its output");
        }
#if MATVEC_FUZZ_GPU
        fatal = gpu_after(&c, &want, got, why, sizeof why);
#else
        if (!*why && memcmp(arena, arena_copy, ARENA_BYTES) != 0) {
            int b = 0;
            while (arena[b] == arena_copy[b])
                ++b;
            snprintf(why, sizeof why, "host memory written: arena byte %d", b);
        }
#endif
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
        if (want.runs)
            ++runs;
        else if (want.status == MV_SUCCESS)
            ++quick;
        else
            ++errors;
    }

    const double seconds = wall_seconds() - start;
    printf(FUZZ_NAME ": %ld calls in %.2f s: %ld MV_SUCCESS, %ld MV_ERR_NOT_INITIALIZED, %ld "
           "MV_ERR_INVALID_VALUE, %ld MV_ERR_NOT_SUPPORTED, %ld MV_ERR_NO_DEVICE; %ld failed\n",
           done, seconds, by_status[MV_SUCCESS], by_status[MV_ERR_NOT_INITIALIZED], by_status[MV_ERR_INVALID_VALUE],
           by_status[MV_ERR_NOT_SUPPORTED], by_status[MV_ERR_NO_DEVICE], failures);
    for (int d = 0; d < DEV_COUNT; ++d)
        printf(FUZZ_NAME ": edge rule (semantics.md, Errors), decided %ld calls: %s\n", dev_hits[d], dev_text[d]);
#if MATVEC_FUZZ_GPU
    printf(FUZZ_NAME ": %ld errors, %ld valid calls with no device work (quick returns, settings), %ld valid calls "
           "that work on the device, %ld checked against the reference; %ld valid draws larger than the %d-byte "
           "arena drawn again\n",
           errors, quick, runs, checked, redrawn, ARENA_BYTES);
    printf(FUZZ_NAME ": checked per function:");
    for (int f = 0; f < F_SET_STREAM; ++f)
        printf(" %s %ld%s", fn_names[f], checked_by_fn[f], f + 1 < F_SET_STREAM ? "," : "\n");
#else
    (void)errors, (void)quick, (void)runs;
#endif
    fflush(stdout);
    if (fatal)
        fail_msg("a CUDA error stopped the run (seed %" PRIu64 ")", seed);
    teardown(h);
    if (failures)
        fail_msg("%ld calls disagreed with the documented rules (seed %" PRIu64 ")", failures, seed);
    /* Every outcome was reached: the generator is not stuck in one corner
     * (on the GPU, a valid call gives MV_SUCCESS; and a tenth of the calls at
     * least were checked against the reference). */
    if (calls >= 10000) {
        for (int s = MV_SUCCESS; s <= MV_ERR_NOT_SUPPORTED; ++s)
            if (s != MV_ERR_ALLOC && s != MV_ERR_ARCH_MISMATCH && s != MV_ERR_EXECUTION &&
                (s != MV_ERR_NO_DEVICE || !MATVEC_FUZZ_GPU) && by_status[s] == 0)
                fail_msg("no call gave %s", mv_status_string((mv_status)s));
#if MATVEC_FUZZ_GPU
        if (checked < done / 10)
            fail_msg("only %ld of %ld calls were checked against the reference", checked, done);
#endif
    }
}

int main(void)
{
#if MATVEC_FUZZ_GPU
    SKIP_WITHOUT_GPU();
#endif
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fuzz)};
    return cmocka_run_group_tests_name(MATVEC_FUZZ_GPU ? "fuzz_gpu" : "fuzz_host", tests, NULL, NULL);
}
