#!/usr/bin/env python3
"""Host models of exp/patches/tall-shift.patch's indexing, checked against a
direct sum on random small shapes, with NaN before A, in the padding rows
and past the end (a row read into the wrong sum shows): tall-n-shift (tiles
of NT - 1 threads, a sum per quad position, realigned once per tile; and
tall-n-waves.patch's evenly shrunk tiles of q < NT - 1 threads) and
tall-t over shifted columns (masked aligned vectors, the x window of 2V - 1
rows). usage: exp/tall-shift-model.py"""
import random

import numpy as np


def run(m, n, lda, off, V, NT, grid, U=8, q=None):
    # q: row vectors a tile owns (exp/patches/tall-n-waves.patch; NT - 1 today)
    q = NT - 1 if q is None else q
    # memory: flat array, A starts at element 'off' of a 16-byte aligned base
    total = off + (n - 1) * lda + m + 2 * V
    mem = np.random.standard_normal(total)
    mem[:off] = np.nan  # before A: garbage (NaN) in A's line
    A0 = off
    # poison padding rows between m and lda
    for j in range(n - 1):
        mem[A0 + j * lda + m: A0 + (j + 1) * lda] = np.nan
    a_end = A0 + (n - 1) * lda + m
    mem[a_end:] = np.nan
    x = np.random.standard_normal(n)
    ref = np.array([sum(mem[A0 + j * lda + i] * x[j] for j in range(n)) for i in range(m)])
    shift = [((A0 + c * lda) % V) for c in range(4)]
    rpt = q * V
    tiles = (m + rpt - 1) // rpt
    y = np.full(m, np.nan)
    for b in range(grid):
        for tile in range(b, tiles, grid):
            own = np.zeros((NT, V)); lend = np.zeros((NT, V))
            for t in range(NT):
                r0 = tile * rpt + t * V
                acc = np.zeros((4, V))
                if t <= q and r0 - V < m:
                    for j in range(0, n, U):
                        for u in range(U):
                            col = j + u
                            p = A0 + col * lda + r0 - shift[u % 4]
                            assert col >= n or p % V == 0
                            if col < n and p + V <= a_end:
                                v = mem[p:p + V].copy()
                            else:
                                v = np.array([mem[p + k] if col < n and p + k < a_end else 0.0 for k in range(V)])
                            xj = x[col] if col < n else 0.0
                            with np.errstate(invalid='ignore'):
                                acc[u % 4] += v * xj
                # realign
                o = np.zeros(V); l = np.zeros(V)
                for c in range(4):
                    w = np.array([acc[c][(d + shift[c]) % V] for d in range(V)])
                    for d in range(V):
                        if d < V - shift[c]: o[d] += w[d]
                        else: l[d] += w[d]
                own[t] = o; lend[t] = l
            for t in range(q):
                r0 = tile * rpt + t * V
                for k in range(V):
                    if r0 + k < m:
                        y[r0 + k] = own[t][k] + lend[t + 1][k]
    err = np.max(np.abs(y - ref))
    return err

def run_t(m, n, lda, off, V, lab_x):
    total = off + (n - 1) * lda + m + 2 * V
    mem = np.random.standard_normal(total); mem[:off] = np.nan
    A0 = off
    for j in range(n - 1): mem[A0 + j*lda + m: A0 + (j+1)*lda] = np.nan
    mem[A0 + (n-1)*lda + m:] = np.nan
    x = np.random.standard_normal(m)
    XW = 2*V - 1
    y = np.zeros(n)
    end = m + V - 1
    for col in range(n):
        c = A0 + col*lda; s = c % V
        acc = 0.0
        for i in range(0, end, V):
            first = i - s; p = c + first
            assert p % V == 0
            v = [mem[p+e] if 0 <= first+e < m else 0.0 for e in range(V)]
            hi = [x[i+e] if i+e < m else 0.0 for e in range(V)]
            lo = [x[i-V+e] if 0 <= i-V+e < m else 0.0 for e in range(V)]
            for q in range(V):
                d = sum(v[e] * (lo[XW-V-q+e+1] if XW-V-q+e < XW-V else hi[XW-V-q+e-(XW-V)]) for e in range(V))
                if q == s: acc += d
        y[col] = acc
    ref = np.array([sum(mem[A0 + j*lda + i]*x[i] for i in range(m)) for j in range(n)])
    return np.max(np.abs(y-ref))

def main():
    random.seed(1); np.random.seed(1)
    worst = 0
    for it in range(60):
        V = random.choice([2, 4]); NT = random.choice([4, 8])
        m = random.randint(1, 90); n = random.randint(1, 20)
        lda = m + random.randint(0, 5)
        if lda % V == 0: lda += 1
        off = random.randint(0, V - 1)
        grid = random.randint(1, 3)
        e = run(m, n, lda, off, V, NT, grid)
        worst = max(worst, e)
        if not (e < 1e-9): print("FAIL", m, n, lda, off, V, NT, grid, e)
    print("worst", worst)

    # tiles shrunk evenly (tall-n-waves.patch, MV_LAB_TALL_N_EVEN=1): q of
    # NT - 1 row vectors a tile, threads past q + 1 idle
    random.seed(3); np.random.seed(3); worst = 0
    for it in range(80):
        V = random.choice([2, 4]); NT = random.choice([4, 8, 16])
        m = random.randint(1, 120); n = random.randint(1, 20)
        lda = m + random.randint(0, 5)
        if lda % V == 0: lda += 1
        off = random.randint(0, V - 1)
        want = random.randint(1, 4)
        vecs = (m + V - 1) // V; tiles = (vecs + NT - 2) // (NT - 1)
        c = (tiles + want - 1) // want
        q = max(1, min(NT - 1, (vecs + c * want - 1) // (c * want)))
        grid = (m + q * V - 1) // (q * V)
        e = run(m, n, lda, off, V, NT, grid, q=q)
        worst = max(worst, e)
        if not (e < 1e-9): print("FAIL even", m, n, lda, off, V, NT, q, grid, e)
    print("worst (even tiles)", worst)

    random.seed(2); np.random.seed(2); worst=0
    for it in range(200):
        V = random.choice([2,4]); m = random.randint(1,60); n = random.randint(1,6)
        lda = m + random.randint(0,5); off = random.randint(0,V-1)
        e = run_t(m,n,lda,off,V,0); worst=max(worst,e)
        if not e < 1e-9: print("FAIL",m,n,lda,off,V,e)
    print("worst",worst)


if __name__ == "__main__":
    main()
