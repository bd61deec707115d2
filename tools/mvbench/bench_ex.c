/* mvbench ex: y = op(A) x (alpha 1, beta 0) with A in bfloat16 or binary16
 * through matvec's mv_gemv_ex, beside cuBLAS: cublasGemmEx with one column
 * (op(A) times an n x 1 B, A, B and C in A's type or C in float,
 * CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT; timed twice: cublas and
 * cublas-aa, the run's noise) and, where the installed cuBLAS declares them,
 * its 16-bit GEMVs cublas{HSH,HSS,TST,TSS}gemvStridedBatched_64 with one
 * problem (cublas-gemv). cuBLAS runs with
 * CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION: its sums stay in float
 * to the end, as mv_gemv_ex's, and its results meet the same bound.
 *
 *   mvbench ex [--dtype bf16|fp16|both] [--op N|T|both] [--shapes MxN,...]
 *              [--random K] [--lda-pad P] [--x-float] [--y-float]
 *              [--rounds N] [--out DIR] [--seed N] [--quick]
 *
 * Shapes (m x n, A column-major): the inference shapes 4096x4096,
 * 4096x14336, 14336x4096, 8192x28672, 28672x8192, 128256x4096 with lda = m,
 * or --shapes instead; --random K adds K shapes with m, n log-uniform in
 * [8, 2^20] and A's bytes (lda n 2) from 32 MiB to 1 GiB, each from a
 * stream of its own (splitmix64 of --seed and the shape's index: a seed
 * replays its shapes, a smaller K draws the first of them), lda = m or with
 * --lda-pad P lda = m + 1..P made odd. x and y are in A's type, or float
 * with --x-float / --y-float. cuBLAS has no form with x in float beside a
 * 16-bit A: with --x-float its contenders read x rounded to A's type (a copy
 * made once, untimed) and are checked against the reference of that x.
 *
 * Inputs: uniform in (-1, 1] from cuRAND in float, rounded on the device to
 * the operand's type. Every contender's result is checked before it is
 * timed: y poisoned with NaN first (beta = 0 must not read it), then
 * compared element by element with a double reference computed on the
 * device from A and x converted exactly, within 4 (sqrt(len) + 2) 2^-24
 * sum |a| |x| (the float sum) plus one rounding of the result to y's type
 * (|ref| 2^-8 bfloat16, 2^-11 binary16 with 2^-25 for its subnormals,
 * 2^-24 float); NaN never passes. A wrong one prints FAILED, is not timed,
 * and the exit status is 1.
 *
 * Timing: cold, as mvbench nt: consecutive calls walk copies of A that
 * together exceed 4x the L2 where one A is smaller than that. Bytes per
 * call: A (m n elements) and x read, y written, each once, at the sizes of
 * the contender's types; % of the read bandwidth is against the read kernel
 * measured at the start. Per shape: time, % read, time over cuBLAS's
 * (cublas) and cuBLAS's A/A spread; a summary per type and op gives
 * matvec's lowest % read over the shapes with A >= 32 MiB, the shapes slower
 * than cuBLAS beyond the spread and the geomean time over cuBLAS's. Rows:
 * DIR/measurements-ex.csv. */
#include <limits.h>
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
#include "bench_ex_kernels.h"
#include "bench_ops.h"
#include "matvec.h"

#define MAX_SHAPES 256
#define MAX_COPIES 1024
#define MIB 1048576.0

typedef struct {
    int64_t m, n, lda;
    uint64_t seed;  /* its matrices' and vectors' */
    int random;     /* drawn by --random (its index among them from 1), or 0 */
} ex_shape;

typedef struct {
    ex_shape shapes[MAX_SHAPES];
    int nshapes;
    int types; /* bit 0 bfloat16, bit 1 binary16 */
    int ops;   /* bit 0 N, bit 1 T */
    int x_float, y_float;
    int64_t lda_pad;
    int random;
    int rounds;
    int quick;
    const char *out;
    uint64_t seed;
} ex_options;

/* One shape's line, for the summary. */
typedef struct {
    int half, trans; /* half: 0 bfloat16, 1 binary16 */
    int64_t m, n, lda;
    double a_bytes;
    int ok;          /* matvec and cuBLAS both passed */
    double pct;      /* matvec's % of the read bandwidth */
    double vs_cublas, vs_gemv, spread;
} ex_result;
#define MAX_RESULTS (4 * MAX_SHAPES)
static ex_result results[MAX_RESULTS];
static int nresults;

