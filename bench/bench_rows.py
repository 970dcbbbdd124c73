"""The rows of a mote-bench JSON file (Google Benchmark's --benchmark_out), one per benchmark:
with repetitions its median aggregate, else the single run, keyed by the run's name without
"/real_time". Shared by the scripts under bench/ that print a table from one or two runs."""
import json


def median_rows(path):
    """{name: the benchmark's JSON object} of the file at path."""
    rows = {}
    with open(path) as f:
        for b in json.load(f)["benchmarks"]:
            if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
                continue
            if b.get("run_type") == "iteration" and b.get("repetitions", 1) > 1:
                continue
            rows[b.get("run_name", b["name"]).replace("/real_time", "")] = b
    return rows


def seconds(b, column="real_time"):
    """A row's time column in seconds."""
    return b[column] * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
