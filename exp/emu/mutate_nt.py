import os, subprocess
base = open('shim/gemv_nt.cpp').read()
muts = {
 'no_second_bar': ("            }\n            __syncthreads();\n        }\n    }\n", "            }\n        }\n    }\n"),
 'bfly_swap': ("const T send = up ? lo : hi;", "const T send = up ? hi : lo;"),
 'base_off': ("const int64_t base = c_begin + (i - tb) * WC * kTile;", "const int64_t base = c_begin + i * WC * kTile;"),
 'half_keep': ("if ((lane >> 4) == h)", "if ((lane >> 4) != h)"),
 'wr_sum': ("sum += zs[rr][cc * WR + k][l];", "sum += zs[rr][cc * WR][l];"),
 'ys_sum': ("sum += ys[k * slots + idx];", "sum += ys[idx];"),
 'zpart_idx': ("static_cast<T *>(p.zpart)[band * p.n + c] = sum;", "static_cast<T *>(p.zpart)[band * p.n + c - c_begin] = sum;"),
 'ws_check': ("if (z_elems > ws_elems ||", "if (z_elems > ws_elems + 100000 ||"),
}
for name, (a, b) in muts.items():
    assert base.count(a) == 1, name
    d = f'mutnt_{name}'
    os.makedirs(d, exist_ok=True)
    open(f'{d}/gemv_nt.cpp', 'w').write(base.replace(a, b))
    r = subprocess.run(f'g++ -std=c++20 -O2 -I {d} -I shim -include limits test_nt.cpp -o {d}/t && {d}/t 80 5', shell=True, capture_output=True, text=True)
    print(name, r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-500:])