static ex_options o;
static bench_run g;

#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
enum { C_CUBLAS, C_CUBLAS_AA, C_MATVEC, C_CUBLAS_GEMV, C_COUNT };
static const char *const names[C_COUNT] = {"cublas", "cublas-aa", "matvec", "cublas-gemv"};
#else
enum { C_CUBLAS, C_CUBLAS_AA, C_MATVEC, C_COUNT };
static const char *const names[C_COUNT] = {"cublas", "cublas-aa", "matvec"};
#endif

static const char *const inference_shapes = "4096x4096,4096x14336,14336x4096,8192x28672,28672x8192,128256x4096";
static const char *const quick_shapes = "4096x4096,4096x14336,14336x4096";

static void usage(void)
{
    printf("usage: mvbench ex [options]\n"
           "  --dtype bf16|fp16|both  A's type: bfloat16, binary16 or both (default both)\n"
           "  --op N|T|both           op(A) = A or A^T (default both)\n"
           "  --shapes MxN,...        shapes instead of the inference shapes (default\n"
           "                          %s)\n"
           "  --random K              K more shapes: m, n log-uniform in [8, 2^20], A from 32 MiB to 1 GiB\n"
           "  --lda-pad P             random shapes: lda = m + 1..P, made odd (default lda = m)\n"
           "  --x-float, --y-float    x or y in float instead of A's type\n"
           "  --rounds N              interleaved timing rounds (default 7, --quick 5)\n"
           "  --out DIR               where measurements-ex.csv goes (default mvbench-out)\n"
           "  --seed N                random seed (default: from the clock)\n"
           "  --quick                 shapes %s, 5 rounds, shorter batches\n",
           inference_shapes, quick_shapes);
}

static const char *type_name(mv_datatype t)
{
    return t == MV_R_16BF ? "bf16" : t == MV_R_16F ? "fp16" : "f32";
}

static size_t type_size(mv_datatype t)
{
    return t == MV_R_32F ? 4 : 2;
}

static cudaDataType cuda_type(mv_datatype t)
{
    return t == MV_R_16BF ? CUDA_R_16BF : t == MV_R_16F ? CUDA_R_16F : CUDA_R_32F;
}

typedef struct {
    int trans;
    mv_datatype at, xt, yt;
    int64_t m, n, lda, len_x, len_y;
    int copies, cur;              /* copies of A for cold timing, the next one */
    char *A;                      /* the copies back to back, lda n elements each; copy 0 is checked */
    void *x;                      /* x in xt: matvec's */
    void *xc;                     /* x in A's type: cuBLAS's (x itself unless --x-float) */
    void *y;
    double *ref, *bound;          /* of x */
    double *ref_c, *bound_c;      /* of xc (ref and bound when xc is x) */
    unsigned long long *counters;
} problem;

static int is_cublas(int c)
{
    return c != C_MATVEC;
}

static void enqueue(void *ctx, int c)
{
    problem *p = ctx;
    const float one = 1.0f, zero = 0.0f;
    const int64_t m = p->m, n = p->n, lda = p->lda, lx = p->len_x, ly = p->len_y;
    const void *A = p->A + (size_t)p->cur * (size_t)(lda * n) * type_size(p->at);
    p->cur = (p->cur + 1) % p->copies;
    const cublasOperation_t op = p->trans ? CUBLAS_OP_T : CUBLAS_OP_N;
    switch (c) {
    case C_CUBLAS:
    case C_CUBLAS_AA:
        /* y (len_y x 1) = op(A) (len_y x len_x) times x (len_x x 1). */
        CUBLAS_OK(cublasGemmEx_64(g.cublas, op, CUBLAS_OP_N, ly, 1, lx, &one, A, cuda_type(p->at), lda, p->xc,
                                  cuda_type(p->at), lx, &zero, p->y, cuda_type(p->yt), ly, CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT));
        return;
#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
    case C_CUBLAS_GEMV:
        CUBLAS_OK(bench_ex_cublas_gemv(g.cublas, p->trans, m, n, A, p->at, lda, p->xc, p->y, p->yt));
        return;
#endif
    default: {
        const mv_status st = mv_gemv_ex(g.mvh, p->trans ? MV_OP_T : MV_OP_N, m, n, &one, A, p->at, lda, p->x, p->xt,
                                        1, &zero, p->y, p->yt, 1);
        if (st != MV_SUCCESS)
            die("mv_gemv_ex: %s", mv_last_error(g.mvh));
    }
    }
}

