/* mvbench gemm: C = op(A) op(B), square (m = n = k) for every GEMM
 * contender, or random shapes for matvec's default beside cuBLAS.
 *
 *   mvbench gemm [--sizes 256,512,1024,2048,4096,8192] [--dtype s|d]
 *                [--op NN|NT|TN|TT] [--rounds N] [--out DIR] [--quick]
 *                [--tile-sweep] [--variants a,b] [--seed N]
 *   mvbench gemm --random N [--dtype s|d|both] [--min D] [--max D]
 *                [--rounds N] [--out DIR] [--quick] [--seed N]
 *
 * Square: a naive CPU loop (sizes <= 1024), every registered variant (the
 * teaching baselines only up to 4096), matvec's default, and cuBLAS in FP32
 * (or FP64) on the CUDA cores, timed twice (cublas and cublas-aa) to show
 * the run's noise. --tile-sweep: the slides' TILE_DIM study
 * (shared-tile-8/16/32) beside the default and its tile configurations:
 * simt-* for float, dmma-* for double.
 *
 * --random N: N shapes per type, m, n and k each log-uniform in
 * [--min, --max] (default 1..16384), the transposes uniform over NN, NT,
 * TN, TT; each shape from a stream of its own (splitmix64 of --seed, the
 * type and the shape's index), so a seed replays its shapes and a smaller N
 * draws the first of them. Contenders: cuBLAS (timed twice: cublas and
 * cublas-aa, the shape's A/A spread), cuBLAS on a handle with an explicit
 * 32 MiB workspace as matvec's (cublas-ws), matvec's default (mv_sgemm or
 * mv_dgemm) and matvec's own kernels whatever the default's rule says
 * (own: the "default" variant). One line per shape with the path the
 * default takes there (mv_gemm_default_path: cublas, or its own kernel:
 * gemv, narrow, dmma-narrow, dmma, simt), its time against cuBLAS's, '*'
 * where it is slower than cuBLAS by more than the spread and '!' by more
 * than 3%, then cublas-ws's time and own's kernel and time against
 * cuBLAS's; a summary per type and per path, and the list of the slower
 * shapes.
 *
 * Every GPU result is checked before it is timed, with C poisoned (NaN)
 * first: against a double host loop (square: up to 1024; random: m n k up
 * to 2^24), against cuBLAS DGEMM on the same inputs in double above (with
 * the bound |op(A)| |op(B)| from a second DGEMM on absolute values); the
 * tolerance per element is 4 (sqrt(k) + 2) u |op(A)| |op(B)|, NaN never
 * passes. A wrong result prints FAILED and the exit status is 1. Timing:
 * CUDA events around batches of calls, contenders interleaved round by
 * round (the order rotating), median over rounds. CSV: the rows of both
 * modes (suites gemm, gemm-tile-sweep, gemm-random, gemm-cpu), the default's
 * path in the last column. */
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
#define RANDOM_HOST_MAX ((int64_t)1 << 24) /* random: the host reference up to this m n k */

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
    int random;       /* --random N: N shapes per type (0: the square sizes) */
    int dtypes;       /* random: bit 0 float, bit 1 double */
    int64_t min_dim, max_dim;
    int nlisted;      /* --shapes: the random mode's shapes given, not drawn */
} gemm_options;

static gemm_options o;

#define MAX_LISTED 256
static struct {
    int ta, tb;
    int64_t m, n, k;
} listed_shapes[MAX_LISTED];

/* --shapes "TT:30x3385x63,NN:1000x8x100,...": at most MAX_LISTED entries,
 * each the transposes of A and B, then m x n x k, every dimension in
 * [1, 2^20]. Returns the count, or -1 with the bad entry in *bad. */
static int parse_listed(const char *text, const char **bad)
{
    int count = 0;
    const char *p = text;
    while (*p) {
        char ops[3];
        long long m, n, k;
        int used = 0;
        *bad = p;
        if (count == MAX_LISTED || sscanf(p, "%2[NT]:%lldx%lldx%lld%n", ops, &m, &n, &k, &used) != 4 ||
            strlen(ops) != 2 || m < 1 || n < 1 || k < 1 || m > (1 << 20) || n > (1 << 20) || k > (1 << 20) ||
            (p[used] != ',' && p[used] != '\0'))
            return -1;
        listed_shapes[count].ta = ops[0] == 'T';
        listed_shapes[count].tb = ops[1] == 'T';
        listed_shapes[count].m = m;
        listed_shapes[count].n = n;
        listed_shapes[count].k = k;
        ++count;
        p += used + (p[used] == ',');
    }
    return count;
}

/* K_CUBLAS_WS: cuBLAS on a handle given an explicit 32 MiB workspace, as
 * matvec's own cuBLAS handle is (random mode): tells the workspace's part
 * in a difference between the default and cuBLAS from matvec's. */
enum { K_CUBLAS, K_CUBLAS_WS, K_DEFAULT, K_OWN, K_VARIANT };

typedef struct {
    const char *name;
    int kind;
} contender;

static bench_run g;
static cublasHandle_t cublas_ws;
static void *cublas_ws_mem;

