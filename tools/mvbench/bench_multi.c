/* mvbench multi: one matrix A (rows x cols, column-major) against k vectors
 * at once, C = op(A) B with B holding the k vectors as columns, for k over a
 * list: matvec's mv_?gemm (the narrow path), cuBLAS GEMM of the same shape
 * (timed twice: cublas and cublas-aa, the run's noise), and one mv_?gemv of
 * the same A (gemv-1: the cost of one vector alone).
 *
 *   mvbench multi [--rows R] [--cols C] [--ks 1,2,4,8,16,32] [--dtype s|d|both]
 *                 [--op N|T|both] [--rounds N] [--out DIR] [--seed N] [--random K]
 *                 [--variants a,b]   (GEMM variants timed beside the default,
 *                                     e.g. narrow-sync)
 *
 * Every result is checked before it is timed (C poisoned with NaN first)
 * against cuBLAS DGEMM on the same inputs in double, with the bound
 * |op(A)| |B| from a second DGEMM on absolute values. Bytes per call: A, B
 * and C once each; % of the read bandwidth is against the read kernel's
 * figure measured at the start. A (1 GiB of floats by default) is far
 * larger than the L2, so every call reads it from DRAM. --random K: K shapes
 * instead, rows and columns log-uniform in [8, 2^20] with A from 64 MiB to
 * 512 MiB in float (twice that in double), seeded; a summary per type,
 * operation and k closes the run (lowest % of the read bandwidth, geomean
 * time against cuBLAS, shapes slower than cuBLAS beyond the A/A spread). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <curand.h>

#include "bench_common.h"
#include "bench_gemm_kernels.h"
#include "bench_ops.h"
#include "gemm/gemm_variants.h"
#include "matvec.h"

#define MAX_KS 32
#define MAX_EXTRA 8

typedef struct {
    int64_t rows, cols;
    int64_t ks[MAX_KS];
    int nks;
    int dtypes; /* bit 0 float, bit 1 double */
    int ops;    /* bit 0 N, bit 1 T */
    int rounds;
    const char *out;
    uint64_t seed;
    const char *extra[MAX_EXTRA]; /* --variants: GEMM variants beside the default */
    int nextra;
    int random; /* --random K */
} multi_options;

/* One default row of a --random run, for the summary. */
typedef struct {
    int dbl, trans;
    int64_t kv;
    double pct, vs_cublas, spread;
} multi_result;
#define MAX_RESULTS 4096
static multi_result results[MAX_RESULTS];
static int nresults;

static multi_options o;
static bench_run g;

/* Contenders: these four, then o.extra's variants. */
enum { C_CUBLAS, C_CUBLAS_AA, C_DEFAULT, C_GEMV, C_FIXED };
#define C_MAX (C_FIXED + MAX_EXTRA)

static const char *contender_name(int c)
{
    static const char *const names[C_FIXED] = {"cublas", "cublas-aa", "default", "gemv-1"};
    if (c >= 0 && c < C_FIXED)
        return names[c];
    return c >= C_FIXED && c < C_FIXED + o.nextra ? o.extra[c - C_FIXED] : "?";
}

/* A contender's name in the CSV and the table: the GEMM variant "default"
 * (matvec's own kernels, the public call's choice without cuBLAS) is "own",
 * as in mvbench gemm, apart from the public call's "default". */
static const char *report_name(int c)
{
    return c >= C_FIXED && strcmp(contender_name(c), "default") == 0 ? "own" : contender_name(c);
}

static void usage(void)
{
    printf("usage: mvbench multi [options]\n"
           "  --rows R, --cols C  A's shape (default 16384 x 16384)\n"
           "  --ks a,b,...        vector counts (default 1,2,3,4,6,8,12,16,24,32)\n"
           "  --dtype s|d|both    float, double or both (default both)\n"
           "  --op N|T|both       op(A) = A or A^T (default both)\n"
           "  --rounds N          interleaved timing rounds (default 7)\n"
           "  --out DIR           where measurements-multi.csv goes (default mvbench-out)\n"
           "  --seed N            random seed (default: from the clock)\n"
           "  --variants a,b      GEMM variants to time beside the default (e.g. narrow-sync)\n"
           "  --random K          K random shapes (A of 64-512 MiB in float) instead of --rows x --cols\n");
}

typedef struct {
    int dbl, trans;
    int64_t kv;      /* vectors */
    int64_t m, kk;   /* C is m x kv, the sum runs over kk */
    size_t es;
    void *A, *B, *C; /* B: kk x kv, C: m x kv (dense) */
    double *ref, *bound;
    unsigned long long *counters;
} problem;

