/* mvbench batched: batch_count independent GEMVs y_b = op(A_b) x_b (alpha 1,
 * beta 0), every A_b m x n column-major with lda = m, the problems back to
 * back (stride_a = m n, stride_x = len(x), stride_y = len(y), unit
 * increments). Contenders per shape: cuBLAS's strided form
 * cublas?gemvStridedBatched (timed twice: cublas and cublas-aa, the run's
 * noise), matvec's mv_?gemv_strided_batched (strided), matvec's pointer form
 * mv_?gemv_batched (pointers) and cuBLAS's pointer form cublas?gemvBatched
 * (cublas-pointers); the pointer forms read device arrays of pointers built
 * once per shape.
 *
 *   mvbench batched [--sizes a,b,MxN,...] [--total-mb MB] [--batches a,b,...]
 *                   [--op N|T|both] [--dtype s|d|both] [--rounds N] [--out DIR]
 *                   [--seed N] [--quick]
 *
 * Sizes: an entry N is the square N x N, MxN an m x n shape (default
 * 2,4,8,16,24,32,48,64,100,128,256,512,24x40,100x7). batch_count is
 * --total-mb MiB of matrices over the bytes of one A (default 256 MiB, at
 * least one problem), or each count of --batches instead. --quick: sizes
 * 2,8,16,32,128,24x40,100x7, 64 MiB, 5 rounds and shorter batches of calls.
 *
 * Every contender's result is checked before it is timed: y poisoned with
 * NaN first (beta = 0 must not read it), then compared element by element
 * with a double-precision reference computed on the device, within
 * 4 (sqrt(len) + 2) u sum |a| |x| (u = 2^-24 or 2^-53, len the length of
 * the sum; NaN never passes); a wrong one prints FAILED, is not timed, and
 * the exit status is 1.
 *
 * Timing: cold, as mvbench nt: consecutive calls walk copies of A, x and y
 * that together exceed 4x the L2 where one batch is smaller than that (at
 * most 1024 copies; the tiniest batches stay in the L2 all the same). Bytes
 * per call: A and x read, y written, each once; % of the read bandwidth is
 * against the read kernel measured at the start. Per shape: time, % read,
 * time over cuBLAS's (strided form) and cuBLAS's A/A spread; a summary per
 * type and op gives the lowest % read of matvec's two forms at 8x8, 16x16
 * and from 32x32 (m, n >= 32), the shapes slower than cuBLAS beyond the
 * spread (strided against cuBLAS's strided form, pointers against cuBLAS's
 * pointer form), and the geomean time of each library's pointer form over
 * its strided form. Rows: DIR/measurements-batched.csv. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <curand.h>

#include "bench_batched_kernels.h"
#include "bench_common.h"
#include "bench_ops.h"
#include "matvec.h"

#define MAX_SHAPES 64
#define MAX_BATCHES 32
#define MAX_COPIES 1024

typedef struct {
    int64_t m[MAX_SHAPES], n[MAX_SHAPES];
    int nshapes;
    int64_t batches[MAX_BATCHES]; /* --batches; none: from total_mb */
    int nbatches;
    int64_t total_mb;
    int dtypes; /* bit 0 float, bit 1 double */
    int ops;    /* bit 0 N, bit 1 T */
    int rounds;
    int quick;
    const char *out;
    uint64_t seed;
} batched_options;

/* One shape's line, for the summary. */
typedef struct {
    int dbl, trans;
    int64_t m, n, batch;
    int ok_cb, ok_s, ok_p, ok_cbp;
    double pct_s, pct_p;       /* % of the read bandwidth, matvec's two forms */
    double vs_s, vs_cbp_p;     /* strided / cuBLAS strided, pointers / cuBLAS pointers */
    double p_over_s, cbp_over_cb; /* pointer form / strided form, matvec and cuBLAS */
    double spread;
} batched_result;
#define MAX_RESULTS (4 * MAX_SHAPES * MAX_BATCHES)
static batched_result results[MAX_RESULTS];
static int nresults;

static batched_options o;
static bench_run g;

enum { C_CUBLAS, C_CUBLAS_AA, C_STRIDED, C_POINTERS, C_CUBLAS_POINTERS, C_COUNT };
static const char *const names[C_COUNT] = {"cublas", "cublas-aa", "strided", "pointers", "cublas-pointers"};

