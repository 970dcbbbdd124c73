/* mote-demo's orientation scene, through the public API only. Turrets on a 64 x 32 grid each
 * track one of 8 drones flying circles overhead; every frame a turret's target is the look
 * rotation toward its drone (mote_orientation_pool_set_target_look), and every two seconds
 * the turrets hand over to the next drone, so they swing round under their speed caps
 * (orientation control). Ships play spinning animation clips (a yaw at a clip's rate, written
 * every frame as the incoming pose through the view) and switch to a new clip every two
 * seconds, staggered by ship, through mote_orientation_pool_transition, which keeps the
 * output continuous while the offset decays (inertialization). Only the pool steps are timed. */
#include "demo_orientation.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "demo_clock.h"
#include "demo_diff.h"

#define ORIENT_SEED 0x7475727274u /* "turrt" */
#define HZ          60u
#define DRONES      8u
#define HANDOVER    (2u * HZ) /* frames between drone handovers and between a ship's clips */

static const mote_vec3 up = {0.0f, 1.0f, 0.0f};

static mote_vec3 turret_position(size_t i) {
    return (mote_vec3){4.0f * (float)(i % 64) - 128.0f, 0.0f, 4.0f * (float)(i / 64) - 64.0f};
}

/* Drone d at t s: a circle of radius 40..100 at height 20..60, 0.2..0.5 rad/s either way. */
static mote_vec3 drone_position(unsigned d, float t) {
    const float radius = mote_random_range(ORIENT_SEED, 4 * d, 40.0f, 100.0f);
    const float height = mote_random_range(ORIENT_SEED, 4 * d + 1, 20.0f, 60.0f);
    float rate = mote_random_range(ORIENT_SEED, 4 * d + 2, 0.2f, 0.5f);
    rate = d % 2 == 0 ? rate : -rate;
    const float a = mote_random_range(ORIENT_SEED, 4 * d + 3, 0.0f, 6.2831853f) + rate * t;
    return (mote_vec3){radius * cosf(a), height, radius * sinf(a)};
}

/* Clip c of ship i: a yaw spin at -2..2 rad/s from a drawn phase; its pose at t s. */
static float clip_rate(size_t i, unsigned c) {
    return mote_random_range(ORIENT_SEED ^ 1u, 2 * (i * 64 + c), -2.0f, 2.0f);
}

static mote_quat clip_pose(size_t i, unsigned c, float t) {
    const float phase = mote_random_range(ORIENT_SEED ^ 1u, 2 * (i * 64 + c) + 1, 0.0f, 6.2831853f);
    return mote_quat_axis_angle(up, phase + clip_rate(i, c) * t);
}

/* The clip ship i plays at frame k: its first switch at frame (7 i) % HANDOVER, then every
 * HANDOVER frames. */
static unsigned clip_at(size_t i, unsigned k) {
    const unsigned first = (unsigned)(7 * i % HANDOVER);
    return k < first ? 0u : 1u + (k - first) / HANDOVER;
}

typedef struct run_result {
    mote_orientation_pool *turrets, *ships;
    mote_id turret_ids[DEMO_ORIENTATION_TURRETS], ship_ids[DEMO_ORIENTATION_SHIPS];
    double turret_seconds, ship_seconds;
} run_result;

static mote_status aim(run_result *r, unsigned k) {
    const float t = (float)k / HZ;
    mote_vec3 drone[DRONES];
    for (unsigned d = 0; d < DRONES; ++d) {
        drone[d] = drone_position(d, t);
    }
    mote_status st = MOTE_OK;
    for (size_t i = 0; st == MOTE_OK && i < DEMO_ORIENTATION_TURRETS; ++i) {
        const mote_vec3 at = drone[(i + k / HANDOVER) % DRONES], from = turret_position(i);
        const mote_vec3 forward = {at.x - from.x, at.y - from.y, at.z - from.z};
        st = mote_orientation_pool_set_target_look(r->turrets, r->turret_ids[i], forward, up);
    }
    return st;
}

