/* mvbench transpose: the table of Xiaoxu Na, "Matrix Transpose and
 * Multiplication in CUDA", for square matrices, on this device.
 *
 *   mvbench transpose [--sizes 512,1024,...] [--dtype s|d] [--rounds N]
 *                     [--out DIR] [--seed N] [--quick]
 *
 * Rows per size: a plain CPU loop (sizes up to 4096), a device-to-device
 * cudaMemcpyAsync of the same bytes (the ceiling a transpose can reach),
 * every registered variant, matvec's default through the public API, the
 * default in place (and every other variant's in-place form), and
 * cublasSgeam/cublasDgeam with transa = T, twice (cublas-geam-aa: the run's
 * own noise). Columns: time per call (median over interleaved rounds of
 * CUDA-event-timed batches), GB/s counting the bytes read plus the bytes
 * written (2 x the matrix), % of the device-to-device copy bandwidth
 * measured at start-up, and the ratio to cuBLAS. Every GPU contender is
 * checked bit for bit against a host transpose before it is timed; a wrong
 * one prints FAILED and the exit status is 1. Writes
 * DIR/measurements-transpose.csv.
 */
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
#include "bench_ops.h"
#include "matvec.h"
#include "transpose/transpose_variants.h"

#define MAX_SIZES 32
#define MAX_CONTENDERS 32
#define CPU_MAX_SIZE 4096

typedef struct {
    int64_t sizes[MAX_SIZES];
    int nsizes;
    int dbl;
    int rounds;
    int quick;
    double target_us; /* time per timed batch */
    const char *out;
    uint64_t seed;
} options;

static options opt;
static ceilings ceil_;
static bench_run g;

/* ---------- contenders ---------- */

enum { K_MEMCPY, K_VARIANT, K_DEFAULT, K_INPLACE, K_INPLACE_VARIANT, K_GEAM };

typedef struct {
    char name[64];
    int kind;
    const char *variant; /* K_VARIANT, K_INPLACE_VARIANT */
} contender;

static int list_contenders(contender *c)
{
    int k = 0;
    c[k++] = (contender){"memcpy", K_MEMCPY, NULL};
    for (size_t i = 0; i < mv_transpose_variant_count(); ++i) {
        const mv_transpose_variant *v = mv_transpose_variant_at(i);
        if (strcmp(v->name, "default") != 0) {
            c[k] = (contender){"", K_VARIANT, v->name};
            snprintf(c[k++].name, sizeof c[0].name, "%s", v->name);
        }
    }
    c[k++] = (contender){"default", K_DEFAULT, NULL};
    c[k++] = (contender){"default-inplace", K_INPLACE, NULL};
    for (size_t i = 0; i < mv_transpose_variant_count() && k < MAX_CONTENDERS - 2; ++i) {
        const mv_transpose_variant *v = mv_transpose_variant_at(i);
        if (v->launch_inplace && strcmp(v->name, "default") != 0) {
            c[k] = (contender){"", K_INPLACE_VARIANT, v->name};
            snprintf(c[k++].name, sizeof c[0].name, "%s-inplace", v->name);
        }
    }
    c[k++] = (contender){"cublas-geam", K_GEAM, NULL};
    c[k++] = (contender){"cublas-geam-aa", K_GEAM, NULL};
    return k;
}

/* ---------- one size's data ---------- */

typedef struct {
    int64_t n;
    size_t esize, bytes;
    void *A;     /* random input */
    void *B;     /* out-of-place output */
    void *W;     /* in-place work matrix */
    void *host;  /* downloaded results */
    void *ref;   /* host transpose of A */
    void *hostA;
} size_data;

/* B = A^T of an n x n matrix on the host, in 64 x 64 blocks. */
static void host_transpose(const void *A, void *B, int64_t n, size_t esize)
{
    const char *a = A;
    char *b = B;
    for (int64_t j0 = 0; j0 < n; j0 += 64)
        for (int64_t i0 = 0; i0 < n; i0 += 64)
            for (int64_t j = j0; j < n && j < j0 + 64; ++j)
                for (int64_t i = i0; i < n && i < i0 + 64; ++i)
                    memcpy(b + (size_t)(j + i * n) * esize, a + (size_t)(i + j * n) * esize, esize);
}

