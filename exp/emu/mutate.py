import sys, os, subprocess
base = open('shim/gemm_narrow.cuh').read()
# name: (text, its mutation, test_narrow's arguments). The pipelined form's
# mutations run its random cases (form 1); the row teams' run the random
# cases of every form and 80 of the teams' cases (test_narrow.cpp).
PIPE, TEAMS = '60 5 1', '10 5 -1 80'
muts = {
 'n_no_tail_bar': ("                if (in == GPS - 1 || gi == n_groups - 1)\n                    __syncthreads();  // stage st's buffer is free for stage st + 2", "                if (false)\n                    __syncthreads();", PIPE),
 'wait2': ("cp_async_wait<1>();  // this thread's", "cp_async_wait<2>();  // this thread's", PIPE),
 'n_fill_len': ("auto fill_of = [&](int64_t q0) { return int(min(int64_t(XS), ceil_div(c_end - q0, KC) * KC)); };", "auto fill_of = [&](int64_t q0) { return int(min(int64_t(XS), c_end - q0)); };", PIPE),
 't_no_in0_bar': ("                    cp_async_wait<1>();\n                    __syncthreads();\n", "                    cp_async_wait<1>();\n", PIPE),
 't_wait0_missing': ("                    cp_async_wait<1>();\n                    __syncthreads();\n", "                    __syncthreads();\n", PIPE),
 'red_no_bar': ("= acc[v][j0 + jj];\n        __syncthreads();\n", "= acc[v][j0 + jj];\n", PIPE),
 'n_team_rows': ("((rb << lg) + team) * 32 * R", "(rb << lg) * 32 * R", TEAMS),
 'n_team_sum_all': ("                if (w < tw)\n", "                if (w < kWarps)\n", TEAMS),
 't_team_step': ("d += teams * STEP", "d += STEP", TEAMS),
 't_team_skip': ("        for (int t = 1; t < teams; ++t)", "        for (int t = 2; t < teams; ++t)", TEAMS),
 't_team_no_bar': ("        __syncthreads();  // every warp is done with the stage\n", "", TEAMS),
 't_team_slot': ("(t * team_warps + cw) * 32 + lane]", "(t * team_warps) * 32 + lane]", TEAMS),
}
only = sys.argv[1:]
for name, (a, b, args) in muts.items():
    if only and name not in only:
        continue
    assert base.count(a) == 1, name
    d = f'mut_{name}'
    os.makedirs(d, exist_ok=True)
    open(f'{d}/gemm_narrow.cuh', 'w').write(base.replace(a, b))
    r = subprocess.run(f'g++ -std=c++20 -O2 -I {d} -I shim -include limits test_narrow.cpp -o {d}/t && {d}/t {args}', shell=True, capture_output=True, text=True)
    print(name, r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-500:])
