// Batched GEMV's edge shapes, a fixed list: the tile kernel's groups (a
// batch of G - 1, G, G + 1, 2G + 1 problems), its shared memory's limit,
// lda > m and the pointer form beside the contiguous run; the block
// kernel's parts (o_end at the last part, per_part rounded to 32 rows or 8
// columns) and its unrolled loops' ends.
#define main main_orig
#include "test_batched.cpp"
#undef main

static Cfg base(int dbl, int trans, int64_t m, int64_t n, int64_t batch, int sm)
{
    Cfg c{};
    c.dbl = dbl, c.trans = trans, c.m = m, c.n = n, c.batch = batch, c.sm = sm;
    c.incx = 1, c.incy = 1, c.alpha = 1.0, c.beta = 0.5;
    c.ws = 1;
    return c;
}

int main()
{
    int v = 0;
    for (int trans = 0; trans < 2; ++trans) {
        // the tile kernel: G = 24 KiB / a problem's bytes, rounded (1 .. 256)
        // problems a block; batches of G - 1, G, G + 1 and 2G + 1 (the last
        // group short), the contiguous run (lda = m, packed), lda > m, the
        // pointer form; shapes up to the 96 KiB limit (float 155 x 155,
        // double 109 x 109); the split sums (P = 1 .. 8) and the op T
        // rotation's start across m.
        const int64_t tm[] = {1, 2, 3, 8, 16, 5, 33, 64, 109, 155};
        const int64_t tn[] = {1, 3, 2, 8, 16, 33, 5, 64, 109, 155};
        for (int s = 0; s < 10; ++s)
            for (int k = 0; k < 4; ++k) {
                const int dbl = s == 9 ? 0 : (v + k) % 2;
                const int64_t m = tm[s], n = tn[s], elem = dbl ? 8 : 4;
                const int64_t g = std::max<int64_t>(1, std::min<int64_t>((24576 + m * n * elem / 2) / (m * n * elem), 256));
                const int64_t batch = k == 0 ? std::max<int64_t>(g - 1, 1) : k == 1 ? g : k == 2 ? g + 1 : 2 * g + 1;
                Cfg c = base(dbl, trans, m, n, std::min<int64_t>(batch, 600), 1);
                c.pad = v % 3 == 1 ? 1 + v % 2 : 0;  // packed A (v % 3 == 0) with lda = m: one run
                c.shift = v % 4;
                c.incx = v % 4 == 1 ? -2 : 1, c.incy = v % 5 == 2 ? -3 : 1;
                c.ptr = v % 4 == 3, c.sa = v % 3, c.sx = v % 3, c.sy = v % 5, c.gap = 1 + v % 3;
                c.alpha = v % 11 == 10 ? 0.0 : 1.0, c.beta = v / 2 % 2 ? 0.0 : 0.5, c.dev = v % 6 == 5;
                run(c);
                ++v;
            }
        // the block kernel (problems past the tile's 96 KiB: the summed
        // length raised by 24400 / outputs): parts (sm_count 1 .. 12 and
        // the default, one problem or a few), outputs around the part unit
        const int64_t bl[] = {1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 95, 96, 97, 300};
        const int64_t br[] = {1, 31, 32, 33, 96, 97, 128, 129, 161};
        for (int64_t len : bl)
            for (int64_t red0 : br) {
                const int64_t red = red0 + 24400 / len + 1;
                Cfg c = trans ? base(v % 2, 1, red, len, 1 + v % 3, 1 + v % 12)
                              : base(v % 2, 0, len, red, 1 + v % 3, 1 + v % 12);
                if (v % 7 == 0)
                    c.sm = 0;
                c.pad = v / 3 % 2;
                c.incx = v % 3 == 1 ? -1 : 1, c.incy = v % 4 == 1 ? 2 : 1;
                c.ptr = v % 5 == 4, c.sy = v % 5, c.sx = v % 3, c.gap = 2;
                c.alpha = v % 9 == 8 ? 0.0 : -0.5, c.beta = v / 2 % 2 ? 0.0 : 1.0;
                c.dev = v % 4 == 0;
                c.null_ops = 1;
                c.ws = v % 3;
                run(c);
                ++v;
            }
    }
    // a few large problems: the sums split in 512-term chunks over blocks
    // (sm_count 12 wants 192 blocks; 1-3 problems give 3-30 output parts),
    // the workspace exact, one short (no split) or absent
    for (int trans = 0; trans < 2; ++trans)
        for (int batch = 1; batch <= 3; ++batch)
            for (int ws = 0; ws < 3; ++ws) {
                Cfg c = trans ? base(v % 2, 1, 1100 + v % 7, 30 + batch, batch, 12)
                              : base(v % 2, 0, 300 + v % 7, 1100 + batch, batch, 12);
                c.ws = ws, c.pad = v % 2, c.ptr = v % 3 == 1, c.incx = v % 4 == 2 ? -1 : 1;
                c.alpha = v % 5 == 4 ? 0.0 : 1.0, c.dev = v % 2;
                run(c);
                ++v;
            }
    // many tiny problems (tiles of 256)
    for (int trans = 0; trans < 2; ++trans) {
        Cfg c = base(0, trans, 2, 3, 132 * 64, 0);
        c.sy = SY_INTERLEAVED;
        run(c);
    }
    report("targ_batched");
    return n_fail != 0;
}
