#!/usr/bin/env python3
"""Markdown table of the debris benchmarks from one mote-bench run.

Reads Google Benchmark JSON (--benchmark_out=FILE --benchmark_out_format=json, or standard
input) and prints, for every backend at every size, million pieces per second and the speed-up
over the scalar reference of the same run (medians when the run has repetitions). Issue 4's
target: avx2 at least 6x scalar at 16384 and 65536 pieces.

    mote-bench --benchmark_filter='^debris/' --benchmark_repetitions=5 \\
        --benchmark_report_aggregates_only=true --benchmark_out=debris.json \\
        --benchmark_out_format=json
    python3 bench/debris_ratios.py debris.json

Standard library only.
"""

import sys

from bench_rows import load, median_rows, split_name, wall_clock

ORDER = ["scalar", "portable", "neon", "avx2", "avx512"]


def main():
    data = load(sys.argv[1] if len(sys.argv) > 1 else "-")
    rates = {}  # {(backend, count): items per second} of the one-core debris rows
    for name, b in median_rows(data).items():
        split = split_name(name)
        if split is None or split[0] != "debris" or wall_clock(b) or "items_per_second" not in b:
            continue
        rates[split[1:]] = b["items_per_second"]
    if not rates:
        sys.exit("debris_ratios.py: no debris/<backend>/<count> benchmarks in the input")
    sizes = sorted({s for _, s in rates})
    backends = [b for b in ORDER if any((b, s) in rates for s in sizes)]
    command = data.get("context", {}).get("command", "mote-bench")
    print(f"Million pieces per second (speed-up over scalar). Measured by `{command}`; "
          f"table by `python3 bench/debris_ratios.py`.\n")
    print("| backend | " + " | ".join(str(s) for s in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for backend in backends:
        cells = []
        for s in sizes:
            if (backend, s) not in rates:
                cells.append("")
                continue
            rate = rates[(backend, s)]
            scalar = rates.get(("scalar", s))
            ratio = f" ({rate / scalar:.2f}x)" if scalar is not None else ""
            cells.append(f"{rate / 1e6:.1f}{ratio}")
        print(f"| {backend} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
