/* mvbench gemm: square C = op(A) op(B) (m = n = k) for every GEMM contender:
 * a naive CPU loop (sizes <= 1024), every registered variant (the teaching
 * baselines only up to 4096), matvec's default, and cuBLAS in FP32 (or FP64)
 * on the CUDA cores, timed twice (cublas and cublas-aa) to show the run's
 * noise.
 *
 *   mvbench gemm [--sizes 256,512,1024,2048,4096,8192] [--dtype s|d]
 *                [--op NN|NT|TN|TT] [--rounds N] [--out DIR] [--quick]
 *                [--tile-sweep] [--variants a,b] [--seed N]
 *
 * Every GPU result is checked before it is timed, with C poisoned (NaN)
 * first: against a double host loop up to 1024, against cuBLAS DGEMM on the
 * same inputs in double above (with the bound |op(A)| |op(B)| from a second
 * DGEMM on absolute values); the tolerance per element is
 * 4 (sqrt(k) + 2) u |op(A)| |op(B)|, NaN never passes. A wrong result prints
 * FAILED and the exit status is 1. Timing: CUDA events around batches of
 * calls, contenders interleaved round by round (the order rotating), median
 * over rounds. --tile-sweep: the slides' TILE_DIM study (shared-tile-8/16/32)
 * beside the default and its tile configurations: simt-* for float, dmma-*
 * for double. */
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

#define MAX_SIZES 32
#define MAX_CONTENDERS 32
#define CPU_MAX 1024      /* the naive CPU row and the host reference */
#define SLOW_MAX 4096     /* the teaching baselines run up to this size */

typedef struct {
    int64_t sizes[MAX_SIZES];
    int nsizes;
    int dbl;
    int ta, tb;
    int rounds;
    const char *out;
    int quick;
    int tile_sweep;
    const char *only;
    uint64_t seed;
    double target_ms; /* time per timed batch */
} gemm_options;

static gemm_options o;

enum { K_CUBLAS, K_DEFAULT, K_VARIANT };

typedef struct {
    const char *name;
    int kind;
} contender;

static cudaStream_t stream;
static cublasHandle_t cublas;
static mv_handle mvh;
static curandGenerator_t gen;
static FILE *csv;
static int failures;

static void usage(void)
{
    printf("usage: mvbench gemm [options]\n"
           "  --sizes a,b,...   square sizes m = n = k (default 256,512,1024,2048,4096,8192)\n"
           "  --dtype s|d       float (default) or double\n"
           "  --op NN|NT|TN|TT  transposes of A and B (default NN)\n"
           "  --rounds N        interleaved timing rounds (default 7, --quick 3)\n"
           "  --out DIR         where measurements-gemm.csv goes (default mvbench-out)\n"
           "  --quick           sizes 512,2048,4096 and fewer rounds\n"
           "  --tile-sweep      the TILE_DIM study: shared-tile-8/16/32 and the default's tile configurations\n"
           "                    (simt-* for --dtype s, dmma-* for --dtype d)\n"
           "  --variants a,b    only these contenders (cuBLAS is always timed)\n"
           "  --seed N          random seed (default: from the clock)\n");
}

static int list_contenders(int64_t size, contender *c)
{
    int k = 0;
    c[k++] = (contender){"cublas", K_CUBLAS};
    c[k++] = (contender){"cublas-aa", K_CUBLAS};
    if (wanted(o.only, "default"))
        c[k++] = (contender){"default", K_DEFAULT};
    for (size_t i = 0; i < mv_gemm_variant_count() && k < MAX_CONTENDERS; ++i) {
        const mv_gemm_variant *v = mv_gemm_variant_at(i);
        if (!strcmp(v->name, "default") || !(v->dtypes & (o.dbl ? MV_GEMM_VARIANT_D : MV_GEMM_VARIANT_S)))
            continue;
        if (o.tile_sweep && v->tile_dim == 0 && strncmp(v->name, "simt-", 5) != 0 &&
            strncmp(v->name, "dmma-", 5) != 0)
            continue;
        if (v->slow && size > SLOW_MAX)
            continue;
        if (!wanted(o.only, v->name))
            continue;
        c[k++] = (contender){v->name, K_VARIANT};
    }
    return k;
}

/* ---------- one size's data ---------- */

typedef struct {
    int64_t s;
    size_t esize, count;
    void *A, *B, *C;
    double *ref, *bound;  /* on the device */
    unsigned long long *counters; /* bad count, first bad index */
} problem;

