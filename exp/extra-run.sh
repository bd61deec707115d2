#!/usr/bin/env bash
# tiled-t's head and tail rows in one round trip (entry 50 of
# docs/notes-gemv.md) against base: exp/knob-run.sh over LIST, then the
# docs' draw from both builds (exp/pf-run.sh). Carry build-bench
# (ab/mvbench-base.gz, ab/mvbench-ht.gz). usage: exp/extra-run.sh LIST BUDGET
set -u
list=$1 budget=$2
. exp/carried.sh
mkdir -p $OUT/k
OUT=$OUT/k BUDGET=$budget bash exp/knob-run.sh base $list "base@base: ht@ht:" | tail -42
tar czf $OUT/k.tgz -C $OUT k && rm -rf $OUT/k
bash exp/pf-run.sh "base ht" | grep -v "^  [NT] " 
