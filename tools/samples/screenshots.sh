#!/usr/bin/env bash
# Regenerates the README's screenshots of mote-samples (docs/images/samples-NAME.png): each
# sample run headless under a virtual X server on Mesa's software OpenGL, small (480x270, no
# control panels) so each PNG stays under 60 KB. Needs xvfb (xvfb-run) and a built
# mote-samples. Usage: tools/samples/screenshots.sh [path/to/mote-samples]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
samples_bin="${1:-build/release/tools/samples/mote-samples}"
if [ ! -x "$samples_bin" ]; then
    echo "screenshots.sh: no mote-samples at $samples_bin (build it, or name it)" >&2
    exit 1
fi
# sample, frames, element count: a moment that shows the scene
shots=("springs 200 1000" "debris 150 3000" "flock 180 600" "docking 150 36" "launch 220 96"
    "turrets 100 400" "world 150 4096" "avoid_door 240 120")
mkdir -p docs/images
for shot in "${shots[@]}"; do
    read -r name frames count <<<"$shot"
    out="docs/images/samples-$name.png"
    xvfb-run -a -s "-screen 0 480x270x24" env LIBGL_ALWAYS_SOFTWARE=1 "$samples_bin" \
        --sample "$name" --frames "$frames" --count "$count" --size 480x270 --hide-ui \
        --screenshot "$out" >/dev/null
    size=$(stat -c %s "$out")
    echo "$out: $size bytes"
    if [ "$size" -gt 61440 ]; then
        echo "screenshots.sh: $out is over 60 KB" >&2
        exit 1
    fi
done