/* One call on copy 0 with y full of NaN, checked on the device. */
static int check(void *ctx, int c)
{
    problem *p = ctx;
    CUDA_OK(cudaMemsetAsync(p->y, 0xff, (size_t)p->len_y * type_size(p->yt), g.stream));
    p->cur = 0;
    enqueue(p, c);
    check_begin(p->counters, g.stream);
    CUDA_OK(bench_ex_check(p->y, p->yt, is_cublas(c) ? p->ref_c : p->ref, is_cublas(c) ? p->bound_c : p->bound,
                           (size_t)p->len_y, p->len_x, &p->counters[0], &p->counters[1], g.stream));
    unsigned long long first;
    const unsigned long long bad = check_end(p->counters, &first, g.stream);
    if (bad == 0)
        return 1;
    printf("FAILED: %s A %s x %s y %s op %c %lldx%lld lda %lld: %llu wrong elements, the first at %llu\n", names[c],
           type_name(p->at), type_name(is_cublas(c) ? p->at : p->xt), type_name(p->yt), p->trans ? 'T' : 'N',
           (long long)p->m, (long long)p->n, (long long)p->lda, bad, first);
    ++g.failures;
    return 0;
}

/* count values uniform in (-1, 1] from seed, in type, at dst; tmp holds
 * count floats. */
static void fill(void *dst, mv_datatype type, float *tmp, size_t count, uint64_t seed)
{
    fill_uniform(g.gen, tmp, count, 0, seed, g.stream);
    CUDA_OK(bench_ex_from_float(tmp, dst, type, count, g.stream));
}

/* Bytes a call of contender c moves: A's m n elements and x read, y written. */
static double call_bytes(const problem *p, int c)
{
    const mv_datatype xt = is_cublas(c) ? p->at : p->xt;
    return (double)p->m * (double)p->n * (double)type_size(p->at) + (double)p->len_x * (double)type_size(xt) +
           (double)p->len_y * (double)type_size(p->yt);
}

