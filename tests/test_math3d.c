/* The 3D math (mote/math3d.h): closed-form values (rotations by known angles, the shortest
 * arc between axis pairs, the parallel and antiparallel cases, the zero vector, the
 * exponential and logarithmic maps) and each function's stated bound against the same
 * formula in double precision over seeded random inputs. Then its wide versions
 * (simd/wide/wide_math3d.h) on every runnable variant, through the math table, against the
 * scalar functions: the same bits, or within the bound stated where sincos or atan2 replace
 * libm; and every wide variant bit-identical to every other. Every bound asserted here is the
 * one the function's comment states; the worst case seen is printed beside it. */
#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include "kernel_table.h"
#include "mote/math3d.h"
#include "test_support.h"
#include "test_double.h"

#define U          0x1p-24 /* the unit roundoff of float */
#define PI         3.14159265358979323846
#define RANDOM_RUN 200000

/* ----------------------------------------------------------------------------------------
 * Inputs and double-precision references */

/* The rotation matrix of q / |q|, row-major. */
static void dq_mat3(dquat q, double m[9]) {
    double n = dq_len(q);
    double x = q.x / n, y = q.y / n, z = q.z / n, w = q.w / n;
    m[0] = 1 - 2 * (y * y + z * z);
    m[1] = 2 * (x * y - w * z);
    m[2] = 2 * (x * z + w * y);
    m[3] = 2 * (x * y + w * z);
    m[4] = 1 - 2 * (x * x + z * z);
    m[5] = 2 * (y * z - w * x);
    m[6] = 2 * (x * z - w * y);
    m[7] = 2 * (y * z + w * x);
    m[8] = 1 - 2 * (x * x + y * y);
}

/* v rotated by q / |q|. */
static dvec dq_rotate(dquat q, dvec v) {
    double m[9];
    dq_mat3(q, m);
    dvec r = {m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
              m[6] * v.x + m[7] * v.y + m[8] * v.z};
    return r;
}

static double maxd(double a, double b) {
    return a > b ? a : b;
}

/* A float in [-1, 1) times 10^e, e uniform in [lo, hi]. */
static float scaled(test_rng *rng, float lo, float hi) {
    return test_rng_range(rng, -1.0f, 1.0f) * powf(10.0f, test_rng_range(rng, lo, hi));
}

static mote_vec3 rvec(test_rng *rng) {
    float e = test_rng_range(rng, -3.0f, 3.0f); /* one scale per vector, components mixed */
    mote_vec3 v = {scaled(rng, e - 2.0f, e), scaled(rng, e - 2.0f, e), scaled(rng, e - 2.0f, e)};
    return v;
}

/* A unit vector: uniform direction, rounded from double. */
static mote_vec3 rdir(test_rng *rng) {
    dvec v;
    double n;
    do {
        v = (dvec){test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1),
                   test_rng_range(rng, -1, 1)};
        n = dv_len(v);
    } while (n < 0.1 || n > 1.0);
    mote_vec3 r = {(float)(v.x / n), (float)(v.y / n), (float)(v.z / n)};
    return r;
}

/* A unit quaternion, rounded from double. */
static mote_quat rquat(test_rng *rng) {
    dquat q;
    double n;
    do {
        q = (dquat){test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1),
                    test_rng_range(rng, -1, 1), test_rng_range(rng, -1, 1)};
        n = dq_len(q);
    } while (n < 0.1 || n > 1.0);
    mote_quat r = {(float)(q.x / n), (float)(q.y / n), (float)(q.z / n), (float)(q.w / n)};
    return r;
}

static void assert_vec3_eq(mote_vec3 a, float x, float y, float z) {
    if (!(a.x == x && a.y == y && a.z == z)) {
        fail_msg("{%.9g, %.9g, %.9g} != {%.9g, %.9g, %.9g}", a.x, a.y, a.z, x, y, z);
    }
}

static void assert_vec3_near(mote_vec3 a, dvec want, double tol) {
    if (!(fabs(a.x - want.x) <= tol && fabs(a.y - want.y) <= tol && fabs(a.z - want.z) <= tol)) {
        fail_msg("{%.9g, %.9g, %.9g} not within %g of {%.9g, %.9g, %.9g}", a.x, a.y, a.z, tol,
                 want.x, want.y, want.z);
    }
}

static void assert_quat_near(mote_quat a, dquat want, double tol) {
    if (!(fabs(a.x - want.x) <= tol && fabs(a.y - want.y) <= tol && fabs(a.z - want.z) <= tol &&
          fabs(a.w - want.w) <= tol)) {
        fail_msg("{%.9g, %.9g, %.9g, %.9g} not within %g of {%.9g, %.9g, %.9g, %.9g}", a.x, a.y,
                 a.z, a.w, tol, want.x, want.y, want.z, want.w);
    }
}

/* The worst ratio error / bound seen by a check, printed at the end of a test. */
typedef struct worst {
    const char *name;
    double ratio;
} worst;

static void observe(worst *w, double error, double bound, const char *what, double input) {
    double r = error / bound;
    if (!(r <= 1.0)) {
        fail_msg("%s: %s error %.3g > bound %.3g (input %.9g)", w->name, what, error, bound, input);
    }
    w->ratio = maxd(w->ratio, r);
}

static void report(const worst *w) {
    printf("# %-28s worst %.3f of its bound\n", w->name, w->ratio);
}

/* ----------------------------------------------------------------------------------------
 * Closed forms */

static void test_vec3_closed_form(void **unused) {
    (void)unused;
    mote_vec3 x = {1, 0, 0}, y = {0, 1, 0}, z = {0, 0, 1};
    assert_vec3_eq(mote_vec3_cross(x, y), 0, 0, 1);
    assert_vec3_eq(mote_vec3_cross(y, z), 1, 0, 0);
    assert_vec3_eq(mote_vec3_cross(z, x), 0, 1, 0);
    assert_vec3_eq(mote_vec3_cross(y, x), 0, 0, -1);
    mote_vec3 a = {1.5f, -2.0f, 4.0f}, b = {0.5f, 3.0f, -1.0f};
    assert_vec3_eq(mote_vec3_add(a, b), 2.0f, 1.0f, 3.0f);
    assert_vec3_eq(mote_vec3_sub(a, b), 1.0f, -5.0f, 5.0f);
    assert_vec3_eq(mote_vec3_scale(a, -2.0f), -3.0f, 4.0f, -8.0f);
    assert_true(mote_vec3_dot(a, b) == 0.75f - 6.0f - 4.0f);
    assert_vec3_eq(mote_vec3_cross(a, b), 2.0f - 12.0f, 2.0f + 1.5f, 4.5f + 1.0f);
    assert_true(mote_vec3_length((mote_vec3){3, 4, 12}) == 13.0f);
    assert_true(mote_vec3_length((mote_vec3){-3e18f, 4e18f, 0}) == 5e18f);
    mote_vec3 n = mote_vec3_normalize((mote_vec3){3, 0, -4});
    assert_true(test_ulp_distance(n.x, 0.6f) <= 4 && n.y == 0.0f &&
                test_ulp_distance(n.z, -0.8f) <= 4);
    assert_vec3_eq(mote_vec3_normalize((mote_vec3){0, 0, 0x1p-60f}), 0, 0, 1);

    /* the zero vector, and vectors whose length rounds to zero, normalise to zero */
    assert_vec3_eq(mote_vec3_normalize((mote_vec3){0, 0, 0}), 0, 0, 0);
    assert_vec3_eq(mote_vec3_normalize((mote_vec3){-0.0f, 0, -0.0f}), 0, 0, 0);
    assert_vec3_eq(mote_vec3_normalize((mote_vec3){1e-30f, -1e-30f, 2e-39f}), 0, 0, 0);
    mote_vec3 inf = mote_vec3_normalize((mote_vec3){INFINITY, 1, 0});
    assert_true(isnan(inf.x) && inf.y == 0 && inf.z == 0);

    /* lerp: a at t = 0, b at t = 1 when exact, the midpoint */
    assert_vec3_eq(mote_vec3_lerp(a, b, 0.0f), a.x, a.y, a.z);
    assert_vec3_eq(mote_vec3_lerp(a, b, 1.0f), b.x, b.y, b.z);
    assert_vec3_eq(mote_vec3_lerp(a, b, 0.5f), 1.0f, 0.5f, 1.5f);

    /* m v with a permutation matrix */
    const float m[9] = {0, 1, 0, 0, 0, 1, 1, 0, 0};
    assert_vec3_eq(mote_mat3_mul_vec3(m, a), -2.0f, 4.0f, 1.5f);
}

