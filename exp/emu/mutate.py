import sys, os, subprocess
base = open('shim/gemm_narrow.cuh').read()
muts = {
 'n_no_tail_bar': ("                if (in == GPS - 1 || gi == n_groups - 1)\n                    __syncthreads();  // stage st's buffer is free for stage st + 2", "                if (false)\n                    __syncthreads();"),
 'wait2': ("cp_async_wait<1>();  // this thread's", "cp_async_wait<2>();  // this thread's"),
 'n_fill_len': ("auto fill_of = [&](int64_t q0) { return int(min(int64_t(XS), ceil_div(c_end - q0, KC) * KC)); };", "auto fill_of = [&](int64_t q0) { return int(min(int64_t(XS), c_end - q0)); };"),
 't_no_in0_bar': ("                    cp_async_wait<1>();\n                    __syncthreads();\n", "                    cp_async_wait<1>();\n"),
 't_wait0_missing': ("                    cp_async_wait<1>();\n                    __syncthreads();\n", "                    __syncthreads();\n"),
 'red_no_bar': ("        __syncthreads();\n        for (int idx = threadIdx.x; idx < NB2 * 32 * R; idx += kThreads) {", "        for (int idx = threadIdx.x; idx < NB2 * 32 * R; idx += kThreads) {"),
}
for name, (a, b) in muts.items():
    assert base.count(a) == 1, name
    d = f'mut_{name}'
    os.makedirs(d, exist_ok=True)
    open(f'{d}/gemm_narrow.cuh', 'w').write(base.replace(a, b))
    r = subprocess.run(f'g++ -std=c++20 -O2 -I {d} -I shim -include limits test_narrow.cpp -o {d}/t && {d}/t 60 5 1', shell=True, capture_output=True, text=True)
    print(name, r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-500:])
