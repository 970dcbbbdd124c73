#!/usr/bin/env python3
"""Instructions per element of every kernel on every backend valgrind runs, as a Markdown table.

Timings on a shared 2-core machine move with the neighbours; instruction counts do not. This
runs mote-bench's one-core rows at one size under valgrind's callgrind, takes from the profile
each kernel function's inclusive instruction count and its number of calls, and divides by the
elements a call steps (a one-core row steps the whole pool in one call per step):

    python3 bench/instruction_counts.py build/bench/bench/mote-bench [--size 1024] [--keep FILE]

Kernel functions are the wide variants `mote_kernel_<kind>_<backend>` and the scalar
references `mote_kernel_<kind>_scalar`. valgrind 3.19 has no AVX-512, so under it the CPU
reports none, mote-bench registers no avx512 row and the table has no avx512 column (the
avx512 kernel runs the avx2 kernel's operations at twice the width). neon on x86-64 runs
through SIMDe's emulation, whose count says nothing about an ARM core: it is left out.
Standard library only; needs valgrind on PATH.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

BACKENDS = ("scalar", "portable", "avx2")
KERNEL = re.compile(r"^mote_kernel_(?P<kind>[a-z_]+?)_(?P<backend>%s)$" % "|".join(BACKENDS))
# mote-bench's one-core rows of every kind (the pools' own, not the baselines or the parallel
# _openmp and _workers rows).
ROWS = r"^(spring/[a-z_]+|movers|debris|stages|flights|docking|launch|orientation/[a-z]+)/(%s)/%d$"


def profile(bench, size, out_file):
    """Runs the rows of one size under callgrind, writing an uncompressed profile."""
    command = [
        "valgrind", "--tool=callgrind", "--compress-strings=no", "--compress-pos=no",
        "--callgrind-out-file=" + out_file, bench,
        "--benchmark_filter=" + ROWS % ("|".join(BACKENDS), size),
        "--benchmark_min_time=0.001",
    ]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def read_profile(path):
    """Per function: (inclusive instructions, calls), from callgrind's raw format."""
    inclusive = collections.Counter()
    calls = collections.Counter()
    function = None
    callee = None
    pending_calls = None
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            line = line.rstrip("\n")
            if line.startswith("fn="):
                function, callee, pending_calls = line[3:], None, None
            elif line.startswith("cfn="):
                callee = line[4:]
            elif line.startswith("calls="):
                pending_calls = int(line[6:].split()[0])
            elif line and (line[0].isdigit() or line[0] in "+-*"):
                cost = line.split()
                instructions = int(cost[1]) if len(cost) > 1 else 0
                if function is not None:
                    inclusive[function] += instructions
                if pending_calls is not None:
                    calls[callee] += pending_calls
                    pending_calls = None
    return inclusive, calls


def table(inclusive, calls, size):
    """Markdown: one row per kernel, one column per backend, instructions per element."""
    per_element = collections.defaultdict(dict)
    for function, count in calls.items():
        match = KERNEL.match(function)
        if match and count > 0:
            per_element[match["kind"]][match["backend"]] = inclusive[function] / (count * size)
    if not per_element:
        return None
    out = ["| kernel | " + " | ".join(BACKENDS) + " | scalar / avx2 |",
           "|---|" + "---:|" * (len(BACKENDS) + 1)]
    for kind in sorted(per_element):
        row = per_element[kind]
        cells = ["%.1f" % row[b] if b in row else "-" for b in BACKENDS]
        ratio = "%.1fx" % (row["scalar"] / row["avx2"]) if "scalar" in row and "avx2" in row else "-"
        out.append("| %s | %s | %s |" % (kind, " | ".join(cells), ratio))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", help="path to mote-bench")
    parser.add_argument("--size", type=int, default=1024, help="elements per pool (a bench size)")
    parser.add_argument("--keep", help="keep the callgrind profile in this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out_file = args.keep or os.path.join(scratch, "callgrind.out")
        profile(args.bench, args.size, out_file)
        text = table(*read_profile(out_file), args.size)
    if text is None:
        print("instruction_counts.py: no kernel calls in the profile", file=sys.stderr)
        return 1
    print("Instructions per element, one step of %d elements, valgrind callgrind "
          "(`python3 bench/instruction_counts.py %s --size %d`):\n" % (args.size, args.bench,
                                                                       args.size))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
