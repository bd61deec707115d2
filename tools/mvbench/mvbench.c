/* mvbench: matvec's benchmark and test-suite program.
 *
 *   mvbench sweep        the paper's grid (n = 2^7..2^14, m = 2^1..n), every contender
 *   mvbench compare      the paper's Table 12: mean time per algorithm over the sweep,
 *                        geometric-mean ratios to cuBLAS and to the floor, CPU rows
 *   mvbench block-width  the paper's Table 11: mean time per BLOCK_WIDTH beside cuBLAS
 *   mvbench shape M N    one shape, every contender, in detail
 *   mvbench random       shapes drawn at random (m, n log-uniform, A from 100 KiB to
 *                        512 MiB), both types and ops: matvec's default beside cuBLAS
 *   mvbench transpose    the transpose paper's table (bench_transpose.c, own options)
 *   mvbench gemm         GEMM variants beside cuBLAS (bench_gemm.c, own options)
 *
 * Every run first measures the device's ceilings (read bandwidth, copy
 * bandwidth, launch time of an empty kernel). Every contender's result is
 * checked against the double reference on each of the shape's random
 * matrices before it is timed; a wrong one prints FAILED and the exit status
 * is 1. Timing: CUDA events around batches of calls, contenders interleaved
 * round by round, median over rounds; "cold" rotates over copies of A that
 * together exceed the L2, "hot" repeats the same A. cuBLAS is timed twice
 * (cublas and cublas-aa) to measure the run's own noise. --variants
 * read-ceiling adds the read kernel of the ceilings over the same bytes of A
 * (same rotation of copies): the time it takes to stream them at all;
 * --variants empty-kernel adds the empty kernel, interleaved with the rest,
 * and each shape's floor then takes its median as the launch time.
 *
 * random draws each shape from a stream of its own (splitmix64 of --seed,
 * the type and the shape's index), so the same seed draws the same shapes,
 * and --dtype d or a smaller --count draws a subset of them. lda and the
 * increments are drawn per shape (--lda-pad, --inc); each shape's line, its
 * CSV rows and the summary's lists give what `mvbench shape M N --lda L
 * --incx I --incy J --dtype T --op O --seed S` needs to replay it, matrices
 * included. One allocation and one host reference pass serve both ops.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <curand.h>

#ifdef MVBENCH_HAVE_CBLAS
#include <cblas.h>
#endif

#include "bench_common.h"
#include "bench_kernels.h"
#include "bench_ops.h"
#include "matvec.h"
#include "reference.h"
#include "gemv/gemv_variants.h"

#define MATRICES 5 /* random matrices per shape, as in the paper */

/* ---------- options ---------- */

enum { MODE_HOT = 1, MODE_COLD = 2 };

typedef struct {
    const char *command;
    int quick;
    int dbl;          /* --dtype d */
    int types;        /* bit 0 float, bit 1 double: random runs both unless --dtype */
    char op;          /* 'N', 'T' or 0 for both */
    int modes;        /* --modes: MODE_HOT, MODE_COLD or both */
    const char *out;  /* output directory */
    int64_t m, n;     /* shape command */
    uint64_t seed;
    int rounds;
    double target_us; /* time per timed batch */
    const char *only; /* --variants a,b,c: restrict the contenders */
    int64_t lda;      /* --lda: at least m (0: m) */
    int64_t incx, incy;
    double beta;      /* --beta: y = A x + beta y (default 0) */
    int device_scalars; /* --device-scalars: alpha, beta in device memory */
    /* random */
    int count;                  /* shapes per type */
    int64_t min_dim, max_dim;   /* m and n log-uniform in [min_dim, max_dim] */
    int64_t min_bytes, max_bytes; /* lda * n * element size in [min_bytes, max_bytes] */
    int64_t lda_pad;            /* 0: lda = m; else m + 1..lda_pad, made odd */
    int64_t inc;                /* 0: increments 1; else each in +-1..+-inc */
    double max_seconds;         /* no new shape after this long (0: no limit) */
    int list;                   /* --list: print the shapes, run nothing */
} options;

static options opt;

static int mode_on(int cold)
{
    return opt.modes & (cold ? MODE_COLD : MODE_HOT);
}

/* ---------- the device and its ceilings ---------- */

static ceilings ceil_;
static cudaStream_t stream;
static cublasHandle_t cublas;
static mv_handle mvh;
static float *read_sink; /* the read-ceiling contender's one value per block */

static void init_device(void)
{
    probe_device(&ceil_);
    if (!ceil_.have_gpu)
        return;
    gpu_open(&stream, &cublas, &mvh);
    if (opt.device_scalars) {
        CUBLAS_OK(cublasSetPointerMode(cublas, CUBLAS_POINTER_MODE_DEVICE));
        mv_set_pointer_mode(mvh, MV_POINTER_MODE_DEVICE);
    }
    measure_ceilings(&ceil_, stream);
    CUDA_OK(cudaMalloc((void **)&read_sink, sizeof(float) * (size_t)ceil_.read_blocks));
}

/* ---------- contenders ---------- */

enum { K_CUBLAS, K_DEFAULT, K_VARIANT, K_READ, K_EMPTY };

typedef struct {
    const char *name;
    int kind;
    const mv_gemv_variant *v;
} contender;

#define MAX_CONTENDERS 64

/* cuBLAS twice (the A/A pair), matvec's default through the public API, then
 * every registered variant that offers the operation; filter picks families
 * (NULL: all). */
static int list_contenders(int trans, contender *c, const char *family_prefix)
{
    int k = 0;
    c[k++] = (contender){"cublas", K_CUBLAS, NULL};
    c[k++] = (contender){"cublas-aa", K_CUBLAS, NULL};
    if (!family_prefix && wanted(opt.only, "default"))
        c[k++] = (contender){"default", K_DEFAULT, NULL};
    /* Only when named: the read kernel of the ceilings over A's bytes. */
    if (!family_prefix && opt.only && wanted(opt.only, "read-ceiling"))
        c[k++] = (contender){"read-ceiling", K_READ, NULL};
    /* Only when named: the empty kernel, interleaved with the others; its
     * median becomes the shape's launch floor (see run_shape). */
    if (!family_prefix && opt.only && wanted(opt.only, "empty-kernel"))
        c[k++] = (contender){"empty-kernel", K_EMPTY, NULL};
    for (size_t i = 0; i < mv_gemv_variant_count() && k < MAX_CONTENDERS; ++i) {
        const mv_gemv_variant *v = mv_gemv_variant_at(i);
        if (strcmp(v->name, "default") == 0 || !(v->ops & (trans ? MV_VARIANT_OP_T : MV_VARIANT_OP_N)))
            continue;
        if (family_prefix && v->block_width == 0)
            continue;
        if (!wanted(opt.only, v->name))
            continue;
        c[k++] = (contender){v->name, K_VARIANT, v};
    }
    return k;
}

/* ---------- one shape's data on the device ---------- */

typedef struct {
    int64_t m, n, lda;
    int64_t incx, incy;   /* the options' (random: the shape's own) */
    int dbl;
    size_t esize;
    char *pool;           /* regions of random matrices, each region_stride bytes */
    size_t region_stride;
    int regions;          /* >= MATRICES; together more than 3x the L2 */
    void *x[MATRICES];    /* random x per matrix, long enough for either op */
    void *y;
    void *y_init;         /* y before a checked call: random (beta != 0) or NaN */
    double *host_y_init;  /* the same, as double */
    size_t span_x, span_y;
    void *scalars;        /* alpha, beta on the device (--device-scalars) */
    void *ws;
    size_t ws_bytes;
    int64_t len_max;
} shape_data;

static curandGenerator_t gen;

/* Elements a vector of len elements with increment inc spans. */
static int64_t span(int64_t len, int64_t inc)
{
    return (len - 1) * llabs(inc) + 1;
}

