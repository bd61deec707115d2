// Batched GEMV (src/gemv/gemv_batched.cu) on the emulator: random shapes,
// lda, increments, the strided form's strides (packed, padded, shared,
// negative, interleaved outputs) and the pointer form, both kernels
// (batched_tile where a problem fits its shared memory, groups of problems
// and their last short group; else batched_block and its parts), host and device scalars. Every problem's outputs against a
// double reference, everything else in the arena unchanged, the same bits
// in every block order, every load of A and x within their elements (none
// where alpha == 0).
// usage: test_batched [COUNT] [SEED]
#include "gemv_batched.cpp"
#include "emu_test.h"

#include <limits>

static long n_fail = 0, n_run = 0, n_tile = 0, n_block = 0;

enum { SA_PACKED, SA_PADDED, SA_SHARED };
enum { SX_PACKED, SX_PADDED, SX_SHARED };
enum { SY_PACKED, SY_PADDED, SY_NEG, SY_NEG_PADDED, SY_INTERLEAVED };

struct Cfg {
    int dbl, trans;
    int64_t m, n, pad;    // lda = m + pad
    int64_t incx, incy;   // incy is replaced by +-batch for interleaved outputs
    int64_t batch;
    int sa, sx, sy, gap;  // stride kinds; gap: the padded strides' extra elements
    int ptr;              // the pointer form (arrays into the same data, A and x shared at random, y permuted)
    int null_ops;         // alpha == 0: A and x (or their arrays) passed as NULL
    double alpha, beta;
    int dev, sm;
    int shift;            // A's first element this many elements past a 16-byte boundary
    int ws;               // the split workspace: none (0), exactly what a split needs (1), one element short (2)
};

static const char *sa_name[] = {"packed", "padded", "shared"};
static const char *sx_name[] = {"packed", "padded", "shared"};
static const char *sy_name[] = {"packed", "padded", "neg", "neg-padded", "interleaved"};

// What mv_gemv_batched_launch picks (for the counts printed at the end):
// the tile where one problem's pointers, matrix and vector, the split
// sums' 256 elements and a 16-byte shift fit 96 KiB.
static bool picks_tile(const Cfg &c)
{
    const int64_t elem = c.dbl ? 8 : 4, len_x = c.trans ? c.m : c.n;
    return 16 + (c.m * c.n + len_x + 256) * elem + 16 <= 96 * 1024;
}

