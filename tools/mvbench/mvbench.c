/* mvbench: matvec's benchmark and test-suite program.
 *
 *   mvbench sweep        the paper's grid (n = 2^7..2^14, m = 2^1..n), every contender
 *   mvbench compare      the paper's Table 12: mean time per algorithm over the sweep,
 *                        geometric-mean ratios to cuBLAS and to the floor, CPU rows
 *   mvbench block-width  the paper's Table 11: mean time per BLOCK_WIDTH beside cuBLAS
 *   mvbench shape M N    one shape, every contender, in detail
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
 */
#include <errno.h>
#include <math.h>
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
#include "variants.h"

#define MATRICES 5 /* random matrices per shape, as in the paper */

/* ---------- options ---------- */

typedef struct {
    const char *command;
    int quick;
    int dbl;          /* --dtype d */
    char op;          /* 'N', 'T' or 0 for both */
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
} options;

static options opt;

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

static void shape_alloc(shape_data *d, int64_t m, int64_t n, int dbl, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    d->m = m;
    d->n = n;
    d->lda = opt.lda > m ? opt.lda : m;
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
    d->span_x = (size_t)((d->len_max - 1) * llabs(opt.incx) + 1);
    d->span_y = (size_t)((d->len_max - 1) * llabs(opt.incy) + 1);
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
        const int element = i % (size_t)llabs(opt.incy) == 0;
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
    CUDA_OK(cudaStreamSynchronize(stream));
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
    const int64_t ix = opt.incx, iy = opt.incy;
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

/* ---------- checking against the reference ---------- */

typedef struct {
    double *want[MATRICES];  /* reference y per matrix */
    double *bound[MATRICES];
    double *host_y;
    void *raw_y;
} reference_set;

static void to_double(const void *src, double *dst, size_t count, int dbl)
{
    if (dbl)
        memcpy(dst, src, count * sizeof(double));
    else
        for (size_t i = 0; i < count; ++i)
            dst[i] = (double)((const float *)src)[i];
}

static void reference_build(reference_set *r, shape_data *d, int trans)
{
    const int64_t len_x = trans ? d->m : d->n, len_y = trans ? d->n : d->m;
    const size_t count = (size_t)(d->lda * (d->n - 1) + d->m);
    const size_t span_x = (size_t)((len_x - 1) * llabs(opt.incx) + 1);
    const size_t span_y = (size_t)((len_y - 1) * llabs(opt.incy) + 1);
    void *raw = malloc((count > d->span_x ? count : d->span_x) * d->esize);
    double *A = malloc(count * sizeof(double)), *x = malloc(span_x * sizeof(double));
    if (!raw || !A || !x)
        die("out of host memory for the reference");
    for (int s = 0; s < MATRICES; ++s) {
        CUDA_OK(cudaMemcpy(raw, d->pool + (size_t)s * d->region_stride, count * d->esize, cudaMemcpyDeviceToHost));
        to_double(raw, A, count, d->dbl);
        CUDA_OK(cudaMemcpy(raw, d->x[s], span_x * d->esize, cudaMemcpyDeviceToHost));
        to_double(raw, x, span_x, d->dbl);
        r->want[s] = malloc(span_y * sizeof(double));
        r->bound[s] = calloc((size_t)len_y, sizeof(double));
        memcpy(r->want[s], d->host_y_init, span_y * sizeof(double));
        ref_gemv(trans, d->m, d->n, 1.0, A, d->lda, x, opt.incx, opt.beta, r->want[s], opt.incy, r->bound[s]);
    }
    r->host_y = malloc(span_y * sizeof(double));
    r->raw_y = malloc(span_y * d->esize);
    free(raw);
    free(A);
    free(x);
}

static void reference_free(reference_set *r)
{
    for (int s = 0; s < MATRICES; ++s) {
        free(r->want[s]);
        free(r->bound[s]);
    }
    free(r->host_y);
    free(r->raw_y);
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
    const size_t span_y = (size_t)((len_y - 1) * llabs(opt.incy) + 1);
    if (is_ceiling(c))
        return 1; /* computes nothing; its check column says n/a */
    for (int s = 0; s < MATRICES; ++s) {
        CUDA_OK(cudaMemcpyAsync(d->y, d->y_init, span_y * d->esize, cudaMemcpyDeviceToDevice, stream));
        enqueue(c, d, trans, s, s);
        CUDA_OK(cudaStreamSynchronize(stream));
        CUDA_OK(cudaMemcpy(r->raw_y, d->y, span_y * d->esize, cudaMemcpyDeviceToHost));
        to_double(r->raw_y, r->host_y, span_y, d->dbl);
        for (size_t p = 0; p < span_y; ++p) {
            if (p % (size_t)llabs(opt.incy) != 0 && !isnan(r->host_y[p])) {
                printf("FAILED: %s %s op=%c m=%lld n=%lld: y[%zu], between elements, was written\n", c->name,
                       d->dbl ? "double" : "float", trans ? 'T' : 'N', (long long)d->m, (long long)d->n, p);
                ++failures;
                return 0;
            }
        }
        for (int64_t i = 0; i < len_y; ++i) {
            const int64_t p = ref_index(i, len_y, opt.incy);
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

static double time_cpu(int use_cblas, int dbl, int trans, int64_t m, int64_t n)
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
    double v[7];
    for (int r = 0; r < 7; ++r) {
        const double t0 = now_s();
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
        } while (now_s() - t0 < 2e-3);
        v[r] = (now_s() - t0) / reps * 1e6;
    }
    free(A);
    free(x);
    free(y);
    return median(v, 7);
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
    int64_t lda;
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
    fprintf(csv, ",%.4f,%.3f,%s\n", ceil_.have_gpu ? r->t.med / r->floor_us : 0.0, r->floor_us,
            !r->t.ok ? "FAILED" : r->ceiling ? "n/a" : "ok");
}

/* Running sums for the summary tables: per (op, mode, contender). */
typedef struct {
    char name[64];
    int count, faster, slower_beyond_noise;
    double sum_us, sum_log_cublas, sum_log_floor;
} tally;

#define MAX_TALLY 256
static tally tallies[2][2][MAX_TALLY]; /* [trans][cold] */
static int tally_count[2][2];
static double aa_spreads[2][2][4096];
static int aa_count[2][2];

static tally *tally_for(int trans, int cold, const char *name)
{
    for (int i = 0; i < tally_count[trans][cold]; ++i)
        if (strcmp(tallies[trans][cold][i].name, name) == 0)
            return &tallies[trans][cold][i];
    tally *t = &tallies[trans][cold][tally_count[trans][cold]++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    return t;
}

/* ---------- one shape, every contender ---------- */

static void run_shape(const char *suite, int64_t m, int64_t n, int trans, const char *family, int verbose,
                      uint64_t seed)
{
    shape_data d;
    shape_alloc(&d, m, n, opt.dbl, seed);
    contender cs[MAX_CONTENDERS];
    const int nc = list_contenders(trans, cs, family);
    reference_set ref;
    reference_build(&ref, &d, trans);
    timing t[2][MAX_CONTENDERS];
    for (int c = 0; c < nc; ++c) {
        ensure_workspace(&d, &cs[c], trans);
        t[0][c].ok = t[1][c].ok = check_contender(&cs[c], &d, trans, &ref);
    }
    reference_free(&ref);
    for (int cold = 0; cold < 2; ++cold)
        time_all(cs, nc, &d, trans, cold, t[cold]);
    const double bytes = call_bytes(m, n, trans, opt.dbl);
    for (int cold = 0; cold < 2; ++cold) {
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
        if (aa_count[trans][cold] < 4096)
            aa_spreads[trans][cold][aa_count[trans][cold]++] = spread;
        if (verbose)
            printf("\n%s %c m=%lld n=%lld %s (%.0f bytes, floor %.2f us; cuBLAS A/A spread %.1f%%)\n"
                   "  %-34s %10s %9s %8s %9s %8s %8s\n",
                   opt.dbl ? "double" : "float", trans ? 'T' : 'N', (long long)m, (long long)n,
                   cold ? "cold" : "hot", bytes, fl, 100 * spread, "contender", "us", "GB/s", "%read", "GFLOP/s",
                   "/cuBLAS", "/floor");
        for (int c = 0; c < nc; ++c) {
            const row r = {suite, opt.dbl, trans, m, n, cs[c].name, cold, t[cold][c], c == 0 ? 0 : cub, bytes, fl, d.lda,
                           is_ceiling(&cs[c])};
            csv_row(&r);
            if (!t[cold][c].ok)
                continue;
            tally *ty = tally_for(trans, cold, cs[c].name);
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
    if (verbose && d.ws_bytes)
        printf("  (largest workspace of a variant at this shape: %zu bytes, e.g. transpose-then-block-multiply)\n",
               d.ws_bytes);
    shape_free(&d);
}

/* ---------- CPU rows for a few sizes ---------- */

static void cpu_rows(const char *suite, int64_t m, int64_t n, int trans)
{
    const double bytes = call_bytes(m, n, trans, opt.dbl);
    for (int use_cblas = 0; use_cblas < 2; ++use_cblas) {
#ifndef MVBENCH_HAVE_CBLAS
        if (use_cblas) {
            printf("  %-34s (left out: mvbench was built without a CBLAS; install libopenblas-dev and rebuild)\n",
                   "cblas");
            continue;
        }
#endif
        const timing t = {time_cpu(use_cblas, opt.dbl, trans, m, n), 0, 0, 1};
        const row r = {suite, opt.dbl, trans, m, n, use_cblas ? "cblas" : "cpu-loop", 0, t, 0, bytes,
                       floor_us(bytes), m, 0};
        csv_row(&r);
        printf("  %-34s %10.2f %9.1f   (CPU, %s %c %lldx%lld)\n", r.variant, t.med, bytes / (t.med * 1e3),
               opt.dbl ? "double" : "float", trans ? 'T' : 'N', (long long)m, (long long)n);
    }
}

/* ---------- summaries ---------- */

static void print_tallies(const char *title)
{
    for (int trans = 0; trans < 2; ++trans)
        for (int cold = 1; cold >= 0; --cold) {
            if (!tally_count[trans][cold])
                continue;
            double spreads[4096];
            const int na = aa_count[trans][cold];
            memcpy(spreads, aa_spreads[trans][cold], sizeof(double) * (size_t)na);
            const double aa_med = na ? median(spreads, na) : 0, aa_max = na ? spreads[na - 1] : 0;
            printf("\n%s: %s, op %c, %s; cuBLAS A/A spread median %.1f%%, max %.1f%%\n", title,
                   opt.dbl ? "double" : "float", trans ? 'T' : 'N', cold ? "cold" : "hot", 100 * aa_med,
                   100 * aa_max);
            printf("  %-34s %7s %12s %12s %12s %8s %8s\n", "contender", "shapes", "mean us", "geo/cuBLAS",
                   "geo/floor", "faster", "slower*");
            for (int i = 0; i < tally_count[trans][cold]; ++i) {
                const tally *t = &tallies[trans][cold][i];
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
    fprintf(f, "\n  \"dtype\": \"%s\",\n  \"seconds\": %.1f,\n  \"failures\": %d,\n", opt.dbl ? "d" : "s", seconds,
            failures);
    fprintf(f, "  \"read_bw_gbps\": %.1f,\n  \"copy_bw_gbps\": %.1f,\n  \"launch_us\": %.3f,\n", ceil_.read_gbps,
            ceil_.copy_gbps, ceil_.launch_us);
    fprintf(f, "  \"sm_count\": %d,\n  \"l2_bytes\": %zu,\n  \"summary\": [", ceil_.sm_count, ceil_.l2_bytes);
    int first = 1;
    for (int trans = 0; trans < 2; ++trans)
        for (int cold = 0; cold < 2; ++cold)
            for (int i = 0; i < tally_count[trans][cold]; ++i) {
                const tally *t = &tallies[trans][cold][i];
                fprintf(f,
                        "%s\n    {\"op\": \"%c\", \"mode\": \"%s\", \"contender\": \"%s\", \"shapes\": %d, "
                        "\"mean_us\": %.3f, \"geomean_ratio_cublas\": %.4f, \"geomean_ratio_floor\": %.4f, "
                        "\"faster_than_cublas\": %d, \"slower_beyond_noise\": %d}",
                        first ? "" : ",", trans ? 'T' : 'N', cold ? "cold" : "hot", t->name, t->count,
                        t->sum_us / t->count, exp(t->sum_log_cublas / t->count), exp(t->sum_log_floor / t->count),
                        t->faster, t->slower_beyond_noise);
                first = 0;
            }
    fprintf(f, "\n  ]\n}\n");
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

static void usage(void)
{
    printf("usage: mvbench COMMAND [options]\n"
           "  sweep                the paper's grid n = 2^7..2^14, m = 2^1..n, every contender\n"
           "  compare              the paper's Table 12: mean time per algorithm, geomean ratios, CPU rows\n"
           "  block-width          the paper's Table 11: mean time per BLOCK_WIDTH beside cuBLAS\n"
           "  shape M N            one shape in detail\n"
           "options:\n"
           "  --op N|T             one operation (default: both)\n"
           "  --dtype s|d          float (default) or double\n"
           "  --quick              a representative subset, under two minutes\n"
           "  --out DIR            where measurements.csv and summary.json go (default mvbench-out)\n"
           "  --variants a,b,...   only these contenders (cuBLAS is always timed); the name\n"
           "                       read-ceiling adds the ceilings' read kernel over A's bytes\n"
           "                       (how fast they can be streamed at all; not a GEMV);\n"
           "                       empty-kernel adds the empty kernel, whose median in each\n"
           "                       shape's rounds becomes that shape's launch floor\n"
           "  --seed N             random seed (default: from the clock, printed)\n"
           "  --rounds N           interleaved timing rounds (default 9, --quick 5)\n"
           "  --lda L              leading dimension (default m; at least m)\n"
           "  --incx I, --incy I   vector increments (default 1; negative walks from the end)\n"
           "  --beta B             y = A x + B y (default 0: y is not read)\n"
           "  --device-scalars     alpha and beta in device memory (pointer mode device)\n");
}

int main(int argc, char **argv)
{
    /* transpose and gemm have their own options (bench_ops.h). */
    if (argc > 1 && !strcmp(argv[1], "transpose"))
        return mvbench_transpose(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "gemm"))
        return mvbench_gemm(argc - 1, argv + 1);
    opt.out = "mvbench-out";
    opt.seed = (uint64_t)time(NULL);
    opt.rounds = 0;
    opt.incx = opt.incy = 1;
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--quick"))
            opt.quick = 1;
        else if (!strcmp(a, "--op") && i + 1 < argc)
            opt.op = argv[++i][0];
        else if (!strcmp(a, "--dtype") && i + 1 < argc)
            opt.dbl = argv[++i][0] == 'd';
        else if (!strcmp(a, "--out") && i + 1 < argc)
            opt.out = argv[++i];
        else if (!strcmp(a, "--variants") && i + 1 < argc)
            opt.only = argv[++i];
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            opt.seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(a, "--rounds") && i + 1 < argc)
            opt.rounds = atoi(argv[++i]);
        else if (!strcmp(a, "--lda") && i + 1 < argc)
            opt.lda = strtoll(argv[++i], NULL, 10);
        else if (!strcmp(a, "--incx") && i + 1 < argc)
            opt.incx = strtoll(argv[++i], NULL, 10);
        else if (!strcmp(a, "--incy") && i + 1 < argc)
            opt.incy = strtoll(argv[++i], NULL, 10);
        else if (!strcmp(a, "--beta") && i + 1 < argc)
            opt.beta = strtod(argv[++i], NULL);
        else if (!strcmp(a, "--device-scalars"))
            opt.device_scalars = 1;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
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
    if (opt.op && opt.op != 'N' && opt.op != 'T')
        die("--op must be N or T");
    if (opt.incx == 0 || opt.incy == 0)
        die("--incx and --incy must not be 0");
    if (!opt.rounds)
        opt.rounds = opt.quick ? 5 : 9;
    opt.target_us = opt.quick ? 150.0 : 300.0;
    const int is_shape = !strcmp(opt.command, "shape");
    if (is_shape && (opt.m < 1 || opt.n < 1))
        die("shape needs M N >= 1");
    if (!is_shape && strcmp(opt.command, "sweep") && strcmp(opt.command, "compare") &&
        strcmp(opt.command, "block-width")) {
        usage();
        die("unknown command %s", opt.command);
    }

    char path[4096];
    csv = open_csv(opt.out, "measurements.csv",
                   "suite,dtype,op,m,n,lda,variant,mode,time_us,time_us_min,time_us_max,bytes,gbps,pct_read_bw,"
                   "gflops,ratio_cublas,ratio_floor,floor_us,check\n",
                   path, sizeof path);

    const double t0 = now_s();
    init_device();
    printf("mvbench %s: device %s, %s, seed %llu; lda %s, incx %lld, incy %lld, beta %g, scalars on the %s\n",
           opt.command, ceil_.device, opt.dbl ? "double" : "float", (unsigned long long)opt.seed,
           opt.lda ? "given" : "= m", (long long)opt.incx, (long long)opt.incy, opt.beta,
           opt.device_scalars ? "device" : "host");
    if (!ceil_.have_gpu) {
        printf("No NVIDIA GPU here: the GPU rows (cuBLAS, matvec, the variants) need one.\n"
               "CPU rows only:\n");
        const int64_t sizes[] = {128, 512, 1024, 2048};
        for (int s = 0; s < 4; ++s)
            for (int trans = 0; trans < 2; ++trans)
                if (!opt.op || (opt.op == 'T') == trans)
                    cpu_rows("cpu", sizes[s], sizes[s], trans);
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
    CUDA_OK(cudaFree(read_sink));
    gpu_close(gen, cublas, mvh, stream);
    return failures ? 1 : 0;
}
