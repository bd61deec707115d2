#!/usr/bin/env bash
# The two labs waiting for the thirty-third session, in one device call
# (carry build-bench: ab/mvbench-fns.gz and ab/mvbench-nhalf.gz, built
# here): entry 75's second pass (exp/fns2-run.sh, about 220 s) and entry
# 76 (exp/nhalf-run.sh, about 230 s). Results under $OUT/fns2 and
# $OUT/nhalf.
set -u
bash exp/fns2-run.sh
bash exp/nhalf-run.sh
