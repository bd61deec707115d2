#!/usr/bin/env bash
# notes-gemv entry 68, second pass: the NTX lab (build-bench/ab/mvbench-ntx.gz)
# on fresh op N shapes (exp/lists/ntx2-20261128.txt, seed 202611282):
# split plans of one wave at 16-64 MiB, double (dW, 16) and float (sW, 8),
# with tiles halved (m1); unsplit plans of 3-4 blocks an SM (dU, sU) with
# tiles doubled into two splits (p1). Carry build-bench. About 330 s.
set -u
. exp/carried.sh
LAB_BUILD=ntx TAIL=45 knob ntx2 ${BUDGET:-320} exp/lists/ntx2-20261128.txt "base: m1:MV_LAB_NTX=-1 p1:MV_LAB_NTX=1"
