#include "gemm_narrow.cuh"
#include "emu_test.h"

#include <cinttypes>

using namespace mv::gemm;

template <typename T>
struct Mat {
    std::vector<char> store;
    T *p = nullptr;
    int64_t rows, cols, ld;
    size_t total;  // elements incl. guards
    T *all;
};

template <typename T>
static void make(Mat<T> &M, int64_t rows, int64_t cols, int64_t ld, int off, const char *name, bool nan_fill = false)
{
    const int64_t guard = 64;
    M.rows = rows, M.cols = cols, M.ld = ld;
    M.total = size_t(guard * 2 + off + ld * cols);
    M.store.assign(M.total * sizeof(T) + 256, 0);
    char *b = M.store.data();
    b += (256 - (reinterpret_cast<uintptr_t>(b) % 256)) % 256;
    M.all = reinterpret_cast<T *>(b);
    for (size_t i = 0; i < M.total; ++i)
        M.all[i] = guard_nan<T>();
    M.p = M.all + guard + off;
    for (int64_t c = 0; c < cols; ++c)
        for (int64_t r = 0; r < rows; ++r)
            M.p[r + c * ld] = nan_fill ? std::numeric_limits<T>::quiet_NaN() : T(urand());
    g_regions.push_back({reinterpret_cast<const char *>(M.p), sizeof(T), ld, rows, cols, name});
}

struct Cfg {
    int dbl, pipe, ta, tb;
    int64_t m, n, k, pada, padb, padc;
    int offa, offb;
    double alpha, beta;
    int sm, per_sm;
    size_t ws;
    int devscal;
};

static long n_fail = 0, n_run = 0, n_teams_n = 0, n_teams_t = 0;

