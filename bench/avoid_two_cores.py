#!/usr/bin/env python3
"""The crowd avoidance on one core and two, from one mote-bench JSON run that holds
movers/avoid/{scalar,avx2,avx512,avx512_workers}/{10000,100000} and
ceiling/compute/loop(_workers)/{65536,1048576}: ns per body per step (one core: the ns_per_agent
counter, CPU time; two cores: wall clock), the wide backends against the scalar reference, and
two cores against one beside the host's two-core ceiling.

usage: bench/avoid_two_cores.py run.json
"""
import sys

from bench_rows import median_rows


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    r = median_rows(sys.argv[1])
    body = lambda be, n: r[f"movers/avoid/{be}/{n}"]["ns_per_agent"]
    wall = lambda name: r[name]["real_time"]
    print(f"{'movers/avoid (square), ns per body per step':<46}{'10k':>8}{'100k':>8}")
    for be in ("scalar", "avx2", "avx512", "avx512_workers"):
        print(f"  {be:<44}{body(be, 10000):8.0f}{body(be, 100000):8.0f}")
    for be in ("avx2", "avx512"):
        ratios = [body("scalar", n) / body(be, n) for n in (10000, 100000)]
        print(f"  {be + ' x scalar reference':<44}{ratios[0]:7.1f}x{ratios[1]:7.1f}x")
    two = [body("avx512", n) / body("avx512_workers", n) for n in (10000, 100000)]
    ceiling = [wall(f"ceiling/compute/loop/{n}") / wall(f"ceiling/compute/loop_workers/{n}")
               for n in (65536, 1048576)]
    print(f"  {'two cores (avx512_workers vs avx512)':<44}{two[0]:7.2f}x{two[1]:7.2f}x")
    print(f"  {'host ceiling (compute, 64k and 1M)':<44}{ceiling[0]:7.2f}x{ceiling[1]:7.2f}x")
    print(f"  {'two cores as a fraction of the ceiling':<44}{two[0] / ceiling[0]:8.0%}"
          f"{two[1] / ceiling[1]:8.0%}")


if __name__ == "__main__":
    main()