static void test_quat_closed_form(void **unused) {
    (void)unused;
    const double r = sqrt(0.5);
    const double tol = 4 * U; /* a few roundings of values below 1 */
    mote_vec3 x = {1, 0, 0}, y = {0, 1, 0}, z = {0, 0, 1};
    mote_quat id = mote_quat_identity();
    float m[9];
    mote_quat_to_mat3(id, m);
    const float eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    assert_memory_equal(m, eye, sizeof m);

    /* a quarter turn about z takes x to y and y to -x */
    mote_quat qz = mote_quat_axis_angle(z, (float)(PI / 2));
    assert_quat_near(qz, (dquat){0, 0, r, r}, tol);
    assert_vec3_near(mote_quat_rotate(qz, x), (dvec){0, 1, 0}, tol);
    assert_vec3_near(mote_quat_rotate(qz, y), (dvec){-1, 0, 0}, tol);
    /* two quarter turns are a half turn; the conjugate undoes it */
    assert_quat_near(mote_quat_mul(qz, qz), (dquat){0, 0, 1, 0}, tol);
    assert_quat_near(mote_quat_mul(mote_quat_conjugate(qz), qz), (dquat){0, 0, 0, 1}, tol);
    mote_quat c = mote_quat_conjugate((mote_quat){1, -2, 0, 3});
    assert_true(c.x == -1 && c.y == 2 && c.z == 0 && signbit(c.z) && c.w == 3);
    /* b first, then a: y turns about x to z, which z keeps; about z first, y goes to -x,
     * which x keeps */
    mote_quat qx = mote_quat_axis_angle(x, (float)(PI / 2));
    assert_vec3_near(mote_quat_rotate(mote_quat_mul(qz, qx), y), (dvec){0, 0, 1}, tol);
    assert_vec3_near(mote_quat_rotate(mote_quat_mul(qx, qz), y), (dvec){-1, 0, 0}, tol);
    /* a third of a turn about the diagonal cycles the axes */
    const float d = (float)(1 / sqrt(3.0));
    mote_quat third = mote_quat_axis_angle((mote_vec3){d, d, d}, (float)(2 * PI / 3));
    assert_vec3_near(mote_quat_rotate(third, x), (dvec){0, 1, 0}, tol);
    assert_vec3_near(mote_quat_rotate(third, y), (dvec){0, 0, 1}, tol);
    assert_vec3_near(mote_quat_rotate(third, z), (dvec){1, 0, 0}, tol);
    /* dot: the cosine of half the angle between two rotations */
    assert_true(fabs(mote_quat_dot(id, qz) - r) <= tol);
    assert_true(fabs(mote_quat_dot(qz, qz) - 1) <= tol);
    mote_quat n = mote_quat_normalize((mote_quat){0, 3, 0, -4});
    assert_true(n.x == 0 && test_ulp_distance(n.y, 0.6f) <= 5 &&
                test_ulp_distance(n.w, -0.8f) <= 5);
}

/* The six axes: from each to each, the quarter turns about the third axis, identity when the
 * same, a half turn about a perpendicular when opposite. */
static void test_from_unit_vectors_axes(void **unused) {
    (void)unused;
    const double r = sqrt(0.5);
    const mote_vec3 axes[6] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}};
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 6; ++j) {
            mote_vec3 a = axes[i], b = axes[j];
            mote_quat q = mote_quat_from_unit_vectors(a, b);
            assert_true(fabs(dq_len(dq(q)) - 1) <= 5 * U);
            assert_vec3_near(mote_quat_rotate(q, a), dv(b), 4 * U);
            if (i == j) {
                assert_true(q.x == 0 && q.y == 0 && q.z == 0 && q.w == 1);
            } else if (i % 3 == j % 3) { /* opposite: a half turn about an axis normal to a */
                assert_true(q.w == 0 && mote_vec3_dot(a, (mote_vec3){q.x, q.y, q.z}) == 0);
            } else { /* a quarter turn about a x b */
                mote_vec3 n = mote_vec3_cross(a, b);
                assert_quat_near(q, (dquat){r * n.x, r * n.y, r * n.z, r}, 2 * U);
            }
        }
    }
    /* the documented perpendiculars: +x -> -x about +y, +y -> -y about +z, +z -> -z about -y */
    mote_quat q = mote_quat_from_unit_vectors(axes[0], axes[3]);
    assert_true(q.x == 0 && q.y == 1 && q.z == 0 && q.w == 0);
    q = mote_quat_from_unit_vectors(axes[1], axes[4]);
    assert_true(q.x == 0 && q.y == 0 && q.z == 1 && q.w == 0);
    q = mote_quat_from_unit_vectors(axes[2], axes[5]);
    assert_true(q.x == 0 && q.y == -1 && q.z == 0 && q.w == 0);
}

/* Exactly antiparallel and exactly parallel random pairs, and pairs close to both. */
static void test_from_unit_vectors_parallel_antiparallel(void **unused) {
    (void)unused;
    test_rng rng = {0x3d3d};
    for (int i = 0; i < 20000; ++i) {
        mote_vec3 a = rdir(&rng);
        mote_vec3 minus = {-a.x, -a.y, -a.z};
        mote_quat q = mote_quat_from_unit_vectors(a, minus);
        /* a half turn about a unit axis perpendicular to a */
        assert_true(q.w == 0.0f);
        assert_true(fabs(dq_len(dq(q)) - 1) <= 4.5 * U);
        dvec axis = {q.x, q.y, q.z};
        assert_true(fabs(axis.x * a.x + axis.y * a.y + axis.z * a.z) <= 4 * U);
        assert_true(dv_dist(dq_rotate(dq(q), dv(a)), dv(minus)) <= 10 * U);
        /* parallel: the identity within 5u */
        q = mote_quat_from_unit_vectors(a, a);
        assert_true(q.x == 0 && q.y == 0 && q.z == 0 && fabs(q.w - 1) <= 5 * U);
    }
    /* just off antiparallel by less than the arc can resolve: still a rotation onto to */
    mote_vec3 a = {1, 0, 0}, b = {-1, 1e-30f, 0};
    mote_quat q = mote_quat_from_unit_vectors(a, b);
    assert_true(fabs(dq_len(dq(q)) - 1) <= 5 * U);
    assert_vec3_near(mote_quat_rotate(q, a), dv(b), 4 * U);
}