/* One product: C (m x n) = op(A) op(B), op(A) m x k, op(B) k x n, every
 * matrix stored without padding (lda = rows of A as stored, and so on). */
typedef struct {
    int dbl, ta, tb;
    int64_t m, n, k;
} gemm_shape;

static int64_t lda_of(const gemm_shape *sh) { return sh->ta ? sh->k : sh->m; }
static int64_t ldb_of(const gemm_shape *sh) { return sh->tb ? sh->n : sh->k; }

static void usage(void)
{
    printf("usage: mvbench gemm [options]\n"
           "  --sizes a,b,...   square sizes m = n = k (default 256,512,1024,2048,4096,8192)\n"
           "  --dtype s|d       float (default) or double; with --random also both (the default there)\n"
           "  --op NN|NT|TN|TT  transposes of A and B (default NN)\n"
           "  --rounds N        interleaved timing rounds (default 7, --quick 3)\n"
           "  --out DIR         where measurements-gemm.csv goes (default mvbench-out)\n"
           "  --quick           sizes 512,2048,4096 and fewer rounds\n"
           "  --tile-sweep      the TILE_DIM study: shared-tile-8/16/32 and the default's tile configurations\n"
           "                    (simt-* for --dtype s, dmma-* for --dtype d)\n"
           "  --variants a,b    only these contenders (cuBLAS is always timed)\n"
           "  --seed N          random seed (default: from the clock)\n"
           "  --random N        N random shapes per type instead of the square sizes: matvec's default\n"
           "                    (and the path it takes) beside cuBLAS; m, n, k log-uniform, the transposes\n"
           "                    uniform over NN NT TN TT; the same --seed draws the same shapes\n"
           "  --min D, --max D  --random: the range of m, n and k (default 1 and 16384)\n"
           "  --shapes LIST     the random mode over these shapes instead of drawn ones, each OP:MxNxK,\n"
           "                    comma-separated (e.g. TT:30x3385x63,NN:1000x8x100), in each --dtype\n");
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
    gemm_shape sh;
    size_t esize, count_a, count_b, count_c;
    void *A, *B, *C;
    double *ref, *bound;  /* on the device */
    unsigned long long *counters; /* bad count, first bad index */
} problem;

static double elem(int dbl, const void *p, size_t i)
{
    return dbl ? ((const double *)p)[i] : (double)((const float *)p)[i];
}

/* C = op(A) op(B) (or |op(A)| |op(B)|) in double on the host, ldc = m: the
 * plain triple loop, j-p-i order (column-major friendly, no blocking). */
static void host_gemm(const gemm_shape *sh, const double *A, const double *B, double *C, int absolute)
{
    const int64_t m = sh->m, n = sh->n, k = sh->k, lda = lda_of(sh), ldb = ldb_of(sh);
    for (int64_t j = 0; j < n; ++j) {
        double *c = C + j * m;
        for (int64_t i = 0; i < m; ++i)
            c[i] = 0.0;
        for (int64_t p = 0; p < k; ++p) {
            double b = sh->tb ? B[j + p * ldb] : B[p + j * ldb];
            b = absolute ? fabs(b) : b;
            if (sh->ta) {
                for (int64_t i = 0; i < m; ++i)
                    c[i] += (absolute ? fabs(A[p + i * lda]) : A[p + i * lda]) * b;
            } else {
                const double *a = A + p * lda;
                for (int64_t i = 0; i < m; ++i)
                    c[i] += (absolute ? fabs(a[i]) : a[i]) * b;
            }
        }
    }
}

/* The naive CPU row: the host loop once, timed; returns microseconds. */
static double cpu_row(const gemm_shape *sh, const double *A, const double *B, double *C)
{
    const double t0 = now_s();
    host_gemm(sh, A, B, C, 0);
    return (now_s() - t0) * 1e6;
}

