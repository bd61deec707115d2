// The default GEMV path's tiled kernels (src/gemv/gemv_fast.cu: tiled-n,
// tiled-n-shift, tiled-t in its instances, the split finish) on the CPU
// emulator: random shapes, paddings, offsets, increments, scalars, SM
// counts and blocks per SM, each run in five block and thread orders
// (bitwise equal), checked loads, against a double reference, nothing
// written outside y. MV_EMU_NPIPE (a knob of the emulated copy only:
// exp/emu/run-fast.sh) puts every tiled-n plan and every double tiled-t
// plan of the four-per-SM instance on the pipelined instances (2) or none
// (1); run under both, the outputs must be bitwise equal (the same sums
// in the same order). A third of the op T cases take long columns (5003
// to 16411 rows, 3-65 of them), several rounds a thread. usage: test_fast COUNT SEED [OUT]
// (OUT: every run's y, bytes, for the comparison).
#include "gemv/gemv_fast.cpp"
#include "emu_test.h"

#include <cstdlib>
#include <limits>

#ifndef EMU_FULL_PATH
extern "C" int mv_gemv_skinny_launch(mv_dtype, const mv_gemv_args *, cudaError_t *) { return 0; }
#endif

static long n_fail = 0, n_run = 0;
static FILE *g_out = nullptr;


struct Cfg {
    int dbl, trans;
    int64_t m, n, pad;
    int off;
    int64_t incx, incy;
    double alpha, beta;
    int dev, sm, per_sm;
    size_t ws;
    int64_t inf_at;  // EMU_INF_X: the infinite element of x (its index mod the length; odd: -inf)
};

