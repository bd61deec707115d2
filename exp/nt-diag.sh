#!/usr/bin/env bash
# Where mv_?gemv_nt's fixed ~12 us over its read goes (notes-multi Next):
# the main build's `mvbench nt` on three float shapes, then the per-kernel
# timeline (nsys, where the device has it: each kernel's start and length,
# so the gaps between the pass and its finish) and ncu's durations and DRAM
# throughput of gemv_nt_kernel and gemv_nt_finish.
# usage: exp/nt-diag.sh (carry build-bench with ab/mvbench-main.gz; ~120 s)
set -u
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
B=build-bench/ab/mvbench-${NTB:-main}
SH=${SHAPES:-4096x4096,8192x8192,16384x4096}
mkdir -p $OUT/nt
$B nt --shapes $SH --dtype ${NTD:-s} --rounds 3 --out /tmp/ntb > $OUT/nt/bench.txt 2>&1
echo "bench rc=$?"; grep -E "default|matvec-2|cublas-2 " $OUT/nt/bench.txt | head -20
if command -v nsys >/dev/null; then
  timeout 200 nsys profile -t cuda -o /tmp/ntp --force-overwrite true $B nt --shapes $SH --dtype ${NTD:-s} --rounds 1 \
    --out /tmp/ntq > $OUT/nt/nsys.log 2>&1
  echo "nsys rc=$?"
  nsys stats -r cuda_gpu_trace -f csv -o /tmp/nttrace /tmp/ntp.nsys-rep > /dev/null 2>&1
  gzip -c /tmp/nttrace_cuda_gpu_trace.csv > $OUT/nt/trace.csv.gz 2>/dev/null
  grep -n "gemv_nt" /tmp/nttrace_cuda_gpu_trace.csv | head -3
else
  echo "no nsys"
fi
timeout 150 ncu -k regex:gemv_nt --launch-count 12 --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,launch__grid_size \
  $B nt --shapes $SH --dtype ${NTD:-s} --rounds 1 --out /tmp/ntn > $OUT/nt/ncu.txt 2>&1
echo "ncu rc=$?"
grep -E "gemv_nt|duration|throughput|bytes_read|grid_size" $OUT/nt/ncu.txt | head -60
