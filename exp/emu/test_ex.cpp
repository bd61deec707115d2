// mv_gemv_ex's kernels (src/gemv/gemv_ex.cu) on the emulator: random shapes
// (m and n from 1 to 2100 around the kernels' 8-row, 256-row, 4- and
// 32-column units), lda padded to a multiple of 8 or not, A 16-byte aligned
// (16-byte loads) or not, every type combination (A binary16 or bfloat16;
// x and y A's type or float), increments, alpha and beta with the BLAS
// rules (NaN in y where beta = 0, in A and x where alpha = 0), host and
// device scalars, small sm_count and no, a small or a large workspace
// (the parts of the sum and ex_finish). Checked: y against a double
// reference of the exact inputs (float accumulation, then one rounding to
// y's type), the same bits in every block order, nothing written outside y
// and the workspace's first ws_bytes, every load of A, x and the workspace
// within their elements (none of A and x where alpha = 0), aligned to its
// size (the uint4 loads to 16 bytes).
// usage: test_ex [COUNT] [SEED]
#include "gemv_ex.cpp"
#include "emu_test.h"

#include <limits>

static long n_fail = 0, n_run = 0, n_split = 0, n_vec = 0;

static size_t tsize(int t) { return t == MV_EX_32F ? 4 : 2; }
static const char *tname(int t) { return t == MV_EX_32F ? "f32" : t == MV_EX_16F ? "f16" : "bf16"; }

static double get(const unsigned char *p, int t)
{
    if (t == MV_EX_32F) {
        float f;
        memcpy(&f, p, 4);
        return f;
    }
    uint16_t b;
    memcpy(&b, p, 2);
    if (t == MV_EX_16F)
        return __half2float(emu_half_of_bits(b));
    __nv_bfloat16 v;
    v.__x = b;
    return __bfloat162float(v);
}

static void put(unsigned char *p, int t, double v)
{
    if (t == MV_EX_32F) {
        const float f = float(v);
        memcpy(p, &f, 4);
    } else {
        const uint16_t b = t == MV_EX_16F ? __float2half_rn(float(v)).__x : __float2bfloat16_rn(float(v)).__x;
        memcpy(p, &b, 2);
    }
}

// One allocation holding every operand, guard bytes (all ones: NaN in
// every type) around each; base 16-byte aligned.
struct Arena {
    std::vector<unsigned char> raw;
    unsigned char *base;
    size_t size, used = 64;
    explicit Arena(size_t n) : raw(n + 16, 0xff), size(n)
    {
        base = raw.data() + (16 - reinterpret_cast<uintptr_t>(raw.data()) % 16) % 16;
    }
    // `bytes` bytes at `off` bytes past a 16-byte boundary
    unsigned char *take(size_t bytes, size_t off)
    {
        used = (used + 32 + 15) / 16 * 16 + off;
        unsigned char *p = base + used;
        used += bytes;
        if (used + 64 > size) {
            fprintf(stderr, "arena too small\n");
            exit(2);
        }
        return p;
    }
};

enum { WS_NONE, WS_SMALL, WS_LARGE, WS_FIXED };
static const char *ws_name[] = {"none", "small", "large", "fixed"};

struct Cfg {
    int trans;
    int64_t m, n, pad;  // lda = m + pad
    int a_off;          // A's bytes past a 16-byte boundary
    int ta, tx, ty;     // MV_EX_*; x and y A's type or float
    int64_t incx, incy;
    double alpha, beta;
    int dev, sm;
    int ws;             // WS_*
    int ws_extra;       // bytes past a whole number of floats (0 .. 3)
    int64_t ws_fixed;   // WS_FIXED: the workspace's bytes
};

