/* Launch pools: the launch kind's record for the shared pool layer (its fields, the profile and
 * the double clock every rocket shares, its kernel) and the public launch-pool names. A step
 * advances the clock and evaluates every rocket at it; mote_launch_pool_evaluate sets it. */
#include <math.h>
#include <string.h>

#include "launch_fields.h"
#include "launch_ref.h"
#include "input_check.h"
#include "kind_record.h"
#include "pose_history.h"
#include "pool_events.h"
#include "refuse.h"
#include "task_split.h"

#define LAUNCH_POOL_COOKIE 0x4C4E4348 /* "LNCH" */

MOTE_KIND_TYPE_CHECKS(launch, LAUNCH_FIELD_COUNT, mote_launch_constants);

typedef struct launch_pool_settings {
    union {
        double clock;            /* s of the sequence */
        uint32_t clock_words[2]; /* its bits, for snapshots */
    };
    mote_launch_profile profile;
    mote_launch_timeline timeline;
} launch_pool_settings;

MOTE_KIND_SETTINGS_ACCESS(launch_pool_settings)

mote_launch_pool_def mote_default_launch_pool_def(void) {
    mote_launch_pool_def def = {
        .profile = mote_default_launch_profile(),
        MOTE_DEFAULT_POOL_DEF_COMMON(LAUNCH_POOL_COOKIE),
    };
    return def;
}

mote_launch_desc mote_default_launch_desc(void) {
    mote_launch_desc d;
    memset(&d, 0, sizeof d);
    d.rocket = mote_default_launch_rocket();
    d.pose.phase = MOTE_LAUNCH_HOLD;
    d.pose.radial = (mote_vec3){0.0f, 1.0f, 0.0f};
    d.pose.tangent = (mote_vec3){0.0f, 0.0f, -1.0f};
    d.pose.flight_direction = d.pose.radial;
    d.pose.base_orientation = mote_quat_identity();
    d.pose.orientation = mote_quat_identity();
    return d;
}

static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)pool;
    const mote_launch_desc *d = desc;
    values[LAUNCH_FLAGS] = mote_launch_flags_encode(&d->rocket);
    values[LAUNCH_PHASE] = (float)d->pose.phase;
    return MOTE_OK;
}

/* A known phase, flags 0..7 (whole numbers) and the rocket's inputs inside the domain
 * (mote_launch_rocket_check), as add, set and restore see them. The hook's values may be
 * rewritten by a kind (debris normalises), so the parameter is not const here either. */
// cppcheck-suppress constParameter
static mote_status check_values(const mote_pool *pool, float *v) {
    (void)pool;
    const float phase = v[LAUNCH_PHASE], flags = v[LAUNCH_FLAGS];
    if (!(phase >= 0.0f && phase <= (float)MOTE_LAUNCH_REST && phase == floorf(phase))) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pose.phase must be a mote_launch_phase, 0 to 5 (got %g)",
                           (double)phase);
    }
    if (!(flags <= 7.0f && flags == floorf(flags))) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "flags must be a whole number 0 to 7 (got %g)", (double)flags);
    }
    const mote_launch_rocket rocket = {
        v[LAUNCH_LAUNCH_TIME], v[LAUNCH_TURN_BLEND], v[LAUNCH_CROSSRANGE], false, false, false};
    return mote_launch_rocket_check(&rocket);
}

static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    (void)pool;
    mote_launch_desc *d = desc;
    mote_launch_flags_decode(values[LAUNCH_FLAGS], &d->rocket);
    const float phase = values[LAUNCH_PHASE];
    d->pose.phase = phase >= 5.0f   ? MOTE_LAUNCH_REST
                    : phase >= 4.0f ? MOTE_LAUNCH_COAST
                    : phase >= 3.0f ? MOTE_LAUNCH_DECEL
                    : phase >= 2.0f ? MOTE_LAUNCH_ACCEL
                    : phase >= 1.0f ? MOTE_LAUNCH_SLOW
                                    : MOTE_LAUNCH_HOLD;
    d->pose.tangent = (mote_vec3){0.0f, values[LAUNCH_RZ], -values[LAUNCH_RY]};
}

