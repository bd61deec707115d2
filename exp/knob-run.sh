#!/usr/bin/env bash
# Builds or knobs side by side on a list of shapes: per line of LIST
# (dtype op m n lda tag) and per SPEC, `mvbench shape` cold, 5 rounds,
# default and cuBLAS; two passes, the second with the lines and the specs
# in reverse order, within BUDGET seconds. A SPEC is name[@build]:[VAR=v,...]
# (the environment is a lab build's knobs; the build defaults to BUILD;
# VARIANT=v among them times mvbench's variant v in the default's place).
# Carry build-bench (ab/mvbench-<build>.gz). Then exp/knob-compare.py.
# usage: BUDGET=s exp/knob-run.sh BUILD LIST "SPEC..."
#   e.g. exp/knob-run.sh fin LIST "base: fin16:MV_LAB_FIN=16"
#        exp/knob-run.sh x LIST "base@final: lab@loop:"   (two builds)
set -u
build=$1 list=$2 specs=$3
. exp/carried.sh
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/gpu.txt
rev=$(echo $specs | tr ' ' '\n' | tac | tr '\n' ' ')
t0=$(date +%s)
for pass in 1 2; do
  if [ $pass = 1 ]; then rd=cat order=$specs; else rd=tac order=$rev; fi
  $rd $list | while read dt op m n lda tag; do
    [ $(( $(date +%s) - t0 )) -gt ${BUDGET:-480} ] && break
    for k in $order; do
      head=${k%%:*} env=$(echo ${k#*:} | tr ',' ' ')
      name=${head%%@*} b=$build
      [ "$head" != "$name" ] && b=${head#*@}
      # VARIANT=v in a spec: mvbench's variant v in the default's place.
      var=default
      for e in $env; do case $e in VARIANT=*) var=${e#VARIANT=} ;; esac; done
      env=$(echo " $env " | sed -E 's/ VARIANT=[^ ]*//g')
      env $env build-bench/ab/mvbench-$b shape $m $n --lda $lda --dtype $dt --op $op --variants $var,cublas \
        --rounds 5 --modes cold --out /tmp/kr 2>&1 | grep -E "^ *($var|cublas) " |
        awk -v s="$pass $dt $op $m $n $lda $tag $name" -v v=$var '{n = $1 == v ? "default" : $1; print s, n, $2}'
    done
  done
done > $OUT/knob.txt
echo "$(wc -l < $OUT/knob.txt) lines in $(( $(date +%s) - t0 )) s"
python3 exp/knob-compare.py $OUT/knob.txt | tee $OUT/compare.txt
