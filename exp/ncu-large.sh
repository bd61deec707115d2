#!/usr/bin/env bash
# Where large random shapes lose against the read kernel (entry 29): ncu
# (clocks not locked, caches flushed between passes: cold) on the default
# path's kernels (the first 8 launches: the checks), per shape:
# duration, DRAM bytes and throughput, L2 sectors the SMs read, grid size,
# registers, active warps. Raw ncu output per shape into $OUT/ncu.tgz.
# usage: exp/ncu-large.sh BUILD "dt:op:MxN ..."   (carry build-bench)
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,launch__grid_size,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
mkdir -p /tmp/ncu
for c in $2; do
  IFS=: read dt op sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  s=$(date +%s)
  timeout 120 /usr/local/cuda/bin/ncu --clock-control none --metrics $metrics -k regex:gemv_ --launch-count 8 \
    build-bench/ab/mvbench-$1 shape $m $n --dtype $dt --op $op --variants default,read-ceiling --rounds 1 --modes cold \
    --out /tmp/o > /tmp/ncu/$dt-$op-$sh.txt 2>&1
  echo "$c rc=$? $(( $(date +%s) - s )) s"
done
tar czf $OUT/ncu.tgz -C /tmp ncu
