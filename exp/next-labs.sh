#!/usr/bin/env bash
# The labs waiting for the twenty-eighth session's device time, in one call
# (about 450 s; after the GPU record of pipe-t-wide-n.patch, on the same
# warm machine): exp/fronts/run-blockmap.sh, then exp/flat-run.sh,
# exp/thinw-run.sh and exp/nwide2-run.sh (the build mvbench-flat: the
# patch's tree with lab-flat-t-wide.patch), each into $OUT/<name>. Carry
# build-bench. Budgets: BUDGET_FLAT (200), BUDGET_THINW (80),
# BUDGET_NWIDE2 (90) seconds of knob runs.
top=$OUT
mkdir -p $top/blockmap $top/flat $top/thinw $top/nwide2
OUT=$top/blockmap bash exp/fronts/run-blockmap.sh | tail -3
OUT=$top/flat NO_CHECKS=${NO_CHECKS:-} BUDGET=${BUDGET_FLAT:-200} bash exp/flat-run.sh | tail -12
OUT=$top/thinw BUDGET=${BUDGET_THINW:-80} bash exp/thinw-run.sh | tail -6
OUT=$top/nwide2 BUDGET=${BUDGET_NWIDE2:-90} bash exp/nwide2-run.sh | tail -6
