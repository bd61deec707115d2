#!/usr/bin/env bash
# One device call: the six sweep shapes whose op T plan e151137 changed
# (exp/sweep-changed-run.sh: head = before, final = e151137), then the
# LOWPER lab rule against e151137 on its changed shapes (exp/knob-run.sh
# with the two builds).
# Carry build-bench (ab/mvbench-{head,final,lowper}.gz).
set -u
[ -n "${SKIP_SWEEP:-}" ] || bash exp/sweep-changed-run.sh > $OUT/sweep-changed.txt 2>&1
echo "sweep-changed: $(wc -l < $OUT/sweep-changed.txt) lines"
BUDGET=${BUDGET:-470} bash exp/knob-run.sh final exp/lists/lowper-20261126.txt "base@final: lab@lowper:"
