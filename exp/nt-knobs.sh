#!/usr/bin/env bash
# mv_?gemv_nt across builds and lab knobs: per SPEC (name@build:VAR=v,...)
# `mvbench nt` on SHAPES, both types, 3 rounds, one process each, two
# passes (the second in reverse order); CSVs into $OUT/ntk.tgz, then
# exp/nt-compare.py against the first spec.
# usage: SPECS="main@main: rx2@nt3:MV_LAB_NT_RX=2" exp/nt-knobs.sh (carry build-bench)
set -u
. exp/carried.sh
SH=${SHAPES:-4096x4096,2048x8192,1024x16384,512x32768,8192x8192,4096x16384,16384x4096,3001x5003,5003x3001,1000x100000,100000x1000,50000x300,6007x2999,2999x6007}
d=/tmp/ntk; rm -rf $d; mkdir -p $d
rev=$(echo $SPECS | tr ' ' '\n' | tac | tr '\n' ' ')
for pass in 1 2; do
  [ $pass = 1 ] && order=$SPECS || order=$rev
  for k in $order; do
    head=${k%%:*} env=$(echo ${k#*:} | tr ',' ' ')
    name=${head%%@*} b=${head#*@}
    env $env build-bench/ab/mvbench-$b nt --shapes $SH --dtype both --rounds 3 --out $d/$name-$pass > $d/$name-$pass.txt 2>&1
    echo "$name ($b $env) pass $pass rc=$?"
  done
done
tar czf $OUT/ntk.tgz -C $d .
python3 exp/nt-compare.py $d $SPECS
