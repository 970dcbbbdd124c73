#!/usr/bin/env python3
"""The parallel step against the one-core step, per pool kind, from one mote-bench run.

Reads Google Benchmark JSON from mote-bench and prints, for each ready task system that ran
(<best>_openmp: mote_openmp_task_system(); <best>_workers: mote_workers), how many times faster
its wall-clock step is than <best>, the same kind's one-core row of the same run, at every
size, then issue 10's targets (>= 1.8x at 65536, >= 1.9x at 1048576 for every kind) read from
that table, and the host's own ceiling where the run has its rows (ceiling/compute and
ceiling/memory, bench_ceiling.h: loops that share nothing, on one core and on the system):
what two busy vCPUs of this host gave in the same run, which no split can exceed.

    mote-bench --benchmark_filter='^((spring/critical|spring/damped|movers|debris)/avx512(_openmp|_workers)?/(16384|65536|1048576)|ceiling/.*)(/real_time)?$' \\
        --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \\
        --benchmark_report_aggregates_only=true --benchmark_out=two.json --benchmark_out_format=json
    python3 bench/two_cores.py two.json

Standard library only (and bench/bench_rows.py's reader, bench/ratios.py's command line and
formatting). Reads standard input without a file.
"""

import sys

import ratios
from bench_rows import median_rows, ns_per_item, split_name

SYSTEMS = [("_openmp", "mote_openmp_task_system()"), ("_workers", "mote_workers")]
TARGETS = {65536: 1.8, 1048576: 1.9}
CEILING = "ceiling/"  # the host's ceiling rows: ceiling/<loop>/loop<suffix>/<count>


def collect(data):
    """{(kind, impl, count): median ns per element} of the pool rows (frames/ and snapshot/ left
    out; None where a row has no items per second)."""
    table = {}
    for name, row in median_rows(data).items():
        split = split_name(name)
        if split is not None and split[0].split("/")[0] not in ("frames", "snapshot"):
            table[split] = ns_per_item(row)
    return table


def system_table(table, suffix, name, source):
    """The speed-up of one system's rows over their one-core rows, and the targets' verdict."""
    # (kind, its one-core row), by kind
    rows = sorted({(kind, impl[:-len(suffix)]) for kind, impl, _ in table
                   if impl.endswith(suffix) and not kind.startswith(CEILING)})
    if not rows:
        return []
    counts = sorted({c for kind, impl, c in table
                     if impl.endswith(suffix) and not kind.startswith(CEILING)})
    lines = [f"### Two cores: {name}", "",
             f"`<kind>/<best>{suffix}/<count>` against `<kind>/<best>/<count>` of the same run "
             f"(wall-clock against one core). {ratios.caption(source)}", "",
             *ratios.size_header("kind", counts)]
    missed = []
    for kind, best in rows:
        cells = []
        for c in counts:
            ratio = speedup(table, kind, best, suffix, c)
            cells.append(ratios.fmt_ratio(ratio))
            if c in TARGETS and (ratio is None or ratio < TARGETS[c]):
                missed.append(f"{kind} at {c} ({ratios.fmt_ratio(ratio)})")
        lines.append(f"| {kind} ({best}) | " + " | ".join(cells) + " |")
    lines.append("")
    targets = ", ".join(f">= {t:.1f}x at {c}" for c, t in sorted(TARGETS.items()) if c in counts)
    if not targets:
        return lines
    lines.append(f"{name}: every kind {targets}: " +
                 ("met." if not missed else "missed by " + ", ".join(missed) + "."))
    lines.append("")
    return lines


def speedup(table, kind, impl, suffix, count):
    """How many times faster impl + suffix ran than impl (one core); None if either is missing."""
    one = table.get((kind, impl, count))
    two = table.get((kind, impl + suffix, count))
    return one / two if one and two else None


def ceiling_table(table, suffix, name):
    """The host's ceiling rows of one system: the same loops on one core and on the system."""
    loops = sorted({kind for kind, impl, _ in table
                    if kind.startswith(CEILING) and impl == "loop" + suffix})
    if not loops:
        return []
    counts = sorted({c for kind, impl, c in table
                     if kind.startswith(CEILING) and impl == "loop" + suffix})
    lines = [f"The host's ceiling on {name}, the same run: `ceiling/<loop>/loop{suffix}/<count>` "
             "against `ceiling/<loop>/loop/<count>` (loops whose elements share nothing: "
             "compute is 32 multiply-adds per element in registers, memory the memory-only "
             "kernel's traffic).", "", *ratios.size_header("loop", counts)]
    for kind in loops:
        cells = [ratios.fmt_ratio(speedup(table, kind, "loop", suffix, c)) for c in counts]
        lines.append(f"| {kind[len(CEILING):]} | " + " | ".join(cells) + " |")
    lines.append("")
    return lines


def main(argv):
    data, source = ratios.read_run(argv, "bench/two_cores.py")
    table = collect(data)
    lines = []
    for suffix, name in SYSTEMS:
        lines += system_table(table, suffix, name, source) + ceiling_table(table, suffix, name)
    if not lines:
        print("two_cores.py: no <kind>/<best>_openmp or _workers rows in the run",
              file=sys.stderr)
        return 1
    print("\n".join(ratios.run_header("mote-bench: two cores", data) + lines).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
