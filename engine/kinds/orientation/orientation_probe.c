/* The orientation pool 's probe (probe.h): one adapter per orientation kind,
 * "orientation/<kind>". */
#include <string.h>

#include "mote/orientation_pool.h"
#include "orientation_fields.h"
#include "probe.h"
#include "orientation_bounds.h"
#include <math.h>

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_orientation_pool_def d = mote_default_orientation_pool_def();
    d.kind = (mote_orientation_kind)variant->model;
    /* 16 sub-steps, as the golden hashes were taken with (their 0.1 s step is clamped to 1/15
     * s): the gates pin that configuration; the default is MOTE_ORIENTATION_MAX_SUBSTEPS */
    d.max_substeps = 16;
    PROBE_DEF_COMMON(d, def);
    return mote_orientation_pool_create(&d, (mote_orientation_pool **)out);
}

#define DESC_VALUES 25

/* desc members in declaration order, the order add_values takes them in */
static float *desc_member(mote_orientation_desc *d, size_t i) {
    float *members[DESC_VALUES] = {
        &d->orientation.x,      &d->orientation.y,
        &d->orientation.z,      &d->orientation.w,
        &d->angular_velocity.x, &d->angular_velocity.y,
        &d->angular_velocity.z, &d->target.x,
        &d->target.y,           &d->target.z,
        &d->target.w,           &d->halflife,
        &d->stiffness,          &d->damping,
        &d->max_speed,
    };
    return i < DESC_VALUES ? members[i] : NULL;
}

static mote_orientation_desc desc_of_values(const float *values, size_t n) {
    mote_orientation_desc d = mote_default_orientation_desc();
    for (size_t i = 0; i < n; ++i) {
        float *member = desc_member(&d, i);
        if (member == NULL) {
            break;
        }
        *member = values[i];
    }
    return d;
}