template <typename T>
static void run_one(const Cfg &c)
{
    g_regions.clear();
    g_per_sm = c.per_sm;
    const int64_t lda = c.m + c.pad;
    const int64_t lx = c.trans ? c.m : c.n, ly = c.trans ? c.n : c.m;
    GuardArena<T> ar(size_t(lda * c.n + 8 * (c.m + c.n) * 4 + 4096) + 1000);
    T *A = ar.take(size_t(lda * c.n), c.off);
    fill_matrix(A, c.m, c.n, lda);
    T *x = arena_vector(ar, lx, c.incx, "x", c.alpha == 0);
    T *y = arena_vector(ar, ly, c.incy, "y", c.beta == 0);
    // EMU_INF_X=1: one element of x infinite (either sign, drawn): every
    // output is then an infinity (NaN where A's element beside it is 0),
    // which a kernel that multiplies a skipped element by zero breaks.
    static const bool inf_x = getenv("EMU_INF_X") && atoi(getenv("EMU_INF_X")) > 0;
    if (inf_x && c.alpha != 0 && lx > 0)
        x[(c.inf_at % lx) * c.incx] = (c.inf_at & 1 ? -1 : 1) * std::numeric_limits<T>::infinity();
    std::vector<T> ws(c.ws / sizeof(T) + 1, guard_nan<T>());
    const int64_t ws_len = int64_t(ws.size());
    g_regions.push_back({reinterpret_cast<const char *>(ws.data()), sizeof(T), ws_len, ws_len, 1, "ws"});
    std::vector<unsigned> counters(4096, 0u);
    const std::vector<T> mem0 = ar.mem;
    std::vector<double> ry(ly), my(ly);
    for (int64_t i = 0; i < ly; ++i) {
        double s = 0, a = 0;
        for (int64_t q = 0; q < lx && c.alpha != 0; ++q) {
            const double e = double(c.trans ? A[q + i * lda] : A[i + q * lda]) * double(x[q * c.incx]);
            s += e, a += std::fabs(e);
        }
        const double o0 = c.beta == 0 ? 0.0 : double(y[i * c.incy]);
        ry[i] = c.alpha == 0 ? c.beta * o0 : c.alpha * s + c.beta * o0;
        my[i] = std::fabs(c.alpha) * a + std::fabs(c.beta * o0);
    }
    T s_alpha = T(c.alpha), s_beta = T(c.beta);
    mv_gemv_args a{};
    a.trans = c.trans, a.m = c.m, a.n = c.n, a.lda = lda, a.A = A, a.x = x, a.y = y;
    a.incx = c.incx, a.incy = c.incy;
    if (c.dev)
        a.alpha.dev = &s_alpha, a.beta.dev = &s_beta;
    else if (c.alpha == 0 && c.beta == 1)
        return;  // the host mode's quick return happens before dispatch
    else
        a.alpha.value = c.alpha, a.beta.value = c.beta;
    a.sm_count = c.sm;
    a.split_ws = c.ws ? ws.data() : nullptr;
    a.split_ws_bytes = c.ws;
    a.split_counters = counters.data();
    a.split_counter_count = int64_t(counters.size());
    std::vector<std::vector<T>> outs;
    char why[300] = "";
#ifdef EMU_FULL_PATH
    const auto launch = mv_gemv_fast_launch;  // the skinny kernels first, as the default path
#else
    const auto launch = mv_gemv_tiled_launch;
#endif
    bool bad = !run_orders(ar.mem, mem0, [&] { launch(sizeof(T) == 8 ? MV_DTYPE_D : MV_DTYPE_S, &a); }, outs, why, sizeof why);
    for (unsigned k : counters)
        if (k != 0 && !bad) {
            bad = true;
            snprintf(why, sizeof why, "a split counter left at %u", k);
        }
    const T *o = outs[0].data();
    std::vector<char> is_out(mem0.size(), 0);
    for (int64_t i = 0; i < ly; ++i)
        is_out[size_t(y + i * c.incy - ar.mem.data())] = 1;
    for (size_t e = 0; e < mem0.size() && !bad; ++e)
        if (!is_out[e] && memcmp(&o[e], &mem0[e], sizeof(T))) {
            bad = true;
            snprintf(why, sizeof why, "write outside y (element %zu)", e);
        }
    const double eps = sizeof(T) == 4 ? 3e-6 : 1e-14;
    for (int64_t i = 0; i < ly && !bad; ++i) {
        const double got = o[size_t(y + i * c.incy - ar.mem.data())];
        if (std::isnan(ry[i]) ? !std::isnan(got) : std::isinf(ry[i]) ? got != ry[i] : !(std::fabs(got - ry[i]) <= eps * (lx + 2) * my[i] + 1e-30)) {
            bad = true;
            snprintf(why, sizeof why, "y[%ld] = %.9g, expected %.9g", long(i), got, ry[i]);
        }
    }
    if (g_out)
        for (int64_t i = 0; i < ly; ++i)
            fwrite(&o[size_t(y + i * c.incy - ar.mem.data())], sizeof(T), 1, g_out);
    ++n_run;
    if (bad) {
        ++n_fail;
        if (n_fail <= 40)
            printf("FAIL %s %c m=%ld n=%ld pad=%ld off=%d inc=%ld/%ld a=%g b=%g dev=%d sm=%d/%d ws=%zu: %s\n",
                   sizeof(T) == 4 ? "float" : "double", c.trans ? 'T' : 'N', long(c.m), long(c.n), long(c.pad),
                   c.off, long(c.incx), long(c.incy), c.alpha, c.beta, c.dev, c.sm, c.per_sm, c.ws, why);
        fflush(stdout);
    }
}

static void run_cfg(const Cfg &c)
{
    if (c.dbl)
        run_one<double>(c);
    else
        run_one<float>(c);
}

// The summary line; the exit status.
static int finish()
{
    if (g_out)
        fclose(g_out);
    printf("fast: %ld runs, %ld failed, %ld emulator errors\n", n_run, n_fail, g_errors);
    return n_fail != 0;
}

