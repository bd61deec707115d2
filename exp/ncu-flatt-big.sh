#!/usr/bin/env bash
# notes-gemv entry 90's Next: flat-t from 64 MiB is the class furthest
# from the read kernel on the H200 draws (26 points at 1.316 of its time;
# float columns of 222-390 elements 1.26-1.37, four of them slower than
# cuBLAS). ncu (not locked, cold, first launch) of the default on three
# of them and of the read kernel over the same bytes, to see whether DRAM
# throughput, the SMs' issue or the blocks' barriers hold flat-t:
# build-bench/ab/mvbench-warpmany.gz (flat-t as on main; carry
# build-bench). Raw output in $OUT/ncu.tgz, a digest on stdout. ~60 s.
set -u
. exp/carried.sh
t0=$(date +%s)
ncu_run warpmany s-T-261x411166 "" 261 411166 s T
ncu_run warpmany s-T-151x252177 "" 151 252177 s T
ncu_run warpmany d-T-49x789124 "" 49 789124 d T
NCU_VARIANT=read-ceiling NCU_K=read_kernel ncu_run warpmany s-T-261x411166-read "" 261 411166 s T
for f in /tmp/ncu/*.txt; do echo "== $f"; grep -E "Stall|Issue Slots Busy|Eligible Warps|Active Warps Per|Compute \(SM\) Throughput|Barrier" $f | head -12; done
tar czf $OUT/ncu.tgz -C /tmp ncu
