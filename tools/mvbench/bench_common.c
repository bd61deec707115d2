#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <curand.h>

#include "bench_common.h"
#include "bench_gemm_kernels.h"
#include "bench_kernels.h"

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mvbench: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

int wanted(const char *list, const char *name)
{
    if (!list)
        return 1;
    const size_t len = strlen(name);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        const size_t l = end ? (size_t)(end - p) : strlen(p);
        if (l == len && strncmp(p, name, l) == 0)
            return 1;
        p += l + (end ? 1 : 0);
    }
    return 0;
}

int parse_sizes(const char *arg, int64_t *sizes, int max, const char **rest)
{
    int n = 0;
    const char *p = arg;
    while (*p && n < max) {
        char *end = NULL;
        const long long v = strtoll(p, &end, 10);
        if (end == p || v < 1) {
            *rest = p;
            return -1;
        }
        sizes[n++] = v;
        if (*end && *end != ',') {
            *rest = end;
            return -2;
        }
        p = *end == ',' ? end + 1 : end;
    }
    *rest = p;
    return n;
}

FILE *open_csv(const char *dir, const char *name, const char *header, char *path, size_t path_size)
{
    mkdir(dir, 0755);
    snprintf(path, path_size, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write %s: %s", path, strerror(errno));
    fputs(header, f);
    return f;
}

void gpu_open(cudaStream_t *stream, cublasHandle_t *cublas, mv_handle *mvh)
{
    CUDA_OK(cudaStreamCreateWithFlags(stream, cudaStreamNonBlocking));
    CUBLAS_OK(cublasCreate(cublas));
    CUBLAS_OK(cublasSetStream(*cublas, *stream));
    if (mv_create(mvh) != MV_SUCCESS)
        die("mv_create: %s", mv_last_error(NULL));
    mv_set_stream(*mvh, *stream);
}

void rng_open(curandGenerator_t *gen, cudaStream_t stream)
{
    CURAND_OK(curandCreateGenerator(gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    CURAND_OK(curandSetStream(*gen, stream));
}

void gpu_close(curandGenerator_t gen, cublasHandle_t cublas, mv_handle mvh, cudaStream_t stream)
{
    curandDestroyGenerator(gen);
    cublasDestroy(cublas);
    mv_destroy(mvh);
    CUDA_OK(cudaStreamDestroy(stream));
}

void fill_uniform(curandGenerator_t gen, void *p, size_t count, int dbl, uint64_t seed, cudaStream_t stream)
{
    CURAND_OK(curandSetPseudoRandomGeneratorSeed(gen, seed));
    if (dbl)
        CURAND_OK(curandGenerateUniformDouble(gen, (double *)p, count));
    else
        CURAND_OK(curandGenerateUniform(gen, (float *)p, count));
    CUDA_OK(bench_affine(p, count, dbl, stream));
}

double host_uniform(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*state >> 11) * 0x1.0p-52 - 1.0;
}

uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t splitmix64(uint64_t *state)
{
    return mix64(*state += 0x9E3779B97F4A7C15ull);
}

/* The modulo's bias is below 2^-30 for the ranges the commands allow. */
int64_t uniform_int(uint64_t *state, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(splitmix64(state) % (uint64_t)(hi - lo + 1));
}

/* floor(e^u) with u uniform in [ln lo, ln(hi + 1)), so that k gets
 * ln((k + 1) / k) of the range and hi its share. */
int64_t log_uniform(uint64_t *state, int64_t lo, int64_t hi)
{
    const double u = (double)(splitmix64(state) >> 11) * 0x1.0p-53;
    const int64_t k = (int64_t)exp(log((double)lo) + u * (log((double)hi + 1.0) - log((double)lo)));
    return k < lo ? lo : k > hi ? hi : k;
}

double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double event_ms(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0.0f;
    CUDA_OK(cudaEventSynchronize(b));
    CUDA_OK(cudaEventElapsedTime(&ms, a, b));
    return ms;
}

void time_interleaved(int nc, int rounds, const batching *b, enqueue_calls run, void *ctx, cudaStream_t stream,
                      timing *out)
{
    cudaEvent_t e0, e1;
    CUDA_OK(cudaEventCreate(&e0));
    CUDA_OK(cudaEventCreate(&e1));
    int *batch = malloc(sizeof(int) * (size_t)nc);
    double *samples = malloc(sizeof(double) * (size_t)(nc * rounds));
    if (!batch || !samples)
        die("out of host memory");
    for (int c = 0; c < nc; ++c) {
        if (!out[c].ok)
            continue;
        run(ctx, c, TIME_WARMUP, b->warmup);
        CUDA_OK(cudaEventRecord(e0, stream));
        run(ctx, c, TIME_ESTIMATE, b->estimate);
        CUDA_OK(cudaEventRecord(e1, stream));
        const double est = event_ms(e0, e1) * b->per_ms / b->estimate;
        const int k = (int)(b->target / (est > b->min_est ? est : b->min_est));
        batch[c] = k < 1 ? 1 : k > b->max_batch ? b->max_batch : k;
    }
    for (int r = 0; r < rounds; ++r)
        for (int j = 0; j < nc; ++j) {
            const int c = (j + r) % nc;
            if (!out[c].ok)
                continue;
            CUDA_OK(cudaEventRecord(e0, stream));
            run(ctx, c, r, batch[c]);
            CUDA_OK(cudaEventRecord(e1, stream));
            samples[c * rounds + r] = event_ms(e0, e1) * 1000.0 / batch[c];
        }
    for (int c = 0; c < nc; ++c) {
        if (!out[c].ok)
            continue;
        double *v = samples + c * rounds;
        out[c].med = median(v, rounds);
        out[c].min = v[0];
        out[c].max = v[rounds - 1];
    }
    free(batch);
    free(samples);
    CUDA_OK(cudaEventDestroy(e0));
    CUDA_OK(cudaEventDestroy(e1));
}

typedef struct {
    enqueue_call enqueue;
    void *ctx;
} repeated;

static void enqueue_repeated(void *r, int c, int round, int calls)
{
    const repeated *rep = r;
    (void)round;
    for (int k = 0; k < calls; ++k)
        rep->enqueue(rep->ctx, c);
}

double check_and_time(int nc, int rounds, const batching *b, check_call check, enqueue_call enqueue, void *ctx,
                      cudaStream_t stream, timing *t)
{
    memset(t, 0, sizeof(timing) * (size_t)nc);
    for (int c = 0; c < nc; ++c)
        t[c].ok = check(ctx, c);
    repeated rep = {enqueue, ctx};
    time_interleaved(nc, rounds, b, enqueue_repeated, &rep, stream, t);
    return aa_spread(&t[0], &t[1]);
}

void measure_ceilings(ceilings *c, cudaStream_t stream)
{
    cudaEvent_t e0, e1;
    CUDA_OK(cudaEventCreate(&e0));
    CUDA_OK(cudaEventCreate(&e1));
    size_t free_b = 0, total_b = 0;
    CUDA_OK(cudaMemGetInfo(&free_b, &total_b));
    size_t big = (size_t)4 << 30;
    while (big > free_b / 3)
        big /= 2;
    void *buf = NULL, *dst = NULL;
    float *sink = NULL;
    CUDA_OK(cudaMalloc(&buf, big));
    CUDA_OK(cudaMalloc(&dst, big / 4));
    CUDA_OK(cudaMalloc((void **)&sink, sizeof(float) * 65536));
    CUDA_OK(cudaMemset(buf, 1, big)); /* not zeros: a constant that is not 0.0 */

    /* Read bandwidth: the best median over sizes and grid shapes. */
    double best = 0.0;
    const int threads[] = {256, 512, 1024};
    const int per_sm[] = {2, 4, 8};
    for (size_t bytes = big / 4; bytes <= big; bytes *= 2)
        for (int t = 0; t < 3; ++t)
            for (int p = 0; p < 3; ++p) {
                const int blocks = c->sm_count * per_sm[p] * 1024 / threads[t] / 2;
                double v[5];
                CUDA_OK(bench_read(buf, bytes, blocks, threads[t], sink, stream));
                for (int r = 0; r < 5; ++r) {
                    CUDA_OK(cudaEventRecord(e0, stream));
                    CUDA_OK(bench_read(buf, bytes, blocks, threads[t], sink, stream));
                    CUDA_OK(cudaEventRecord(e1, stream));
                    v[r] = (double)bytes / (event_ms(e0, e1) * 1e-3) / 1e9;
                }
                const double med = median(v, 5);
                if (med > best) {
                    best = med;
                    c->read_blocks = blocks;
                    c->read_threads = threads[t];
                }
            }
    c->read_gbps = best;

    /* Device-to-device copy, counting bytes read plus bytes written. */
    best = 0.0;
    for (size_t bytes = big / 16; bytes <= big / 4; bytes *= 2) {
        double v[5];
        CUDA_OK(cudaMemcpyAsync(dst, buf, bytes, cudaMemcpyDeviceToDevice, stream));
        for (int r = 0; r < 5; ++r) {
            CUDA_OK(cudaEventRecord(e0, stream));
            CUDA_OK(cudaMemcpyAsync(dst, buf, bytes, cudaMemcpyDeviceToDevice, stream));
            CUDA_OK(cudaEventRecord(e1, stream));
            v[r] = 2.0 * (double)bytes / (event_ms(e0, e1) * 1e-3) / 1e9;
        }
        const double med = median(v, 5);
        best = med > best ? med : best;
    }
    c->copy_gbps = best;

    /* Launch floor: empty kernels back to back, per launch. */
    double v[7];
    for (int r = 0; r < 7; ++r) {
        CUDA_OK(cudaEventRecord(e0, stream));
        for (int k = 0; k < 1000; ++k)
            CUDA_OK(bench_empty(stream));
        CUDA_OK(cudaEventRecord(e1, stream));
        v[r] = event_ms(e0, e1) * 1000.0 / 1000.0;
    }
    c->launch_us = median(v, 7);

    CUDA_OK(cudaFree(buf));
    CUDA_OK(cudaFree(dst));
    CUDA_OK(cudaFree(sink));
    CUDA_OK(cudaEventDestroy(e0));
    CUDA_OK(cudaEventDestroy(e1));
}

void probe_device(ceilings *c)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        (void)cudaGetLastError();
        c->have_gpu = 0;
        snprintf(c->device, sizeof c->device, "none (no CUDA device)");
        return;
    }
    c->have_gpu = 1;
    struct cudaDeviceProp prop;
    CUDA_OK(cudaGetDeviceProperties(&prop, 0));
    snprintf(c->device, sizeof c->device, "%s", prop.name);
    c->sm_count = prop.multiProcessorCount;
    c->l2_bytes = (size_t)prop.l2CacheSize;
}

