#!/usr/bin/env bash
# notes-gemv entry 35's lab run (carry build-bench with ab/mvbench-main and
# ab/mvbench-parts): op T shapes whose tiled-t blocks fill under 90% of a
# wave, from both builds in turn (mvbench shape, cold, 5 rounds, twice
# each), then exp/cols4-run.sh's random comparison with the parts build.
# usage: exp/parts-run.sh SEED COUNT
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
shapes="d:42630:1297 d:18002:1342 d:58560:743 d:8287:1393 d:28204:615 d:8466:780 d:4166:1199 d:18673:1873
        d:4803:3802 d:2309:10981 d:901:6817 s:4416:1638 s:2543:3509 s:212691:451 s:97601:48 s:128450:109
        s:542121:45 s:2073:1351 s:23058:2875"
for rep in 1 2; do
  for b in main parts; do
    for c in $shapes; do
      IFS=: read dt m n <<< "$c"
      build-bench/ab/mvbench-$b shape $m $n --dtype $dt --op T --variants default,cublas --rounds 5 --modes cold \
        --out /tmp/ps 2>&1 | grep -E "^ *(default|cublas) " | awk -v s="$b $dt $m $n" '{print s, $1, $2}'
    done
  done
done > $OUT/shapes.txt
python3 exp/shapes-compare.py $OUT/shapes.txt main parts
LAB=parts bash exp/cols4-run.sh $1 $2 | tail -22
