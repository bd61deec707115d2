# Sourced by the exp/*-run.sh scripts on the device: the carried lab builds
# come gzipped (build-bench/ab/*.gz: the 64 MiB limit on a call's tree)
# and are unpacked here; CUDA's libraries on the path.
for z in build-bench/ab/*.gz; do [ -e "$z" ] && gunzip -f "$z"; done
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib
top=${OUT:-}
# knob PART BUDGET LIST SPECS: exp/knob-run.sh of the lab build $LAB_BUILD
# over LIST into $top/PART (the run scripts' parts), its table's tail.
knob() {
  mkdir -p $top/$1
  OUT=$top/$1 BUDGET=$2 bash exp/knob-run.sh $LAB_BUILD $3 "$4" | tail -${TAIL:-50}
}
# lab_tests DIR: the lab build's test_gemv_shapes (build-bench/ab/DIR, its
# libraries beside it) into $top/tests/tests.txt, the verdict's tail.
lab_tests() {
  mkdir -p $top/tests
  (cd build-bench/ab/$1 && LD_LIBRARY_PATH=.:$LD_LIBRARY_PATH timeout 150 ./test_gemv_shapes) > $top/tests/tests.txt 2>&1
  echo "test_gemv_shapes rc=$?"; grep -E "PASSED|FAILED|ERROR" $top/tests/tests.txt | tail -8
}
# draw TAG BUILD [VAR=v ...]: the docs' random draw (seed 20261123, 200
# shapes per type, cold, default / cuBLAS / cuBLAS A/A / read kernel) from
# build-bench/ab/mvbench-BUILD in the given environment, one process, into
# $top/TAG.txt, TAG.csv.gz and TAG.json; a line with its exit and FAILED
# count. (The A/B scripts' one way to take a draw: exp/ab-draw.py compares
# two of them.)
draw() {
  local tag=$1 b=$2 rc; shift 2
  env "$@" build-bench/ab/mvbench-$b random --seed 20261123 --count 200 --modes cold \
    --variants default,cublas,cublas-aa,read-ceiling --out /tmp/draw-$tag > $top/$tag.txt 2>&1
  rc=$?
  echo "draw $tag ($b${*:+ $*}) rc=$rc, $(grep -c FAILED $top/$tag.txt) FAILED"
  gzip -c /tmp/draw-$tag/measurements.csv > $top/$tag.csv.gz
  cp /tmp/draw-$tag/summary.json $top/$tag.json
}
# gemm_draw DIR BUILD SEED [ROWS]: mvbench gemm --random 100 (both types,
# 7 rounds) of build-bench/ab/mvbench-BUILD into DIR, a line with its exit
# and FAILED count, then the summary's rows of type totals and of the path
# ROWS (an extended regex; default simt).
gemm_draw() {
  local d=$1 b=$2 s=$3 rc
  mkdir -p $d
  build-bench/ab/mvbench-$b gemm --random 100 --dtype both --rounds 7 --seed $s --out $d > $d/run.txt 2>&1
  rc=$?
  echo "== $b gemm seed $s rc=$rc FAILED $(grep -c FAILED $d/run.txt)"
  sed -n '/random summary/,/^per path/p' $d/run.txt | grep -E "^  (float|double) +(all|${4:-simt})"
}
# lab_checks BUILD KNOB SEED: mvbench random's checks of the lab build
# build-bench/ab/mvbench-BUILD under KNOB (VAR=v): 40 shapes to 64 MiB,
# lda = m, odd lda (--lda-pad 9), strides (--inc 3); a line each, into
# $top/checks.txt.
lab_checks() {
  local b=$1 knob=$2 seed=$3 opt rc
  for opt in "" "--lda-pad 9" "--inc 3"; do
    env $knob build-bench/ab/mvbench-$b random --seed $seed --count 40 --max-bytes 64M --variants default \
      --rounds 1 --modes cold $opt --out /tmp/pc > /tmp/pc.txt 2>&1
    rc=$?
    echo "check $knob $opt: rc=$rc FAILED $(grep -c FAILED /tmp/pc.txt) $(grep -m1 -i 'failed' /tmp/pc.txt)"
  done | tee $top/checks.txt
}
# lab_pass PART BUILD CHECK_KNOB LIST BUDGET SPECS: one lab's pass, as the
# exp/*-run.sh scripts run it: every other shape of LIST checked under
# CHECK_KNOB (into $top/checks-PART.txt), then knob runs of SPECS over LIST
# into $top/PART (TAIL lines of the table shown; default 40), its raw
# knob.txt packed as $top/knob-log-PART.tgz (fewer files back from $OUT).
lab_pass() {
  list_checks $2 "$3" $4 $1
  LAB_BUILD=$2 TAIL=${TAIL:-40} knob $1 $5 $4 "$6"
  rm -f $top/$1/gpu.txt
  tar czf $top/knob-log-$1.tgz -C $top $1/knob.txt 2>/dev/null && rm -f $top/$1/knob.txt
}
# list_checks BUILD KNOB LIST [NAME]: every other shape of LIST checked
# under KNOB (VAR=v ...) by build-bench/ab/mvbench-BUILD (plain, then x and
# y strided with beta != 0, one cold round each) into $top/checks-NAME.txt
# ($top/checks.txt without NAME); a line of the count and the first runs
# that were not clean.
list_checks() {
  local b=build-bench/ab/mvbench-$1 knob=$2 f=$top/checks${4:+-$4}.txt
  awk 'NR % 2' $3 | while read dt op m n lda tag; do
    for o in "" "--incx -2 --incy 3 --beta 0.5"; do
      env $knob $b shape $m $n --lda $lda --dtype $dt --op $op $o --variants default --rounds 1 --modes cold \
        --out /tmp/chk > /tmp/chk.txt 2>&1
      echo "check $dt $m $n $lda $o rc=$? FAILED $(grep -c FAILED /tmp/chk.txt)"
    done
  done > $f
  echo "checks: $(wc -l < $f) runs, $(grep -vc 'rc=0 FAILED 0' $f) not clean"
  grep -v 'rc=0 FAILED 0' $f | head -5
}
# ncu_run BUILD TAG "VAR=v ..." M N DT OP: ncu (not locked, cold, the first
# gemv_ launch) of build-bench/ab/mvbench-BUILD's default on one shape with
# the knobs, raw into /tmp/ncu/TAG.txt (started at $t0), a digest on stdout.
# NCU_VARIANT and NCU_K: another variant and its kernels' name regex;
# NCU_LAUNCHES: how many of its launches (1), NCU_HEAD: digest lines (14).
ncu_run() {
  local secs="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats"
  mkdir -p /tmp/ncu
  env $3 timeout 60 /usr/local/cuda/bin/ncu --clock-control none $secs -k regex:"${NCU_K:-^gemv_}" --launch-count ${NCU_LAUNCHES:-1} \
    build-bench/ab/mvbench-$1 shape $4 $5 --dtype $6 --op $7 --variants ${NCU_VARIANT:-default} --rounds 1 --modes cold \
    --out /tmp/o > /tmp/ncu/$2.txt 2>&1
  echo "$2 rc=$? $(( $(date +%s) - ${t0:-0} )) s"
  grep -E "^  [A-Za-z_].*\(|Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Grid Size|Block Size|No Eligible|Warp Cycles Per Issued|L1/TEX Hit|Mem Busy|Max Bandwidth|Stall Long" /tmp/ncu/$2.txt | head -${NCU_HEAD:-14}
}
# cublas_ncu BUILD TAG M N DT OP: ncu_run of cuBLAS's first three kernels
# on the shape by build-bench/ab/mvbench-BUILD (CUDA 13's cuBLAS names its
# GEMV kernels "kernel<...>": notes-gemv entry 97), raw into /tmp/ncu/TAG.txt.
cublas_ncu() {
  NCU_VARIANT=cublas NCU_K='^kernel$|gemv[^_]|Gemv|plitK|educe|cutlass|sm90|gemm' NCU_LAUNCHES=3 \
    NCU_HEAD=${NCU_HEAD:-30} ncu_run $1 $2 "" $3 $4 $5 $6
}
# part_begin NAME: the run's part NAME writes under $OUT/NAME (top moves
# there; ncu_run's raw output too, $OUT/NAME/ncu); part_end NAME packs it
# into $OUT/NAME.tgz (a call brings back at most eight files) and moves
# top back.
part_begin() {
  top=$OUT/$1
  mkdir -p $top/ncu && rm -rf /tmp/ncu && ln -s $top/ncu /tmp/ncu
}
# lab_part NAME KNOB LIST BUDGET SPECS: part_begin NAME, then lab_pass of
# the lab build NAME (build-bench/ab/mvbench-NAME) under its own name; a
# line of the time since $t0. The script then adds its ncu runs and calls
# part_end NAME.
lab_part() {
  part_begin $1
  lab_pass $1 $1 "$2" $3 $4 "$5"
  echo "lab done $(( $(date +%s) - ${t0:-0} )) s"
}
part_end() {
  (cd $OUT && tar czf $1.tgz $1 && rm -rf $1)
  top=$OUT
}