static void run_shape(mv_datatype at, int trans, const ex_shape *s, const ceilings *dev)
{
    problem p;
    memset(&p, 0, sizeof p);
    p.trans = trans;
    p.at = at;
    p.xt = o.x_float ? MV_R_32F : at;
    p.yt = o.y_float ? MV_R_32F : at;
    p.m = s->m;
    p.n = s->n;
    p.lda = s->lda;
    p.len_x = trans ? s->m : s->n;
    p.len_y = trans ? s->n : s->m;
    const size_t na = (size_t)(s->lda * s->n);
    const double a_bytes = (double)s->m * (double)s->n * (double)type_size(at);
    p.copies = cold_copies(a_bytes, dev, MAX_COPIES);
    const size_t copies = (size_t)p.copies, lx = (size_t)p.len_x, ly = (size_t)p.len_y;
    float *tmp;
    CUDA_OK(cudaMalloc((void **)&tmp, (na * copies > lx ? na * copies : lx) * sizeof(float)));
    CUDA_OK(cudaMalloc((void **)&p.A, na * copies * type_size(at)));
    CUDA_OK(cudaMalloc(&p.x, lx * type_size(p.xt)));
    CUDA_OK(cudaMalloc(&p.y, ly * type_size(p.yt)));
    CUDA_OK(cudaMalloc((void **)&p.ref, ly * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.bound, ly * sizeof(double)));
    CUDA_OK(cudaMalloc((void **)&p.counters, 2 * sizeof(unsigned long long)));
    fill(p.A, at, tmp, na * copies, s->seed);
    /* x from the same floats in both types, so that cuBLAS's x is matvec's
     * rounded. */
    fill(p.x, p.xt, tmp, lx, s->seed + 1);
    if (p.xt != at) {
        CUDA_OK(cudaMalloc(&p.xc, lx * type_size(at)));
        CUDA_OK(bench_ex_from_float(tmp, p.xc, at, lx, g.stream));
        CUDA_OK(cudaMalloc((void **)&p.ref_c, ly * sizeof(double)));
        CUDA_OK(cudaMalloc((void **)&p.bound_c, ly * sizeof(double)));
        CUDA_OK(bench_ex_reference(trans, p.m, p.n, p.A, at, p.lda, p.xc, at, p.ref_c, p.bound_c, g.stream));
    } else {
        p.xc = p.x;
        p.ref_c = p.ref;
        p.bound_c = p.bound;
    }
    CUDA_OK(bench_ex_reference(trans, p.m, p.n, p.A, at, p.lda, p.x, p.xt, p.ref, p.bound, g.stream));
    CUDA_OK(cudaStreamSynchronize(g.stream));
    CUDA_OK(cudaFree(tmp));

    timing t[C_COUNT];
    const batching b = {2, 3, 1.0, o.quick ? 5.0 : 20.0, 1e-3, 200};
    const double spread = check_and_time(C_COUNT, o.rounds, &b, check, enqueue, &p, g.stream, t);
    const double cb = t[C_CUBLAS].ok ? t[C_CUBLAS].med : 0.0;
    for (int c = 0; c < C_COUNT; ++c) {
        fprintf(g.csv, "ex,%s,%s,%s,%c,%lld,%lld,%lld,%s,", type_name(at), type_name(is_cublas(c) ? at : p.xt),
                type_name(p.yt), trans ? 'T' : 'N', (long long)p.m, (long long)p.n, (long long)p.lda, names[c]);
        csv_measurement(g.csv, &t[c], call_bytes(&p, c), dev, 1, cb, spread, p.copies);
    }
    char shape[64];
    snprintf(shape, sizeof shape, "%lldx%lld", (long long)p.m, (long long)p.n);
    printf("  %15s %8lld %9.1f", shape, (long long)p.lda, a_bytes / MIB);
    print_cell(&t[C_MATVEC], call_bytes(&p, C_MATVEC), cb, dev, 1, 1);
    print_cell(&t[C_CUBLAS], call_bytes(&p, C_CUBLAS), cb, dev, 1, 0);
#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
    print_cell(&t[C_CUBLAS_GEMV], call_bytes(&p, C_CUBLAS_GEMV), cb, dev, 1, 1);
#endif
    end_row(g.csv, spread, p.copies);

    if (nresults < MAX_RESULTS) {
        ex_result *r = &results[nresults++];
        memset(r, 0, sizeof *r);
        r->half = at == MV_R_16F;
        r->trans = trans;
        r->m = p.m;
        r->n = p.n;
        r->lda = p.lda;
        r->a_bytes = a_bytes;
        r->ok = t[C_MATVEC].ok && t[C_CUBLAS].ok;
        r->pct = t[C_MATVEC].ok ? read_pct(call_bytes(&p, C_MATVEC), t[C_MATVEC].med, dev) : NAN;
        r->vs_cublas = r->ok ? t[C_MATVEC].med / t[C_CUBLAS].med : NAN;
        r->vs_gemv = NAN;
#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
        if (t[C_MATVEC].ok && t[C_CUBLAS_GEMV].ok)
            r->vs_gemv = t[C_MATVEC].med / t[C_CUBLAS_GEMV].med;
#endif
        r->spread = spread;
    }

    CUDA_OK(cudaFree(p.A));
    CUDA_OK(cudaFree(p.x));
    CUDA_OK(cudaFree(p.y));
    CUDA_OK(cudaFree(p.ref));
    CUDA_OK(cudaFree(p.bound));
    if (p.xc != p.x) {
        CUDA_OK(cudaFree(p.xc));
        CUDA_OK(cudaFree(p.ref_c));
        CUDA_OK(cudaFree(p.bound_c));
    }
    CUDA_OK(cudaFree(p.counters));
}

