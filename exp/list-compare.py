#!/usr/bin/env python3
# exp/list-ab.sh's comparison: per shape, the lab build's median default
# time over the base build's, the changed shapes and the controls apart,
# with cuBLAS's median (both builds' runs) beside.
#   exp/list-compare.py LIST_AB_TXT BASE LAB
import collections, math, statistics, sys
f, base, lab = sys.argv[1:4]
t = collections.defaultdict(list)
tags = {}
for line in open(f):
    p = line.split()
    if len(p) != 9:
        continue
    _, b, dt, m, n, lda, tag, var, us = p
    k = (dt, int(m), int(n), int(lda))
    tags[k] = tag
    t[(k, b, var)].append(float(us))
rows = []
for k, tag in tags.items():
    if not t[(k, base, 'default')] or not t[(k, lab, 'default')]:
        continue
    b0 = statistics.median(t[(k, base, 'default')])
    b1 = statistics.median(t[(k, lab, 'default')])
    cub = statistics.median(t[(k, base, 'cublas')] + t[(k, lab, 'cublas')])
    rows.append((tag, b1 / b0, k, b0, b1, cub))
for tag in ('changed', 'same'):
    r = [x for x in rows if x[0] == tag]
    if r:
        g = math.exp(sum(math.log(x[1]) for x in r) / len(r))
        print('%-8s %3d shapes  geomean lab/base %.3f  min %.3f  max %.3f;  /cuBLAS base %.3f lab %.3f' % (
            tag, len(r), g, min(x[1] for x in r), max(x[1] for x in r),
            math.exp(sum(math.log(x[3] / x[5]) for x in r) / len(r)),
            math.exp(sum(math.log(x[4] / x[5]) for x in r) / len(r))))
print('\nlab/base  shape  base us  lab us  cuBLAS us')
for tag, r, k, b0, b1, cub in sorted(rows, key=lambda x: (x[0], x[1])):
    print('%-7s %.3f %s %6d x %-6d lda %-6d %8.2f %8.2f %8.2f' % (tag, r, k[0], k[1], k[2], k[3], b0, b1, cub))
