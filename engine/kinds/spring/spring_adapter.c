/* The spring pool behind the pool adapter: one adapter per spring kind, "spring/<kind>". The
 * kinds added after the registry had grown past the spring family (inertialize) are a second
 * family at the registry's end, so no older adapter's index (a fuzz seed's first byte) moves. */
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
    float *members[] = {&d->x,    &d->v,          &d->goal,      &d->xi,
                        &d->vi,   &d->halflife,   &d->stiffness, &d->damping,
                        &d->rate, &d->incoming_v, &d->offset_x,  &d->offset_v};
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
    /* the first nine fields drawn for every kind: the same number of draws per element (the
     * inertialize kind's three more after them, so the older kinds' draws stay as they were) */
    const float lo[] = {-10.0f, -5.0f, -10.0f, -10.0f, -5.0f, 0.02f,
                        0.0f,   0.0f,  0.0f,   -5.0f,  -4.0f, -8.0f};
    const float hi[] = {10.0f, 5.0f,  10.0f, 10.0f, 5.0f, 1.5f,
                        40.0f, 12.0f, 20.0f, 5.0f,  4.0f, 8.0f};
    const size_t n = self->kind == MOTE_SPRING_INERTIALIZE ? 12 : 9;
    float values[12];
    for (size_t i = 0; i < n; ++i) {
        values[i] = test_rng_range(rng, lo[i], hi[i]);
    }
    mote_spring_desc d = desc_from_values(values, n);
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

/* Inertialize's arrays with its output (x, v: written by every step, never read) last, so the
 * gates' writes by field index (the golden scenario's NaN in field 0) land in fields a step
 * reads and carries on, as they do for every other kind. */
static size_t inertialize_fields(void *pool, pool_field out[POOL_MAX_FIELDS]) {
    pool_field all[POOL_MAX_FIELDS];
    const size_t n = pool_generic_fields(pool, all);
    size_t k = 0;
    for (int output = 0; output < 2; ++output) {
        for (size_t f = 0; f < n; ++f) {
            const bool is_output = strcmp(all[f].name, "x") == 0 || strcmp(all[f].name, "v") == 0;
            if (is_output == (output == 1)) {
                out[k++] = all[f];
            }
        }
    }
    return k;
}

static const pool_adapter later_spring_adapters[] = {
    {
        .name = "spring/inertialize",
        .kind = MOTE_SPRING_INERTIALIZE,
        .create = create,
        .add_random = add_random,
        .add_values = add_values,
        .set_values = set_values,
        POOL_GENERIC_STEPS,
        .step_table = pool_generic_step_table,
        /* POOL_GENERIC_CALLS but fields */
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
        .snapshot_size = pool_generic_snapshot_size,
        .save = pool_generic_save,
        .restore = pool_generic_restore,
    },
};

_Static_assert(sizeof spring_adapters / sizeof spring_adapters[0] +
                       sizeof later_spring_adapters / sizeof later_spring_adapters[0] ==
                   MOTE_SPRING_KIND_COUNT,
               "one adapter per spring kind");

const pool_family pool_family_spring = {spring_adapters,
                                        sizeof spring_adapters / sizeof spring_adapters[0]};
const pool_family pool_family_spring_later = {
    later_spring_adapters, sizeof later_spring_adapters / sizeof later_spring_adapters[0]};
