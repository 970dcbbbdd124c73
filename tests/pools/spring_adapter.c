/* The spring pool behind the pool adapter: one adapter per spring kind, "spring/<kind>". */
#include <string.h>

#include "mote/spring_pool.h"
#include "spring_fields.h"
#include "pool_adapter.h"

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

static void destroy(void *pool) {
    mote_spring_pool_destroy(pool);
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

static mote_status remove_element(void *pool, mote_id id) {
    return mote_spring_pool_remove(pool, id);
}

static bool contains(const void *pool, mote_id id) {
    return mote_spring_pool_contains(pool, id);
}

static mote_id id_at(const void *pool, size_t index) {
    return mote_spring_pool_id_at(pool, index);
}

static size_t count(const void *pool) {
    return mote_spring_pool_count(pool);
}

static size_t capacity(const void *pool) {
    return mote_spring_pool_capacity(pool);
}

static mote_status reserve(void *pool, size_t n) {
    return mote_spring_pool_reserve(pool, n);
}

static size_t fields(void *pool, pool_field out[POOL_MAX_FIELDS]) {
    mote_spring_view v = mote_spring_pool_view(pool);
    const pool_field all[] = {
        {"x", v.x, true},
        {"v", v.v, true},
        {"goal", v.goal, true},
        {"xi", v.xi, true},
        {"vi", v.vi, true},
        {"stiffness", v.stiffness, true},
        {"damping", v.damping, true},
        {"rate", v.rate, true},
    };
    size_t n = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
        if (all[i].data != NULL) {
            out[n++] = all[i];
        }
    }
    return n;
}

static mote_status step(void *pool, float dt) {
    return mote_spring_pool_step(pool, dt);
}

static mote_status step_range(void *pool, size_t begin, size_t end, float dt) {
    return mote_spring_pool_step_range(pool, begin, end, dt);
}

static mote_status validate(const void *pool, mote_validation *out) {
    return mote_spring_pool_validate(pool, out);
}

static mote_status set_backend(void *pool, mote_backend backend) {
    return mote_spring_pool_set_backend(pool, backend);
}

static mote_backend backend(const void *pool) {
    return mote_spring_pool_backend(pool);
}

static size_t snapshot_size(const void *pool) {
    return mote_spring_pool_snapshot_size(pool);
}

static mote_status save(const void *pool, void *buffer, size_t size, size_t *out_written) {
    return mote_spring_pool_save(pool, buffer, size, out_written);
}

static mote_status restore(void *pool, const void *buffer, size_t size) {
    return mote_spring_pool_restore(pool, buffer, size);
}

static void step_table(const pool_adapter *self, void *pool, const mote_kernel_table *table,
                       float dt) {
    mote_spring_view view = mote_spring_pool_view(pool);
    mote_spring_run_table(table, self->kind, &view, 0, view.count, dt);
}

#define SPRING_ADAPTER(kind_enum, kind_name)                                                       \
    {                                                                                              \
        .name = "spring/" kind_name, .kind = kind_enum, .create = create, .destroy = destroy,      \
        .add_random = add_random, .add_values = add_values, .set_values = set_values,              \
        .remove = remove_element, .contains = contains, .id_at = id_at, .count = count,            \
        .capacity = capacity, .reserve = reserve, .fields = fields, .step = step,                  \
        .step_range = step_range, .validate = validate, .set_backend = set_backend,                \
        .backend = backend, .step_table = step_table, .snapshot_size = snapshot_size,              \
        .save = save, .restore = restore,                                                          \
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
