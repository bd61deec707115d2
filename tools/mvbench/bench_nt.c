/* mvbench nt: y = A x and z = A^T w together. matvec's mv_?gemv_nt (one
 * pass over A) beside two cuBLAS GEMV calls (timed twice: cublas-2 and
 * cublas-2-aa, the run's noise) and matvec's own two mv_?gemv calls.
 *
 *   mvbench nt [--shapes MxN,...] [--grid] [--random K] [--dtype s|d|both]
 *              [--rounds N] [--out DIR] [--seed N]
 *
 * --grid: the paper's sweep (n = 2^7..2^14, m = 2^1..n); --random K: K
 * shapes drawn log-uniform (m, n in [8, 2^20], A from 1 MiB to 1 GiB).
 * Every result (both outputs) is checked before it is timed against cuBLAS
 * DGEMV on the inputs in double, with the bound from the absolute values.
 * Bytes per call: A once, x, w, y and z once each; % of the read bandwidth
 * is against the read kernel measured at the start. Cold: A rotates over
 * copies that together exceed the L2 where A is smaller than it. */
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
#include "matvec.h"

#define MAX_SHAPES 512

typedef struct {
    int64_t m[MAX_SHAPES], n[MAX_SHAPES];
    int nshapes;
    int dtypes;
    int rounds;
    const char *out;
    uint64_t seed;
} nt_options;

static nt_options o;
static bench_run g;
/* The lowest % of the read bandwidth over shapes whose A has 64 MiB or
 * more (issue 20's target), per type. */
static double low_pct_64[2] = {INFINITY, INFINITY};
static int count_64[2];

enum { C_CUBLAS2, C_CUBLAS2_AA, C_NT, C_TWO, C_COUNT };
static const char *const names[C_COUNT] = {"cublas-2", "cublas-2-aa", "default", "matvec-2"};

static void usage(void)
{
    printf("usage: mvbench nt [options]\n"
           "  --shapes MxN,...  shapes (default 16384x16384,8192x32768,32768x8192,1000x100000,100000x1000)\n"
           "  --grid            the paper's sweep: n = 2^7..2^14, m = 2^1..n\n"
           "  --random K        K random shapes (m, n log-uniform in [8, 2^20], A from 1 MiB to 1 GiB)\n"
           "  --dtype s|d|both  float, double or both (default both)\n"
           "  --rounds N        interleaved timing rounds (default 7)\n"
           "  --out DIR         where measurements-nt.csv goes (default mvbench-out)\n"
           "  --seed N          random seed (default: from the clock)\n");
}

typedef struct {
    int dbl;
    int64_t m, n;
    size_t es;
    int copies, cur;      /* A's copies for cold timing, the next one */
    void *A[16];
    void *x, *w, *y, *z;
    double *ref_y, *ref_z, *bound_y, *bound_z;
    unsigned long long *counters;
} problem;

static void enqueue(void *ctx, int c)
{
    problem *p = ctx;
    const void *one = bench_one(p->dbl), *zero = bench_zero(p->dbl);
    const void *A = p->A[p->cur];
    p->cur = (p->cur + 1) % p->copies;
    switch (c) {
    case C_CUBLAS2:
    case C_CUBLAS2_AA:
        if (p->dbl) {
            CUBLAS_OK(cublasDgemv_64(g.cublas, CUBLAS_OP_N, p->m, p->n, one, A, p->m, p->x, 1, zero, p->y, 1));
            CUBLAS_OK(cublasDgemv_64(g.cublas, CUBLAS_OP_T, p->m, p->n, one, A, p->m, p->w, 1, zero, p->z, 1));
        } else {
            CUBLAS_OK(cublasSgemv_64(g.cublas, CUBLAS_OP_N, p->m, p->n, one, A, p->m, p->x, 1, zero, p->y, 1));
            CUBLAS_OK(cublasSgemv_64(g.cublas, CUBLAS_OP_T, p->m, p->n, one, A, p->m, p->w, 1, zero, p->z, 1));
        }
        return;
    case C_NT: {
        const mv_status st = p->dbl ? mv_dgemv_nt(g.mvh, p->m, p->n, one, A, p->m, p->x, 1, zero, p->y, 1, one, p->w,
                                                  1, zero, p->z, 1)
                                    : mv_sgemv_nt(g.mvh, p->m, p->n, one, A, p->m, p->x, 1, zero, p->y, 1, one, p->w,
                                                  1, zero, p->z, 1);
        if (st != MV_SUCCESS)
            die("mv_gemv_nt: %s", mv_last_error(g.mvh));
        return;
    }
    default: {
        mv_status st = p->dbl ? mv_dgemv(g.mvh, MV_OP_N, p->m, p->n, one, A, p->m, p->x, 1, zero, p->y, 1)
                              : mv_sgemv(g.mvh, MV_OP_N, p->m, p->n, one, A, p->m, p->x, 1, zero, p->y, 1);
        if (st == MV_SUCCESS)
            st = p->dbl ? mv_dgemv(g.mvh, MV_OP_T, p->m, p->n, one, A, p->m, p->w, 1, zero, p->z, 1)
                        : mv_sgemv(g.mvh, MV_OP_T, p->m, p->n, one, A, p->m, p->w, 1, zero, p->z, 1);
        if (st != MV_SUCCESS)
            die("mv_gemv: %s", mv_last_error(g.mvh));
    }
    }
}