static void shape_alloc(shape_data *d, int64_t m, int64_t n, int64_t lda, int64_t incx, int64_t incy, int dbl,
                        uint64_t seed)
{
    memset(d, 0, sizeof *d);
    d->m = m;
    d->n = n;
    d->lda = lda > m ? lda : m;
    d->incx = incx;
    d->incy = incy;
    d->dbl = dbl;
    d->esize = dbl ? sizeof(double) : sizeof(float);
    const size_t a_bytes = (size_t)(d->lda * n) * d->esize;
    d->region_stride = (a_bytes + 255) / 256 * 256;
    int regions = (int)((3 * ceil_.l2_bytes + d->region_stride - 1) / d->region_stride);
    regions = regions < MATRICES ? MATRICES : regions > 4096 ? 4096 : regions;
    d->regions = regions;
    CUDA_OK(cudaMalloc((void **)&d->pool, d->region_stride * (size_t)regions));
    /* Each of the paper's matrices from its own seed; the rest of the pool
     * (the cold-mode copies) from one more. */
    for (int s = 0; s < MATRICES; ++s)
        fill_uniform(gen, d->pool + (size_t)s * d->region_stride, d->region_stride / d->esize, dbl,
                     seed + (uint64_t)s, stream);
    if (regions > MATRICES)
        fill_uniform(gen, d->pool + (size_t)MATRICES * d->region_stride,
                     (size_t)(regions - MATRICES) * d->region_stride / d->esize, dbl, seed + 1000, stream);
    d->len_max = m > n ? m : n;
    d->span_x = (size_t)span(d->len_max, incx);
    d->span_y = (size_t)span(d->len_max, incy);
    for (int s = 0; s < MATRICES; ++s) {
        CUDA_OK(cudaMalloc(&d->x[s], d->span_x * d->esize));
        fill_uniform(gen, d->x[s], d->span_x, dbl, seed + 100 + (uint64_t)s, stream);
    }
    CUDA_OK(cudaMalloc(&d->y, d->span_y * d->esize));
    /* y as each checked call finds it: NaN between the elements of a strided
     * y (never to be written) and, with beta = 0, in y itself (never to be
     * read); random values otherwise. */
    CUDA_OK(cudaMalloc(&d->y_init, d->span_y * d->esize));
    d->host_y_init = malloc(d->span_y * sizeof(double));
    void *raw = malloc(d->span_y * d->esize);
    if (!d->host_y_init || !raw)
        die("out of host memory");
    fill_uniform(gen, d->y_init, d->span_y, dbl, seed + 200, stream);
    CUDA_OK(cudaMemcpy(raw, d->y_init, d->span_y * d->esize, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < d->span_y; ++i) {
        const int element = i % (size_t)llabs(incy) == 0;
        const double v = dbl ? ((double *)raw)[i] : (double)((float *)raw)[i];
        d->host_y_init[i] = element && opt.beta != 0.0 ? v : (double)NAN;
        if (dbl)
            ((double *)raw)[i] = d->host_y_init[i];
        else
            ((float *)raw)[i] = (float)d->host_y_init[i];
    }
    CUDA_OK(cudaMemcpy(d->y_init, raw, d->span_y * d->esize, cudaMemcpyHostToDevice));
    free(raw);
    CUDA_OK(cudaMemcpy(d->y, d->y_init, d->span_y * d->esize, cudaMemcpyDeviceToDevice));
    if (opt.device_scalars) {
        const double sd[2] = {1.0, opt.beta};
        const float sf[2] = {1.0f, (float)opt.beta};
        CUDA_OK(cudaMalloc(&d->scalars, 2 * d->esize));
        CUDA_OK(cudaMemcpy(d->scalars, dbl ? (const void *)sd : (const void *)sf, 2 * d->esize,
                           cudaMemcpyHostToDevice));
    }
    /* The copies from pageable memory above may return before their DMA
     * ends, and the calls run on a non-blocking stream: wait for all. */
    CUDA_OK(cudaDeviceSynchronize());
}

static void shape_free(shape_data *d)
{
    CUDA_OK(cudaFree(d->pool));
    for (int s = 0; s < MATRICES; ++s)
        CUDA_OK(cudaFree(d->x[s]));
    CUDA_OK(cudaFree(d->y));
    CUDA_OK(cudaFree(d->y_init));
    free(d->host_y_init);
    if (d->scalars)
        CUDA_OK(cudaFree(d->scalars));
    if (d->ws)
        CUDA_OK(cudaFree(d->ws));
    d->ws = NULL;
    d->ws_bytes = 0;
}

static void ensure_workspace(shape_data *d, const contender *c, int trans)
{
    if (c->kind != K_VARIANT)
        return;
    size_t need = 0;
    if (mv_gemv_variant_workspace(mvh, c->name, d->dbl, trans ? MV_OP_T : MV_OP_N, d->m, d->n, d->lda, &need) !=
        MV_SUCCESS)
        die("%s", mv_last_error(mvh));
    if (need > d->ws_bytes) {
        if (d->ws)
            CUDA_OK(cudaFree(d->ws));
        CUDA_OK(cudaMalloc(&d->ws, need));
        d->ws_bytes = need;
    }
}

/* Enqueues one y = 1*op(A)*x + beta*y on the stream (beta = --beta). */
static void enqueue(const contender *c, shape_data *d, int trans, int region, int xi)
{
    const void *A = d->pool + (size_t)region * d->region_stride;
    const double alpha_d = 1.0, beta_d = opt.beta;
    const float alpha_f = 1.0f, beta_f = (float)opt.beta;
    const void *alpha = d->dbl ? (const void *)&alpha_d : (const void *)&alpha_f;
    const void *beta = d->dbl ? (const void *)&beta_d : (const void *)&beta_f;
    if (d->scalars) {
        alpha = d->scalars;
        beta = (const char *)d->scalars + d->esize;
    }
    const mv_operation op = trans ? MV_OP_T : MV_OP_N;
    const int64_t ix = d->incx, iy = d->incy;
    mv_status st = MV_SUCCESS;
    switch (c->kind) {
    case K_READ:
        /* A's bytes (lda x n), rounded down to 16, with the grid that gave
         * the read bandwidth: how fast this many bytes can be streamed. */
        CUDA_OK(bench_read(A, (size_t)(d->lda * d->n) * d->esize / 16 * 16, ceil_.read_blocks, ceil_.read_threads,
                           read_sink, stream));
        return;
    case K_EMPTY:
        CUDA_OK(bench_empty(stream));
        return;
    case K_CUBLAS:
        if (d->dbl)
            CUBLAS_OK(cublasDgemv_64(cublas, trans ? CUBLAS_OP_T : CUBLAS_OP_N, d->m, d->n, alpha, A, d->lda, d->x[xi],
                                     ix, beta, d->y, iy));
        else
            CUBLAS_OK(cublasSgemv_64(cublas, trans ? CUBLAS_OP_T : CUBLAS_OP_N, d->m, d->n, alpha, A, d->lda, d->x[xi],
                                     ix, beta, d->y, iy));
        return;
    case K_DEFAULT:
        st = d->dbl ? mv_dgemv(mvh, op, d->m, d->n, alpha, A, d->lda, d->x[xi], ix, beta, d->y, iy)
                    : mv_sgemv(mvh, op, d->m, d->n, alpha, A, d->lda, d->x[xi], ix, beta, d->y, iy);
        break;
    default:
        st = mv_gemv_variant_run(mvh, c->name, d->dbl, op, d->m, d->n, alpha, A, d->lda, d->x[xi], ix, beta, d->y, iy,
                                 d->ws, d->ws_bytes);
    }
    if (st != MV_SUCCESS)
        die("%s: %s", c->name, mv_last_error(mvh));
}

/* ---------- the host reference ---------- */

/* Host buffers that outlive a shape, grown when a shape needs more: their
 * pages are touched once per run, not once per shape, and the one the
 * matrices are copied into from the device is pinned (a copy into pageable
 * memory is several times slower; a 512 MiB matrix is copied 5 times). */
typedef struct {
    void *p;
    size_t bytes;
    int pinned;
} host_buf;

static host_buf staging, host_a, host_at;

static void *host_need(host_buf *b, size_t bytes, int pinned)
{
    if (bytes <= b->bytes)
        return b->p;
    if (b->pinned)
        CUDA_OK(cudaFreeHost(b->p));
    else
        free(b->p);
    b->p = NULL;
    b->pinned = pinned && cudaMallocHost(&b->p, bytes) == cudaSuccess;
    if (!b->pinned) {
        (void)cudaGetLastError(); /* no pinned memory to be had: pageable will do */
        b->p = malloc(bytes);
        if (!b->p)
            die("out of host memory (%zu bytes) for the reference", bytes);
    }
    b->bytes = bytes;
    return b->p;
}

static void host_release(host_buf *b)
{
    if (b->pinned)
        CUDA_OK(cudaFreeHost(b->p));
    else
        free(b->p);
    memset(b, 0, sizeof *b);
}

/* fn over [0, items) cut into one range per core of the host, none shorter
 * than min_items: the reference of a 512 MiB matrix takes seconds on one
 * core, and the device waits meanwhile. */
#define MAX_THREADS 64
typedef void (*range_fn)(void *ctx, int64_t lo, int64_t hi);

typedef struct {
    range_fn fn;
    void *ctx;
    int64_t lo, hi;
} range_job;

static void *range_thread(void *p)
{
    const range_job *j = p;
    j->fn(j->ctx, j->lo, j->hi);
    return NULL;
}

static void parallel_for(int64_t items, int64_t min_items, range_fn fn, void *ctx)
{
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int64_t k = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : cores;
    if (k > items / min_items)
        k = items / min_items;
    if (k <= 1) {
        fn(ctx, 0, items);
        return;
    }
    pthread_t th[MAX_THREADS];
    range_job jobs[MAX_THREADS];
    for (int64_t i = 0; i < k; ++i) {
        jobs[i] = (range_job){fn, ctx, items * i / k, items * (i + 1) / k};
        if (i && pthread_create(&th[i], NULL, range_thread, &jobs[i]) != 0)
            die("cannot start a thread for the reference");
    }
    range_thread(&jobs[0]);
    for (int64_t i = 1; i < k; ++i)
        pthread_join(th[i], NULL);
}

/* Work below this many elements per thread is not worth a thread. */
#define MIN_THREAD_ELEMENTS ((int64_t)1 << 20)

static double element(const void *src, size_t i, int dbl)
{
    return dbl ? ((const double *)src)[i] : (double)((const float *)src)[i];
}

static void to_double(const void *src, double *dst, size_t count, int dbl)
{
    if (dbl)
        memcpy(dst, src, count * sizeof(double));
    else
        for (size_t i = 0; i < count; ++i)
            dst[i] = (double)((const float *)src)[i];
}

/* One matrix as the device holds it (src: float or double, leading
 * dimension lda) into the layouts the reference reads in order: a, the
 * same in double (op T; NULL: not needed, or src is already double), and
 * at, its transpose (n x m, leading dimension n; op N). */
typedef struct {
    const void *src;
    double *a, *at;
    int64_t m, n, lda;
    int dbl;
} host_matrix;

static void host_matrix_columns(void *ctx, int64_t j0, int64_t j1)
{
    const host_matrix *h = ctx;
    if (h->a)
        for (int64_t j = j0; j < j1; ++j)
            for (int64_t i = 0; i < h->m; ++i)
                h->a[i + j * h->lda] = element(h->src, (size_t)(i + j * h->lda), h->dbl);
    /* In tiles of 64 rows: 64 columns of at written in order at a time. */
    if (h->at)
        for (int64_t i0 = 0; i0 < h->m; i0 += 64) {
            const int64_t i1 = i0 + 64 < h->m ? i0 + 64 : h->m;
            for (int64_t j = j0; j < j1; ++j)
                for (int64_t i = i0; i < i1; ++i)
                    h->at[j + i * h->n] = element(h->src, (size_t)(i + j * h->lda), h->dbl);
        }
}

/* The reference of one op on elements [i0, i1) of y: ref_gemv's op T over
 * the columns of a (A for op T, A transposed for op N). Op N computed as op
 * T of the transpose sums the same products in the same order, so y and
 * its bounds are bitwise what ref_gemv's op N on A gives; but it walks
 * memory in order, where op N on A strides by lda for every term. */
typedef struct {
    const double *a, *x;
    int64_t len_x, len_y, ld, incx, incy;
    double *y, *bound;
} reference_job;

static void reference_rows(void *ctx, int64_t i0, int64_t i1)
{
    const reference_job *r = ctx;
    /* BLAS keeps a negative increment's first element at the highest address. */
    double *y = r->y + (r->incy > 0 ? i0 * r->incy : (r->len_y - i1) * -r->incy);
    ref_gemv(1, r->len_x, i1 - i0, 1.0, r->a + i0 * r->ld, r->ld, r->x, r->incx, opt.beta, y, r->incy,
             r->bound + i0);
}

typedef struct {
    double *want[MATRICES];  /* reference y per matrix */
    double *bound[MATRICES];
    double *host_y;
    void *raw_y;
} reference_set;

/* The reference y of each matrix for each op in ops (bit 0: N, bit 1: T),
 * r[trans]: each matrix copied to the host and laid out once for all ops. */
static void reference_build(reference_set r[2], shape_data *d, int ops)
{
    const int64_t m = d->m, n = d->n;
    const size_t count = (size_t)(d->lda * (n - 1) + m);
    void *raw = host_need(&staging, count * d->esize, 1);
    host_matrix h = {raw, NULL, NULL, m, n, d->lda, d->dbl};
    double *A = NULL; /* for op T: double A is read where it lands, float A converted */
    if (ops & 2)
        A = d->dbl ? raw : (h.a = host_need(&host_a, count * sizeof(double), 0));
    if (ops & 1)
        h.at = host_need(&host_at, (size_t)(m * n) * sizeof(double), 0);
    double *x = malloc(d->span_x * sizeof(double));
    void *raw_x = malloc(d->span_x * d->esize);
    if (!x || !raw_x)
        die("out of host memory for the reference");
    for (int trans = 0; trans < 2; ++trans) {
        if (!(ops >> trans & 1))
            continue;
        const int64_t len_y = trans ? n : m;
        const size_t span_y = (size_t)span(len_y, d->incy);
        for (int s = 0; s < MATRICES; ++s) {
            r[trans].want[s] = malloc(span_y * sizeof(double));
            r[trans].bound[s] = calloc((size_t)len_y, sizeof(double));
            if (!r[trans].want[s] || !r[trans].bound[s])
                die("out of host memory for the reference");
            memcpy(r[trans].want[s], d->host_y_init, span_y * sizeof(double));
        }
        r[trans].host_y = malloc(span_y * sizeof(double));
        r[trans].raw_y = malloc(span_y * d->esize);
        if (!r[trans].host_y || !r[trans].raw_y)
            die("out of host memory for the reference");
    }
    for (int s = 0; s < MATRICES; ++s) {
        CUDA_OK(cudaMemcpy(raw, d->pool + (size_t)s * d->region_stride, count * d->esize, cudaMemcpyDeviceToHost));
        if (h.a || h.at)
            parallel_for(n, MIN_THREAD_ELEMENTS / m + 1, host_matrix_columns, &h);
        CUDA_OK(cudaMemcpy(raw_x, d->x[s], d->span_x * d->esize, cudaMemcpyDeviceToHost));
        to_double(raw_x, x, d->span_x, d->dbl);
        for (int trans = 0; trans < 2; ++trans) {
            if (!(ops >> trans & 1))
                continue;
            const int64_t len_x = trans ? m : n, len_y = trans ? n : m;
            reference_job job = {trans ? A : h.at, x, len_x, len_y, trans ? d->lda : n, d->incx, d->incy,
                                 r[trans].want[s], r[trans].bound[s]};
            parallel_for(len_y, MIN_THREAD_ELEMENTS / len_x + 1, reference_rows, &job);
        }
    }
    free(x);
    free(raw_x);
}

static void reference_free(reference_set r[2], int ops)
{
    for (int trans = 0; trans < 2; ++trans) {
        if (!(ops >> trans & 1))
            continue;
        for (int s = 0; s < MATRICES; ++s) {
            free(r[trans].want[s]);
            free(r[trans].bound[s]);
        }
        free(r[trans].host_y);
        free(r[trans].raw_y);
    }
}

static int failures;

/* The ceilings' kernels timed as contenders (read-ceiling, empty-kernel):
 * they compute nothing, so they are not checked and the CSV marks them. */
static int is_ceiling(const contender *c)
{
    return c->kind == K_READ || c->kind == K_EMPTY;
}

/* Runs c once on each matrix, y as shape_alloc prepared it (NaN where it
 * must not be read or written); returns 1 if every element is within the
 * reference tolerance and every gap of a strided y is still NaN. */
static int check_contender(const contender *c, shape_data *d, int trans, reference_set *r)
{
    const int64_t len_x = trans ? d->m : d->n, len_y = trans ? d->n : d->m;
    const size_t span_y = (size_t)span(len_y, d->incy);
    if (is_ceiling(c))
        return 1; /* computes nothing; its check column says n/a */
    for (int s = 0; s < MATRICES; ++s) {
        CUDA_OK(cudaMemcpyAsync(d->y, d->y_init, span_y * d->esize, cudaMemcpyDeviceToDevice, stream));
        enqueue(c, d, trans, s, s);
        CUDA_OK(cudaStreamSynchronize(stream));
        CUDA_OK(cudaMemcpy(r->raw_y, d->y, span_y * d->esize, cudaMemcpyDeviceToHost));
        to_double(r->raw_y, r->host_y, span_y, d->dbl);
        for (size_t p = 0; p < span_y; ++p) {
            if (p % (size_t)llabs(d->incy) != 0 && !isnan(r->host_y[p])) {
                printf("FAILED: %s %s op=%c m=%lld n=%lld: y[%zu], between elements, was written\n", c->name,
                       d->dbl ? "double" : "float", trans ? 'T' : 'N', (long long)d->m, (long long)d->n, p);
                ++failures;
                return 0;
            }
        }
        for (int64_t i = 0; i < len_y; ++i) {
            const int64_t p = ref_index(i, len_y, d->incy);
            const double tol = ref_tolerance(d->dbl ? 0x1.0p-53 : 0x1.0p-24, len_x, r->bound[s][i]);
            const double err = fabs(r->host_y[p] - r->want[s][p]);
            if (!(err <= tol)) {
                printf("FAILED: %s %s op=%c m=%lld n=%lld matrix %d: y[%lld] = %.9g, reference %.9g (tolerance %.3g)\n",
                       c->name, d->dbl ? "double" : "float", trans ? 'T' : 'N', (long long)d->m, (long long)d->n, s,
                       (long long)i, r->host_y[p], r->want[s][p], tol);
                ++failures;
                return 0;
            }
        }
    }
    return 1;
}

/* ---------- timing ---------- */

typedef struct {
    const contender *cs;
    shape_data *d;
    int trans, cold;
    int cursor; /* the next region, cold */
} timed;

/* Warm-up on the paper's matrices in turn; then matrix 0 (the estimate) or
 * the round's matrix, "cold" rotating A over the whole pool instead. */
static void enqueue_timed(void *ctx, int c, int round, int calls)
{
    timed *t = ctx;
    for (int k = 0; k < calls; ++k) {
        if (round == TIME_WARMUP) {
            enqueue(&t->cs[c], t->d, t->trans, k % MATRICES, k % MATRICES);
            continue;
        }
        const int xi = round == TIME_ESTIMATE ? 0 : round % MATRICES;
        enqueue(&t->cs[c], t->d, t->trans, t->cold ? (t->cursor++ % t->d->regions) : xi, xi);
    }
}

/* Times every contender, interleaved (time_interleaved): three warm-up
 * calls, three timed for the batch size, batches of about target_us (at
 * most 256 calls). */
static void time_all(const contender *cs, int nc, shape_data *d, int trans, int cold, timing *out)
{
    const batching b = {3, 3, 1000.0, opt.target_us, 0.5, 256};
    timed ctx = {cs, d, trans, cold, 0};
    time_interleaved(nc, opt.rounds, &b, enqueue_timed, &ctx, stream, out);
}

/* ---------- CPU rows ---------- */

/* One GEMV on the CPU per call (threads: OpenBLAS's thread count for the
 * cblas rows, 0 for the plain loop). Timing: calls for 20 ms first (OpenBLAS
 * starts its threads on its first calls), then the median of nine rounds
 * of at least 5 ms. A multi-threaded OpenBLAS once measured 2 ms for a
 * float 128 x 128 call, 140x a 1024 x 1024 op T one: the one-thread row
 * beside it shows what the shape itself costs. */
static double time_cpu(int use_cblas, int threads, int dbl, int trans, int64_t m, int64_t n)
{
    const size_t es = dbl ? sizeof(double) : sizeof(float);
    const int64_t len_x = trans ? m : n, len_y = trans ? n : m;
    void *A = malloc((size_t)(m * n) * es), *x = malloc((size_t)len_x * es), *y = malloc((size_t)len_y * es);
    uint64_t s = 0x243F6A8885A308D3ull;
    for (int64_t i = 0; i < m * n + len_x; ++i) {
        const double v = host_uniform(&s);
        void *dst = i < m * n ? A : x;
        const int64_t k = i < m * n ? i : i - m * n;
        if (dbl)
            ((double *)dst)[k] = v;
        else
            ((float *)dst)[k] = (float)v;
    }
#ifdef MVBENCH_HAVE_CBLAS
    const int threads_before = openblas_get_num_threads();
    if (use_cblas && threads > 0)
        openblas_set_num_threads(threads);
#else
    (void)threads;
#endif
    enum { ROUNDS = 9 };
    double v[ROUNDS];
    for (int r = -1; r < ROUNDS; ++r) {  /* round -1: the warm-up */
        const double t0 = now_s(), span = r < 0 ? 20e-3 : 5e-3;
        int reps = 0;
        do {
#ifdef MVBENCH_HAVE_CBLAS
            if (use_cblas) {
                if (dbl)
                    cblas_dgemv(CblasColMajor, trans ? CblasTrans : CblasNoTrans, (int)m, (int)n, 1.0, A, (int)m, x,
                                1, 0.0, y, 1);
                else
                    cblas_sgemv(CblasColMajor, trans ? CblasTrans : CblasNoTrans, (int)m, (int)n, 1.0f, A, (int)m,
                                x, 1, 0.0f, y, 1);
            } else
#endif
            {
                (void)use_cblas;
                /* The plain loops, in double accumulation: for T a dot
                 * product down each column; for N an axpy per column, so
                 * that both walk memory in order. */
                if (trans) {
                    for (int64_t i = 0; i < len_y; ++i) {
                        double acc = 0.0;
                        for (int64_t k = 0; k < len_x; ++k)
                            acc += dbl ? ((double *)A)[k + i * m] * ((double *)x)[k]
                                       : (double)((float *)A)[k + i * m] * ((float *)x)[k];
                        if (dbl)
                            ((double *)y)[i] = acc;
                        else
                            ((float *)y)[i] = (float)acc;
                    }
                } else {
                    for (int64_t i = 0; i < len_y; ++i) {
                        if (dbl)
                            ((double *)y)[i] = 0.0;
                        else
                            ((float *)y)[i] = 0.0f;
                    }
                    for (int64_t k = 0; k < len_x; ++k)
                        for (int64_t i = 0; i < len_y; ++i) {
                            if (dbl)
                                ((double *)y)[i] += ((double *)A)[i + k * m] * ((double *)x)[k];
                            else
                                ((float *)y)[i] += ((float *)A)[i + k * m] * ((float *)x)[k];
                        }
                }
            }
            ++reps;
        } while (now_s() - t0 < span);
        if (r >= 0)
            v[r] = (now_s() - t0) / reps * 1e6;
    }
#ifdef MVBENCH_HAVE_CBLAS
    openblas_set_num_threads(threads_before);
#endif
    free(A);
    free(x);
    free(y);
    return median(v, ROUNDS);
}

/* ---------- output ---------- */

static FILE *csv;

typedef struct {
    const char *suite;
    int dbl, trans;
    int64_t m, n;
    const char *variant;
    int cold;
    timing t;
    double cublas_us;  /* <= 0: no ratio */
    double bytes, floor_us;
    int64_t lda, incx, incy;
    int ceiling; /* the read-ceiling or empty-kernel contender: nothing to check */
} row;

/* Bytes a call must move: A, x, y written, and y read when beta != 0. */
static double call_bytes(int64_t m, int64_t n, int trans, int dbl)
{
    const double len_y = trans ? (double)n : (double)m;
    return (double)(dbl ? 8 : 4) * ((double)m * (double)n + (double)m + (double)n + (opt.beta != 0.0 ? len_y : 0.0));
}

/* max(launch, bytes / read bandwidth), with the launch time given. */
static double floor_with(double bytes, double launch_us)
{
    const double bw_us = ceil_.have_gpu ? bytes / (ceil_.read_gbps * 1e3) : 0.0;
    return bw_us > launch_us ? bw_us : launch_us;
}

static double floor_us(double bytes)
{
    return floor_with(bytes, ceil_.launch_us);
}

static void csv_row(const row *r)
{
    const double gbps = r->bytes / (r->t.med * 1e3);
    const double gflops = 2.0 * (double)r->m * (double)r->n / (r->t.med * 1e3);
    fprintf(csv, "%s,%c,%c,%lld,%lld,%lld,%s,%s,%.3f,%.3f,%.3f,%.0f,%.2f,%.2f,%.2f,", r->suite, r->dbl ? 'd' : 's',
            r->trans ? 'T' : 'N', (long long)r->m, (long long)r->n, (long long)r->lda, r->variant,
            r->cold ? "cold" : "hot", r->t.med, r->t.min, r->t.max, r->bytes, gbps,
            ceil_.have_gpu ? 100.0 * gbps / ceil_.read_gbps : 0.0, gflops);
    if (r->cublas_us > 0)
        fprintf(csv, "%.4f", r->t.med / r->cublas_us);
    fprintf(csv, ",%.4f,%.3f,%s,%lld,%lld\n", ceil_.have_gpu ? r->t.med / r->floor_us : 0.0, r->floor_us,
            !r->t.ok ? "FAILED" : r->ceiling ? "n/a" : "ok", (long long)r->incx, (long long)r->incy);
}

/* Running sums for the summary tables: per (type, op, mode, contender). */
typedef struct {
    char name[64];
    int count, faster, slower_beyond_noise;
    double sum_us, sum_log_cublas, sum_log_floor;
} tally;

#define MAX_TALLY 256
static tally tallies[2][2][2][MAX_TALLY]; /* [dbl][trans][cold] */
static int tally_count[2][2][2];
static double aa_spreads[2][2][2][4096];
static int aa_count[2][2][2];

static tally *tally_for(int dbl, int trans, int cold, const char *name)
{
    int *count = &tally_count[dbl][trans][cold];
    for (int i = 0; i < *count; ++i)
        if (strcmp(tallies[dbl][trans][cold][i].name, name) == 0)
            return &tallies[dbl][trans][cold][i];
    tally *t = &tallies[dbl][trans][cold][(*count)++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    return t;
}

/* ---------- one shape, every contender ---------- */

/* What one op and mode gave matvec's default beside cuBLAS, for random's
 * summary; ok when the default, cublas and cublas-aa all passed their
 * checks. */
typedef struct {
    int ok;
    double us, cublas_us, spread, floor_us, bytes;
} default_result;

/* Times the checked contenders cs of one op in each mode of --modes, then
 * writes their rows and adds them to the tallies (and to res, if given). */
static void time_op(const char *suite, shape_data *d, int trans, const contender *cs, int nc,
                    timing t[2][MAX_CONTENDERS], int verbose, default_result res[2])
{
    const int64_t m = d->m, n = d->n;
    for (int cold = 0; cold < 2; ++cold)
        if (mode_on(cold))
            time_all(cs, nc, d, trans, cold, t[cold]);
    const double bytes = call_bytes(m, n, trans, d->dbl);
    for (int cold = 0; cold < 2; ++cold) {
        if (!mode_on(cold))
            continue;
        /* The launch floor: the ceilings' empty kernel, or, when the
         * empty-kernel contender runs, its median in this shape's rounds
         * (the empty kernel measured once per process moved from 3.4 to
         * 5.1 us between processes on one machine: notes entry 19). */
        double launch_us = ceil_.launch_us;
        for (int c = 0; c < nc; ++c)
            if (cs[c].kind == K_EMPTY && t[cold][c].ok)
                launch_us = t[cold][c].med;
        const double fl = floor_with(bytes, launch_us);
        const double cub = t[cold][0].med, aa = t[cold][1].med;
        const double spread = fabs(aa / cub - 1.0);
        if (aa_count[d->dbl][trans][cold] < 4096)
            aa_spreads[d->dbl][trans][cold][aa_count[d->dbl][trans][cold]++] = spread;
        if (verbose)
            printf("\n%s %c m=%lld n=%lld %s (%.0f bytes, floor %.2f us; cuBLAS A/A spread %.1f%%)\n"
                   "  %-34s %10s %9s %8s %9s %8s %8s\n",
                   d->dbl ? "double" : "float", trans ? 'T' : 'N', (long long)m, (long long)n,
                   cold ? "cold" : "hot", bytes, fl, 100 * spread, "contender", "us", "GB/s", "%read", "GFLOP/s",
                   "/cuBLAS", "/floor");
        for (int c = 0; c < nc; ++c) {
            const row r = {suite, d->dbl, trans, m, n, cs[c].name, cold, t[cold][c], c == 0 ? 0 : cub, bytes, fl,
                           d->lda, d->incx, d->incy, is_ceiling(&cs[c])};
            csv_row(&r);
            if (!t[cold][c].ok)
                continue;
            if (res && cs[c].kind == K_DEFAULT)
                res[cold] = (default_result){t[cold][0].ok && t[cold][1].ok, t[cold][c].med, cub, spread, fl, bytes};
            tally *ty = tally_for(d->dbl, trans, cold, cs[c].name);
            ty->count++;
            ty->sum_us += t[cold][c].med;
            ty->sum_log_cublas += log(t[cold][c].med / cub);
            ty->sum_log_floor += log(t[cold][c].med / fl);
            ty->faster += t[cold][c].med < cub;
            /* The A/A row compared with itself must not count by rounding. */
            ty->slower_beyond_noise += t[cold][c].med > cub * (1.0 + spread) * (1.0 + 1e-9);
            if (verbose) {
                const double gbps = bytes / (t[cold][c].med * 1e3);
                printf("  %-34s %10.2f %9.1f %7.1f%% %9.1f %8.3f %8.3f\n", cs[c].name, t[cold][c].med, gbps,
                       100 * gbps / ceil_.read_gbps, 2.0 * (double)m * (double)n / (t[cold][c].med * 1e3),
                       t[cold][c].med / cub, t[cold][c].med / fl);
            }
        }
    }
}

/* Every contender on one shape's data for each op in ops (bit 0: N, bit 1:
 * T): all checked first, on one reference pass for all ops, then timed op
 * by op. res[trans][cold], if given, receives the default's results. */
static void run_ops(const char *suite, shape_data *d, int ops, const char *family, int verbose,
                    default_result res[2][2])
{
    contender cs[2][MAX_CONTENDERS];
    int nc[2] = {0, 0};
    timing t[2][2][MAX_CONTENDERS]; /* [trans][cold] */
    memset(t, 0, sizeof t);
    if (res)
        memset(res, 0, 2 * sizeof res[0]);
    reference_set ref[2];
    reference_build(ref, d, ops);
    for (int trans = 0; trans < 2; ++trans) {
        if (!(ops >> trans & 1))
            continue;
        nc[trans] = list_contenders(trans, cs[trans], family);
        for (int c = 0; c < nc[trans]; ++c) {
            ensure_workspace(d, &cs[trans][c], trans);
            t[trans][0][c].ok = t[trans][1][c].ok = check_contender(&cs[trans][c], d, trans, &ref[trans]);
        }
    }
    reference_free(ref, ops);
    for (int trans = 0; trans < 2; ++trans)
        if (ops >> trans & 1)
            time_op(suite, d, trans, cs[trans], nc[trans], t[trans], verbose, res ? res[trans] : NULL);
    if (verbose && d->ws_bytes)
        printf("  (largest workspace of a variant at this shape: %zu bytes, e.g. transpose-then-block-multiply)\n",
               d->ws_bytes);
}

/* One shape and op with the options' lda and increments. */
static void run_shape(const char *suite, int64_t m, int64_t n, int trans, const char *family, int verbose,
                      uint64_t seed)
{
    shape_data d;
    shape_alloc(&d, m, n, opt.lda, opt.incx, opt.incy, opt.dbl, seed);
    run_ops(suite, &d, 1 << trans, family, verbose, NULL);
    shape_free(&d);
}

/* ---------- CPU rows for a few sizes ---------- */

/* The plain loop (cpu-loop), OpenBLAS with all its threads (cblas) and with
 * one (cblas-1t): small shapes are faster on one thread, whose row says so
 * rather than a thread start-up. */
static void cpu_rows(const char *suite, int64_t m, int64_t n, int trans)
{
    const double bytes = call_bytes(m, n, trans, opt.dbl);
    for (int kind = 0; kind < 3; ++kind) {
        const int use_cblas = kind > 0;
        int threads = 0;
#ifdef MVBENCH_HAVE_CBLAS
        threads = kind == 1 ? openblas_get_num_threads() : 1;
#else
        if (use_cblas) {
            if (kind == 1)
                printf("  %-34s (left out: mvbench was built without a CBLAS; install libopenblas-dev and rebuild)\n",
                       "cblas");
            continue;
        }
#endif
        const timing t = {time_cpu(use_cblas, threads, opt.dbl, trans, m, n), 0, 0, 1};
        const char *name = kind == 0 ? "cpu-loop" : kind == 1 ? "cblas" : "cblas-1t";
        const row r = {suite, opt.dbl, trans, m, n, name, 0, t, 0, bytes, floor_us(bytes), m, 1, 1, 0};
        csv_row(&r);
        char what[32] = "plain loop";
        if (use_cblas)
            snprintf(what, sizeof what, "OpenBLAS, %d thread%s", threads, threads == 1 ? "" : "s");
        printf("  %-34s %10.2f %9.1f   (CPU, %s, %s %c %lldx%lld)\n", r.variant, t.med, bytes / (t.med * 1e3), what,
               opt.dbl ? "double" : "float", trans ? 'T' : 'N', (long long)m, (long long)n);
    }
}

/* ---------- random shapes ---------- */

/* 1, or with --inc K uniform over -K..-1, 1..K; drawn either way, so that
 * --inc changes the increments and nothing else. */
static int64_t draw_inc(uint64_t *state)
{
    const uint64_t v = splitmix64(state);
    if (!opt.inc)
        return 1;
    const int64_t k = (int64_t)(v % (uint64_t)(2 * opt.inc));
    return k < opt.inc ? k - opt.inc : k - opt.inc + 1;
}

typedef struct {
    int dbl, index;
    int64_t m, n, lda, incx, incy;
    uint64_t seed; /* its matrices' and vectors': mvbench shape --seed draws the same */
} drawn;

static double a_bytes(const drawn *s)
{
    return (double)s->lda * (double)s->n * (s->dbl ? 8.0 : 4.0);
}

/* The index-th shape of a type, from a stream of its own (a state mixing
 * the seed, the type and the index): the same in a run of one type or of
 * both, and whatever --count is. m, n and the pad are drawn again until A's
 * bytes (lda * n * element size) are in range; the pad is drawn without
 * --lda-pad too, so that the option changes lda and nothing else (the
 * rejections aside). */
static void draw_shape(drawn *s, int dbl, int index)
{
    uint64_t state = mix64(opt.seed) ^ mix64(((uint64_t)index << 1 | (uint64_t)dbl) + 1);
    memset(s, 0, sizeof *s);
    s->dbl = dbl;
    s->index = index;
    for (int draws = 0;; ++draws) {
        if (draws == 1000000)
            die("random: no %s shape in a million draws had A's bytes in [%lld, %lld]: widen --min/--max or "
                "--min-bytes/--max-bytes", dbl ? "double" : "float", (long long)opt.min_bytes,
                (long long)opt.max_bytes);
        s->m = log_uniform(&state, opt.min_dim, opt.max_dim);
        s->n = log_uniform(&state, opt.min_dim, opt.max_dim);
        const int64_t pad = uniform_int(&state, 1, opt.lda_pad > 0 ? opt.lda_pad : 1);
        s->lda = opt.lda_pad ? (s->m + pad) | 1 : s->m; /* lda > m, odd */
        if (a_bytes(s) >= (double)opt.min_bytes && a_bytes(s) <= (double)opt.max_bytes)
            break;
    }
    s->incx = draw_inc(&state);
    s->incy = draw_inc(&state);
    s->seed = splitmix64(&state) >> 32;
}

/* A shape's parameters, the way the shape command takes them. */
static void print_drawn(const drawn *s)
{
    printf("%c %5d/%d  m %8lld  n %8lld  lda %8lld  incx %3lld  incy %3lld  A %9.2f MiB  seed %10llu",
           s->dbl ? 'd' : 's', s->index + 1, opt.count, (long long)s->m, (long long)s->n, (long long)s->lda,
           (long long)s->incx, (long long)s->incy, a_bytes(s) / (1 << 20), (unsigned long long)s->seed);
}

/* What random measured: one point per shape, op and mode. */
typedef struct {
    drawn s;
    int trans, cold;
    default_result r;
} point;

static point *points;
static int npoints, points_cap;
static int shapes_run[2]; /* per type */

static void add_point(const drawn *s, int trans, int cold, const default_result *r)
{
    if (npoints == points_cap) {
        points_cap = points_cap ? 2 * points_cap : 1024;
        points = realloc(points, sizeof *points * (size_t)points_cap);
        if (!points)
            die("out of host memory");
    }
    points[npoints++] = (point){*s, trans, cold, *r};
}

#define BIG_A_BYTES (64.0 * 1024 * 1024) /* where the read bandwidth is judged */
#define READ_TARGET_PCT 92.0

static double ratio_cublas(const point *p)
{
    return p->r.us / p->r.cublas_us;
}

static double ratio_floor(const point *p)
{
    return p->r.us / p->r.floor_us;
}

static double pct_read(const point *p)
{
    return 100.0 * p->r.bytes / (p->r.us * 1e3) / ceil_.read_gbps;
}

/* Slower than cuBLAS by more than the shape's own cuBLAS A/A spread, as
 * the tallies count it. */
static int beyond_noise(const point *p)
{
    return p->r.us > p->r.cublas_us * (1.0 + p->r.spread) * (1.0 + 1e-9);
}

static int over_3pct(const point *p)
{
    return p->r.us > 1.03 * p->r.cublas_us;
}

/* The default's figures over the points of one type and mode, of op N
 * (trans 0), T (1) or both (-1); big: the points whose A is at least
 * BIG_A_BYTES. */
typedef struct {
    int points, beyond_noise, over_3pct, big, big_under;
    double geo_floor, geo_cublas, big_min_pct;
} group;

static group group_of(int dbl, int cold, int trans)
{
    group g;
    memset(&g, 0, sizeof g);
    double log_floor = 0.0, log_cublas = 0.0;
    g.big_min_pct = INFINITY;
    for (int i = 0; i < npoints; ++i) {
        const point *p = &points[i];
        if (p->s.dbl != dbl || p->cold != cold || (trans >= 0 && p->trans != trans))
            continue;
        g.points++;
        log_floor += log(ratio_floor(p));
        log_cublas += log(ratio_cublas(p));
        g.beyond_noise += beyond_noise(p);
        g.over_3pct += over_3pct(p);
        if (a_bytes(&p->s) >= BIG_A_BYTES) {
            g.big++;
            g.big_under += pct_read(p) < READ_TARGET_PCT;
            g.big_min_pct = fmin(g.big_min_pct, pct_read(p));
        }
    }
    g.geo_floor = exp(log_floor / g.points);
    g.geo_cublas = exp(log_cublas / g.points);
    return g;
}

/* Worst first: by time / cuBLAS, or by time / floor. */
static int by_ratio_cublas(const void *a, const void *b)
{
    const double x = ratio_cublas(*(const point *const *)a), y = ratio_cublas(*(const point *const *)b);
    return x < y ? 1 : x > y ? -1 : 0;
}

static int by_ratio_floor(const void *a, const void *b)
{
    const double x = ratio_floor(*(const point *const *)a), y = ratio_floor(*(const point *const *)b);
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The points of one type and mode that the summary lists, worst first:
 * every one slower than cuBLAS (beyond its A/A spread or by more than 3%),
 * or the five worst by time / floor or by time / cuBLAS. out holds npoints;
 * returns how many it holds. */
enum { LIST_SLOWER, LIST_WORST_FLOOR, LIST_WORST_CUBLAS };
#define WORST 5

static int list_points(int dbl, int cold, int which, const point **out)
{
    int k = 0;
    for (int i = 0; i < npoints; ++i) {
        const point *p = &points[i];
        if (p->s.dbl == dbl && p->cold == cold && (which != LIST_SLOWER || beyond_noise(p) || over_3pct(p)))
            out[k++] = p;
    }
    qsort(out, (size_t)k, sizeof *out, which == LIST_WORST_FLOOR ? by_ratio_floor : by_ratio_cublas);
    return which == LIST_SLOWER || k < WORST ? k : WORST;
}

static void print_point_header(void)
{
    printf("    %-2s %8s %8s %8s %5s %5s %9s %10s %10s %8s %6s %8s %6s %10s\n", "op", "m", "n", "lda", "incx", "incy",
           "A MiB", "us", "cuBLAS us", "/cuBLAS", "A/A", "/floor", "%read", "seed");
}

static void print_point(const point *p)
{
    printf("    %-2c %8lld %8lld %8lld %5lld %5lld %9.2f %10.2f %10.2f %8.3f %5.1f%% %8.3f %5.1f%% %10llu%s%s\n",
           p->trans ? 'T' : 'N', (long long)p->s.m, (long long)p->s.n, (long long)p->s.lda, (long long)p->s.incx,
           (long long)p->s.incy, a_bytes(&p->s) / (1 << 20), p->r.us, p->r.cublas_us, ratio_cublas(p),
           100 * p->r.spread, ratio_floor(p), pct_read(p), (unsigned long long)p->s.seed,
           beyond_noise(p) ? " *" : "", over_3pct(p) ? " !" : "");
}

#define MAX_LISTED 40 /* slower points printed per type and mode; summary.json has them all */

static void print_random_summary(void)
{
    const point **list = malloc(sizeof *list * (size_t)(npoints ? npoints : 1));
    if (!list)
        die("out of host memory");
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int cold = 1; cold >= 0; --cold) {
            if (!shapes_run[dbl] || !mode_on(cold))
                continue;
            printf("\nrandom summary: %s, %s; matvec's default beside cuBLAS on %d shapes\n", dbl ? "double" : "float",
                   cold ? "cold" : "hot", shapes_run[dbl]);
            if (!group_of(dbl, cold, -1).points) {
                printf("  (no rows of the default: --variants left it out, or it failed its check)\n");
                continue;
            }
            printf("  %-4s %7s %10s %11s %8s %11s %9s %10s %10s\n", "op", "points", "geo/floor", "geo/cuBLAS",
                   "slower*", ">3% slower", "A>=64MiB", "min %read", "<92% read");
            for (int trans = -1; trans < 2; ++trans) {
                const group g = group_of(dbl, cold, trans);
                if (!g.points)
                    continue;
                printf("  %-4s %7d %10.3f %11.3f %8d %11d %9d", trans < 0 ? "N+T" : trans ? "T" : "N", g.points,
                       g.geo_floor, g.geo_cublas, g.beyond_noise, g.over_3pct, g.big);
                if (g.big)
                    printf(" %9.1f%% %10d\n", g.big_min_pct, g.big_under);
                else
                    printf(" %10s %10s\n", "-", "-");
            }
            printf("  (points: shapes x ops; * slower than cuBLAS by more than the shape's own cuBLAS A/A spread;\n"
                   "   %%read: bytes / time against the measured read ceiling, %.0f GB/s, over the points whose A\n"
                   "   is at least 64 MiB)\n",
                   ceil_.read_gbps);
            const int k = list_points(dbl, cold, LIST_SLOWER, list);
            printf("  slower than cuBLAS (* beyond the A/A spread, ! by more than 3%%): %d\n", k);
            if (k)
                print_point_header();
            for (int i = 0; i < k && i < MAX_LISTED; ++i)
                print_point(list[i]);
            if (k > MAX_LISTED)
                printf("    ... and %d more (summary.json lists them all)\n", k - MAX_LISTED);
            for (int which = LIST_WORST_FLOOR; which <= LIST_WORST_CUBLAS; ++which) {
                const int w = list_points(dbl, cold, which, list);
                printf("  worst %d by time/%s:\n", w, which == LIST_WORST_FLOOR ? "floor" : "cuBLAS");
                print_point_header();
                for (int i = 0; i < w; ++i)
                    print_point(list[i]);
            }
        }
    free(list);
}

static void json_point(FILE *f, const point *p, int first)
{
    fprintf(f,
            "%s\n      {\"dtype\": \"%c\", \"op\": \"%c\", \"mode\": \"%s\", \"m\": %lld, \"n\": %lld, \"lda\": %lld, "
            "\"incx\": %lld, \"incy\": %lld, \"seed\": %llu, \"a_bytes\": %.0f, \"time_us\": %.3f, "
            "\"cublas_us\": %.3f, \"ratio_cublas\": %.4f, \"aa_spread\": %.4f, \"floor_us\": %.3f, "
            "\"ratio_floor\": %.4f, \"pct_read_bw\": %.2f, \"beyond_noise\": %s, \"over_3pct\": %s}",
            first ? "" : ",", p->s.dbl ? 'd' : 's', p->trans ? 'T' : 'N', p->cold ? "cold" : "hot", (long long)p->s.m,
            (long long)p->s.n, (long long)p->s.lda, (long long)p->s.incx, (long long)p->s.incy,
            (unsigned long long)p->s.seed, a_bytes(&p->s), p->r.us, p->r.cublas_us, ratio_cublas(p), p->r.spread,
            p->r.floor_us, ratio_floor(p), pct_read(p), beyond_noise(p) ? "true" : "false",
            over_3pct(p) ? "true" : "false");
}

/* summary.json's "random": the draw's parameters, the figures of
 * print_random_summary per type, mode and op ("both", "N", "T"), and its
 * lists, each point with its type and mode. */
static void json_random(FILE *f)
{
    fprintf(f,
            ",\n  \"random\": {\n    \"seed\": %llu, \"count\": %d, \"min\": %lld, \"max\": %lld, \"min_bytes\": %lld, "
            "\"max_bytes\": %lld, \"lda_pad\": %lld, \"inc\": %lld,\n    \"shapes_run\": {\"s\": %d, \"d\": %d}, "
            "\"big_a_bytes\": %.0f, \"read_target_pct\": %.0f,\n    \"groups\": [",
            (unsigned long long)opt.seed, opt.count, (long long)opt.min_dim, (long long)opt.max_dim,
            (long long)opt.min_bytes, (long long)opt.max_bytes, (long long)opt.lda_pad, (long long)opt.inc,
            shapes_run[0], shapes_run[1], BIG_A_BYTES, READ_TARGET_PCT);
    int first = 1;
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int cold = 1; cold >= 0; --cold)
            for (int trans = -1; trans < 2; ++trans) {
                const group g = group_of(dbl, cold, trans);
                if (!g.points)
                    continue;
                fprintf(f,
                        "%s\n      {\"dtype\": \"%c\", \"mode\": \"%s\", \"op\": \"%s\", \"points\": %d, "
                        "\"geomean_ratio_floor\": %.4f, \"geomean_ratio_cublas\": %.4f, \"slower_beyond_noise\": %d, "
                        "\"slower_3pct\": %d, \"big_points\": %d, \"big_min_pct_read_bw\": ",
                        first ? "" : ",", dbl ? 'd' : 's', cold ? "cold" : "hot",
                        trans < 0 ? "both" : trans ? "T" : "N", g.points, g.geo_floor, g.geo_cublas,
                        g.beyond_noise, g.over_3pct, g.big);
                if (g.big)
                    fprintf(f, "%.2f", g.big_min_pct);
                else
                    fprintf(f, "null");
                fprintf(f, ", \"big_under_92\": %d}", g.big_under);
                first = 0;
            }
    const point **list = malloc(sizeof *list * (size_t)(npoints ? npoints : 1));
    if (!list)
        die("out of host memory");
    const char *names[] = {"slower", "worst_floor", "worst_cublas"};
    for (int which = LIST_SLOWER; which <= LIST_WORST_CUBLAS; ++which) {
        fprintf(f, "\n    ],\n    \"%s\": [", names[which]);
        first = 1;
        for (int dbl = 0; dbl < 2; ++dbl)
            for (int cold = 1; cold >= 0; --cold) {
                const int k = list_points(dbl, cold, which, list);
                for (int i = 0; i < k; ++i, first = 0)
                    json_point(f, list[i], first);
            }
    }
    fprintf(f, "\n    ]\n  }");
    free(list);
}

/* ---------- summaries ---------- */

static void print_tallies(const char *title)
{
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int trans = 0; trans < 2; ++trans)
            for (int cold = 1; cold >= 0; --cold) {
                if (!tally_count[dbl][trans][cold])
                    continue;
                double spreads[4096];
                const int na = aa_count[dbl][trans][cold];
                memcpy(spreads, aa_spreads[dbl][trans][cold], sizeof(double) * (size_t)na);
                const double aa_med = na ? median(spreads, na) : 0, aa_max = na ? spreads[na - 1] : 0;
                printf("\n%s: %s, op %c, %s; cuBLAS A/A spread median %.1f%%, max %.1f%%\n", title,
                       dbl ? "double" : "float", trans ? 'T' : 'N', cold ? "cold" : "hot", 100 * aa_med, 100 * aa_max);
                printf("  %-34s %7s %12s %12s %12s %8s %8s\n", "contender", "shapes", "mean us", "geo/cuBLAS",
                       "geo/floor", "faster", "slower*");
                for (int i = 0; i < tally_count[dbl][trans][cold]; ++i) {
                    const tally *t = &tallies[dbl][trans][cold][i];
                    printf("  %-34s %7d %12.2f %12.3f %12.3f %8d %8d\n", t->name, t->count, t->sum_us / t->count,
                           exp(t->sum_log_cublas / t->count), exp(t->sum_log_floor / t->count), t->faster,
                           t->slower_beyond_noise);
                }
                printf("  (* slower than cuBLAS by more than the same shape's cuBLAS A/A spread)\n");
            }
}

