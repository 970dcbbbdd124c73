/* Orientation pools, one benchmark family per kind (orientation/control, orientation/spring,
 * orientation/damper, orientation/inertialize), per backend and size, beside the scalar reference
 * in the same run. The elements: seeded orientations, angular velocities and targets, half-lives
 * 0.05..0.5 s, control gains of those half-lives, a third capped; each frame turns the targets of
 * a 60th of them (step, below). */
#include <math.h>

#include "bench_pools.h"
#include "mote/orientation_pool.h"
#include "mote/random.h"

#define DT (1.0f / 60.0f)

static mote_orientation_desc bench_element(size_t i) {
    const uint64_t seed = 0x6f726e74u; /* "ornt" */
    mote_orientation_desc d = mote_default_orientation_desc();
    float r[11];
    for (int k = 0; k < 11; ++k) {
        r[k] = mote_random_range(seed, 11 * i + (size_t)k, -1.0f, 1.0f);
    }
    d.orientation = (mote_quat){r[0], r[1], r[2], r[3] + 1.5f};
    d.target = (mote_quat){r[4], r[5], r[6], r[7] - 1.5f};
    d.angular_velocity = (mote_vec3){3.0f * r[8], 3.0f * r[9], 3.0f * r[10]};
    d.halflife = 0.05f + 0.45f * mote_random_unit(seed ^ 1u, i);
    mote_orientation_control_params g = mote_orientation_control_gains(d.halflife, 1.0f, 0.0f);
    d.stiffness = g.stiffness;
    d.damping = g.damping;
    d.max_speed = i % 3 == 0 ? 6.0f : 0.0f;
    d.offset = (mote_quat){r[8], r[9], r[10], 1.5f};
    d.incoming_angular_velocity = (mote_vec3){r[0], r[1], r[2]};
    d.offset_angular_velocity = (mote_vec3){r[4], r[5], r[6]};
    return d;
}

static mote_status create(mote_orientation_kind kind, mote_backend backend, size_t capacity,
                          void **pool) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.kind = kind;
    def.backend = backend;
    def.capacity = capacity;
    return mote_orientation_pool_create(&def, (mote_orientation_pool **)pool);
}

static mote_status create_control(mote_backend backend, size_t capacity, void **pool) {
    return create(MOTE_ORIENTATION_CONTROL, backend, capacity, pool);
}

static mote_status create_spring(mote_backend backend, size_t capacity, void **pool) {
    return create(MOTE_ORIENTATION_SPRING, backend, capacity, pool);
}

static mote_status create_damper(mote_backend backend, size_t capacity, void **pool) {
    return create(MOTE_ORIENTATION_DAMPER, backend, capacity, pool);
}

static mote_status create_inertialize(mote_backend backend, size_t capacity, void **pool) {
    return create(MOTE_ORIENTATION_INERTIALIZE, backend, capacity, pool);
}

static void destroy(void *pool) {
    mote_orientation_pool_destroy(pool);
}

static mote_status add(void *pool, size_t i) {
    mote_orientation_desc d = bench_element(i);
    return mote_orientation_pool_add(pool, &d, NULL);
}

static unsigned frame;

static void reset(void *pool) {
    (void)pool;
    frame = 0;
}

/* Each frame a 60th of the elements, in turn, gets a new target (and, for inertialize, a
 * fresh offset, as a transition leaves), written through the view as a game writes its
 * inputs: every element changes about once a second, so no state decays into denormals. */
static bool step(void *pool, const mote_task_system *tasks) {
    const mote_orientation_view v = mote_orientation_pool_view(pool);
    const size_t slice = v.count / 60 + 1;
    const float turn = 0.7f * (float)(frame % 9);
    const mote_quat t = mote_quat_axis_angle((mote_vec3){0.0f, 1.0f, 0.0f}, turn);
    const mote_quat o = mote_quat_axis_angle((mote_vec3){0.6f, 0.0f, 0.8f}, 1.0f);
    for (size_t k = 0; k < slice && v.count > 0; ++k) {
        const size_t i = ((size_t)frame * slice + k) % v.count;
        const float tc[4] = {t.x, t.y, t.z, t.w}, oc[4] = {o.x, o.y, o.z, o.w};
        for (int c = 0; c < 4; ++c) {
            v.target[c][i] = tc[c];
            if (v.offset[c] != NULL) {
                v.offset[c][i] = oc[c];
            }
        }
        if (v.offset_angular_velocity[0] != NULL) {
            v.offset_angular_velocity[0][i] = 2.0f;
        }
    }
    ++frame;
    return (tasks == NULL ? mote_orientation_pool_step(pool, DT)
                          : mote_orientation_pool_step_parallel(pool, DT, tasks)) == MOTE_OK;
}

/* Bytes a step moves: the fields the kind reads, and again those it writes. */
const bench_pool_kind bench_orientation_control_kind = {
    "orientation/control", create_control, destroy, add, reset, step, (13 + 7) * sizeof(float),
};
static const bench_pool_kind bench_orientation_spring_kind = {
    "orientation/spring", create_spring, destroy, add, reset, step, (12 + 7) * sizeof(float),
};
static const bench_pool_kind bench_orientation_damper_kind = {
    "orientation/damper", create_damper, destroy, add, reset, step, (9 + 4) * sizeof(float),
};
static const bench_pool_kind bench_orientation_inertialize_kind = {
    "orientation/inertialize", create_inertialize, destroy, add, reset, step,
    (18 + 14) * sizeof(float),
};

void bench_register_orientation_cases(void) {
    bench_register_pool_cases(&bench_orientation_control_kind);
    bench_register_pool_cases(&bench_orientation_spring_kind);
    bench_register_pool_cases(&bench_orientation_damper_kind);
    bench_register_pool_cases(&bench_orientation_inertialize_kind);
}
