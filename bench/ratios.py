#!/usr/bin/env python3
"""Markdown tables of ns per element and speed ratios from one mote-bench run.

Reads Google Benchmark JSON (mote-bench --benchmark_format=json, or the file written by
--benchmark_out=FILE) and prints, per spring kind, a table of ns per element for every
backend and baseline at every size with the speed-up over the naive loop, then the ratios
issue 2 sets targets for, and mote's best backend against each peer (Highway, SLEEF: the
critical spring written with the SIMD libraries a user would pick instead) at every size, and
the fixed-step rows (<backend>_fixed, issue 15) against the naive loop and their backend's
general path; then every target of issue 15 in one table, with whether all were met. Every
ratio comes from the one run in the file. The caption of each
table names the command that produced the numbers (recorded by mote-bench in the JSON context)
and this script's own command line.

    mote-bench --benchmark_min_time=0.2 --benchmark_out=bench.json --benchmark_out_format=json
    python3 bench/ratios.py bench.json

Standard library only. Reads standard input when no file (or "-") is given.
"""

import argparse
import shlex
import statistics
import sys

from bench_rows import load, median_rows, ns_per_item, split_name, wall_clock

# Row order in the per-kind tables: baselines, the scalar reference, the wide backends, then
# GCC's vectorization, the peers and the memory-only kernels (memory_cached: with the fixed
# path's two cache arrays read too).
IMPL_ORDER = ["naive", "scalar", "portable", "portable_fixed", "neon", "neon_fixed", "avx2",
              "avx2_fixed", "avx512", "avx512_fixed", "gcc_avx2",
              "gcc_native", "highway", "sleef_avx2", "sleef_avx512", "memory", "memory_cached"]
MEMORY_ONLY = ("memory", "memory_cached")

# mote's serial backends (the <backend>_openmp and _workers rows run on every core and are
# left out: bench/two_cores.py reads them), and the peers (bench/peers/): the same critical
# spring over the same float arrays with another SIMD library.
MOTE_BACKENDS = ["scalar", "portable", "neon", "avx2", "avx512"]
PEERS = ["highway", "sleef_avx2", "sleef_avx512"]

# (description, kind, faster, slower, sizes, target): "faster vs slower" is how many times
# faster `faster` runs than `slower` (their ns per element, inverted). For the memory kernel
# the ratio is the fraction of the memory-only speed reached.
TARGETS = [
    ("avx2 vs naive (speed-up)", "critical", "avx2", "naive", [16384, 65536], 10.0),
    ("avx2 vs gcc_avx2 (speed-up)", "critical", "avx2", "gcc_avx2", [16384, 65536], 1.5),
    ("avx512 vs gcc_native (speed-up)", "critical", "avx512", "gcc_native", [16384, 65536], 1.5),
    ("avx2 vs memory (fraction of memory speed)", "critical", "avx2", "memory", [8388608], 0.9),
    ("avx512 vs memory (fraction of memory speed)", "critical", "avx512", "memory", [8388608],
     0.9),
]

# The fixed-step fast path (issue 15): <backend>_fixed steps the <backend> pool at one dt
# through the cached decay factors.
FIXED_SUFFIX = "_fixed"

# Issue 15's targets, in TARGETS' shape. "best" is mote's fastest serial backend at each size
# (best_backend); a peer's row is met when the best backend is at least as fast at every size.
ALL_SIZES = [1024, 16384, 65536, 1048576, 8388608]
ISSUE15_TARGETS = [
    ("avx2_fixed vs naive (speed-up)", "critical", "avx2_fixed", "naive", [16384], 20.0),
    ("avx2_fixed vs avx2 (speed-up over the general path)", "critical", "avx2_fixed", "avx2",
     [16384], 1.6),
    ("avx512 vs gcc_native (speed-up)", "critical", "avx512", "gcc_native", [16384, 65536], 1.8),
    *[(f"best vs {peer} (speed-up)", "critical", "best", peer, ALL_SIZES, 1.0) for peer in PEERS],
    ("avx2 vs naive (speed-up)", "damped", "avx2", "naive", [16384], 10.0),
    ("avx2 vs memory (fraction of memory speed)", "critical", "avx2", "memory", [8388608], 0.95),
    ("avx512 vs memory (fraction of memory speed)", "critical", "avx512", "memory", [8388608],
     0.95),
]


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="?", default="-",
                        help="Google Benchmark JSON from mote-bench ('-' or none: stdin)")
    parser.add_argument("--command", default=None,
                        help="the command that produced the JSON, when it did not record it")
    return parser.parse_args(argv)


