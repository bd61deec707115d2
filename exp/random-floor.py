#!/usr/bin/env python3
"""Summaries of `mvbench random` runs with one launch floor for all of them.

mvbench's own time/floor takes the empty-kernel launch time that each
process measured, which moved from 3.76 to 8.45 us between processes on
one machine (entry 28 of docs/notes-gemv.md): runs compared side by side
need the same floor. Per run directory (measurements.csv, summary.json)
and type, cold: geomean time/floor with floor = max(LAUNCH_US, bytes /
the run's read bandwidth), geomean time/cuBLAS, points slower than cuBLAS
beyond their own A/A spread and by more than 3%, and for A >= 64 MiB the
lowest % of the read bandwidth and how many are under 92%.

usage: exp/random-floor.py LAUNCH_US RUN_DIR [RUN_DIR ...]
"""
import csv
import json
import math
import sys


def points(run):
    bw = json.load(open(run + "/summary.json"))["read_bw_gbps"]
    rows = {}
    for r in csv.DictReader(open(run + "/measurements.csv")):
        if r["mode"] == "cold":
            key = (r["dtype"], r["op"], int(r["m"]), int(r["n"]), int(r["lda"]))
            rows.setdefault(key, {})[r["variant"]] = r
    return bw, rows


def summary(run, launch_us, dtype):
    bw, rows = points(run)
    out = []
    for key, v in rows.items():
        if key[0] != dtype or not {"default", "cublas", "cublas-aa"} <= v.keys():
            continue
        t = float(v["default"]["time_us"])
        cub, aa = float(v["cublas"]["time_us"]), float(v["cublas-aa"]["time_us"])
        nbytes = float(v["default"]["bytes"])
        a_bytes = key[3] * key[4] * (8 if dtype == "d" else 4)
        out.append((t / max(launch_us, nbytes / (bw * 1e3)), t / cub, abs(aa / cub - 1), a_bytes,
                    100 * nbytes / (t * 1e3) / bw))
    geo = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
    big = [p for p in out if p[3] >= 64 << 20]
    return ("%s %s: %d points, geomean time/floor %.3f, time/cuBLAS %.3f, slower than cuBLAS beyond the "
            "A/A spread %d, by more than 3%% %d; A >= 64 MiB: %d points, lowest %.1f%% of the read bandwidth, "
            "%d under 92%%" % (run, dtype, len(out), geo([p[0] for p in out]), geo([p[1] for p in out]),
                               sum(p[1] > 1 + p[2] + 1e-9 for p in out), sum(p[1] > 1.03 for p in out), len(big),
                               min((p[4] for p in big), default=float("nan")), sum(p[4] < 92 for p in big)))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for run in sys.argv[2:]:
        for dtype in "sd":
            print(summary(run, float(sys.argv[1]), dtype))