static void usage(void)
{
    printf("usage: mvbench batched [options]\n"
           "  --sizes a,MxN,...   N: an N x N shape, MxN: m x n (default 2,4,8,16,24,32,48,64,100,128,256,512,\n"
           "                      24x40,100x7)\n"
           "  --total-mb MB       MiB of matrices per batch: batch_count = MB MiB / (m n element size)\n"
           "                      (default 256, at least one problem)\n"
           "  --batches a,b,...   these batch counts for every shape instead of --total-mb\n"
           "  --op N|T|both       op(A) = A or A^T (default both)\n"
           "  --dtype s|d|both    float, double or both (default both)\n"
           "  --rounds N          interleaved timing rounds (default 7, --quick 5)\n"
           "  --out DIR           where measurements-batched.csv goes (default mvbench-out)\n"
           "  --seed N            random seed (default: from the clock)\n"
           "  --quick             sizes 2,8,16,32,128,24x40,100x7, 64 MiB, 5 rounds\n");
}

typedef struct {
    int dbl, trans;
    int64_t m, n, batch, len_x, len_y;
    size_t es;
    int copies, cur;       /* copies of the batch for cold timing, the next one */
    char *A, *x, *y;       /* the copies back to back; copy 0 is the checked one */
    void **Ap, **xp, **yp; /* batch * copies pointers each, copy c's from c * batch */
    double *ref, *bound;   /* copy 0's reference */
    unsigned long long *counters;
} problem;

static void enqueue(void *ctx, int c)
{
    problem *p = ctx;
    const void *one = bench_one(p->dbl), *zero = bench_zero(p->dbl);
    const int64_t m = p->m, n = p->n, b = p->batch, sa = m * n, sx = p->len_x, sy = p->len_y;
    const size_t k = (size_t)p->cur;
    p->cur = (p->cur + 1) % p->copies;
    const void *A = p->A + k * (size_t)(b * sa) * p->es;
    const void *x = p->x + k * (size_t)(b * sx) * p->es;
    void *y = p->y + k * (size_t)(b * sy) * p->es;
    void *const *Ap = p->Ap + k * (size_t)b, *const *xp = p->xp + k * (size_t)b, *const *yp = p->yp + k * (size_t)b;
    const cublasOperation_t op = p->trans ? CUBLAS_OP_T : CUBLAS_OP_N;
    const mv_operation ta = p->trans ? MV_OP_T : MV_OP_N;
    mv_status st = MV_SUCCESS;
    switch (c) {
    case C_CUBLAS:
    case C_CUBLAS_AA:
        if (p->dbl)
            CUBLAS_OK(cublasDgemvStridedBatched_64(g.cublas, op, m, n, one, A, m, sa, x, 1, sx, zero, y, 1, sy, b));
        else
            CUBLAS_OK(cublasSgemvStridedBatched_64(g.cublas, op, m, n, one, A, m, sa, x, 1, sx, zero, y, 1, sy, b));
        return;
    case C_CUBLAS_POINTERS:
        if (p->dbl)
            CUBLAS_OK(cublasDgemvBatched_64(g.cublas, op, m, n, one, (const double *const *)Ap, m,
                                            (const double *const *)xp, 1, zero, (double *const *)yp, 1, b));
        else
            CUBLAS_OK(cublasSgemvBatched_64(g.cublas, op, m, n, one, (const float *const *)Ap, m,
                                            (const float *const *)xp, 1, zero, (float *const *)yp, 1, b));
        return;
    case C_STRIDED:
        st = p->dbl ? mv_dgemv_strided_batched(g.mvh, ta, m, n, one, A, m, sa, x, 1, sx, zero, y, 1, sy, b)
                    : mv_sgemv_strided_batched(g.mvh, ta, m, n, one, A, m, sa, x, 1, sx, zero, y, 1, sy, b);
        break;
    default:
        st = p->dbl ? mv_dgemv_batched(g.mvh, ta, m, n, one, (const double *const *)Ap, m, (const double *const *)xp,
                                       1, zero, (double *const *)yp, 1, b)
                    : mv_sgemv_batched(g.mvh, ta, m, n, one, (const float *const *)Ap, m, (const float *const *)xp, 1,
                                       zero, (float *const *)yp, 1, b);
    }
    if (st != MV_SUCCESS)
        die("%s: %s", names[c], mv_last_error(g.mvh));
}

/* One call on copy 0 with its y full of NaN, checked on the device. */
static int check(void *ctx, int c)
{
    problem *p = ctx;
    CUDA_OK(cudaMemsetAsync(p->y, 0xff, (size_t)(p->batch * p->len_y) * p->es, g.stream));
    p->cur = 0;
    enqueue(p, c);
    unsigned long long first;
    const unsigned long long bad = check_result(p->y, p->dbl, p->ref, p->bound, (size_t)(p->batch * p->len_y),
                                                p->len_x, p->counters, &first, g.stream);
    if (bad == 0)
        return 1;
    printf("FAILED: %s %s %c %lldx%lld batch_count=%lld: %llu wrong elements, first at problem %llu element "
           "%llu\n",
           names[c], p->dbl ? "double" : "float", p->trans ? 'T' : 'N', (long long)p->m, (long long)p->n,
           (long long)p->batch, bad, first / (unsigned long long)p->len_y, first % (unsigned long long)p->len_y);
    ++g.failures;
    return 0;
}