def read_run(argv, script):
    """(the run's JSON document, its source) of the run named on the command line (parse_args):
    the source is the command that measured the run and the script's own command line, which
    the captions quote."""
    args = parse_args(argv)
    data = load(args.json)
    recorded = data.get("context", {}).get("command", "(command not recorded)")
    source = {
        "command": args.command or recorded,
        "script": " ".join(shlex.quote(a) for a in ["python3", script] + argv),
    }
    return data, source


def spring_rows(data):
    """{(kind, impl, count): median row} of the one-core spring/<kind>/<impl>/<count> rows (the
    rows on every core, timed by the wall clock, are bench/two_cores.py's)."""
    rows = {}
    for name, row in median_rows(data).items():
        split = split_name(name)
        if split is None or wall_clock(row):
            continue
        group = split[0].split("/")
        if len(group) == 2 and group[0] == "spring":
            rows[(group[1], split[1], split[2])] = row
    return rows


def labels(rows):
    """{(kind, impl): label} of the spring rows that set one (Highway's target)."""
    return {(kind, impl): row["label"] for (kind, impl, _), row in rows.items()
            if row.get("label")}


def collect(rows):
    """{kind: {impl: {count: ns per element}}} of the spring rows, kinds in the order they ran."""
    table = {}
    for (kind, impl, count), row in rows.items():
        ns = ns_per_item(row)
        if ns is not None:
            table.setdefault(kind, {}).setdefault(impl, {})[count] = ns
    return table


def impl_sort_key(impl):
    return (IMPL_ORDER.index(impl), impl) if impl in IMPL_ORDER else (len(IMPL_ORDER), impl)


def speed_ratio(kind_table, faster, slower, count):
    """How many times faster `faster` runs than `slower` at this size; None if either is
    missing. `faster` may be "best": mote's fastest serial backend at this size."""
    best = best_backend(kind_table, count) if faster == "best" else None
    a = best[1] if best else kind_table.get(faster, {}).get(count)
    b = kind_table.get(slower, {}).get(count)
    return b / a if a and b else None


def fmt_ns(ns):
    return f"{ns:.3f}" if ns < 10 else f"{ns:.1f}"


def fmt_ratio(ratio, fraction=False):
    if ratio is None:
        return "–"
    return f"{ratio:.0%}" if fraction else f"{ratio:.2f}x"


def caption(source):
    return f"Measured by `{source['command']}`; table by `{source['script']}`."


def native_backends(kind_table):
    """The native wide backends of the run: what GCC's vectorization and the memory limits are
    compared to (neon only where it is native, i.e. without the x86 backends)."""
    return [b for b in ("avx2", "avx512") if b in kind_table] or \
        [b for b in ("neon",) if b in kind_table]


def kind_tables(kind, kind_table, source):
    counts = sorted({c for per_impl in kind_table.values() for c in per_impl})
    impls = sorted(kind_table, key=impl_sort_key)
    lines = [f"### {kind}", "",
             "ns per element (speed-up over naive in brackets; memory and memory_cached move "
             f"the data without the math). {caption(source)}", "",
             *size_header("implementation", counts)]
    for impl in impls:
        cells = []
        for c in counts:
            ns = kind_table[impl].get(c)
            if ns is None:
                cells.append("–")
                continue
            speedup = speed_ratio(kind_table, impl, "naive", c)
            cells.append(fmt_ns(ns) if impl == "naive" or impl in MEMORY_ONLY or speedup is None
                         else f"{fmt_ns(ns)} ({fmt_ratio(speedup)})")
        lines.append(f"| {impl} | " + " | ".join(cells) + " |")
    lines.append("")

    native = native_backends(kind_table)
    ratio_rows = []
    for backend in native:
        for baseline in ("gcc_avx2", "gcc_native"):
            if baseline in kind_table:
                ratio_rows.append((f"{backend} vs {baseline} (speed-up)", backend, baseline,
                                   False))
    for backend in native:
        for impl, memory in ((backend, "memory"), (backend + FIXED_SUFFIX, "memory_cached")):
            if impl in kind_table and memory in kind_table:
                ratio_rows.append((f"{impl} vs {memory} (fraction of memory speed)", impl,
                                   memory, True))
    if ratio_rows:
        lines += [f"{kind}: speed ratios between implementations of one run. {caption(source)}",
                  "", *size_header("ratio", counts)]
        for label, faster, slower, fraction in ratio_rows:
            cells = [fmt_ratio(speed_ratio(kind_table, faster, slower, c), fraction)
                     for c in counts]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def size_header(first, counts):
    """The two Markdown header lines of a table with a first column and one per size."""
    return ["| " + first + " | " + " | ".join(str(c) for c in counts) + " |",
            "|---|" + "---:|" * len(counts)]


