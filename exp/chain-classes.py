#!/usr/bin/env python3
# The narrow kernels' own time against cuBLAS's, by the plan's chain
# (kernel, split or not, steps, row teams), over mvbench gemm --random runs
# with "own" rows: each narrow shape's chain from exp/emu/chainprobe (built
# in an exp/emu/run.sh directory), at PER_SM blocks an SM.
# With CHAIN_TABLE=FILE (exp/emu/occupancy.sh's table) each kernel it lists
# runs at its own blocks an SM.
#   exp/chain-classes.py CHAINPROBE PER_SM RUN.csv [RUN.csv ...]
import collections, csv, math, os, subprocess, sys
probe, per_sm, files = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = collections.defaultdict(dict)
for f in files:
    for r in csv.DictReader(open(f)):
        if r['suite'] == 'gemm-random' and r['time_us']:
            rows[(f, r['dtype'], r['op'], int(r['m']), int(r['n']), int(r['k']))][r['variant']] = r
keys = [k for k, v in rows.items() if 'own' in v and v['own']['path'] == 'narrow' and 'cublas' in v]
table = [os.environ['CHAIN_TABLE']] if os.environ.get('CHAIN_TABLE') else []
out = subprocess.run([probe, per_sm] + table, input=''.join(f'{k[1]} {k[2]} {k[3]} {k[4]} {k[5]}\n' for k in keys),
                     capture_output=True, text=True, check=True).stdout.splitlines()
groups = collections.defaultdict(list)
for k, line in zip(keys, out):
    st, nb, teams, steps, splits, waves = map(int, line.split()[5:11])
    v = rows[k]
    own, cub = float(v['own']['time_us']), float(v['cublas']['time_us'])
    groups[('T' if st else 'N', 'split' if splits > 1 else 'unsplit', steps, 'nb32' if nb == 32 else 'nb<=16',
            'teams' if teams > 1 else '1 team')].append((own / cub, own))
for g in sorted(groups):
    rs = sorted(r for r, _ in groups[g])
    geo = math.exp(sum(map(math.log, rs)) / len(rs))
    own = [o for _, o in groups[g]]
    print(f'{" ".join(map(str, g)):38s} n={len(rs):3d} geo={geo:.2f} max={rs[-1]:.2f} '
          f'>1.03: {sum(r > 1.03 for r in rs):2d}  own {min(own):.1f}-{max(own):.1f} us')
