#!/usr/bin/env python3
# Per shape: the default's time in the cols build over main's (each the
# median of its runs), by kernel class (aligned columns or not, m*size >
# 64 KB: where tiled-t-cols4 may serve) and size of A; the shapes that
# moved most. usage: exp/cols4-compare.py DIR (c-main-PAD.csv, c-cols-PAD.csv)
import csv, glob, math, os, statistics, sys, collections
d = sys.argv[1]
t = collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(os.path.join(d, 'c-*-*.csv')):
    b = os.path.basename(f).split('-')[1]
    for r in csv.DictReader(open(f)):
        if r['variant'] == 'default' or r['variant'] == 'read-ceiling':
            t[(r['dtype'], int(r['m']), int(r['n']), int(r['lda']), r['variant'])][b].append(float(r['time_us']))
cls = collections.defaultdict(list)
rows = []
for k, v in t.items():
    if k[4] != 'default' or 'main' not in v or 'cols' not in v:
        continue
    dt, m, n, lda, _ = k
    sz = 4 if dt == 's' else 8
    w = 16 // sz
    long_cols = m * sz > 65536
    aligned = lda % w == 0
    ratio = statistics.median(v['cols']) / statistics.median(v['main'])
    rd = t[(dt, m, n, lda, 'read-ceiling')]
    rk = statistics.median(rd['main'] + rd['cols']) if rd else float('nan')
    c = (dt, 'long' if long_cols else 'short', 'aligned' if aligned else 'odd lda')
    cls[c].append(math.log(ratio))
    rows.append((ratio, dt, m, n, lda, statistics.median(v['main']), statistics.median(v['cols']), rk))
print('class                          shapes  geomean time cols / main')
for c in sorted(cls):
    print('%-30s %6d  %.3f' % (' '.join(c), len(cls[c]), math.exp(sum(cls[c]) / len(cls[c]))))
rows.sort()
print('\nmost changed (cols/main, dtype m n lda, main us, cols us, read kernel us):')
for r in rows[:12] + rows[-6:]:
    print('  %.3f %s %d x %d lda %d  %.1f  %.1f  %.1f' % r)
