#!/usr/bin/env python3
"""The pose writer's ratios from one mote-bench run (JSON). transforms/: blended at alpha 0.5
from the kept previous pose; transforms-current/: alpha 1, the current pose alone. Per family,
layout and count, each row's time per pose and its speed against the naive scalar loop (x times
faster), against a memcpy of the bytes written (% of memcpy's speed) and against memcpy-traffic,
a memcpy moving as many bytes as the writer reads and writes (% of that speed: the share of a
pure copy's speed the writer keeps when it moves its own bytes). Usage:
  mote-bench --benchmark_filter='^transforms' --benchmark_repetitions=5 \\
      --benchmark_format=json > run.json
  bench/transforms.py run.json"""
import sys
from collections import defaultdict

from bench_rows import fastest_rows, split_name


def main(path):
    groups = defaultdict(dict)
    # the process's own time (the host is shared), of the fastest repetition: least disturbed
    for name, run in fastest_rows(path, "cpu_time").items():
        split = split_name(name)
        if split is None or not split[0].startswith("transforms"):
            continue
        layout, who, count = split
        groups[(layout, count)][who] = run["cpu_time"]
    print(f"{'family/layout':<40} {'count':>7} {'backend':<15} {'ns/pose':>8} {'x naive':>8}"
          f" {'% memcpy':>9} {'% traffic':>9}")
    for (layout, count), whos in sorted(groups.items()):
        naive, copy = whos.get("naive"), whos.get("memcpy")
        traffic = whos.get("memcpy-traffic")
        for who, t in sorted(whos.items()):
            per = t / count
            ratio = f"{naive / t:8.2f}" if naive else "       -"
            share = f"{100 * copy / t:8.0f}%" if copy else "        -"
            ceiling = f"{100 * traffic / t:8.0f}%" if traffic else "        -"
            print(f"{layout:<40} {count:>7} {who:<15} {per:8.2f} {ratio} {share} {ceiling}")


if __name__ == "__main__":
    main(sys.argv[1])
