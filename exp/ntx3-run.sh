#!/usr/bin/env bash
# notes-gemv entry 68, third pass: the rule the second pass suggests (a
# split tiled-n plan whose half-height tiles need no split and make one
# wave of 2 1/8-3 blocks an SM takes those tiles) on 30 fresh shapes where
# it fires (exp/lists/ntx3-20261128.txt, seed 202611283, 1-16 / 16-64 /
# 64-512 MiB: ra / rb / rc), the NTX lab's m1 against the default. Carry
# build-bench. About 200 s.
set -u
. exp/carried.sh
LAB_BUILD=ntx TAIL=40 knob ntx3 ${BUDGET:-200} exp/lists/ntx3-20261128.txt "base: m1:MV_LAB_NTX=-1"
