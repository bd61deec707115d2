#!/usr/bin/env bash
# Entries 81, 82 and 83 in one device call (carry build-bench: the lab
# build ab/mvbench-deep.gz of 2de94da's sources with exp/patches/
# lab-deep.patch, lab-flatt.patch and lab-tdeep.patch applied in that
# order, built here by exp/build-ab.sh): exp/deep-run.sh (~200 s),
# exp/flatt-run.sh (~150 s), exp/tdeep-run.sh (~150 s); results under
# $OUT/deep, $OUT/flatt, $OUT/tdeep (compare.txt holds the figures), the
# checks beside them. At most 8 files come back: the knob logs are kept
# in one tarball.
set -u
bash exp/deep-run.sh
BUDGET=110 bash exp/flatt-run.sh
bash exp/tdeep-run.sh
tar czf $OUT/knob-logs.tgz -C $OUT deep/knob.txt flatt/knob.txt tdeep/knob.txt 2>/dev/null
rm -f $OUT/*/knob.txt $OUT/*/gpu.txt
