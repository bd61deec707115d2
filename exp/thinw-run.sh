#!/usr/bin/env bash
# notes-gemv Next (twenty-seventh session): thin-n-wide over two waves. Its
# rule takes tiles of 128 (or 64) bytes of each column in one 512-thread
# block an SM where the tiles make whole waves, up to two (8-128 MiB);
# entry 25 measured one wave only. On the record 82340fc's draws the two-
# wave plans (262-264 tiles, 26-27 MiB) took 1.29-1.31x the read kernel's
# time and 1.07-1.12x cuBLAS's. The lab (MV_LAB_THINW=1: one wave only,
# else thin-n or tiled-n as the rest of the rule says; in the build of
# exp/patches/lab-flat-t-wide.patch) on exp/lists/thinw-20261127.txt: 12
# fresh shapes whose wide tiles make two waves (float m 7956-8424, double
# 4010-4214, 8-127 MiB) and 5 of one wave (controls). Carry build-bench.
. exp/carried.sh
BUDGET=${BUDGET:-120} bash exp/knob-run.sh flat exp/lists/thinw-20261127.txt "base: one:MV_LAB_THINW=1"
