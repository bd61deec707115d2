#!/usr/bin/env bash
# Issue 18, A >= 64 MiB (notes-gemv entry 59): ncu on the default GEMV's
# kernel (first launch matching gemv_), on cuBLAS's (with CUBLAS=1: the
# first matching gemv in the cublas contender's process) and on mvbench's
# read kernel, per shape "dt:op:m:n", clocks and caches as they are; raw
# text into $OUT/ncu-big.tgz, the summary lines on stdout.
# Carry build-bench (ab/mvbench-$B.gz).
#   B=head [CUBLAS=1] exp/ncu-big.sh "s:T:41373:963 s:T:8192:8192"
set -u
. exp/carried.sh
mkdir -p /tmp/ncb
for c in $1; do
  IFS=: read dt op m n <<< "$c"
  ks="default:gemv_ read-ceiling:read_kernel"; [ -n "${CUBLAS:-}" ] && ks="default:gemv_ cublas:gemv"
  for vk in $ks; do
    v=${vk%%:*} k=${vk#*:}
    f=/tmp/ncb/$dt-$op-${m}x$n-$v.txt
    timeout 120 /usr/local/cuda/bin/ncu --clock-control none --cache-control none --section SpeedOfLight \
      --section Occupancy --section WarpStateStats --section LaunchStats --section MemoryWorkloadAnalysis \
      --metrics dram__bytes_read.sum,dram__sectors_read.sum,lts__t_sectors_srcunit_tex_op_read.sum \
      -k "regex:$k" --launch-count 1 \
      build-bench/ab/mvbench-${B:-head} shape $m $n --lda $m --dtype $dt --op $op --variants $v --rounds 1 \
      --modes cold --out /tmp/o > $f 2>&1
    echo "== $c $v rc=$?"
    grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Grid Size|Block Size|Warp Cycles Per Issued|No Eligible|Mem Busy|Max Bandwidth|dram__|lts__|L2 Hit" $f | head -24
  done
done
tar czf $OUT/ncu-big.tgz -C /tmp ncb
