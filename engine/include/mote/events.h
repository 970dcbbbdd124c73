/* mote: the discrete events of every pool kind in one shape, and the discrete states they are
 * changes of, read as integers.
 *
 * An event is one element's change of discrete state in a step: a debris piece released, a
 * flyer landed, a docking sequence entering a phase (its lock included), a rocket entering a
 * launch phase or dropping its stage. Every kind reports them as mote_event: the element's id,
 * the code, and the time within the step at which it happened, in seconds from the step's
 * start (0 .. the seconds the step advanced). Where the model gives the moment in closed form
 * (a piece's detach_time, a flyer's duration, a timeline boundary, the docking lock's
 * spin_down_t threshold) the time is that moment, not the end of the step or sub-step that
 * found it: the same event at 30 Hz and at 240 Hz carries the same time on the pool's clock.
 *
 * Recording is the pool's choice, off by default: a pool records nothing and its steps make no
 * extra pass until mote_<kind>_pool_set_events(pool, true). Then every whole-pool step (step,
 * advance, step_parallel; a launch pool's step and step_parallel) replaces the pool's record
 * with that step's events, which mote_<kind>_pool_events reads. A ranged step (step_range,
 * disjoint ranges on several threads) records nothing and leaves the record as it was.
 *
 * Order: by time within the step, then by the element's dense index at the step, then by code.
 * The same on one thread and on any task system (each range finds its elements' states right
 * after its kernel; one pass after the step gathers them in index order, then they are sorted).
 *
 * The debris and flight steps' reports (mote_debris_released, mote_flight_landed) are kept as
 * they are: the ids alone, in index order, for any range. */
#ifndef MOTE_EVENTS_H
#define MOTE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "mote/base.h"
#include "mote/debris_pool.h"
#include "mote/docking_pool.h"
#include "mote/flight_pool.h"
#include "mote/launch_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What happened. A code's high byte is its kind's number (fixed for good, as in every id's
 * pool tag); for a phase entered, its low byte is the phase's own enum value
 * (mote_event_phase). */
typedef enum mote_event_code {
    MOTE_EVENT_NONE = 0,
    /* debris (mote/debris_pool.h): the piece detached at its detach_time */
    MOTE_EVENT_DEBRIS_RELEASED = 0x0301,
    /* docking (mote/docking_pool.h): the sequence entered mote_docking_phase ... */
    MOTE_EVENT_DOCKING_HOLD = 0x0C01,      /* its clock reached 0: the sequence started */
    MOTE_EVENT_DOCKING_APPROACH = 0x0C02,  /* approach_start: captured, the approach begins */
    MOTE_EVENT_DOCKING_SETTLE = 0x0C03,    /* the end of the approach */
    MOTE_EVENT_DOCKING_SPIN_DOWN = 0x0C04, /* the end of the settle */
    MOTE_EVENT_DOCKING_LOCKED = 0x0C05,    /* spin_down_t reached lock_threshold: locked */
    /* launch (mote/launch_pool.h): the rocket entered mote_launch_phase ... */
    MOTE_EVENT_LAUNCH_SLOW = 0x0B01,  /* ignition_hold over: the ascent starts */
    MOTE_EVENT_LAUNCH_ACCEL = 0x0B02, /* slow_end */
    MOTE_EVENT_LAUNCH_DECEL = 0x0B03, /* accel_end */
    MOTE_EVENT_LAUNCH_COAST = 0x0B04, /* ascent_end: normalized distance 1 */
    MOTE_EVENT_LAUNCH_REST = 0x0B05,  /* rest_start: the coast is over */
    /* launch: the first stage separates at the end of the acceleration phase (accel_end, the
     * moment the stage pool's detach is captured in mote-demo), just after
     * MOTE_EVENT_LAUNCH_DECEL at the same time */
    MOTE_EVENT_LAUNCH_STAGE_SEPARATED = 0x0B10,
    /* flight (mote/flight_pool.h): the flyer reached its perch at its duration */
    MOTE_EVENT_FLIGHT_LANDED = 0x0E01
} mote_event_code;

/* One event of one element. */
typedef struct mote_event {
    mote_id id;           /* the element's id */
    mote_event_code code; /* what happened */
    float time;           /* s from the step's start, in [0, the seconds it advanced] */
} mote_event;

/* "debris released", "docking approach", "launch stage separated", ...; "unknown" for a value
 * that is not a code. */
const char *mote_event_code_name(mote_event_code code);

/* For a phase-entered code, the phase entered (a mote_docking_phase or mote_launch_phase
 * value); -1 for any other code. */
static inline int mote_event_phase(mote_event_code code) {
    const unsigned kind = (unsigned)code >> 8, low = (unsigned)code & 0xffu;
    return (kind == 0x0Cu || kind == 0x0Bu) && low >= 1u && low <= 5u ? (int)low : -1;
}

/* Each kind with events: set_events(pool, true) starts recording (its memory is taken at the
 * next step, a byte or two per element and the events), false stops it and frees the record;
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL or foreign pool.
 *
 * events(pool, out, capacity, count) reads the record of the last whole-pool step: *count gets
 * how many events it holds (it may exceed capacity: then only the first capacity were written,
 * the rest are still in the record), out[0 .. min(count, capacity)) the events in the order
 * above. MOTE_ERROR_INVALID_ARGUMENT for a NULL or foreign pool, a NULL count, out NULL with
 * capacity > 0, or a pool that does not record (set_events first); MOTE_ERROR_OUT_OF_MEMORY
 * when the last step could not take the memory its record needed (the step itself was done;
 * *count is 0). Nothing is written on error. A step that stepped nothing (dt 0, an empty pool)
 * leaves an empty record. The record is the pool's, kept until the next whole-pool step: add,
 * remove, set and restore leave it as it was (its ids still name the elements that had the
 * events, or are stale). */
