/* The docking pool 's probe (probe.h): "docking/default" (the seed's profile) and
 * "docking/tilted" (an off-axis port, a tilted dock axis and a 1/60 s sub-step clamp, so the
 * docking frame moves as the station spins and the 1/30 s and 0.1 s steps are sub-stepped).
 *
 * Random sequences are spread over the whole timeline: clocks from -1 s (not started) to 22 s
 * (the golden scenario steps ~9 s, so sequences pass every phase and many lock), each on its
 * own station (position, turned base), the chaser at rest or moving, captured (with a unit
 * radial direction perpendicular to the dock axis, in station coordinates) once its clock is
 * past approach start.
 *
 * The desc as values (add_values/set_values): the members of mote_docking_state in
 * declaration order, vectors and quaternions flattened component by component:
 *   0 time, 1-3 station_position, 4-7 station_base, 8-10 position, 11-13 spring_position,
 *   14-16 velocity, 17-20 orientation, 21 start_parallel, 22 start_radial, 23-25
 *   radial_direction, 26 station_angle, 27 chaser_angle, 28 captured, 29 locked (30 values;
 *   missing ones keep a sequence begun at rest at the origin). The flags are true for a
 *   value that is not 0 (NaN included). */
#include <math.h>

#include "mote/docking_pool.h"
#include "docking_fields.h"
#include "probe.h"
#include "docking_bounds.h"

enum { DOCKING_KIND_DEFAULT, DOCKING_KIND_TILTED };

#define DESC_VALUES 30

static mote_docking_profile adapter_profile(int kind) {
    mote_docking_profile p = mote_default_docking_profile();
    if (kind == DOCKING_KIND_TILTED) {
        p.dock_port_offset = (mote_vec3){1.5f, 0.0f, 3.0f};
        p.dock_axis = (mote_vec3){0.3f, 0.0f, 1.0f};
        p.max_substep = 1.0f / 60.0f;
    }
    return p;
}

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_docking_pool_def d = mote_default_docking_pool_def();
    PROBE_DEF_COMMON(d, def);
    d.profile = adapter_profile(variant->model);
    return mote_docking_pool_create(&d, (mote_docking_pool **)out);
}

/* The float members in declaration order (the flags, 28 and 29, are handled apart). */
static float *desc_member(mote_docking_desc *d, size_t i) {
    float *members[DESC_VALUES - 2] = {
        &d->time,
        &d->station_position.x,
        &d->station_position.y,
        &d->station_position.z,
        &d->station_base.x,
        &d->station_base.y,
        &d->station_base.z,
        &d->station_base.w,
        &d->position.x,
        &d->position.y,
        &d->position.z,
        &d->spring_position.x,
        &d->spring_position.y,
        &d->spring_position.z,
        &d->velocity.x,
        &d->velocity.y,
        &d->velocity.z,
        &d->orientation.x,
        &d->orientation.y,
        &d->orientation.z,
        &d->orientation.w,
        &d->start_parallel,
        &d->start_radial,
        &d->radial_direction.x,
        &d->radial_direction.y,
        &d->radial_direction.z,
        &d->station_angle,
        &d->chaser_angle,
    };
    return i < DESC_VALUES - 2 ? members[i] : NULL;
}

/* A sequence begun at rest at the origin (the defaults of add_values). */
static mote_docking_desc base_desc(int kind) {
    mote_docking_profile p = adapter_profile(kind);
    mote_docking_desc d = {0};
    mote_docking_begin(&p, (mote_vec3){0.0f, 0.0f, 0.0f}, mote_quat_identity(),
                       (mote_vec3){1.0f, 0.5f, 20.0f}, 0.0f, &d);
    return d;
}

static mote_docking_desc desc_of_values(int kind, const float *values, size_t n) {
    mote_docking_desc d = base_desc(kind);
    for (size_t i = 0; i < n && i < DESC_VALUES; ++i) {
        if (i == 28) {
            d.captured = values[i] != 0.0f;
        } else if (i == 29) {
            d.locked = values[i] != 0.0f;
        } else {
            *desc_member(&d, i) = values[i];
        }
    }
    return d;
}