static int size_alloc(size_data *d, int64_t n, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->esize = opt.dbl ? sizeof(double) : sizeof(float);
    d->bytes = (size_t)(n * n) * d->esize;
    size_t free_b = 0, total_b = 0;
    CUDA_OK(cudaMemGetInfo(&free_b, &total_b));
    if (free_b < 3 * d->bytes + ((size_t)1 << 30))
        return 0;
    d->hostA = malloc(d->bytes);
    d->ref = malloc(d->bytes);
    d->host = malloc(d->bytes);
    if (!d->hostA || !d->ref || !d->host) {
        free(d->hostA);
        free(d->ref);
        free(d->host);
        return 0;
    }
    CUDA_OK(cudaMalloc(&d->A, d->bytes));
    CUDA_OK(cudaMalloc(&d->B, d->bytes));
    CUDA_OK(cudaMalloc(&d->W, d->bytes));
    fill_uniform(g.gen, d->A, (size_t)(n * n), opt.dbl, seed, g.stream);
    CUDA_OK(cudaMemcpyAsync(d->hostA, d->A, d->bytes, cudaMemcpyDeviceToHost, g.stream));
    CUDA_OK(cudaStreamSynchronize(g.stream));
    host_transpose(d->hostA, d->ref, n, d->esize);
    return 1;
}

static void size_free(size_data *d)
{
    CUDA_OK(cudaFree(d->A));
    CUDA_OK(cudaFree(d->B));
    CUDA_OK(cudaFree(d->W));
    free(d->hostA);
    free(d->ref);
    free(d->host);
}

/* Enqueues one call of c on the stream. */
static void enqueue(const contender *c, size_data *d)
{
    const int64_t n = d->n;
    const double one_d = 1.0, zero_d = 0.0;
    const float one_f = 1.0f, zero_f = 0.0f;
    mv_status st = MV_SUCCESS;
    switch (c->kind) {
    case K_MEMCPY:
        CUDA_OK(cudaMemcpyAsync(d->B, d->A, d->bytes, cudaMemcpyDeviceToDevice, g.stream));
        return;
    case K_GEAM:
        /* C = 1*A^T + 0*A: cuBLAS's transpose (alpha = 1, beta = 0). geam
         * wants a valid B even with beta = 0; A (finite, never NaN) keeps
         * the check exact even if B were read. */
        if (opt.dbl)
            CUBLAS_OK(cublasDgeam_64(g.cublas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one_d, d->A, n, &zero_d, d->A, n,
                                     d->B, n));
        else
            CUBLAS_OK(cublasSgeam_64(g.cublas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one_f, d->A, n, &zero_f, d->A, n,
                                     d->B, n));
        return;
    case K_VARIANT:
        st = mv_transpose_variant_run(g.mvh, c->variant, opt.dbl, n, n, d->A, n, d->B, n);
        break;
    case K_DEFAULT:
        st = opt.dbl ? mv_dtranspose(g.mvh, n, n, d->A, n, d->B, n) : mv_stranspose(g.mvh, n, n, d->A, n, d->B, n);
        break;
    case K_INPLACE:
        st = opt.dbl ? mv_dtranspose_inplace(g.mvh, n, d->W, n) : mv_stranspose_inplace(g.mvh, n, d->W, n);
        break;
    default:
        st = mv_transpose_inplace_variant_run(g.mvh, c->variant, opt.dbl, n, d->W, n);
    }
    if (st != MV_SUCCESS)
        die("%s: %s", c->name, mv_last_error(g.mvh));
}

static int in_place(const contender *c)
{
    return c->kind == K_INPLACE || c->kind == K_INPLACE_VARIANT;
}

/* One call on a poisoned output (NaN in B; W a fresh copy of A), compared
 * bit for bit with the host transpose (memcpy: with A). */