mote_status mote_debris_pool_set_events(mote_debris_pool *pool, bool record);
mote_status mote_debris_pool_events(const mote_debris_pool *pool, mote_event *out, size_t capacity,
                                    size_t *count);
mote_status mote_flight_pool_set_events(mote_flight_pool *pool, bool record);
mote_status mote_flight_pool_events(const mote_flight_pool *pool, mote_event *out, size_t capacity,
                                    size_t *count);
mote_status mote_docking_pool_set_events(mote_docking_pool *pool, bool record);
mote_status mote_docking_pool_events(const mote_docking_pool *pool, mote_event *out,
                                     size_t capacity, size_t *count);
mote_status mote_launch_pool_set_events(mote_launch_pool *pool, bool record);
mote_status mote_launch_pool_events(const mote_launch_pool *pool, mote_event *out, size_t capacity,
                                    size_t *count);

/* ----------------------------------------------------------------------------------------
 * Discrete states as integers. The views store them as floats so that a kernel reads and
 * writes them as it does every field; these read element i of a view (i < view->count) as the
 * kind's own enum or flags, with the rule get uses, so a game never compares a float with
 * (float)MOTE_LAUNCH_ACCEL. Any float (one written through the view too) reads as a valid
 * value. Inline: a loop over a view pays one load and a compare per element. */

/* A piece's phase: ATTACHED (0 or below, NaN), RELEASED (in (0, 1.5]: released in the last
 * step that covered it), FREE (above 1.5). */
static inline mote_debris_phase mote_debris_view_phase(const mote_debris_view *view, size_t i) {
    const float p = view->phase[i];
    return p > 1.5f ? MOTE_DEBRIS_FREE : p > 0.0f ? MOTE_DEBRIS_RELEASED : MOTE_DEBRIS_ATTACHED;
}

/* Whether a flyer has landed (landed 1 or 2). */
static inline bool mote_flight_view_landed(const mote_flight_view *view, size_t i) {
    return view->landed[i] > 0.0f;
}

/* Whether a flyer landed in the last step that covered it (landed 1, not 2). */
static inline bool mote_flight_view_just_landed(const mote_flight_view *view, size_t i) {
    return view->landed[i] > 0.0f && view->landed[i] <= 1.5f;
}

/* A docking sequence's flags (> 0 reads as true, as get reads them). Its phase also depends on
 * the pool's timeline: mote_docking_pool_phase. */
static inline bool mote_docking_view_captured(const mote_docking_view *view, size_t i) {
    return view->captured[i] > 0.0f;
}
static inline bool mote_docking_view_locked(const mote_docking_view *view, size_t i) {
    return view->locked[i] > 0.0f;
}

/* The phase of sequence i of a docking pool (< its count) at its clock, from the pool's
 * timeline and its locked flag (mote_docking_pose's phase); MOTE_DOCKING_PENDING for a NULL
 * or foreign pool or an index past the count. */
mote_docking_phase mote_docking_pool_phase(const mote_docking_pool *pool, size_t i);

/* A rocket's phase: the whole part of the stored value, clamped to HOLD .. REST (NaN: HOLD). */
static inline mote_launch_phase mote_launch_view_phase(const mote_launch_view *view, size_t i) {
    const float p = view->phase[i];
    return p >= 5.0f ? MOTE_LAUNCH_REST : p >= 1.0f ? (mote_launch_phase)(int)p : MOTE_LAUNCH_HOLD;
}

/* A rocket's diagnostics flags as bits (MOTE_LAUNCH_FLAG_*), as get decodes them. */
#define MOTE_LAUNCH_FLAG_NO_ROLL         1u
#define MOTE_LAUNCH_FLAG_NO_VIBRATION    2u
#define MOTE_LAUNCH_FLAG_NO_CAMERA_SHAKE 4u
static inline unsigned mote_launch_view_flags(const mote_launch_view *view, size_t i) {
    const float f = view->flags[i];
    return f >= 7.0f ? 7u : f >= 1.0f ? (unsigned)f : 0u;
}

/* ----------------------------------------------------------------------------------------
 * A world's events (mote/world.h) */

typedef struct mote_world mote_world;

/* One event of a world step: the pool's event, and which pool (its index in join order,
 * 0 .. mote_world_pool_count - 1, at the step). */
typedef struct mote_world_event {
    mote_event event; /* time: s from the world step's start */
    size_t pool;
} mote_world_event;

/* Starts (true) or stops (false) recording events in every pool joined to the world now that
 * has a kind with events, as each pool's set_events does (a pool joined later records as its
 * own setting says). MOTE_ERROR_INVALID_ARGUMENT for a NULL world. */
mote_status mote_world_set_events(mote_world *world, bool record);

/* The events of the last world step, pool by pool in join order, each pool's in its own order
 * (above), times from the world step's start (a pool the world stepped in sub-steps reports
 * every sub-step's events, each offset by the sub-step's start). Pools that do not record add
 * nothing. count and capacity as mote_<kind>_pool_events: *count may exceed capacity.
 * MOTE_ERROR_INVALID_ARGUMENT for a NULL world or count, or out NULL with capacity > 0;
 * MOTE_ERROR_OUT_OF_MEMORY when a pool's record is incomplete (as the pool's events says). */
mote_status mote_world_events(const mote_world *world, mote_world_event *out, size_t capacity,
                              size_t *count);

#ifdef __cplusplus
}
#endif

#endif