static void enqueue(int c, const problem *p)
{
    const void *one = bench_one(p->dbl), *zero = bench_zero(p->dbl);
    const mv_operation ta = p->trans ? MV_OP_T : MV_OP_N;
    mv_status st = MV_SUCCESS;
    switch (c) {
    case C_CUBLAS:
    case C_CUBLAS_AA: {
        const cublasOperation_t opa = p->trans ? CUBLAS_OP_T : CUBLAS_OP_N;
        if (p->dbl)
            CUBLAS_OK(cublasDgemm_64(g.cublas, opa, CUBLAS_OP_N, p->m, p->kv, p->kk, one, p->A, o.rows, p->B, p->kk,
                                     zero, p->C, p->m));
        else
            CUBLAS_OK(cublasSgemm_64(g.cublas, opa, CUBLAS_OP_N, p->m, p->kv, p->kk, one, p->A, o.rows, p->B, p->kk,
                                     zero, p->C, p->m));
        return;
    }
    case C_GEMV: /* one GEMV: the first vector into C's first column */
        st = p->dbl ? mv_dgemv(g.mvh, ta, o.rows, o.cols, one, p->A, o.rows, p->B, 1, zero, p->C, 1)
                    : mv_sgemv(g.mvh, ta, o.rows, o.cols, one, p->A, o.rows, p->B, 1, zero, p->C, 1);
        break;
    case C_DEFAULT:
        st = p->dbl ? mv_dgemm(g.mvh, ta, MV_OP_N, p->m, p->kv, p->kk, one, p->A, o.rows, p->B, p->kk, zero, p->C, p->m)
                    : mv_sgemm(g.mvh, ta, MV_OP_N, p->m, p->kv, p->kk, one, p->A, o.rows, p->B, p->kk, zero, p->C,
                               p->m);
        break;
    default:
        st = mv_gemm_variant_run(g.mvh, contender_name(c), p->dbl, ta, MV_OP_N, p->m, p->kv, p->kk, one, p->A, o.rows,
                                 p->B, p->kk, zero, p->C, p->m);
    }
    if (st != MV_SUCCESS)
        die("%s: %s", contender_name(c), mv_last_error(g.mvh));
}

/* One call on C full of NaN, checked on the device; gemv-1 checks its one
 * column (the first m elements). */
static int check(int c, problem *p)
{
    const size_t count = (size_t)(p->m * (c == C_GEMV ? 1 : p->kv));
    CUDA_OK(cudaMemsetAsync(p->C, 0xff, (size_t)(p->m * p->kv) * p->es, g.stream));
    enqueue(c, p);
    unsigned long long first;
    const unsigned long long bad = check_result(p->C, p->dbl, p->ref, p->bound, count, p->kk, p->counters, &first,
                                                g.stream);
    if (bad == 0)
        return 1;
    printf("FAILED: %s %s %c k=%lld: %llu wrong elements, first at %llu\n", contender_name(c), p->dbl ? "double" : "float",
           p->trans ? 'T' : 'N', (long long)p->kv, bad, first);
    ++g.failures;
    return 0;
}

static void enqueue_timed(void *ctx, int c, int round, int calls)
{
    (void)round;
    for (int k = 0; k < calls; ++k)
        enqueue(c, ctx);
}

static void run_k(problem *p, const ceilings *dev, double *gemv_us)
{
    const int nc = C_FIXED + o.nextra;
    timing t[C_MAX];
    memset(t, 0, sizeof t);
    int offered[C_MAX];
    for (int c = 0; c < nc; ++c) {
        offered[c] = c < C_FIXED ||
                     (mv_gemm_variant_find(contender_name(c))->dtypes & (p->dbl ? MV_GEMM_VARIANT_D : MV_GEMM_VARIANT_S));
        t[c].ok = offered[c] && check(c, p); /* a variant without this type is left out */
    }
    const batching b = {1, 2, 1.0, 20.0, 1e-3, 200};
    time_interleaved(nc, o.rounds, &b, enqueue_timed, p, g.stream, t);
    const double bytes = (double)p->es * ((double)o.rows * (double)o.cols + (double)(p->kk + p->m) * (double)p->kv);
    const double spread = aa_spread(&t[C_CUBLAS], &t[C_CUBLAS_AA]);
    if (t[C_GEMV].ok)
        *gemv_us = t[C_GEMV].med;
    for (int c = 0; c < nc; ++c) {
        if (!offered[c])
            continue;
        const double call_bytes =
            c == C_GEMV ? (double)p->es * ((double)o.rows * (double)o.cols + (double)(p->kk + p->m)) : bytes;
        fprintf(g.csv, "multi,%c,%c,%lld,%lld,%lld,%s,", p->dbl ? 'd' : 's', p->trans ? 'T' : 'N', (long long)o.rows,
                (long long)o.cols, (long long)p->kv, report_name(c));
        csv_measurement(g.csv, &t[c], call_bytes, dev, 0, 0.0, spread, -1);
    }
    const double mv = t[C_DEFAULT].ok ? t[C_DEFAULT].med : NAN, cb = t[C_CUBLAS].ok ? t[C_CUBLAS].med : NAN;
    printf("  %4lld %10.2f %6.1f%% %10.2f %6.1f%% %8.3f %9.3f %7.1f%%", (long long)p->kv, mv,
           read_pct(bytes, mv, dev), cb, read_pct(bytes, cb, dev), mv / cb, mv / (double)p->kv / *gemv_us,
           100.0 * spread);
    if (t[C_DEFAULT].ok && t[C_CUBLAS].ok && nresults < MAX_RESULTS)
        results[nresults++] = (multi_result){p->dbl, p->trans, p->kv, read_pct(bytes, mv, dev), mv / cb, spread};
    for (int c = C_FIXED; c < nc; ++c)
        if (t[c].ok)
            printf("   %s %.2f us %.1f%%", report_name(c), t[c].med, read_pct(bytes, t[c].med, dev));
    printf("\n");
}

