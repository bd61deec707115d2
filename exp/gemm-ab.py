#!/usr/bin/env python3
# Two builds' mvbench gemm --random runs of the same seeds in one device
# call (exp/carried.sh's gemm_draw: DIR/BUILD-gSEED/measurements-gemm.csv),
# compared shape by shape with each run's own cuBLAS as the yardstick
# (cuBLAS's time drifts between processes: up to 17% on small shapes in
# one call, exp/results/teams-20261127; the yardstick carries that drift
# into the shapes whose default is not cuBLAS; the own rows' times, path
# by path, are the steadier measure). Per type: the geomean of
# (new default / new cuBLAS) over (old default / old cuBLAS), and of the
# own path's ("own" rows) on the narrow shapes; the shapes whose default
# path changed; the largest moves of the default either way.
#   exp/gemm-ab.py DIR NEW OLD [--top N]
import collections, csv, glob, math, os, sys
d, new, old = sys.argv[1:4]
top = int(sys.argv[sys.argv.index('--top') + 1]) if '--top' in sys.argv else 8
rows = collections.defaultdict(dict)
for b in (new, old):
    for f in glob.glob(os.path.join(d, f'{b}-g*', 'measurements-gemm.csv')):
        seed = os.path.basename(os.path.dirname(f)).split('-g')[-1]
        for r in csv.DictReader(open(f)):
            if r['suite'] != 'gemm-random' or not r['time_us']:
                continue
            rows[(seed, r['dtype'], r['op'], int(r['m']), int(r['n']), int(r['k']))][(b, r['variant'])] = r
def ratio(v, b, var):
    return float(v[(b, var)]['time_us']) / float(v[(b, 'cublas')]['time_us'])
both = {k: v for k, v in rows.items() if all((b, x) in v for b in (new, old) for x in ('default', 'cublas'))}
for dt in ('s', 'd'):
    sel = {k: v for k, v in both.items() if k[1] == dt}
    if not sel:
        continue
    moves = sorted((ratio(v, new, 'default') / ratio(v, old, 'default'), k) for k, v in sel.items())
    g = math.exp(sum(math.log(m) for m, _ in moves) / len(moves))
    own = [ratio(v, new, 'own') / ratio(v, old, 'own') for k, v in sel.items()
           if (new, 'own') in v and (old, 'own') in v and 'narrow' in (v[(new, 'own')]['path'], v[(old, 'own')]['path'])]
    go = math.exp(sum(map(math.log, own)) / len(own)) if own else float('nan')
    print(f'{"float" if dt == "s" else "double"}: {len(moves)} shapes, default/cuBLAS {new} over {old} {g:.3f}; '
          f'own narrow {len(own)} shapes {go:.3f}')
    # The own rows' times themselves, path by path (the same kernel in both
    # builds): matvec's kernels are GPU-paced and agree to ~1% between
    # processes where cuBLAS's small calls move by up to 60%, so a path
    # that neither build changed is the control.
    paths = collections.defaultdict(list)
    for k, v in sel.items():
        if (new, 'own') in v and (old, 'own') in v and v[(new, 'own')]['path'] == v[(old, 'own')]['path']:
            paths[v[(new, 'own')]['path']].append(float(v[(new, 'own')]['time_us']) / float(v[(old, 'own')]['time_us']))
    print('  own time, new over old, by path: ' + ', '.join(
        f'{p} {math.exp(sum(map(math.log, r)) / len(r)):.3f} ({len(r)})' for p, r in sorted(paths.items())))
    for k, v in sorted(sel.items()):
        a, b = v[(old, 'default')]['path'], v[(new, 'default')]['path']
        if a != b:
            print(f'  path {k[0]} {k[2]} {k[3]} x {k[4]} x {k[5]}: {old} {a} {ratio(v, old, "default"):.2f}, '
                  f'{new} {b} {ratio(v, new, "default"):.2f}')
    for m, k in moves[:top] + moves[-top:]:
        v = sel[k]
        print(f'  {m:.3f} {k[0]} {k[2]} {k[3]} x {k[4]} x {k[5]} ({v[(new, "default")]["path"]}): '
              f'{v[(old, "default")]["time_us"]} / {v[(old, "cublas")]["time_us"]} -> '
              f'{v[(new, "default")]["time_us"]} / {v[(new, "cublas")]["time_us"]} us')
