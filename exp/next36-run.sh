#!/usr/bin/env bash
# The thirty-sixth session's first device call (notes-gemv Next, item 1):
# exp/dram-runs.sh (DRAM throughput against run length a column, ~30 s),
# then entry 87's lab, exp/stream-run.sh (~250 s; carry build-bench: the
# lab build ab/mvbench-stream.gz, made here by `git worktree add
# /tmp/lab HEAD && git -C /tmp/lab apply $PWD/exp/patches/lab-stream.patch
# && exp/build-ab.sh stream /tmp/lab && gzip build-bench/ab/mvbench-stream`).
set -u
bash exp/dram-runs.sh
bash exp/stream-run.sh
tar czf $OUT/knob-log.tgz -C $OUT stream/knob.txt 2>/dev/null && rm -f $OUT/stream/knob.txt
