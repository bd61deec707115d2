#!/usr/bin/env bash
# Warp stall reasons of cuBLAS's kernel and the default's on one shape each
# (ncu WarpStateStats + Occupancy + the DRAM throughput), cold, clocks not
# locked; raw output into $OUT/stalls-versus/. Carry build-bench.
# usage: exp/ncu-stalls-versus.sh BUILD "dt:op:MxN ..."
set -u
. exp/carried.sh
mkdir -p $top/stalls-versus
skip='regex:^(?!read_kernel|empty_kernel|affine|fill|to_double|from_float|pointers|generate_seed|gen_seq|gemv_reference|check_kernel)'
for c in $2; do
  IFS=: read dt op sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  for v in cublas default; do
    f=$top/stalls-versus/$dt-$op-$sh-$v.txt
    # mvbench runs cuBLAS first for every variant list: the default's
    # kernels are the library's own (gemv_*).
    k=$skip; [ $v = default ] && k='regex:^gemv_'
    timeout 150 /usr/local/cuda/bin/ncu --clock-control none -k "$k" --launch-skip ${SKIP:-0} --launch-count 1 \
      --section WarpStateStats --section Occupancy --section LaunchStats \
      --metrics dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_lg_throttle,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_no_instructions,smsp__pcsamp_warps_issue_stalled_drain,smsp__pcsamp_warps_issue_stalled_membar,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_sample_count \
      build-bench/ab/mvbench-$1 shape $m $n --dtype $dt --op $op --variants $( [ $v = cublas ] && echo cublas || echo default ) \
      --rounds 1 --modes cold --out /tmp/o > $f 2>&1
    echo "$c $v rc=$?"
    grep -E "^  [a-zA-Z].*\)x\(" $f | head -1 | grep -o "([0-9]*, [0-9]*, [0-9]*)x([0-9]*, [0-9]*, [0-9]*)"
    grep -E "gpu__time_duration|dram__throughput|Warp Cycles Per Issued|Achieved Occupancy|Registers Per|pcsamp_warps_issue_stalled_(long|barrier|lg|wait|mio|short|no_inst|selected|not_sel)|pcsamp_sample_count" $f | awk '{print "   ", $1, $NF}'
  done
done
