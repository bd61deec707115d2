#!/usr/bin/env bash
# notes-gemv entry 59's question for the next session: in tiled-t's full
# rounds, are x's loads issued with the round's loads of A, or one at a
# time between the FMAs (each an L2 round trip while no load of A is in
# flight)? On the device (cuobjdump there): gemv_fast.cu for sm_90, the
# SASS of gemv_tiled_t<float, 4, false>, <double, 2, false> and <float,
# 4, true>, and per kernel its global loads and FMAs in order, one letter
# each (L = 128-bit load, l = narrower load, F = FMA), a line per branch,
# runs of four or more FMAs as "F+". Output into $OUT/sass-tiled-t.txt.
# Runs here too, with cuobjdump from PyPI's nvidia-cuda-cuobjdump wheel
# (pip download --no-deps nvidia-cuda-cuobjdump; unzip it outside the
# repository and put its nvidia/cu13/bin on PATH; a tool, not a dependency).
#   exp/sass-tiled-t.sh
set -u
tmp=$(mktemp -d)
nvcc -O3 -DNDEBUG -std=c++17 -arch=sm_90 -Iinclude -Isrc -c src/gemv/gemv_fast.cu -o $tmp/g.o
cuobjdump -sass $tmp/g.o | c++filt > $tmp/g.sass
for k in "gemv_tiled_t<float, 4, false>" "gemv_tiled_t<double, 2, false>" "gemv_tiled_t<float, 4, true>"; do
  echo "== $k"
  awk -v k="$k" 'index($0, "Function") && index($0, k) {on = 1; next} on && /Function :/ {on = 0} on' $tmp/g.sass |
    awk '/LDG\.E\.128/ {printf "L"; next} /LDG/ {printf "l"; next} /FFMA|DFMA/ {printf "F"; next} /BRA/ {printf "B\n"; next} END {print ""}' |
    sed -E 's/(F{4,})/ F*\1 /g' | awk '{gsub(/F\*F+/, "F+"); print}' | grep -E "L" | head -20
done | tee $OUT/sass-tiled-t.txt
cp $tmp/g.sass $OUT/gemv_fast.sass 2>/dev/null; gzip -f $OUT/gemv_fast.sass
