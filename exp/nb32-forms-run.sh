#!/usr/bin/env bash
# The 32-vector narrow products in every transpose form (notes G11 Next 1):
# C with 18 or 30 rows (the rows are the vectors) or 18 or 30 columns,
# the other side 300-12000, sums of 8, 30 and 60, all four transpose
# pairs, both types; mvbench gemm --shapes (exp/patches/mvbench-gemm-
# shapes.patch; lab build mvbench-shapes.gz of the record tree of 1dab50e
# with it; B=name for another build), own rows beside cuBLAS. One device call (~1 min). Into
# $OUT/r.tgz; the summary on stdout.
. exp/carried.sh
list=$(python3 exp/nb32-forms-list.py)
r=/tmp/nb32f; rm -rf $r; mkdir -p $r
n=$(echo $list | tr ',' '\n' | wc -l)
build-bench/ab/mvbench-${B:-shapes} gemm --shapes "$list" --dtype both --rounds 5 --seed 7 --out $r > $r/run.txt 2>&1
echo "== $n shapes rc=$? FAILED $(grep -c FAILED $r/run.txt)"
sed -n '/random summary/,/^slower than/p' $r/run.txt
tar czf $OUT/r.tgz -C /tmp nb32f