/* The launch is analytic in time: no limit of the kind's own. */
static float advance(const mote_pool *pool, float dt) {
    (void)pool;
    return dt;
}

/* The constants at the pool's clock (the clock is advanced before, dt is not needed). */
static void prepare(const mote_pool *pool, float dt, void *constants) {
    (void)dt;
    const launch_pool_settings *s = settings_of_const(pool);
    mote_launch_constants c;
    c.clock_hi = (float)s->clock;
    c.clock_lo = (float)(s->clock - (double)c.clock_hi);
    c.profile = s->profile;
    c.timeline = s->timeline;
    memcpy(constants, &c, sizeof c);
}

/* What a step accepts in the inputs written through the view (pool_kind.h): the rocket's
 * domain (mote_launch_rocket_check), and the flags within [0, 7]: the kernels decode any value
 * there by thresholds, so a step needs no whole number (add and set store one). */
static const mote_input_limit launch_input_limits[] = {
    {LAUNCH_LAUNCH_TIME, 1, -MOTE_LAUNCH_TIME_MAX, MOTE_LAUNCH_TIME_MAX, NULL},
    {LAUNCH_TURN_BLEND, 1, -MOTE_LAUNCH_TURN_BLEND_MAX, MOTE_LAUNCH_TURN_BLEND_MAX, NULL},
    {LAUNCH_CROSSRANGE, 1, -MOTE_LAUNCH_CROSSRANGE_MAX, MOTE_LAUNCH_CROSSRANGE_MAX, NULL},
    {LAUNCH_FLAGS, 1, 0.0f, 7.0f, NULL},
};

MOTE_KIND_FIELD_TABLE(launch, LAUNCH_FIELDS, LAUNCH_FIELD_COUNT);

/* The settings member by member, as a snapshot stores them: the profile, the timeline derived
 * from it (check_settings refuses one that is not the profile's), and the clock's 64 bits as
 * two words (low word first: x86-64 and aarch64 are little-endian). The clock comes last so
 * the first word is one a damaged snapshot cannot pass (a NaN in the clock's low word would
 * still be a finite clock). */
