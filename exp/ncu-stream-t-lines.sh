#!/usr/bin/env bash
# Issue 23 (notes G6): where stream_t<float, 32> spends ~10 us on a tiny
# product (199 x 22 x 10 TT): ncu's source counters (warp stalls and
# instructions per line and per SASS instruction) of its first launches in
# exp/gemm-host-cost, the library built with -lineinfo (build-bench/ab/
# gemm-host-cost-li.gz, compiled in /work/main: the sources are linked
# there when the device's tree is elsewhere). Output: $OUT/st-lines.tgz,
# the hottest lines printed. usage: exp/ncu-stream-t-lines.sh (carry build-bench)
set -u
echo "device tree: $PWD"
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
chmod +x build-bench/ab/gemm-host-cost-li
[ "$PWD" != /work/main ] && mkdir -p /work/main 2>/dev/null && ln -sfn "$PWD/src" /work/main/src && ln -sfn "$PWD/include" /work/main/include
d=/tmp/stl; mkdir -p $d
timeout 200 ncu -k regex:"stream_t" --launch-count 1 --section SourceCounters --section WarpStateStats \
  --metrics gpu__time_duration.sum --import-source yes -f -o $d/st build-bench/ab/gemm-host-cost-li > $d/run.log 2>&1
echo "ncu rc=$?"
ncu -i $d/st.ncu-rep --page details > $d/details.txt 2>&1
ncu -i $d/st.ncu-rep --page source --csv --print-source cuda > $d/source.csv 2>&1
ncu -i $d/st.ncu-rep --page source --csv --print-source sass > $d/sass.csv 2>&1
tar czf $top/st-lines.tgz -C /tmp stl
grep -E "gpu__time_duration|Warp Cycles Per Issued|Stall" $d/details.txt | head -20
python3 - $d/source.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hdr = next((i for i, r in enumerate(rows) if r and r[0] == '#'), None)
if hdr is None:
    print('no source table; head:', rows[:3]); sys.exit()
h = rows[hdr]
def col(name):
    return next((i for i, x in enumerate(h) if x.startswith(name)), None)
ws, ie, src = col('Warp Stall Sampling (All'), col('Instructions Executed'), col('Source')
body = [r for r in rows[hdr + 1:] if len(r) > max(ws, ie, src)]
def num(x):
    try: return float(x.replace(',', ''))
    except ValueError: return 0.0
tot = sum(num(r[ws]) for r in body) or 1
for r in sorted(body, key=lambda r: -num(r[ws]))[:25]:
    print('%5.1f%%  inst %8s  %s: %s' % (100 * num(r[ws]) / tot, r[ie], r[0], r[src].strip()[:110]))
PY
