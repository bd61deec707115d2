#!/usr/bin/env bash
# The thirty-ninth session's first device call, both labs in one machine
# start: exp/next39-run.sh (flat-t's safe forms, BUDGET 150) and then
# exp/next39b-run.sh (entry 93's whole-round list, BUDGET 140). About
# 360 s on an H200. Carry build-bench; kind nvidia-h200, timeout 500.
set -u
BUDGET=${BUDGET1:-150} bash exp/next39-run.sh
BUDGET=${BUDGET2:-140} bash exp/next39b-run.sh