static int check_contender(const contender *c, size_data *d)
{
    CUDA_OK(cudaMemsetAsync(d->B, 0xff, d->bytes, g.stream));
    CUDA_OK(cudaMemcpyAsync(d->W, d->A, d->bytes, cudaMemcpyDeviceToDevice, g.stream));
    enqueue(c, d);
    CUDA_OK(cudaMemcpyAsync(d->host, in_place(c) ? d->W : d->B, d->bytes, cudaMemcpyDeviceToHost, g.stream));
    CUDA_OK(cudaStreamSynchronize(g.stream));
    const char *want = c->kind == K_MEMCPY ? d->hostA : d->ref;
    if (memcmp(d->host, want, d->bytes) == 0)
        return 1;
    size_t k = 0;
    while (memcmp((const char *)d->host + k * d->esize, want + k * d->esize, d->esize) == 0)
        ++k;
    const double got = opt.dbl ? ((const double *)d->host)[k] : (double)((const float *)d->host)[k];
    const double ref = opt.dbl ? ((const double *)(const void *)want)[k] : (double)((const float *)(const void *)want)[k];
    printf("FAILED: %s %s n=%lld: element (%lld, %lld) = %.9g, want %.9g\n", c->name, opt.dbl ? "double" : "float",
           (long long)d->n, (long long)(k % (size_t)d->n), (long long)(k / (size_t)d->n), got, ref);
    ++g.failures;
    return 0;
}

/* ---------- timing ---------- */

typedef struct {
    const contender *cs;
    size_data *d;
} timed;

static void enqueue_timed(void *ctx, int c, int round, int calls)
{
    const timed *t = ctx;
    (void)round;
    for (int k = 0; k < calls; ++k)
        enqueue(&t->cs[c], t->d);
}

/* Every contender interleaved (time_interleaved): three warm-up calls,
 * three timed for the batch size, batches of about target_us (at most 256
 * calls). */
static void time_all(const contender *cs, int nc, size_data *d, timing *out)
{
    const batching b = {3, 3, 1000.0, opt.target_us, 0.5, 256};
    timed ctx = {cs, d};
    time_interleaved(nc, opt.rounds, &b, enqueue_timed, &ctx, g.stream, out);
}

/* ---------- the CPU row ---------- */

/* The plain loop, reading A down its columns and writing B across: median
 * of three samples, each repeating the loop for at least 20 ms. */
static double time_cpu(int64_t n)
{
    const size_t es = opt.dbl ? sizeof(double) : sizeof(float);
    void *A = malloc((size_t)(n * n) * es), *B = malloc((size_t)(n * n) * es);
    if (!A || !B)
        die("out of host memory for the CPU row");
    uint64_t s = 0x243F6A8885A308D3ull ^ opt.seed;
    for (int64_t k = 0; k < n * n; ++k) {
        const double v = host_uniform(&s);
        if (opt.dbl)
            ((double *)A)[k] = v;
        else
            ((float *)A)[k] = (float)v;
    }
    double v[3];
    for (int r = 0; r < 3; ++r) {
        const double t0 = now_s();
        int reps = 0;
        do {
            if (opt.dbl) {
                const double *a = A;
                double *b = B;
                for (int64_t j = 0; j < n; ++j)
                    for (int64_t i = 0; i < n; ++i)
                        b[j + i * n] = a[i + j * n];
            } else {
                const float *a = A;
                float *b = B;
                for (int64_t j = 0; j < n; ++j)
                    for (int64_t i = 0; i < n; ++i)
                        b[j + i * n] = a[i + j * n];
            }
            ++reps;
        } while (now_s() - t0 < 20e-3);
        v[r] = (now_s() - t0) / reps * 1e6;
    }
    /* Keep the loop: a result nobody reads could be optimized away. */
    volatile double sink = opt.dbl ? ((double *)B)[n * n - 1] : ((float *)B)[n * n - 1];
    (void)sink;
    free(A);
    free(B);
    return median(v, 3);
}

/* ---------- output ---------- */

static double matrix_bytes(int64_t n)
{
    return (double)n * (double)n * (opt.dbl ? 8.0 : 4.0);
}