def target_row(label, count, ratio, target, fraction=False):
    """One row of a targets table: the measured ratio against the target, and the verdict."""
    verdict = "not run" if ratio is None else ("met" if ratio >= target else "missed")
    return (f"| {label} | {count} | {fmt_ratio(ratio, fraction)} | "
            f">= {fmt_ratio(target, fraction)} | {verdict} |")


def target_table(table, source, title, targets):
    """One set of targets read from the run: a row per target and size (a size the run did
    not measure reads "not run"), then whether every one was met."""
    lines = [f"### Targets: {title}", "",
             f"Ratios read from the one run. {caption(source)}", "",
             "| ratio | elements | measured | target | |", "|---|---:|---:|---:|---|"]
    missed, not_run = [], 0
    for label, kind, faster, slower, counts, target in targets:
        fraction = slower in MEMORY_ONLY
        for c in counts:
            ratio = speed_ratio(table.get(kind, {}), faster, slower, c)
            lines.append(target_row(f"{kind}: {label}", c, ratio, target, fraction))
            if ratio is None:
                not_run += 1
            elif ratio < target:
                missed.append(f"{kind} {label.split(' (')[0]} at {c}")
    verdict = "yes." if not missed and not not_run else "no: " + "; ".join(
        (["missed " + ", ".join(missed)] if missed else []) +
        ([f"{not_run} not run"] if not_run else [])) + "."
    lines += ["", f"Every target of {title} met in this run: {verdict}", ""]
    return lines


def table_head(title, text, source, first, counts):
    """A table's heading, its caption (what it shows, then the run's source) and its header
    row, the first column named first and one column per size."""
    return [f"### {title}", "", f"{text} {caption(source)}", "", *size_header(first, counts)]


def fixed_ceiling_lines(table, targets):
    """What each fixed-path-over-general-path target can reach in this run: how many times
    faster than the general path runs memory_cached, the loop that only moves the cached
    path's data (its reads and writes, no spring math). A cached kernel does that and more,
    so it runs at most about as fast (97% in the median of 15 interleaved runs on Zen 4,
    docs/performance.md)."""
    lines = []
    for _, kind, fixed, general, counts, needed in targets:
        kind_table = table.get(kind, {})
        if fixed != general + FIXED_SUFFIX:
            continue
        for c in counts:
            ceiling = speed_ratio(kind_table, "memory_cached", general, c)
            if ceiling is None:
                continue
            reached = speed_ratio(kind_table, fixed, "memory_cached", c)
            lines += [f"The ceiling of the {fixed} vs {general} target at {c} in this run: "
                      f"memory_cached runs {fmt_ratio(ceiling)} faster than {general} "
                      f"({'above' if ceiling >= needed else 'below'} the {fmt_ratio(needed)} "
                      f"asked), and {fixed} reaches {fmt_ratio(reached, True)} of "
                      "memory_cached's speed.", ""]
    return lines


def fixed_tables(table, source):
    """Per kind with <backend>_fixed rows: each against the naive loop and against its
    backend's general path at every size (the targets are in issue 15's table); then, where
    the run has memory_cached, the ceiling: how many times faster than each general path the
    loop runs that only moves the fixed path's data."""
    lines = []
    for kind, kind_table in table.items():
        fixed = sorted((i for i in kind_table if i.endswith(FIXED_SUFFIX)), key=impl_sort_key)
        if not fixed:
            continue
        counts = sorted({c for i in fixed for c in kind_table[i]})
        lines += table_head(f"{kind}: the fixed-step fast path",
                            "ns per element of each fixed-dt row, then how many times faster it "
                            "runs than the naive loop and than its backend's general path (the "
                            "exp computed), same run.", source, "row", counts)
        for impl in fixed:
            general = impl[:-len(FIXED_SUFFIX)]
            cells = []
            for c in counts:
                ns = kind_table[impl].get(c)
                if ns is None:
                    cells.append("–")
                    continue
                cells.append(f"{fmt_ns(ns)} ({fmt_ratio(speed_ratio(kind_table, impl, 'naive', c))}"
                             f" naive, {fmt_ratio(speed_ratio(kind_table, impl, general, c))} "
                             f"{general})")
            lines.append(f"| {impl} | " + " | ".join(cells) + " |")
        if "memory_cached" in kind_table:
            for general in native_backends(kind_table):
                cells = [fmt_ratio(speed_ratio(kind_table, "memory_cached", general, c))
                         for c in counts]
                lines.append(f"| ceiling: memory_cached vs {general} | " + " | ".join(cells) +
                             " |")
        lines.append("")
    return lines