static double progress_start;

void progress_reset(void)
{
    progress_start = now_s();
}

void progress(int done, int total, const char *what)
{
    const double el = now_s() - progress_start;
    const double eta = done ? el / done * (total - done) : 0.0;
    if (isatty(2)) {
        char bar[31];
        const int fill = total ? 30 * done / total : 30;
        for (int i = 0; i < 30; ++i)
            bar[i] = i < fill ? '#' : '.';
        bar[30] = '\0';
        fprintf(stderr, "\r[%s] %d/%d %s  %.0fs elapsed, ~%.0fs left ", bar, done, total, what, el, eta);
        if (done == total)
            fprintf(stderr, "\n");
    } else if (total && (done == total || (done * 10 / total) != ((done - 1) * 10 / total))) {
        fprintf(stderr, "mvbench: %d/%d %s, %.0fs elapsed, ~%.0fs left\n", done, total, what, el, eta);
    }
}

int bench_common_option(int argc, char **argv, int *i, int *rounds, const char **out, uint64_t *seed)
{
    const char *a = argv[*i];
    if (*i + 1 >= argc)
        return 0;
    if (!strcmp(a, "--rounds"))
        *rounds = atoi(argv[++*i]);
    else if (!strcmp(a, "--out"))
        *out = argv[++*i];
    else if (!strcmp(a, "--seed"))
        *seed = strtoull(argv[++*i], NULL, 0);
    else
        return 0;
    return 1;
}

