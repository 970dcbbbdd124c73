#!/usr/bin/env python3
"""The crowd avoidance's step cost before and after a change, from two mote-bench JSON runs.

For each backend (and auto, dispatch's choice) and size of movers/avoid/<backend>/<n> (the
square scene, one 60 Hz step with avoidance and movement), the CPU ns per body of each run, the
speedup, and each run's wide backends against its own scalar reference (CPU time: the host is
shared).

    bench/avoid_ratios.py bench/results/zen4-epyc-2vcpu/mover-avoid-lanes-before.json \\
        bench/results/zen4-epyc-2vcpu/mover-avoid-lanes.json
"""
import sys

from bench_rows import median_rows


def cpu_per_body(path):
    rows = {}
    for name, b in median_rows(path).items():
        parts = name.split("/")
        if len(parts) != 4 or parts[:2] != ["movers", "avoid"]:
            continue
        rows[(parts[2], int(parts[3]))] = b["cpu_time"] / int(parts[3])
    return rows


def main():
    before, after = cpu_per_body(sys.argv[1]), cpu_per_body(sys.argv[2])
    print("| backend | bodies | before ns | after ns | speedup | before / scalar | after / scalar |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for backend in ["scalar", "portable", "avx2", "avx512", "neon", "auto"]:
        for count in [1000, 10000, 100000]:
            key = (backend, count)
            if key not in before or key not in after:
                continue
            b, a = before[key], after[key]
            b_ref, a_ref = before[("scalar", count)], after[("scalar", count)]
            print("| %s | %d | %.0f | %.0f | %.2fx | %.2fx | %.2fx |" % (
                backend, count, b, a, b / a, b_ref / b, a_ref / a))


if __name__ == "__main__":
    main()
