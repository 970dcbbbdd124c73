/* The event stream (mote/events.h): every kind's events with the right ids, codes and times
 * against the closed forms (a piece's detach_time, a flyer's duration, the docking and launch
 * timelines' boundaries and the docking lock's smoothstep inverse); the same events at the same
 * times at 30, 60 and 240 Hz; one order on one thread and on two workers for every kind of the
 * registry, with as many events as the steps' reports; a count past the capacity; the refusals;
 * the integer readers of phases and flags; a world's events in join order. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "test_support.h"

#include "mote/mote.h"
#include "pool_events.h"
#include "probe.h"

/* An event at its time on the run's clock (the step's start plus the event's time) and on the
 * element's own clock (its clock at the step's start plus the event's time). */
typedef struct timed_event {
    mote_id id;
    mote_event_code code;
    double at;
    double own;
} timed_event;

#define MAX_EVENTS 256

typedef struct event_list {
    timed_event e[MAX_EVENTS];
    size_t n;
} event_list;

/* On its own clock an event is the model's moment within the clock's float rounding (two ulps
 * at 30 s are 3.8e-6 s). */
#define OWN_BOUND 1e-5
/* On the run's clock the same event at every rate lies within a frame of the fastest rate:
 * each element's float clock drifts from the run's double clock by its rounding over
 * thousands of steps (up to 1.6e-3 s for a docking clock over 24 s at 30 Hz). */
#define RATE_BOUND (1.0 / 240.0)

/* Appends a step's events at the run's clock start; own_start(i) is element i's clock at the
 * step's start. */
static void collect(event_list *list, const mote_event *events, size_t count, double start,
                    const double *own_start) {
    for (size_t k = 0; k < count; ++k) {
        assert_true(list->n < MAX_EVENTS);
        list->e[list->n++] = (timed_event){events[k].id, events[k].code, start + events[k].time,
                                           own_start[events[k].id.slot] + events[k].time};
    }
}

/* Checks that a step's record is in the documented order and every time within the step. */
static void assert_ordered(const mote_event *events, size_t count, float advanced) {
    for (size_t k = 0; k < count; ++k) {
        assert_true(events[k].time >= 0.0f && events[k].time <= advanced);
        if (k > 0) {
            assert_true(events[k - 1].time <= events[k].time);
        }
    }
}

/* The event of id with code in list (fails when absent or twice): slot and generation, so the
 * same element of another run's pool (another pool tag) matches too. */
static const timed_event *find(const event_list *list, mote_id id, mote_event_code code) {
    const timed_event *found = NULL;
    for (size_t k = 0; k < list->n; ++k) {
        const timed_event *e = &list->e[k];
        if (e->code == code && e->id.slot == id.slot && e->id.generation == id.generation) {
            assert_null(found);
            found = e;
        }
    }
    assert_non_null(found);
    return found;
}

/* The event of id with code at `own` on the element's clock. */
static void assert_at(const event_list *list, mote_id id, mote_event_code code, double own) {
    const timed_event *e = find(list, id, code);
    if (fabs(e->own - own) > OWN_BOUND) {
        fail_msg("%s at %.9g on its clock, expected %.9g", mote_event_code_name(code), e->own, own);
    }
}

/* Each element's clock at the step's start, by its id's slot (slots are 1..n here). */
#define SLOTS 16
static void own_starts(const mote_pool *pool, int clock_field, float advanced, double own[SLOTS]) {
    for (size_t i = 0; i < pool->core.count; ++i) {
        const mote_id id = mote_pool_core_id_at(&pool->core, i);
        assert_true(id.slot < SLOTS);
        own[id.slot] = (double)pool->core.fields.field[clock_field][i] - (double)advanced;
    }
}

static const unsigned RATES[] = {30, 60, 240};
#define RATE_COUNT (sizeof RATES / sizeof RATES[0])

/* ---- the fixture: one kind's pool stepped at a rate, its events gathered */

/* The most events one step of the runs below records. */
#define STEP_EVENTS 32

