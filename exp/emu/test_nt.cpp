#include "gemv_nt.cpp"
#include "emu_test.h"

#include <limits>

static long n_fail = 0, n_run = 0, n_fallback = 0;


// The fallback: a CPU GEMV with BLAS rules (pointers at logical element 0).
template <typename T>
static void cpu_gemv(const mv_gemv_args *g)
{
    const T alpha = g->alpha.dev ? *static_cast<const T *>(g->alpha.dev) : T(g->alpha.value);
    const T beta = g->beta.dev ? *static_cast<const T *>(g->beta.dev) : T(g->beta.value);
    const T *A = static_cast<const T *>(g->A), *x = static_cast<const T *>(g->x);
    T *y = static_cast<T *>(g->y);
    const int64_t ly = g->trans ? g->n : g->m, lx = g->trans ? g->m : g->n;
    if (alpha == 0 && beta == 1)
        return;
    for (int64_t i = 0; i < ly; ++i) {
        double s = 0;
        if (alpha != 0)
            for (int64_t q = 0; q < lx; ++q)
                s += double(g->trans ? A[q + i * g->lda] : A[i + q * g->lda]) * double(x[q * g->incx]);
        T *o = y + i * g->incy;
        *o = alpha == 0 ? (beta == 0 ? T(0) : beta * *o) : (beta == 0 ? T(alpha * s) : T(alpha * s + beta * *o));
    }
}
static int g_dtype_d = 0;
extern "C" cudaError_t mv_gemv_launch(mv_dtype dtype, const mv_gemv_args *args)
{
    ++n_fallback;
    if (dtype == MV_DTYPE_D)
        cpu_gemv<double>(args);
    else
        cpu_gemv<float>(args);
    return 0;
}

struct Cfg {
    int dbl;
    int64_t m, n, pad;
    int off;
    int64_t incx, incy, incw, incz;
    double alpha, beta, gamma, delta;
    int dev, sm, per_sm;
    size_t ws;
};