/* The exponential and logarithmic maps at known rotations. */
static void test_rotation_vector_closed_form(void **unused) {
    (void)unused;
    const double r = sqrt(0.5);
    const double tol = 4 * U;
    mote_quat id = mote_quat_from_rotation_vector((mote_vec3){0, 0, 0});
    assert_true(id.x == 0 && id.y == 0 && id.z == 0 && id.w == 1);
    assert_vec3_eq(mote_quat_to_rotation_vector(mote_quat_identity()), 0, 0, 0);
    mote_vec3 zero = mote_quat_to_rotation_vector((mote_quat){0, 0, 0, -1});
    assert_true(zero.x == 0 && zero.y == 0 && zero.z == 0);

    /* a quarter turn about z, both ways */
    mote_quat qz = mote_quat_from_rotation_vector((mote_vec3){0, 0, (float)(PI / 2)});
    assert_quat_near(qz, (dquat){0, 0, r, r}, tol);
    assert_vec3_near(mote_quat_to_rotation_vector(qz), (dvec){0, 0, PI / 2}, 2 * tol);
    /* -q is the same rotation: the short way, the same vector */
    mote_quat neg = {-qz.x, -qz.y, -qz.z, -qz.w};
    assert_vec3_near(mote_quat_to_rotation_vector(neg), (dvec){0, 0, PI / 2}, 2 * tol);
    /* three quarters of a turn about +x is a quarter turn about -x */
    mote_quat q3 = mote_quat_from_rotation_vector((mote_vec3){(float)(1.5 * PI), 0, 0});
    assert_vec3_near(mote_quat_to_rotation_vector(q3), (dvec){-PI / 2, 0, 0}, 4 * tol);
    /* a half turn about y: angle pi */
    assert_vec3_near(mote_quat_to_rotation_vector((mote_quat){0, 1, 0, 0}), (dvec){0, PI, 0}, tol);
    /* the scale of q does not matter */
    assert_vec3_near(mote_quat_to_rotation_vector((mote_quat){0, 0, 3, 3}), (dvec){0, 0, PI / 2},
                     2 * tol);
    /* tiny rotations: the limit forms */
    mote_quat tiny = mote_quat_from_rotation_vector((mote_vec3){1e-30f, -2e-30f, 0});
    assert_true(tiny.x == 0.5e-30f && tiny.y == -1e-30f && tiny.w == 1);
    mote_vec3 back = mote_quat_to_rotation_vector(tiny);
    assert_true(back.x == 1e-30f && back.y == -2e-30f);
}

/* nlerp: the ends, the short way, and the exact midpoint of a quarter turn. */
static void test_nlerp_closed_form(void **unused) {
    (void)unused;
    mote_quat id = mote_quat_identity();
    mote_quat qz = mote_quat_axis_angle((mote_vec3){0, 0, 1}, (float)(PI / 2));
    mote_quat mid = mote_quat_nlerp(id, qz, 0.5f);
    assert_quat_near(mid, (dquat){0, 0, sin(PI / 8), cos(PI / 8)}, 4 * U);
    mote_quat start = mote_quat_nlerp(id, qz, 0.0f);
    assert_true(start.x == 0 && start.y == 0 && start.z == 0 && start.w == 1);
    assert_quat_near(mote_quat_nlerp(id, qz, 1.0f), dq(qz), 4 * U);
    /* b on the far hemisphere: negated, so the path is the short one */
    mote_quat far = {-qz.x, -qz.y, -qz.z, -qz.w};
    assert_quat_near(mote_quat_nlerp(id, far, 0.5f), dq(mid), 0);
    assert_quat_near(mote_quat_nlerp(id, far, 1.0f), dq(qz), 4 * U);
}

/* ----------------------------------------------------------------------------------------
 * Stated bounds over seeded random inputs */

static void test_vec3_bounds(void **unused) {
    (void)unused;
    test_rng rng = {0x7ec3};
    worst dot = {"vec3_dot", 0}, cross = {"vec3_cross", 0}, length = {"vec3_length", 0};
    worst normalize = {"vec3_normalize", 0}, lerp = {"vec3_lerp", 0};
    worst mat = {"mat3_mul_vec3", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_vec3 a = rvec(&rng), b = rvec(&rng);
        dvec da = dv(a), db = dv(b);
        double sum = fabs(da.x * db.x) + fabs(da.y * db.y) + fabs(da.z * db.z);
        double exact = da.x * db.x + da.y * db.y + da.z * db.z;
        observe(&dot, fabs(mote_vec3_dot(a, b) - exact), 3 * U * sum, "dot", a.x);

        mote_vec3 c = mote_vec3_cross(a, b);
        const double p[3][2] = {
            {da.y * db.z, da.z * db.y}, {da.z * db.x, da.x * db.z}, {da.x * db.y, da.y * db.x}};
        const float cc[3] = {c.x, c.y, c.z};
        for (int k = 0; k < 3; ++k) {
            observe(&cross, fabs(cc[k] - (p[k][0] - p[k][1])),
                    2 * U * (fabs(p[k][0]) + fabs(p[k][1])), "cross", a.x);
        }

        double len = dv_len(da);
        observe(&length, fabs(mote_vec3_length(a) - len), 2.5 * U * len, "length", a.x);
        uint32_t ulp = test_ulp_distance(mote_vec3_length(a), (float)len);
        assert_true(ulp <= 2);

        mote_vec3 n = mote_vec3_normalize(a);
        const float nn[3] = {n.x, n.y, n.z};
        const double want[3] = {da.x / len, da.y / len, da.z / len};
        for (int k = 0; k < 3; ++k) {
            observe(&normalize, fabs(nn[k] - want[k]), 4.5 * U * fabs(want[k]), "normalize", a.x);
            assert_true(test_ulp_distance(nn[k], (float)want[k]) <= 4);
        }

        float t = test_rng_range(&rng, 0.0f, 1.0f);
        mote_vec3 l = mote_vec3_lerp(a, b, t);
        const float ll[3] = {l.x, l.y, l.z};
        const double la[3] = {da.x, da.y, da.z}, lb[3] = {db.x, db.y, db.z};
        for (int k = 0; k < 3; ++k) {
            double e = la[k] + (lb[k] - la[k]) * t;
            observe(&lerp, fabs(ll[k] - e), 3 * U * (fabs(la[k]) + fabs(lb[k])), "lerp", t);
        }

        float m[9];
        for (int k = 0; k < 9; ++k) {
            m[k] = scaled(&rng, -2.0f, 1.0f);
        }
        mote_vec3 mv = mote_mat3_mul_vec3(m, a);
        const float mm[3] = {mv.x, mv.y, mv.z};
        for (int k = 0; k < 3; ++k) {
            double t0 = (double)m[3 * k] * da.x, t1 = (double)m[3 * k + 1] * da.y,
                   t2 = (double)m[3 * k + 2] * da.z;
            observe(&mat, fabs(mm[k] - (t0 + t1 + t2)), 3 * U * (fabs(t0) + fabs(t1) + fabs(t2)),
                    "mat3_mul_vec3", a.x);
        }
    }
    report(&dot);
    report(&cross);
    report(&length);
    report(&normalize);
    report(&lerp);
    report(&mat);
}

