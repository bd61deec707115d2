#!/usr/bin/env python3
# exp/knob-run.sh's table: per shape, each knob setting's median default
# time over the first setting's (base), cuBLAS's median beside; then per
# tag the geomean of each setting over base.
#   exp/knob-compare.py KNOB_TXT
import collections, math, statistics, sys
t = collections.defaultdict(list)
order, shapes = [], {}
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) != 10:
        continue
    _, dt, op, m, n, lda, tag, name, var, us = p
    k = (dt, op, int(m), int(n), int(lda))
    shapes[k] = tag
    if name not in order:
        order.append(name)
    t[(k, name, var)].append(float(us))
base = order[0]
print('shape (tag) | base us | cuBLAS us | ' + ' '.join('%8s' % o for o in order[1:]))
per = collections.defaultdict(lambda: collections.defaultdict(list))
for k, tag in sorted(shapes.items(), key=lambda x: (x[1], x[0])):
    if not t[(k, base, 'default')]:
        continue
    b = statistics.median(t[(k, base, 'default')])
    c = statistics.median(sum((t[(k, o, 'cublas')] for o in order), []))
    r = []
    for o in order[1:]:
        v = t[(k, o, 'default')]
        r.append(statistics.median(v) / b if v else float('nan'))
        if v:
            per[tag][o].append(math.log(r[-1]))
    print('%s %s %7d x %-7d lda %-7d (%s) | %7.2f | %7.2f | ' % (k[0], k[1], k[2], k[3], k[4], tag, b, c) +
          ' '.join('%8.3f' % x for x in r))
for tag, d in sorted(per.items()):
    print('tag %s: ' % tag + ' '.join('%s %.3f (%d)' % (o, math.exp(sum(v) / len(v)), len(v)) for o, v in d.items()))