/* A kind's run. make creates the pool, adds its elements, starts recording and lists the
 * events the run must give (want: each id's code at `own` on its clock and `at` on the run's);
 * step steps the pool by dt, reads the step's record into events (*count), checks what the
 * kind's own report and readers say of the step, and writes each element's clock at the
 * step's start into own (by slot); finish checks the pool's end and destroys it. */
typedef struct event_kind {
    const char *name;
    double seconds; /* every listed event falls within it */
    void *(*make)(event_list *want);
    void (*step)(void *pool, float dt, mote_event events[STEP_EVENTS], size_t *count,
                 double own[SLOTS]);
    void (*finish)(void *pool);
} event_kind;

static void want_event(event_list *want, mote_id id, mote_event_code code, double at, double own) {
    assert_true(want->n < MAX_EVENTS);
    want->e[want->n++] = (timed_event){id, code, at, own};
}

/* The kind's pool stepped at hz for its seconds: every step's record in order, within the
 * step, gathered into got; the events it must give in want. */
static void run_kind(const event_kind *kind, unsigned hz, event_list *got, event_list *want) {
    want->n = 0;
    got->n = 0;
    void *pool = kind->make(want);
    const float dt = 1.0f / (float)hz;
    const unsigned steps = (unsigned)(kind->seconds * hz);
    for (unsigned s = 0; s < steps; ++s) {
        mote_event events[STEP_EVENTS];
        size_t count = 0;
        double own[SLOTS];
        kind->step(pool, dt, events, &count, own);
        assert_true(count <= STEP_EVENTS);
        assert_ordered(events, count, dt);
        collect(got, events, count, (double)s * dt, own);
    }
    kind->finish(pool);
}

/* At every rate, the kind's run gives exactly the events it lists, each at its closed form on
 * the element's clock (within OWN_BOUND) and on the run's (within RATE_BOUND). */
static void assert_closed_forms(const event_kind *kind) {
    for (size_t r = 0; r < RATE_COUNT; ++r) {
        event_list got, want;
        run_kind(kind, RATES[r], &got, &want);
        if (got.n != want.n) {
            fail_msg("%s at %u Hz: %zu events, expected %zu", kind->name, RATES[r], got.n, want.n);
        }
        for (size_t k = 0; k < want.n; ++k) {
            const timed_event *w = &want.e[k];
            assert_at(&got, w->id, w->code, w->own);
            const timed_event *e = find(&got, w->id, w->code);
            if (fabs(e->at - w->at) > RATE_BOUND) {
                fail_msg("%s at %.9g on the run's clock at %u Hz, expected %.9g",
                         mote_event_code_name(w->code), e->at, RATES[r], w->at);
            }
        }
    }
}

/* ---- debris: released at detach_time */

#define PIECES 6

static void *debris_make(event_list *want) {
    mote_debris_pool_def def = mote_default_debris_pool_def();
    mote_debris_pool *pool;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < PIECES; ++k) {
        mote_debris_desc d = mote_default_debris_desc();
        d.detach_time = 0.3f + 0.37f * (float)k;
        d.peel_start = d.detach_time - 0.5f;
        mote_id id;
        assert_int_equal(mote_debris_pool_add(pool, &d, &id), MOTE_OK);
        want_event(want, id, MOTE_EVENT_DEBRIS_RELEASED, d.detach_time, d.detach_time);
    }
    assert_int_equal(mote_debris_pool_set_events(pool, true), MOTE_OK);
    return pool;
}

static void debris_step(void *pool, float dt, mote_event events[STEP_EVENTS], size_t *count,
                        double own[SLOTS]) {
    mote_id released_ids[PIECES];
    mote_debris_released released = {released_ids, PIECES, 0};
    assert_int_equal(mote_debris_pool_step(pool, dt, &released), MOTE_OK);
    assert_int_equal(mote_debris_pool_events(pool, events, STEP_EVENTS, count), MOTE_OK);
    assert_int_equal(*count, released.count); /* the report and the events agree */
    for (size_t k = 0; k < *count; ++k) {
        assert_int_equal(events[k].code, MOTE_EVENT_DEBRIS_RELEASED);
    }
    own_starts(pool, 0 /* time */, dt, own);
}

static void debris_finish(void *pool) {
    mote_debris_pool_destroy(pool);
}