#define LAUNCH_SETTING(member, type)                                                               \
    { #member, offsetof(launch_pool_settings, member), MOTE_SETTING_##type }
static const mote_setting_info launch_setting_members[] = {
    LAUNCH_SETTING(profile.ignition_hold, F32),
    LAUNCH_SETTING(profile.slow_duration, F32),
    LAUNCH_SETTING(profile.accel_duration, F32),
    LAUNCH_SETTING(profile.decel_duration, F32),
    LAUNCH_SETTING(profile.slow_distance, F32),
    LAUNCH_SETTING(profile.coast_linear, F32),
    LAUNCH_SETTING(profile.coast_decel, F32),
    LAUNCH_SETTING(profile.target_altitude, F32),
    LAUNCH_SETTING(profile.max_ground_arc, F32),
    LAUNCH_SETTING(profile.max_crossrange, F32),
    LAUNCH_SETTING(profile.ground_arc_exponent, F32),
    LAUNCH_SETTING(profile.turn_factor, F32),
    LAUNCH_SETTING(profile.planet_radius, F32),
    LAUNCH_SETTING(profile.planet_center.x, F32),
    LAUNCH_SETTING(profile.planet_center.y, F32),
    LAUNCH_SETTING(profile.planet_center.z, F32),
    LAUNCH_SETTING(profile.rocket_local_up.x, F32),
    LAUNCH_SETTING(profile.rocket_local_up.y, F32),
    LAUNCH_SETTING(profile.rocket_local_up.z, F32),
    LAUNCH_SETTING(profile.coast_rate, F32),
    LAUNCH_SETTING(profile.ground_track_rate, F32),
    LAUNCH_SETTING(profile.gravity_turn_start, F32),
    LAUNCH_SETTING(profile.gravity_turn_end, F32),
    LAUNCH_SETTING(profile.crossrange_start, F32),
    LAUNCH_SETTING(profile.crossrange_end, F32),
    LAUNCH_SETTING(profile.roll_frequency, F32),
    LAUNCH_SETTING(profile.roll_amplitude, F32),
    LAUNCH_SETTING(profile.vibration_frequency_a, F32),
    LAUNCH_SETTING(profile.vibration_frequency_b, F32),
    LAUNCH_SETTING(profile.vibration_phase_b, F32),
    LAUNCH_SETTING(profile.vibration_amplitude, F32),
    LAUNCH_SETTING(profile.roll_envelope_start, F32),
    LAUNCH_SETTING(profile.roll_envelope_end, F32),
    LAUNCH_SETTING(profile.camera_shake_amplitude, F32),
    LAUNCH_SETTING(profile.camera_shake_rise, F32),
    LAUNCH_SETTING(profile.camera_shake_fade_start, F32),
    LAUNCH_SETTING(profile.camera_shake_fade_end, F32),
    LAUNCH_SETTING(profile.camera_shake_frequency.x, F32),
    LAUNCH_SETTING(profile.camera_shake_frequency.y, F32),
    LAUNCH_SETTING(profile.camera_shake_frequency.z, F32),
    LAUNCH_SETTING(profile.camera_shake_phase.x, F32),
    LAUNCH_SETTING(profile.camera_shake_phase.y, F32),
    LAUNCH_SETTING(profile.camera_shake_phase.z, F32),
    LAUNCH_SETTING(timeline.status, I32),
    LAUNCH_SETTING(timeline.ascent_start, F32),
    LAUNCH_SETTING(timeline.slow_end, F32),
    LAUNCH_SETTING(timeline.accel_end, F32),
    LAUNCH_SETTING(timeline.ascent_end, F32),
    LAUNCH_SETTING(timeline.coast_linear_end, F32),
    LAUNCH_SETTING(timeline.rest_start, F32),
    LAUNCH_SETTING(timeline.slow_speed, F32),
    LAUNCH_SETTING(timeline.acceleration, F32),
    LAUNCH_SETTING(timeline.peak_speed, F32),
    LAUNCH_SETTING(timeline.deceleration, F32),
    LAUNCH_SETTING(timeline.half_acceleration, F32),
    LAUNCH_SETTING(timeline.half_deceleration, F32),
    LAUNCH_SETTING(timeline.slow_distance, F32),
    LAUNCH_SETTING(timeline.accel_distance, F32),
    LAUNCH_SETTING(timeline.coast_acceleration, F32),
    LAUNCH_SETTING(timeline.coast_peak_speed, F32),
    LAUNCH_SETTING(timeline.coast_deceleration, F32),
    LAUNCH_SETTING(timeline.coast_half_acceleration, F32),
    LAUNCH_SETTING(timeline.coast_half_deceleration, F32),
    LAUNCH_SETTING(timeline.coast_linear_distance, F32),
    LAUNCH_SETTING(timeline.coast_full, F32),
    LAUNCH_SETTING(clock_words[0], I32),
    LAUNCH_SETTING(clock_words[1], I32),
};

_Static_assert(sizeof launch_setting_members / sizeof launch_setting_members[0] ==
                   2 + sizeof(mote_launch_profile) / 4 + sizeof(mote_launch_timeline) / 4,
               "every word of the launch settings is listed");

/* The clock within MOTE_LAUNCH_CLOCK_MAX, the profile inside the domain and the timeline its
 * own (the detail names what is not). */
static mote_status check_settings(const void *settings) {
    const launch_pool_settings *s = settings;
    if (!(fabs(s->clock) <= MOTE_LAUNCH_CLOCK_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "clock must lie in [-%g, %g] s (got %g)",
                           MOTE_LAUNCH_CLOCK_MAX, MOTE_LAUNCH_CLOCK_MAX, s->clock);
    }
    mote_launch_timeline derived = mote_launch_timeline_of(&s->profile);
    if (derived.status != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    if (memcmp(&derived, &s->timeline, sizeof derived) != 0) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "timeline must be the one mote_launch_timeline_of derives from the "
                           "profile");
    }
    return MOTE_OK;
}

