#!/usr/bin/env bash
# notes-gemv entry 69: split tiled-n plans under 64 MiB that take halved or
# quartered tiles with no split, one wave (exp/short-list.py 202611291 10:
# h halved into a full plain wave, q quartered into the pipelined window,
# qp quartered into a full plain wave, u columns off 16 bytes), the record
# build (rec, eb91757's sources) against the rule's (new), both passes.
# Carry build-bench (ab/mvbench-rec.gz, ab/mvbench-new.gz). About 250 s.
set -u
. exp/carried.sh
LAB_BUILD=new TAIL=48 knob short ${BUDGET:-260} exp/lists/short-20261127.txt "rec@rec: new:"