static void run_shape(int dbl, int trans, int64_t m, int64_t n, int64_t batch, int index, const ceilings *dev)
{
    problem p;
    memset(&p, 0, sizeof p);
    p.dbl = dbl;
    p.trans = trans;
    p.m = m;
    p.n = n;
    p.batch = batch;
    p.len_x = trans ? m : n;
    p.len_y = trans ? n : m;
    p.es = dbl ? sizeof(double) : sizeof(float);
    const double bytes = (double)p.es * (double)batch * ((double)m * (double)n + (double)(p.len_x + p.len_y));
    p.copies = cold_copies(bytes, dev, MAX_COPIES);
    const size_t na = (size_t)(batch * m * n), nx = (size_t)(batch * p.len_x), ny = (size_t)(batch * p.len_y);
    const size_t copies = (size_t)p.copies, pointers = (size_t)batch * copies;
    CUDA_OK(cudaMalloc((void **)&p.A, na * copies * p.es));
    CUDA_OK(cudaMalloc((void **)&p.x, nx * copies * p.es));
    CUDA_OK(cudaMalloc((void **)&p.y, ny * copies * p.es));
    CUDA_OK(cudaMalloc((void **)&p.Ap, pointers * sizeof(void *)));
    CUDA_OK(cudaMalloc((void **)&p.xp, pointers * sizeof(void *)));
    CUDA_OK(cudaMalloc((void **)&p.yp, pointers * sizeof(void *)));
    CUDA_OK(cudaMalloc((void **)&p.ref, ny * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.bound, ny * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.counters, 2 * sizeof(unsigned long long)));
    const uint64_t seed = o.seed + 8 * (uint64_t)index;
    fill_uniform(g.gen, p.A, na * copies, dbl, seed, g.stream);
    fill_uniform(g.gen, p.x, nx * copies, dbl, seed + 1, g.stream);
    CUDA_OK(cudaMemsetAsync(p.y, 0, ny * copies * p.es, g.stream));
    CUDA_OK(bench_batched_pointers(p.Ap, p.A, (size_t)(m * n) * p.es, pointers, g.stream));
    CUDA_OK(bench_batched_pointers(p.xp, p.x, (size_t)p.len_x * p.es, pointers, g.stream));
    CUDA_OK(bench_batched_pointers(p.yp, p.y, (size_t)p.len_y * p.es, pointers, g.stream));
    CUDA_OK(bench_batched_reference(p.A, p.x, dbl, trans, m, n, batch, p.ref, p.bound, g.stream));
    CUDA_OK(cudaStreamSynchronize(g.stream));

    timing t[C_COUNT];
    const batching b = {2, 3, 1.0, o.quick ? 5.0 : 20.0, 1e-3, 200};
    const double spread = check_and_time(C_COUNT, o.rounds, &b, check, enqueue, &p, g.stream, t);
    const double cb = t[C_CUBLAS].ok ? t[C_CUBLAS].med : 0.0;
    for (int c = 0; c < C_COUNT; ++c) {
        fprintf(g.csv, "batched,%c,%c,%lld,%lld,%lld,%s,", dbl ? 'd' : 's', trans ? 'T' : 'N', (long long)m,
                (long long)n, (long long)batch, names[c]);
        csv_measurement(g.csv, &t[c], bytes, dev, 1, cb, spread, p.copies);
    }
    char shape[48];
    snprintf(shape, sizeof shape, "%lldx%lld", (long long)m, (long long)n);
    printf("  %9s %9lld", shape, (long long)batch);
    print_cell(&t[C_STRIDED], bytes, cb, dev, 1, 1);
    print_cell(&t[C_POINTERS], bytes, cb, dev, 1, 1);
    print_cell(&t[C_CUBLAS_POINTERS], bytes, cb, dev, 0, 1);
    print_cell(&t[C_CUBLAS], bytes, cb, dev, 1, 0);
    end_row(g.csv, spread, p.copies);

    if (nresults < MAX_RESULTS) {
        batched_result *r = &results[nresults++];
        memset(r, 0, sizeof *r);
        r->dbl = dbl;
        r->trans = trans;
        r->m = m;
        r->n = n;
        r->batch = batch;
        r->ok_cb = t[C_CUBLAS].ok;
        r->ok_s = t[C_STRIDED].ok;
        r->ok_p = t[C_POINTERS].ok;
        r->ok_cbp = t[C_CUBLAS_POINTERS].ok;
        r->pct_s = r->ok_s ? read_pct(bytes, t[C_STRIDED].med, dev) : NAN;
        r->pct_p = r->ok_p ? read_pct(bytes, t[C_POINTERS].med, dev) : NAN;
        r->vs_s = r->ok_s && r->ok_cb ? t[C_STRIDED].med / t[C_CUBLAS].med : NAN;
        r->vs_cbp_p = r->ok_p && r->ok_cbp ? t[C_POINTERS].med / t[C_CUBLAS_POINTERS].med : NAN;
        r->p_over_s = r->ok_p && r->ok_s ? t[C_POINTERS].med / t[C_STRIDED].med : NAN;
        r->cbp_over_cb = r->ok_cbp && r->ok_cb ? t[C_CUBLAS_POINTERS].med / t[C_CUBLAS].med : NAN;
        r->spread = spread;
    }

    CUDA_OK(cudaFree(p.A));
    CUDA_OK(cudaFree(p.x));
    CUDA_OK(cudaFree(p.y));
    CUDA_OK(cudaFree(p.Ap));
    CUDA_OK(cudaFree(p.xp));
    CUDA_OK(cudaFree(p.yp));
    CUDA_OK(cudaFree(p.ref));
    CUDA_OK(cudaFree(p.bound));
    CUDA_OK(cudaFree(p.counters));
}

