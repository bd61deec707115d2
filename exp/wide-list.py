#!/usr/bin/env python3
"""Fresh op N shapes of 8-128 MiB, aligned columns, where tiled-n would
split and thin-n-wide's tiles (one 512-thread block an SM) would make a
partial wave: tag a 128-byte tiles on 50-65% of the SMs, b on 65-87.5%
(today's bound), c 64-byte tiles (n <= 8192) on 50-87.5% with 128-byte
tiles on fewer. For the lab exp/patches/lab-wide-fill.patch (MV_LAB_WIDE).
With "odd": columns off 16 bytes (m = lda not a multiple of the vector),
b then up to all of the SMs, for exp/patches/lab-scalar-wide.patch.
"odd2": the same columns, tiles on 65% of the SMs to all of them (t8, else
t4 with n <= 8192), tag e for A of 8-48 MiB, f for 48-128 MiB.
usage: exp/wide-list.py SEED PER_TAG [odd|odd2] > LIST"""
import importlib.util, math, random, sys

spec = importlib.util.spec_from_file_location('pm', __file__.replace('wide-list.py', 'plan-model.py'))
pm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pm)
seed, per = int(sys.argv[1]), int(sys.argv[2])
odd2 = sys.argv[3:] == ['odd2']
odd = sys.argv[3:] == ['odd'] or odd2
rng = random.Random(seed)
S = pm.SMS
got = {'e': [], 'f': []} if odd2 else {'a': [], 'b': [], 'c': []}
while any(len(v) < per for v in got.values()):
    dt = rng.choice((4, 8))
    V = 16 // dt
    m = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    n = int(math.exp(rng.uniform(math.log(8), math.log(1 << 20))))
    m -= m % V
    if odd:
        m += rng.randrange(1, V)
    nbytes = m * n * dt
    if m == 0 or not 8 << 20 < nbytes <= 128 << 20:
        continue
    p = pm.plan(dt, 'N', m, n, m)
    if odd and (p['kernel'].startswith('thin_n') or p.get('splits', 1) == 1):
        continue
    if p['skinny'] or p['kernel'].startswith('thin_n_wide') or -(-m // (64 * V)) >= 4 * S:
        continue
    t8, t4 = -(-m // (8 * V)), -(-m // (4 * V))
    tag = None
    if odd2:
        lo = S * 65 // 100
        if lo <= t8 <= S or (t8 < lo and lo <= t4 <= S and n <= 8192):
            tag = 'e' if nbytes <= 48 << 20 else 'f'
    elif S // 2 <= t8 < S * 65 // 100:
        tag = 'a'
    elif S * 65 // 100 <= t8 < (S + 1 if odd else S - S // 8):
        tag = 'b'
    elif t8 < S // 2 and S // 2 <= t4 < S - S // 8 and n <= 8192:
        tag = 'c'
    if tag and len(got[tag]) < per:
        got[tag].append(f"{'s' if dt == 4 else 'd'} N {m} {n} {m} {tag}")
for t in got:
    print('\n'.join(sorted(got[t], key=lambda l: int(l.split()[2]) * int(l.split()[3]))))