static void write_summary(int argc, char **argv, double seconds)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/summary.json", opt.out);
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write %s: %s", path, strerror(errno));
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    fprintf(f, "{\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"command\": \"", ceil_.device, date);
    for (int i = 0; i < argc; ++i)
        fprintf(f, "%s%s", i ? " " : "", argv[i]);
    fprintf(f, "\",\n  \"lda\": %lld,\n  \"incx\": %lld,\n  \"incy\": %lld,\n  \"beta\": %g,\n  \"device_scalars\": %d,",
            (long long)opt.lda, (long long)opt.incx, (long long)opt.incy, opt.beta, opt.device_scalars);
    fprintf(f, "\n  \"dtype\": \"%s\",\n  \"seed\": %llu,\n  \"modes\": \"%s\",\n  \"seconds\": %.1f,\n"
            "  \"failures\": %d,\n",
            opt.types == 3 ? "both" : opt.dbl ? "d" : "s", (unsigned long long)opt.seed,
            opt.modes == MODE_COLD ? "cold" : opt.modes == MODE_HOT ? "hot" : "both", seconds, failures);
    fprintf(f, "  \"read_bw_gbps\": %.1f,\n  \"copy_bw_gbps\": %.1f,\n  \"launch_us\": %.3f,\n", ceil_.read_gbps,
            ceil_.copy_gbps, ceil_.launch_us);
    fprintf(f, "  \"sm_count\": %d,\n  \"l2_bytes\": %zu,\n  \"summary\": [", ceil_.sm_count, ceil_.l2_bytes);
    int first = 1;
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int trans = 0; trans < 2; ++trans)
            for (int cold = 0; cold < 2; ++cold)
                for (int i = 0; i < tally_count[dbl][trans][cold]; ++i) {
                    const tally *t = &tallies[dbl][trans][cold][i];
                    fprintf(f,
                            "%s\n    {\"dtype\": \"%c\", \"op\": \"%c\", \"mode\": \"%s\", \"contender\": \"%s\", "
                            "\"shapes\": %d, \"mean_us\": %.3f, \"geomean_ratio_cublas\": %.4f, "
                            "\"geomean_ratio_floor\": %.4f, \"faster_than_cublas\": %d, \"slower_beyond_noise\": %d}",
                            first ? "" : ",", dbl ? 'd' : 's', trans ? 'T' : 'N', cold ? "cold" : "hot", t->name,
                            t->count, t->sum_us / t->count, exp(t->sum_log_cublas / t->count),
                            exp(t->sum_log_floor / t->count), t->faster, t->slower_beyond_noise);
                    first = 0;
                }
    fprintf(f, "\n  ]");
    if (!strcmp(opt.command, "random"))
        json_random(f);
    fprintf(f, "\n}\n");
    fclose(f);
}