static void run_op(int dbl, int trans, const ceilings *dev)
{
    problem p;
    memset(&p, 0, sizeof p);
    p.dbl = dbl;
    p.trans = trans;
    p.es = dbl ? sizeof(double) : sizeof(float);
    p.m = trans ? o.cols : o.rows;
    p.kk = trans ? o.rows : o.cols;
    int64_t kmax = 1;
    for (int i = 0; i < o.nks; ++i)
        kmax = o.ks[i] > kmax ? o.ks[i] : kmax;
    const size_t na = (size_t)(o.rows * o.cols), nb = (size_t)(p.kk * kmax), nc = (size_t)(p.m * kmax);
    CUDA_OK(cudaMalloc(&p.A, na * p.es));
    CUDA_OK(cudaMalloc(&p.B, nb * p.es));
    CUDA_OK(cudaMalloc(&p.C, nc * p.es));
    CUDA_OK(cudaMalloc((void **)&p.ref, nc * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.bound, nc * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.counters, 2 * sizeof(unsigned long long)));
    fill_uniform(g.gen, p.A, na, dbl, o.seed + 7 * (uint64_t)(2 * dbl + trans), g.stream);
    fill_uniform(g.gen, p.B, nb, dbl, o.seed + 7 * (uint64_t)(2 * dbl + trans) + 1, g.stream);
    double *Ad, *Aa, *Bd, *Ba;
    CUDA_OK(cudaMalloc((void **)&Ad, na * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&Aa, na * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&Bd, nb * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&Ba, nb * sizeof(double)));
    CUDA_OK(bench_gemm_to_double(p.A, dbl, Ad, Aa, na, g.stream));
    CUDA_OK(bench_gemm_to_double(p.B, dbl, Bd, Ba, nb, g.stream));
    printf("\n%s op %c: A %lld x %lld (%.0f MiB); C = op(A) B, B with k columns\n"
           "     k  matvec us  %%read  cuBLAS us  %%read   /cuBLAS  per-vector/GEMV  A/A\n",
           dbl ? "double" : "float", trans ? 'T' : 'N', (long long)o.rows, (long long)o.cols,
           (double)na * (double)p.es / 1048576.0);
    double gemv_us = NAN;
    for (int i = 0; i < o.nks; ++i) {
        p.kv = o.ks[i];
        const double one = 1.0, zero = 0.0;
        const cublasOperation_t opa = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
        CUBLAS_OK(cublasDgemm_64(g.cublas, opa, CUBLAS_OP_N, p.m, p.kv, p.kk, &one, Ad, o.rows, Bd, p.kk, &zero, p.ref,
                                 p.m));
        CUBLAS_OK(cublasDgemm_64(g.cublas, opa, CUBLAS_OP_N, p.m, p.kv, p.kk, &one, Aa, o.rows, Ba, p.kk, &zero,
                                 p.bound, p.m));
        CUDA_OK(cudaStreamSynchronize(g.stream));
        run_k(&p, dev, &gemv_us);
        progress(i + 1, o.nks, "vector counts");
    }
    CUDA_OK(cudaFree(Ad));
    CUDA_OK(cudaFree(Aa));
    CUDA_OK(cudaFree(Bd));
    CUDA_OK(cudaFree(Ba));
    CUDA_OK(cudaFree(p.A));
    CUDA_OK(cudaFree(p.B));
    CUDA_OK(cudaFree(p.C));
    CUDA_OK(cudaFree(p.ref));
    CUDA_OK(cudaFree(p.bound));
    CUDA_OK(cudaFree(p.counters));
}

