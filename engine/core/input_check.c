/* A step's check of the inputs written through the view (input_check.h). The fast path is one
 * pass per limit row over the range on the pool's backend (its variant's inputs_outside, a
 * vector of elements per comparison; mote_inputs_outside_scalar on the scalar backend), which
 * reads each input array once. A vector's length is judged by its squared length in float
 * against the squared bounds (add's checks compute the length in double: the two agree but
 * within float's rounding at the bound), so a NaN, an infinity or a component whose square
 * overflows is outside too. Only when a pass
 * flags something does the slow path look for the element, to name it. */
#include "input_check.h"

#include <math.h>

#include "kernel_table.h"
#include "pool.h"
#include "refuse.h"

/* 1 where x lies outside [low, high]: a NaN or an infinity does (the comparisons are false). */
static inline unsigned outside(float x, float low, float high) {
    return (unsigned)!(x >= low) | (unsigned)!(x <= high);
}

/* 1 where the squared length lies outside [low2, high2]. */
static inline unsigned outside_square(float square, float low2, float high2) {
    return (unsigned)!(square >= low2) | (unsigned)!(square <= high2);
}

/* The squared length of a limit's vector at element i, in the same order as the passes. */
static float square_at(const float *const *p, int components, size_t i) {
    float square = p[0][i] * p[0][i];
    for (int c = 1; c < components; ++c) {
        square += p[c][i] * p[c][i];
    }
    return square;
}

bool mote_inputs_outside_scalar(const float *const *p, int components, size_t n, float low,
                                float high) {
    unsigned out = 0; /* flags ORed, no branch per element */
    for (size_t i = 0; i < n; ++i) {
        out |= components == 1 ? outside(p[0][i], low, high)
                               : outside_square(square_at(p, components, i), low, high);
    }
    return out != 0;
}

/* The same in double, for a refusal's detail (no overflow). */
static double length_at(float *const *p, int components, size_t i) {
    double square = 0.0;
    for (int c = 0; c < components; ++c) {
        square += (double)p[c][i] * p[c][i];
    }
    return sqrt(square);
}

/* A limit row's arrays (p[0..components)), or false when the pool does not store them. */
static bool limit_arrays(const mote_pool *pool, const mote_input_limit *limit, float **p) {
    for (int c = 0; c < limit->components; ++c) {
        p[c] = pool->core.fields.field[limit->field + c];
        if (p[c] == NULL) {
            return false;
        }
    }
    return true;
}

/* Whether any element of [begin, end) lies outside the limit: the fast pass, on the pool's
 * backend. */
static bool limit_outside(const mote_pool *pool, float *const *p, const mote_input_limit *limit,
                          size_t begin, size_t end) {
    const mote_kernel_table *table = mote_kernel_table_for(pool->backend);
    const float *from[4] = {NULL, NULL, NULL, NULL};
    for (int c = 0; c < limit->components; ++c) {
        from[c] = p[c] + begin;
    }
    if (limit->components == 1) {
        return table->inputs_outside(from, 1, end - begin, limit->low, limit->high);
    }
    return table->inputs_outside(from, limit->components, end - begin, limit->low * limit->low,
                                 limit->high * limit->high);
}

/* The refusal of element i of a limit's vector or value, known to lie outside it. */
static mote_status refuse_element(const mote_pool *pool, const mote_input_limit *limit,
                                  float *const *p, size_t i) {
    const mote_field_info *fields = pool->kind->fields;
    for (int c = 0; c < limit->components; ++c) { /* a NaN or infinity first, as add does */
        if (!isfinite(p[c][i])) {
            return mote_refuse(MOTE_ERROR_NON_FINITE, "view.%s[%zu]: must be finite (got %g)",
                               fields[limit->field + c].name, i, (double)p[c][i]);
        }
    }
    if (limit->components == 1) {
        return mote_refuse(
            MOTE_ERROR_INVALID_ARGUMENT, "view.%s[%zu]: must be within [%g, %g] (got %g)",
            fields[limit->field].name, i, (double)limit->low, (double)limit->high, (double)p[0][i]);
    }
    const char *name = limit->name != NULL ? limit->name : fields[limit->field].name;
    return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                       "view.%s[%zu]: its length must be within [%g, %g] (got %g)", name, i,
                       (double)limit->low, (double)limit->high, length_at(p, limit->components, i));
}

/* The slow path, after a pass flagged the range: the lowest element outside a limit (by the
 * pass itself, one element at a time, so it finds what the pass flagged), and of its
 * limits a NaN or infinity before a value out of range. */
static mote_status refuse_first(const mote_pool *pool, size_t begin, size_t end) {
    const mote_pool_kind *kind = pool->kind;
    for (size_t i = begin; i < end; ++i) {
        for (int pass = 0; pass < 2; ++pass) {
            for (int k = 0; k < kind->input_limit_count; ++k) {
                const mote_input_limit *limit = &kind->input_limits[k];
                float *p[4] = {NULL, NULL, NULL, NULL};
                if (!limit_arrays(pool, limit, p) || !limit_outside(pool, p, limit, i, i + 1)) {
                    continue;
                }
                bool finite = true;
                for (int c = 0; c < limit->components; ++c) {
                    finite = finite && isfinite(p[c][i]);
                }
                if (pass == 1 || !finite) {
                    return refuse_element(pool, limit, p, i);
                }
            }
        }
    }
    return MOTE_OK; /* not reached: a pass found an element outside */
}

mote_status mote_input_check(const mote_pool *pool, size_t begin, size_t end) {
    const mote_pool_kind *kind = pool->kind;
    bool refused = false;
    for (int k = 0; k < kind->input_limit_count; ++k) {
        const mote_input_limit *limit = &kind->input_limits[k];
        float *p[4] = {NULL, NULL, NULL, NULL};
        if (limit_arrays(pool, limit, p)) {
            refused = refused || limit_outside(pool, p, limit, begin, end);
        }
    }
    return refused ? refuse_first(pool, begin, end) : MOTE_OK;
}