int bench_dtypes(const char *arg)
{
    if (!strcmp(arg, "both"))
        return 3;
    if (!strcmp(arg, "s"))
        return 1;
    if (!strcmp(arg, "d"))
        return 2;
    die("--dtype wants s, d or both, got \"%s\"", arg);
}

int bench_begin(const char *command, const char *out, const char *csv_name, const char *header, ceilings *dev,
                bench_run *g)
{
    g->csv = open_csv(out, csv_name, header, g->path, sizeof g->path);
    memset(dev, 0, sizeof *dev);
    probe_device(dev);
    if (!dev->have_gpu) {
        printf("mvbench %s: no NVIDIA GPU here; every row needs one\n", command);
        fclose(g->csv);
        return 0;
    }
    gpu_open(&g->stream, &g->cublas, &g->mvh);
    CUBLAS_OK(cublasSetMathMode(g->cublas, CUBLAS_DEFAULT_MATH));
    rng_open(&g->gen, g->stream);
    measure_ceilings(dev, g->stream);
    return 1;
}

int bench_help_or_die(const char *arg, void (*usage)(void), const char *unknown)
{
    usage();
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
        return 1;
    die("%s %s", unknown, arg);
}

int bench_ops(const char *arg)
{
    const int ops = !strcmp(arg, "both") ? 3 : !strcmp(arg, "N") ? 1 : !strcmp(arg, "T") ? 2 : 0;
    if (!ops)
        die("--op wants N, T or both");
    return ops;
}