static void run(const Cfg &c)
{
    g_regions.clear();
    const int64_t lda = c.m + c.pad;
    const int64_t len_x = c.trans ? c.m : c.n, len_y = c.trans ? c.n : c.m;
    const int64_t ax = c.incx < 0 ? -c.incx : c.incx, ay = c.incy < 0 ? -c.incy : c.incy;
    const size_t sa = tsize(c.ta), sx = tsize(c.tx), sy = tsize(c.ty);
    const size_t bytes_a = size_t(lda * c.n) * sa, bytes_x = size_t((len_x - 1) * ax + 1) * sx,
                 bytes_y = size_t((len_y - 1) * ay + 1) * sy;
    // small: room for one to three parts' sums (or fewer than one);
    // large: for every part the launch may take (at most 8 * sm_count, or
    // 33 with the default sm_count at these sizes)
    size_t ws_bytes = 0;
    if (c.ws == WS_SMALL)
        ws_bytes = size_t(rng() % uint64_t(3 * len_y + 2)) * 4 + size_t(c.ws_extra);
    else if (c.ws == WS_LARGE)
        ws_bytes = size_t(40 * len_y) * 4 + size_t(c.ws_extra);
    else if (c.ws == WS_FIXED)
        ws_bytes = size_t(c.ws_fixed);
    // room past the workspace: a part too many writes there, not past the arena
    Arena ar(bytes_a + bytes_x + bytes_y + ws_bytes + size_t(8 * len_y) + 1024);
    unsigned char *A = ar.take(bytes_a, size_t(c.a_off)), *X = ar.take(bytes_x, 0), *Y = ar.take(bytes_y, 0);
    unsigned char *W = c.ws == WS_NONE ? nullptr : ar.take(ws_bytes, 0);
    const size_t ws_written = ws_bytes / 4 * 4;  // the floats the kernels may write
    auto a_at = [&](int64_t i, int64_t j) { return A + size_t(i + j * lda) * sa; };
    auto x_at = [&](int64_t k) { return X + size_t(c.incx < 0 ? (len_x - 1 - k) * ax : k * ax) * sx; };
    auto y_at = [&](int64_t k) { return Y + size_t(c.incy < 0 ? (len_y - 1 - k) * ay : k * ay) * sy; };
    // alpha == 0: A and x NaN (they must not reach y); beta == 0: y NaN
    for (int64_t j = 0; j < c.n; ++j)
        for (int64_t i = 0; i < c.m; ++i)
            put(a_at(i, j), c.ta, c.alpha == 0 ? NAN : urand());
    for (int64_t k = 0; k < len_x; ++k)
        put(x_at(k), c.tx, c.alpha == 0 ? NAN : urand());
    for (int64_t k = 0; k < len_y; ++k)
        put(y_at(k), c.ty, c.beta == 0 ? NAN : urand());
    const std::vector<unsigned char> mem0 = ar.raw;

    // the reference, in double from the exact inputs, and each output's
    // error scale
    std::vector<double> ref(static_cast<size_t>(len_y)), mag(static_cast<size_t>(len_y));
    std::vector<char> writable(ar.raw.size(), 0);
    for (int64_t o = 0; o < len_y; ++o) {
        double s = 0, a = 0;
        for (int64_t q = 0; q < len_x && c.alpha != 0; ++q) {
            const double p = get(c.trans ? a_at(q, o) : a_at(o, q), c.ta) * get(x_at(q), c.tx);
            s += p, a += std::fabs(p);
        }
        const double y0 = get(y_at(o), c.ty), al = c.alpha, be = c.beta;
        ref[size_t(o)] = al == 0 ? (be == 0 ? 0 : be * y0) : be == 0 ? al * s : al * s + be * y0;
        mag[size_t(o)] = std::fabs(al) * a + (be == 0 ? 0 : std::fabs(be * y0));
        for (size_t b = 0; b < sy; ++b)
            writable[size_t(y_at(o) - ar.raw.data()) + b] = 1;
    }
    for (size_t b = 0; b < ws_written; ++b)
        writable[size_t(W - ar.raw.data()) + b] = 1;

    // what the kernels may load (2-byte elements from the arena's base): A's
    // and x's elements where alpha != 0, the workspace's floats
    std::vector<char> readable(ar.size / 2, 0);
    auto allow = [&](const unsigned char *p, size_t bytes) {
        for (size_t b = 0; b < bytes; b += 2)
            readable[size_t(p - ar.base + b) / 2] = 1;
    };
    for (int64_t j = 0; j < c.n && c.alpha != 0; ++j)
        allow(a_at(0, j), size_t(c.m) * sa);
    for (int64_t k = 0; k < len_x && c.alpha != 0; ++k)
        allow(x_at(k), sx);
    if (W)
        allow(W, ws_written);
    emu_readable(ar.base, 2, readable.size(), readable.data());

    float s_alpha = float(c.alpha), s_beta = float(c.beta);
    mv_gemv_ex_args g{};
    g.trans = c.trans, g.m = c.m, g.n = c.n, g.lda = lda;
    g.a_type = c.ta, g.x_type = c.tx, g.y_type = c.ty;
    // x and y at logical element 0, as gemv_ex.c passes them
    g.A = A, g.x = x_at(0), g.y = y_at(0);
    g.incx = c.incx, g.incy = c.incy, g.sm_count = c.sm;
    g.ws = W, g.ws_bytes = ws_bytes;
    if (c.dev) {
        g.alpha.dev = &s_alpha, g.beta.dev = &s_beta;
    } else {
        if (c.alpha == 0 && c.beta == 1)
            return;  // dispatch's quick return: never launched in host mode
        g.alpha.value = c.alpha, g.beta.value = c.beta;
    }
    const bool vec = lda % 8 == 0 && reinterpret_cast<uintptr_t>(A) % 16 == 0;
    std::vector<std::vector<unsigned char>> outs;
    const long e0 = g_errors;
    int rc = 0;
    for (int sched = 0; sched < 5; ++sched) {
        ar.raw = mem0;
        g_order = sched;
        g_late = false;
        g_rng.seed(99 + sched);
        rc |= mv_gemv_ex_launch(&g);
        outs.push_back(ar.raw);
    }
    emu_readable(nullptr, 0, 0, nullptr);
    bool split = false;
    for (size_t b = 0; b < ws_written && !split; ++b)
        split = outs[0][size_t(W - ar.raw.data()) + b] != mem0[size_t(W - ar.raw.data()) + b];
    n_split += split, n_vec += vec;
    bool bad = g_errors != e0 || rc;
    char why[300] = "";
    if (bad)
        snprintf(why, sizeof why, rc ? "launch returned %d" : "emulator errors", rc);
    for (int s = 1; s < 5 && !bad; ++s)
        if (outs[s] != outs[0]) {
            bad = true;
            snprintf(why, sizeof why, "block order %d differs", s);
        }
    // (after an emulator error too: a write past the workspace shows here)
    const unsigned char *o = outs[0].data();
    for (size_t e = 0; e < mem0.size(); ++e)
        if (!writable[e] && o[e] != mem0[e]) {
            const long wo = W ? long(e) - long(W - ar.raw.data()) : -1;
            char w[160];
            snprintf(w, sizeof w, "write outside y%s (arena byte %zu%s)", W ? " and the workspace" : "", e,
                     W && wo >= 0 ? ", at or past ws_bytes" : "");
            snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", bad ? "; " : "", w);
            bad = true;
            break;
        }
    // float accumulation (products, sums, alpha and beta: len_x + 3
    // roundings of float), then one rounding to y's type (and where that
    // is binary16, a subnormal step)
    const double eps = std::ldexp(1.0, -23) * double(len_x + 3);
    const double u_y = c.ty == MV_EX_16F ? std::ldexp(1.0, -11) : c.ty == MV_EX_16BF ? std::ldexp(1.0, -8) : 0;
    const double sub_y = c.ty == MV_EX_16F ? std::ldexp(1.0, -24) : c.ty == MV_EX_16BF ? std::ldexp(1.0, -133) : 0;
    for (int64_t k = 0; k < len_y && !bad; ++k) {
        const size_t e = size_t(y_at(k) - ar.raw.data());
        const double got = get(o + e, c.ty), r = ref[size_t(k)], acc = eps * mag[size_t(k)];
        if (!(std::fabs(got - r) <= acc + u_y * (std::fabs(r) + acc) + sub_y + 1e-300)) {
            bad = true;
            snprintf(why, sizeof why, "y[%ld] = %.9g, expected %.9g", long(k), got, r);
        } else if (c.alpha == 0 && c.beta == 1 && memcmp(o + e, mem0.data() + e, sy)) {
            bad = true;
            snprintf(why, sizeof why, "alpha 0 beta 1 changed y[%ld]", long(k));
        }
    }
    ++n_run;
    if (bad) {
        ++n_fail;
        if (n_fail <= 40)
            printf("FAIL %s m=%ld n=%ld lda=%ld A+%d A=%s x=%s y=%s inc=%ld/%ld a=%g b=%g dev=%d sm=%d ws=%s(%zu "
                   "bytes)%s%s: %s\n",
                   c.trans ? "T" : "N", long(c.m), long(c.n), long(lda), c.a_off, tname(c.ta), tname(c.tx),
                   tname(c.ty), long(c.incx), long(c.incy), c.alpha, c.beta, c.dev, c.sm, ws_name[c.ws], ws_bytes,
                   vec ? " vec" : "", split ? " split" : "", why);
        fflush(stdout);
    }
}

