"""Plants each mutant (a unique snippet of the emulator's kernel copy and its
replacement) in its own folder, builds the random driver against it and,
where that passes, the edge-list driver: a mutant is caught when either
fails. Run from run.sh's build dir."""
import os
import subprocess

FLAGS = '-std=c++20 -O2 -include limits'  # after -I {mutant's folder} -I shim


def _last_line(r):
    return r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-500:]


def run(muts, kernel, tag, random_driver, random_args, edge_driver):
    """kernel: the file under shim/ to mutate; tag: the folders' prefix;
    random_driver, edge_driver: the .cpp drivers; random_args: its count and
    seed. Prints one line a mutant and returns how many were missed."""
    base = open(f'shim/{kernel}').read()
    missed = 0
    for name, (a, b) in muts.items():
        assert base.count(a) == 1, name
        d = f'{tag}_{name}'
        os.makedirs(d, exist_ok=True)
        open(f'{d}/{kernel}', 'w').write(base.replace(a, b))
        r = subprocess.run(f'g++ {FLAGS} -I {d} -I shim {random_driver} -o {d}/t && {d}/t {random_args}', shell=True,
                           capture_output=True, text=True)
        out = _last_line(r)
        if r.returncode < 0:
            out = f'killed by signal {-r.returncode} after: {out}'
        if r.returncode == 0:
            r = subprocess.run(f'g++ {FLAGS} -I {d} -I shim {edge_driver} -o {d}/e && {d}/e', shell=True,
                               capture_output=True, text=True)
            out += ' | ' + _last_line(r)
        missed += r.returncode == 0
        print(name, 'caught' if r.returncode else 'MISSED', '--', out, flush=True)
    return missed