static int check_one(problem *p, const void *got, const double *ref, const double *bound, int64_t len, int64_t k)
{
    unsigned long long first;
    return check_result(got, p->dbl, ref, bound, (size_t)len, k, p->counters, &first, g.stream) == 0;
}

/* One call with y and z full of NaN; both checked. */
static int check(void *ctx, int c)
{
    problem *p = ctx;
    CUDA_OK(cudaMemsetAsync(p->y, 0xff, (size_t)p->m * p->es, g.stream));
    CUDA_OK(cudaMemsetAsync(p->z, 0xff, (size_t)p->n * p->es, g.stream));
    p->cur = 0;
    enqueue(p, c);
    const int ok = check_one(p, p->y, p->ref_y, p->bound_y, p->m, p->n) &&
                   check_one(p, p->z, p->ref_z, p->bound_z, p->n, p->m);
    if (!ok) {
        printf("FAILED: %s %s m=%lld n=%lld\n", names[c], p->dbl ? "double" : "float", (long long)p->m,
               (long long)p->n);
        ++g.failures;
    }
    return ok;
}

static void run_shape(int dbl, int64_t m, int64_t n, int index, const ceilings *dev, double *sum_log_cb,
                      double *sum_log_two, int *slower_two, int *count)
{
    problem p;
    memset(&p, 0, sizeof p);
    p.dbl = dbl;
    p.m = m;
    p.n = n;
    p.es = dbl ? sizeof(double) : sizeof(float);
    const size_t na = (size_t)(m * n);
    const double a_bytes = (double)na * (double)p.es;
    p.copies = cold_copies(a_bytes, dev, 16);
    for (int i = 0; i < p.copies; ++i) {
        CUDA_OK(cudaMalloc(&p.A[i], na * p.es));
        fill_uniform(g.gen, p.A[i], na, dbl, o.seed + 31 * (uint64_t)index + (uint64_t)i, g.stream);
    }
    CUDA_OK(cudaMalloc(&p.x, (size_t)n * p.es));
    CUDA_OK(cudaMalloc(&p.w, (size_t)m * p.es));
    CUDA_OK(cudaMalloc(&p.y, (size_t)m * p.es));
    CUDA_OK(cudaMalloc(&p.z, (size_t)n * p.es));
    fill_uniform(g.gen, p.x, (size_t)n, dbl, o.seed + 31 * (uint64_t)index + 20, g.stream);
    fill_uniform(g.gen, p.w, (size_t)m, dbl, o.seed + 31 * (uint64_t)index + 21, g.stream);
    CUDA_OK(cudaMalloc((void **)&p.ref_y, (size_t)m * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.bound_y, (size_t)m * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.ref_z, (size_t)n * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.bound_z, (size_t)n * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.counters, 2 * sizeof(unsigned long long)));
    {
        double *Ad, *Aa, *xd, *xa, *wd, *wa;
        CUDA_OK(cudaMalloc((void **)&Ad, na * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Aa, na * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&xd, (size_t)n * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&xa, (size_t)n * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&wd, (size_t)m * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&wa, (size_t)m * sizeof(double)));
        CUDA_OK(bench_gemm_to_double(p.A[0], dbl, Ad, Aa, na, g.stream));
        CUDA_OK(bench_gemm_to_double(p.x, dbl, xd, xa, (size_t)n, g.stream));
        CUDA_OK(bench_gemm_to_double(p.w, dbl, wd, wa, (size_t)m, g.stream));
        const double one = 1.0, zero = 0.0;
        CUBLAS_OK(cublasDgemv_64(g.cublas, CUBLAS_OP_N, m, n, &one, Ad, m, xd, 1, &zero, p.ref_y, 1));
        CUBLAS_OK(cublasDgemv_64(g.cublas, CUBLAS_OP_N, m, n, &one, Aa, m, xa, 1, &zero, p.bound_y, 1));
        CUBLAS_OK(cublasDgemv_64(g.cublas, CUBLAS_OP_T, m, n, &one, Ad, m, wd, 1, &zero, p.ref_z, 1));
        CUBLAS_OK(cublasDgemv_64(g.cublas, CUBLAS_OP_T, m, n, &one, Aa, m, wa, 1, &zero, p.bound_z, 1));
        CUDA_OK(cudaStreamSynchronize(g.stream));
        CUDA_OK(cudaFree(Ad));
        CUDA_OK(cudaFree(Aa));
        CUDA_OK(cudaFree(xd));
        CUDA_OK(cudaFree(xa));
        CUDA_OK(cudaFree(wd));
        CUDA_OK(cudaFree(wa));
    }
    timing t[C_COUNT];
    const batching b = {2, 3, 1.0, 20.0, 1e-3, 200};
    const double spread = check_and_time(C_COUNT, o.rounds, &b, check, enqueue, &p, g.stream, t);
    const double bytes = a_bytes + 2.0 * (double)(m + n) * (double)p.es;
    for (int c = 0; c < C_COUNT; ++c) {
        fprintf(g.csv, "nt,%c,%lld,%lld,%s,", dbl ? 'd' : 's', (long long)m, (long long)n, names[c]);
        csv_measurement(g.csv, &t[c], bytes, dev, 0, 0.0, spread, -1);
    }
    if (t[C_NT].ok && t[C_CUBLAS2].ok && t[C_TWO].ok) {
        const double nt = t[C_NT].med;
        printf("  %s %7lld x %-7lld %9.2f us %6.1f%%   cuBLAS x2 %9.2f us (%.2fx)   matvec x2 %9.2f us (%.2fx)  "
               "A/A %.1f%%\n",
               dbl ? "d" : "s", (long long)m, (long long)n, nt, read_pct(bytes, nt, dev),
               t[C_CUBLAS2].med, t[C_CUBLAS2].med / nt, t[C_TWO].med, t[C_TWO].med / nt, 100.0 * spread);
        if (a_bytes >= 64.0 * 1048576.0) {
            const double pct = read_pct(bytes, nt, dev);
            low_pct_64[dbl] = pct < low_pct_64[dbl] ? pct : low_pct_64[dbl];
            ++count_64[dbl];
        }
        *sum_log_cb += log(t[C_CUBLAS2].med / nt);
        *sum_log_two += log(t[C_TWO].med / nt);
        *slower_two += nt > t[C_TWO].med * (1.0 + spread);
        ++*count;
    }
    for (int i = 0; i < p.copies; ++i)
        CUDA_OK(cudaFree(p.A[i]));
    CUDA_OK(cudaFree(p.x));
    CUDA_OK(cudaFree(p.w));
    CUDA_OK(cudaFree(p.y));
    CUDA_OK(cudaFree(p.z));
    CUDA_OK(cudaFree(p.ref_y));
    CUDA_OK(cudaFree(p.bound_y));
    CUDA_OK(cudaFree(p.ref_z));
    CUDA_OK(cudaFree(p.bound_z));
    CUDA_OK(cudaFree(p.counters));
}

