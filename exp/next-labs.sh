#!/usr/bin/env bash
# The labs waiting for the twenty-eighth session's device time, in one call
# (about 500 s; after the GPU record of pipe-t-wide-n.patch, on the same
# warm machine): exp/fronts/run-blockmap.sh, then exp/flat-run.sh,
# exp/thinw-run.sh, exp/nwide2-run.sh and exp/shiftr-run.sh (the build
# mvbench-flat: the patch's tree with lab-flat-t-wide.patch), each into
# $OUT/<name>. Carry build-bench. flat-run's mvbench random checks are
# skipped unless CHECKS=1 (every knob run checks each contender before it
# times it). Budgets in seconds of knob runs: BUDGET_FLAT (170),
# BUDGET_THINW (70), BUDGET_NWIDE2 (80), BUDGET_SHIFTR (120).
top=$OUT
mkdir -p $top/blockmap $top/flat $top/thinw $top/nwide2 $top/shiftr
OUT=$top/blockmap bash exp/fronts/run-blockmap.sh | tail -3
nc=1; [ -n "${CHECKS:-}" ] && nc=
OUT=$top/flat NO_CHECKS=$nc BUDGET=${BUDGET_FLAT:-170} bash exp/flat-run.sh | tail -12
OUT=$top/thinw BUDGET=${BUDGET_THINW:-70} bash exp/thinw-run.sh | tail -6
OUT=$top/nwide2 BUDGET=${BUDGET_NWIDE2:-80} bash exp/nwide2-run.sh | tail -6
OUT=$top/shiftr BUDGET=${BUDGET_SHIFTR:-120} bash exp/shiftr-run.sh | tail -8