static void report(const char *name)
{
    printf("%s: %ld runs (%ld with 16-byte loads, %ld split into parts), %ld failed, %ld emulator errors\n", name,
           n_run, n_vec, n_split, n_fail, g_errors);
}

static const int64_t kDims[] = {1, 2, 7, 8, 9, 31, 255, 256, 257, 300, 1000, 2100};
static const int64_t kIncs[] = {1, 2, -1, -3};
static const double kAlphas[] = {1.0, 0.0, -0.5};
static const double kBetas[] = {0.0, 1.0, 0.5};

// The type combinations: A binary16 or bfloat16, x and y A's type or float.
static void set_types(Cfg &c, int k)
{
    c.ta = k & 1 ? MV_EX_16BF : MV_EX_16F;
    c.tx = k & 2 ? MV_EX_32F : c.ta;
    c.ty = k & 4 ? MV_EX_32F : c.ta;
}

int main(int argc, char **argv)
{
    const int count = argc > 1 ? atoi(argv[1]) : 100;
    rng.seed(argc > 2 ? atoi(argv[2]) : 1);
    std::uniform_int_distribution<int> pick(0, 1 << 30);
    for (int t = 0; t < count; ++t) {
        Cfg c{};
        c.trans = pick(rng) % 2;
        c.m = kDims[pick(rng) % 12];
        c.n = kDims[pick(rng) % 12];
        // keep the work small: one of the two dimensions at most 300
        if (c.m * c.n > 2100 * 300)
            (pick(rng) % 2 ? c.m : c.n) = kDims[pick(rng) % 10];
        // lda: m, padded to a multiple of 8, or a few more
        const int pk = pick(rng) % 3;
        c.pad = pk == 0 ? 0 : pk == 1 ? (8 - c.m % 8) % 8 + 8 * (pick(rng) % 2) : 1 + pick(rng) % 5;
        c.a_off = pick(rng) % 4 == 0 ? 2 * (1 + pick(rng) % 7) : 0;
        set_types(c, pick(rng) % 8);
        c.incx = kIncs[pick(rng) % 4], c.incy = kIncs[pick(rng) % 4];
        c.alpha = kAlphas[pick(rng) % 3], c.beta = kBetas[pick(rng) % 3];
        c.dev = pick(rng) % 3 == 0;
        c.sm = pick(rng) % 6 == 0 ? 0 : 1 + pick(rng) % 4;
        c.ws = pick(rng) % 3;
        c.ws_extra = pick(rng) % 4;
        run(c);
    }
    report("ex");
    return n_fail != 0;
}