static void test_quat_bounds(void **unused) {
    (void)unused;
    test_rng rng = {0x9a7};
    worst mul = {"quat_mul", 0}, qdot = {"quat_dot", 0}, normalize = {"quat_normalize", 0};
    worst axis_angle = {"quat_axis_angle", 0}, mat = {"quat_to_mat3", 0};
    worst rotate = {"quat_rotate", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        /* mul and dot on any quaternions, the rest on unit ones */
        mote_quat a = {scaled(&rng, -2, 2), scaled(&rng, -2, 2), scaled(&rng, -2, 2),
                       scaled(&rng, -2, 2)};
        mote_quat b = {scaled(&rng, -2, 2), scaled(&rng, -2, 2), scaled(&rng, -2, 2),
                       scaled(&rng, -2, 2)};
        if (i % 2) {
            b = rquat(&rng);
        }
        dquat A = dq(a), B = dq(b);
        const double terms[4][4] = {
            {A.w * B.x, A.x * B.w, A.y * B.z, -A.z * B.y},
            {A.w * B.y, -A.x * B.z, A.y * B.w, A.z * B.x},
            {A.w * B.z, A.x * B.y, -A.y * B.x, A.z * B.w},
            {A.w * B.w, -A.x * B.x, -A.y * B.y, -A.z * B.z},
        };
        mote_quat p = mote_quat_mul(a, b);
        const float pp[4] = {p.x, p.y, p.z, p.w};
        for (int k = 0; k < 4; ++k) {
            double e = 0, s = 0;
            for (int j = 0; j < 4; ++j) {
                e += terms[k][j];
                s += fabs(terms[k][j]);
            }
            observe(&mul, fabs(pp[k] - e), 4 * U * s, "mul", a.x);
        }
        double d = A.x * B.x + A.y * B.y + A.z * B.z + A.w * B.w;
        double ds = fabs(A.x * B.x) + fabs(A.y * B.y) + fabs(A.z * B.z) + fabs(A.w * B.w);
        observe(&qdot, fabs(mote_quat_dot(a, b) - d), 4 * U * ds, "dot", a.x);

        mote_quat n = mote_quat_normalize(a);
        double len = dq_len(A);
        const float nn[4] = {n.x, n.y, n.z, n.w};
        const double aa[4] = {A.x, A.y, A.z, A.w};
        for (int k = 0; k < 4; ++k) {
            observe(&normalize, fabs(nn[k] - aa[k] / len), 5 * U * fabs(aa[k] / len), "normalize",
                    a.x);
        }

        mote_vec3 axis = rdir(&rng);
        float angle = test_rng_range(&rng, -16384.0f, 16384.0f);
        if (i % 4 == 0) {
            angle = test_rng_range(&rng, -4.0f, 4.0f);
        }
        mote_quat r = mote_quat_axis_angle(axis, angle);
        double h = 0.5 * angle, s = sin(h);
        const float rr[4] = {r.x, r.y, r.z, r.w};
        const double re[4] = {axis.x * s, axis.y * s, axis.z * s, cos(h)};
        for (int k = 0; k < 4; ++k) {
            observe(&axis_angle, fabs(rr[k] - re[k]), 3 * U * fabs(re[k]) + 0x1p-149, "axis_angle",
                    angle);
        }

        /* to_mat3 and rotate against the exact matrix of the unit q (rounded from double:
         * |q| - 1 is within u, which the bounds of math3d.h leave out; its effect, 4u per
         * entry at most, is added here) */
        mote_quat q = rquat(&rng);
        double qn = dq_len(dq(q));
        double slack = 4 * fabs(qn * qn - 1);
        float m[9];
        mote_quat_to_mat3(q, m);
        double em[9];
        dq_mat3(dq(q), em);
        for (int k = 0; k < 9; ++k) {
            observe(&mat, fabs(m[k] - em[k]), 5 * U + slack, "to_mat3", q.x);
        }
        mote_vec3 v = rvec(&rng);
        mote_vec3 rv = mote_quat_rotate(q, v);
        dvec ev = dq_rotate(dq(q), dv(v));
        const float rvv[3] = {rv.x, rv.y, rv.z};
        const double evv[3] = {ev.x, ev.y, ev.z};
        for (int k = 0; k < 3; ++k) {
            observe(&rotate, fabs(rvv[k] - evv[k]), (12 * U + 2 * slack) * dv_len(dv(v)), "rotate",
                    q.x);
        }
    }
    report(&mul);
    report(&qdot);
    report(&normalize);
    report(&axis_angle);
    report(&mat);
    report(&rotate);
}

/* from_unit_vectors over random pairs at every angle, concentrated near parallel and
 * antiparallel (down to 1e-9 rad): |q| within 5u of 1 and q taking from to to within 10u. */
static void test_from_unit_vectors_bounds(void **unused) {
    (void)unused;
    test_rng rng = {0xa4c};
    worst unit = {"from_unit_vectors |q|", 0}, onto = {"from_unit_vectors onto", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_vec3 a = rdir(&rng), b;
        if (i % 3 == 0) {
            b = rdir(&rng);
        } else { /* within 10^-7 .. 1 rad of a (i % 3 == 1) or of -a (i % 3 == 2) */
            double eps = pow(10.0, test_rng_range(&rng, -9.0f, 0.0f));
            mote_vec3 c = rdir(&rng);
            double sign = i % 3 == 1 ? 1.0 : -1.0;
            dvec t = {sign * a.x + eps * c.x, sign * a.y + eps * c.y, sign * a.z + eps * c.z};
            double tn = dv_len(t);
            b = (mote_vec3){(float)(t.x / tn), (float)(t.y / tn), (float)(t.z / tn)};
        }
        mote_quat q = mote_quat_from_unit_vectors(a, b);
        dquat Q = dq(q);
        observe(&unit, fabs(dq_len(Q) - 1), 5 * U, "|q|", a.x);
        dvec da = dv(a), db = dv(b);
        observe(&onto, dv_dist(dq_rotate(Q, da), db), 10 * U, "rotate(q, from) - to", a.x);
    }
    report(&unit);
    report(&onto);
}

