#!/usr/bin/env bash
# short-t and short-n over any whole number of vectors per column
# (exp/patches/short-t-any.patch, short-n-any.patch) against main: two lab
# builds, build-bench/ab/mvbench-main.gz and mvbench-sany.gz (exp/build-ab.sh
# of main and of a worktree with both patches applied), exp/knob-run.sh on
# the op T and op N lists of entry 57, then exp/knob-compare.py of each.
# usage: exp/short-any-ab.sh (carry build-bench; ~4 min)
set -u
top=$OUT
for op in t n; do
  mkdir -p $top/$op
  OUT=$top/$op BUDGET=${BUDGET:-220} bash exp/knob-run.sh sany exp/lists/short-$op-any-short-20261126.txt \
    "base@main: new@sany:" > /dev/null 2>&1
  python3 exp/knob-compare.py $top/$op/knob.txt 2>&1 | tail -34
done