template <typename T, int PIPE>
static void run_one(const Cfg &c)
{
    g_regions.clear();
    g_per_sm = c.per_sm;
    const int64_t ra = c.ta ? c.k : c.m, ca = c.ta ? c.m : c.k;
    const int64_t rb = c.tb ? c.n : c.k, cb = c.tb ? c.k : c.n;
    Mat<T> A, B, C;
    make(A, ra, ca, ra + c.pada, c.offa, "A");
    make(B, rb, cb, rb + c.padb, c.offb, "B");
    make(C, c.m, c.n, c.m + c.padc, 0, "C", c.beta == 0);
    std::vector<T> ws(c.ws / sizeof(T) + 1, guard_nan<T>());
    const std::vector<T> C0(C.all, C.all + C.total);
    // reference
    std::vector<double> ref(size_t(c.m * c.n)), mag(size_t(c.m * c.n));
    for (int64_t j = 0; j < c.n; ++j)
        for (int64_t i = 0; i < c.m; ++i) {
            double s = 0, a = 0;
            if (c.alpha != 0)
                for (int64_t q = 0; q < c.k; ++q) {
                    const double x = c.ta ? A.p[q + i * A.ld] : A.p[i + q * A.ld];
                    const double y = c.tb ? B.p[j + q * B.ld] : B.p[q + j * B.ld];
                    s += x * y;
                    a += std::fabs(x * y);
                }
            const double c0 = C.p[i + j * C.ld];
            double r = c.alpha == 0 ? (c.beta == 0 ? 0 : c.beta * c0) : (c.beta == 0 ? c.alpha * s : c.alpha * s + c.beta * c0);
            ref[i + j * c.m] = r;
            mag[i + j * c.m] = std::fabs(c.alpha) * a + (c.beta == 0 ? 0 : std::fabs(c.beta * c0));
        }
    T alpha_d = T(c.alpha), beta_d = T(c.beta);
    mv_gemm_args g{};
    g.transa = c.ta, g.transb = c.tb;
    g.m = c.m, g.n = c.n, g.k = c.k;
    g.A = A.p, g.lda = A.ld, g.B = B.p, g.ldb = B.ld, g.C = C.p, g.ldc = C.ld;
    if (c.devscal) {
        g.alpha.dev = &alpha_d;
        g.beta.dev = &beta_d;
    } else {
        g.alpha.value = c.alpha;
        g.beta.value = c.beta;
    }
    g.sm_count = c.sm;
    g.split_ws = c.ws ? ws.data() : nullptr;
    g.split_ws_bytes = c.ws;
    {  // the plan's row teams, counted (the kernels run the same plan)
        bool tk;
        narrow::Params pp = narrow::make_params(&g, &tk);
        const int teams = narrow::with_nb(pp.nv, [&](auto nb) {
            narrow::plan_nb<T, decltype(nb)::value, PIPE>(pp, tk, &g);
            return pp.teams;
        });
        if (teams > 1)
            ++(tk ? n_teams_t : n_teams_n);
    }
    std::vector<std::vector<T>> outs;
    const long e0 = g_errors;
    for (int sched = 0; sched < 5; ++sched) {
        std::copy(C0.begin(), C0.end(), C.all);
        g_order = sched;
        g_late = sched != 0 && sched != 4;
        g_rng.seed(77 + sched);
        narrow::launch<T, PIPE>(&g);
        outs.emplace_back(C.all, C.all + C.total);
    }
    bool bad = g_errors != e0;
    char why[256] = "";
    if (bad)
        snprintf(why, sizeof why, "emulator errors");
    for (int s = 1; s < 5 && !bad; ++s)
        if (memcmp(outs[s].data(), outs[0].data(), outs[0].size() * sizeof(T))) {
            bad = true;
            size_t i = 0;
            while (!memcmp(&outs[s][i], &outs[0][i], sizeof(T)))
                ++i;
            snprintf(why, sizeof why, "schedule %d differs from schedule 0 (element %zu: %g vs %g)", s, i,
                     double(outs[s][i]), double(outs[0][i]));
        }
    // guards and padding of C unchanged; values near the reference
    const T *out = outs[0].data();
    const T *base = C.p;
    for (size_t e = 0; e < C.total && !bad; ++e) {
        const int64_t off = int64_t(e) - (base - C.all);
        const bool inside = off >= 0 && off % C.ld < c.m && off / C.ld < c.n;
        if (!inside) {
            if (memcmp(&out[e], &C0[e], sizeof(T))) {
                bad = true;
                snprintf(why, sizeof why, "write outside C at element offset %ld", long(off));
            }
            continue;
        }
        const int64_t i = off % C.ld, j = off / C.ld;
        const double r = ref[i + j * c.m], got = out[e];
        const double tol = (sizeof(T) == 4 ? 3e-6 : 1e-14) * (c.k + 2) * mag[i + j * c.m] + 1e-30;
        if (!(std::fabs(got - r) <= tol)) {
            bad = true;
            snprintf(why, sizeof why, "C(%ld,%ld) = %.9g, expected %.9g", long(i), long(j), got, r);
        }
    }
    if (c.alpha == 0 && c.beta == 1 && !bad && memcmp(out, C0.data(), C0.size() * sizeof(T))) {
        bad = true;
        snprintf(why, sizeof why, "alpha 0 beta 1 changed C");
    }
    ++n_run;
    if (bad) {
        ++n_fail;
        if (n_fail <= 40)
            printf("FAIL %s pipe=%d ta=%d tb=%d m=%ld n=%ld k=%ld pad=%ld/%ld/%ld off=%d/%d alpha=%g beta=%g sm=%d ws=%zu "
                   "dev=%d: %s\n",
                   sizeof(T) == 4 ? "float" : "double", PIPE, c.ta, c.tb, long(c.m), long(c.n), long(c.k), long(c.pada),
                   long(c.padb), long(c.padc), c.offa, c.offb, c.alpha, c.beta, c.sm, c.ws, c.devscal, why);
        fflush(stdout);
    }
}

static void run(const Cfg &c)
{
    if (c.dbl)
        switch (c.pipe) {  // the kernels' form: kPipe (1), kOcc (2)
        case 0: run_one<double, 0>(c); break;
        case 1: run_one<double, 1>(c); break;
        case 2: run_one<double, 2>(c); break;
        default: run_one<double, 3>(c); break;
        }
    else
        switch (c.pipe) {
        case 0: run_one<float, 0>(c); break;
        case 1: run_one<float, 1>(c); break;
        case 2: run_one<float, 2>(c); break;
        default: run_one<float, 3>(c); break;
        }
}