static double elem(const void *p, size_t i)
{
    return o.dbl ? ((const double *)p)[i] : (double)((const float *)p)[i];
}

/* C = op(A) op(B) (or |op(A)| |op(B)|) in double on the host, ld = s: the
 * plain triple loop, j-p-i order (column-major friendly, no blocking). */
static void host_gemm(int64_t s, const double *A, const double *B, double *C, int absolute)
{
    for (int64_t j = 0; j < s; ++j) {
        double *c = C + j * s;
        for (int64_t i = 0; i < s; ++i)
            c[i] = 0.0;
        for (int64_t p = 0; p < s; ++p) {
            double b = o.tb ? B[j + p * s] : B[p + j * s];
            b = absolute ? fabs(b) : b;
            if (o.ta) {
                for (int64_t i = 0; i < s; ++i)
                    c[i] += (absolute ? fabs(A[p + i * s]) : A[p + i * s]) * b;
            } else {
                const double *a = A + p * s;
                for (int64_t i = 0; i < s; ++i)
                    c[i] += (absolute ? fabs(a[i]) : a[i]) * b;
            }
        }
    }
}

/* The naive CPU row: the host loop once, timed; returns microseconds. */
static double cpu_row(int64_t s, const double *A, const double *B, double *C)
{
    const double t0 = now_s();
    host_gemm(s, A, B, C, 0);
    return (now_s() - t0) * 1e6;
}