/* ---------- commands ---------- */

static int sweep_shapes(int64_t shapes[][2])
{
    int k = 0;
    for (int ln = 7; ln <= 14; ++ln)
        for (int lm = 1; lm <= ln; ++lm) {
            if (opt.quick) {
                /* A representative subset: three widths, a few heights. */
                if (ln != 7 && ln != 11 && ln != 14)
                    continue;
                if (lm != 1 && lm != 4 && lm != 7 && lm != 11 && lm != ln)
                    continue;
            }
            shapes[k][0] = (int64_t)1 << lm;
            shapes[k][1] = (int64_t)1 << ln;
            ++k;
        }
    return k;
}

static void run_sweep(const char *suite, const char *family)
{
    int64_t shapes[128][2];
    const int ns = sweep_shapes(shapes);
    const int nops = opt.op ? 1 : 2;
    progress_reset();
    int done = 0;
    for (int o = 0; o < 2; ++o) {
        if (opt.op && (opt.op == 'T') != o)
            continue;
        for (int s = 0; s < ns; ++s) {
            run_shape(suite, shapes[s][0], shapes[s][1], o, family, 0, opt.seed + (uint64_t)(s * 7919 + o));
            progress(++done, ns * nops, "shapes");
        }
    }
}

/* random: --count shapes per type, each drawn once and run with every op
 * on one allocation; the types alternate shape by shape, so that a run
 * stopped by --max-seconds has measured both alike. */
