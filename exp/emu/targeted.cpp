#define main main_orig
#include "test_narrow.cpp"
#undef main
int main(int argc, char **argv)
{
    int part = argc > 1 ? atoi(argv[1]) : 0;
    // every nv, both sides, 4 transposes, both types, PIPE; k near stage boundaries
    for (int dbl = 0; dbl < 2; ++dbl)
        for (int nv = 1; nv <= 32; ++nv) {
            if (nv % 2 != part) continue;
            int NB = nv <= 2 ? 2 : nv <= 4 ? 4 : nv <= 8 ? 8 : nv <= 16 ? 16 : 32;
            int T = dbl ? 8 : 4;
            int LENn = 16384 / (T * NB) / 32 * 32, V = 16 / T, STEP = 8 * V, LENt = 16384 / (T * NB) / STEP * STEP;
            for (int side = 0; side < 2; ++side)
                for (int ta = 0; ta < 2; ++ta)
                    for (int tb = 0; tb < 2; ++tb) {
                        int tk = side == 0 ? ta : !tb;  // stream-t kernel?
                        int LEN = tk ? LENt : LENn;
                        int64_t kk[] = {1, int64_t(LEN) - 1, int64_t(LEN) + 1, 2 * int64_t(LEN) + 33};
                        for (int64_t k : kk) {
                            if (k < 1) continue;
                            Cfg c{};
                            c.dbl = dbl, c.pipe = 1, c.ta = ta, c.tb = tb, c.k = k;
                            if (side == 0) c.n = nv, c.m = 70; else c.m = nv, c.n = 70;
                            c.pada = (nv % 3 == 0) ? 1 : 0;
                            c.padb = (nv % 3 == 0) ? 2 : 0;
                            c.padc = 1;
                            c.alpha = 1.5, c.beta = (nv % 2) ? 0.0 : -1.0;
                            c.sm = 1 + nv % 5, c.per_sm = 1, c.ws = (nv % 4 == 0) ? 0 : (1 << 20);
                            run(c);
                        }
                    }
        }
    printf("targeted: %ld runs, %ld failed, %ld emulator errors\n", n_run, n_fail, g_errors);
}
