#!/usr/bin/env bash
# notes G10 Next 3 (and the stream-n one-team registers): ncu on the narrow
# GEMM's kernels of a lab build (carry build-bench/ab/mvbench-BUILD.gz):
# SpeedOfLight, Occupancy, WarpStateStats, LaunchStats, MemoryWorkloadAnalysis
# and the source counters (shared-memory bank conflicts), the first
# stream_n / stream_t launch of the "default" variant (matvec's own path) of
# mvbench multi per shape; raw text per shape into $OUT/ncu-narrow.tgz.
# usage: exp/ncu-narrow.sh BUILD "dt:op:ROWSxCOLS:k ..."
#   e.g. exp/ncu-narrow.sh oneteam "s:N:300000x3:16 s:N:300000x3:2 s:N:300000x24:4 s:T:300000x16:2"
set -u
. exp/carried.sh
mkdir -p /tmp/ncn
for c in $2; do
  IFS=: read dt op sh k <<< "$c"; rows=${sh%x*}; cols=${sh#*x}
  s=$(date +%s)
  timeout 120 /usr/local/cuda/bin/ncu --clock-control none --section SpeedOfLight --section Occupancy \
    --section WarpStateStats --section LaunchStats --section MemoryWorkloadAnalysis \
    --section SourceCounters -k "regex:stream_[nt]" --launch-count 1 \
    build-bench/ab/mvbench-$1 multi --rows $rows --cols $cols --ks $k --op $op --dtype $dt --rounds 1 \
    --variants default --out /tmp/o > /tmp/ncn/$dt-$op-$sh-$k.txt 2>&1
  echo "$c rc=$? $(( $(date +%s) - s )) s"
  grep -E "^  [a-z_].*\(|Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Grid Size|Warp Cycles Per Issued|No Eligible|Block Limit Reg|Bank Conflicts|L1/TEX Hit|Mem Busy" \
    /tmp/ncn/$dt-$op-$sh-$k.txt | head -24
done
tar czf $OUT/ncu-narrow.tgz -C /tmp ncn