template <typename T>
static void run_one(const Cfg &c)
{
    g_regions.clear();
    g_per_sm = c.per_sm;
    const int64_t lda = c.m + c.pad;
    GuardArena<T> ar(size_t(lda * c.n + 16 * (c.m + c.n) * 4 + 4096) + 1000);
    T *A = ar.take(size_t(lda * c.n), c.off);
    fill_matrix(A, c.m, c.n, lda);
    T *x = arena_vector(ar, c.n, c.incx, "x", false);
    T *w = arena_vector(ar, c.m, c.incw, "w", false);
    T *y = arena_vector(ar, c.m, c.incy, "y", c.beta == 0);
    T *z = arena_vector(ar, c.n, c.incz, "z", c.delta == 0);
    std::vector<T> ws(c.ws / sizeof(T) + 1, guard_nan<T>());
    const std::vector<T> mem0 = ar.mem;
    std::vector<double> ry(c.m), rz(c.n), my(c.m), mz(c.n);
    // One half's reference (in double) and its error scale: out_i = scale *
    // sum_q A(i, q) v_q + keep * out_i, A read down its rows (y) or its
    // columns (z).
    const auto ref_half = [&](int64_t len, int64_t sum_len, bool trans, const T *v, int64_t incv, const T *out,
                              int64_t inco, double scale, double keep, std::vector<double> &ref,
                              std::vector<double> &mag) {
        for (int64_t i = 0; i < len; ++i) {
            double s = 0, a = 0;
            for (int64_t q = 0; q < sum_len && scale != 0; ++q) {
                const double e = double(trans ? A[q + i * lda] : A[i + q * lda]) * v[q * incv];
                s += e, a += std::fabs(e);
            }
            const double o0 = out[i * inco];
            ref[i] = scale == 0 ? (keep == 0 ? 0 : keep * o0) : keep == 0 ? scale * s : scale * s + keep * o0;
            mag[i] = std::fabs(scale) * a + (keep == 0 ? 0 : std::fabs(keep * o0));
        }
    };
    ref_half(c.m, c.n, false, x, c.incx, y, c.incy, c.alpha, c.beta, ry, my);
    ref_half(c.n, c.m, true, w, c.incw, z, c.incz, c.gamma, c.delta, rz, mz);
    T s_alpha = T(c.alpha), s_beta = T(c.beta), s_gamma = T(c.gamma), s_delta = T(c.delta);
    mv_gemv_nt_args a{};
    a.fused = 1;  // the one-pass kernels wherever the partial sums fit (what this checks)
    a.m = c.m, a.n = c.n, a.lda = lda, a.A = A, a.x = x, a.w = w, a.y = y, a.z = z;
    a.incx = c.incx, a.incy = c.incy, a.incw = c.incw, a.incz = c.incz;
    if (c.dev) {
        a.alpha.dev = &s_alpha, a.beta.dev = &s_beta, a.gamma.dev = &s_gamma, a.delta.dev = &s_delta;
        a.do_y = a.do_z = 1;
    } else {
        a.alpha.value = c.alpha, a.beta.value = c.beta, a.gamma.value = c.gamma, a.delta.value = c.delta;
        a.do_y = !(c.alpha == 0 && c.beta == 1);
        a.do_z = !(c.gamma == 0 && c.delta == 1);
        if (!a.do_y && !a.do_z)
            return;
    }
    a.sm_count = c.sm;
    a.split_ws = c.ws ? ws.data() : nullptr;
    a.split_ws_bytes = c.ws;
    std::vector<std::vector<T>> outs;
    char why[300] = "";
    bool bad = !run_orders(ar.mem, mem0, [&] { mv_gemv_nt_launch(sizeof(T) == 8 ? MV_DTYPE_D : MV_DTYPE_S, &a); }, outs, why, sizeof why);
    // every element other than y's and z's is unchanged
    const T *o = outs[0].data();
    std::vector<char> is_out(mem0.size(), 0);
    auto mark = [&](T *p0, int64_t len, int64_t inc) {
        for (int64_t i = 0; i < len; ++i)
            is_out[size_t(p0 + i * inc - ar.mem.data())] = 1;
    };
    mark(y, c.m, c.incy);
    mark(z, c.n, c.incz);
    for (size_t e = 0; e < mem0.size() && !bad; ++e)
        if (!is_out[e] && memcmp(&o[e], &mem0[e], sizeof(T))) {
            bad = true;
            snprintf(why, sizeof why, "write outside y and z (element %zu)", e);
        }
    const double eps = sizeof(T) == 4 ? 3e-6 : 1e-14;
    for (int64_t i = 0; i < c.m && !bad; ++i) {
        const double got = o[size_t(y + i * c.incy - ar.mem.data())];
        if (!(std::fabs(got - ry[i]) <= eps * (c.n + 2) * my[i] + 1e-30)) {
            bad = true;
            snprintf(why, sizeof why, "y[%ld] = %.9g, expected %.9g", long(i), got, ry[i]);
        }
    }
    for (int64_t j = 0; j < c.n && !bad; ++j) {
        const double got = o[size_t(z + j * c.incz - ar.mem.data())];
        if (!(std::fabs(got - rz[j]) <= eps * (c.m + 2) * mz[j] + 1e-30)) {
            bad = true;
            snprintf(why, sizeof why, "z[%ld] = %.9g, expected %.9g", long(j), got, rz[j]);
        }
    }
    if (!bad && c.alpha == 0 && c.beta == 1)
        for (int64_t i = 0; i < c.m && !bad; ++i) {
            const size_t e = size_t(y + i * c.incy - ar.mem.data());
            if (memcmp(&o[e], &mem0[e], sizeof(T)))
                bad = true, snprintf(why, sizeof why, "alpha 0 beta 1 changed y");
        }
    if (!bad && c.gamma == 0 && c.delta == 1)
        for (int64_t j = 0; j < c.n && !bad; ++j) {
            const size_t e = size_t(z + j * c.incz - ar.mem.data());
            if (memcmp(&o[e], &mem0[e], sizeof(T)))
                bad = true, snprintf(why, sizeof why, "gamma 0 delta 1 changed z");
        }
    ++n_run;
    if (bad) {
        ++n_fail;
        if (n_fail <= 40)
            printf("FAIL %s m=%ld n=%ld pad=%ld off=%d inc=%ld/%ld/%ld/%ld a=%g b=%g g=%g d=%g dev=%d sm=%d/%d ws=%zu: %s\n",
                   sizeof(T) == 4 ? "float" : "double", long(c.m), long(c.n), long(c.pad), c.off, long(c.incx),
                   long(c.incy), long(c.incw), long(c.incz), c.alpha, c.beta, c.gamma, c.delta, c.dev, c.sm,
                   c.per_sm, c.ws, why);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    const int count = argc > 1 ? atoi(argv[1]) : 100;
    rng.seed(argc > 2 ? atoi(argv[2]) : 1);
    std::uniform_int_distribution<int> pick(0, 1 << 30);
    const int64_t ms[] = {1, 3, 4, 31, 100, 257, 512, 513, 1024, 1025, 2100};
    const int64_t ns[] = {1, 2, 31, 32, 33, 97, 128, 129, 160, 300, 513, 700};
    const int64_t incs[] = {1, 1, 1, 2, -1, -3};
    const double sc[] = {1.0, 0.0, -0.5, 2.0};
    const double bc[] = {0.0, 1.0, -1.5, 0.5};
    for (int t = 0; t < count; ++t) {
        Cfg c{};
        c.dbl = pick(rng) % 2;
        c.m = ms[pick(rng) % 11];
        c.n = ns[pick(rng) % 12];
        const int al = pick(rng) % 3;
        c.pad = al == 1 ? 1 + pick(rng) % 3 : 0;
        if (al != 1)
            c.pad += (4 - (c.m + c.pad) % 4) % 4;
        c.off = al == 2 ? 1 : 0;
        c.incx = incs[pick(rng) % 6], c.incy = incs[pick(rng) % 6], c.incw = incs[pick(rng) % 6],
        c.incz = incs[pick(rng) % 6];
        c.alpha = sc[pick(rng) % 4], c.beta = bc[pick(rng) % 4], c.gamma = sc[pick(rng) % 4],
        c.delta = bc[pick(rng) % 4];
        c.dev = pick(rng) % 3 == 0;
        c.sm = 1 + pick(rng) % 12;
        c.per_sm = 1 + pick(rng) % 2;
        const int wsk = pick(rng) % 4;
        c.ws = wsk == 0 ? 0 : wsk == 1 ? size_t(1) << 22 : size_t(256 + pick(rng) % 40000);
        if (c.dbl)
            run_one<double>(c);
        else
            run_one<float>(c);
    }
    printf("nt: %ld runs, %ld failed, %ld fallbacks, %ld emulator errors\n", n_run, n_fail, n_fallback, g_errors);
    return n_fail != 0;
}