static void csv_row(int64_t n, const char *name, const timing *t, double geam_us, double memcpy_us, const char *check)
{
    const double bytes = 2.0 * matrix_bytes(n), gbps = bytes / (t->med * 1e3);
    fprintf(g.csv, "transpose,%c,%lld,%lld,%s,%.3f,%.3f,%.3f,%.0f,%.2f,", opt.dbl ? 'd' : 's', (long long)n,
            (long long)n, name, t->med, t->min, t->max, bytes, gbps);
    if (ceil_.have_gpu)
        fprintf(g.csv, "%.2f,", 100.0 * gbps / ceil_.copy_gbps);
    else
        fprintf(g.csv, ",");
    if (memcpy_us > 0)
        fprintf(g.csv, "%.2f", 100.0 * memcpy_us / t->med);
    fprintf(g.csv, ",");
    if (geam_us > 0)
        fprintf(g.csv, "%.4f", t->med / geam_us);
    fprintf(g.csv, ",%.1f,%s\n", ceil_.have_gpu ? ceil_.copy_gbps : 0.0, check);
}

static void print_header(int64_t n, double spread)
{
    printf("\n%s %lld x %lld (%.1f MB a matrix", opt.dbl ? "double" : "float", (long long)n, (long long)n,
           matrix_bytes(n) / 1e6);
    if (spread >= 0)
        printf("; cuBLAS A/A spread %.1f%%", 100 * spread);
    printf(")\n  %-26s %11s %9s %7s %8s %8s\n", "contender", "us", "GB/s", "%copy", "%memcpy", "/cuBLAS");
}

static void cpu_row(int64_t n)
{
    const double us = time_cpu(n);
    const timing t = {us, us, us, 1};
    csv_row(n, "cpu-naive", &t, 0, 0, "cpu");
    printf("  %-26s %11.1f %9.2f   (CPU, a plain loop)\n", "cpu-naive", t.med, 2.0 * matrix_bytes(n) / (t.med * 1e3));
}

/* ---------- one size ---------- */

static void run_size(int64_t n, uint64_t seed)
{
    size_data d;
    if (!size_alloc(&d, n, seed)) {
        printf("\n%s %lld x %lld: left out, not enough GPU or host memory for three matrices\n",
               opt.dbl ? "double" : "float", (long long)n, (long long)n);
        return;
    }
    contender cs[MAX_CONTENDERS];
    const int nc = list_contenders(cs);
    timing t[MAX_CONTENDERS];
    for (int c = 0; c < nc; ++c) {
        memset(&t[c], 0, sizeof t[c]);
        t[c].ok = check_contender(&cs[c], &d);
    }
    time_all(cs, nc, &d, t);
    int geam = -1, geam_aa = -1, mcpy = -1;
    for (int c = 0; c < nc; ++c) {
        if (!strcmp(cs[c].name, "cublas-geam"))
            geam = c;
        if (!strcmp(cs[c].name, "cublas-geam-aa"))
            geam_aa = c;
        if (!strcmp(cs[c].name, "memcpy"))
            mcpy = c;
    }
    const double geam_us = t[geam].ok ? t[geam].med : 0, memcpy_us = t[mcpy].ok ? t[mcpy].med : 0;
    const double spread = geam_us > 0 && t[geam_aa].ok ? fabs(t[geam_aa].med / geam_us - 1.0) : -1.0;
    print_header(n, spread);
    if (n <= (opt.quick ? 2048 : CPU_MAX_SIZE))
        cpu_row(n);
    for (int c = 0; c < nc; ++c) {
        if (!t[c].ok) {
            csv_row(n, cs[c].name, &t[c], 0, 0, "FAILED");
            printf("  %-26s %11s\n", cs[c].name, "FAILED");
            continue;
        }
        csv_row(n, cs[c].name, &t[c], c == geam ? 0 : geam_us, memcpy_us, "ok");
        const double gbps = 2.0 * matrix_bytes(n) / (t[c].med * 1e3);
        printf("  %-26s %11.2f %9.1f %6.1f%% %7.1f%%", cs[c].name, t[c].med, gbps, 100.0 * gbps / ceil_.copy_gbps,
               memcpy_us > 0 ? 100.0 * memcpy_us / t[c].med : 0.0);
        if (geam_us > 0)
            printf(" %8.3f", t[c].med / geam_us);
        printf("\n");
    }
    size_free(&d);
}

/* ---------- command ---------- */

