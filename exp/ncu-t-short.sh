#!/usr/bin/env bash
# Where tiled-t's time goes on short op T columns off 16 bytes (notes-gemv
# entries 46-47: float 127 x 24190 took 0.74x at P = 8 against the plan's
# P = 4, 61 x 1021 0.56-0.59x at P = 8-16, and neither a serial tail nor
# the number of blocks explains it): ncu's warp stalls by source line of
# the default's kernel at the plan's P and at P forced (MV_LAB_T_LOGP).
# The lab build (build-bench/ab/mvbench-tline.gz, t-force.patch, -lineinfo)
# was compiled from build-bench/lab-src, which the carried build-bench
# brings to the same path on the device, so ncu finds the sources.
# Output: $OUT/tshort.tgz (reports and per-line CSVs), a summary printed.
# usage: exp/ncu-t-short.sh   (carry build-bench; about 120 s)
set -u
echo "device tree: $PWD"
. exp/carried.sh
export PATH=$PATH:/usr/local/cuda/bin
d=/tmp/tshort; mkdir -p $d
for shape in "127 24190" "61 1021" "251 12906"; do
  set -- $shape; m=$1 n=$2
  for lp in ${LOGPS:-plan 3 4}; do
    tag=s-$m-$n-$lp; env=; [ $lp != plan ] && env=MV_LAB_T_LOGP=$lp
    env $env timeout 150 ncu -k regex:^gemv_ --launch-count 1 --section SourceCounters --section WarpStateStats \
      --section LaunchStats --metrics gpu__time_duration.sum --import-source yes -f -o $d/$tag \
      build-bench/ab/mvbench-tline shape $m $n --dtype s --op T --variants default --rounds 1 --modes cold \
      --out /tmp/o > $d/$tag.log 2>&1
    echo "$tag rc=$?"
    ncu -i $d/$tag.ncu-rep --page details > $d/$tag.txt 2>&1
    ncu -i $d/$tag.ncu-rep --page source --csv --print-source cuda > $d/$tag-source.csv 2>&1
    ncu -i $d/$tag.ncu-rep --page source --csv --print-source sass > $d/$tag-sass.csv 2>&1
    grep -E "gpu__time_duration|Warp Cycles Per Issued|Grid Size|Registers Per" $d/$tag.txt | awk '{print "   ", $1, $2, $3, $NF}'
    head -c 300 $d/$tag-source.csv | head -3
  done
done
tar czf $OUT/tshort.tgz -C /tmp tshort