static void run_random(void)
{
    const int ops = opt.op ? 1 << (opt.op == 'T') : 3, nops = opt.op ? 1 : 2;
    const int total = opt.count * ((opt.types & 1) + (opt.types >> 1)) * nops;
    const double t0 = now_s();
    int done = 0;
    printf("each shape: type, index, its parameters (mvbench shape M N --lda --incx --incy --dtype --seed replays\n"
           "it), then the default's time / cuBLAS per op, %s\n",
           opt.modes == MODE_COLD ? "cold" : opt.modes == MODE_HOT ? "hot" : "cold and hot");
    progress_reset();
    for (int i = 0; i < opt.count; ++i)
        for (int dbl = 0; dbl < 2; ++dbl) {
            if (!(opt.types >> dbl & 1))
                continue;
            if (opt.max_seconds > 0 && now_s() - t0 > opt.max_seconds) {
                printf("--max-seconds %g reached after %d of %d shapes\n", opt.max_seconds, done / nops,
                       total / nops);
                return;
            }
            drawn s;
            draw_shape(&s, dbl, i);
            shape_data d;
            shape_alloc(&d, s.m, s.n, s.lda, s.incx, s.incy, dbl, s.seed);
            default_result res[2][2];
            run_ops("random", &d, ops, NULL, 0, res);
            shape_free(&d);
            shapes_run[dbl]++;
            if (isatty(2))
                fputs("\r\033[K", stderr); /* the progress bar, if stdout shares its terminal */
            print_drawn(&s);
            for (int trans = 0; trans < 2; ++trans) {
                if (!(ops >> trans & 1))
                    continue;
                printf("  %c", trans ? 'T' : 'N');
                for (int cold = 1; cold >= 0; --cold) {
                    if (!mode_on(cold))
                        continue;
                    if (res[trans][cold].ok) {
                        add_point(&s, trans, cold, &res[trans][cold]);
                        printf(" %6.3f", ratio_cublas(&points[npoints - 1]));
                    } else
                        printf(" %6s", "-");
                }
            }
            printf("\n");
            fflush(stdout);
            fflush(csv); /* a run cut short keeps its rows */
            done += nops;
            progress(done, total, "shape-ops");
        }
}