/* An added or set rocket's pose at the pool's clock, as a step of dt 0 writes it (the same
 * kernel, bit for bit): a rocket added mid-flight reads where it is, not on the pad. No
 * event: the rocket was added in its phase, it did not enter it. */
static void written(mote_pool *pool, size_t begin, size_t end) {
    _Alignas(64) unsigned char constants[MOTE_MAX_CONSTANTS_BYTES];
    prepare(pool, 0.0f, constants);
    pool->kernel(pool->core.fields.field, constants, begin, end);
}

/* The pool's clock moved on by a step's advanced seconds, up to MOTE_LAUNCH_CLOCK_MAX: the
 * pool's own step and, as the record's before_step, a world's. */
static void advance_clock(mote_pool *pool, float advanced) {
    const double clock = settings_of(pool)->clock + (double)advanced;
    settings_of(pool)->clock = clock < MOTE_LAUNCH_CLOCK_MAX ? clock : MOTE_LAUNCH_CLOCK_MAX;
}

extern const mote_kind_events mote_launch_kind_events; /* launch_events.c */

const mote_pool_kind mote_launch_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(launch, LAUNCH_POOL_COOKIE, launch_pool_settings),
    MOTE_INPUT_LIMITS(launch_input_limits),
    .parallel_min_elements = 1024, /* a rocket costs five sincos, a pow and ten divisions */
    .kernel_id = MOTE_KERNEL_launch,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_RIGID(LAUNCH_P, LAUNCH_Q),
    .events = &mote_launch_kind_events,
    .before_step = advance_clock,
    .written = written,
};

#define RECORD (&mote_launch_pool_kind_record)

MOTE_KIND_POOL_API(launch, launch_pool_settings,
                   (launch_pool_settings){
                       {0.0}, def->profile, mote_launch_timeline_of(&def->profile)})

/* One evaluation's work as the task system sees it. */
typedef struct evaluate_job {
    float *const *fields;
    mote_kernel_fn kernel;
    const void *constants;
    const mote_pool *events; /* a recording step's pool (its states read around the kernel) */
} evaluate_job;

static void evaluate_span(size_t begin, size_t end, void *context) {
    const evaluate_job *job = context;
    if (job->events != NULL) {
        mote_pool_events_range_before(job->events, begin, end);
    }
    job->kernel(job->fields, job->constants, begin, end);
    if (job->events != NULL) {
        mote_pool_events_range_after(job->events, begin, end);
    }
}

/* Evaluates [begin, end) (checked) at the pool's clock. */
static void run(mote_pool *p, size_t begin, size_t end, const mote_task_system *tasks) {
    if (begin == end) {
        return;
    }
    _Alignas(64) unsigned char constants[MOTE_MAX_CONSTANTS_BYTES];
    prepare(p, 0.0f, constants);
    evaluate_job job = {p->core.fields.field, p->kernel, constants,
                        mote_pool_events_recording(p) ? p : NULL};
    if (tasks == NULL) {
        evaluate_span(begin, end, &job);
    } else {
        mote_run_range_tasks(tasks, begin, end, RECORD->parallel_min_elements, evaluate_span, &job);
    }
}

