#!/usr/bin/env bash
# notes-gemv entry 33: where ring-t's warps wait (carry build-bench with
# ab/mvbench-ring): ncu's warp-state breakdown for the named contenders on
# the given op T shapes. usage: exp/ncu-ring.sh CONTENDERS "dt:MxN ..."
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
r=smsp__average_warps_issue_stalled
M=""
for w in barrier long_scoreboard short_scoreboard mio_throttle lg_throttle wait sleeping membar branch_resolving \
         no_instruction math_pipe_throttle dispatch_stall drain selected not_selected misc tex_throttle; do
  M="$M,${r}_${w}_per_issue_active.ratio"
done
M="${M#,},sm__cycles_active.avg,gpc__cycles_elapsed.max,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,lts__t_sectors_srcunit_tex.sum,dram__sectors_read.sum,lts__t_sectors_srcunit_tex_lookup_hit.sum,lts__t_sectors_lookup_hit.sum,lts__t_sectors_lookup_miss.sum,l1tex__m_xbar2l1tex_read_bytes.sum,sm__ctas_launched.sum"
for c in $2; do
  IFS=: read dt sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  for v in ${1//,/ }; do
    timeout 100 /usr/local/cuda/bin/ncu --clock-control none --metrics $M -k regex:gemv_ --launch-count 1 \
      build-bench/ab/mvbench-ring shape $m $n --dtype $dt --op T --variants $v --rounds 1 --modes cold --out /tmp/o \
      > /tmp/ncr-$dt-$sh-$v.txt 2>&1
    echo "== $c $v rc=$?"; grep -E "^  [a-z_].*\(|ratio|cycles|pct|sum" /tmp/ncr-$dt-$sh-$v.txt | grep -v "^  void" | awk '$NF+0 > 0.05 || /cycles|pct|sum/' | sed 's/smsp__average_warps_issue_stalled_//'
  done
done
