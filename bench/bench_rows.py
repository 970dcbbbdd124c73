"""The rows of a mote-bench JSON file (Google Benchmark's --benchmark_out), one per benchmark,
keyed by the run's name without "/real_time": with repetitions its median aggregate (or its
fastest repetition), else the single run. Shared by the scripts under bench/ that print a table
from one or two runs."""
import json
import sys


def load(path):
    """The JSON document of the run at path ("-" or None: standard input)."""
    if path in (None, "-"):
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _document(source):
    return source if isinstance(source, dict) else load(source)


def _name(b):
    return b.get("run_name", b["name"]).replace("/real_time", "")


def median_rows(source):
    """{name: the benchmark's JSON object} of a run: source is a path ("-": standard input) or
    the document load returned."""
    rows = {}
    for b in _document(source)["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if b.get("run_type") == "iteration" and b.get("repetitions", 1) > 1:
            continue
        rows[_name(b)] = b
    return rows


def fastest_rows(source, column="cpu_time"):
    """{name: the benchmark's repetition with the least column} of a run (source as for
    median_rows): the least disturbed repetition on a shared host."""
    rows = {}
    for b in _document(source)["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        name = _name(b)
        if name not in rows or b[column] < rows[name][column]:
            rows[name] = b
    return rows


def split_name(name):
    """(kind, implementation, count) of a row named <kind>/<implementation>/<count>, the kind
    perhaps of several parts (spring/critical); None when the name has fewer than three parts
    or its count is not a whole number."""
    parts = name.rsplit("/", 2)
    if len(parts) != 3:
        return None
    try:
        return parts[0], parts[1], int(parts[2])
    except ValueError:
        return None


def wall_clock(b):
    """Whether a row was timed by the wall clock (its name ends in /real_time): the rows that
    run on several cores."""
    return b.get("run_name", b["name"]).endswith("/real_time")


def ns_per_item(b):
    """A row's nanoseconds per item (from items_per_second), or None when its run failed or
    counted no items."""
    if b.get("error_occurred") or b.get("items_per_second", 0) <= 0:
        return None
    return 1e9 / b["items_per_second"]


def seconds(b, column="real_time"):
    """A row's time column in seconds."""
    return b[column] * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
