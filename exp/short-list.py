#!/usr/bin/env python3
"""Fresh op N shapes where entry 69's rule (split tiled-n plans under
64 MiB take halved or quartered tiles that need no split and make one
wave) changes the plan, by exp/plan-model.py, tagged by what it takes:
h halved into a full plain wave, q quartered into the pipelined window,
qp quartered into a full plain wave, u the same on columns off 16 bytes
(lda odd); halved tiles into the window (entry 68) already land.
usage: exp/short-list.py SEED PER_TAG > LIST"""
import importlib.util, math, random, sys

spec = importlib.util.spec_from_file_location('pm', __file__.replace('short-list.py', 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)


def changed(dt, m, n, lda):
    pm.SHORT_N = False
    a = pm.plan(dt, 'N', m, n, lda)
    pm.SHORT_N = True
    b = pm.plan(dt, 'N', m, n, lda)
    if a['skinny'] or b['skinny'] or not b.get('short') or (a['blocks'], a['TX']) == (b['blocks'], b['TX']):
        return None
    return b


seed, per = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
got = {'h': [], 'q': [], 'qp': [], 'u': []}
tries = 0
while any(len(v) < per for v in got.values()) and tries < 3_000_000:
    tries += 1
    dt = rng.choice((4, 8))
    m = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    n = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    odd = rng.random() < 0.25
    lda = m + (1 if odd and m % 2 == 0 else 0) if odd else m
    if odd and lda % 2 == 0:
        lda += 1
    nbytes = lda * n * dt
    if nbytes < 100 << 10 or nbytes >= 64 << 20:
        continue
    b = changed(dt, m, n, lda)
    if b is None:
        continue
    tag = 'u' if lda % (16 // dt) else {(1, 'tiled_n'): 'h', (2, 'tiled_n_pipe'): 'q', (2, 'tiled_n'): 'qp'}.get(
        (b['short'], b['kernel']))
    if tag and len(got[tag]) < per:
        got[tag].append(f"{'s' if dt == 4 else 'd'} N {m} {n} {lda} {tag}")
for t in got:
    for line in sorted(got[t], key=lambda l: int(l.split()[2]) * int(l.split()[3])):
        print(line)
print(f"# seed {seed}, {tries} draws", file=sys.stderr)
