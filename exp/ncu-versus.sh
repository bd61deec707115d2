#!/usr/bin/env bash
# What cuBLAS runs where it beats the default on large shapes, beside the
# default's kernels: ncu (clocks not locked, caches flushed between passes:
# cold) on every launch of one `mvbench shape` per contender, per shape:
# kernel name, grid and block, registers, duration, DRAM throughput, L2
# sectors read, active warps. Raw output into $OUT/versus.tgz.
# usage: exp/ncu-versus.sh BUILD "dt:op:MxN ..." [VARIANTS]   (carry build-bench)
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers
mkdir -p /tmp/versus
for c in $2; do
  IFS=: read dt op sh <<< "$c"; m=${sh%x*}; n=${sh#*x}
  for v in ${3:-cublas default}; do
    s=$(date +%s)
    # mvbench times cuBLAS beside every contender: for the others, leave
    # cuBLAS's GEMV kernels out too (gemv2N_kernel, gemv2T_kernel_val and
    # the templated `kernel`), or COUNT launches end before theirs (notes-gemv
    # entry 70; this filter is not yet run on the device).
    skip='read_kernel|empty_kernel|affine|fill|to_double|from_float|pointers|generate_seed|gen_seq|gemv_reference|check_kernel'
    [ "$v" != cublas ] && skip="$skip|gemv2|kernel\$"
    timeout 100 /usr/local/cuda/bin/ncu --clock-control none --metrics $metrics -k "regex:^(?!$skip)" --launch-count ${COUNT:-12} \
      build-bench/ab/mvbench-$1 shape $m $n --dtype $dt --op $op --variants $v --rounds 1 --modes cold \
      --out /tmp/o > /tmp/versus/$dt-$op-$sh-$v.txt 2>&1
    echo "$c $v rc=$? $(( $(date +%s) - s )) s"
    awk '/^  [a-zA-Z_].*\(/ && !/contender|cblas|cublas|default/ {k=substr($0,3,70)} /gpu__time_duration|dram__throughput|grid_size|block_size|registers_per|warps_active/ {print "   ", substr(k,1,60), $1, $NF}' \
      /tmp/versus/$dt-$op-$sh-$v.txt | grep -v -E "affine|read_kernel|empty|fill|to_double" | head -${LINES_EACH:-28}
  done
done
tar czf $OUT/versus.tgz -C /tmp versus
