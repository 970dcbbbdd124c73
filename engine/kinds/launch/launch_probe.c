/* The launch pool 's probe (probe.h): "launch/default" (the seed's profile) and
 * "launch/no_coast" (no coast after the ascent, a steeper ground arc and a later gravity turn,
 * so the profile-driven selects are pinned on both sides).
 *
 * The clock: a launch pool evaluates every rocket at one shared clock, while the gates step
 * elements in ranges and compare an element stepped in the pool with the same element stepped
 * alone in a fresh pool. So the adapter's pools keep one fixed clock, set at creation
 * (ADAPTER_CLOCK, a double whose low part is not zero, so the kernels' clock_hi + clock_lo
 * split is covered), and a step of [begin, end) by dt moves the rockets of the range instead:
 * launch_time -= dt (dt clamped to max_dt as the pool's step clamps it), then
 * mote_launch_pool_evaluate_range at the clock. A rocket's own time (the clock minus its
 * launch_time) then advances by dt as with the pool's own step, and an element's state is its
 * fields alone. The pool's clock path (mote_launch_pool_step and _evaluate) is tested in
 * engine/kinds/launch/test_launch_pool.c.
 *
 * The desc as values (add_values/set_values): its members in declaration order, vectors and
 * quaternions flattened component by component ({x, y, z}, {x, y, z, w}):
 *   0 launch_time, 1 turn_blend, 2 crossrange, 3 no_roll, 4 no_vibration, 5 no_camera_shake
 *   (bools: any value but zero, NaN included, sets them), 6 phase, 7 distance, 8 speed,
 *   9 altitude, 10 ground_arc, 11-13 radial, 14-16 tangent, 17-19 flight_direction,
 *   20-23 base_orientation, 24 roll, 25-28 orientation, 29-31 position, 32-34 velocity
 *   (35 values; missing ones keep the default desc's). The phase is an enum: an integral
 *   float within int range becomes that integer (0 .. 5 are the phases; -1, 6, ... are passed
 *   on for the pool to reject), anything else becomes 6, which is not a phase. */
#include <math.h>

#include "input_check.h"
#include "launch_fields.h"
#include "mote/launch_pool.h"
#include "pool.h"
#include "probe.h"
#include "launch_bounds.h"
#include "launch_ref.h"

enum { LAUNCH_PROFILE_DEFAULT, LAUNCH_PROFILE_NO_COAST };

#define DESC_VALUES   35
#define FIRST_POSE    6
#define NOT_A_PHASE   6
#define ADAPTER_CLOCK (2.0 + 1.0 / 3.0)

static mote_launch_profile adapter_profile(int kind) {
    mote_launch_profile p = mote_default_launch_profile();
    if (kind == LAUNCH_PROFILE_NO_COAST) {
        p.coast_linear = 0.0f;
        p.coast_decel = 0.0f;
        p.ground_arc_exponent = 1.6f;
        p.gravity_turn_start = 0.3f;
        p.roll_envelope_end = 0.5f;
    }
    return p;
}

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_launch_pool_def d = mote_default_launch_pool_def();
    PROBE_DEF_COMMON(d, def);
    d.profile = adapter_profile(variant->model);
    mote_launch_pool *pool = NULL;
    mote_status status = mote_launch_pool_create(&d, &pool);
    if (status == MOTE_OK && variant->model != PROBE_DEFAULT_DEF) {
        status = mote_launch_pool_evaluate(pool, ADAPTER_CLOCK); /* no rocket yet: the clock */
    }
    *out = pool;
    return status;
}

/* values[6] as a phase (see the header comment). */
static mote_launch_phase phase_from_value(float value) {
    if (isfinite(value) && value == truncf(value) && fabsf(value) <= 1e9f) {
        return (mote_launch_phase)(int)value;
    }
    return (mote_launch_phase)NOT_A_PHASE;
}

/* The float members of the pose in declaration order from FIRST_POSE + 1 (after the phase). */
static float *pose_member(mote_launch_pose *p, size_t i) {
    float *members[] = {
        &p->distance,           &p->speed,
        &p->altitude,           &p->ground_arc,
        &p->radial.x,           &p->radial.y,
        &p->radial.z,           &p->tangent.x,
        &p->tangent.y,          &p->tangent.z,
        &p->flight_direction.x, &p->flight_direction.y,
        &p->flight_direction.z, &p->base_orientation.x,
        &p->base_orientation.y, &p->base_orientation.z,
        &p->base_orientation.w, &p->roll,
        &p->orientation.x,      &p->orientation.y,
        &p->orientation.z,      &p->orientation.w,
        &p->position.x,         &p->position.y,
        &p->position.z,         &p->velocity.x,
        &p->velocity.y,         &p->velocity.z,
    };
    _Static_assert(sizeof members / sizeof members[0] == DESC_VALUES - FIRST_POSE - 1,
                   "every pose member but the phase");
    return i < sizeof members / sizeof members[0] ? members[i] : NULL;
}