def best_backend(kind_table, count):
    """(backend, ns per element) of mote's fastest serial backend at this size, or None."""
    timed = [(kind_table[b][count], b) for b in MOTE_BACKENDS
             if count in kind_table.get(b, {})]
    if not timed:
        return None
    ns, backend = min(timed)
    return backend, ns


def peer_tables(table, found_labels, source):
    """Per kind with peers: how many times faster mote's best backend runs than each peer at
    every size (below 1.00x: the peer is faster), the backend named in each cell."""
    lines = []
    for kind, kind_table in table.items():
        peers = [p for p in PEERS if p in kind_table]
        if not peers:
            continue
        counts = sorted({c for p in peers for c in kind_table[p]})
        lines += table_head(f"{kind}: mote's best backend against each peer",
                            "How many times faster mote's fastest serial backend (named) runs "
                            "than the peer, same arrays, same run; below 1.00x the peer is "
                            "faster.", source, "peer", counts)
        behind = []
        for peer in peers:
            cells = []
            for c in counts:
                best = best_backend(kind_table, c)
                ns = kind_table[peer].get(c)
                if best is None or ns is None:
                    cells.append("–")
                    continue
                ratio = ns / best[1]
                cells.append(f"{fmt_ratio(ratio)} ({best[0]})")
                if ratio < 1.0:
                    behind.append(f"{peer} at {c}")
            label = found_labels.get((kind, peer))
            name = f"{peer} ({label})" if label else peer
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines.append("")
        lines.append(f"{kind}: mote's best backend is at least as fast as every peer at every "
                     "size: " + ("yes." if not behind else "no, behind " + ", ".join(behind) +
                                 "."))
        lines.append("")
    return lines


def noise_line(data):
    """How much the repetitions of one benchmark varied, when the run had repetitions."""
    cvs = sorted(100.0 * r["items_per_second"] for r in data.get("benchmarks", [])
                 if r.get("aggregate_name") == "cv" and "items_per_second" in r)
    if not cvs:
        return []
    reps = max((r.get("repetitions", 0) for r in data["benchmarks"]), default=0)
    p90 = cvs[min(len(cvs) - 1, int(0.9 * len(cvs)))]
    return [f"Each figure is the median of {reps} repetitions; the coefficient of variation of "
            f"items per second across repetitions was {statistics.median(cvs):.1f}% for the "
            f"median benchmark, {p90:.1f}% at the 90th percentile and {cvs[-1]:.1f}% at most.",
            ""]


def run_header(title, data):
    """A table set's heading, then the run's context and, with repetitions, their spread."""
    return [f"## {title}", ""] + context_lines(data.get("context", {})) + noise_line(data)


def context_lines(context):
    keys = [("host_name", "host"), ("num_cpus", "CPUs"), ("mhz_per_cpu", "MHz"),
            ("mote_backends", "backends this CPU runs"), ("mote_best_backend", "best backend"),
            ("library_build_type", "Google Benchmark build"), ("date", "date")]
    parts = [f"{label}: {context[key]}" for key, label in keys if key in context]
    return ["Run context: " + "; ".join(parts) + ".", ""] if parts else []


def main(argv):
    data, source = read_run(argv, "bench/ratios.py")
    rows = spring_rows(data)
    table = collect(rows)
    if not table:
        print("ratios.py: no spring/<kind>/<impl>/<count> benchmarks with items per second",
              file=sys.stderr)
        return 1
    lines = run_header("mote-bench ratios", data)
    if "critical" in table:
        lines += target_table(table, source, "the critical spring", TARGETS)
        lines += target_table(table, source, "the fast paths", ISSUE15_TARGETS)
        lines += fixed_ceiling_lines(table, ISSUE15_TARGETS)
    lines += fixed_tables(table, source)
    lines += peer_tables(table, labels(rows), source)
    for kind, kind_table in table.items():
        lines += kind_tables(kind, kind_table, source)
    print("\n".join(lines).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
