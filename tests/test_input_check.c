/* The fast pass of a step's input check (engine/core/input_check.h): what
 * mote_inputs_outside_scalar promises (a value within [low, high] is inside, the bounds
 * included; a NaN, an infinity or a value past a bound is outside; a vector is judged by its
 * squared length against the squared bounds), and every runnable variant's inputs_outside
 * (kernel_table.h) giving the scalar pass's answer at every length up to four vectors of the
 * widest variant and with the bad value in every position, the last partial vector included. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "input_check.h"
#include "kernel_table.h"

enum { MAX_N = 4 * 16 + 3, MAX_COMPONENTS = 4 };

/* Zero lies outside (below low), so a pass that padded a partial vector with zeros would say so. */
static const float low = 0.25f, high = 3.0f;

/* A bad value of each sort, and two good ones at the bounds: what goes into one element. */
typedef struct probe_value {
    float value;
    bool outside; /* for one component against [low, high] */
} probe_value;

static const probe_value values[] = {
    {NAN, true},
    {INFINITY, true},
    {-INFINITY, true},
    {3.0f, false},
    {0.25f, false},
    {0x1.800002p1f, true},  /* the float after high */
    {0x1.fffffep-3f, true}, /* the float before low */
    {-0.5f, true},
};

/* Arrays of n elements of up to four components, all inside (0.5 each: within [low, high], and a
 * squared length of 0.25 per component, within the squared bounds), ready for one value to be
 * written in. */
typedef struct arrays {
    float data[MAX_COMPONENTS][MAX_N];
    const float *p[MAX_COMPONENTS];
} arrays;

static void fill_inside(arrays *a) {
    for (int c = 0; c < MAX_COMPONENTS; ++c) {
        for (size_t i = 0; i < MAX_N; ++i) {
            a->data[c][i] = 0.5f;
        }
        a->p[c] = a->data[c];
    }
}

static void test_scalar_pass_judges_values_and_bounds(void **state) {
    (void)state;
    arrays a;
    for (size_t v = 0; v < sizeof values / sizeof values[0]; ++v) {
        fill_inside(&a);
        a.data[0][5] = values[v].value;
        assert_int_equal(mote_inputs_outside_scalar(a.p, 1, 9, low, high), values[v].outside);
        /* outside the n elements looked at, nothing is judged */
        assert_false(mote_inputs_outside_scalar(a.p, 1, 5, low, high));
    }
    fill_inside(&a);
    assert_false(mote_inputs_outside_scalar(a.p, 1, 0, low, high));
    /* a vector: its squared length against the squared bounds [0.25, 9] (each element 0.5 per
     * component: 0.5 for two components, 0.75 for three, inside) */
    a.data[0][2] = 2.0f;
    a.data[1][2] = 2.0f; /* squared length 8: inside */
    assert_false(mote_inputs_outside_scalar(a.p, 2, 4, 0.25f, 9.0f));
    a.data[2][2] = 1.5f; /* 10.25: outside */
    assert_true(mote_inputs_outside_scalar(a.p, 3, 4, 0.25f, 9.0f));
    fill_inside(&a);
    a.data[0][3] = 0.25f;
    a.data[1][3] = 0.25f; /* 0.125 < 0.25: outside */
    assert_true(mote_inputs_outside_scalar(a.p, 2, 4, 0.25f, 9.0f));
    fill_inside(&a);
    a.data[3][1] = 1e30f; /* a square that overflows to infinity: outside */
    assert_true(mote_inputs_outside_scalar(a.p, 4, 2, 0.0f, 9.0f));
}

/* The bounds the pass is given for a component count: [low, high], or for a vector their
 * squares. */
static float low_for(int components) {
    return components == 1 ? low : low * low;
}
static float high_for(int components) {
    return components == 1 ? high : high * high;
}

static void test_every_variant_gives_the_scalar_answer(void **state) {
    (void)state;
    size_t count = 0;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    size_t checked = 0;
    for (size_t t = 0; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        const mote_outside_fn wide = tables[t]->inputs_outside;
        for (int components = 1; components <= MAX_COMPONENTS; ++components) {
            for (size_t n = 0; n <= MAX_N; ++n) {
                arrays a;
                fill_inside(&a);
                assert_false(wide(a.p, components, n, low_for(components), high_for(components)));
                for (size_t at = 0; at < n; ++at) {
                    for (size_t v = 0; v < sizeof values / sizeof values[0]; ++v) {
                        const int c = (int)((at + v) % (size_t)components);
                        fill_inside(&a);
                        a.data[c][at] = values[v].value;
                        const bool scalar = mote_inputs_outside_scalar(
                            a.p, components, n, low_for(components), high_for(components));
                        const bool got =
                            wide(a.p, components, n, low_for(components), high_for(components));
                        if (got != scalar) {
                            fail_msg("%s: %d components, n %zu, element %zu = %g: %d, scalar %d",
                                     tables[t]->name, components, n, at, (double)values[v].value,
                                     got, scalar);
                        }
                        ++checked;
                    }
                }
            }
        }
    }
    assert_true(checked > 0);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_scalar_pass_judges_values_and_bounds),
               cmocka_unit_test(test_every_variant_gives_the_scalar_answer))