int mask_count(int mask)
{
    return (mask & 1) + (mask >> 1 & 1);
}

int parse_count(const char *arg, long long lo, long long hi, long long *v)
{
    char *end;
    *v = strtoll(arg, &end, 10);
    return end != arg && !*end && *v >= lo && *v <= hi;
}

int next_shape(const char **p, int square_ok, long long *m, long long *n)
{
    char *end;
    *m = *n = strtoll(*p, &end, 10);
    if (end == *p)
        return 0;
    if (*end == 'x') {
        const char *q = end + 1;
        *n = strtoll(q, &end, 10);
        if (end == q)
            return 0;
    } else if (!square_ok) {
        return 0;
    }
    if (*end && *end != ',')
        return 0;
    *p = *end == ',' ? end + 1 : end;
    return 1;
}

void parse_shape_list(const char *arg, const char *option, int square_ok, int max, int (*add)(int64_t m, int64_t n))
{
    for (const char *p = arg; *p;) {
        long long m, n;
        if (!next_shape(&p, square_ok, &m, &n))
            die("%s wants %s entries separated by commas, got \"%s\"", option, square_ok ? "N or MxN" : "MxN", arg);
        if (!add(m, n))
            die("%s: %lldx%lld is not a shape (or more than %d shapes)", option, m, n, max);
    }
}

int shape_append(int64_t *ms, int64_t *ns, int *count, int max, int64_t m, int64_t n)
{
    if (*count == max || m < 1 || n < 1)
        return 0;
    ms[*count] = m;
    ns[*count] = n;
    ++*count;
    return 1;
}

static const double one_d = 1.0, zero_d = 0.0;
static const float one_f = 1.0f, zero_f = 0.0f;

const void *bench_one(int dbl)
{
    return dbl ? (const void *)&one_d : (const void *)&one_f;
}

const void *bench_zero(int dbl)
{
    return dbl ? (const void *)&zero_d : (const void *)&zero_f;
}

int cold_copies(double bytes, const ceilings *dev, int max)
{
    const double l2x4 = 4.0 * (double)dev->l2_bytes;
    return bytes >= l2x4 ? 1 : (int)fmin(ceil(l2x4 / bytes), (double)max);
}

