#!/usr/bin/env python3
"""The cost of a mover prediction beside a mover step, from one mote-bench JSON run.

For each backend and size with both rows, the median ns per mover of movers/<backend>/<n> (one
60 Hz step) and of movers/predict/<backend>/<n> (one mote_mover_pool_predict at 0.33, 0.67
and 1 s), wall-clock and CPU time, and their ratio.

    bench/predict_ratios.py bench/results/zen4-epyc-2vcpu/mover-predict.json
"""
import sys

from bench_rows import median_rows


def medians(path):
    """Per element: (wall, cpu) ns of every row."""
    rows = {}
    for name, b in median_rows(path).items():
        count = int(name.rsplit("/", 1)[1])
        rows[name] = (b["real_time"] / count, b["cpu_time"] / count)
    return rows


def main():
    rows = medians(sys.argv[1])
    print("| backend | movers | step ns (wall / cpu) | predict ns (wall / cpu) | predict / step (wall / cpu) |")
    print("|---|---:|---:|---:|---:|")
    for backend in ["scalar", "portable", "avx2", "avx512", "neon"]:
        for count in [1024, 16384, 65536, 1048576]:
            step = rows.get("movers/%s/%d" % (backend, count))
            predict = rows.get("movers/predict/%s/%d" % (backend, count))
            if step and predict:
                print("| %s | %d | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f |" % (
                    backend, count, step[0], step[1], predict[0], predict[1],
                    predict[0] / step[0], predict[1] / step[1]))


if __name__ == "__main__":
    main()
