#!/usr/bin/env bash
# The three held-back patches (nt-shift-nan, short-t-any, short-n-any) as
# one lab build `sany` against `main`: op N's list of entry 57 and a few
# lda > m shapes (exp/knob-run.sh), then mv_?gemv_nt on exp/nt-knobs.sh's
# shapes (the NaN mask's cost on the shifted columns).
# usage: [NEW=build] exp/sany-ab.sh (carry build-bench; ~3 min)
set -u
top=$OUT
mkdir -p $top/n $top/lda $top/nt
OUT=$top/n BUDGET=${BUDGET:-170} bash exp/knob-run.sh sany exp/lists/short-n-any-short-20261126.txt \
  "base@main: new@${NEW:-sany}:" > /dev/null 2>&1
python3 exp/knob-compare.py $top/n/knob.txt 2>&1 | tail -34
OUT=$top/lda BUDGET=60 bash exp/knob-run.sh sany exp/lists/short-any-lda-20261126.txt \
  "base@main: new@${NEW:-sany}:" > /dev/null 2>&1
python3 exp/knob-compare.py $top/lda/knob.txt 2>&1 | tail -12
OUT=$top/nt SPECS="main@main: ${NEW:-sany}@${NEW:-sany}:" bash exp/nt-knobs.sh 2>&1 | tail -40
