#define main main_orig
#include "test_nt.cpp"
#undef main
int main()
{
    const int64_t ms[] = {1025, 2100, 600};
    const int64_t ns[] = {256, 513, 700, 129};
    int i = 0;
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int64_t m : ms)
            for (int64_t n : ns)
                for (int v = 0; v < 4; ++v, ++i) {
                    Cfg c{};
                    c.dbl = dbl, c.m = m, c.n = n;
                    c.pad = v == 1 ? 1 : (4 - m % 4) % 4;
                    c.off = v == 2;
                    c.incx = v == 3 ? -2 : 1, c.incy = v == 2 ? -1 : 1, c.incw = v == 1 ? 3 : 1, c.incz = v == 3 ? -1 : 2;
                    c.alpha = 1.0, c.beta = v % 2 ? 0.0 : 0.5, c.gamma = v == 2 ? 0.0 : -1.0, c.delta = v % 2 ? 1.0 : 0.0;
                    c.dev = v == 3, c.sm = 6 + i % 7, c.per_sm = 1 + i % 2, c.ws = size_t(1) << 22;
                    if (c.dbl) run_one<double>(c); else run_one<float>(c);
                }
    printf("targ_nt: %ld runs, %ld failed, %ld fallbacks, %ld emulator errors\n", n_run, n_fail, n_fallback, g_errors);
}
