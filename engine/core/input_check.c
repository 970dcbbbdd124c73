/* A step's check of the inputs written through the view (input_check.h). The fast path is one
 * pass per limit row over the range that only ORs "outside" flags together: no branch per
 * element, so the compiler vectorises it, and a pass reads each input array once. A vector's
 * length is judged by its squared length in float against the squared bounds (add's checks
 * compute the length in double: the two agree but within float's rounding at the bound), so a
 * NaN, an infinity or a component whose square overflows is outside too. Only when a pass
 * flags something does the slow path look for the element, to name it. */
#include "input_check.h"

#include <math.h>

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

static unsigned any_outside_1(const float *x, size_t n, float low, float high) {
    unsigned out = 0;
    for (size_t i = 0; i < n; ++i) {
        out |= outside(x[i], low, high);
    }
    return out;
}

static unsigned any_outside_2(const float *x, const float *y, size_t n, float low2, float high2) {
    unsigned out = 0;
    for (size_t i = 0; i < n; ++i) {
        const float a = x[i], b = y[i];
        out |= outside_square(a * a + b * b, low2, high2);
    }
    return out;
}

static unsigned any_outside_3(const float *x, const float *y, const float *z, size_t n, float low2,
                              float high2) {
    unsigned out = 0;
    for (size_t i = 0; i < n; ++i) {
        const float a = x[i], b = y[i], c = z[i];
        out |= outside_square(a * a + b * b + c * c, low2, high2);
    }
    return out;
}

static unsigned any_outside_4(const float *x, const float *y, const float *z, const float *w,
                              size_t n, float low2, float high2) {
    unsigned out = 0;
    for (size_t i = 0; i < n; ++i) {
        const float a = x[i], b = y[i], c = z[i], d = w[i];
        out |= outside_square(a * a + b * b + c * c + d * d, low2, high2);
    }
    return out;
}

/* The squared length of a limit's vector at element i, in the same order as the passes. */
static float square_at(float *const *p, int components, size_t i) {
    float square = p[0][i] * p[0][i];
    for (int c = 1; c < components; ++c) {
        square += p[c][i] * p[c][i];
    }
    return square;
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

/* Whether any element of [begin, end) lies outside the limit (the fast pass). */
static bool limit_outside(float *const *p, const mote_input_limit *limit, size_t begin,
                          size_t end) {
    const size_t n = end - begin;
    const float low2 = limit->low * limit->low;
    const float high2 = limit->high * limit->high;
    switch (limit->components) {
    case 1:
        return any_outside_1(p[0] + begin, n, limit->low, limit->high) != 0;
    case 2:
        return any_outside_2(p[0] + begin, p[1] + begin, n, low2, high2) != 0;
    case 3:
        return any_outside_3(p[0] + begin, p[1] + begin, p[2] + begin, n, low2, high2) != 0;
    default:
        return any_outside_4(p[0] + begin, p[1] + begin, p[2] + begin, p[3] + begin, n, low2,
                             high2) != 0;
    }
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

/* Whether element i lies outside the limit: the fast pass's test, one element. */
static bool element_outside(float *const *p, const mote_input_limit *limit, size_t i) {
    if (limit->components == 1) {
        return outside(p[0][i], limit->low, limit->high) != 0;
    }
    return outside_square(square_at(p, limit->components, i), limit->low * limit->low,
                          limit->high * limit->high) != 0;
}

/* The slow path, after a pass flagged the range: the lowest element outside a limit, and of its
 * limits a NaN or infinity before a value out of range. */
static mote_status refuse_first(const mote_pool *pool, size_t begin, size_t end) {
    const mote_pool_kind *kind = pool->kind;
    for (size_t i = begin; i < end; ++i) {
        for (int pass = 0; pass < 2; ++pass) {
            for (int k = 0; k < kind->input_limit_count; ++k) {
                const mote_input_limit *limit = &kind->input_limits[k];
                float *p[4] = {NULL, NULL, NULL, NULL};
                if (!limit_arrays(pool, limit, p) || !element_outside(p, limit, i)) {
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
            refused = refused || limit_outside(p, limit, begin, end);
        }
    }
    return refused ? refuse_first(pool, begin, end) : MOTE_OK;
}
