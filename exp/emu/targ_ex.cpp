// mv_gemv_ex's edge shapes, a fixed list: every pair of m and n from the
// kernels' units and their neighbours (1 .. 2100) for both operations,
// the type combinations, lda and A's alignment, increments, scalars and
// workspaces cycling along; then the parts: op T rows around 256-row
// parts, op N columns around the unrolled loop's 32 and the 64-column
// part unit, sm_count 1 .. 4, workspaces of exactly k parts' sums, one
// float less, a few bytes more.
#define main main_orig
#include "test_ex.cpp"
#undef main

static Cfg base(int trans, int64_t m, int64_t n, int v)
{
    Cfg c{};
    c.trans = trans, c.m = m, c.n = n;
    set_types(c, v % 8);
    c.incx = 1, c.incy = 1, c.alpha = 1.0, c.beta = 0.5;
    c.sm = 1 + v % 4, c.ws = WS_LARGE;
    return c;
}

int main()
{
    int v = 0;
    for (int trans = 0; trans < 2; ++trans)
        for (int64_t m : kDims)
            for (int64_t n : kDims) {
                Cfg c = base(trans, m, n, v);
                const int pk = v / 8 % 3;
                c.pad = pk == 0 ? 0 : pk == 1 ? (8 - m % 8) % 8 + 8 : 3;
                c.a_off = v % 5 == 4 ? 2 : 0;
                c.incx = kIncs[v / 3 % 4], c.incy = kIncs[v / 5 % 4];
                c.alpha = kAlphas[v / 2 % 3], c.beta = kBetas[v / 7 % 3];
                c.dev = v % 4 == 1;
                c.sm = v % 6 == 5 ? 0 : 1 + v % 4;
                c.ws = v % 7 == 3 ? WS_NONE : v % 7 == 6 ? WS_SMALL : WS_LARGE;
                c.ws_extra = v % 4;
                run(c);
                ++v;
            }
    report("targ_ex cross");
    // op T parts: rows around whole 256-row parts, few columns
    for (int64_t m : {255, 256, 257, 511, 512, 513, 767, 769, 1025, 2100})
        for (int64_t n : {1, 3, 4, 5, 32, 33})
            for (int sm = 1; sm <= 4; sm += 3) {
                Cfg c = base(1, m, n, v);
                c.sm = sm;
                c.pad = v % 2 ? 0 : (8 - m % 8) % 8;
                c.incx = v % 3 == 1 ? -3 : 1, c.incy = v % 4 == 1 ? 2 : -1;
                c.alpha = v % 5 == 4 ? 0.0 : -0.5, c.beta = v % 2 ? 0.0 : 1.0, c.dev = v % 3 == 0;
                run(c);
                ++v;
            }
    // op N: columns around the unrolled loop (4 * 8 columns) and the parts
    for (int64_t m : {1, 8, 9, 255, 256, 257, 520})
        for (int64_t n : {31, 32, 33, 63, 64, 65, 95, 96, 97, 128, 129, 300, 2100})
            for (int sm = 1; sm <= 4; sm += 3) {
                Cfg c = base(0, m, n, v);
                c.sm = sm;
                c.pad = v % 2 ? 0 : (8 - m % 8) % 8;
                c.a_off = v % 7 == 3 ? 8 : 0;
                c.incx = v % 3 == 1 ? -1 : 1, c.incy = v % 4 == 1 ? -3 : 1;
                c.alpha = v % 5 == 4 ? 0.0 : 1.0, c.beta = v % 2 ? 0.0 : 0.5, c.dev = v % 3 == 0;
                run(c);
                ++v;
            }
    // workspaces of exactly k parts' sums, one float less, 1-3 bytes more
    for (int trans = 0; trans < 2; ++trans)
        for (int k = 1; k <= 4; ++k)
            for (int d : {-4, 0, 3}) {
                const int64_t m = trans ? 2100 : 257, n = trans ? 40 : 2100, len = trans ? n : m;
                Cfg c = base(trans, m, n, v);
                c.sm = 2, c.ws = WS_FIXED, c.ws_fixed = k * len * 4 + d;
                c.beta = v % 2 ? 0.0 : 0.5, c.dev = v % 3 == 0;
                run(c);
                ++v;
            }
    report("targ_ex");
    return n_fail != 0;
}