static const event_kind debris_kind = {"debris", 3.0, debris_make, debris_step, debris_finish};

static void debris_released_at_detach_time(void **state) {
    (void)state;
    assert_closed_forms(&debris_kind);
}

/* ---- flight: landed at duration */

#define FLYERS 3

static void *flight_make(event_list *want) {
    mote_flight_pool_def def = mote_default_flight_pool_def();
    mote_flight_pool *pool;
    assert_int_equal(mote_flight_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < FLYERS; ++k) {
        mote_flight_desc d = mote_default_flight_desc();
        d.perch_position = (mote_vec3){6.0f + 4.0f * (float)k, 1.0f, 0.0f};
        mote_id id;
        assert_int_equal(mote_flight_pool_add(pool, &d, &id), MOTE_OK);
        const float duration = mote_flight_pool_view(pool).duration[k];
        assert_true(duration > 1.0f && duration < 11.0f);
        want_event(want, id, MOTE_EVENT_FLIGHT_LANDED, duration, duration);
    }
    assert_int_equal(mote_flight_pool_set_events(pool, true), MOTE_OK);
    return pool;
}

static void flight_step(void *pool, float dt, mote_event events[STEP_EVENTS], size_t *count,
                        double own[SLOTS]) {
    assert_int_equal(mote_flight_pool_step(pool, dt, NULL), MOTE_OK);
    assert_int_equal(mote_flight_pool_events(pool, events, STEP_EVENTS, count), MOTE_OK);
    own_starts(pool, 0 /* time */, dt, own);
    mote_flight_view v = mote_flight_pool_view(pool);
    for (size_t i = 0; i < v.count; ++i) { /* landed 1 exactly where an event says so */
        bool listed = false;
        for (size_t k = 0; k < *count; ++k) {
            listed = listed || events[k].id.slot == mote_flight_pool_id_at(pool, i).slot;
        }
        assert_int_equal(mote_flight_view_just_landed(&v, i), listed);
    }
}

static void flight_finish(void *pool) {
    mote_flight_pool_destroy(pool);
}

static const event_kind flight_kind = {"flight", 12.0, flight_make, flight_step, flight_finish};

static void flight_landed_at_duration(void **state) {
    (void)state;
    assert_closed_forms(&flight_kind);
}

/* ---- docking: each phase at its boundary, the lock at the smoothstep's inverse */

#define SEQUENCES 3
static const float DELAYS[SEQUENCES] = {0.1f, 0.7f, 2.3f};

static void *docking_make(event_list *want) {
    mote_docking_pool_def def = mote_default_docking_pool_def();
    const mote_docking_timeline tl = mote_docking_timeline_of(&def.profile);
    /* smoothstep(x) = 0.995 at x = 1/2 - sin(asin(1 - 2 0.995) / 3) */
    const double x = 0.5 - sin(asin(1.0 - 2.0 * 0.995) / 3.0);
    assert_true(fabs(x * x * (3.0 - 2.0 * x) - 0.995) < 1e-12);
    const mote_event_code codes[5] = {MOTE_EVENT_DOCKING_HOLD, MOTE_EVENT_DOCKING_APPROACH,
                                      MOTE_EVENT_DOCKING_SETTLE, MOTE_EVENT_DOCKING_SPIN_DOWN,
                                      MOTE_EVENT_DOCKING_LOCKED};
    const double at[5] = {0.0, tl.approach_start, tl.approach_end, tl.settle_end,
                          tl.settle_end + (tl.spin_down_end - tl.settle_end) * x};
    mote_docking_pool *pool;
    assert_int_equal(mote_docking_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < SEQUENCES; ++k) {
        mote_docking_state s;
        assert_int_equal(mote_docking_begin(&def.profile, (mote_vec3){0.0f, 0.0f, 0.0f},
                                            mote_quat_identity(), (mote_vec3){2.0f, 1.0f, 40.0f},
                                            DELAYS[k], &s),
                         MOTE_OK);
        mote_id id;
        assert_int_equal(mote_docking_pool_add(pool, &s, &id), MOTE_OK);
        for (int c = 0; c < 5; ++c) { /* on the sequence clock, -delay at the start */
            want_event(want, id, codes[c], DELAYS[k] + at[c], at[c]);
        }
    }
    assert_int_equal(mote_docking_pool_set_events(pool, true), MOTE_OK);
    return pool;
}

