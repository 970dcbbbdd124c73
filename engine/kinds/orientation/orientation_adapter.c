/* The orientation pool behind the pool adapter: one adapter per orientation kind,
 * "orientation/<kind>". */
#include <string.h>

#include "mote/orientation_pool.h"
#include "pool_adapter.h"
#include "pool_adapter_generic.h"

static mote_status create(const pool_adapter *self, const pool_adapter_def *def, void **out) {
    mote_orientation_pool_def d = mote_default_orientation_pool_def();
    d.kind = (mote_orientation_kind)self->kind;
    d.capacity = def->capacity;
    d.max_count = def->max_count;
    d.backend = def->backend;
    mote_orientation_pool *pool = NULL;
    mote_status status = mote_orientation_pool_create(&d, &pool);
    *out = pool;
    return status;
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

static mote_orientation_desc desc_from_values(const float *values, size_t n) {
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

static mote_status add_random(const pool_adapter *self, void *pool, test_rng *rng, mote_id *id) {
    (void)self;
    /* every member drawn for every kind: the same number of draws per element */
    const float lo[DESC_VALUES] = {-1,   -1,   -1, -1, -5, -5, -5, -1, -1, -1, -1, 0.02f, 0.0f,
                                   0.0f, 0.0f, -5, -5, -5, -1, -1, -1, -1, -5, -5, -5};
    const float hi[DESC_VALUES] = {1,     1,     1, 1, 5, 5, 5, 1, 1, 1, 1, 1.5f, 400.0f,
                                   40.0f, 10.0f, 5, 5, 5, 1, 1, 1, 1, 5, 5, 5};
    float values[DESC_VALUES];
    for (size_t i = 0; i < DESC_VALUES; ++i) {
        values[i] = test_rng_range(rng, lo[i], hi[i]);
    }
    values[3] += 1.5f; /* never a zero orientation, target or offset */
    values[10] -= 1.5f;
    values[21] += 1.5f;
    mote_orientation_desc d = desc_from_values(values, DESC_VALUES);
    return mote_orientation_pool_add(pool, &d, id);
}

static mote_status add_values(const pool_adapter *self, void *pool, const float *values, size_t n,
                              mote_id *id) {
    (void)self;
    mote_orientation_desc d = desc_from_values(values, n);
    return mote_orientation_pool_add(pool, &d, id);
}

static mote_status set_values(const pool_adapter *self, void *pool, mote_id id, const float *values,
                              size_t n) {
    (void)self;
    mote_orientation_desc d = desc_from_values(values, n);
    return mote_orientation_pool_set(pool, id, &d);
}

/* The inertialize kind rewrites its output (orientation, angular_velocity) from the offset
 * and the incoming pose every step, so its persistent state, the offset, comes first: the
 * gates that write into the first fields (the golden hashes' NaN and infinity) then reach
 * state a step keeps. The same arrays as pool_generic_fields, in that order otherwise. */
static size_t inertialize_fields(void *pool, pool_field out[POOL_MAX_FIELDS]) {
    pool_field all[POOL_MAX_FIELDS];
    size_t n = pool_generic_fields(pool, all), k = 0;
    for (int pass = 0; pass < 2; ++pass) {
        for (size_t f = 0; f < n; ++f) {
            bool offset = strncmp(all[f].name, "offset", 6) == 0;
            if (offset == (pass == 0)) {
                out[k++] = all[f];
            }
        }
    }
    return k;
}

#define ORIENTATION_ADAPTER(kind_enum, kind_name)                                                  \
    {                                                                                              \
        .name = "orientation/" kind_name, .kind = kind_enum, .create = create,                     \
        .add_random = add_random, .add_values = add_values, .set_values = set_values,              \
        POOL_GENERIC_STEPS, POOL_GENERIC_CALLS,                                                    \
    }

static const pool_adapter orientation_adapters[] = {
    ORIENTATION_ADAPTER(MOTE_ORIENTATION_CONTROL, "control"),
    ORIENTATION_ADAPTER(MOTE_ORIENTATION_SPRING, "spring"),
    ORIENTATION_ADAPTER(MOTE_ORIENTATION_DAMPER, "damper"),
    {
        .name = "orientation/inertialize",
        .kind = MOTE_ORIENTATION_INERTIALIZE,
        .create = create,
        .add_random = add_random,
        .add_values = add_values,
        .set_values = set_values,
        POOL_GENERIC_STEPS,
        .destroy = pool_generic_destroy,
        .remove = pool_generic_remove,
        .contains = pool_generic_contains,
        .id_at = pool_generic_id_at,
        .count = pool_generic_count,
        .capacity = pool_generic_capacity,
        .reserve = pool_generic_reserve,
        .fields = inertialize_fields,
        .validate = pool_generic_validate,
        .set_backend = pool_generic_set_backend,
        .backend = pool_generic_backend,
        .step_table = pool_generic_step_table,
        .snapshot_size = pool_generic_snapshot_size,
        .save = pool_generic_save,
        .restore = pool_generic_restore,
    },
};

_Static_assert(sizeof orientation_adapters / sizeof orientation_adapters[0] ==
                   MOTE_ORIENTATION_KIND_COUNT,
               "one adapter per orientation kind");

const pool_family pool_family_orientation = {
    orientation_adapters, sizeof orientation_adapters / sizeof orientation_adapters[0]};
