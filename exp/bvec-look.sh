#!/usr/bin/env bash
# exp/patches/bvec.patch's first look (carry .deps): mvbench from this tree
# and from a copy with the patch applied, `mvbench batched --op T` at the
# block kernel's sizes, one after the other (cuBLAS in both as the check).
# usage: exp/bvec-look.sh [SECONDS]
set -u
t0=$(date +%s); budget=${1:-300}
. exp/device-env.sh
rm -rf /tmp/srcv && mkdir /tmp/srcv && cp -r CMakeLists.txt cmake include src tools tests examples python pyproject.toml /tmp/srcv/
(cd /tmp/srcv && patch -p1 -s < "$OLDPWD/exp/patches/bvec.patch" 2>&1 | grep -v '^$' | head -3)
(conf /tmp/srcv /tmp/btv > $OUT/bv.txt 2>&1 && cmake --build /tmp/btv -j 8 --target mvbench >> $OUT/bv.txt 2>&1; echo "bv rc=$?" >> $OUT/bv.txt) &
conf . bt > $OUT/b.txt 2>&1 && cmake --build bt -j 8 --target mvbench >> $OUT/b.txt 2>&1; echo "b rc=$? $(( $(date +%s) - t0 )) s"
wait; tail -1 $OUT/bv.txt; grep -c column_dot /tmp/srcv/src/gemv/gemv_batched.cu
args="batched --sizes 64,100,128,160,256,384,512 --op T --dtype both --rounds 5"
for v in main bvec; do b=bt; [ $v = bvec ] && b=/tmp/btv
  l=$(( budget - ($(date +%s) - t0) )); [ $l -gt 20 ] || break
  timeout $l $b/tools/mvbench/mvbench $args --out $OUT/csv-$v > $OUT/$v.txt 2>&1; echo "$v rc=$? $(( $(date +%s) - t0 )) s"
done
(cd $OUT && tar cf csv.tar csv-* 2>/dev/null; rm -rf csv-*)