static void summary(int half, int trans)
{
    double low = INFINITY;
    geomean cb = {0.0, 0}, gemv = {0.0, 0};
    int any = 0, n_low = 0, slower = 0;
    for (int i = 0; i < nresults; ++i) {
        const ex_result *r = &results[i];
        if (r->half != half || r->trans != trans)
            continue;
        any = 1;
        if (r->a_bytes >= 32.0 * MIB && !isnan(r->pct)) {
            low = fmin(low, r->pct);
            ++n_low;
        }
        geomean_add(&cb, r->vs_cublas);
        geomean_add(&gemv, r->vs_gemv);
    }
    if (!any)
        return;
    printf("%s op %c: lowest %% read with A >= 32 MiB: ", half ? "fp16" : "bf16", trans ? 'T' : 'N');
    if (n_low)
        printf("%.1f%% (%d shapes)\n", low, n_low);
    else
        printf("- (no such shape)\n");
    printf("  slower than cuBLAS beyond the A/A spread:");
    for (int i = 0; i < nresults; ++i) {
        const ex_result *r = &results[i];
        if (r->half != half || r->trans != trans || !slower_beyond(r->vs_cublas, r->spread))
            continue;
        printf("%s %lldx%lld", slower ? "," : "", (long long)r->m, (long long)r->n);
        if (r->lda != r->m)
            printf(" (lda %lld)", (long long)r->lda);
        printf(" %.3f", r->vs_cublas);
        ++slower;
    }
    printf(slower ? "\n" : " none\n");
    printf("  geomean time / cuBLAS: %.3f (%d shapes)", geomean_of(&cb), cb.n);
    if (gemv.n)
        printf("; / cuBLAS's 16-bit GEMV: %.3f (%d shapes)", geomean_of(&gemv), gemv.n);
    printf("\n");
}

static int add_shape(int64_t m, int64_t n, int64_t lda, uint64_t seed, int random)
{
    if (o.nshapes == MAX_SHAPES || m < 1 || n < 1 || lda < m)
        return 0;
    ex_shape *s = &o.shapes[o.nshapes++];
    s->m = m;
    s->n = n;
    s->lda = lda;
    s->seed = seed;
    s->random = random;
    return 1;
}

/* A --shapes entry: lda = m. */
static int add_listed(int64_t m, int64_t n)
{
    return add_shape(m, n, m, o.seed + 97 * (uint64_t)o.nshapes, 0);
}

/* The index-th random shape, from a stream of its own (the seed and the
 * index mixed): the same whatever K is. m, n and the pad are drawn again
 * until A's bytes (lda n 2) are in [32 MiB, 1 GiB]; the pad is drawn
 * without --lda-pad too, so that the option changes lda and nothing else
 * (the rejections aside). The data's seed comes last from the stream. */
static void draw_shape(int index)
{
    uint64_t state = mix64(o.seed ^ 0x65780000ull) ^ mix64((uint64_t)index + 1);
    int64_t m, n, lda;
    for (;;) {
        m = log_uniform(&state, 8, 1 << 20);
        n = log_uniform(&state, 8, 1 << 20);
        const int64_t pad = uniform_int(&state, 1, o.lda_pad > 0 ? o.lda_pad : 1);
        lda = o.lda_pad ? (m + pad) | 1 : m; /* lda > m, odd */
        const double bytes = 2.0 * (double)lda * (double)n;
        if (bytes >= 32.0 * MIB && bytes <= 1024.0 * MIB)
            break;
    }
    if (!add_shape(m, n, lda, splitmix64(&state) >> 32, index + 1))
        die("--random: more than %d shapes in all", MAX_SHAPES);
}

