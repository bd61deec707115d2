#!/usr/bin/env bash
# Device call for exp/patches/t-force.patch (lab build mvbench-tforce:
# launch_t reading MV_LAB_T_LOGP / _PRED / _MINR): op T shapes whose plan
# is a looping grid of P >= 64 blocks (a lane a round or two a column)
# past four waves, against P = 32 and 16 forced; exp/lists/t-force-20261126.
# usage: exp/t-force-run.sh   (carry build-bench; about BUDGET s)
set -u
. exp/carried.sh
LAB_BUILD=tforce
TAIL=60 knob force ${BUDGET:-400} ${LIST:-exp/lists/t-force-20261126.txt} "${SPECS:-base: p32:MV_LAB_T_LOGP=5 p16:MV_LAB_T_LOGP=4}"
