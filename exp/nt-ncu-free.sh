#!/usr/bin/env bash
# The NT pass, its finish and the GEMVs of the same A under ncu with the
# clocks and caches left as they are (--clock-control none --cache-control
# none): durations close to a stream's, so the pass's fixed cost over its
# read shows inside or outside the kernel. usage: exp/nt-ncu-free.sh
# (carry build-bench with ab/mvbench-$NTB.gz; ~60 s)
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
B=build-bench/ab/mvbench-${NTB:-ntlab}
SH=${SHAPES:-4096x4096,8192x8192}
mkdir -p $OUT/ncu
timeout 300 ncu --clock-control none --cache-control none -k regex:'gemv_nt|gemv_tiled|gemv_thin|read_kernel' \
  --launch-skip ${SKIP:-0} --launch-count ${COUNT:-40} \
  --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,launch__grid_size,sm__cycles_active.min,sm__cycles_active.avg,sm__cycles_active.max,gpc__cycles_elapsed.max \
  env $NTENV $B nt --shapes $SH --dtype ${NTD:-s} --rounds 1 --out /tmp/ntn > $OUT/ncu/ncu.txt 2>&1
echo "ncu rc=$?"
python3 - $OUT/ncu/ncu.txt <<'PY'
import re, sys
cur = None
for line in open(sys.argv[1]):
    m = re.match(r'\s+(?:void )?(\S+?)(?:<.*?>)?\(.*\)\s+\((\d+), (\d+), (\d+)\)x\((\d+)', line)
    if m:
        cur = m.group(1).split('::')[-1] + ' g=%s' % m.group(2)
        print(cur, end='')
        continue
    m = re.match(r'\s+(\S+)\s+(\S+)?\s+([\d.,]+)$', line)
    if m and cur:
        k = m.group(1)
        short = {'gpu__time_duration.sum': 'us', 'dram__throughput.avg.pct_of_peak_sustained_elapsed': 'dram%',
                 'sm__cycles_active.min': 'act_min', 'sm__cycles_active.avg': 'act_avg', 'sm__cycles_active.max': 'act_max',
                 'gpc__cycles_elapsed.max': 'elapsed', 'dram__bytes_read.sum': 'MB'}.get(k)
        if short:
            print('  %s %s' % (short, m.group(3)), end='')
        if k == 'sm__cycles_active.min':
            print()
PY
