#!/usr/bin/env python3
# Geomean time / default per type and size of A (mvbench random CSVs):
#   exp/random-classes.py CONTENDER,... RUN.csv[.gz] ...
import csv,gzip,sys,collections,math
rows=[]
for f in sys.argv[2:]:
    rows+=list(csv.DictReader(gzip.open(f,'rt') if f.endswith('gz') else open(f)))
cons=sys.argv[1].split(',')
g=collections.defaultdict(dict)
for r in rows: g[(r['dtype'],r['op'],int(r['m']),int(r['n']),int(r['lda']))][r['variant']]=r
def cls(b):
    mb=b/2**20
    for lim,name in [(1,'<1M'),(4,'1-4M'),(16,'4-16M'),(64,'16-64M')]:
        if mb<lim: return name
    return '>=64M'
acc=collections.defaultdict(lambda: collections.defaultdict(list))
for k,v in g.items():
    if 'default' not in v: continue
    c=(k[0],cls(int(v['default']['bytes'])))
    t0=float(v['default']['time_us'])
    for cn in cons:
        if cn in v and float(v[cn]["time_us"])>0: acc[c][cn].append(math.log(float(v[cn]['time_us'])/t0))
print('class n '+' '.join(cons)+'   (geomean time / default)')
for c in sorted(acc):
    d=acc[c]; n=len(d[cons[0]])
    print(c,n,' '.join('%.3f'%math.exp(sum(d[cn])/len(d[cn])) for cn in cons))