/* An ordinary sequence (see the header comment). Always 24 draws. */
static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    (void)pool;
    mote_docking_profile p = adapter_profile(variant->model);
    /* time, station position, base axis and angle, chaser offset, velocity, radial angle */
    static const float lo[24] = {-1.0f, -50.0f, -50.0f, -50.0f, -1.0f, -1.0f, -1.0f, -3.0f,
                                 -6.0f, -6.0f,  8.0f,   -1.0f,  -1.0f, -1.0f, 0.0f,  -3.1f,
                                 0.0f,  0.0f,   0.0f,   0.0f,   0.0f,  0.0f,  0.0f,  0.0f};
    static const float hi[24] = {22.0f, 50.0f, 50.0f, 50.0f, 1.0f, 1.0f, 1.0f, 3.0f,
                                 6.0f,  6.0f,  30.0f, 1.0f,  1.0f, 1.0f, 6.0f, 3.1f,
                                 10.0f, 1.0f,  1.0f,  1.0f,  1.0f, 1.0f, 1.0f, 1.0f};
    float v[24];
    for (size_t i = 0; i < 24; ++i) {
        v[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    mote_vec3 station = {v[1], v[2], v[3]};
    mote_vec3 axis = {v[4], v[5], v[6] + 2.0f}; /* kept away from 0 */
    mote_quat base = mote_quat_axis_angle(mote_vec3_normalize(axis), v[7]);
    mote_vec3 chaser = mote_vec3_add(station, (mote_vec3){v[8], v[9], v[10]});
    mote_docking_desc d;
    mote_status status = mote_docking_begin(&p, station, base, chaser, 0.0f, &d);
    if (status != MOTE_OK) {
        return status;
    }
    d.time = v[0];
    d.velocity = (mote_vec3){v[11], v[12], v[13]};
    if (d.time >= p.approach_start) {
        /* a unit direction perpendicular to the (unit) dock axis, station coordinates */
        mote_vec3 a = mote_vec3_normalize(p.dock_axis);
        mote_vec3 e1 = mote_vec3_normalize(mote_vec3_cross(a, (mote_vec3){0.0f, 1.0f, 0.0f}));
        mote_vec3 e2 = mote_vec3_cross(a, e1);
        d.radial_direction =
            mote_vec3_add(mote_vec3_scale(e1, cosf(v[15])), mote_vec3_scale(e2, sinf(v[15])));
        d.start_parallel = 10.0f + v[14];
        d.start_radial = v[16];
        d.captured = true;
    }
    *(mote_docking_desc *)desc = d;
    return MOTE_OK;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)pool;
    *(mote_docking_desc *)desc = desc_of_values(variant->model, values, n);
}

static mote_vec3 rvec(tool_rng *rng, float r) {
    mote_vec3 v = {tool_rng_range(rng, -r, r), tool_rng_range(rng, -r, r),
                   tool_rng_range(rng, -r, r)};
    return v;
}

/* Sequences begun at rest, their clocks then spread over -1 .. 26 s (a clock past approach
 * start is captured in its first step, as a sequence added late is). */
static void seed_state(const probe_variant *variant, float *const *fields, size_t count,
                       uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    const mote_docking_profile profile = mote_default_docking_profile();
    for (size_t i = 0; i < count; ++i) {
        mote_vec3 station = rvec(&rng, 100.0f);
        mote_vec3 axis = rvec(&rng, 1.0f);
        axis.z += 2.0f; /* kept away from 0 */
        mote_quat base =
            mote_quat_axis_angle(mote_vec3_normalize(axis), tool_rng_range(&rng, -3.0f, 3.0f));
        mote_vec3 off = rvec(&rng, 4.0f);
        off.z = tool_rng_range(&rng, 5.0f, 20.0f);
        mote_vec3 chaser = mote_vec3_add(station, mote_quat_rotate(base, off));
        mote_docking_state s = {0};
        (void)mote_docking_begin(&profile, station, base, chaser, 0.0f, &s);
        s.time = tool_rng_range(&rng, -1.0f, 26.0f);
        docking_state_store(fields, i, &s);
    }
}

static const probe_variant variants[] = {
    {"default", DOCKING_KIND_DEFAULT, 0},
    {"tilted", DOCKING_KIND_TILTED, 0},
};

const mote_probe mote_probe_docking = {
    .gate = "docking",
    .record = &mote_docking_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .bench = "docking",
    .bench_bytes = (2 * DOCKING_FIELD_COUNT - 7) * sizeof(float),
};
