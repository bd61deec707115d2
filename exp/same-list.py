#!/usr/bin/env python3
"""Fresh op N shapes where the lab rule of notes-gemv entry 72 (MV_LAB_SAME:
a split tiled-n plan under 64 MiB takes tiles of half, else a quarter, the
height where those need no split and make 19/20 to all of the blocks the
split plan had) changes the plan, by exp/plan-model.py (SAME_N), tagged by
the blocks an SM and A's size: lo (under 2 1/8 an SM, below the pipelined
window), mid (3-3.8 an SM, between the window and a full plain wave),
each -s (under 16 MiB) or -l (16-64 MiB); u columns off 16 bytes (lda odd).
usage: exp/same-list.py SEED PER_TAG > LIST"""
import importlib.util, math, random, sys

spec = importlib.util.spec_from_file_location('pm', __file__.replace('same-list.py', 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)


def changed(dt, m, n, lda):
    pm.SAME_N = False
    a = pm.plan(dt, 'N', m, n, lda)
    pm.SAME_N = True
    b = pm.plan(dt, 'N', m, n, lda)
    pm.SAME_N = False
    if a['skinny'] or b['skinny'] or b.get('short', 0) < 3 or (a['blocks'], a['TX']) == (b['blocks'], b['TX']):
        return None
    return b


seed, per = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
got = {'lo-s': [], 'lo-l': [], 'mid-s': [], 'mid-l': [], 'u': []}
tries = 0
while any(len(v) < per for v in got.values()) and tries < 3_000_000:
    tries += 1
    dt = rng.choice((4, 8))
    m = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    n = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    odd = rng.random() < 0.25
    lda = m + (0 if m % 2 else 1) if odd else m
    nbytes = lda * n * dt
    if nbytes < 100 << 10 or nbytes >= 64 << 20:
        continue
    b = changed(dt, m, n, lda)
    if b is None:
        continue
    if lda % (16 // dt):
        tag = 'u'
    else:
        band = 'lo' if b['blocks'] <= pm.SMS * 17 // 8 else 'mid' if b['blocks'] > pm.SMS * 3 else None
        tag = band and band + ('-s' if nbytes < 16 << 20 else '-l')
    if tag and len(got[tag]) < per:
        got[tag].append(f"{'s' if dt == 4 else 'd'} N {m} {n} {lda} {tag}")
for t in got:
    for line in sorted(got[t], key=lambda l: int(l.split()[2]) * int(l.split()[3])):
        print(line)
print(f"# seed {seed}, {tries} draws, " + ", ".join(f"{t} {len(v)}" for t, v in got.items()), file=sys.stderr)