static void docking_step(void *pool, float dt, mote_event events[STEP_EVENTS], size_t *count,
                         double own[SLOTS]) {
    assert_int_equal(mote_docking_pool_step(pool, dt), MOTE_OK);
    assert_int_equal(mote_docking_pool_events(pool, events, STEP_EVENTS, count), MOTE_OK);
    assert_true(*count <= 4 * SEQUENCES);
    own_starts(pool, 0 /* time */, dt, own);
}

static void docking_finish(void *pool) {
    for (size_t k = 0; k < SEQUENCES; ++k) { /* the integer phase agrees with the pose's */
        mote_docking_view v = mote_docking_pool_view(pool);
        assert_int_equal(mote_docking_pool_phase(pool, k), MOTE_DOCKING_LOCKED);
        assert_true(mote_docking_view_locked(&v, k));
        assert_true(mote_docking_view_captured(&v, k));
    }
    mote_docking_pool_destroy(pool);
}

static const event_kind docking_kind = {"docking", 28.0, docking_make, docking_step,
                                        docking_finish};

static void docking_phases_at_their_boundaries(void **state) {
    (void)state;
    assert_closed_forms(&docking_kind);
}

/* ---- launch: each phase at its boundary, the stage at accel_end */

#define ROCKETS 3
static const float LAUNCH_TIMES[ROCKETS] = {0.0f, 0.45f, 3.3f};

static void *launch_make(event_list *want) {
    mote_launch_pool_def def = mote_default_launch_pool_def();
    const mote_launch_timeline tl = mote_launch_timeline_of(&def.profile);
    const mote_event_code codes[6] = {MOTE_EVENT_LAUNCH_SLOW,  MOTE_EVENT_LAUNCH_ACCEL,
                                      MOTE_EVENT_LAUNCH_DECEL, MOTE_EVENT_LAUNCH_STAGE_SEPARATED,
                                      MOTE_EVENT_LAUNCH_COAST, MOTE_EVENT_LAUNCH_REST};
    const double at[6] = {tl.ascent_start, tl.slow_end,   tl.accel_end,
                          tl.accel_end,    tl.ascent_end, tl.rest_start};
    mote_launch_pool *pool;
    assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < ROCKETS; ++k) {
        mote_launch_desc d = mote_default_launch_desc();
        d.rocket.launch_time = LAUNCH_TIMES[k];
        d.rocket.no_vibration = k == 1;
        mote_id id;
        assert_int_equal(mote_launch_pool_add(pool, &d, &id), MOTE_OK);
        for (int c = 0; c < 6; ++c) { /* on the rocket's own time */
            want_event(want, id, codes[c], LAUNCH_TIMES[k] + at[c], at[c]);
        }
    }
    assert_int_equal(mote_launch_pool_set_events(pool, true), MOTE_OK);
    return pool;
}

static void launch_step(void *pool, float dt, mote_event events[STEP_EVENTS], size_t *count,
                        double own[SLOTS]) {
    assert_int_equal(mote_launch_pool_step(pool, dt), MOTE_OK);
    assert_int_equal(mote_launch_pool_events(pool, events, STEP_EVENTS, count), MOTE_OK);
    const mote_launch_profile profile = mote_launch_pool_profile(pool);
    const mote_launch_timeline tl = mote_launch_timeline_of(&profile);
    const double clock = mote_launch_pool_clock(pool);
    mote_launch_view v = mote_launch_pool_view(pool);
    for (size_t i = 0; i < v.count; ++i) {
        /* the rocket's own time at the step's start */
        own[mote_launch_pool_id_at(pool, i).slot] = clock - dt - (double)v.launch_time[i];
        /* the integer phase is the model's */
        const float t = (float)(clock - (double)v.launch_time[i]);
        assert_int_equal(mote_launch_view_phase(&v, i), mote_launch_phase_at(&tl, t));
        assert_int_equal(mote_launch_view_flags(&v, i),
                         i == 1 ? MOTE_LAUNCH_FLAG_NO_VIBRATION : 0u);
    }
}