int main(int argc, char **argv)
{
    const int count = argc > 1 ? atoi(argv[1]) : 100;
    rng.seed(argc > 2 ? atoi(argv[2]) : 1);
    if (argc > 3)
        g_out = fopen(argv[3], "wb");
    std::uniform_int_distribution<int> pick(0, 1 << 30);
    const int64_t ms[] = {1, 3, 5, 31, 100, 257, 513, 1025, 2100, 4099};
    const int64_t ns[] = {1, 2, 7, 31, 33, 97, 129, 300, 513};
    const int64_t incs[] = {1, 1, 1, 2, -1, -3};
    const double sc[] = {1.0, 0.0, -0.5, 2.0};
    const double bc[] = {0.0, 1.0, -1.5, 0.5};
    // EMU_SHAPES=FILE: instead of random shapes, the lines of FILE (dtype
    // s|d, op N|T, m, n, lda, incx, A's offset 0|1, alpha, beta) on 132
    // SMs of four blocks, each with the infinite x (EMU_INF_X) at its first
    // and last position: the dispatch's plans for a GPU test's own shapes.
    if (const char *path = getenv("EMU_SHAPES")) {
        FILE *f = fopen(path, "r");
        char dt, op;
        long m, n, lda, incx;
        int off;
        double alpha, beta;
        while (f && fscanf(f, " %c %c %ld %ld %ld %ld %d %lf %lf", &dt, &op, &m, &n, &lda, &incx, &off, &alpha, &beta) == 9)
            for (int end = 0; end < 2; ++end) {
                Cfg c{};
                c.dbl = dt == 'd', c.trans = op == 'T', c.m = m, c.n = n, c.pad = lda - m, c.off = off;
                c.incx = incx, c.incy = 1, c.alpha = alpha, c.beta = beta;
                c.sm = 132, c.per_sm = 4, c.ws = size_t(1) << 24;
                c.inf_at = end ? (c.trans ? m : n) - 1 : 0;
                run_cfg(c);
            }
        if (f)
            fclose(f);
        return finish();
    }
    for (int t = 0; t < count; ++t) {
        Cfg c{};
        c.dbl = pick(rng) % 2;
        c.trans = pick(rng) % 3 == 0;  // mostly op N (tiled-n)
        c.m = ms[pick(rng) % 10];
        c.n = ns[pick(rng) % 9];
        if (c.trans && pick(rng) % 3 == 0) {  // long columns: several rounds a thread
            const int64_t lm[] = {5003, 9001, 16411}, ln[] = {3, 17, 65};
            c.m = lm[pick(rng) % 3], c.n = ln[pick(rng) % 3];
        }
#ifdef EMU_FULL_PATH
        // The skinny kernels' shapes (gemv_skinny.cu): few rows and many
        // columns (short-n/t, scalar-t, flat-t and flat-n over columns off
        // 16 bytes), few columns and many rows (tall-n/t), columns of
        // 65-256 vectors (flat-t under MV_LAB_FLAT).
        const int kind = pick(rng) % 4;
        if (kind == 0) {
            c.m = 1 + pick(rng) % 70, c.n = 200 + pick(rng) % 9000;
        } else if (kind == 1) {
            c.m = 2000 + pick(rng) % 30000, c.n = 1 + pick(rng) % 64;
        } else if (kind == 2) {
            c.m = 250 + pick(rng) % 800, c.n = 300 + pick(rng) % 1500;
        }
#endif
        // EMU_FLAT_T=1: op T over columns of 1-64 vectors off 16 bytes in
        // enough columns for flat-t's waves on the emulated SMs (its lab
        // kernels: entry 91 of docs/notes-gemv.md).
        static const bool flat_t = getenv("EMU_FLAT_T") && atoi(getenv("EMU_FLAT_T")) > 0;
        if (flat_t) {
            const int64_t w = c.dbl ? 2 : 4;
            c.trans = true;
            c.m = 1 + pick(rng) % (64 * w);
            c.n = 400000 / c.m;
        }
        if (c.m * c.n > 400000)
            c.n = 400000 / c.m + 1;
        const int al = flat_t ? 1 + pick(rng) % 2 : pick(rng) % 3;
        c.pad = al == 1 ? 1 + pick(rng) % 3 : 0;
        if (al != 1)
            c.pad += (4 - (c.m + c.pad) % 4) % 4;
        c.off = al == 2 ? 1 : 0;
        c.incx = incs[pick(rng) % 6], c.incy = incs[pick(rng) % 6];
        c.alpha = sc[pick(rng) % 4], c.beta = bc[pick(rng) % 4];
        c.dev = pick(rng) % 3 == 0;
        c.sm = 1 + pick(rng) % 6;
        c.per_sm = 3 + pick(rng) % 2;
        const int wsk = pick(rng) % 4;
        c.ws = wsk == 0 ? 0 : wsk == 1 ? size_t(1) << 22 : size_t(256 + pick(rng) % 40000);
        c.inf_at = pick(rng);
        run_cfg(c);
    }
    return finish();
}