/* The maps against the exact ones, and the round trip. */
static void test_rotation_vector_bounds(void **unused) {
    (void)unused;
    test_rng rng = {0x1096};
    worst expmap = {"from_rotation_vector", 0}, logmap = {"to_rotation_vector", 0};
    worst trip = {"log(exp(v)) round trip", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_vec3 axis = rdir(&rng);
        float angle;
        switch (i % 4) {
        case 0:
            angle = test_rng_range(&rng, 0.0f, 16384.0f);
            break;
        case 1:
            angle = powf(10.0f, test_rng_range(&rng, -30.0f, 0.0f));
            break;
        default:
            angle = test_rng_range(&rng, 0.0f, 3.1415f);
            break;
        }
        mote_vec3 v = mote_vec3_scale(axis, angle);
        dvec V = dv(v);
        double a = dv_len(V);
        mote_quat q = mote_quat_from_rotation_vector(v);
        double k = a > 0 ? sin(0.5 * a) / a : 0.5;
        const float qq[4] = {q.x, q.y, q.z, q.w};
        const double want[4] = {V.x * k, V.y * k, V.z * k, cos(0.5 * a)};
        for (int c = 0; c < 4; ++c) {
            observe(&expmap, fabs(qq[c] - want[c]), (3 + 2 * a) * U, "exp", a);
        }
        if (a <= 3.1415) {
            mote_vec3 back = mote_quat_to_rotation_vector(q);
            const float bb[3] = {back.x, back.y, back.z};
            const double vv[3] = {V.x, V.y, V.z};
            for (int c = 0; c < 3; ++c) {
                observe(&trip, fabs(bb[c] - vv[c]), 4 * U * (1 + a), "log(exp)", a);
            }
        }

        /* the log map of a unit q (a third of them near the identity) against the exact one */
        mote_quat q2 = rquat(&rng);
        if (i % 3 == 0) {
            float k2 = powf(10.0f, test_rng_range(&rng, -8.0f, 0.0f));
            q2 = mote_quat_normalize((mote_quat){q2.x * k2, q2.y * k2, q2.z * k2, q2.w});
        }
        dquat Q = dq(q2);
        if (Q.w < 0) {
            Q = (dquat){-Q.x, -Q.y, -Q.z, -Q.w};
        }
        double s = sqrt(Q.x * Q.x + Q.y * Q.y + Q.z * Q.z);
        double kk = s > 0 ? 2 * atan2(s, Q.w) / s : 2;
        const double lw[3] = {Q.x * kk, Q.y * kk, Q.z * kk};
        mote_vec3 l = mote_quat_to_rotation_vector(q2);
        const float ll[3] = {l.x, l.y, l.z};
        for (int c = 0; c < 3; ++c) {
            observe(&logmap, fabs(ll[c] - lw[c]), 7 * U * fabs(lw[c]), "log", q2.w);
        }
    }
    report(&expmap);
    report(&logmap);
    report(&trip);
}

static void test_nlerp_bounds(void **unused) {
    (void)unused;
    test_rng rng = {0x41e};
    worst nlerp = {"quat_nlerp", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_quat a = rquat(&rng), b = rquat(&rng);
        float t = test_rng_range(&rng, 0.0f, 1.0f);
        dquat A = dq(a), B = dq(b);
        if (A.x * B.x + A.y * B.y + A.z * B.z + A.w * B.w < 0) {
            B = (dquat){-B.x, -B.y, -B.z, -B.w};
        }
        dquat m = {A.x + (B.x - A.x) * t, A.y + (B.y - A.y) * t, A.z + (B.z - A.z) * t,
                   A.w + (B.w - A.w) * t};
        double n = dq_len(m);
        mote_quat r = mote_quat_nlerp(a, b, t);
        const float rr[4] = {r.x, r.y, r.z, r.w};
        const double want[4] = {m.x / n, m.y / n, m.z / n, m.w / n};
        for (int k = 0; k < 4; ++k) {
            observe(&nlerp, fabs(rr[k] - want[k]), 14 * U, "nlerp", t);
        }
    }
    report(&nlerp);
}

/* ----------------------------------------------------------------------------------------
 * The wide versions against the scalar functions */

#define WIDE_COUNT 4099 /* not a multiple of any lane count: every variant runs its tail */

typedef enum bound_kind {
    SAME_BITS,     /* bit for bit (NaN against NaN counts as equal) */
    ABSOLUTE,      /* |wide - scalar| <= bound per component */
    ANGLE_RELATIVE /* |wide - scalar| <= bound * |scalar result| per component */
} bound_kind;

typedef struct wide_case {
    mote_math3d_id id;
    const char *name;
    int inputs, outputs;
} wide_case;

static const wide_case wide_cases[] = {
#define WIDE_CASE(id, name, inputs, outputs) {MOTE_MATH3D_##id, #name, inputs, outputs},
    MOTE_MATH3D_FUNCTIONS(WIDE_CASE)
#undef WIDE_CASE
};

/* What wide_math3d.h states for each function. */
static bound_kind wide_bound(mote_math3d_id id, double *bound) {
    switch (id) {
    case MOTE_MATH3D_QUAT_AXIS_ANGLE:
    case MOTE_MATH3D_QUAT_FROM_ROTATION_VECTOR:
        *bound = 0x1p-22;
        return ABSOLUTE;
    case MOTE_MATH3D_QUAT_TO_ROTATION_VECTOR:
        *bound = 0x1p-21;
        return ANGLE_RELATIVE;
    default:
        *bound = 0;
        return SAME_BITS;
    }
}

static void put3(float *x, mote_vec3 v) {
    x[0] = v.x;
    x[1] = v.y;
    x[2] = v.z;
}

static void put4(float *x, mote_quat q) {
    x[0] = q.x;
    x[1] = q.y;
    x[2] = q.z;
    x[3] = q.w;
}

static mote_quat rquat_any(test_rng *rng) {
    mote_quat q = {scaled(rng, -2, 2), scaled(rng, -2, 2), scaled(rng, -2, 2), scaled(rng, -2, 2)};
    return q;
}

/* b near a (sign 1) or near -a (sign -1), eps rad or so away; eps tiny gives exactly +-a. */
static mote_vec3 rdir_near(test_rng *rng, mote_vec3 a, double sign, double eps) {
    mote_vec3 c = rdir(rng);
    dvec t = {sign * a.x + eps * c.x, sign * a.y + eps * c.y, sign * a.z + eps * c.z};
    double n = dv_len(t);
    mote_vec3 r = {(float)(t.x / n), (float)(t.y / n), (float)(t.z / n)};
    return r;
}