static void launch_finish(void *pool) {
    mote_launch_pool_destroy(pool);
}

static const event_kind launch_kind = {"launch", 36.0, launch_make, launch_step, launch_finish};

static void launch_phases_at_their_boundaries(void **state) {
    (void)state;
    assert_closed_forms(&launch_kind);
}

/* A step that crosses several phases at once (a 20 s hitch) reports each at its boundary, in
 * time order, the stage just after DECEL at the same time. */
static void launch_hitch_reports_every_phase(void **state) {
    (void)state;
    mote_launch_pool_def def = mote_default_launch_pool_def();
    def.max_dt = INFINITY; /* the hitch taken whole, not clamped to the default max_dt */
    mote_launch_pool *pool;
    assert_int_equal(mote_launch_pool_create(&def, &pool), MOTE_OK);
    mote_launch_desc d = mote_default_launch_desc();
    mote_id id;
    assert_int_equal(mote_launch_pool_add(pool, &d, &id), MOTE_OK);
    assert_int_equal(mote_launch_pool_set_events(pool, true), MOTE_OK);
    assert_int_equal(mote_launch_pool_step(pool, 0.5f), MOTE_OK);
    assert_int_equal(mote_launch_pool_step(pool, 20.0f), MOTE_OK);
    mote_event e[8];
    size_t count;
    assert_int_equal(mote_launch_pool_events(pool, e, 8, &count), MOTE_OK);
    assert_int_equal(count, 4);
    const mote_launch_timeline tl = mote_launch_timeline_of(&def.profile);
    const mote_event_code codes[4] = {MOTE_EVENT_LAUNCH_SLOW, MOTE_EVENT_LAUNCH_ACCEL,
                                      MOTE_EVENT_LAUNCH_DECEL, MOTE_EVENT_LAUNCH_STAGE_SEPARATED};
    const float at[4] = {tl.ascent_start, tl.slow_end, tl.accel_end, tl.accel_end};
    for (int k = 0; k < 4; ++k) {
        assert_int_equal(e[k].code, codes[k]);
        assert_int_equal(e[k].id.slot, id.slot);
        assert_float_equal(e[k].time, at[k] - 0.5f, 1e-5f);
    }
    assert_int_equal(mote_event_phase(e[2].code), MOTE_LAUNCH_DECEL);
    assert_int_equal(mote_event_phase(e[3].code), -1);
    /* a step of 0 records nothing */
    assert_int_equal(mote_launch_pool_step(pool, 0.0f), MOTE_OK);
    assert_int_equal(mote_launch_pool_events(pool, e, 8, &count), MOTE_OK);
    assert_int_equal(count, 0);
    mote_launch_pool_destroy(pool);
}

/* The same (id, code) pairs in every list, each within RATE_BOUND of the first rate's. */
static void same_at_every_rate(const event_list lists[RATE_COUNT]) {
    for (size_t r = 1; r < RATE_COUNT; ++r) {
        assert_int_equal(lists[r].n, lists[0].n);
        for (size_t k = 0; k < lists[0].n; ++k) {
            const timed_event *e = &lists[0].e[k];
            const timed_event *f = find(&lists[r], e->id, e->code);
            if (fabs(f->at - e->at) > RATE_BOUND) {
                fail_msg("%s at %.9g at %u Hz, %.9g at %u Hz", mote_event_code_name(e->code), e->at,
                         RATES[0], f->at, RATES[r]);
            }
        }
    }
}

/* The same events (ids and codes) at the same times on the run's clock, within a frame of the
 * fastest rate, at every rate: every kind with events. */
static void same_events_at_every_rate(void **state) {
    (void)state;
    const event_kind *const kinds[] = {&debris_kind, &flight_kind, &docking_kind, &launch_kind};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
        event_list lists[RATE_COUNT], want;
        for (size_t r = 0; r < RATE_COUNT; ++r) {
            run_kind(kinds[k], RATES[r], &lists[r], &want);
        }
        same_at_every_rate(lists);
    }
}

/* ---- every kind of the registry: one order serial and on two workers */