/* The ships' incoming poses at frame k, switching clips where one ends. */
static mote_status animate(run_result *r, unsigned k) {
    const float t = (float)k / HZ;
    const mote_orientation_view v = mote_orientation_pool_view(r->ships);
    mote_status st = MOTE_OK;
    for (size_t i = 0; st == MOTE_OK && i < DEMO_ORIENTATION_SHIPS; ++i) {
        const unsigned c = clip_at(i, k);
        const mote_quat pose = clip_pose(i, c, t);
        const float rate = clip_rate(i, c);
        if (k > 0 && c != clip_at(i, k - 1)) {
            const mote_vec3 omega = {0.0f, rate, 0.0f};
            st = mote_orientation_pool_transition(r->ships, r->ship_ids[i], pose, omega);
            continue;
        }
        size_t at = 0;
        st = mote_orientation_pool_index(r->ships, r->ship_ids[i], &at);
        if (st == MOTE_OK) {
            const float q[4] = {pose.x, pose.y, pose.z, pose.w};
            for (int c4 = 0; c4 < 4; ++c4) {
                v.target[c4][at] = q[c4];
            }
            v.incoming_angular_velocity[1][at] = rate;
        }
    }
    return st;
}

static mote_status fill(run_result *r, mote_backend backend) {
    mote_orientation_pool_def def = mote_default_orientation_pool_def();
    def.backend = backend;
    def.capacity = DEMO_ORIENTATION_TURRETS;
    mote_status st = mote_orientation_pool_create(&def, &r->turrets);
    def.kind = MOTE_ORIENTATION_INERTIALIZE;
    def.capacity = DEMO_ORIENTATION_SHIPS;
    if (st == MOTE_OK) {
        st = mote_orientation_pool_create(&def, &r->ships);
    }
    for (size_t i = 0; st == MOTE_OK && i < DEMO_ORIENTATION_TURRETS; ++i) {
        mote_orientation_desc d = mote_default_orientation_desc();
        const float heading = mote_random_range(ORIENT_SEED ^ 2u, 4 * i, 0.0f, 6.2831853f);
        d.orientation = mote_quat_axis_angle(up, heading);
        d.target = d.orientation;
        const float halflife = mote_random_range(ORIENT_SEED ^ 2u, 4 * i + 1, 0.1f, 0.4f);
        const float ratio = mote_random_range(ORIENT_SEED ^ 2u, 4 * i + 2, 0.7f, 1.0f);
        const float cap = mote_random_range(ORIENT_SEED ^ 2u, 4 * i + 3, 2.0f, 6.0f);
        const mote_orientation_control_params g =
            mote_orientation_control_gains(halflife, ratio, cap);
        d.stiffness = g.stiffness;
        d.damping = g.damping;
        d.max_speed = g.max_speed;
        st = mote_orientation_pool_add(r->turrets, &d, &r->turret_ids[i]);
    }
    for (size_t i = 0; st == MOTE_OK && i < DEMO_ORIENTATION_SHIPS; ++i) {
        mote_orientation_desc d = mote_default_orientation_desc();
        d.target = clip_pose(i, 0, 0.0f);
        d.incoming_angular_velocity = (mote_vec3){0.0f, clip_rate(i, 0), 0.0f};
        d.halflife = mote_random_range(ORIENT_SEED ^ 3u, i, 0.1f, 0.3f);
        st = mote_orientation_pool_add(r->ships, &d, &r->ship_ids[i]);
    }
    return st;
}

static bool run(mote_backend backend, run_result *r) {
    mote_status st = fill(r, backend);
    for (unsigned k = 0; st == MOTE_OK && k < HZ * DEMO_ORIENTATION_SECONDS; ++k) {
        st = aim(r, k);
        if (st == MOTE_OK) {
            st = animate(r, k);
        }
        double t0 = demo_clock_seconds();
        if (st == MOTE_OK) {
            st = mote_orientation_pool_step(r->turrets, 1.0f / HZ);
        }
        double t1 = demo_clock_seconds();
        if (st == MOTE_OK) {
            st = mote_orientation_pool_step(r->ships, 1.0f / HZ);
        }
        double t2 = demo_clock_seconds();
        r->turret_seconds += t1 - t0;
        r->ship_seconds += t2 - t1;
    }
    if (st != MOTE_OK) {
        fprintf(stderr, "mote-demo: the %s orientation scene failed: %s\n",
                mote_backend_name(backend), mote_status_name(st));
    }
    return st == MOTE_OK;
}

