#!/usr/bin/env bash
# Gate: mote-samples in a real window. Builds the viewer (build/samples: Release, warnings as
# errors, library and tools only) and runs every sample it lists under a virtual X server
# (xvfb-run) on Mesa's software OpenGL (llvmpipe) for 240 frames of 1/60 s, headless: each
# run must exit 0 (the sample's own invariant held: the docking locked, the flock on its
# perches, the debris moving away from the hull, the avoiding bodies apart and off the walls,
# ...) and its screenshot must be a PNG of the window's size that is not one flat colour
# (tools/samples/check_png.py, the standard library alone). Then the compare overlay (the
# scalar reference stepped beside the wide backend) on one sample, the door without avoidance
# (its invariant must fail), and the bad cases a window is needed for: an unknown sample (exit
# 2) and a context below OpenGL 3.3 (exit 3, a clear message). A few minutes on 2 cores: the
# counts are small, since llvmpipe draws every instance on the CPU.
source "$(dirname "${BASH_SOURCE[0]}")/gate-common.sh" "$@"
# xauth: xvfb-run's (only recommended by xvfb); libgl1-mesa-dri, libglx-mesa0: Mesa's GLX and
# llvmpipe; python3: the PNG check.
gate_install xvfb xauth libgl1-mesa-dri libglx-mesa0 g++ pkg-config libglfw3-dev libepoxy-dev \
    libimgui-dev libpng-dev python3

build=build/samples
mkdir -p "$build"
cmake -S . -B "$build" $(generator_for "$build") -DCMAKE_BUILD_TYPE=Release -DMOTE_WERROR=ON \
    -DMOTE_BUILD_TESTS=OFF -DMOTE_EMULATED_VARIANTS=OFF -DMOTE_BUILD_SAMPLES=ON \
    >"$build/configure.log" 2>&1 || {
    cat "$build/configure.log" >&2
    exit 1
}
if ! grep -q 'mote-samples ON' "$build/configure.log"; then
    grep 'mote-samples' "$build/configure.log" >&2 || true
    echo "gate-samples: the configuration did not find mote-samples' packages" >&2
    exit 1
fi
cmake --build "$build" --parallel "$jobs" --target mote-samples
samples_bin="$build/tools/samples/mote-samples"

width=640
height=360
shots="$build/shots"
mkdir -p "$shots"
# Every run on llvmpipe, in its own X server of the window's size.
run_samples() {
    xvfb-run -a -s "-screen 0 ${width}x${height}x24" env LIBGL_ALWAYS_SOFTWARE=1 \
        "$samples_bin" --size "${width}x${height}" "$@"
}
# Elements per sample here: enough to see each scene, few enough for a software rasterizer.
declare -A count=([springs]=1000 [crowd]=1000 [debris]=2000 [flock]=1000 [docking]=64
    [launch]=256 [turrets]=1024 [world]=2000 [avoid_circle]=100 [avoid_corridor]=80
    [avoid_door]=120 [avoid_square]=400)
# The flock at 3x, so that in 240 frames (12 s) every flight is due; then the whole flock must
# have landed and every docking locked (the invariants check those due; this checks all are).
# The world (every scene's pools in one mote_world, at its default 2x: 8 s) on 2 workers, so
# the world's one fork and join runs too; its events must have reached the scenes.
declare -A extra=([flock]="--time-scale 3" [world]="--workers 2")
# The avoidance scenes at their default 4x (the square 2x), stepped in parts of 1/60 s: the
# bodies must have met (the closest pair under 1.2 of the radii sum; at least 0.95 is the
# invariant itself).
declare -A expect=([flock]=' ([0-9]+) of \1 landed' [docking]=' ([0-9]+) of \1 locked'
    [world]='invariant held; [1-9][0-9]* events, each matching')
for name in avoid_circle avoid_corridor avoid_door avoid_square; do
    expect[$name]='closest pair (0\.9[5-9]|1\.[01])[0-9]* of the radii sum'
done

mapfile -t names < <("$samples_bin" --list | awk '{ print $1 }')
if [ "${#names[@]}" -lt 12 ]; then
    echo "gate-samples: mote-samples --list gave ${#names[@]} samples" >&2
    exit 1
fi
for name in "${names[@]}"; do
    started=$SECONDS
    echo "+ mote-samples --sample $name --frames 240 --count ${count[$name]:-1000} ${extra[$name]:-}"
    # shellcheck disable=SC2086 # extra is a list of words
    output="$(run_samples --sample "$name" --frames 240 --count "${count[$name]:-1000}" \
        ${extra[$name]:-} --screenshot "$shots/$name.png")"
    echo "$output"
    if [ -n "${expect[$name]:-}" ] && ! grep -Eq "${expect[$name]}" <<<"$output"; then
        echo "gate-samples: $name: expected '${expect[$name]}' in its report" >&2
        exit 1
    fi
    python3 tools/samples/check_png.py "$shots/$name.png" "$width" "$height"
    echo "gate-samples: $name passed in $((SECONDS - started)) s"
done

echo "+ the compare overlay: turrets on the best backend beside the scalar reference"
output="$(run_samples --sample turrets --frames 120 --count 256 --compare)"
echo "$output"
grep -q 'largest position difference from the scalar reference' <<<"$output" || {
    echo "gate-samples: the compare run printed no difference" >&2
    exit 1
}

echo "+ the door with avoidance off (--param neighbor_distance=0): the invariant fails, exit 1"
status=0
run_samples --sample avoid_door --frames 60 --count 120 --param neighbor_distance=0 \
    >/dev/null 2>"$build/avoid-off.log" || status=$?
if [ "$status" -ne 1 ] || ! grep -Eq 'invariant failed .*(radii sum|crossed a wall|into a wall)' \
    "$build/avoid-off.log"; then
    cat "$build/avoid-off.log" >&2
    echo "gate-samples: the door without avoidance gave exit $status" >&2
    exit 1
fi
echo "+ an unknown sample: exit 2"
status=0
run_samples --sample nonsense --frames 1 2>"$build/unknown.log" || status=$?
if [ "$status" -ne 2 ] || ! grep -q "unknown sample 'nonsense'" "$build/unknown.log"; then
    cat "$build/unknown.log" >&2
    echo "gate-samples: an unknown sample gave exit $status" >&2
    exit 1
fi
echo "+ a context below OpenGL 3.3 (MESA_GL_VERSION_OVERRIDE=3.0): exit 3, a clear message"
status=0
MESA_GL_VERSION_OVERRIDE=3.0 run_samples --sample springs --frames 1 2>"$build/old-gl.log" ||
    status=$?
if [ "$status" -ne 3 ] || ! grep -q 'no OpenGL 3.3 core context' "$build/old-gl.log"; then
    cat "$build/old-gl.log" >&2
    echo "gate-samples: an OpenGL 3.0 context gave exit $status" >&2
    exit 1
fi
echo "gate-samples: every sample ran, held its invariant and drew its screenshot"