static mote_status step(mote_launch_pool *pool, float dt, const mote_task_system *tasks,
                        float *out_advanced) {
    mote_pool *p = MOTE_AS_POOL(pool);
    float advanced = 0.0f;
    mote_status status = mote_pool_advance_of(p, RECORD, dt, &advanced);
    if (status == MOTE_OK) { /* the inputs: every step evaluates every rocket, dt 0 too */
        status = mote_input_check(p, 0, p->core.count);
    }
    if (status == MOTE_OK && advanced > 0.0f) { /* room for the previous poses, if kept */
        status = mote_pose_history_before_step(p, 0, p->core.count);
    }
    if (status != MOTE_OK) {
        return status;
    }
    advance_clock(p, advanced);
    const bool events = mote_pool_events_begin(p, true, 0, p->core.count);
    if (advanced > 0.0f) {
        mote_pose_history_capture(p, 0, p->core.count);
    }
    run(p, 0, p->core.count, tasks);
    mote_pose_history_after_step(p, advanced > 0.0f ? p->core.count : 0);
    if (events) {
        mote_pool_events_finish(p, 0, p->core.count, advanced);
    }
    if (out_advanced != NULL) {
        *out_advanced = advanced;
    }
    return MOTE_OK;
}

mote_status mote_launch_pool_step(mote_launch_pool *pool, float dt) {
    return step(pool, dt, NULL, NULL);
}

mote_status mote_launch_pool_advance(mote_launch_pool *pool, float dt, float *out_advanced) {
    return step(pool, dt, NULL, out_advanced);
}

mote_status mote_launch_pool_step_parallel(mote_launch_pool *pool, float dt,
                                           const mote_task_system *tasks) {
    return step(pool, dt, tasks, NULL);
}

mote_status mote_launch_pool_evaluate_parallel(mote_launch_pool *pool, double time,
                                               const mote_task_system *tasks) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a launch pool");
    }
    if (!isfinite(time)) {
        return mote_refuse(MOTE_ERROR_NON_FINITE, "time must be finite (got %g)", time);
    }
    if (!(fabs(time) <= MOTE_LAUNCH_CLOCK_MAX)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "time must lie in [-%g, %g] s (got %g)",
                           MOTE_LAUNCH_CLOCK_MAX, MOTE_LAUNCH_CLOCK_MAX, time);
    }
    const mote_status inputs = mote_input_check(p, 0, p->core.count);
    if (inputs != MOTE_OK) {
        return inputs;
    }
    settings_of(p)->clock = time;
    run(p, 0, p->core.count, tasks);
    return MOTE_OK;
}

mote_status mote_launch_pool_evaluate(mote_launch_pool *pool, double time) {
    return mote_launch_pool_evaluate_parallel(pool, time, NULL);
}

mote_status mote_launch_pool_evaluate_range(mote_launch_pool *pool, size_t begin, size_t end) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a launch pool");
    }
    if (begin > end || end > p->core.count) {
        return mote_refuse(MOTE_ERROR_RANGE, "range [%zu, %zu) must lie within [0, %zu]", begin,
                           end, p->core.count);
    }
    const mote_status inputs = mote_input_check(p, begin, end);
    if (inputs != MOTE_OK) {
        return inputs;
    }
    run(p, begin, end, NULL);
    return MOTE_OK;
}

double mote_launch_pool_clock(const mote_launch_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->clock : 0.0;
}

mote_launch_profile mote_launch_pool_profile(const mote_launch_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of_const(p)->profile : mote_default_launch_profile();
}

mote_status mote_launch_pool_set_profile(mote_launch_pool *pool,
                                         const mote_launch_profile *profile) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || profile == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool must be a launch pool and profile not NULL");
    }
    mote_launch_timeline tl = mote_launch_timeline_of(profile);
    if (tl.status != MOTE_OK) {
        return mote_refuse_as(MOTE_ERROR_INVALID_ARGUMENT); /* the detail names the member */
    }
    settings_of(p)->profile = *profile;
    settings_of(p)->timeline = tl;
    return MOTE_OK;
}
