#!/usr/bin/env bash
# Measures mote-samples' frame rate under a virtual X server on Mesa's software OpenGL
# (llvmpipe): every sample at its default count, then the debris and the crowd at 100,000
# elements, each headless for a number of frames at 1280x720 with the controls drawn, and
# prints the figures as data (what bench/results/<cpu>/samples-fps.txt holds): the machine, the
# load, then a row per run with the frame rate mote-samples printed (wall clock, drawing
# included) and each pool's median step. Needs xvfb (xvfb-run) and a built mote-samples; with
# FPS_HARDWARE=1 it runs on $DISPLAY's own OpenGL (a GPU) instead.
# Usage: [FPS_HARDWARE=1] tools/samples/fps.sh [path/to/mote-samples] [frames]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
samples_bin="${1:-build/release/tools/samples/mote-samples}"
frames="${2:-240}"
if [ ! -x "$samples_bin" ]; then
    echo "fps.sh: no mote-samples at $samples_bin (build it, or name it)" >&2
    exit 1
fi
width=1280
height=720
if [ "${FPS_HARDWARE:-0}" = 1 ]; then
    launch=()
    where="on \$DISPLAY"
else
    launch=(xvfb-run -a -s "-screen 0 ${width}x${height}x24" env LIBGL_ALWAYS_SOFTWARE=1)
    where="under Xvfb; no hardware GPU"
fi
run() { # name, count ("" for the sample's default), frames
    local args=(--sample "$1" --frames "$3" --size "${width}x${height}")
    if [ -n "$2" ]; then
        args+=(--count "$2")
    fi
    local output
    output="$("${launch[@]}" "$samples_bin" "${args[@]}")"
    local elements fps steps
    elements="$(sed -n 's/.* simulated, \([0-9]*\) elements on .*/\1/p' <<<"$output")"
    fps="$(sed -n 's/.*, \([0-9.]*\) frames\/s .*/\1/p' <<<"$output")"
    steps="$(sed -n 's/^mote-samples: [a-z_]*: \(.*\) on \([a-z0-9]*\), \([0-9]*\) elements: median step \([0-9.]*\) ms.*/\1=\4ms/p' \
        <<<"$output" | paste -sd ' ')"
    printf '%-14s %9s %6s %8s  %s\n' "$1" "$elements" "$3" "$fps" "$steps"
}
echo "# mote-samples frame rates: $(date -u +%Y-%m-%d)"
echo "# command: tools/samples/fps.sh $samples_bin $frames"
echo "# cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start (shared, other work running)"
echo "# niceness: $(nice)"
echo "# renderer: $("${launch[@]}" "$samples_bin" --frames 1 --size "${width}x${height}" |
    sed -n 's/.* frames\/s .* on //p') $where, ${width}x${height}, the controls drawn"
echo "# frames/s: wall clock over the headless run, stepping, checking and drawing included;"
echo "# steps: each pool's median step over the last 2 s (ms), on the best backend"
printf '%-14s %9s %6s %8s  %s\n' "# sample" elements frames frames/s steps
mapfile -t names < <("$samples_bin" --list | awk '{ print $1 }')
for name in "${names[@]}"; do
    run "$name" "" "$frames"
done
for name in debris crowd; do
    run "$name" 100000 $((frames / 4))
done
