#!/usr/bin/env python3
"""Prints the world benchmark's rows from a mote-bench JSON file: each way of stepping the nine
small pools (world/step/nine_small/<how>), its time per step and elements per second, and the
world against the same pools stepped one by one on the same task system (times faster).

usage: bench/world_ratios.py run.json  (with ceiling/compute/loop(_workers)/16384 rows in the
same run, the two-core ceiling and the fraction of it the world reaches)
"""
import sys

from bench_rows import median_rows, seconds


def rows(path, prefix):
    """Median (seconds, items per second) of every row whose name starts with prefix, keyed by
    the rest of its name."""
    return {name[len(prefix):]: (seconds(b), b.get("items_per_second", 0.0))
            for name, b in median_rows(path).items() if name.startswith(prefix)}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    r = rows(sys.argv[1], "world/step/nine_small/")
    if not r:
        sys.exit("no world/step/nine_small rows in " + sys.argv[1])
    print(f"{'world/step/nine_small/':<34} {'us/step':>9} {'M elements/s':>13}")
    for how, (seconds, items) in sorted(r.items()):
        print(f"  {how:<32} {seconds * 1e6:9.2f} {items * 1e-6:13.1f}")
    for suffix in ("", "_workers"):
        world, alone = r.get("world" + suffix), r.get("one_by_one" + suffix)
        if world and alone:
            label = "workers" if suffix else "serial"
            print(f"world vs one by one, {label}: {alone[0] / world[0]:.2f}x faster")
    if "world_workers" in r and "world" in r:
        gain = r["world"][0] / r["world_workers"][0]
        print(f"world on the workers vs world serial: {gain:.2f}x")
        # The host's two-core ceiling at the nearest size: a compute loop alone and on the
        # workers, in the same run when the filter included it.
        c = rows(sys.argv[1], "ceiling/compute/")
        if "loop/16384" in c and "loop_workers/16384" in c:
            ceiling = c["loop/16384"][0] / c["loop_workers/16384"][0]
            print(f"two-core ceiling (ceiling/compute/loop_workers vs loop, 16384): {ceiling:.2f}x;"
                  f" the world reaches {gain / ceiling:.0%} of it")


if __name__ == "__main__":
    main()