static void usage(void)
{
    printf("usage: mvbench COMMAND [options]\n"
           "  sweep                the paper's grid n = 2^7..2^14, m = 2^1..n, every contender\n"
           "  compare              the paper's Table 12: mean time per algorithm, geomean ratios, CPU rows\n"
           "  block-width          the paper's Table 11: mean time per BLOCK_WIDTH beside cuBLAS\n"
           "  shape M N            one shape in detail\n"
           "  random               random shapes (seeded), both types and ops: matvec's default beside cuBLAS\n"
           "  transpose            the transpose paper's table (own options: mvbench transpose --help)\n"
           "  gemm                 GEMM variants and the TILE_DIM study beside cuBLAS (own options:\n"
           "                       mvbench gemm --help)\n"
           "  multi                one matrix against 1..32 vectors (the narrow GEMM) beside cuBLAS GEMM\n"
           "                       and one GEMV (own options: mvbench multi --help)\n"
           "  nt                   y = A x and z = A^T w in one pass (mv_?gemv_nt) beside two cuBLAS and two\n"
           "                       matvec GEMVs (own options: mvbench nt --help)\n"
           "  batched              many small GEMVs at once, strided and pointer forms, beside cuBLAS's\n"
           "                       batched GEMVs (own options: mvbench batched --help)\n"
           "  ex                   y = A x with A in bfloat16 or binary16 (mv_gemv_ex) beside cuBLAS's\n"
           "                       GemmEx and 16-bit GEMVs (own options: mvbench ex --help)\n"
           "  checked              the host cost of checked mode (mv_set_checked) per call, small calls of\n"
           "                       each family ([--calls N] [--rounds R] [--out DIR])\n"
           "options:\n"
           "  --op N|T             one operation (default: both)\n"
           "  --dtype s|d          float (default) or double; random: s, d or both (default both)\n"
           "  --modes cold|hot|both  time cold, hot or both (default both)\n"
           "  --quick              a representative subset, under two minutes\n"
           "  --out DIR            where measurements.csv and summary.json go (default mvbench-out)\n"
           "  --variants a,b,...   only these contenders (cuBLAS is always timed); the name\n"
           "                       read-ceiling adds the ceilings' read kernel over A's bytes\n"
           "                       (how fast they can be streamed at all; not a GEMV);\n"
           "                       empty-kernel adds the empty kernel, whose median in each\n"
           "                       shape's rounds becomes that shape's launch floor\n"
           "                       (random: default, cuBLAS and its A/A pair unless given)\n"
           "  --seed N             random seed (default: from the clock, printed)\n"
           "  --rounds N           interleaved timing rounds (default 9, --quick 5)\n"
           "  --lda L              leading dimension (default m; at least m; random: --lda-pad)\n"
           "  --incx I, --incy I   vector increments (default 1; negative walks from the end;\n"
           "                       random: --inc)\n"
           "  --beta B             y = A x + B y (default 0: y is not read)\n"
           "  --device-scalars     alpha and beta in device memory (pointer mode device)\n"
           "random's options (sizes take K, M, G: powers of 1024):\n"
           "  --count N            shapes per type (default 200); each is run with both ops\n"
           "  --min N, --max N     m and n log-uniform in [min, max] (default 8, 1048576)\n"
           "  --min-bytes B        A's bytes (lda n element size) at least B (default 100K)\n"
           "  --max-bytes B        ... and at most B (default 512M); shapes outside are drawn again\n"
           "  --lda-pad P          lda = m + 1..P, made odd (default: lda = m)\n"
           "  --inc K              incx, incy each uniform over +-1..+-K (default: 1)\n"
           "  --max-seconds S      start no shape after S seconds; the summary covers those run\n"
           "  --list               print the shapes the seed draws and exit (no GPU needed)\n");
}

