#!/usr/bin/env python3
"""The pose writer's ratios (transforms/: blended at alpha 0.5; transforms-current/: alpha 1) from one mote-bench run (JSON): per layout and count, each backend's
speed against the naive scalar loop (x times faster) and against memcpy of the same bytes (% of
memcpy's bytes/s). Usage:
  mote-bench --benchmark_filter='^transforms' --benchmark_repetitions=3 \
      --benchmark_format=json > run.json
  bench/transforms.py run.json"""
import json
import sys
from collections import defaultdict


def main(path):
    with open(path) as f:
        runs = json.load(f)["benchmarks"]
    best = {}
    for run in runs:
        if run.get("run_type") == "aggregate" or not run["name"].startswith("transforms"):
            continue
        family, layout, who, count = run["name"].split("/")[:4]
        key = (family + "/" + layout, int(count), who)
        t = run["cpu_time"]  # the process's own time: the host is shared
        best[key] = min(best.get(key, t), t)  # the fastest repetition: least disturbed
    groups = defaultdict(dict)
    for (layout, count, who), t in best.items():
        groups[(layout, count)][who] = t
    print(f"{'family/layout':<40} {'count':>7} {'backend':<9} {'ns/pose':>8} {'x naive':>8} {'% memcpy':>9}")
    for (layout, count), whos in sorted(groups.items()):
        naive, copy = whos.get("naive"), whos.get("memcpy")
        for who, t in sorted(whos.items()):
            per = t / count
            ratio = f"{naive / t:8.2f}" if naive else "       -"
            share = f"{100 * copy / t:8.0f}%" if copy else "        -"
            print(f"{layout:<40} {count:>7} {who:<9} {per:8.2f} {ratio} {share}")


if __name__ == "__main__":
    main(sys.argv[1])
