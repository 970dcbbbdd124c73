/* The spring pool behind the pool adapter: one adapter per spring kind, "spring/<kind>". */
#include <string.h>

#include "mote/spring_pool.h"
#include "spring_fields.h"
#include "pool_adapter.h"
#include "pool_adapter_generic.h"

static mote_status create(const pool_adapter *self, const pool_adapter_def *def, void **out) {
    mote_spring_pool_def d = mote_default_spring_pool_def();
    d.kind = (mote_spring_kind)self->kind;
    d.capacity = def->capacity;
    d.max_count = def->max_count;
    d.backend = def->backend;
    mote_spring_pool *pool = NULL;
    mote_status status = mote_spring_pool_create(&d, &pool);
    *out = pool;
    return status;
}

/* desc members in declaration order, the order add_values takes them in */
static float *desc_member(mote_spring_desc *d, size_t i) {
    float *members[] = {&d->x,        &d->v,         &d->goal,    &d->xi,  &d->vi,
                        &d->halflife, &d->stiffness, &d->damping, &d->rate};
    return i < sizeof members / sizeof members[0] ? members[i] : NULL;
}

static mote_spring_desc desc_from_values(const float *values, size_t n) {
    mote_spring_desc d = mote_default_spring_desc();
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
    /* every field drawn for every kind: the same number of draws per element */
    const float lo[] = {-10.0f, -5.0f, -10.0f, -10.0f, -5.0f, 0.02f, 0.0f, 0.0f, 0.0f};
    const float hi[] = {10.0f, 5.0f, 10.0f, 10.0f, 5.0f, 1.5f, 40.0f, 12.0f, 20.0f};
    float values[9];
    for (size_t i = 0; i < 9; ++i) {
        values[i] = test_rng_range(rng, lo[i], hi[i]);
    }
    mote_spring_desc d = desc_from_values(values, 9);
    return mote_spring_pool_add(pool, &d, id);
}

static mote_status add_values(const pool_adapter *self, void *pool, const float *values, size_t n,
                              mote_id *id) {
    (void)self;
    mote_spring_desc d = desc_from_values(values, n);
    return mote_spring_pool_add(pool, &d, id);
}

static mote_status set_values(const pool_adapter *self, void *pool, mote_id id, const float *values,
                              size_t n) {
    (void)self;
    mote_spring_desc d = desc_from_values(values, n);
    return mote_spring_pool_set(pool, id, &d);
}

#define SPRING_ADAPTER(kind_enum, kind_name)                                                       \
    {                                                                                              \
        .name = "spring/" kind_name, .kind = kind_enum, .create = create,                          \
        .add_random = add_random, .add_values = add_values, .set_values = set_values,              \
        POOL_GENERIC_STEPS, POOL_GENERIC_CALLS,                                                    \
    }

static const pool_adapter spring_adapters[] = {
    SPRING_ADAPTER(MOTE_SPRING_DAMPER, "damper"),
    SPRING_ADAPTER(MOTE_SPRING_CRITICAL, "critical"),
    SPRING_ADAPTER(MOTE_SPRING_ANGLE, "angle"),
    SPRING_ADAPTER(MOTE_SPRING_DOUBLE_ANGLE, "double_angle"),
    SPRING_ADAPTER(MOTE_SPRING_DECAY, "decay"),
    SPRING_ADAPTER(MOTE_SPRING_SEMI_IMPLICIT, "semi_implicit"),
    SPRING_ADAPTER(MOTE_SPRING_EXP_RESPONSE, "exp_response"),
    SPRING_ADAPTER(MOTE_SPRING_DAMPED, "damped"),
    SPRING_ADAPTER(MOTE_SPRING_DOUBLE, "double"),
};

_Static_assert(sizeof spring_adapters / sizeof spring_adapters[0] == MOTE_SPRING_KIND_COUNT,
               "one adapter per spring kind");

const pool_family pool_family_spring = {spring_adapters,
                                        sizeof spring_adapters / sizeof spring_adapters[0]};