/* An option's value: the next argument, which must be there. */
static const char *value_of(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        die("%s needs a value", argv[*i]);
    return argv[++*i];
}

/* An integer option's value in [lo, hi]; with sizes, K, M or G multiply it
 * by 1024, 1024^2 or 1024^3. */
static int64_t int_value(int argc, char **argv, int *i, int64_t lo, int64_t hi, int sizes)
{
    const char *name = argv[*i], *s = value_of(argc, argv, i);
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    int ok = end != s && errno == 0;
    if (ok && sizes && *end) {
        const int shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : -1;
        ok = shift > 0 && !end[1] && v <= (LLONG_MAX >> shift) && v >= -(LLONG_MAX >> shift);
        if (ok)
            v *= 1LL << shift;
    } else if (*end)
        ok = 0;
    if (!ok || v < lo || v > hi)
        die("%s wants an integer from %lld to %lld%s, got \"%s\"", name, (long long)lo, (long long)hi,
            sizes ? " (K, M, G: powers of 1024)" : "", s);
    return v;
}

/* random's checks of its options: the ranges, and that some shape of each
 * type has A's bytes in range (lda being at most max + lda-pad + 1). */
static void check_random_options(void)
{
    if (opt.min_dim > opt.max_dim)
        die("--min (%lld) is larger than --max (%lld)", (long long)opt.min_dim, (long long)opt.max_dim);
    if (opt.min_bytes > opt.max_bytes)
        die("--min-bytes (%lld) is larger than --max-bytes (%lld)", (long long)opt.min_bytes,
            (long long)opt.max_bytes);
    for (int dbl = 0; dbl < 2; ++dbl) {
        const double es = dbl ? 8.0 : 4.0;
        const double lo = (double)opt.min_dim * (double)opt.min_dim * es;
        const double hi = ((double)opt.max_dim + (double)opt.lda_pad + 1.0) * (double)opt.max_dim * es;
        if ((opt.types >> dbl & 1) && (hi < (double)opt.min_bytes || lo > (double)opt.max_bytes))
            die("random: no %s shape with m, n in [%lld, %lld] has A's bytes in [%lld, %lld]",
                dbl ? "double" : "float", (long long)opt.min_dim, (long long)opt.max_dim, (long long)opt.min_bytes,
                (long long)opt.max_bytes);
    }
}