int mvbench_multi(int argc, char **argv)
{
    memset(&o, 0, sizeof o);
    o.rows = o.cols = 16384;
    o.dtypes = 3;
    o.ops = 3;
    o.rounds = 7;
    o.out = "mvbench-out";
    o.seed = (uint64_t)time(NULL);
    const char *ks = "1,2,3,4,6,8,12,16,24,32";
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--rows") && i + 1 < argc)
            o.rows = strtoll(argv[++i], NULL, 10);
        else if (!strcmp(a, "--cols") && i + 1 < argc)
            o.cols = strtoll(argv[++i], NULL, 10);
        else if (!strcmp(a, "--ks") && i + 1 < argc)
            ks = argv[++i];
        else if (!strcmp(a, "--random") && i + 1 < argc)
            o.random = atoi(argv[++i]);
        else if (!strcmp(a, "--dtype") && i + 1 < argc)
            o.dtypes = bench_dtypes(argv[++i]);
        else if (!strcmp(a, "--op") && i + 1 < argc)
            o.ops = bench_ops(argv[++i]);
        else if (bench_common_option(argc, argv, &i, &o.rounds, &o.out, &o.seed))
            continue;
        else if (!strcmp(a, "--variants") && i + 1 < argc) {
            for (char *v = strtok(argv[++i], ","); v; v = strtok(NULL, ",")) {
                if (o.nextra == MAX_EXTRA)
                    die("--variants takes at most %d names", MAX_EXTRA);
                if (!mv_gemm_variant_find(v))
                    die("--variants: %s is not a GEMM variant", v);
                o.extra[o.nextra++] = v;
            }
        } else if (bench_help_or_die(a, usage, "multi: unknown option"))
            return 0;
    }
    if (o.rows < 1 || o.cols < 1)
        die("--rows and --cols want positive sizes");
    if (o.rounds < 1)
        die("--rounds wants a positive count");
    const char *rest;
    o.nks = parse_sizes(ks, o.ks, MAX_KS, &rest);
    if (o.nks < 1)
        die("--ks wants positive integers separated by commas, got \"%s\"", ks);
    ceilings dev;
    if (!bench_begin("multi", o.out, "measurements-multi.csv",
                     "suite,dtype,op,rows,cols,k,variant,time_us,time_us_min,time_us_max,gbps,pct_read_bw,"
                     "aa_spread_pct,check\n",
                     &dev, &g))
        return 0;
    printf("mvbench multi: device %s, read bandwidth %.0f GB/s (measured), seed %llu, %d rounds\n", dev.device,
           dev.read_gbps, (unsigned long long)o.seed, o.rounds);
    const double t0 = now_s();
    progress_reset();
    uint64_t state = o.seed ^ 0x6d756c7469ull;
    for (int shape = 0; shape < (o.random > 0 ? o.random : 1); ++shape) {
        while (o.random > 0) { /* log-uniform rows and columns, A of 64..512 MiB in float */
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const double u1 = (double)(state >> 11) * 0x1.0p-53;
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const double u2 = (double)(state >> 11) * 0x1.0p-53;
            o.rows = (int64_t)exp(log(8.0) + u1 * (log(1048576.0) - log(8.0)));
            o.cols = (int64_t)exp(log(8.0) + u2 * (log(1048576.0) - log(8.0)));
            const double mib = 4.0 * (double)o.rows * (double)o.cols / 1048576.0;
            if (mib >= 64.0 && mib <= 512.0)
                break;
        }
        for (int dbl = 0; dbl < 2; ++dbl)
            for (int trans = 0; trans < 2; ++trans)
                if ((o.dtypes >> dbl & 1) && (o.ops >> trans & 1))
                    run_op(dbl, trans, &dev);
    }
    if (o.random > 0) {
        printf("\nsummary over %d random shapes (default path):\n  type op    k  lowest %%read  geomean /cuBLAS  "
               "slower than cuBLAS beyond A/A\n", o.random);
        for (int dbl = 0; dbl < 2; ++dbl)
            for (int trans = 0; trans < 2; ++trans)
                for (int i = 0; i < o.nks; ++i) {
                    double low = INFINITY, logsum = 0.0;
                    int count = 0, slower = 0;
                    for (int r = 0; r < nresults; ++r) {
                        const multi_result *q = &results[r];
                        if (q->dbl != dbl || q->trans != trans || q->kv != o.ks[i])
                            continue;
                        low = q->pct < low ? q->pct : low;
                        logsum += log(q->vs_cublas);
                        slower += slower_beyond(q->vs_cublas, q->spread);
                        ++count;
                    }
                    if (count)
                        printf("  %-6s %c %4lld %12.1f%% %16.3f %10d of %d\n", dbl ? "double" : "float",
                               trans ? 'T' : 'N', (long long)o.ks[i], low, exp(logsum / count), slower, count);
                }
    }
    return bench_finish(&g, t0);
}