static void problem_make(problem *pb, int64_t s, uint64_t seed, double *cpu_us)
{
    memset(pb, 0, sizeof *pb);
    pb->s = s;
    pb->esize = o.dbl ? sizeof(double) : sizeof(float);
    pb->count = (size_t)(s * s);
    CUDA_OK(cudaMalloc(&pb->A, pb->count * pb->esize));
    CUDA_OK(cudaMalloc(&pb->B, pb->count * pb->esize));
    CUDA_OK(cudaMalloc(&pb->C, pb->count * pb->esize));
    CUDA_OK(cudaMalloc((void **)&pb->ref, pb->count * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&pb->bound, pb->count * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&pb->counters, 2 * sizeof(unsigned long long)));
    fill_uniform(gen, pb->A, pb->count, o.dbl, seed, stream);
    fill_uniform(gen, pb->B, pb->count, o.dbl, seed + 1, stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    *cpu_us = 0.0;
    if (s <= CPU_MAX) {
        /* The reference on the host: the naive CPU row itself, then the
         * bound from absolute values. */
        void *raw = malloc(pb->count * pb->esize);
        double *A = malloc(pb->count * sizeof(double)), *B = malloc(pb->count * sizeof(double));
        double *C = malloc(pb->count * sizeof(double));
        if (!raw || !A || !B || !C)
            die("out of host memory for the reference");
        CUDA_OK(cudaMemcpy(raw, pb->A, pb->count * pb->esize, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < pb->count; ++i)
            A[i] = elem(raw, i);
        CUDA_OK(cudaMemcpy(raw, pb->B, pb->count * pb->esize, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < pb->count; ++i)
            B[i] = elem(raw, i);
        *cpu_us = cpu_row(s, A, B, C);
        CUDA_OK(cudaMemcpy(pb->ref, C, pb->count * sizeof(double), cudaMemcpyHostToDevice));
        host_gemm(s, A, B, C, 1);
        CUDA_OK(cudaMemcpy(pb->bound, C, pb->count * sizeof(double), cudaMemcpyHostToDevice));
        free(raw);
        free(A);
        free(B);
        free(C);
    } else {
        /* The reference on the device: cuBLAS DGEMM on the inputs in double,
         * and on their absolute values for the bound. */
        double *Ad, *Bd, *Aa, *Ba;
        CUDA_OK(cudaMalloc((void **)&Ad, pb->count * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Bd, pb->count * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Aa, pb->count * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Ba, pb->count * sizeof(double)));
        CUDA_OK(bench_gemm_to_double(pb->A, o.dbl, Ad, Aa, pb->count, stream));
        CUDA_OK(bench_gemm_to_double(pb->B, o.dbl, Bd, Ba, pb->count, stream));
        const double one = 1.0, zero = 0.0;
        const cublasOperation_t opa = o.ta ? CUBLAS_OP_T : CUBLAS_OP_N, opb = o.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
        CUBLAS_OK(cublasDgemm_64(cublas, opa, opb, s, s, s, &one, Ad, s, Bd, s, &zero, pb->ref, s));
        CUBLAS_OK(cublasDgemm_64(cublas, opa, opb, s, s, s, &one, Aa, s, Ba, s, &zero, pb->bound, s));
        CUDA_OK(cudaStreamSynchronize(stream));
        CUDA_OK(cudaFree(Ad));
        CUDA_OK(cudaFree(Bd));
        CUDA_OK(cudaFree(Aa));
        CUDA_OK(cudaFree(Ba));
    }
}

static void problem_free(problem *pb)
{
    CUDA_OK(cudaFree(pb->A));
    CUDA_OK(cudaFree(pb->B));
    CUDA_OK(cudaFree(pb->C));
    CUDA_OK(cudaFree(pb->ref));
    CUDA_OK(cudaFree(pb->bound));
    CUDA_OK(cudaFree(pb->counters));
}

/* Enqueues one C = 1 * op(A) op(B) + 0 * C. */
static void enqueue(const contender *c, problem *pb)
{
    const double one_d = 1.0, zero_d = 0.0;
    const float one_f = 1.0f, zero_f = 0.0f;
    const void *one = o.dbl ? (const void *)&one_d : (const void *)&one_f;
    const void *zero = o.dbl ? (const void *)&zero_d : (const void *)&zero_f;
    const int64_t s = pb->s;
    const mv_operation ta = o.ta ? MV_OP_T : MV_OP_N, tb = o.tb ? MV_OP_T : MV_OP_N;
    mv_status st = MV_SUCCESS;
    switch (c->kind) {
    case K_CUBLAS: {
        const cublasOperation_t opa = o.ta ? CUBLAS_OP_T : CUBLAS_OP_N, opb = o.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
        if (o.dbl)
            CUBLAS_OK(cublasDgemm_64(cublas, opa, opb, s, s, s, one, pb->A, s, pb->B, s, zero, pb->C, s));
        else
            CUBLAS_OK(cublasSgemm_64(cublas, opa, opb, s, s, s, one, pb->A, s, pb->B, s, zero, pb->C, s));
        return;
    }
    case K_DEFAULT:
        st = o.dbl ? mv_dgemm(mvh, ta, tb, s, s, s, one, pb->A, s, pb->B, s, zero, pb->C, s)
                   : mv_sgemm(mvh, ta, tb, s, s, s, one, pb->A, s, pb->B, s, zero, pb->C, s);
        break;
    default:
        st = mv_gemm_variant_run(mvh, c->name, o.dbl, ta, tb, s, s, s, one, pb->A, s, pb->B, s, zero, pb->C, s);
    }
    if (st != MV_SUCCESS)
        die("%s: %s", c->name, mv_last_error(mvh));
}

/* One call on C full of NaN (beta = 0 must not read it), then the check on
 * the device. */
static int check(const contender *c, problem *pb)
{
    CUDA_OK(cudaMemsetAsync(pb->C, 0xff, pb->count * pb->esize, stream)); /* all-ones bits: NaN */
    enqueue(c, pb);
    const unsigned long long init[2] = {0ull, ~0ull};
    CUDA_OK(cudaMemcpyAsync(pb->counters, init, sizeof init, cudaMemcpyHostToDevice, stream));
    CUDA_OK(bench_gemm_check(pb->C, o.dbl, pb->ref, pb->bound, pb->count, pb->s, o.dbl ? 0x1.0p-53 : 0x1.0p-24,
                             &pb->counters[0], &pb->counters[1], stream));
    unsigned long long res[2];
    CUDA_OK(cudaMemcpyAsync(res, pb->counters, sizeof res, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    if (res[0] == 0)
        return 1;
    double want = 0.0, bound = 0.0;
    union {
        float f;
        double d;
    } raw;
    CUDA_OK(cudaMemcpy(&raw, (const char *)pb->C + res[1] * pb->esize, pb->esize, cudaMemcpyDeviceToHost));
    const double got = o.dbl ? raw.d : (double)raw.f;
    CUDA_OK(cudaMemcpy(&want, pb->ref + res[1], sizeof want, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(&bound, pb->bound + res[1], sizeof bound, cudaMemcpyDeviceToHost));
    printf("FAILED: %s %s %c%c n=%lld: %llu wrong elements; first C(%lld, %lld) = %.9g, reference %.9g "
           "(|A||B| = %.3g)\n",
           c->name, o.dbl ? "double" : "float", o.ta ? 'T' : 'N', o.tb ? 'T' : 'N', (long long)pb->s, res[0],
           (long long)(res[1] % (unsigned long long)pb->s), (long long)(res[1] / (unsigned long long)pb->s), got,
           want, bound);
    ++failures;
    return 0;
}

typedef struct {
    const contender *cs;
    problem *pb;
} timed;

static void enqueue_timed(void *ctx, int c, int round, int calls)
{
    const timed *t = ctx;
    (void)round;
    for (int k = 0; k < calls; ++k)
        enqueue(&t->cs[c], t->pb);
}

/* Interleaved rounds (time_interleaved): one warm-up call, two timed for
 * the batch size, batches of about target_ms (at most 200 calls). */
static void time_all(const contender *cs, int nc, problem *pb, timing *t)
{
    const batching b = {1, 2, 1.0, o.target_ms, 1e-3, 200};
    timed ctx = {cs, pb};
    time_interleaved(nc, o.rounds, &b, enqueue_timed, &ctx, stream, t);
}

static double gflops(int64_t s, double us)
{
    return 2.0 * (double)s * (double)s * (double)s / (us * 1e3);
}

static void csv_row(const char *suite, int64_t s, const char *name, const timing *t, double cublas_us,
                    double aa_spread)
{
    fprintf(csv, "%s,%c,%c%c,%lld,%lld,%lld,%s,", suite, o.dbl ? 'd' : 's', o.ta ? 'T' : 'N', o.tb ? 'T' : 'N',
            (long long)s, (long long)s, (long long)s, name);
    if (t->ok)
        fprintf(csv, "%.3f,%.3f,%.3f,%.1f,", t->med, t->min, t->max, gflops(s, t->med));
    else
        fprintf(csv, ",,,,");
    if (t->ok && cublas_us > 0)
        fprintf(csv, "%.2f", 100.0 * cublas_us / t->med);
    fprintf(csv, ",%.2f,%s\n", 100.0 * aa_spread, t->ok ? "ok" : "FAILED");
}

static void run_size(int64_t s, int index, const char *suite)
{
    problem pb;
    double cpu_us;
    problem_make(&pb, s, o.seed + (uint64_t)(1000 * index), &cpu_us);
    contender cs[MAX_CONTENDERS];
    const int nc = list_contenders(s, cs);
    timing t[MAX_CONTENDERS];
    memset(t, 0, sizeof t);
    for (int c = 0; c < nc; ++c)
        t[c].ok = check(&cs[c], &pb);
    time_all(cs, nc, &pb, t);
    const double cub = t[0].ok ? t[0].med : 0.0;
    const double spread = t[0].ok && t[1].ok ? fabs(t[1].med / t[0].med - 1.0) : 0.0;
    printf("\n%s %c%c m = n = k = %lld (cuBLAS A/A spread %.1f%%)\n  %-22s %12s %10s %9s\n", o.dbl ? "double" : "float",
           o.ta ? 'T' : 'N', o.tb ? 'T' : 'N', (long long)s, 100.0 * spread, "contender", "ms", "GFLOP/s",
           "% cuBLAS");
    for (int c = 0; c < nc; ++c) {
        csv_row(suite, s, cs[c].name, &t[c], cub, spread);
        if (!t[c].ok) {
            printf("  %-22s %12s\n", cs[c].name, "FAILED");
            continue;
        }
        printf("  %-22s %12.3f %10.1f %8.1f%%\n", cs[c].name, t[c].med / 1e3, gflops(s, t[c].med),
               cub > 0 ? 100.0 * cub / t[c].med : 0.0);
    }
    if (s <= CPU_MAX) {
        const timing ct = {cpu_us, cpu_us, cpu_us, 1};
        csv_row(suite, s, "cpu-naive", &ct, cub, spread);
        printf("  %-22s %12.3f %10.1f %8.1f%%   (host, double, plain j-p-i loop, timed once)\n", "cpu-naive",
               cpu_us / 1e3, gflops(s, cpu_us), cub > 0 ? 100.0 * cub / cpu_us : 0.0);
    }
    problem_free(&pb);
}

/* Without a GPU: the CPU rows only. */
static void cpu_only(void)
{
    printf("No NVIDIA GPU here: the GPU rows (cuBLAS, matvec's default and variants) need one.\nCPU rows only:\n");
    for (int i = 0; i < o.nsizes; ++i) {
        const int64_t s = o.sizes[i];
        if (s > CPU_MAX)
            continue;
        double *A = malloc(sizeof(double) * (size_t)(s * s)), *B = malloc(sizeof(double) * (size_t)(s * s));
        double *C = malloc(sizeof(double) * (size_t)(s * s));
        if (!A || !B || !C)
            die("out of host memory");
        uint64_t x = o.seed | 1u;
        for (int64_t e = 0; e < s * s; ++e) {
            A[e] = host_uniform(&x);
            B[e] = host_uniform(&x);
        }
        const double us = cpu_row(s, A, B, C);
        const timing t = {us, us, us, 1};
        csv_row("gemm-cpu", s, "cpu-naive", &t, -1.0, 0.0);
        printf("  %-22s n=%-6lld %12.3f ms %10.1f GFLOP/s   (host, double, plain j-p-i loop)\n", "cpu-naive",
               (long long)s, us / 1e3, gflops(s, us));
        free(A);
        free(B);
        free(C);
    }
}

int mvbench_gemm(int argc, char **argv)
{
    memset(&o, 0, sizeof o);
    o.out = "mvbench-out";
    o.seed = (uint64_t)time(NULL);
    const char *sizes = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--quick"))
            o.quick = 1;
        else if (!strcmp(a, "--tile-sweep"))
            o.tile_sweep = 1;
        else if (!strcmp(a, "--sizes") && i + 1 < argc)
            sizes = argv[++i];
        else if (!strcmp(a, "--dtype") && i + 1 < argc)
            o.dbl = argv[++i][0] == 'd';
        else if (!strcmp(a, "--op") && i + 1 < argc) {
            const char *op = argv[++i];
            if (strlen(op) != 2 || !strchr("NT", op[0]) || !strchr("NT", op[1]))
                die("--op wants NN, NT, TN or TT");
            o.ta = op[0] == 'T';
            o.tb = op[1] == 'T';
        } else if (!strcmp(a, "--rounds") && i + 1 < argc)
            o.rounds = atoi(argv[++i]);
        else if (!strcmp(a, "--out") && i + 1 < argc)
            o.out = argv[++i];
        else if (!strcmp(a, "--variants") && i + 1 < argc)
            o.only = argv[++i];
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            o.seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else {
            usage();
            die("gemm: unknown option %s", a);
        }
    }
    /* Sizes past MAX_SIZES are left out. */
    if (!sizes)
        sizes = o.quick ? "512,2048,4096" : "256,512,1024,2048,4096,8192";
    const char *rest;
    o.nsizes = parse_sizes(sizes, o.sizes, MAX_SIZES, &rest);
    if (o.nsizes < 0)
        die("--sizes wants positive integers separated by commas, got \"%s\"", sizes);
    if (o.rounds < 1)
        o.rounds = o.quick ? 3 : 7;
    o.target_ms = o.quick ? 10.0 : 25.0;

    char path[4096];
    csv = open_csv(o.out, "measurements-gemm.csv",
                   "suite,dtype,op,m,n,k,variant,time_us,time_us_min,time_us_max,gflops,pct_cublas,aa_spread_pct,"
                   "check\n",
                   path, sizeof path);

    ceilings dev;
    memset(&dev, 0, sizeof dev);
    probe_device(&dev);
    printf("mvbench gemm: device %s, %s, op %c%c, seed %llu, %d rounds%s\n", dev.device, o.dbl ? "double" : "float",
           o.ta ? 'T' : 'N', o.tb ? 'T' : 'N', (unsigned long long)o.seed, o.rounds,
           o.tile_sweep ? ", TILE_DIM sweep" : "");
    if (!dev.have_gpu) {
        cpu_only();
        fclose(csv);
        printf("wrote %s\n", path);
        return 0;
    }
    const char *tf32 = getenv("NVIDIA_TF32_OVERRIDE");
    if (!o.dbl && tf32 && strcmp(tf32, "0") != 0)
        printf("WARNING: NVIDIA_TF32_OVERRIDE=%s may let cuBLAS use TF32: the cuBLAS row would not be FP32\n", tf32);
    gpu_open(&stream, &cublas, &mvh);
    /* FP32 on the CUDA cores, the accuracy class of the library's kernel:
     * the default math mode, never CUBLAS_TF32_TENSOR_OP_MATH. */
    CUBLAS_OK(cublasSetMathMode(cublas, CUBLAS_DEFAULT_MATH));
    rng_open(&gen, stream);

    const double t0 = now_s();
    progress_reset();
    for (int i = 0; i < o.nsizes; ++i) {
        run_size(o.sizes[i], i, o.tile_sweep ? "gemm-tile-sweep" : "gemm");
        progress(i + 1, o.nsizes, "sizes");
    }
    fclose(csv);
    printf("\nwrote %s (%.0f s)%s\n", path, now_s() - t0, failures ? "; FAILED results above" : "");
    gpu_close(gen, cublas, mvh, stream);
    return failures ? 1 : 0;
}