/* The records of two pools stepped alike agree member by member. */
static void assert_same_record(const mote_pool *a, const mote_pool *b) {
    const mote_event *ea, *eb;
    size_t na, nb;
    assert_true(mote_pool_events_held(a, &ea, &na));
    assert_true(mote_pool_events_held(b, &eb, &nb));
    assert_int_equal(na, nb);
    for (size_t k = 0; k < na; ++k) {
        assert_int_equal(ea[k].id.slot, eb[k].id.slot);
        assert_int_equal(ea[k].id.generation, eb[k].id.generation);
        assert_int_equal(ea[k].code, eb[k].code);
        assert_true(ea[k].time == eb[k].time);
    }
}

static void every_kind_same_order_on_two_workers(void **state) {
    (void)state;
    if (test_max_workers(2) < 2) {
        skip();
    }
    mote_workers *workers;
    assert_int_equal(mote_workers_create(2, &workers), MOTE_OK);
    const mote_task_system tasks = mote_workers_task_system(workers);
    size_t probe_count;
    const mote_probe *const *probes = mote_probes(&probe_count);
    const size_t n = test_scaled_at_least(6000, 2100); /* past every kind's parallel threshold */
    size_t kinds_with_events = 0;
    for (size_t p = 0; p < probe_count; ++p) {
        const mote_probe *probe = probes[p];
        const probe_variant *variant = &probe->variants[probe->main_variant];
        mote_pool *pools[2];
        for (int k = 0; k < 2; ++k) {
            assert_int_equal(
                probe_filled_pool(probe, variant, MOTE_BACKEND_AUTO, n, 0x5eed, &pools[k]),
                MOTE_OK);
            assert_int_equal(mote_pool_set_events(pools[k], probe->record, true), MOTE_OK);
        }
        size_t total = 0;
        for (int s = 0; s < 40; ++s) {
            const float dt = 0.25f + 0.01f * (float)(s % 3); /* jittery */
            for (int k = 0; k < 2; ++k) {
                const mote_task_system *t = k == 0 ? NULL : &tasks;
                assert_int_equal(probe->bench_step != NULL
                                     ? probe->bench_step(pools[k], dt, t)
                                     : mote_pool_step_span(pools[k], probe->record,
                                                           mote_step_whole(), dt, t, NULL, NULL),
                                 MOTE_OK);
            }
            assert_same_record(pools[0], pools[1]);
            const mote_event *events;
            size_t count;
            assert_true(mote_pool_events_held(pools[0], &events, &count));
            total += count;
        }
        if (probe->record->events != NULL) {
            ++kinds_with_events;
            if (total == 0) {
                fail_msg("%s: no events in 10 s of %zu elements", probe->record->name, n);
            }
        } else {
            assert_int_equal(total, 0);
        }
        for (int k = 0; k < 2; ++k) {
            mote_pool_destroy(pools[k], probe->record);
        }
    }
    assert_int_equal(kinds_with_events, 4); /* debris, flight, docking, launch */
    mote_workers_destroy(workers);
}

/* ---- capacity, refusals, recording off */