/* One element's operands for function id, with the special cases mixed in by i. */
static void wide_inputs(mote_math3d_id id, test_rng *rng, size_t i, float *x) {
    const mote_vec3 zero = {0, 0, 0};
    const int special = (int)(i % 16);
    switch (id) {
    case MOTE_MATH3D_VEC3_ADD:
    case MOTE_MATH3D_VEC3_SUB:
    case MOTE_MATH3D_VEC3_DOT:
    case MOTE_MATH3D_VEC3_CROSS: {
        mote_vec3 a = rvec(rng), b = special == 0 ? a : rvec(rng);
        put3(x, a);
        put3(x + 3, special == 1 ? mote_vec3_scale(a, -1.0f) : b);
        break;
    }
    case MOTE_MATH3D_VEC3_SCALE:
        put3(x, rvec(rng));
        x[3] = scaled(rng, -3, 3);
        break;
    case MOTE_MATH3D_VEC3_LENGTH:
    case MOTE_MATH3D_VEC3_NORMALIZE: {
        mote_vec3 v = rvec(rng);
        if (special == 0) {
            v = zero;
        } else if (special == 1) {
            v = mote_vec3_scale(v, 1e-30f); /* the length rounds to 0 */
        } else if (special == 2) {
            v = mote_vec3_scale(v, 1e-20f); /* subnormal squares */
        } else if (special == 3) {
            v = mote_vec3_scale(v, 1e17f); /* near the top of the range */
        }
        put3(x, v);
        break;
    }
    case MOTE_MATH3D_VEC3_LERP:
        put3(x, rvec(rng));
        put3(x + 3, rvec(rng));
        x[6] = special < 4 ? test_rng_range(rng, -1.0f, 2.0f) : test_rng_range(rng, 0.0f, 1.0f);
        break;
    case MOTE_MATH3D_MAT3_MUL_VEC3:
        for (int k = 0; k < 9; ++k) {
            x[k] = scaled(rng, -2, 1);
        }
        put3(x + 9, rvec(rng));
        break;
    case MOTE_MATH3D_QUAT_MUL:
    case MOTE_MATH3D_QUAT_DOT:
        put4(x, special < 8 ? rquat(rng) : rquat_any(rng));
        put4(x + 4, special < 8 ? rquat(rng) : rquat_any(rng));
        break;
    case MOTE_MATH3D_QUAT_CONJUGATE:
    case MOTE_MATH3D_QUAT_NORMALIZE:
        put4(x, special == 0 ? (mote_quat){0, 0, 0, 0} : rquat_any(rng)); /* zero: NaNs */
        break;
    case MOTE_MATH3D_QUAT_AXIS_ANGLE:
        put3(x, rdir(rng));
        x[3] = special < 4    ? test_rng_range(rng, -4.0f, 4.0f)
               : special == 4 ? 0.0f
               : special == 5 ? scaled(rng, -30, -3)
                              : test_rng_range(rng, -16384.0f, 16384.0f);
        break;
    case MOTE_MATH3D_QUAT_TO_MAT3:
        put4(x, special < 12 ? rquat(rng) : rquat_any(rng));
        break;
    case MOTE_MATH3D_QUAT_ROTATE:
        put4(x, rquat(rng));
        put3(x + 4, rvec(rng));
        break;
    case MOTE_MATH3D_QUAT_FROM_UNIT_VECTORS: {
        const mote_vec3 axes[6] = {{1, 0, 0},  {0, 1, 0},  {0, 0, 1},
                                   {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}};
        mote_vec3 a = rdir(rng), b;
        if (special == 0) {
            a = axes[i / 16 % 6];
            b = axes[i / 96 % 6];
        } else if (special < 6) { /* near antiparallel, 1e-9 .. 1 rad, or exactly */
            b = rdir_near(rng, a, -1.0, pow(10.0, test_rng_range(rng, -9.0f, 0.0f)));
        } else if (special < 9) { /* near parallel */
            b = rdir_near(rng, a, 1.0, pow(10.0, test_rng_range(rng, -9.0f, 0.0f)));
        } else if (special == 9) {
            b = mote_vec3_scale(a, -1.0f);
        } else {
            b = rdir(rng);
        }
        put3(x, a);
        put3(x + 3, b);
        break;
    }
    case MOTE_MATH3D_QUAT_FROM_ROTATION_VECTOR: {
        float angle = special < 8     ? test_rng_range(rng, 0.0f, 3.1416f)
                      : special < 12  ? test_rng_range(rng, 0.0f, 16384.0f)
                      : special == 12 ? 0.0f
                                      : powf(10.0f, test_rng_range(rng, -30.0f, -1.0f));
        put3(x, mote_vec3_scale(rdir(rng), angle));
        break;
    }
    case MOTE_MATH3D_QUAT_TO_ROTATION_VECTOR: {
        mote_quat q = rquat(rng);
        if (special == 0) {
            q = mote_quat_identity();
        } else if (special == 1) {
            q = (mote_quat){0, 0, 0, -1};
        } else if (special == 2) { /* half turns */
            mote_vec3 a = rdir(rng);
            q = (mote_quat){a.x, a.y, a.z, 0};
        } else if (special < 6) { /* near the identity, either sign */
            float k = powf(10.0f, test_rng_range(rng, -12.0f, -1.0f));
            q = mote_quat_normalize((mote_quat){q.x * k, q.y * k, q.z * k, q.w});
        } else if (special < 8) { /* not unit: the map is scale-free */
            float k = powf(10.0f, test_rng_range(rng, -3.0f, 3.0f));
            q = (mote_quat){q.x * k, q.y * k, q.z * k, q.w * k};
        }
        put4(x, q);
        break;
    }
    case MOTE_MATH3D_QUAT_NLERP: {
        mote_quat a = rquat(rng), b = rquat(rng);
        if (special == 0) {
            b = a;
        } else if (special == 1) {
            b = (mote_quat){-a.x, -a.y, -a.z, -a.w};
        }
        put4(x, a);
        put4(x + 4, b);
        x[8] = test_rng_range(rng, 0.0f, 1.0f);
        break;
    }
    case MOTE_MATH3D_COUNT:
        break;
    }
}

