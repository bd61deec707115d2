#!/usr/bin/env bash
# The thirty-seventh session's first device call (notes-gemv Next, item
# 1): entry 89's two passes in one call, exp/warpmany2-run.sh (~230 s)
# then exp/cols4-lab-run.sh (~170 s); first exp/dram-gemv.sh (~40 s:
# Next, item 3). Carry build-bench holding only
# ab/mvbench-warpmany.gz (exp/patches/lab-warpmany.patch on 4c6306a:
# `git worktree add /tmp/lab 4c6306a && git -C /tmp/lab apply
# $PWD/exp/patches/lab-warpmany.patch && exp/build-ab.sh warpmany /tmp/lab
# && gzip build-bench/ab/mvbench-warpmany`). Kind nvidia-h200, timeout 600.
set -u
bash exp/dram-gemv.sh
bash exp/warpmany2-run.sh
bash exp/cols4-lab-run.sh
