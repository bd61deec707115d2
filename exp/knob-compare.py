#!/usr/bin/env python3
# exp/knob-run.sh's table: per shape, each knob setting's median default
# time over the first setting's (base), cuBLAS's median beside; then per
# tag the geomean of each setting over base, twice: the medians (the mean
# of the two passes) and each setting's faster pass, with how many shapes
# were faster that way. A pass can be disturbed (another process's work,
# a clock drop) and then every contender in it is slow; the faster pass is
# the robust one there. A shape whose cuBLAS times spread by more than
# 1.5x across passes and settings is marked '!' (disturbed).
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
print('shape (tag) | base us | cuBLAS us | ' + ' '.join('%8s' % o for o in order[1:]) + ' | faster pass')
per = collections.defaultdict(lambda: collections.defaultdict(list))
low = collections.defaultdict(lambda: collections.defaultdict(list))
for k, tag in sorted(shapes.items(), key=lambda x: (x[1], x[0])):
    if not t[(k, base, 'default')]:
        continue
    b = statistics.median(t[(k, base, 'default')])
    cub = sum((t[(k, o, 'cublas')] for o in order), [])
    c = statistics.median(cub)
    r, rl = [], []
    for o in order[1:]:
        v = t[(k, o, 'default')]
        r.append(statistics.median(v) / b if v else float('nan'))
        rl.append(min(v) / min(t[(k, base, 'default')]) if v else float('nan'))
        if v:
            per[tag][o].append(math.log(r[-1]))
            low[tag][o].append(math.log(rl[-1]))
    mark = ' !' if cub and max(cub) > 1.5 * min(cub) else ''
    print('%s %s %7d x %-7d lda %-7d (%s) | %7.2f | %7.2f | ' % (k[0], k[1], k[2], k[3], k[4], tag, b, c) +
          ' '.join('%8.3f' % x for x in r) + ' | ' + ' '.join('%6.3f' % x for x in rl) + mark)
for tag, d in sorted(per.items()):
    print('tag %s: ' % tag + ' '.join(
        '%s %.3f (%d), faster pass %.3f (%d of %d faster)' %
        (o, math.exp(sum(v) / len(v)), len(v), math.exp(sum(low[tag][o]) / len(low[tag][o])),
         sum(x < 0 for x in low[tag][o]), len(low[tag][o])) for o, v in d.items()))