template <typename T>
static void run_one(Cfg c)
{
    g_regions.clear();
    const int64_t lda = c.m + c.pad;
    const int64_t len_x = c.trans ? c.m : c.n, len_y = c.trans ? c.n : c.m;
    if (c.sy == SY_INTERLEAVED)
        c.incy = c.incy < 0 ? -c.batch : c.batch;
    const int64_t ax = c.incx < 0 ? -c.incx : c.incx, ay = c.incy < 0 ? -c.incy : c.incy;
    const int64_t span_x = (len_x - 1) * ax + 1, span_y = (len_y - 1) * ay + 1;
    const int64_t stride_a = c.sa == SA_PACKED ? lda * c.n : c.sa == SA_PADDED ? lda * c.n + c.gap : 0;
    const int64_t stride_x = c.sx == SX_PACKED ? span_x : c.sx == SX_PADDED ? span_x + c.gap : 0;
    const int64_t stride_y = c.sy == SY_PACKED        ? span_y
                             : c.sy == SY_PADDED      ? span_y + c.gap
                             : c.sy == SY_NEG         ? -span_y
                             : c.sy == SY_NEG_PADDED  ? -(span_y + c.gap)
                                                      : 1;
    const int64_t B = c.batch;
    const int64_t size_a = (B - 1) * stride_a + lda * c.n, size_x = (B - 1) * stride_x + span_x;
    const int64_t size_y = (B - 1) * (stride_y < 0 ? -stride_y : stride_y) + span_y;
    GuardArena<T> ar(size_t(size_a + size_x + size_y + (len_x + 511) / 512 * B * len_y) + 256 + 4);
    const int64_t chunks = (len_x + 511) / 512, need = B * len_y * chunks;
    const int64_t ws_elems = c.ws == 0 ? 0 : c.ws == 1 ? need : need - 1;
    T *A0 = ar.take_packed(size_t(size_a + c.shift)) + c.shift, *X0 = ar.take_packed(size_t(size_x)),
      *Y0 = ar.take_packed(size_t(size_y));
    T *W0 = ar.take_packed(size_t(ws_elems));
    for (int64_t b = 0; b < B; ++b)
        for (int64_t j = 0; j < c.n; ++j)
            for (int64_t i = 0; i < c.m; ++i)
                A0[b * stride_a + i + j * lda] = T(urand());
    for (int64_t b = 0; b < B; ++b)
        for (int64_t k = 0; k < len_x; ++k)
            X0[b * stride_x + k * ax] = T(urand());
    // the strided form's problems (lowest addresses): y's problem 0 is the
    // highest for a negative stride_y
    const int64_t y_first = stride_y < 0 ? (B - 1) * -stride_y : 0;
    for (int64_t b = 0; b < B; ++b)
        for (int64_t k = 0; k < len_y; ++k)
            Y0[y_first + b * stride_y + k * ay] =
                c.beta == 0 ? std::numeric_limits<T>::quiet_NaN() : T(urand());
    std::vector<const T *> pa(B), px(B);
    std::vector<T *> py(B);
    for (int64_t b = 0; b < B; ++b)
        pa[b] = A0 + b * stride_a, px[b] = X0 + b * stride_x, py[b] = Y0 + y_first + b * stride_y;
    if (c.ptr) {
        // any problem's A and x (repeats allowed), the outputs permuted
        std::vector<const T *> qa(B), qx(B);
        for (int64_t b = 0; b < B; ++b)
            qa[b] = pa[rng() % uint64_t(B)], qx[b] = px[rng() % uint64_t(B)];
        std::shuffle(py.begin(), py.end(), rng);
        pa = qa, px = qx;
    }
    const std::vector<T> mem0 = ar.mem;

    // the reference, in double, and each output's error scale
    std::vector<double> ref(size_t(B * len_y)), mag(size_t(B * len_y));
    std::vector<char> is_out(mem0.size(), 0);
    auto y_at = [&](int64_t b, int64_t k) { return py[b] + (c.incy < 0 ? (len_y - 1 - k) * ay : k * ay); };
    for (int64_t b = 0; b < B; ++b)
        for (int64_t o = 0; o < len_y; ++o) {
            double s = 0, a = 0;
            for (int64_t q = 0; q < len_x && c.alpha != 0; ++q) {
                const double av = c.trans ? pa[b][q + o * lda] : pa[b][o + q * lda];
                const double xv = px[b][c.incx < 0 ? (len_x - 1 - q) * ax : q * ax];
                s += av * xv, a += std::fabs(av * xv);
            }
            const T *yo = y_at(b, o);
            const double y0 = *yo, al = c.alpha, be = c.beta;
            ref[b * len_y + o] = al == 0 ? (be == 0 ? 0 : be * y0) : be == 0 ? al * s : al * s + be * y0;
            mag[b * len_y + o] = std::fabs(al) * a + (be == 0 ? 0 : std::fabs(be * y0));
            is_out[size_t(yo - ar.mem.data())] = 1;
        }

    // what the kernels may read (through the checked loads of
    // transform.py --checked-loads): A's and x's elements, where alpha != 0
    std::vector<char> readable(mem0.size(), 0);
    for (int64_t b = 0; b < B && c.alpha != 0; ++b) {
        for (int64_t j = 0; j < c.n; ++j)
            for (int64_t i = 0; i < c.m; ++i)
                readable[size_t(pa[b] + i + j * lda - ar.mem.data())] = 1;
        for (int64_t k = 0; k < len_x; ++k)
            readable[size_t(px[b] + k * ax - ar.mem.data())] = 1;
    }
    // the workspace: written and read back by the kernels, checked only by
    // the outputs (its NaN start shows any partial read before written)
    for (int64_t e = 0; e < ws_elems; ++e)
        readable[size_t(W0 + e - ar.mem.data())] = 1, is_out[size_t(W0 + e - ar.mem.data())] = 1;
    emu_readable(ar.mem.data(), sizeof(T), mem0.size(), readable.data());

    T s_alpha = T(c.alpha), s_beta = T(c.beta);
    mv_gemv_batched_args g{};
    g.trans = c.trans, g.m = c.m, g.n = c.n, g.lda = lda;
    g.incx = c.incx, g.incy = c.incy, g.batch_count = B, g.sm_count = c.sm;
    g.ws = ws_elems > 0 ? W0 : nullptr, g.ws_bytes = size_t(ws_elems) * sizeof(T);
    const bool null_ops = c.null_ops && c.alpha == 0;
    std::vector<const void *> aa(B), xa(B);
    std::vector<void *> ya(B);
    if (c.ptr) {
        for (int64_t b = 0; b < B; ++b)
            aa[b] = pa[b], xa[b] = px[b], ya[b] = py[b];
        g.A_array = null_ops ? nullptr : aa.data();
        g.x_array = null_ops ? nullptr : xa.data();
        g.y_array = ya.data();
    } else {
        // x and y at logical element 0, as gemv_batched.c passes them
        g.A = null_ops ? nullptr : A0;
        g.x = null_ops ? nullptr : X0 + (c.incx < 0 ? (len_x - 1) * ax : 0);
        g.y = py[0] + (c.incy < 0 ? (len_y - 1) * ay : 0);
        g.stride_a = stride_a, g.stride_x = stride_x, g.stride_y = stride_y;
    }
    if (c.dev) {
        g.alpha.dev = &s_alpha, g.beta.dev = &s_beta;
    } else {
        if (c.alpha == 0 && c.beta == 1)
            return;  // dispatch's quick return: never launched in host mode
        g.alpha.value = c.alpha, g.beta.value = c.beta;
    }
    ++(picks_tile(c) ? n_tile : n_block);
    std::vector<std::vector<T>> outs;
    const long e0 = g_errors;
    for (int sched = 0; sched < 5; ++sched) {
        ar.mem = mem0;
        g_order = sched;
        g_late = sched != 0 && sched != 4;  // cp.async copies landing at the wait
        g_rng.seed(99 + sched);
        mv_gemv_batched_launch(sizeof(T) == 8 ? MV_DTYPE_D : MV_DTYPE_S, &g);
        outs.push_back(ar.mem);
    }
    emu_readable(nullptr, 0, 0, nullptr);
    bool bad = g_errors != e0;
    char why[300] = "";
    if (bad)
        snprintf(why, sizeof why, "emulator errors");
    for (int s = 1; s < 5 && !bad; ++s)
        if (memcmp(outs[s].data(), outs[0].data(), outs[0].size() * sizeof(T))) {
            bad = true;
            snprintf(why, sizeof why, "block order %d differs", s);
        }
    const T *o = outs[0].data();
    for (size_t e = 0; e < mem0.size() && !bad; ++e)
        if (!is_out[e] && memcmp(&o[e], &mem0[e], sizeof(T))) {
            bad = true;
            snprintf(why, sizeof why, "write outside the outputs (arena element %zu)", e);
        }
    const double eps = sizeof(T) == 4 ? 3e-6 : 1e-14;
    for (int64_t b = 0; b < B && !bad; ++b)
        for (int64_t k = 0; k < len_y && !bad; ++k) {
            const size_t e = size_t(y_at(b, k) - ar.mem.data());
            const double got = o[e], r = ref[b * len_y + k];
            if (!(std::fabs(got - r) <= eps * double(len_x + 2) * mag[b * len_y + k] + 1e-30)) {
                bad = true;
                snprintf(why, sizeof why, "problem %ld y[%ld] = %.9g, expected %.9g", long(b), long(k), got, r);
            } else if (c.alpha == 0 && c.beta == 1 && memcmp(&o[e], &mem0[e], sizeof(T))) {
                bad = true;
                snprintf(why, sizeof why, "alpha 0 beta 1 changed problem %ld y[%ld]", long(b), long(k));
            }
        }
    ++n_run;
    if (bad) {
        ++n_fail;
        if (n_fail <= 40)
            printf("FAIL %s %s m=%ld n=%ld lda=%ld inc=%ld/%ld batch=%ld %s sa=%s sx=%s sy=%s gap=%d%s a=%g b=%g "
                   "dev=%d sm=%d shift=%d (%s): %s\n",
                   sizeof(T) == 4 ? "float" : "double", c.trans ? "T" : "N", long(c.m), long(c.n), long(lda),
                   long(c.incx), long(c.incy), long(B), c.ptr ? "ptr" : "strided", sa_name[c.sa], sx_name[c.sx],
                   sy_name[c.sy], c.gap, null_ops ? " null-A-x" : "", c.alpha, c.beta, c.dev, c.sm, c.shift,
                   picks_tile(c) ? "tile" : "block", why);
        fflush(stdout);
    }
}