static void usage(void)
{
    printf("usage: mvbench transpose [options]\n"
           "  --sizes a,b,...   square sizes (default 512,1024,2048,4096,8192,16384)\n"
           "  --dtype s|d       float (default) or double\n"
           "  --rounds N        interleaved timing rounds (default 9, --quick 5)\n"
           "  --out DIR         where measurements-transpose.csv goes (default mvbench-out)\n"
           "  --seed N          random seed (default: from the clock, printed)\n"
           "  --quick           sizes 512,2048,8192 unless --sizes is given, fewer rounds\n");
}

int mvbench_transpose(int argc, char **argv)
{
    opt.out = "mvbench-out";
    opt.seed = (uint64_t)time(NULL);
    const char *sizes = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--quick"))
            opt.quick = 1;
        else if (!strcmp(a, "--sizes") && i + 1 < argc)
            sizes = argv[++i];
        else if (!strcmp(a, "--dtype") && i + 1 < argc)
            opt.dbl = argv[++i][0] == 'd';
        else if (!strcmp(a, "--rounds") && i + 1 < argc)
            opt.rounds = atoi(argv[++i]);
        else if (!strcmp(a, "--out") && i + 1 < argc)
            opt.out = argv[++i];
        else if (!strcmp(a, "--seed") && i + 1 < argc)
            opt.seed = strtoull(argv[++i], NULL, 0);
        else if (bench_help_or_die(a, usage, "transpose: unknown argument"))
            return 0;
    }
    if (!sizes)
        sizes = opt.quick ? "512,2048,8192" : "512,1024,2048,4096,8192,16384";
    const char *rest;
    opt.nsizes = parse_sizes(sizes, opt.sizes, MAX_SIZES, &rest);
    if (opt.nsizes == -2)
        die("--sizes: unexpected \"%s\"", rest);
    if (opt.nsizes < 0 || *rest)
        die("--sizes wants up to %d positive integers separated by commas, got \"%s\"", MAX_SIZES, sizes);
    if (opt.rounds < 1)
        opt.rounds = opt.quick ? 5 : 9;
    opt.target_us = opt.quick ? 150.0 : 300.0;

    g.csv = open_csv(opt.out, "measurements-transpose.csv",
                   "suite,dtype,m,n,contender,time_us,time_us_min,time_us_max,bytes,gbps,pct_copy_bw,pct_memcpy,"
                   "ratio_cublas,copy_bw_gbps,check\n",
                   g.path, sizeof g.path);

    const double t0 = now_s();
    probe_device(&ceil_);
    printf("mvbench transpose: device %s, %s, seed %llu\n", ceil_.device, opt.dbl ? "double" : "float",
           (unsigned long long)opt.seed);
    if (!ceil_.have_gpu) {
        printf("No NVIDIA GPU here: the GPU rows (memcpy, the variants, matvec's default, cuBLAS geam) need one.\n"
               "CPU rows only:\n");
        for (int s = 0; s < opt.nsizes; ++s)
            if (opt.sizes[s] <= CPU_MAX_SIZE) {
                print_header(opt.sizes[s], -1.0);
                cpu_row(opt.sizes[s]);
            }
        fclose(g.csv);
        printf("wrote %s\n", g.path);
        return 0;
    }
    gpu_open(&g.stream, &g.cublas, &g.mvh);
    rng_open(&g.gen, g.stream);
    measure_ceilings(&ceil_, g.stream);
    printf("ceilings: device-to-device copy %.0f GB/s (read+write), read %.0f GB/s, empty kernel %.2f us/launch; "
           "%d SMs, L2 %.0f MB\n"
           "GB/s counts the bytes read plus the bytes written (2 x the matrix); %%copy is of the copy ceiling, "
           "%%memcpy of the same-size memcpy row\n",
           ceil_.copy_gbps, ceil_.read_gbps, ceil_.launch_us, ceil_.sm_count, ceil_.l2_bytes / 1e6);

    progress_reset();
    for (int s = 0; s < opt.nsizes; ++s) {
        run_size(opt.sizes[s], opt.seed + (uint64_t)s * 7919u);
        progress(s + 1, opt.nsizes, "sizes");
    }
    return bench_finish(&g, t0);
}
