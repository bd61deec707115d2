#!/usr/bin/env bash
# The thirty-eighth session's first device call (notes-gemv Next, item 3):
# flat-t from 64 MiB, the widest class (1.316 of the read kernel) and
# issue-bound under ncu (entry 90). On exp/lists/flatt-big-20261128.txt
# (exp/flatt-big-list.py 202611303 5: fresh float / double shapes of the
# Step and plain instances, and seven of the draws' flat-t points), the
# default against the lab's lean flat-t (MV_LAB_FLATLEAN=1, and =2 with
# no branch between its paths: exp/patches/lab-flatlean.patch) and
# against tiled-t on the same shapes
# (mvbench's variant "tiled": no flat-t). build-bench/ab/mvbench-flatlean.gz
# (`git worktree add /tmp/lab HEAD && git -C /tmp/lab apply
# $PWD/exp/patches/lab-flatlean.patch && exp/build-ab.sh flatlean /tmp/lab
# && gzip build-bench/ab/mvbench-flatlean`; carry build-bench). Every other
# shape checked under the knob first; both passes. Then ncu of the lean
# kernels on the shapes of exp/ncu-flatt-big.sh. About 420 s on an H200.
set -u
. exp/carried.sh
list_checks flatlean "MV_LAB_FLATLEAN=2" exp/lists/flatt-big-20261128.txt flatlean2
TAIL=40 lab_pass flatlean flatlean "MV_LAB_FLATLEAN=1" exp/lists/flatt-big-20261128.txt ${BUDGET:-300} \
  "base: lean:MV_LAB_FLATLEAN=1 lean2:MV_LAB_FLATLEAN=2 tiled:VARIANT=tiled"
t0=$(date +%s)
ncu_run flatlean s-T-261x411166-lean "MV_LAB_FLATLEAN=1" 261 411166 s T
ncu_run flatlean s-T-151x252177-lean "MV_LAB_FLATLEAN=1" 151 252177 s T
ncu_run flatlean d-T-49x789124-lean "MV_LAB_FLATLEAN=1" 49 789124 d T
ncu_run flatlean s-T-261x411166-lean2 "MV_LAB_FLATLEAN=2" 261 411166 s T
ncu_run flatlean d-T-49x789124-lean2 "MV_LAB_FLATLEAN=2" 49 789124 d T
tar czf $OUT/ncu-lean.tgz -C /tmp ncu