static int add_shape(int64_t m, int64_t n)
{
    return shape_append(o.m, o.n, &o.nshapes, MAX_SHAPES, m, n);
}

int mvbench_nt(int argc, char **argv)
{
    memset(&o, 0, sizeof o);
    o.dtypes = 3;
    o.rounds = 7;
    o.out = "mvbench-out";
    o.seed = (uint64_t)time(NULL);
    const char *shapes = NULL;
    int grid = 0, random_count = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--shapes") && i + 1 < argc)
            shapes = argv[++i];
        else if (!strcmp(a, "--grid"))
            grid = 1;
        else if (!strcmp(a, "--random") && i + 1 < argc)
            random_count = atoi(argv[++i]);
        else if (!strcmp(a, "--dtype") && i + 1 < argc)
            o.dtypes = bench_dtypes(argv[++i]);
        else if (bench_common_option(argc, argv, &i, &o.rounds, &o.out, &o.seed))
            continue;
        else if (bench_help_or_die(a, usage, "nt: unknown option"))
            return 0;
    }
    if (o.rounds < 1)
        die("--rounds wants a positive count");
    if (grid)
        for (int64_t n = 128; n <= 16384; n *= 2)
            for (int64_t m = 2; m <= n; m *= 2)
                add_shape(m, n);
    if (random_count > 0) {
        uint64_t s = o.seed ^ 0x6e74u;
        for (int k = 0; k < random_count && o.nshapes < MAX_SHAPES;) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            const double u1 = (double)(s >> 11) * 0x1.0p-53;
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            const double u2 = (double)(s >> 11) * 0x1.0p-53;
            const int64_t m = (int64_t)exp(log(8.0) + u1 * (log(1048576.0) - log(8.0)));
            const int64_t n = (int64_t)exp(log(8.0) + u2 * (log(1048576.0) - log(8.0)));
            const double bytes = 8.0 * (double)m * (double)n; /* double's size: both types fit */
            if (bytes < 1048576.0 || bytes > 1073741824.0)
                continue;
            add_shape(m, n);
            ++k;
        }
    }
    if (shapes) {
        const char *p = shapes;
        while (*p) {
            char *end;
            const long long m = strtoll(p, &end, 10);
            if (*end != 'x')
                die("--shapes wants MxN pairs separated by commas, got \"%s\"", shapes);
            const long long n = strtoll(end + 1, &end, 10);
            if (!add_shape(m, n))
                die("--shapes: %lldx%lld is not a shape (or more than %d shapes)", m, n, MAX_SHAPES);
            p = *end == ',' ? end + 1 : end;
            if (*end && *end != ',')
                die("--shapes wants MxN pairs separated by commas, got \"%s\"", shapes);
        }
    }
    if (!o.nshapes) {
        add_shape(16384, 16384);
        add_shape(8192, 32768);
        add_shape(32768, 8192);
        add_shape(1000, 100000);
        add_shape(100000, 1000);
    }
    ceilings dev;
    if (!bench_begin("nt", o.out, "measurements-nt.csv",
                     "suite,dtype,m,n,variant,time_us,time_us_min,time_us_max,gbps,pct_read_bw,aa_spread_pct,check\n",
                     &dev, &g))
        return 0;
    print_run_line("nt", &dev, o.seed, o.nshapes, o.rounds);
    const double t0 = now_s();
    progress_reset();
    int done = 0;
    for (int dbl = 0; dbl < 2; ++dbl) {
        if (!(o.dtypes >> dbl & 1))
            continue;
        double sum_cb = 0.0, sum_two = 0.0;
        int slower = 0, count = 0;
        for (int i = 0; i < o.nshapes; ++i) {
            run_shape(dbl, o.m[i], o.n[i], i, &dev, &sum_cb, &sum_two, &slower, &count);
            progress(++done, o.nshapes * mask_count(o.dtypes), "shapes");
        }
        if (count)
            printf("%s: %d shapes; geomean speed-up over two cuBLAS calls %.3fx, over matvec's two calls %.3fx; "
                   "slower than matvec's two calls beyond the A/A spread: %d\n",
                   dbl ? "double" : "float", count, exp(sum_cb / count), exp(sum_two / count), slower);
        if (count_64[dbl])
            printf("%s: lowest %% of the read bandwidth over the %d shapes with A >= 64 MiB: %.1f%%\n",
                   dbl ? "double" : "float", count_64[dbl], low_pct_64[dbl]);
    }
    return bench_finish(&g, t0);
}