static mote_launch_desc desc_of_values(const float *values, size_t n) {
    mote_launch_desc d = mote_default_launch_desc();
    float *inputs[] = {&d.rocket.launch_time, &d.rocket.turn_blend, &d.rocket.crossrange};
    bool *flags[] = {&d.rocket.no_roll, &d.rocket.no_vibration, &d.rocket.no_camera_shake};
    for (size_t i = 0; i < n && i < DESC_VALUES; ++i) {
        if (i < 3) {
            *inputs[i] = values[i];
        } else if (i < FIRST_POSE) {
            *flags[i - 3] = values[i] != 0.0f;
        } else if (i == FIRST_POSE) {
            d.pose.phase = phase_from_value(values[i]);
        } else {
            *pose_member(&d.pose, i - FIRST_POSE - 1) = values[i];
        }
    }
    return d;
}

/* An ordinary rocket of a launch schedule: launch times spread so that over the golden
 * scenario's ~7.8 s every phase is crossed (own times from about -3 s, on the pad, to past
 * rest at ~30 s), turn blends and crossranges around their defaults, each flag set on about a
 * quarter of the rockets. The pose is left for the first evaluation. Always 6 draws. */
static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    (void)pool;
    (void)variant;
    static const float lo[FIRST_POSE] = {-30.0f, 0.4f, -1.5f, 0.0f, 0.0f, 0.0f};
    static const float hi[FIRST_POSE] = {3.0f, 1.4f, 1.5f, 1.0f, 1.0f, 1.0f};
    float values[FIRST_POSE];
    for (size_t i = 0; i < FIRST_POSE; ++i) {
        values[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    for (size_t i = 3; i < FIRST_POSE; ++i) {
        values[i] = values[i] < 0.25f ? 1.0f : 0.0f;
    }
    mote_launch_desc d = desc_of_values(values, FIRST_POSE);
    *(mote_launch_desc *)desc = d;
    return MOTE_OK;
}

/* The rockets [begin, end) launched advanced s earlier (see the header comment). */
static void move_launch_times(void *pool, size_t begin, size_t end, float advanced) {
    float *launch_time = mote_launch_pool_view(pool).launch_time;
    for (size_t i = begin; i < end; ++i) {
        launch_time[i] -= advanced;
    }
}

static mote_status step_range(void *pool, size_t begin, size_t end, float dt) {
    float advanced = 0.0f;
    mote_status status = mote_launch_pool_advance_of(pool, dt, &advanced);
    if (status != MOTE_OK) {
        return status;
    }
    if (begin > end || end > mote_launch_pool_count(pool)) {
        return mote_launch_pool_evaluate_range(pool, begin, end); /* its refusal and detail */
    }
    status = mote_input_check(pool, begin, end); /* before the launch times move */
    if (status != MOTE_OK) {
        return status;
    }
    move_launch_times(pool, begin, end, advanced);
    return mote_launch_pool_evaluate_range(pool, begin, end);
}

/* step with one kernel table's kernel (dt is valid). */
static void step_table(void *pool, const mote_kernel_table *table, float dt) {
    float advanced = 0.0f;
    const size_t count = mote_launch_pool_count(pool);
    if (mote_launch_pool_advance_of(pool, dt, &advanced) != MOTE_OK || count == 0) {
        return;
    }
    move_launch_times(pool, 0, count, advanced);
    mote_pool_run_table(pool, table, 0, count, advanced);
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    (void)pool;
    *(mote_launch_desc *)desc = desc_of_values(values, n);
}

/* A benchmark's step: the pool's clock advances, every rocket evaluated; the restore puts the
 * clock back to 0. */
static mote_status bench_step(void *pool, float dt, const mote_task_system *tasks) {
    return tasks == NULL ? mote_launch_pool_step(pool, dt)
                         : mote_launch_pool_step_parallel(pool, dt, tasks);
}

static void bench_reset(void *pool) {
    (void)mote_launch_pool_evaluate(pool, 0.0);
}

/* Launch times from 2 s after the start (still on the pad at the end of a short run) to 34 s
 * before it (at rest), so every phase is crossed; the pose is the kernel's to write. */
static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        mote_launch_rocket r = mote_default_launch_rocket();
        r.launch_time = (float)(LAUNCH_SEED_CLOCK + tool_rng_range(&rng, -34.0f, 2.0f));
        r.turn_blend = tool_rng_range(&rng, 0.3f, 1.5f);
        r.crossrange = tool_rng_range(&rng, -1.5f, 1.5f);
        r.no_roll = (i & 1u) != 0;
        r.no_vibration = (i & 2u) != 0;
        r.no_camera_shake = (i & 4u) != 0;
        fields[LAUNCH_LAUNCH_TIME][i] = r.launch_time;
        fields[LAUNCH_TURN_BLEND][i] = r.turn_blend;
        fields[LAUNCH_CROSSRANGE][i] = r.crossrange;
        fields[LAUNCH_FLAGS][i] = mote_launch_flags_encode(&r);
        for (int f = LAUNCH_PHASE; f < LAUNCH_FIELD_COUNT; ++f) {
            fields[f][i] = 0.0f; /* the pose, which every step writes from the inputs */
        }
    }
}

static const probe_variant variants[] = {
    {"default", LAUNCH_PROFILE_DEFAULT, 0},
    {"no_coast", LAUNCH_PROFILE_NO_COAST, 0},
};

const mote_probe mote_probe_launch = {
    .gate = "launch",
    .record = &mote_launch_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .step_range = step_range,
    .step_table = step_table,
    .bench = "launch",
    .bench_step = bench_step,
    .bench_reset = bench_reset,
    .bench_bytes = LAUNCH_FIELD_COUNT * sizeof(float),
};