int main(int argc, char **argv)
{
    /* transpose, gemm, multi, nt, batched, ex and checked have their own options (bench_ops.h). */
    if (argc > 1 && !strcmp(argv[1], "transpose"))
        return mvbench_transpose(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "gemm"))
        return mvbench_gemm(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "multi"))
        return mvbench_multi(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "nt"))
        return mvbench_nt(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "batched"))
        return mvbench_batched(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "ex"))
        return mvbench_ex(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "checked"))
        return mvbench_checked(argc - 1, argv + 1);
    opt.out = "mvbench-out";
    opt.seed = (uint64_t)time(NULL);
    opt.rounds = 0;
    opt.incx = opt.incy = 1;
    opt.modes = MODE_HOT | MODE_COLD;
    opt.count = 200;
    opt.min_dim = 8;
    opt.max_dim = 1 << 20;
    opt.min_bytes = 100 << 10;
    opt.max_bytes = 512 << 20;
    const char *dtype = NULL;
    const char *random_only = NULL; /* an option only random takes */
    const char *per_shape = NULL;   /* one that random draws per shape instead */
    const int64_t big = (int64_t)1 << 40;
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--quick"))
            opt.quick = 1;
        else if (!strcmp(a, "--op"))
            opt.op = value_of(argc, argv, &i)[0];
        else if (!strcmp(a, "--dtype"))
            dtype = value_of(argc, argv, &i);
        else if (!strcmp(a, "--modes")) {
            const char *v = value_of(argc, argv, &i);
            opt.modes = !strcmp(v, "cold") ? MODE_COLD : !strcmp(v, "hot") ? MODE_HOT : !strcmp(v, "both") ? 3 : 0;
            if (!opt.modes)
                die("--modes wants cold, hot or both, got \"%s\"", v);
        } else if (!strcmp(a, "--out"))
            opt.out = value_of(argc, argv, &i);
        else if (!strcmp(a, "--variants"))
            opt.only = value_of(argc, argv, &i);
        else if (!strcmp(a, "--seed"))
            opt.seed = strtoull(value_of(argc, argv, &i), NULL, 0);
        else if (!strcmp(a, "--rounds"))
            opt.rounds = atoi(value_of(argc, argv, &i));
        else if (!strcmp(a, "--lda")) {
            opt.lda = strtoll(value_of(argc, argv, &i), NULL, 10);
            per_shape = a;
        } else if (!strcmp(a, "--incx")) {
            opt.incx = strtoll(value_of(argc, argv, &i), NULL, 10);
            per_shape = a;
        } else if (!strcmp(a, "--incy")) {
            opt.incy = strtoll(value_of(argc, argv, &i), NULL, 10);
            per_shape = a;
        } else if (!strcmp(a, "--beta"))
            opt.beta = strtod(value_of(argc, argv, &i), NULL);
        else if (!strcmp(a, "--device-scalars"))
            opt.device_scalars = 1;
        else if (!strcmp(a, "--count")) {
            opt.count = (int)int_value(argc, argv, &i, 1, 1000000, 0);
            random_only = a;
        } else if (!strcmp(a, "--min")) {
            opt.min_dim = int_value(argc, argv, &i, 1, big, 1);
            random_only = a;
        } else if (!strcmp(a, "--max")) {
            opt.max_dim = int_value(argc, argv, &i, 1, big, 1);
            random_only = a;
        } else if (!strcmp(a, "--min-bytes")) {
            opt.min_bytes = int_value(argc, argv, &i, 0, big, 1);
            random_only = a;
        } else if (!strcmp(a, "--max-bytes")) {
            opt.max_bytes = int_value(argc, argv, &i, 1, big, 1);
            random_only = a;
        } else if (!strcmp(a, "--lda-pad")) {
            opt.lda_pad = int_value(argc, argv, &i, 0, (int64_t)1 << 30, 1);
            random_only = a;
        } else if (!strcmp(a, "--inc")) {
            opt.inc = int_value(argc, argv, &i, 1, (int64_t)1 << 20, 0);
            random_only = a;
        } else if (!strcmp(a, "--max-seconds")) {
            const char *v = value_of(argc, argv, &i);
            char *end = NULL;
            opt.max_seconds = strtod(v, &end);
            if (end == v || *end || !(opt.max_seconds > 0))
                die("--max-seconds wants a number of seconds above 0, got \"%s\"", v);
            random_only = a;
        } else if (!strcmp(a, "--list")) {
            opt.list = 1;
            random_only = a;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (a[0] == '-') {
            usage();
            die("unknown option %s", a);
        } else if (positional == 0) {
            opt.command = a;
            positional++;
        } else if (positional == 1) {
            opt.m = strtoll(a, NULL, 10);
            positional++;
        } else if (positional == 2) {
            opt.n = strtoll(a, NULL, 10);
            positional++;
        } else
            die("unexpected argument %s", a);
    }
    if (!opt.command) {
        usage();
        return 2;
    }
    const int is_shape = !strcmp(opt.command, "shape"), is_random = !strcmp(opt.command, "random");
    if (opt.op && opt.op != 'N' && opt.op != 'T')
        die("--op must be N or T");
    if (opt.incx == 0 || opt.incy == 0)
        die("--incx and --incy must not be 0");
    /* float unless --dtype says otherwise; random both types unless it does. */
    if (!dtype || !strcmp(dtype, "both")) {
        if (dtype && !is_random)
            die("--dtype both is for mvbench random only");
        opt.types = is_random ? 3 : 1;
    } else if (dtype[0] == 'd')
        opt.types = 2;
    else if (dtype[0] == 's' || dtype[0] == 'f')
        opt.types = 1;
    else
        die("--dtype wants s or d%s, got \"%s\"", is_random ? " or both" : "", dtype);
    opt.dbl = opt.types == 2;
    if (!opt.rounds)
        opt.rounds = opt.quick ? 5 : 9;
    opt.target_us = opt.quick ? 150.0 : 300.0;
    if (is_shape && (opt.m < 1 || opt.n < 1))
        die("shape needs M N >= 1");
    if (!is_shape && !is_random && strcmp(opt.command, "sweep") && strcmp(opt.command, "compare") &&
        strcmp(opt.command, "block-width")) {
        usage();
        die("unknown command %s", opt.command);
    }
    if (random_only && !is_random)
        die("%s is an option of mvbench random", random_only);
    if (is_random) {
        if (per_shape)
            die("%s: random draws lda and the increments per shape (--lda-pad P, --inc K)", per_shape);
        check_random_options();
        /* The named variants would take far too long on 512 MiB matrices. */
        if (!opt.only)
            opt.only = "default";
    }

    /* random's first line: the seed, then what it draws. */
    char line[1024], lda_text[64] = "= m", inc_text[64] = "1";
    if (opt.lda_pad)
        snprintf(lda_text, sizeof lda_text, "= m + 1..%lld, odd", (long long)opt.lda_pad);
    if (opt.inc)
        snprintf(inc_text, sizeof inc_text, "in +-1..+-%lld", (long long)opt.inc);
    snprintf(line, sizeof line,
             "seed %llu; %d shapes of %s, m, n log-uniform in [%lld, %lld], A's bytes in [%lld, %lld], lda %s, "
             "incx and incy %s; op %s; %s; beta %g, scalars on the %s",
             (unsigned long long)opt.seed, opt.count,
             opt.types == 3 ? "float and double" : opt.dbl ? "double" : "float",
             (long long)opt.min_dim, (long long)opt.max_dim, (long long)opt.min_bytes, (long long)opt.max_bytes,
             lda_text, inc_text, opt.op == 'N' ? "N" : opt.op == 'T' ? "T" : "N and T",
             opt.modes == MODE_COLD ? "cold" : opt.modes == MODE_HOT ? "hot" : "cold and hot", opt.beta,
             opt.device_scalars ? "device" : "host");
    if (is_random && opt.list) {
        printf("mvbench random --list: %s\n", line);
        for (int i = 0; i < opt.count; ++i)
            for (int dbl = 0; dbl < 2; ++dbl)
                if (opt.types >> dbl & 1) {
                    drawn s;
                    draw_shape(&s, dbl, i);
                    print_drawn(&s);
                    printf("\n");
                }
        return 0;
    }

    char path[4096];
    csv = open_csv(opt.out, "measurements.csv",
                   "suite,dtype,op,m,n,lda,variant,mode,time_us,time_us_min,time_us_max,bytes,gbps,pct_read_bw,"
                   "gflops,ratio_cublas,ratio_floor,floor_us,check,incx,incy\n",
                   path, sizeof path);

    const double t0 = now_s();
    init_device();
    if (is_random)
        printf("mvbench random: device %s, %s\n", ceil_.device, line);
    else
        printf("mvbench %s: device %s, %s, seed %llu; lda %s, incx %lld, incy %lld, beta %g, scalars on the %s\n",
               opt.command, ceil_.device, opt.dbl ? "double" : "float", (unsigned long long)opt.seed,
               opt.lda ? "given" : "= m", (long long)opt.incx, (long long)opt.incy, opt.beta,
               opt.device_scalars ? "device" : "host");
    if (!ceil_.have_gpu) {
        if (is_random)
            printf("No NVIDIA GPU here: random's rows (cuBLAS, matvec's default) need one; nothing was timed\n"
                   "(mvbench random --list prints the shapes the seed draws).\n");
        else {
            printf("No NVIDIA GPU here: the GPU rows (cuBLAS, matvec, the variants) need one.\n"
                   "CPU rows only:\n");
            const int64_t sizes[] = {128, 512, 1024, 2048};
            for (int s = 0; s < 4; ++s)
                for (int trans = 0; trans < 2; ++trans)
                    if (!opt.op || (opt.op == 'T') == trans)
                        cpu_rows("cpu", sizes[s], sizes[s], trans);
        }
        fclose(csv);
        write_summary(argc, argv, now_s() - t0);
        printf("wrote %s/measurements.csv and %s/summary.json\n", opt.out, opt.out);
        return 0;
    }
    printf("ceilings: read %.0f GB/s, device-to-device copy %.0f GB/s (read+write), empty kernel %.2f us/launch; "
           "%d SMs, L2 %.0f MB\n",
           ceil_.read_gbps, ceil_.copy_gbps, ceil_.launch_us, ceil_.sm_count, ceil_.l2_bytes / 1e6);
    rng_open(&gen, stream);

    if (is_shape) {
        for (int trans = 0; trans < 2; ++trans) {
            if (opt.op && (opt.op == 'T') != trans)
                continue;
            run_shape("shape", opt.m, opt.n, trans, NULL, 1, opt.seed);
            if (opt.m * opt.n <= ((int64_t)1 << 24))
                cpu_rows("shape", opt.m, opt.n, trans);
        }
    } else if (is_random) {
        run_random();
        print_random_summary();
        print_tallies("random, per contender");
    } else if (!strcmp(opt.command, "block-width")) {
        run_sweep("block-width", "block");
        print_tallies("Table 11 (mean over the sweep, per BLOCK_WIDTH)");
    } else {
        /* compare and sweep time the same grid: their rows are suite "sweep". */
        run_sweep("sweep", NULL);
        print_tallies(!strcmp(opt.command, "compare") ? "Table 12 (mean over the sweep, per algorithm)"
                                                      : "sweep summary");
        if (!strcmp(opt.command, "compare")) {
            printf("\nCPU rows (a few sizes):\n");
            const int64_t sizes[] = {128, 1024, 4096};
            for (int s = 0; s < 3; ++s)
                for (int trans = 0; trans < 2; ++trans)
                    if (!opt.op || (opt.op == 'T') == trans)
                        cpu_rows("compare-cpu", sizes[s], sizes[s], trans);
        }
    }
    fclose(csv);
    write_summary(argc, argv, now_s() - t0);
    printf("\nwrote %s/measurements.csv and %s/summary.json (%.0f s)%s\n", opt.out, opt.out, now_s() - t0,
           failures ? "; FAILED results above" : "");
    host_release(&staging);
    host_release(&host_a);
    host_release(&host_at);
    free(points);
    CUDA_OK(cudaFree(read_sink));
    gpu_close(gen, cublas, mvh, stream);
    return failures ? 1 : 0;
}