/* The lowest % read of matvec's two forms over the lines of (dbl, trans)
 * whose shape is m x n, or (from > 0) whose m and n are both >= from. */
static void print_lowest(int dbl, int trans, int64_t m, int64_t n, int64_t from, const char *label)
{
    double low_s = INFINITY, low_p = INFINITY;
    int count = 0;
    for (int i = 0; i < nresults; ++i) {
        const batched_result *r = &results[i];
        if (r->dbl != dbl || r->trans != trans)
            continue;
        if (from > 0 ? (r->m < from || r->n < from) : (r->m != m || r->n != n))
            continue;
        if (r->ok_s)
            low_s = fmin(low_s, r->pct_s);
        if (r->ok_p)
            low_p = fmin(low_p, r->pct_p);
        ++count;
    }
    if (!count)
        printf("  %s -", label);
    else
        printf("  %s %.1f%% / %.1f%%", label, low_s, low_p);
}

/* The lines of (dbl, trans) where a form's time over its cuBLAS counterpart
 * exceeds 1 + cuBLAS's A/A spread. */
static void print_slower(int dbl, int trans, int pointers)
{
    int count = 0;
    for (int i = 0; i < nresults; ++i) {
        const batched_result *r = &results[i];
        const double ratio = pointers ? r->vs_cbp_p : r->vs_s;
        if (r->dbl != dbl || r->trans != trans || !slower_beyond(ratio, r->spread))
            continue;
        printf("%s %lldx%lld (%lld) %.3f", count ? "," : "", (long long)r->m, (long long)r->n, (long long)r->batch,
               ratio);
        ++count;
    }
    printf(count ? "\n" : " none\n");
}

static void summary(int dbl, int trans)
{
    int any = 0;
    for (int i = 0; i < nresults; ++i)
        any |= results[i].dbl == dbl && results[i].trans == trans;
    if (!any)
        return;
    printf("%s op %c, lowest %% read (strided / pointers):", dbl ? "double" : "float", trans ? 'T' : 'N');
    print_lowest(dbl, trans, 8, 8, 0, "8x8");
    print_lowest(dbl, trans, 16, 16, 0, "16x16");
    print_lowest(dbl, trans, 0, 0, 32, ">=32x32");
    printf("\n  slower than cuBLAS's strided form beyond the A/A spread (strided):");
    print_slower(dbl, trans, 0);
    printf("  slower than cuBLAS's pointer form beyond the A/A spread (pointers):");
    print_slower(dbl, trans, 1);
    geomean mv = {0.0, 0}, cb = {0.0, 0};
    for (int i = 0; i < nresults; ++i) {
        const batched_result *r = &results[i];
        if (r->dbl != dbl || r->trans != trans)
            continue;
        geomean_add(&mv, r->p_over_s);
        geomean_add(&cb, r->cbp_over_cb);
    }
    printf("  pointer form / strided form, geomean time: matvec %.3f (%d shapes), cuBLAS %.3f (%d shapes)\n",
           geomean_of(&mv), mv.n, geomean_of(&cb), cb.n);
}

