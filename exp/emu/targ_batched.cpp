// Batched GEMV's edge shapes, a fixed list: the warp kernel's row lanes
// (R = 1 .. 32, m around each power of two), its unrolled loops' ends, the
// 512-output limit, the threshold batch_count = sm_count * 64 and one below,
// the default sm_count; the block kernel's parts (o_end at the last part,
// per_part rounded to 32 rows or 8 columns) and its unrolled loops' ends.
#define main main_orig
#include "test_batched.cpp"
#undef main

static Cfg base(int dbl, int trans, int64_t m, int64_t n, int64_t batch, int sm)
{
    Cfg c{};
    c.dbl = dbl, c.trans = trans, c.m = m, c.n = n, c.batch = batch, c.sm = sm;
    c.incx = 1, c.incy = 1, c.alpha = 1.0, c.beta = 0.5;
    return c;
}

int main()
{
    int v = 0;
    for (int trans = 0; trans < 2; ++trans) {
        // the warp kernel: m across R's boundaries, n across the
        // unrolled loop's (4 * C columns for op N, 4 * R rows for op T)
        const int64_t wm[] = {1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 65};
        const int64_t wn[] = {1, 4, 5, 12, 13, 16, 17, 33, 128, 129};
        for (int64_t m : wm)
            for (int64_t n : wn) {
                if (n > 33 && m > 8 && n != 129)
                    continue;
                Cfg c = base(v % 2, trans, m, n, 64 + v % 3, 1);
                c.pad = v % 3 == 0 ? 1 : 0;
                c.incx = v % 4 == 1 ? -2 : 1, c.incy = v % 5 == 2 ? -3 : 1;
                c.ptr = v % 4 == 3, c.sa = v % 3, c.sy = v % 5, c.gap = 1 + v % 3;
                c.beta = v / 2 % 2 ? 0.0 : 0.5, c.dev = v % 6 == 5;
                run(c);
                ++v;
            }
        // 512 outputs (warp) and 513 (block), at the threshold and one below
        for (int64_t len : {512, 513})
            for (int64_t batch : {63, 64}) {
                Cfg c = trans ? base(v % 2, 1, 3, len, batch, 1) : base(v % 2, 0, len, 3, batch, 1);
                c.incy = -1, c.sy = SY_NEG, c.sa = SA_SHARED;
                run(c);
                ++v;
            }
        // the block kernel: parts (sm_count 1 .. 12 and the default,
        // one problem or a few), outputs around the part unit
        const int64_t bl[] = {1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 95, 96, 97, 300};
        const int64_t br[] = {1, 31, 32, 33, 96, 97, 128, 129, 161};
        for (int64_t len : bl)
            for (int64_t red : br) {
                if (len * red > 12000)
                    continue;
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
                run(c);
                ++v;
            }
    }
    // the default sm_count's threshold (132 * 64 problems), tiny problems
    for (int trans = 0; trans < 2; ++trans) {
        Cfg c = base(0, trans, 2, 3, 132 * 64, 0);
        c.sy = SY_INTERLEAVED;
        run(c);
    }
    report("targ_batched");
    return n_fail != 0;
}
