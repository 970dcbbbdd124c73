#!/bin/sh
# Regenerates a results folder's tables from its JSON (bench/README.md, "Results"):
#   bench/tables.sh bench/results/<cpu> [path/to/mote-bench]
# writes <dir>/tables.txt: bench/ratios.py, bench/two_cores.py and bench/debris_ratios.py on
# <dir>/mote-bench.json (a script that finds none of its rows says so), then bench/two_cores.py
# on each <dir>/two-cores-*.json (two-core rows run in a process of their own, one task system
# each). Given mote-bench, also <dir>/instructions.txt from bench/instruction_counts.py
# (valgrind).
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bench/tables.sh bench/results/<cpu> [path/to/mote-bench]" >&2
    exit 2
fi
dir=$(cd "$1" && pwd)
bench=""
if [ $# -eq 2 ]; then
    bench=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
fi
cd "$(dirname "$0")/.."
rel() { echo "${1#"$PWD/"}"; }
[ -f "$dir/mote-bench.json" ] || { echo "bench/tables.sh: no $(rel "$dir")/mote-bench.json" >&2; exit 1; }

table() { # script json: its table, or a line saying it printed none
    python3 "bench/$1" "$(rel "$2")" 2>&1 || echo "(bench/$1 printed no table for this run)"
    echo
}
{
    table ratios.py "$dir/mote-bench.json"
    table two_cores.py "$dir/mote-bench.json"
    printf '## mote-bench: debris\n\n'
    table debris_ratios.py "$dir/mote-bench.json"
    for json in "$dir"/two-cores-*.json; do
        [ -f "$json" ] || continue
        echo "# $(basename "$json")"
        echo
        table two_cores.py "$json"
    done
} >"$dir/tables.txt"
echo "wrote $(rel "$dir")/tables.txt"

if [ -n "$bench" ]; then
    python3 bench/instruction_counts.py "$(rel "$bench")" >"$dir/instructions.txt"
    echo "wrote $(rel "$dir")/instructions.txt"
fi
