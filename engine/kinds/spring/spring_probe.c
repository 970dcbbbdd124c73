/* The spring kind's probe (probe.h): one variant per spring model, "spring/<model>". The
 * models added after the gates had grown past the spring kind (inertialize) are its later
 * variants, gated after every kind's, so no older adapter's index (a fuzz seed's first byte)
 * moves. */
#include <string.h>

#include "mote/spring_pool.h"
#include "probe.h"
#include "spring_fields.h"

static mote_status create(const probe_variant *variant, const probe_def *def, void **out) {
    mote_spring_pool_def d = mote_default_spring_pool_def();
    d.kind = (mote_spring_kind)variant->model;
    d.capacity = def->capacity;
    d.max_count = def->max_count;
    d.backend = def->backend;
    return mote_spring_pool_create(&d, (mote_spring_pool **)out);
}

/* desc members in declaration order, the order desc_from_values takes them in */
static float *desc_member(mote_spring_desc *d, size_t i) {
    float *members[] = {&d->x,    &d->v,          &d->goal,      &d->xi,
                        &d->vi,   &d->halflife,   &d->stiffness, &d->damping,
                        &d->rate, &d->incoming_v, &d->offset_x,  &d->offset_v};
    return i < sizeof members / sizeof members[0] ? members[i] : NULL;
}

static void desc_from_values(const probe_variant *variant, const void *pool, const float *values,
                             size_t n, void *desc) {
    (void)variant;
    (void)pool;
    mote_spring_desc *d = desc;
    *d = mote_default_spring_desc();
    for (size_t i = 0; i < n; ++i) {
        float *member = desc_member(d, i);
        if (member == NULL) {
            break;
        }
        *member = values[i];
    }
}

static mote_status random_desc(const probe_variant *variant, const void *pool, tool_rng *rng,
                               void *desc) {
    /* the first nine fields drawn for every model: the same number of draws per element (the
     * inertialize model's three more after them, so the older models' draws stay as they
     * were) */
    const float lo[] = {-10.0f, -5.0f, -10.0f, -10.0f, -5.0f, 0.02f,
                        0.0f,   0.0f,  0.0f,   -5.0f,  -4.0f, -8.0f};
    const float hi[] = {10.0f, 5.0f,  10.0f, 10.0f, 5.0f, 1.5f,
                        40.0f, 12.0f, 20.0f, 5.0f,  4.0f, 8.0f};
    const size_t n = variant->model == MOTE_SPRING_INERTIALIZE ? 12 : 9;
    float values[12];
    for (size_t i = 0; i < n; ++i) {
        values[i] = tool_rng_range(rng, lo[i], hi[i]);
    }
    desc_from_values(variant, pool, values, n, desc);
    return MOTE_OK;
}

/* Inertialize's arrays with its output (x, v: written by every step, never read) last, so the
 * gates' writes by field index (the golden scenario's NaN in field 0) land in fields a step
 * reads and carries on, as they do for every other model. */
static size_t field_order(const void *pool, int order[MOTE_MAX_FIELDS]) {
    const mote_pool_kind *kind = ((const mote_pool *)pool)->kind;
    const bool inertialize =
        mote_kind_kernel(kind, (const mote_pool *)pool) == MOTE_KERNEL_spring_inertialize;
    size_t k = 0;
    for (int output = 0; output < 2; ++output) {
        for (int f = 0; f < kind->field_count; ++f) {
            const bool is_output = inertialize && (f == SPRING_FIELD_X || f == SPRING_FIELD_V);
            if (is_output == (output == 1)) {
                order[k++] = f;
            }
        }
    }
    return k;
}

static const probe_variant variants[] = {
    {"damper", MOTE_SPRING_DAMPER, 0},
    {"critical", MOTE_SPRING_CRITICAL, 0},
    {"angle", MOTE_SPRING_ANGLE, 0},
    {"double_angle", MOTE_SPRING_DOUBLE_ANGLE, 0},
    {"decay", MOTE_SPRING_DECAY, 0},
    {"semi_implicit", MOTE_SPRING_SEMI_IMPLICIT, 0},
    {"exp_response", MOTE_SPRING_EXP_RESPONSE, 0},
    {"damped", MOTE_SPRING_DAMPED, 0},
    {"double", MOTE_SPRING_DOUBLE, 0},
    {"inertialize", MOTE_SPRING_INERTIALIZE, 0},
};

_Static_assert(sizeof variants / sizeof variants[0] == MOTE_SPRING_KIND_COUNT,
               "one variant per spring model");

const mote_probe mote_probe_spring = {
    .gate = "spring",
    .record = &mote_spring_pool_kind_record,
    .variant_count = sizeof variants / sizeof variants[0],
    .variants = variants,
    .later_variants = 1,
    .main_variant = MOTE_SPRING_CRITICAL, /* the default def's model */
    .create = create,
    .random_desc = random_desc,
    .desc_from_values = desc_from_values,
    .field_order = field_order,
    /* no pool benchmarks: the spring benchmarks, baselines beside them, are bench_cases.c's */
    .bench = NULL,
};
