#!/usr/bin/env bash
# notes-gemv entry 34's lab run (carry build-bench with ab/mvbench-main and
# ab/mvbench-cols): mvbench random op T, A >= 16 MiB, lda = m and padded
# by 1..3, from main's build and from the tree with tiled-t-cols4 reading
# same-alignment columns in 16-byte loads; the builds alternate per run.
# exp/cols4-compare.py then gives each shape's time / main's.
# usage: exp/cols4-run.sh SEED COUNT   (LAB=NAME: ab/mvbench-NAME as the
# lab build, still labelled cols; OPS=N,T or T)
set -u
lab=${LAB:-cols}
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
nvidia-smi --query-gpu=name --format=csv,noheader > $OUT/gpu.txt
for pad in 0 3; do
  for b in main cols main cols; do
    s=$(date +%s)
    bin=build-bench/ab/mvbench-$b; [ $b = cols ] && bin=build-bench/ab/mvbench-$lab
    $bin random --seed $(( $1 + pad )) --count $2 --op T --modes cold --min-bytes 16M \
      --lda-pad $pad --variants default,cublas,read-ceiling --out /tmp/c-$b-$pad > /tmp/c-$b-$pad.txt 2>&1
    echo "random $b pad $pad rc=$? $(( $(date +%s) - s )) s; $(grep -c FAILED /tmp/c-$b-$pad.txt) FAILED"
    cat /tmp/c-$b-$pad/measurements.csv >> $OUT/c-$b-$pad.csv
  done
done
python3 exp/cols4-compare.py $OUT | tee $OUT/compare.txt
gzip $OUT/*.csv
