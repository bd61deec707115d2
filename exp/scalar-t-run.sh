#!/usr/bin/env bash
# scalar-t (lab build `st`, exp/patches/scalar-t.patch): the knob run over
# LIST with SPECS, then (unless NODRAW) the docs' draw without and with the
# knobs in DRAWENV (default MV_LAB_ST=2), compared by exp/ab-draw.py.
# Carry build-bench.
set -u
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
LAB_BUILD=st
knob knob ${KBUDGET:-300} ${LIST:-exp/lists/scalar-t-20261127.txt} "${SPECS:-base: st1:MV_LAB_ST=1 st3:MV_LAB_ST=3 st2:MV_LAB_ST=2}"
[ -n "${NODRAW:-}" ] && exit 0
draw d0 st
draw d1 st ${DRAWENV:-MV_LAB_ST=2}
python3 exp/ab-draw.py $OUT/d0.csv.gz $OUT/d1.csv.gz | head -40
tar czf $OUT/draws.tgz -C $OUT $(cd $OUT && ls d*.*) && rm -f $OUT/d0.* $OUT/d1.*