static void count_past_capacity(void **state) {
    (void)state;
    mote_id ids[PIECES];
    mote_debris_pool_def def = mote_default_debris_pool_def();
    def.max_dt = INFINITY; /* the 1 s step taken whole, not clamped to the default max_dt */
    mote_debris_pool *pool;
    assert_int_equal(mote_debris_pool_create(&def, &pool), MOTE_OK);
    for (int k = 0; k < 5; ++k) {
        mote_debris_desc d = mote_default_debris_desc();
        d.detach_time = 0.1f * (float)(5 - k); /* released in reverse index order */
        d.peel_start = 0.0f;
        assert_int_equal(mote_debris_pool_add(pool, &d, &ids[k]), MOTE_OK);
    }
    mote_event events[5];
    size_t count = 99;
    assert_int_equal(mote_debris_pool_events(pool, events, 5, &count), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "set_events"));
    assert_int_equal(count, 99);
    assert_int_equal(mote_debris_pool_set_events(pool, true), MOTE_OK);
    assert_int_equal(mote_debris_pool_step(pool, 1.0f, NULL), MOTE_OK);
    memset(events, 0, sizeof events);
    events[2].code = MOTE_EVENT_NONE;
    assert_int_equal(mote_debris_pool_events(pool, events, 2, &count), MOTE_OK);
    assert_int_equal(count, 5);
    assert_int_equal(events[0].id.slot, ids[4].slot); /* the earliest first */
    assert_int_equal(events[1].id.slot, ids[3].slot);
    assert_float_equal(events[0].time, 0.1f, 1e-6f);
    assert_int_equal(events[2].code, MOTE_EVENT_NONE); /* nothing past the capacity */
    assert_int_equal(mote_debris_pool_events(pool, NULL, 0, &count), MOTE_OK);
    assert_int_equal(count, 5);
    assert_int_equal(mote_debris_pool_events(pool, NULL, 1, &count), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "out"));
    assert_int_equal(mote_debris_pool_events(pool, events, 5, NULL), MOTE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(mote_error_detail(), "count"));
    assert_int_equal(mote_debris_pool_events(NULL, events, 5, &count), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_debris_pool_set_events(NULL, true), MOTE_ERROR_INVALID_ARGUMENT);
    /* a ranged step leaves the record; the next whole step replaces it */
    assert_int_equal(mote_debris_pool_step_range(pool, 0, 2, 0.5f, NULL), MOTE_OK);
    assert_int_equal(mote_debris_pool_events(pool, NULL, 0, &count), MOTE_OK);
    assert_int_equal(count, 5);
    assert_int_equal(mote_debris_pool_step(pool, 0.5f, NULL), MOTE_OK);
    assert_int_equal(mote_debris_pool_events(pool, NULL, 0, &count), MOTE_OK);
    assert_int_equal(count, 0);
    assert_int_equal(mote_debris_pool_set_events(pool, false), MOTE_OK);
    assert_int_equal(mote_debris_pool_events(pool, NULL, 0, &count), MOTE_ERROR_INVALID_ARGUMENT);
    mote_debris_pool_destroy(pool);
}

/* The integer readers read any float as a valid value, with get's rule. */
static void integer_readers(void **state) {
    (void)state;
    float phase[] = {-1.0f, 0.0f, 1.0f, 1.4f, 2.0f, 7.0f, NAN};
    mote_debris_view dv;
    memset(&dv, 0, sizeof dv);
    dv.phase = phase;
    const mote_debris_phase debris[] = {
        MOTE_DEBRIS_ATTACHED, MOTE_DEBRIS_ATTACHED, MOTE_DEBRIS_RELEASED, MOTE_DEBRIS_RELEASED,
        MOTE_DEBRIS_FREE,     MOTE_DEBRIS_FREE,     MOTE_DEBRIS_ATTACHED};
    mote_launch_view lv;
    memset(&lv, 0, sizeof lv);
    lv.phase = phase;
    lv.flags = phase;
    const mote_launch_phase launch[] = {MOTE_LAUNCH_HOLD, MOTE_LAUNCH_HOLD,  MOTE_LAUNCH_SLOW,
                                        MOTE_LAUNCH_SLOW, MOTE_LAUNCH_ACCEL, MOTE_LAUNCH_REST,
                                        MOTE_LAUNCH_HOLD};
    const unsigned flags[] = {0, 0, 1, 1, 2, 7, 0};
    for (size_t i = 0; i < sizeof phase / sizeof phase[0]; ++i) {
        assert_int_equal(mote_debris_view_phase(&dv, i), debris[i]);
        assert_int_equal(mote_launch_view_phase(&lv, i), launch[i]);
        assert_int_equal(mote_launch_view_flags(&lv, i), flags[i]);
    }
    assert_string_equal(mote_event_code_name(MOTE_EVENT_DOCKING_LOCKED), "docking locked");
    assert_string_equal(mote_event_code_name((mote_event_code)0x7777), "unknown");
    assert_int_equal(mote_event_phase(MOTE_EVENT_DOCKING_APPROACH), MOTE_DOCKING_APPROACH);
    assert_int_equal(mote_event_phase(MOTE_EVENT_FLIGHT_LANDED), -1);
}

/* ---- a world: each pool's events in join order, tagged with its index */