int main(int argc, char **argv)
{
    const int count = argc > 1 ? atoi(argv[1]) : 200;
    const int seed = argc > 2 ? atoi(argv[2]) : 1;
    const int only_pipe = argc > 3 ? atoi(argv[3]) : -1;
    rng.seed(seed);
    const int64_t nvs[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32};
    const int64_t bigs[] = {1, 2, 5, 33, 64, 100, 129, 260, 513};
    const int64_t ks[] = {1, 3, 8, 31, 64, 130, 257, 600, 1100, 2100, 3000};
    std::uniform_int_distribution<int> pick(0, 1 << 30);
    for (int t = 0; t < count; ++t) {
        Cfg c{};
        c.dbl = pick(rng) % 2;
        c.pipe = only_pipe >= 0 ? only_pipe : pick(rng) % 4;  // the form, 0..3
        c.ta = pick(rng) % 2;
        c.tb = pick(rng) % 2;
        const int64_t nv = nvs[pick(rng) % 14], big = bigs[pick(rng) % 9];
        const bool nside = pick(rng) % 2;
        if (nside) {
            c.n = nv, c.m = big;
        } else {
            c.m = nv, c.n = std::max<int64_t>(33, big);
        }
        c.k = ks[pick(rng) % 11];
        const int al = pick(rng) % 3;  // 0 aligned, 1 odd pad, 2 odd offset
        c.pada = al == 1 ? 1 + pick(rng) % 3 : (pick(rng) % 2) * 4;
        c.padb = al == 1 ? 1 + pick(rng) % 3 : (pick(rng) % 2) * 4;
        c.padc = pick(rng) % 3;
        // keep ld a multiple of 4 for aligned cases
        if (al != 1) {
            const int64_t ra = c.ta ? c.k : c.m, rb = c.tb ? c.n : c.k;
            c.pada += (4 - (ra + c.pada) % 4) % 4;
            c.padb += (4 - (rb + c.padb) % 4) % 4;
        }
        c.offa = al == 2 ? 1 : 0;
        c.offb = al == 2 ? 1 : 0;
        const double alphas[] = {1.0, -0.5, 0.0, 2.0};
        const double betas[] = {0.0, 1.0, -1.5, 0.5};
        c.alpha = alphas[pick(rng) % 4];
        c.beta = betas[pick(rng) % 4];
        c.devscal = pick(rng) % 3 == 0;
        if (!c.devscal && c.alpha == 0)
            c.alpha = 1.0;  // host mode never reaches the kernels with alpha == 0
        c.sm = 1 + pick(rng) % 16;
        c.per_sm = 1 + pick(rng) % 2;
        const int wsk = pick(rng) % 3;
        c.ws = wsk == 0 ? 0 : wsk == 1 ? size_t(1) << 20 : size_t(4096 + pick(rng) % 60000);
        run(c);
    }
    // Row teams (argv[4] != 0): stream-n sums of 1-16 columns over enough
    // rows for 2-8 teams on a GPU of 1-2 SMs, stream-t over 3-100 columns
    // and long sums, the non-pipelined forms (0 and kOcc), both sides.
    const int teams_runs = argc > 4 ? atoi(argv[4]) : 0;
    for (int t = 0; t < teams_runs; ++t) {
        Cfg c{};
        c.dbl = pick(rng) % 2;
        c.pipe = (pick(rng) % 2) * 2;
        const bool stream_t = pick(rng) % 2, nside = pick(rng) % 2;
        const int64_t nv = nvs[pick(rng) % 14];
        const int64_t rows_n[] = {300, 700, 1500, 2100}, cols_n[] = {1, 3, 8, 11, 16};
        const int64_t cols_t[] = {3, 17, 40, 100}, rows_t[] = {700, 3000, 9001};
        const int64_t big = stream_t ? cols_t[pick(rng) % 4] : rows_n[pick(rng) % 4];
        c.k = stream_t ? rows_t[pick(rng) % 3] : cols_n[pick(rng) % 5];
        // the cols side: M = A, stream-t where A is transposed; the rows
        // side (C nv x big): M = B, stream-t where B is not
        if (nside) {
            c.m = big, c.n = nv, c.ta = stream_t, c.tb = pick(rng) % 2;
        } else {
            c.m = nv, c.n = std::max<int64_t>(33, big), c.tb = !stream_t, c.ta = pick(rng) % 2;
        }
        const int al = pick(rng) % 3;
        c.pada = al == 1 ? 1 + pick(rng) % 3 : 0;
        c.padb = al == 1 ? 1 + pick(rng) % 3 : 0;
        if (al != 1) {
            const int64_t ra = c.ta ? c.k : c.m, rb = c.tb ? c.n : c.k;
            c.pada += (4 - (ra + c.pada) % 4) % 4;
            c.padb += (4 - (rb + c.padb) % 4) % 4;
        }
        c.offa = c.offb = al == 2 ? 1 : 0;
        c.padc = pick(rng) % 3;
        const double alphas[] = {1.0, -0.5, 2.0}, betas[] = {0.0, 1.0, -1.5, 0.5};
        c.alpha = alphas[pick(rng) % 3];
        c.beta = betas[pick(rng) % 4];
        c.sm = 1 + pick(rng) % 2;
        c.per_sm = 1;
        c.ws = size_t(1) << 20;
        run(c);
    }
    printf("narrow: %ld runs (row teams: %ld stream-n, %ld stream-t), %ld failed, %ld emulator errors, %ld switches\n",
           n_run, n_teams_n, n_teams_t, n_fail, g_errors, g_switches);
    return n_fail != 0;
}