static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    (void)pool;
    (void)variant;
    /* every member drawn for every kind: the same number of draws per element */
    const float lo[DESC_VALUES] = {-1,   -1,   -1, -1, -5, -5, -5, -1, -1, -1, -1, 0.02f, 0.0f,
                                   0.0f, 0.0f, -5, -5, -5, -1, -1, -1, -1, -5, -5, -5};
    const float hi[DESC_VALUES] = {1,     1,     1, 1, 5, 5, 5, 1, 1, 1, 1, 1.5f, 400.0f,
                                   40.0f, 10.0f, 5, 5, 5, 1, 1, 1, 1, 5, 5, 5};
    float values[DESC_VALUES];
    for (size_t i = 0; i < DESC_VALUES; ++i) {
        values[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    values[3] += 1.5f; /* never a zero orientation, target or offset */
    values[10] -= 1.5f;
    values[21] += 1.5f;
    mote_orientation_desc d = desc_of_values(values, DESC_VALUES);
    *(mote_orientation_desc *)desc = d;
    return MOTE_OK;
}

/* The inertialize kind rewrites its output (orientation, angular_velocity) from the offset
 * and the incoming pose every step, so its persistent state, the offset, comes first: the
 * gates that write into the first fields (the golden hashes' NaN and infinity) then reach
 * state a step keeps. Every other model keeps the field list's order. */
static size_t field_order(const void *pool, int order[MOTE_MAX_FIELDS]) {
    const mote_pool_kind *kind = ((const mote_pool *)pool)->kind;
    const bool inertialize =
        mote_kind_kernel(kind, (const mote_pool *)pool) == MOTE_KERNEL_orientation_inertialize;
    size_t k = 0;
    for (int pass = 0; pass < 2; ++pass) {
        for (int f = 0; f < kind->field_count; ++f) {
            const bool offset = !inertialize || strncmp(kind->fields[f].name, "offset", 6) == 0;
            if (offset == (pass == 0)) {
                order[k++] = f;
            }
        }
    }
    return k;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    (void)pool;
    *(mote_orientation_desc *)desc = desc_of_values(values, n);
}

/* A benchmark's frame: a 60th of the elements, in turn, gets a new target (and, for
 * inertialize, a fresh offset, as a transition leaves), written through the view as a game
 * writes its inputs: every element changes about once a second, so no state decays into
 * denormals. */
static void bench_frame(void *pool, unsigned frame) {
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
}

/* A unit quaternion (a random one normalised in double, as the pool stores it). */
static void put_quat(tool_rng *rng, float *const *fields, int first, size_t i) {
    double q[4], sum = 0.0;
    for (int c = 0; c < 4; ++c) {
        q[c] = tool_rng_range(rng, -1.0f, 1.0f);
        sum += q[c] * q[c];
    }
    double length = sqrt(sum) > 0.0 ? sqrt(sum) : 1.0;
    for (int c = 0; c < 4; ++c) {
        fields[first + c][i] = (float)(q[c] / length);
    }
}

static void seed_state(const probe_variant *variant, float *const *f, size_t count, uint64_t seed) {
    (void)variant;
    tool_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        put_quat(&rng, f, ORIENTATION_QX, i);
        put_quat(&rng, f, ORIENTATION_TX, i);
        if (f[ORIENTATION_OQX] != NULL) {
            put_quat(&rng, f, ORIENTATION_OQX, i);
        }
        float w[3] = {tool_rng_range(&rng, -6, 6), tool_rng_range(&rng, -6, 6),
                      tool_rng_range(&rng, -6, 6)};
        float halflife = tool_rng_range(&rng, 0.02f, 2.0f);
        mote_orientation_control_params g = mote_orientation_control_gains(
            tool_rng_range(&rng, 0.05f, 1.0f), tool_rng_range(&rng, 0.3f, 1.5f), INFINITY);
        float cap = i % 3 == 0 ? 0.0f : tool_rng_range(&rng, 1.0f, 20.0f);
        const int fields[] = {ORIENTATION_WX,       ORIENTATION_WY,        ORIENTATION_WZ,
                              ORIENTATION_HALFLIFE, ORIENTATION_STIFFNESS, ORIENTATION_DAMPING,
                              ORIENTATION_MAX_SPEED};
        const float values[] = {w[0], w[1], w[2], halflife, g.stiffness, g.damping, cap};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; ++k) {
            if (f[fields[k]] != NULL) {
                f[fields[k]][i] = values[k];
            }
        }
        /* inertialize's incoming and offset angular velocities, drawn after the rest so the
         * other models' streams stay as they were */
        for (int c = 0; c < 3 && f[ORIENTATION_IWX] != NULL; ++c) {
            f[ORIENTATION_IWX + c][i] = tool_rng_range(&rng, -6, 6);
            f[ORIENTATION_OWX + c][i] = tool_rng_range(&rng, -6, 6);
        }
    }
}

/* Bytes a step moves: the fields the model reads, and again those it writes. */
static const probe_variant variants[] = {
    {"control", MOTE_ORIENTATION_CONTROL, (13 + 7) * sizeof(float)},
    {"spring", MOTE_ORIENTATION_SPRING, (12 + 7) * sizeof(float)},
    {"damper", MOTE_ORIENTATION_DAMPER, (9 + 4) * sizeof(float)},
    {"inertialize", MOTE_ORIENTATION_INERTIALIZE, (18 + 14) * sizeof(float)},
};

const mote_probe mote_probe_orientation = {
    .gate = "orientation",
    .record = &mote_orientation_pool_kind_record,
    PROBE_STANDARD_HOOKS,
    .field_order = field_order,
    .bench = "orientation",
    .bench_frame = bench_frame,
    .bench_each_variant = true,
    .bench_bytes = 0,
};

_Static_assert(sizeof variants / sizeof variants[0] == MOTE_ORIENTATION_KIND_COUNT,
               "one variant per orientation model");
