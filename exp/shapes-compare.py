#!/usr/bin/env python3
# Lines "BUILD DTYPE M N VARIANT US" (exp/parts-run.sh, exp/verify-parts.sh)
# -> per shape: the default's median time from each build, their ratio and
# each against cuBLAS (median over both builds' runs).
# usage: exp/shapes-compare.py SHAPES.txt BASE LAB
import collections, statistics, sys
f, base, lab = sys.argv[1:4]
t = collections.defaultdict(list)
for line in open(f):
    b, dt, m, n, v, us = line.split()
    t[(dt, int(m), int(n), v, b)].append(float(us))
print('shape            %s us  %s us  %s/%s  cuBLAS us  %s/cuBLAS  %s/cuBLAS' % (base, lab, lab, base, base, lab))
for k in sorted({k[:3] for k in t}):
    if not t[k + ('default', base)] or not t[k + ('default', lab)]:
        continue
    mm = statistics.median(t[k + ('default', base)])
    pp = statistics.median(t[k + ('default', lab)])
    cb = statistics.median(t[k + ('cublas', base)] + t[k + ('cublas', lab)])
    print('%s %6d x %-6d %8.1f %8.1f %9.3f %10.1f %10.3f %10.3f' % (k[0], k[1], k[2], mm, pp, pp / mm, cb, mm / cb, pp / cb))
