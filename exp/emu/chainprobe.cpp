// The narrow kernels' chain (gemm_narrow.cuh's chain(), the plan the rule
// weighs) for "dtype op m n k" lines on stdin (lda, ldb, ldc the least, the
// handle's 8 MiB split workspace), on a GPU of 132 SMs at PER_SM blocks an
// SM (argv[1], default 2) or, for the kernels a TABLE lists (argv[2], from
// exp/emu/occupancy.sh: "kernel<args> blocks" lines), at theirs, as the
// GPU counts them; prints the line, then stream_t nb teams steps splits
// waves. Built in an exp/emu/run.sh directory (its shim):
//   g++ -std=c++20 -O1 -I shim -include limits chainprobe.cpp -o chainprobe
// exp/chain-classes.py uses it.
#include "gemm_narrow.cuh"
#include "emu_test.h"
#include <cstdio>
int main(int argc, char **argv)
{
    g_per_sm = argc > 1 ? atoi(argv[1]) : 2;
    if (argc > 2) {
        FILE *t = fopen(argv[2], "r");
        if (!t) {
            fprintf(stderr, "chainprobe: cannot read %s\n", argv[2]);
            return 1;
        }
        char line[512];
        while (fgets(line, sizeof line, t)) {
            char *space = strrchr(line, ' ');
            if (space) {
                *space = '\0';
                g_per_sm_table.emplace_back(line, atoi(space + 1));
            }
        }
        fclose(t);
    }
    char dt, op[3];
    long long m, n, k;
    static float buf[64];
    while (scanf(" %c %2s %lld %lld %lld", &dt, op, &m, &n, &k) == 5) {
        mv_gemm_args a{};
        a.transa = op[0] == 'T', a.transb = op[1] == 'T';
        a.m = m, a.n = n, a.k = k;
        a.lda = a.transa ? k : m, a.ldb = a.transb ? n : k, a.ldc = m;
        a.A = buf, a.B = buf, a.C = buf;
        a.sm_count = 132;
        a.split_ws = buf;
        a.split_ws_bytes = size_t(8) << 20;
        const mv_gemm_narrow_chain c = dt == 's' ? mv::gemm::narrow::chain<float>(&a) : mv::gemm::narrow::chain<double>(&a);
        printf("%c %s %lld %lld %lld %d %d %d %lld %lld %lld\n", dt, op, m, n, k, c.stream_t, c.nb, c.teams,
               (long long)c.steps, (long long)c.splits, (long long)c.waves);
    }
}
