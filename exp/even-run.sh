#!/usr/bin/env bash
# notes-gemv Next 3: op N unsplit tiled-n plans of 3-5 blocks an SM (397
# to 660 tiles on 132 SMs), where the busiest SMs hold a block more than
# the rest (entry 67's step). The lab (exp/patches/lab-even-tiles.patch on
# 7522b03, build-bench/ab/mvbench-even.gz) re-plans them as exactly one
# wave of tiles of even rows: MV_LAB_EVEN=1 want tiles (four an SM, the
# plain instance), =2 wave3 tiles (three an SM, the pipelined one), TX
# doubled where a tile's vectors need it. Its base runs the lab's kernel
# (row bounds per tile), so head@head (build-bench/ab/mvbench-head.gz,
# 7522b03 as it is) is beside it. 24 shapes of 4-512 MiB
# (exp/lists/even-20261128.txt: the record's draws and fresh, seed
# 202611285; a/u: aligned or not). Carry build-bench. About 250 s.
set -u
. exp/carried.sh
LAB_BUILD=even TAIL=34 knob even ${BUDGET:-240} exp/lists/even-20261128.txt "base: e1:MV_LAB_EVEN=1 e2:MV_LAB_EVEN=2 head@head:"
