# Entry 30: flat-n's shapes of mvbench random runs (op N, lda of 1-32
# vectors, packed, not short-n's), geomean time / the `tiled` contender's
# by type, alignment and size of A, for the contenders named.
# usage: exp/flat-n-classes.py default,exp0,... RUN.csv[.gz] ...
import csv, gzip, math, collections, sys
names=sys.argv[1].split(',')
for f in sys.argv[2:]:
  rows=list(csv.DictReader(gzip.open(f,'rt') if f.endswith('.gz') else open(f)))
  d=collections.defaultdict(dict)
  for r in rows:
    k=(r['dtype'],r['op'],int(r['m']),int(r['n']),int(r['lda']))
    d[k][r['variant']]=float(r['time_us'])
  grp=collections.defaultdict(list)
  for k,v in d.items():
    dt,op,m,n,lda=k; W=4 if dt=='s' else 2
    pow2 = (lda%W==0) and ((lda//W)&(lda//W-1))==0 and m%W==0 and lda//W<=32
    elig = op=='N' and W<=lda<=32*W and (lda-m<W or 8*lda<=9*m) and not pow2
    if not elig: continue
    A=lda*n*(4 if dt=='s' else 8)
    key=(dt, 'al' if lda%W==0 else 'un', '<4M' if A<4<<20 else ('<32M' if A<32<<20 else '>=32M'))
    grp[key].append(v); grp[('all',)].append(v); grp[(key[1],)].append(v)
  for k in sorted(grp):
    vs=grp[k]
    out=[]
    for nm in names:
      g=math.exp(sum(math.log(v[nm]/v['tiled']) for v in vs)/len(vs))
      out.append("%s %.3f"%(nm,g))
    worst=max(v['default']/v['tiled'] for v in vs)
    rd=math.exp(sum(math.log(v['default']/v['read-ceiling']) for v in vs)/len(vs))
    print(f[-9:],k,len(vs)," ".join(out),"def worst %.2f def/read %.3f"%(worst,rd))