/* The angle (degrees) between unit quaternions a[.][i] and b[.][i]. */
static double angle_apart(float *const *a, float *const *b, size_t i) {
    double dot = 0.0;
    for (int c = 0; c < 4; ++c) {
        dot += (double)a[c][i] * (double)b[c][i];
    }
    return 2.0 * acos(fmin(fabs(dot), 1.0)) * 57.29577951308232;
}

static void print_state(run_result *r) {
    mote_orientation_view t = mote_orientation_pool_view(r->turrets);
    size_t on_target = 0;
    double worst = 0.0;
    for (size_t i = 0; i < t.count; ++i) {
        const double a = angle_apart(t.orientation, t.target, i);
        on_target += a < 5.0 ? 1u : 0u;
        worst = a > worst ? a : worst;
    }
    mote_orientation_view s = mote_orientation_pool_view(r->ships);
    const float identity[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    float *const id[4] = {(float *)&identity[0], (float *)&identity[1], (float *)&identity[2],
                          (float *)&identity[3]};
    size_t settled = 0;
    for (size_t i = 0; i < s.count; ++i) {
        float *one[4];
        for (int c = 0; c < 4; ++c) {
            one[c] = s.offset[c] + i;
        }
        settled += angle_apart(one, id, 0) < 1.0 ? 1u : 0u;
    }
    printf("  at %u s: %zu of %zu turrets within 5 degrees of their drone (the farthest %.1f "
           "degrees off); %zu of %zu ships' blends settled (offset under 1 degree)\n",
           DEMO_ORIENTATION_SECONDS, on_target, t.count, worst, settled, s.count);
}

bool demo_orientation_run(mote_backend backend) {
    run_result *fast = calloc(1, sizeof *fast), *ref = calloc(1, sizeof *ref);
    bool ok = fast != NULL && ref != NULL && run(backend, fast) && run(MOTE_BACKEND_SCALAR, ref);
    if (ok) {
        printf("\nmote-demo orientation: %u turrets tracking %u drones, handing over every %u s, "
               "and %u ships blending between animation clips, %u steps at %u Hz (%u simulated "
               "seconds)\n",
               DEMO_ORIENTATION_TURRETS, DRONES, HANDOVER / HZ, DEMO_ORIENTATION_SHIPS,
               HZ * DEMO_ORIENTATION_SECONDS, HZ, DEMO_ORIENTATION_SECONDS);
        print_state(fast);
        const double frames = (double)HZ * DEMO_ORIENTATION_SECONDS;
        demo_print_rates("turrets", "turrets", backend, fast->turret_seconds, ref->turret_seconds,
                         frames * DEMO_ORIENTATION_TURRETS);
        demo_print_rates("ships", "ships", backend, fast->ship_seconds, ref->ship_seconds,
                         frames * DEMO_ORIENTATION_SHIPS);
        mote_orientation_view a = mote_orientation_pool_view(fast->turrets);
        mote_orientation_view b = mote_orientation_pool_view(ref->turrets);
        mote_orientation_view sa = mote_orientation_pool_view(fast->ships);
        mote_orientation_view sb = mote_orientation_pool_view(ref->ships);
        printf("orientation max difference, %s vs scalar: turrets orientation %.3g, angular "
               "velocity %.3g; ships orientation %.3g, angular velocity %.3g, offset %.3g\n",
               mote_backend_name(backend),
               demo_group_diff(a.orientation, b.orientation, 4, a.count),
               demo_group_diff(a.angular_velocity, b.angular_velocity, 3, a.count),
               demo_group_diff(sa.orientation, sb.orientation, 4, sa.count),
               demo_group_diff(sa.angular_velocity, sb.angular_velocity, 3, sa.count),
               demo_group_diff(sa.offset, sb.offset, 4, sa.count));
    }
    if (fast != NULL) {
        mote_orientation_pool_destroy(fast->turrets);
        mote_orientation_pool_destroy(fast->ships);
    }
    if (ref != NULL) {
        mote_orientation_pool_destroy(ref->turrets);
        mote_orientation_pool_destroy(ref->ships);
    }
    free(fast);
    free(ref);
    return ok;
}