static void world_events_in_join_order(void **state) {
    (void)state;
    mote_world_def wdef = mote_default_world_def();
    mote_world *world;
    assert_int_equal(mote_world_create(&wdef, &world), MOTE_OK);
    mote_spring_pool_def sdef = mote_default_spring_pool_def();
    mote_spring_pool *springs;
    assert_int_equal(mote_spring_pool_create(&sdef, &springs), MOTE_OK);
    mote_debris_pool_def ddef = mote_default_debris_pool_def();
    mote_debris_pool *debris;
    assert_int_equal(mote_debris_pool_create(&ddef, &debris), MOTE_OK);
    mote_debris_desc d = mote_default_debris_desc();
    d.detach_time = 0.05f;
    mote_id piece;
    assert_int_equal(mote_debris_pool_add(debris, &d, &piece), MOTE_OK);
    assert_int_equal(mote_world_join_spring_pool(world, springs), MOTE_OK);
    assert_int_equal(mote_world_join_debris_pool(world, debris), MOTE_OK);
    assert_int_equal(mote_world_set_events(world, true), MOTE_OK);
    assert_int_equal(mote_world_step(world, 0.1f), MOTE_OK);
    mote_world_event e[4];
    size_t count;
    assert_int_equal(mote_world_events(world, e, 4, &count), MOTE_OK);
    assert_int_equal(count, 1);
    assert_int_equal(e[0].pool, 1);
    assert_int_equal(e[0].event.code, MOTE_EVENT_DEBRIS_RELEASED);
    assert_int_equal(e[0].event.id.slot, piece.slot);
    assert_float_equal(e[0].event.time, 0.05f, 1e-6f);
    assert_int_equal(mote_world_step(world, 0.1f), MOTE_OK);
    assert_int_equal(mote_world_events(world, e, 4, &count), MOTE_OK);
    assert_int_equal(count, 0);
    /* a step longer than the debris kind's 32 s: both releases at their times from the step's
     * start, in one record (a world that sub-steps the pool offsets the later sub-step's) */
    mote_debris_desc late = mote_default_debris_desc();
    late.detach_time = 30.0f; /* on the new pieces' own clocks, 0 at the step's start */
    late.peel_start = late.detach_time - 1.0f;
    d.detach_time = 5.2f;
    d.peel_start = 0.0f;
    mote_id early_piece, late_piece;
    assert_int_equal(mote_debris_pool_add(debris, &late, &late_piece), MOTE_OK);
    assert_int_equal(mote_debris_pool_add(debris, &d, &early_piece), MOTE_OK);
    assert_int_equal(mote_world_set_max_dt(world, INFINITY), MOTE_OK);
    assert_int_equal(mote_world_step(world, 40.0f), MOTE_OK);
    assert_int_equal(mote_world_events(world, e, 4, &count), MOTE_OK);
    assert_int_equal(count, 2);
    assert_int_equal(e[0].event.id.slot, early_piece.slot);
    assert_float_equal(e[0].event.time, 5.2f, 1e-4f);
    assert_int_equal(e[1].event.id.slot, late_piece.slot);
    assert_float_equal(e[1].event.time, 30.0f, 1e-4f);
    assert_int_equal(mote_world_events(world, e, 1, &count), MOTE_OK);
    assert_int_equal(count, 2);
    assert_int_equal(mote_world_events(NULL, e, 4, &count), MOTE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(mote_world_events(world, NULL, 4, &count), MOTE_ERROR_INVALID_ARGUMENT);
    mote_world_destroy(world);
    mote_debris_pool_destroy(debris);
    mote_spring_pool_destroy(springs);
}

MOTE_TEST_MAIN(cmocka_unit_test(debris_released_at_detach_time),
               cmocka_unit_test(flight_landed_at_duration),
               cmocka_unit_test(docking_phases_at_their_boundaries),
               cmocka_unit_test(launch_phases_at_their_boundaries),
               cmocka_unit_test(launch_hitch_reports_every_phase),
               cmocka_unit_test(same_events_at_every_rate),
               cmocka_unit_test(every_kind_same_order_on_two_workers),
               cmocka_unit_test(count_past_capacity), cmocka_unit_test(integer_readers),
               cmocka_unit_test(world_events_in_join_order))