/* A device matrix of count elements in double on the host. */
static double *download_double(int dbl, const void *src, size_t count, void *raw)
{
    double *v = malloc(count * sizeof(double));
    if (!v)
        die("out of host memory for the reference");
    CUDA_OK(cudaMemcpy(raw, src, count * (dbl ? sizeof(double) : sizeof(float)), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i)
        v[i] = elem(dbl, raw, i);
    return v;
}

/* A and B random from seed (B from seed + 1), C allocated, and the
 * reference with its bound: on the host when host_ref (the time of its
 * first pass, the naive CPU row, in *cpu_us), else by cuBLAS DGEMM. */
static void problem_make(problem *pb, const gemm_shape *sh, uint64_t seed, int host_ref, double *cpu_us)
{
    memset(pb, 0, sizeof *pb);
    pb->sh = *sh;
    const int dbl = sh->dbl;
    pb->esize = dbl ? sizeof(double) : sizeof(float);
    pb->count_a = (size_t)(sh->m * sh->k);
    pb->count_b = (size_t)(sh->k * sh->n);
    pb->count_c = (size_t)(sh->m * sh->n);
    CUDA_OK(cudaMalloc(&pb->A, pb->count_a * pb->esize));
    CUDA_OK(cudaMalloc(&pb->B, pb->count_b * pb->esize));
    CUDA_OK(cudaMalloc(&pb->C, pb->count_c * pb->esize));
    CUDA_OK(cudaMalloc((void **)&pb->ref, pb->count_c * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&pb->bound, pb->count_c * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&pb->counters, 2 * sizeof(unsigned long long)));
    fill_uniform(g.gen, pb->A, pb->count_a, dbl, seed, g.stream);
    fill_uniform(g.gen, pb->B, pb->count_b, dbl, seed + 1, g.stream);
    CUDA_OK(cudaStreamSynchronize(g.stream));
    *cpu_us = 0.0;
    if (host_ref) {
        /* The reference on the host: the naive CPU row itself, then the
         * bound from absolute values. */
        void *raw = malloc((pb->count_a > pb->count_b ? pb->count_a : pb->count_b) * pb->esize);
        double *C = malloc(pb->count_c * sizeof(double));
        if (!raw || !C)
            die("out of host memory for the reference");
        double *A = download_double(dbl, pb->A, pb->count_a, raw), *B = download_double(dbl, pb->B, pb->count_b, raw);
        *cpu_us = cpu_row(sh, A, B, C);
        CUDA_OK(cudaMemcpy(pb->ref, C, pb->count_c * sizeof(double), cudaMemcpyHostToDevice));
        host_gemm(sh, A, B, C, 1);
        CUDA_OK(cudaMemcpy(pb->bound, C, pb->count_c * sizeof(double), cudaMemcpyHostToDevice));
        /* A copy from pageable memory may return before its DMA ends, and
         * the checks run on a non-blocking stream: wait for the device. */
        CUDA_OK(cudaDeviceSynchronize());
        free(raw);
        free(A);
        free(B);
        free(C);
    } else {
        /* The reference on the device: cuBLAS DGEMM on the inputs in double,
         * and on their absolute values for the bound. */
        double *Ad, *Bd, *Aa, *Ba;
        CUDA_OK(cudaMalloc((void **)&Ad, pb->count_a * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Bd, pb->count_b * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Aa, pb->count_a * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&Ba, pb->count_b * sizeof(double)));
        CUDA_OK(bench_gemm_to_double(pb->A, dbl, Ad, Aa, pb->count_a, g.stream));
        CUDA_OK(bench_gemm_to_double(pb->B, dbl, Bd, Ba, pb->count_b, g.stream));
        const double one = 1.0, zero = 0.0;
        const cublasOperation_t opa = sh->ta ? CUBLAS_OP_T : CUBLAS_OP_N, opb = sh->tb ? CUBLAS_OP_T : CUBLAS_OP_N;
        const int64_t m = sh->m, n = sh->n, k = sh->k, lda = lda_of(sh), ldb = ldb_of(sh);
        CUBLAS_OK(cublasDgemm_64(g.cublas, opa, opb, m, n, k, &one, Ad, lda, Bd, ldb, &zero, pb->ref, m));
        CUBLAS_OK(cublasDgemm_64(g.cublas, opa, opb, m, n, k, &one, Aa, lda, Ba, ldb, &zero, pb->bound, m));
        CUDA_OK(cudaStreamSynchronize(g.stream));
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
    const gemm_shape *sh = &pb->sh;
    const void *one = bench_one(sh->dbl), *zero = bench_zero(sh->dbl);
    const int64_t m = sh->m, n = sh->n, k = sh->k, lda = lda_of(sh), ldb = ldb_of(sh);
    const mv_operation ta = sh->ta ? MV_OP_T : MV_OP_N, tb = sh->tb ? MV_OP_T : MV_OP_N;
    mv_status st = MV_SUCCESS;
    switch (c->kind) {
    case K_CUBLAS:
    case K_CUBLAS_WS: {
        const cublasOperation_t opa = sh->ta ? CUBLAS_OP_T : CUBLAS_OP_N, opb = sh->tb ? CUBLAS_OP_T : CUBLAS_OP_N;
        cublasHandle_t handle = c->kind == K_CUBLAS_WS ? cublas_ws : g.cublas;
        if (sh->dbl)
            CUBLAS_OK(cublasDgemm_64(handle, opa, opb, m, n, k, one, pb->A, lda, pb->B, ldb, zero, pb->C, m));
        else
            CUBLAS_OK(cublasSgemm_64(handle, opa, opb, m, n, k, one, pb->A, lda, pb->B, ldb, zero, pb->C, m));
        return;
    }
    case K_OWN: /* matvec's own kernels, where the default would call cuBLAS too */
        st = mv_gemm_variant_run(g.mvh, "default", sh->dbl, ta, tb, m, n, k, one, pb->A, lda, pb->B, ldb, zero,
                                 pb->C, m);
        break;
    case K_DEFAULT:
        st = sh->dbl ? mv_dgemm(g.mvh, ta, tb, m, n, k, one, pb->A, lda, pb->B, ldb, zero, pb->C, m)
                     : mv_sgemm(g.mvh, ta, tb, m, n, k, one, pb->A, lda, pb->B, ldb, zero, pb->C, m);
        break;
    default:
        st = mv_gemm_variant_run(g.mvh, c->name, sh->dbl, ta, tb, m, n, k, one, pb->A, lda, pb->B, ldb, zero, pb->C,
                                 m);
    }
    if (st != MV_SUCCESS)
        die("%s: %s", c->name, mv_last_error(g.mvh));
}

/* The path of the calls enqueue makes, as named by which: matvec's default
 * (mv_gemm_default_path) or its own kernels, the default's choice were
 * cuBLAS not there (mv_gemm_own_path). */
typedef const char *(*path_fn)(mv_handle, int, mv_operation, mv_operation, int64_t, int64_t, int64_t, const void *,
                               const void *, int64_t, const void *, int64_t, const void *, void *, int64_t);

static const char *path_of(const problem *pb, path_fn which, const char *name)
{
    const gemm_shape *sh = &pb->sh;
    const char *path = which(g.mvh, sh->dbl, sh->ta ? MV_OP_T : MV_OP_N, sh->tb ? MV_OP_T : MV_OP_N, sh->m, sh->n,
                             sh->k, bench_one(sh->dbl), pb->A, lda_of(sh), pb->B, ldb_of(sh), bench_zero(sh->dbl),
                             pb->C, sh->m);
    if (!path)
        die("%s: %s", name, mv_last_error(g.mvh));
    return path;
}

static const char *default_path(const problem *pb)
{
    return path_of(pb, mv_gemm_default_path, "mv_gemm_default_path");
}

static const char *own_path(const problem *pb)
{
    return path_of(pb, mv_gemm_own_path, "mv_gemm_own_path");
}

/* One call on C full of NaN (beta = 0 must not read it), then the check on
 * the device. */
static int check(const contender *c, problem *pb)
{
    const gemm_shape *sh = &pb->sh;
    CUDA_OK(cudaMemsetAsync(pb->C, 0xff, pb->count_c * pb->esize, g.stream)); /* all-ones bits: NaN */
    enqueue(c, pb);
    unsigned long long first;
    const unsigned long long bad =
        check_result(pb->C, sh->dbl, pb->ref, pb->bound, pb->count_c, sh->k, pb->counters, &first, g.stream);
    if (bad == 0)
        return 1;
    double want = 0.0, bound = 0.0;
    union {
        float f;
        double d;
    } raw;
    CUDA_OK(cudaMemcpy(&raw, (const char *)pb->C + first * pb->esize, pb->esize, cudaMemcpyDeviceToHost));
    const double got = sh->dbl ? raw.d : (double)raw.f;
    CUDA_OK(cudaMemcpy(&want, pb->ref + first, sizeof want, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(&bound, pb->bound + first, sizeof bound, cudaMemcpyDeviceToHost));
    char dims[80];
    if (o.random)
        snprintf(dims, sizeof dims, "m=%lld n=%lld k=%lld", (long long)sh->m, (long long)sh->n, (long long)sh->k);
    else
        snprintf(dims, sizeof dims, "n=%lld", (long long)sh->m);
    printf("FAILED: %s %s %c%c %s: %llu wrong elements; first C(%lld, %lld) = %.9g, reference %.9g "
           "(|A||B| = %.3g)\n",
           c->name, sh->dbl ? "double" : "float", sh->ta ? 'T' : 'N', sh->tb ? 'T' : 'N', dims, bad,
           (long long)(first % (unsigned long long)sh->m), (long long)(first / (unsigned long long)sh->m), got,
           want, bound);
    ++g.failures;
    return 0;
}

typedef struct {
    const contender *cs;
    problem *pb;
} timed;

static void enqueue_one(void *ctx, int c)
{
    const timed *t = ctx;
    enqueue(&t->cs[c], t->pb);
}

static int check_one(void *ctx, int c)
{
    const timed *t = ctx;
    return check(&t->cs[c], t->pb);
}

/* Every contender checked, then those that passed timed in interleaved
 * rounds (check_and_time): one warm-up call, two timed for the batch size,
 * batches of about target_ms (at most 200 calls). Contenders 0 and 1 are
 * cublas and cublas-aa: returns their A/A spread. */
static double check_and_time_all(const contender *cs, int nc, problem *pb, timing *t)
{
    const batching b = {1, 2, 1.0, o.target_ms, 1e-3, 200};
    timed ctx = {cs, pb};
    return check_and_time(nc, o.rounds, &b, check_one, enqueue_one, &ctx, g.stream, t);
}

static double gflops(const gemm_shape *sh, double us)
{
    return 2.0 * (double)sh->m * (double)sh->n * (double)sh->k / (us * 1e3);
}

/* path: the default's path on its rows, "" on the others. */
static void csv_row(const char *suite, const gemm_shape *sh, const char *name, const timing *t, double cublas_us,
                    double aa_spread, const char *path)
{
    fprintf(g.csv, "%s,%c,%c%c,%lld,%lld,%lld,%s,", suite, sh->dbl ? 'd' : 's', sh->ta ? 'T' : 'N',
            sh->tb ? 'T' : 'N', (long long)sh->m, (long long)sh->n, (long long)sh->k, name);
    if (t->ok)
        fprintf(g.csv, "%.3f,%.3f,%.3f,%.1f,", t->med, t->min, t->max, gflops(sh, t->med));
    else
        fprintf(g.csv, ",,,,");
    if (t->ok && cublas_us > 0)
        fprintf(g.csv, "%.2f", 100.0 * cublas_us / t->med);
    fprintf(g.csv, ",%.2f,%s,%s\n", 100.0 * aa_spread, t->ok ? "ok" : "FAILED", path);
}

static void run_size(int64_t s, int index, const char *suite)
{
    problem pb;
    double cpu_us;
    const gemm_shape sh = {o.dbl, o.ta, o.tb, s, s, s};
    problem_make(&pb, &sh, o.seed + (uint64_t)(1000 * index), s <= CPU_MAX, &cpu_us);
    contender cs[MAX_CONTENDERS];
    const int nc = list_contenders(s, cs);
    timing t[MAX_CONTENDERS];
    const double spread = check_and_time_all(cs, nc, &pb, t);
    const double cub = t[0].ok ? t[0].med : 0.0;
    printf("\n%s %c%c m = n = k = %lld (cuBLAS A/A spread %.1f%%)\n  %-22s %12s %10s %9s\n", o.dbl ? "double" : "float",
           o.ta ? 'T' : 'N', o.tb ? 'T' : 'N', (long long)s, 100.0 * spread, "contender", "ms", "GFLOP/s",
           "% cuBLAS");
    for (int c = 0; c < nc; ++c) {
        csv_row(suite, &sh, cs[c].name, &t[c], cub, spread, cs[c].kind == K_DEFAULT ? default_path(&pb) : "");
        if (!t[c].ok) {
            printf("  %-22s %12s\n", cs[c].name, "FAILED");
            continue;
        }
        printf("  %-22s %12.3f %10.1f %8.1f%%\n", cs[c].name, t[c].med / 1e3, gflops(&sh, t[c].med),
               cub > 0 ? 100.0 * cub / t[c].med : 0.0);
    }
    if (s <= CPU_MAX) {
        const timing ct = {cpu_us, cpu_us, cpu_us, 1};
        csv_row(suite, &sh, "cpu-naive", &ct, cub, spread, "");
        printf("  %-22s %12.3f %10.1f %8.1f%%   (host, double, plain j-p-i loop, timed once)\n", "cpu-naive",
               cpu_us / 1e3, gflops(&sh, cpu_us), cub > 0 ? 100.0 * cub / cpu_us : 0.0);
    }
    problem_free(&pb);
}

/* Without a GPU: the CPU rows only. */
static void cpu_only(void)
{
    printf("No NVIDIA GPU here: the GPU rows (cuBLAS, matvec's default and variants) need one.\nCPU rows only:\n");
    for (int i = 0; i < o.nsizes; ++i) {
        const int64_t s = o.sizes[i];
        const gemm_shape sh = {o.dbl, o.ta, o.tb, s, s, s};
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
        const double us = cpu_row(&sh, A, B, C);
        const timing t = {us, us, us, 1};
        csv_row("gemm-cpu", &sh, "cpu-naive", &t, -1.0, 0.0, "");
        printf("  %-22s n=%-6lld %12.3f ms %10.1f GFLOP/s   (host, double, plain j-p-i loop)\n", "cpu-naive",
               (long long)s, us / 1e3, gflops(&sh, us));
        free(A);
        free(B);
        free(C);
    }
}

/* ---------- random shapes ---------- */

/* One random shape's result: the default (on its path) beside cuBLAS. */
typedef struct {
    gemm_shape sh;
    int index;
    const char *path;
    double us, cublas_us, spread; /* the default's and cuBLAS's medians; |cublas-aa / cublas - 1| */
    double ws_us;                 /* cuBLAS on a handle with matvec's explicit workspace */
    double own_us;                /* matvec's own kernels (the default without cuBLAS) */
    const char *own_path;         /* and which of them */
    int ok;                       /* both passed their checks (else not in the summary) */
} random_point;

static random_point *points;
static int npoints;

/* The index-th shape of a type, from a stream of its own (a state mixing
 * the seed, the type and the index): the same in a run of one type or of
 * both, and whatever N is. The data's seed comes last from the stream. */
static gemm_shape draw_shape(int dbl, int index, uint64_t *data_seed)
{
    uint64_t state = mix64(o.seed ^ 0x67656d6dull) ^ mix64(((uint64_t)index << 1 | (uint64_t)dbl) + 1);
    gemm_shape sh = {dbl, 0, 0, 0, 0, 0};
    sh.m = log_uniform(&state, o.min_dim, o.max_dim);
    sh.n = log_uniform(&state, o.min_dim, o.max_dim);
    sh.k = log_uniform(&state, o.min_dim, o.max_dim);
    const int64_t op = uniform_int(&state, 0, 3); /* NN, NT, TN, TT */
    sh.ta = (int)(op >> 1);
    sh.tb = (int)(op & 1);
    *data_seed = splitmix64(&state) >> 32;
    if (o.nlisted) { /* --shapes: the listed shape, the data still from the stream */
        sh.ta = listed_shapes[index].ta;
        sh.tb = listed_shapes[index].tb;
        sh.m = listed_shapes[index].m;
        sh.n = listed_shapes[index].n;
        sh.k = listed_shapes[index].k;
    }
    return sh;
}

static double ratio_cublas(const random_point *p)
{
    return p->us / p->cublas_us;
}

/* Slower than cuBLAS by more than the shape's own A/A spread. */
static int beyond_noise(const random_point *p)
{
    return p->us > p->cublas_us * (1.0 + p->spread) * (1.0 + 1e-9);
}

static int over_3pct(const random_point *p)
{
    return p->us > 1.03 * p->cublas_us;
}

static void print_point_header(void)
{
    printf("  %-6s %11s %-2s %8s %8s %8s  %-11s %11s %11s %9s %6s %9s %-11s %9s\n", "type", "shape", "op", "m", "n",
           "k", "path", "default us", "cuBLAS us", "t/cuBLAS", "A/A %", "ws/cuBLAS", "own path", "own/cuBLAS");
}

static void print_point(const random_point *p)
{
    const gemm_shape *sh = &p->sh;
    printf("  %-6s %5d/%-5d %c%c %8lld %8lld %8lld  %-11s ", sh->dbl ? "double" : "float", p->index + 1, o.random,
           sh->ta ? 'T' : 'N', sh->tb ? 'T' : 'N', (long long)sh->m, (long long)sh->n, (long long)sh->k, p->path);
    if (!p->ok) {
        printf("%11s\n", "FAILED");
        return;
    }
    printf("%11.2f %11.2f %9.3f %6.1f %9.3f %-11s %9.3f%s%s\n", p->us, p->cublas_us, ratio_cublas(p),
           100.0 * p->spread, p->ws_us > 0 ? p->ws_us / p->cublas_us : 0.0, p->own_path,
           p->own_us > 0 ? p->own_us / p->cublas_us : 0.0, beyond_noise(p) ? " *" : "", over_3pct(p) ? " !" : "");
}

/* Checks and times one shape: cuBLAS twice, cuBLAS with the explicit
 * workspace, the default, and matvec's own kernels (the default's choice
 * without cuBLAS: what a rule between the two weighs). */
static void run_random_shape(int dbl, int index)
{
    uint64_t data_seed;
    const gemm_shape sh = draw_shape(dbl, index, &data_seed);
    problem pb;
    double cpu_us;
    const int host_ref = sh.m * sh.n * sh.k <= RANDOM_HOST_MAX;
    problem_make(&pb, &sh, data_seed, host_ref, &cpu_us);
    enum { NC = 5, DEF = 3, OWN = 4 };
    const contender cs[NC] = {{"cublas", K_CUBLAS},
                              {"cublas-aa", K_CUBLAS},
                              {"cublas-ws", K_CUBLAS_WS},
                              {"default", K_DEFAULT},
                              {"own", K_OWN}};
    timing t[NC];
    const double spread = check_and_time_all(cs, NC, &pb, t);
    random_point *p = &points[npoints++];
    p->sh = sh;
    p->index = index;
    p->path = default_path(&pb);
    p->ok = t[0].ok && t[DEF].ok;
    p->cublas_us = t[0].ok ? t[0].med : 0.0;
    p->us = t[DEF].ok ? t[DEF].med : 0.0;
    p->ws_us = t[2].ok ? t[2].med : 0.0;
    p->own_us = t[OWN].ok ? t[OWN].med : 0.0;
    p->own_path = own_path(&pb);
    p->spread = spread;
    for (int c = 0; c < NC; ++c)
        csv_row("gemm-random", &sh, cs[c].name, &t[c], p->cublas_us, p->spread,
                c == DEF ? p->path : c == OWN ? p->own_path : "");
    print_point(p);
    fflush(stdout);
    problem_free(&pb);
}

/* The figures of the points of one type (and one path, unless NULL). */
static void print_group(int dbl, const char *path, const char *label)
{
    int count = 0, slower = 0, over = 0;
    double sum_log = 0.0;
    const random_point *worst = NULL;
    for (int i = 0; i < npoints; ++i) {
        const random_point *p = &points[i];
        if (!p->ok || p->sh.dbl != dbl || (path && strcmp(p->path, path) != 0))
            continue;
        ++count;
        sum_log += log(ratio_cublas(p));
        slower += beyond_noise(p);
        over += over_3pct(p);
        if (!worst || ratio_cublas(p) > ratio_cublas(worst))
            worst = p;
    }
    if (!count)
        return;
    printf("  %-6s %-11s %6d %11.3f %8d %11d   %.3f at %c%c %lld x %lld x %lld\n", dbl ? "double" : "float", label,
           count, exp(sum_log / count), slower, over, ratio_cublas(worst), worst->sh.ta ? 'T' : 'N',
           worst->sh.tb ? 'T' : 'N', (long long)worst->sh.m, (long long)worst->sh.n, (long long)worst->sh.k);
}

/* Per type, then per type and path: shapes, geomean time/cuBLAS, how many
 * are slower than cuBLAS (beyond the spread, by more than 3%), the worst;
 * then every slower shape. */
static void print_random_summary(void)
{
    static const char *const paths[] = {"cublas", "gemv", "narrow", "dmma-narrow", "dmma", "simt", "scale", "quick"};
    const char *header = "  %-6s %-11s %6s %11s %8s %11s   %s\n";
    printf("\nrandom summary: matvec's default beside cuBLAS (* slower by more than the shape's cuBLAS A/A spread,\n"
           "! by more than 3%%; shapes whose check failed are left out)\n");
    printf(header, "type", "path", "shapes", "geo/cuBLAS", "slower*", ">3% slower", "worst t/cuBLAS");
    for (int dbl = 0; dbl < 2; ++dbl)
        print_group(dbl, NULL, "all");
    printf("per path:\n");
    for (int dbl = 0; dbl < 2; ++dbl)
        for (size_t q = 0; q < sizeof paths / sizeof paths[0]; ++q)
            print_group(dbl, paths[q], paths[q]);
    int listed = 0;
    for (int i = 0; i < npoints; ++i)
        listed += points[i].ok && (beyond_noise(&points[i]) || over_3pct(&points[i]));
    printf("slower than cuBLAS (* or !): %d shape%s\n", listed, listed == 1 ? "" : "s");
    if (listed)
        print_point_header();
    for (int i = 0; i < npoints; ++i)
        if (points[i].ok && (beyond_noise(&points[i]) || over_3pct(&points[i])))
            print_point(&points[i]);
}

static void run_random(void)
{
    const int ntypes = (o.dtypes & 1) + (o.dtypes >> 1 & 1);
    points = calloc((size_t)o.random * (size_t)ntypes, sizeof *points);
    if (!points)
        die("out of host memory");
    npoints = 0;
    print_point_header();
    progress_reset();
    for (int dbl = 0; dbl < 2; ++dbl) {
        if (!(o.dtypes >> dbl & 1))
            continue;
        for (int i = 0; i < o.random; ++i) {
            run_random_shape(dbl, i);
            progress(npoints, o.random * ntypes, "shapes");
        }
    }
    print_random_summary();
    free(points);
    points = NULL;
}

int mvbench_gemm(int argc, char **argv)
{
    memset(&o, 0, sizeof o);
    o.out = "mvbench-out";
    o.seed = (uint64_t)time(NULL);
    o.min_dim = 1;
    o.max_dim = 16384;
    const char *sizes = NULL, *dtype = NULL;
    const char *square_only = NULL, *random_only = NULL; /* an option of one mode, for the check below */
    const char *drawn = NULL, *drawn_only = NULL;         /* --random, and --min/--max (not with --shapes) */
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--quick"))
            o.quick = 1;
        else if (!strcmp(a, "--tile-sweep")) {
            o.tile_sweep = 1;
            square_only = a;
        } else if (!strcmp(a, "--sizes") && i + 1 < argc) {
            sizes = argv[++i];
            square_only = a;
        } else if (!strcmp(a, "--dtype") && i + 1 < argc)
            dtype = argv[++i];
        else if (!strcmp(a, "--op") && i + 1 < argc) {
            const char *op = argv[++i];
            if (strlen(op) != 2 || !strchr("NT", op[0]) || !strchr("NT", op[1]))
                die("--op wants NN, NT, TN or TT");
            o.ta = op[0] == 'T';
            o.tb = op[1] == 'T';
            square_only = a;
        } else if (!strcmp(a, "--random") && i + 1 < argc) {
            o.random = atoi(argv[++i]);
            if (o.random < 1)
                die("--random wants a positive number of shapes, got \"%s\"", argv[i]);
            drawn = a;
        } else if (!strcmp(a, "--min") && i + 1 < argc) {
            o.min_dim = strtoll(argv[++i], NULL, 10);
            random_only = drawn_only = a;
        } else if (!strcmp(a, "--max") && i + 1 < argc) {
            o.max_dim = strtoll(argv[++i], NULL, 10);
            random_only = drawn_only = a;
        } else if (!strcmp(a, "--rounds") && i + 1 < argc)
            o.rounds = atoi(argv[++i]);
        else if (!strcmp(a, "--out") && i + 1 < argc)
            o.out = argv[++i];
        else if (!strcmp(a, "--variants") && i + 1 < argc) {
            o.only = argv[++i];
            square_only = a;
        } else if (!strcmp(a, "--shapes") && i + 1 < argc) {
            const char *bad = NULL;
            o.nlisted = parse_listed(argv[++i], &bad);
            if (o.nlisted < 1)
                die("--shapes wants up to %d entries OP:MxNxK (OP in NN NT TN TT, 1 <= M, N, K <= 1048576), "
                    "comma-separated; at \"%s\"",
                    MAX_LISTED, bad ? bad : argv[i]);
            o.random = o.nlisted;
        } else if (!strcmp(a, "--seed") && i + 1 < argc)
            o.seed = strtoull(argv[++i], NULL, 0);
        else if (bench_help_or_die(a, usage, "gemm: unknown option"))
            return 0;
    }
    if (o.nlisted && (drawn || drawn_only))
        die("%s draws shapes; --shapes lists them: one or the other", drawn ? drawn : drawn_only);
    if (o.random && square_only)
        die("%s is for the square sizes; --random draws its shapes and transposes", square_only);
    if (!o.random && random_only)
        die("%s goes with --random", random_only);
    if (o.random) {
        o.dtypes = dtype ? bench_dtypes(dtype) : 3;
        /* 2^20 keeps m n k within int64_t. */
        if (o.min_dim < 1 || o.max_dim < o.min_dim || o.max_dim > ((int64_t)1 << 20))
            die("--min and --max want 1 <= min <= max <= 1048576, got %lld and %lld", (long long)o.min_dim,
                (long long)o.max_dim);
    } else if (dtype) {
        if (!strcmp(dtype, "both"))
            die("--dtype both is for --random");
        o.dbl = dtype[0] == 'd';
    }
    if (o.rounds < 1)
        o.rounds = o.quick ? 3 : 7;
    o.target_ms = o.random ? 5.0 : o.quick ? 10.0 : 25.0;
    if (!o.random) {
        /* Sizes past MAX_SIZES are left out. */
        if (!sizes)
            sizes = o.quick ? "512,2048,4096" : "256,512,1024,2048,4096,8192";
        const char *rest;
        o.nsizes = parse_sizes(sizes, o.sizes, MAX_SIZES, &rest);
        if (o.nsizes < 0)
            die("--sizes wants positive integers separated by commas, got \"%s\"", sizes);
    }

    g.csv = open_csv(o.out, "measurements-gemm.csv",
                   "suite,dtype,op,m,n,k,variant,time_us,time_us_min,time_us_max,gflops,pct_cublas,aa_spread_pct,"
                   "check,path\n",
                   g.path, sizeof g.path);

    ceilings dev;
    memset(&dev, 0, sizeof dev);
    probe_device(&dev);
    if (o.random) {
        const char *types = o.dtypes == 3 ? "float and double" : o.dtypes == 2 ? "double" : "float";
        if (o.nlisted)
            printf("mvbench gemm --shapes (%d): device %s, %s, data seed %llu, %d rounds\n", o.nlisted, dev.device,
                   types, (unsigned long long)o.seed, o.rounds);
        else
            printf("mvbench gemm --random %d: device %s, %s, m, n, k in [%lld, %lld], seed %llu, %d rounds\n",
                   o.random, dev.device, types, (long long)o.min_dim, (long long)o.max_dim,
                   (unsigned long long)o.seed, o.rounds);
        if (!dev.have_gpu) {
            printf("No NVIDIA GPU here: every row of --random (cuBLAS and matvec's default) needs one.\n");
            fclose(g.csv);
            return 0;
        }
    } else {
        printf("mvbench gemm: device %s, %s, op %c%c, seed %llu, %d rounds%s\n", dev.device,
               o.dbl ? "double" : "float", o.ta ? 'T' : 'N', o.tb ? 'T' : 'N', (unsigned long long)o.seed, o.rounds,
               o.tile_sweep ? ", TILE_DIM sweep" : "");
        if (!dev.have_gpu) {
            cpu_only();
            fclose(g.csv);
            printf("wrote %s\n", g.path);
            return 0;
        }
    }
    const char *tf32 = getenv("NVIDIA_TF32_OVERRIDE");
    const int any_float = o.random ? (o.dtypes & 1) : !o.dbl;
    if (any_float && tf32 && strcmp(tf32, "0") != 0)
        printf("WARNING: NVIDIA_TF32_OVERRIDE=%s may let cuBLAS use TF32: the cuBLAS row would not be FP32\n", tf32);
    gpu_open(&g.stream, &g.cublas, &g.mvh);
    /* FP32 on the CUDA cores, the accuracy class of the library's kernel:
     * the default math mode, never CUBLAS_TF32_TENSOR_OP_MATH. */
    CUBLAS_OK(cublasSetMathMode(g.cublas, CUBLAS_DEFAULT_MATH));
    if (o.random) {
        CUBLAS_OK(cublasCreate(&cublas_ws));
        CUBLAS_OK(cublasSetStream(cublas_ws, g.stream));
        CUDA_OK(cudaMalloc(&cublas_ws_mem, (size_t)32 << 20));
        CUBLAS_OK(cublasSetWorkspace(cublas_ws, cublas_ws_mem, (size_t)32 << 20));
        CUBLAS_OK(cublasSetMathMode(cublas_ws, CUBLAS_DEFAULT_MATH));
    }
    rng_open(&g.gen, g.stream);

    const double t0 = now_s();
    if (o.random) {
        run_random();
    } else {
        progress_reset();
        for (int i = 0; i < o.nsizes; ++i) {
            run_size(o.sizes[i], i, o.tile_sweep ? "gemm-tile-sweep" : "gemm");
            progress(i + 1, o.nsizes, "sizes");
        }
    }
    if (o.random) {
        CUBLAS_OK(cublasDestroy(cublas_ws));
        CUDA_OK(cudaFree(cublas_ws_mem));
    }
    return bench_finish(&g, t0);
}