static int add_shape(int64_t m, int64_t n)
{
    return shape_append(o.m, o.n, &o.nshapes, MAX_SHAPES, m, n);
}

int mvbench_batched(int argc, char **argv)
{
    memset(&o, 0, sizeof o);
    o.dtypes = 3;
    o.ops = 3;
    o.out = "mvbench-out";
    o.seed = (uint64_t)time(NULL);
    const char *sizes = NULL, *batches = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--sizes") && i + 1 < argc)
            sizes = argv[++i];
        else if (!strcmp(a, "--batches") && i + 1 < argc)
            batches = argv[++i];
        else if (!strcmp(a, "--total-mb") && i + 1 < argc) {
            long long v;
            if (!parse_count(argv[++i], 1, 1ll << 24, &v))
                die("--total-mb wants a positive count of MiB, got \"%s\"", argv[i]);
            o.total_mb = v;
        } else if (!strcmp(a, "--dtype") && i + 1 < argc)
            o.dtypes = bench_dtypes(argv[++i]);
        else if (!strcmp(a, "--op") && i + 1 < argc)
            o.ops = bench_ops(argv[++i]);
        else if (!strcmp(a, "--quick"))
            o.quick = 1;
        else if (bench_common_option(argc, argv, &i, &o.rounds, &o.out, &o.seed)) {
            if (!strcmp(a, "--rounds") && o.rounds < 1)
                die("--rounds wants a positive count");
        } else if (bench_help_or_die(a, usage, "batched: unknown option"))
            return 0;
    }
    if (!o.rounds)
        o.rounds = o.quick ? 5 : 7;
    if (!o.total_mb)
        o.total_mb = o.quick ? 64 : 256;
    parse_shape_list(sizes ? sizes
                           : o.quick ? "2,8,16,32,128,24x40,100x7"
                                     : "2,4,8,16,24,32,48,64,100,128,256,512,24x40,100x7",
                     "--sizes", 1, MAX_SHAPES, add_shape);
    if (batches) {
        const char *rest;
        o.nbatches = parse_sizes(batches, o.batches, MAX_BATCHES, &rest);
        if (o.nbatches < 1 || *rest)
            die("--batches wants at most %d positive integers separated by commas, got \"%s\"", MAX_BATCHES,
                batches);
    }
    ceilings dev;
    if (!bench_begin("batched", o.out, "measurements-batched.csv",
                     "suite,dtype,op,m,n,batch_count,variant,time_us,time_us_min,time_us_max,gbps,pct_read_bw,"
                     "vs_cublas,aa_spread_pct,copies,check\n",
                     &dev, &g))
        return 0;
    print_run_line("batched", &dev, o.seed, o.nshapes, o.rounds);
    if (o.nbatches)
        printf("batch counts: %s\n", batches);
    else
        printf("batch_count: %lld MiB of matrices over one A's bytes\n", (long long)o.total_mb);
    const double t0 = now_s();
    progress_reset();
    const int per_shape = o.nbatches ? o.nbatches : 1;
    const int total = o.nshapes * per_shape * mask_count(o.dtypes) * mask_count(o.ops);
    int done = 0, index = 0;
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int trans = 0; trans < 2; ++trans) {
            if (!(o.dtypes >> dbl & 1) || !(o.ops >> trans & 1))
                continue;
            printf("\n%s op %c: y_b = op(A_b) x_b; times in us, /cuBLAS against cuBLAS's strided form\n",
                   dbl ? "double" : "float", trans ? 'T' : 'N');
            printf("  %9s %9s %10s %7s %8s %10s %7s %8s %10s %8s %10s %7s %7s %6s\n", "shape", "batches", "strided",
                   "%read", "/cuBLAS", "pointers", "%read", "/cuBLAS", "cuBLAS ptr", "/cuBLAS", "cuBLAS", "%read",
                   "A/A", "copies");
            for (int s = 0; s < o.nshapes; ++s)
                for (int k = 0; k < per_shape; ++k) {
                    const int64_t es = dbl ? 8 : 4;
                    int64_t batch = o.nbatches ? o.batches[k] : (o.total_mb << 20) / (o.m[s] * o.n[s] * es);
                    batch = batch < 1 ? 1 : batch;
                    run_shape(dbl, trans, o.m[s], o.n[s], batch, index++, &dev);
                    progress(++done, total, "shapes");
                }
        }
    printf("\nsummary (%% of the read bandwidth: lowest over the batch counts):\n");
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int trans = 0; trans < 2; ++trans)
            summary(dbl, trans);
    return bench_finish(&g, t0);
}