static bool same_bits(float a, float b) {
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

/* Every runnable wide variant's version of one function against the scalar table's over
 * WIDE_COUNT elements drawn from seed; returns how many variants ran and raises *largest to the
 * largest difference seen (absolute, or relative to the angle). */
static int check_wide_case(const wide_case *c, uint64_t seed, double *largest) {
    float *in[MOTE_MATH3D_MAX_INPUTS], *want[MOTE_MATH3D_MAX_OUTPUTS];
    float *got[MOTE_MATH3D_MAX_OUTPUTS], *first[MOTE_MATH3D_MAX_OUTPUTS];
    for (int k = 0; k < c->inputs; ++k) {
        in[k] = malloc(WIDE_COUNT * sizeof(float));
        assert_non_null(in[k]);
    }
    for (int k = 0; k < c->outputs; ++k) {
        want[k] = malloc(WIDE_COUNT * sizeof(float));
        got[k] = malloc(WIDE_COUNT * sizeof(float));
        first[k] = malloc(WIDE_COUNT * sizeof(float));
        assert_true(want[k] && got[k] && first[k]);
    }
    test_rng rng = {seed};
    for (size_t i = 0; i < WIDE_COUNT; ++i) {
        float x[MOTE_MATH3D_MAX_INPUTS];
        wide_inputs(c->id, &rng, i, x);
        for (int k = 0; k < c->inputs; ++k) {
            in[k][i] = x[k];
        }
    }
    size_t count;
    const mote_kernel_table *const *tables = mote_kernel_tables(&count);
    assert_string_equal(tables[0]->name, "scalar");
    tables[0]->math.math3d[c->id]((const float *const *)in, want, WIDE_COUNT);

    double bound;
    bound_kind kind = wide_bound(c->id, &bound);
    int variants = 0;
    for (size_t t = 1; t < count; ++t) {
        if (!mote_kernel_table_runnable(tables[t])) {
            continue;
        }
        tables[t]->math.math3d[c->id]((const float *const *)in, got, WIDE_COUNT);
        for (size_t i = 0; i < WIDE_COUNT; ++i) {
            double length = 0;
            for (int k = 0; k < c->outputs; ++k) {
                length += (double)want[k][i] * want[k][i];
            }
            length = sqrt(length);
            for (int k = 0; k < c->outputs; ++k) {
                float w = want[k][i], g = got[k][i];
                if (kind == SAME_BITS) {
                    if (!same_bits(w, g)) {
                        fail_msg("%s %s: element %zu component %d = %.9g, scalar %.9g",
                                 tables[t]->name, c->name, i, k, g, w);
                    }
                    continue;
                }
                assert_false(isnan(w) || isnan(g));
                double diff = fabs((double)g - w);
                double allowed = kind == ABSOLUTE ? bound : bound * length;
                if (!(diff <= allowed)) {
                    fail_msg("%s %s: element %zu component %d = %.9g, scalar %.9g: %.3g > %.3g",
                             tables[t]->name, c->name, i, k, g, w, diff, allowed);
                }
                if (kind == ABSOLUTE || length > 0) {
                    *largest = maxd(*largest, kind == ABSOLUTE ? diff : diff / length);
                }
            }
        }
        if (variants++ == 0) {
            for (int k = 0; k < c->outputs; ++k) {
                memcpy(first[k], got[k], WIDE_COUNT * sizeof(float));
            }
        } else {
            for (int k = 0; k < c->outputs; ++k) {
                for (size_t i = 0; i < WIDE_COUNT; ++i) {
                    if (!same_bits(first[k][i], got[k][i])) {
                        fail_msg("%s: %s differs from the first wide variant at %zu", c->name,
                                 tables[t]->name, i);
                    }
                }
            }
        }
    }
    assert_true(variants > 0);
    for (int k = 0; k < c->inputs; ++k) {
        free(in[k]);
    }
    for (int k = 0; k < c->outputs; ++k) {
        free(want[k]);
        free(got[k]);
        free(first[k]);
    }
    return variants;
}

static void test_wide_matches_scalar(void **unused) {
    (void)unused;
    const uint64_t seeds = test_scaled(16) < 2 ? 2 : test_scaled(16);
    for (size_t c = 0; c < sizeof wide_cases / sizeof wide_cases[0]; ++c) {
        const wide_case *wc = &wide_cases[c];
        double largest = 0, bound;
        int variants = 0;
        for (uint64_t seed = 1; seed <= seeds; ++seed) {
            variants = check_wide_case(wc, seed * 0x9e37 + c, &largest);
        }
        switch (wide_bound(wc->id, &bound)) {
        case SAME_BITS:
            printf("# wide %-26s the same bits as scalar, %d variants\n", wc->name, variants);
            break;
        case ABSOLUTE:
            printf("# wide %-26s worst %.3g (bound %.3g), %d variants\n", wc->name, largest, bound,
                   variants);
            break;
        case ANGLE_RELATIVE:
            printf("# wide %-26s worst %.3g angle (bound %.3g angle), %d variants\n", wc->name,
                   largest, bound, variants);
            break;
        }
    }
}

/* ----------------------------------------------------------------------------------------
 * Orientation additions: inverse, log/exp, slerp, look rotation */

static void test_inverse_closed_form_and_bound(void **unused) {
    (void)unused;
    mote_quat q = {0.0f, 0.0f, 2.0f, 0.0f}; /* a half turn about z, scaled by 2 */
    mote_quat inv = mote_quat_inverse(q);
    assert_true(inv.x == 0.0f && inv.y == 0.0f && inv.z == -0.5f && inv.w == 0.0f);
    test_rng rng = {0x1417};
    worst w = {"quat_inverse", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_quat a = rquat(&rng);
        float k = powf(10.0f, test_rng_range(&rng, -3.0f, 3.0f));
        a = (mote_quat){a.x * k, a.y * k, a.z * k, a.w * k};
        dquat A = dq(a);
        double n2 = A.x * A.x + A.y * A.y + A.z * A.z + A.w * A.w;
        const double want[4] = {-A.x / n2, -A.y / n2, -A.z / n2, A.w / n2};
        mote_quat r = mote_quat_inverse(a);
        const float got[4] = {r.x, r.y, r.z, r.w};
        for (int c = 0; c < 4; ++c) {
            observe(&w, fabs(got[c] - want[c]), 6 * U * fabs(want[c]), "inverse", k);
        }
        /* a * inverse(a) is the identity */
        dquat one = dq_mul(A, dq(r));
        assert_true(fabs(one.w - 1.0) < 1e-6 && fabs(one.x) < 1e-6 && fabs(one.y) < 1e-6);
    }
    report(&w);
}

static void test_log_exp_round_trip(void **unused) {
    (void)unused;
    /* closed forms: a quarter turn about x is exp({pi/4, 0, 0}) */
    mote_quat q = mote_quat_exp((mote_vec3){(float)(PI / 4), 0.0f, 0.0f});
    assert_quat_near(q, (dquat){sqrt(0.5), 0, 0, sqrt(0.5)}, 4 * U);
    mote_vec3 l = mote_quat_log((mote_quat){0.0f, 0.0f, 0.0f, 1.0f});
    assert_vec3_eq(l, 0.0f, 0.0f, 0.0f);
    l = mote_quat_log((mote_quat){0.0f, -1.0f, 0.0f, 0.0f}); /* a half turn about -y */
    assert_vec3_near(l, (dvec){0, -PI / 2, 0}, 2 * U);
    /* the short way: -q gives the same vector, for a turn near pi too */
    mote_quat near_pi = mote_quat_exp((mote_vec3){0.0f, 0.0f, 1.5f});
    mote_vec3 a = mote_quat_log(near_pi);
    mote_vec3 b = mote_quat_log((mote_quat){-near_pi.x, -near_pi.y, -near_pi.z, -near_pi.w});
    assert_vec3_eq(b, a.x, a.y, a.z);

    test_rng rng = {0x1418};
    worst expw = {"quat_exp", 0}, trip = {"quat_log(quat_exp(v))", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_vec3 axis = rdir(&rng);
        float length;
        switch (i % 3) {
        case 0: /* near 0 */
            length = powf(10.0f, test_rng_range(&rng, -30.0f, -1.0f));
            break;
        case 1: /* near pi/2: a turn near pi */
            length = 1.57075f - powf(10.0f, test_rng_range(&rng, -6.0f, -1.0f));
            break;
        default:
            length = test_rng_range(&rng, 0.0f, 1.57075f);
            break;
        }
        mote_vec3 v = mote_vec3_scale(axis, length);
        dvec V = dv(v);
        double n = dv_len(V);
        double k = n > 0 ? sin(n) / n : 1.0;
        mote_quat e = mote_quat_exp(v);
        const float ee[4] = {e.x, e.y, e.z, e.w};
        const double want[4] = {V.x * k, V.y * k, V.z * k, cos(n)};
        for (int c = 0; c < 4; ++c) {
            observe(&expw, fabs(ee[c] - want[c]), (3 + 4 * n) * U, "exp", n);
        }
        mote_vec3 back = mote_quat_log(e);
        const float bb[3] = {back.x, back.y, back.z};
        const double vv[3] = {V.x, V.y, V.z};
        for (int c = 0; c < 3; ++c) {
            observe(&trip, fabs(bb[c] - vv[c]), 4 * U * (1 + 2 * n), "log(exp)", n);
        }
    }
    report(&expw);
    report(&trip);
}

/* The exact slerp of a to b (the short way) at t, in double. */
static dquat dq_slerp(dquat a, dquat b, double t) {
    dquat d = dq_mul((dquat){-a.x, -a.y, -a.z, a.w}, b);
    if (d.w < 0) {
        d = (dquat){-d.x, -d.y, -d.z, -d.w};
    }
    double s = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    double angle = 2 * atan2(s, d.w);
    double k = s > 0 ? sin(0.5 * t * angle) / s : 0.0;
    dquat step = {d.x * k, d.y * k, d.z * k, cos(0.5 * t * angle)};
    return dq_mul(a, step);
}

static void test_slerp(void **unused) {
    (void)unused;
    mote_quat id = mote_quat_identity();
    mote_quat turn = mote_quat_axis_angle((mote_vec3){0.0f, 1.0f, 0.0f}, (float)(PI / 2));
    mote_quat half = mote_quat_slerp(id, turn, 0.5f);
    assert_quat_near(half, (dquat){0, sin(PI / 8), 0, cos(PI / 8)}, 4 * U);
    /* -b gives the same path, and t = 0 gives a exactly */
    mote_quat neg = {-turn.x, -turn.y, -turn.z, -turn.w};
    mote_quat half2 = mote_quat_slerp(id, neg, 0.5f);
    assert_true(half2.x == half.x && half2.y == half.y && half2.z == half.z && half2.w == half.w);
    test_rng rng = {0x1419};
    worst w = {"quat_slerp", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_quat a = rquat(&rng), b = rquat(&rng);
        if (fabs(dq(a).x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w) <
            1e-3) {
            continue;
        }
        float t = i % 10 == 0 ? 0.0f : i % 10 == 1 ? 1.0f : test_rng_range(&rng, 0.0f, 1.0f);
        mote_quat r = mote_quat_slerp(a, b, t);
        if (t == 0.0f) {
            assert_true(r.x == a.x && r.y == a.y && r.z == a.z && r.w == a.w);
        }
        dquat want = dq_slerp(dq(a), dq(b), t);
        const float got[4] = {r.x, r.y, r.z, r.w};
        const double ww[4] = {want.x, want.y, want.z, want.w};
        for (int c = 0; c < 4; ++c) {
            observe(&w, fabs(got[c] - ww[c]), 0x1p-20, "slerp", t);
        }
    }
    report(&w);
}

static void test_look_rotation(void **unused) {
    (void)unused;
    const mote_vec3 x = {1.0f, 0.0f, 0.0f}, y = {0.0f, 1.0f, 0.0f}, z = {0.0f, 0.0f, 1.0f};
    mote_quat q = mote_quat_look_rotation(z, y);
    assert_true(q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && q.w == 1.0f);
    q = mote_quat_look_rotation(x, y); /* a quarter turn about +y */
    assert_quat_near(q, (dquat){0, sqrt(0.5), 0, sqrt(0.5)}, 2 * U);
    q = mote_quat_look_rotation((mote_vec3){0.0f, 0.0f, -3.0f}, y); /* a half turn about +y */
    assert_quat_near(q, (dquat){0, 1, 0, 0}, 2 * U);
    /* defined results: zero or NaN forward -> identity; parallel, zero or NaN up -> the
     * shortest arc from +z */
    const mote_quat id = mote_quat_identity();
    q = mote_quat_look_rotation((mote_vec3){0.0f, 0.0f, 0.0f}, y);
    assert_true(q.x == id.x && q.y == id.y && q.z == id.z && q.w == id.w);
    q = mote_quat_look_rotation((mote_vec3){NAN, 0.0f, 1.0f}, y);
    assert_true(q.x == id.x && q.y == id.y && q.z == id.z && q.w == id.w);
    const mote_vec3 bad_ups[] = {{0.0f, 2.0f, 0.0f},
                                 {0.0f, -1.0f, 0.0f},
                                 {0.0f, 0.0f, 0.0f},
                                 {NAN, 1.0f, 0.0f},
                                 {1e-7f, 1.0f, 0.0f}};
    for (size_t i = 0; i < sizeof bad_ups / sizeof bad_ups[0]; ++i) {
        q = mote_quat_look_rotation(y, bad_ups[i]);
        mote_quat arc = mote_quat_from_unit_vectors(z, y);
        assert_true(q.x == arc.x && q.y == arc.y && q.z == arc.z && q.w == arc.w);
    }

    test_rng rng = {0x141a};
    worst fw = {"look_rotation forward", 0}, uw = {"look_rotation up", 0};
    worst nw = {"look_rotation |q|", 0};
    for (int i = 0; i < RANDOM_RUN; ++i) {
        mote_vec3 f = mote_vec3_scale(rdir(&rng), powf(10.0f, test_rng_range(&rng, -3.0f, 3.0f)));
        mote_vec3 u = mote_vec3_scale(rdir(&rng), powf(10.0f, test_rng_range(&rng, -3.0f, 3.0f)));
        if (i % 4 == 0) { /* close to parallel */
            float eps = powf(10.0f, test_rng_range(&rng, -5.5f, -1.0f));
            mote_vec3 d = rdir(&rng);
            u = mote_vec3_add(mote_vec3_scale(f, 1.0f),
                              mote_vec3_scale(d, eps * 1.01f * mote_vec3_length(f)));
        }
        dvec F = dv(f), Uv = dv(u);
        double fl = dv_len(F);
        F = (dvec){F.x / fl, F.y / fl, F.z / fl};
        double fu = F.x * Uv.x + F.y * Uv.y + F.z * Uv.z;
        dvec P = {Uv.x - fu * F.x, Uv.y - fu * F.y, Uv.z - fu * F.z};
        double pl = dv_len(P);
        double sin_theta = pl / dv_len(Uv);
        if (sin_theta < 0x1.1p-20) {
            continue; /* the fallback, checked above */
        }
        P = (dvec){P.x / pl, P.y / pl, P.z / pl};
        mote_quat r = mote_quat_look_rotation(f, u);
        dquat R = dq(r);
        observe(&nw, fabs(dq_len(R) - 1.0), 5 * U, "|q|", sin_theta);
        dvec rf = dq_rotate(R, (dvec){0, 0, 1}), ru = dq_rotate(R, (dvec){0, 1, 0});
        observe(&fw, dv_dist(rf, F), 0x1p-21, "forward", sin_theta);
        observe(&uw, dv_dist(ru, P), 0x1p-21 / sin_theta, "up", sin_theta);
    }
    report(&fw);
    report(&uw);
    report(&nw);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_vec3_closed_form), cmocka_unit_test(test_quat_closed_form),
               cmocka_unit_test(test_from_unit_vectors_axes),
               cmocka_unit_test(test_from_unit_vectors_parallel_antiparallel),
               cmocka_unit_test(test_rotation_vector_closed_form),
               cmocka_unit_test(test_nlerp_closed_form), cmocka_unit_test(test_vec3_bounds),
               cmocka_unit_test(test_quat_bounds), cmocka_unit_test(test_from_unit_vectors_bounds),
               cmocka_unit_test(test_rotation_vector_bounds), cmocka_unit_test(test_nlerp_bounds),
               cmocka_unit_test(test_wide_matches_scalar),
               cmocka_unit_test(test_inverse_closed_form_and_bound),
               cmocka_unit_test(test_log_exp_round_trip), cmocka_unit_test(test_slerp),
               cmocka_unit_test(test_look_rotation))