static void run(const Cfg &c)
{
    if (c.dbl)
        run_one<double>(c);
    else
        run_one<float>(c);
}

static void report(const char *name)
{
    printf("%s: %ld runs (%ld tile, %ld block), %ld failed, %ld emulator errors\n", name, n_run, n_tile, n_block,
           n_fail, g_errors);
}

int main(int argc, char **argv)
{
    const int count = argc > 1 ? atoi(argv[1]) : 100;
    rng.seed(argc > 2 ? atoi(argv[2]) : 1);
    std::uniform_int_distribution<int> pick(0, 1 << 30);
    const int64_t dims[] = {1, 2, 3, 5, 8, 13, 16, 17, 31, 32, 33, 100, 257};
    const int64_t incs[] = {1, 2, -1, -3};
    const double al[] = {1.0, 0.0, -0.5};
    const double be[] = {0.0, 1.0, 0.5};
    for (int t = 0; t < count; ++t) {
        Cfg c{};
        c.dbl = pick(rng) % 2;
        c.trans = pick(rng) % 2;
        c.m = dims[pick(rng) % 13];
        c.n = dims[pick(rng) % 13];
        c.pad = pick(rng) % 2 ? 0 : 1 + pick(rng) % 4;
        c.incx = incs[pick(rng) % 4], c.incy = incs[pick(rng) % 4];
        const int bk = pick(rng) % 3;
        if (bk == 0) {
            // many problems (tiles of several, the last group short); keep
            // the work small
            c.sm = 1 + pick(rng) % 3;
            c.batch = c.sm * 64 + pick(rng) % 40;
            if (c.m * c.n > 4000)
                c.m = std::min<int64_t>(c.m, 33), c.n = std::min<int64_t>(c.n, 33);
        } else if (bk == 1) {
            c.sm = 1 + pick(rng) % 12;
            c.batch = 1 + pick(rng) % 9;
        } else {
            // tens of problems, or a few hundred
            c.sm = 1 + pick(rng) % 3;
            c.batch = pick(rng) % 2 ? c.sm * 64 - 1 : 10 + pick(rng) % 60;
            if (c.m * c.n > 4000)
                c.m = std::min<int64_t>(c.m, 33), c.n = std::min<int64_t>(c.n, 33);
        }
        if (pick(rng) % 8 == 0 && bk == 1)
            c.sm = 0;  // the default (132)
        c.ptr = pick(rng) % 3 == 0;
        c.sa = pick(rng) % 3, c.sx = pick(rng) % 3, c.sy = pick(rng) % 5;
        c.gap = 1 + pick(rng) % 5;
        c.shift = pick(rng) % 4;
        c.ws = pick(rng) % 3;
        c.alpha = al[pick(rng) % 3], c.beta = be[pick(rng) % 3];
        c.null_ops = pick(rng) % 2;
        c.dev = pick(rng) % 3 == 0;
        run(c);
    }
    report("batched");
    return n_fail != 0;
}
