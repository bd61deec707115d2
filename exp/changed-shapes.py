#!/usr/bin/env python3
# Random op T or N shapes whose default plan a lab switch of the plan model
# (exp/plan-model.py: WARP_COLS, LOWPER, BALANCE) changes: a targeted A/B
# list for exp/knob-run.sh (lines: dtype op m n lda tag), drawn fresh (log-uniform m and n, lda = m or m
# plus an odd pad, A's bytes within the bounds), with CONTROLS unchanged
# shapes for the process drift.
#   exp/changed-shapes.py FLAG OP SEED COUNT [MIN MAX MIN_BYTES MAX_BYTES CONTROLS]
import importlib.util, math, os, random, sys
spec = importlib.util.spec_from_file_location('pm', os.path.join(os.path.dirname(__file__), 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)
a = sys.argv[1:]
flag, op, seed, count = a[0], a[1], int(a[2]), int(a[3])
lo, hi = (int(a[4]), int(a[5])) if len(a) > 5 else (256, 32768)
size = lambda v: int(float(v[:-1]) * {'K': 1 << 10, 'M': 1 << 20, 'G': 1 << 30}[v[-1]]) if v[-1] in 'KMG' else int(v)
bmin, bmax = (size(a[6]), size(a[7])) if len(a) > 7 else (1 << 20, 256 << 20)
controls = int(a[8]) if len(a) > 8 else count // 5
rng = random.Random(seed)
got = {'changed': [], 'same': []}
tries = 0
while (len(got['changed']) < count or len(got['same']) < controls) and tries < 200000:
    tries += 1
    dt = rng.choice('sd')
    e = 4 if dt == 's' else 8
    m = int(math.exp(rng.uniform(math.log(lo), math.log(hi))))
    n = int(math.exp(rng.uniform(math.log(lo), math.log(hi))))
    lda = m if rng.random() < 0.5 else m + 2 * rng.randint(0, 3) + 1
    if not bmin <= lda * n * e <= bmax:
        continue
    setattr(pm, flag, False)
    p0 = pm.plan(e, op, m, n, lda)
    setattr(pm, flag, True)
    p1 = pm.plan(e, op, m, n, lda)
    if p0['skinny']:
        continue
    k = 'changed' if p0 != p1 else 'same'
    if len(got[k]) < (count if k == 'changed' else controls):
        got[k].append('%s %s %d %d %d %s' % (dt, op, m, n, lda, k))
for k in ('changed', 'same'):
    for line in got[k]:
        print(line)
