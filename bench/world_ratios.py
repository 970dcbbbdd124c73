#!/usr/bin/env python3
"""Prints the world benchmark's rows from a mote-bench JSON file: each way of stepping the nine
small pools (world/step/nine_small/<how>), its time per step and elements per second, and the
world against the same pools stepped one by one on the same task system (times faster).

usage: bench/world_ratios.py run.json
"""
import json
import sys


def rows(path):
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        if not name.startswith("world/step/nine_small/"):
            continue
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        how = name[len("world/step/nine_small/"):].replace("/real_time", "")
        unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
        out[how] = (b["real_time"] * unit, b.get("items_per_second", 0.0))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    r = rows(sys.argv[1])
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
        print(f"world on the workers vs world serial: {r['world'][0] / r['world_workers'][0]:.2f}x")


if __name__ == "__main__":
    main()