void check_begin(unsigned long long *counters, cudaStream_t stream)
{
    const unsigned long long init[2] = {0ull, ~0ull};
    CUDA_OK(cudaMemcpyAsync(counters, init, sizeof init, cudaMemcpyHostToDevice, stream));
}

unsigned long long check_end(const unsigned long long *counters, unsigned long long *first, cudaStream_t stream)
{
    unsigned long long res[2];
    CUDA_OK(cudaMemcpyAsync(res, counters, sizeof res, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    *first = res[1];
    return res[0];
}

unsigned long long check_result(const void *got, int dbl, const double *ref, const double *bound, size_t count,
                                int64_t k, unsigned long long *counters, unsigned long long *first,
                                cudaStream_t stream)
{
    check_begin(counters, stream);
    CUDA_OK(bench_gemm_check(got, dbl, ref, bound, count, k, dbl ? 0x1.0p-53 : 0x1.0p-24, &counters[0], &counters[1],
                             stream));
    return check_end(counters, first, stream);
}

double read_pct(double bytes, double us, const ceilings *dev)
{
    return 100.0 * bytes / (us * 1e3) / dev->read_gbps;
}

double aa_spread(const timing *cublas, const timing *aa)
{
    return cublas->ok && aa->ok ? fabs(aa->med / cublas->med - 1.0) : 0.0;
}

int slower_beyond(double ratio, double spread)
{
    return ratio > (1.0 + spread) * (1.0 + 1e-9);
}

void print_cell(const timing *t, double bytes, double cublas_us, const ceilings *dev, int with_pct, int with_ratio)
{
    if (!t->ok) {
        printf(" %*s", 10 + (with_pct ? 8 : 0) + (with_ratio ? 9 : 0), "FAILED");
        return;
    }
    printf(" %10.2f", t->med);
    if (with_pct)
        printf(" %6.1f%%", read_pct(bytes, t->med, dev));
    if (with_ratio && cublas_us > 0.0)
        printf(" %8.3f", t->med / cublas_us);
    else if (with_ratio)
        printf(" %8s", "-");
}

void end_row(FILE *csv, double spread, int copies)
{
    printf(" %6.1f%% %6d\n", 100.0 * spread, copies);
    fflush(stdout);
    fflush(csv);
}

void csv_measurement(FILE *csv, const timing *t, double bytes, const ceilings *dev, int with_ratio, double cublas_us,
                     double spread, int copies)
{
    if (t->ok) {
        const double gbps = bytes / (t->med * 1e3);
        fprintf(csv, "%.3f,%.3f,%.3f,%.1f,%.2f,", t->med, t->min, t->max, gbps, 100.0 * gbps / dev->read_gbps);
        if (with_ratio && cublas_us > 0.0)
            fprintf(csv, "%.4f,", t->med / cublas_us);
        else if (with_ratio)
            fprintf(csv, ",");
    } else {
        fprintf(csv, with_ratio ? ",,,,,," : ",,,,,");
    }
    fprintf(csv, "%.2f,", 100.0 * spread);
    if (copies >= 0)
        fprintf(csv, "%d,", copies);
    fprintf(csv, "%s\n", t->ok ? "ok" : "FAILED");
}

void geomean_add(geomean *gm, double v)
{
    if (v > 0.0) {
        gm->log_sum += log(v);
        ++gm->n;
    }
}

double geomean_of(const geomean *gm)
{
    return gm->n ? exp(gm->log_sum / gm->n) : NAN;
}

void print_run_line(const char *command, const ceilings *dev, uint64_t seed, int nshapes, int rounds)
{
    printf("mvbench %s: device %s, read bandwidth %.0f GB/s (measured), seed %llu, %d shapes, %d rounds, cold\n",
           command, dev->device, dev->read_gbps, (unsigned long long)seed, nshapes, rounds);
}

int bench_finish(bench_run *g, double t0)
{
    fclose(g->csv);
    printf("\nwrote %s (%.0f s)%s\n", g->path, now_s() - t0, g->failures ? "; FAILED results above" : "");
    gpu_close(g->gen, g->cublas, g->mvh, g->stream);
    return g->failures ? 1 : 0;
}