int mvbench_ex(int argc, char **argv)
{
    memset(&o, 0, sizeof o);
    o.types = 3;
    o.ops = 3;
    o.rounds = INT_MIN; /* not given */
    o.out = "mvbench-out";
    o.seed = (uint64_t)time(NULL);
    const char *shapes = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--shapes") && i + 1 < argc)
            shapes = argv[++i];
        else if (!strcmp(a, "--random") && i + 1 < argc) {
            long long k;
            if (!parse_count(argv[++i], 0, MAX_SHAPES, &k))
                die("--random wants a count from 0 to %d, got \"%s\"", MAX_SHAPES, argv[i]);
            o.random = (int)k;
        } else if (!strcmp(a, "--lda-pad") && i + 1 < argc) {
            long long pad;
            if (!parse_count(argv[++i], 1, 1 << 20, &pad))
                die("--lda-pad wants a count from 1 to 2^20, got \"%s\"", argv[i]);
            o.lda_pad = pad;
        } else if (!strcmp(a, "--dtype") && i + 1 < argc) {
            const char *t = argv[++i];
            o.types = !strcmp(t, "both") ? 3 : !strcmp(t, "bf16") ? 1 : !strcmp(t, "fp16") ? 2 : 0;
            if (!o.types)
                die("--dtype wants bf16, fp16 or both, got \"%s\"", t);
        } else if (!strcmp(a, "--op") && i + 1 < argc)
            o.ops = bench_ops(argv[++i]);
        else if (!strcmp(a, "--x-float"))
            o.x_float = 1;
        else if (!strcmp(a, "--y-float"))
            o.y_float = 1;
        else if (!strcmp(a, "--quick"))
            o.quick = 1;
        else if (bench_common_option(argc, argv, &i, &o.rounds, &o.out, &o.seed))
            continue;
        else if (bench_help_or_die(a, usage, "ex: unknown option"))
            return 0;
    }
    if (o.rounds == INT_MIN)
        o.rounds = o.quick ? 5 : 7;
    else if (o.rounds < 1)
        die("--rounds wants a positive count");
    parse_shape_list(shapes ? shapes : o.quick ? quick_shapes : inference_shapes, "--shapes", 0, MAX_SHAPES,
                     add_listed);
    for (int k = 0; k < o.random; ++k)
        draw_shape(k);
    ceilings dev;
    if (!bench_begin("ex", o.out, "measurements-ex.csv",
                     "suite,a_type,x_type,y_type,op,m,n,lda,variant,time_us,time_us_min,time_us_max,gbps,"
                     "pct_read_bw,vs_cublas,aa_spread_pct,copies,check\n",
                     &dev, &g))
        return 0;
    /* Sums in float to the end, as mv_gemv_ex: cuBLAS may otherwise add
     * split parts of a sum rounded to a 16-bit y. */
    CUBLAS_OK(cublasSetMathMode(g.cublas, CUBLAS_DEFAULT_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION));
    print_run_line("ex", &dev, o.seed, o.nshapes, o.rounds);
    for (int i = 0; i < o.nshapes; ++i) {
        const ex_shape *s = &o.shapes[i];
        if (s->random)
            printf("  random %3d/%d: m %8lld  n %8lld  lda %8lld  A %7.1f MiB\n", s->random, o.random,
                   (long long)s->m, (long long)s->n, (long long)s->lda, 2.0 * (double)s->lda * (double)s->n / MIB);
    }
    printf("x in %s, y in %s%s\n", o.x_float ? "float" : "A's type", o.y_float ? "float" : "A's type",
           o.x_float ? " (cuBLAS's contenders read x rounded to A's type: cuBLAS has no float x here)" : "");
#ifndef MVBENCH_HAVE_CUBLAS_GEMV_16
    printf("(this cuBLAS declares no 16-bit GEMV: no cublas-gemv contender)\n");
#endif
    const double t0 = now_s();
    progress_reset();
    const int total = o.nshapes * mask_count(o.types) * mask_count(o.ops);
    int done = 0;
    for (int half = 0; half < 2; ++half)
        for (int trans = 0; trans < 2; ++trans) {
            if (!(o.types >> half & 1) || !(o.ops >> trans & 1))
                continue;
            const mv_datatype at = half ? MV_R_16F : MV_R_16BF;
            printf("\n%s op %c: y = op(A) x; times in us, /cuBLAS against cublasGemmEx (cublas)\n", type_name(at),
                   trans ? 'T' : 'N');
            printf("  %15s %8s %9s %10s %7s %8s %10s %7s", "shape", "lda", "A MiB", "matvec", "%read", "/cuBLAS",
                   "cuBLAS", "%read");
#ifdef MVBENCH_HAVE_CUBLAS_GEMV_16
            printf(" %10s %7s %8s", "cublasGemv", "%read", "/cuBLAS");
#endif
            printf(" %7s %6s\n", "A/A", "copies");
            for (int s = 0; s < o.nshapes; ++s) {
                run_shape(at, trans, &o.shapes[s], &dev);
                progress(++done, total, "shapes");
            }
        }
    printf("\nsummary (matvec's mv_gemv_ex against cublasGemmEx):\n");
    for (int half = 0; half < 2; ++half)
        for (int trans = 0; trans < 2; ++trans)
            summary(half, trans);
    return bench_finish(&g, t0);
}
