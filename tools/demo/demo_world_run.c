/* mote-demo's world scene run (demo_world.h): 60 Hz frames, a hitch, a save, more frames, a
 * restore and the same frames again, with the world's events printed as they happen, through
 * the public API alone. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo_world.h"
#include "mote/events.h"

#define FRAME        (1.0f / 60.0f)
#define FRAMES       120u  /* 2 s at 60 Hz */
#define HITCH        10.0f /* s: one long frame */
#define STEP_EVENTS  64u   /* events read per step */
#define LOG_CAPACITY 256u  /* events kept per phase, to compare */

/* The pools in join order (demo_world.c's make), as the world's events name them. */
static const char *const pool_names[] = {"spring",  "mover",  "debris", "flight",
                                         "docking", "launch", "stage",  "orientation"};

/* A phase's events, in the world's order, each with the frame it came in. */
typedef struct event_log {
    size_t count; /* every event of the phase; the first LOG_CAPACITY are kept */
    unsigned frame[LOG_CAPACITY];
    mote_world_event event[LOG_CAPACITY];
} event_log;

/* Whether two phases had the same events in the same frames: ids, codes, pools and times
 * compared member by member. */
static bool logs_equal(const event_log *a, const event_log *b) {
    if (a->count != b->count) {
        return false;
    }
    for (size_t e = 0; e < a->count && e < LOG_CAPACITY; ++e) {
        const mote_event *x = &a->event[e].event, *y = &b->event[e].event;
        if (a->frame[e] != b->frame[e] || a->event[e].pool != b->event[e].pool ||
            !mote_id_equal(x->id, y->id) || x->code != y->code || x->time != y->time) {
            return false;
        }
    }
    return true;
}

/* One frame of dt: the world step, then its events, printed (when print) and logged. */
static bool frame(demo_world_scene *scene, float dt, unsigned index, bool print, event_log *log) {
    const double start = scene->seconds;
    if (demo_world_step(scene, dt) != MOTE_OK) {
        fprintf(stderr, "mote-demo: world scene: a step refused: %s\n", mote_error_detail());
        return false;
    }
    mote_world_event events[STEP_EVENTS];
    size_t count = 0;
    if (mote_world_events(scene->world, events, STEP_EVENTS, &count) != MOTE_OK) {
        fprintf(stderr, "mote-demo: world scene: events: %s\n", mote_error_detail());
        return false;
    }
    for (size_t e = 0; e < count && e < STEP_EVENTS; ++e) {
        const mote_event *ev = &events[e].event;
        if (print) {
            printf("    %7.3f s  %-7s %3u:%u  %-24s +%.4f s\n", start, pool_names[events[e].pool],
                   ev->id.slot, ev->id.generation, mote_event_code_name(ev->code),
                   (double)ev->time);
        }
        if (log->count + e < LOG_CAPACITY) {
            log->frame[log->count + e] = index;
            log->event[log->count + e] = events[e];
        }
    }
    if (print && count > STEP_EVENTS) {
        printf("    ... and %zu more in this step\n", count - STEP_EVENTS);
    }
    log->count += count;
    return true;
}

static bool frames(demo_world_scene *scene, unsigned count, bool print, event_log *log) {
    for (unsigned f = 0; f < count; ++f) {
        if (!frame(scene, FRAME, f, print, log)) {
            return false;
        }
    }
    return true;
}

/* The world's snapshot, in a buffer of the caller's to free (*size its bytes); NULL after
 * printing why. */
static unsigned char *save(const demo_world_scene *scene, size_t *size) {
    *size = mote_world_snapshot_size(scene->world);
    unsigned char *blob = malloc(*size);
    if (blob == NULL || mote_world_save(scene->world, blob, *size, size) != MOTE_OK) {
        fprintf(stderr, "mote-demo: world scene: save: %s\n",
                blob == NULL ? "out of memory" : mote_error_detail());
        free(blob);
        return NULL;
    }
    return blob;
}

/* FNV-1a over a snapshot's bytes: the state's hash as printed. */
static uint64_t hash_of(const unsigned char *blob, size_t size) {
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < size; ++i) {
        h = (h ^ blob[i]) * 0x100000001b3u;
    }
    return h;
}

static void print_phase(const demo_world_scene *scene, const char *what, const event_log *log) {
    printf("  %-22s world %6.3f s, launch clock %6.3f s, %zu events\n", what, scene->seconds,
           mote_launch_pool_clock(scene->rockets), log->count);
}

/* The clocks the pools keep (the last element's, whose events fall after the run). */
typedef struct pool_clocks {
    double debris, flight, docking, launch;
} pool_clocks;

static pool_clocks clocks_of(demo_world_scene *scene) {
    const size_t last = DEMO_WORLD_ELEMENTS - 1;
    return (pool_clocks){mote_debris_pool_view(scene->debris).time[last],
                         mote_flight_pool_view(scene->flyers).time[last],
                         mote_docking_pool_view(scene->chasers).time[last],
                         mote_launch_pool_clock(scene->rockets)};
}

/* One frame of HITCH seconds: what the world advanced every pool, what the pools' clocks
 * moved, and what each pool's own step of it alone would have advanced. */
static bool hitch(demo_world_scene *scene, event_log *log) {
    float alone[8] = {0};
    (void)mote_spring_pool_advance_of(scene->springs, HITCH, &alone[0]);
    (void)mote_mover_pool_advance_of(scene->movers, HITCH, &alone[1]);
    (void)mote_debris_pool_advance_of(scene->debris, HITCH, &alone[2]);
    (void)mote_flight_pool_advance_of(scene->flyers, HITCH, &alone[3]);
    (void)mote_docking_pool_advance_of(scene->chasers, HITCH, &alone[4]);
    (void)mote_launch_pool_advance_of(scene->rockets, HITCH, &alone[5]);
    (void)mote_stage_pool_advance_of(scene->stages, HITCH, &alone[6]);
    (void)mote_orientation_pool_advance_of(scene->turrets, HITCH, &alone[7]);
    const pool_clocks before = clocks_of(scene);
    const double start = scene->seconds;
    if (!frame(scene, HITCH, 0, true, log)) {
        return false;
    }
    const pool_clocks after = clocks_of(scene);
    printf("  one %g s frame (hitch)  every pool advanced %.3f s (the world's max_dt %.3f s)\n",
           (double)HITCH, scene->seconds - start, (double)mote_world_max_dt(scene->world));
    printf("    the pools' clocks moved: debris %.3f, flight %.3f, docking %.3f, launch %.3f s\n",
           after.debris - before.debris, after.flight - before.flight,
           after.docking - before.docking, after.launch - before.launch);
    printf("    a step of it alone (the pool's own max_dt and limit) would advance:\n     ");
    for (size_t p = 0; p < 8; ++p) {
        printf(" %s %.3f%s", pool_names[p], (double)alone[p],
               p + 1 == 8 ? " s\n"
               : p == 3   ? ",\n     "
                          : ",");
    }
    print_phase(scene, "after the hitch:", log);
    return true;
}

/* The save, the frames after it, the restore and the same frames again: their events and
 * their final states (snapshots, compared byte by byte) must be the same. */
static bool save_and_restore(demo_world_scene *scene) {
    size_t size = 0, first_size = 0, again_size = 0;
    unsigned char *saved = save(scene, &size);
    if (saved == NULL) {
        return false;
    }
    const double saved_seconds = scene->seconds;
    printf("  saved the world        %zu bytes, one blob for %zu pools, state %016llx\n", size,
           mote_world_pool_count(scene->world), (unsigned long long)hash_of(saved, size));
    static event_log first, again;
    first.count = again.count = 0;
    unsigned char *first_state = NULL, *again_state = NULL;
    bool ok = frames(scene, FRAMES, true, &first);
    if (ok) {
        first_state = save(scene, &first_size);
        ok = first_state != NULL;
    }
    if (ok) {
        print_phase(scene, "2 s more at 60 Hz:", &first);
        ok = mote_world_restore(scene->world, saved, size) == MOTE_OK;
        if (!ok) {
            fprintf(stderr, "mote-demo: world scene: restore: %s\n", mote_error_detail());
        }
    }
    if (ok) {
        scene->seconds = saved_seconds;
        printf("  restored the save      world %6.3f s, launch clock %6.3f s\n", scene->seconds,
               mote_launch_pool_clock(scene->rockets));
        ok = frames(scene, FRAMES, false, &again);
    }
    if (ok) {
        again_state = save(scene, &again_size);
        ok = again_state != NULL;
    }
    if (ok) {
        print_phase(scene, "the same 2 s again:", &again);
        const bool same_state =
            first_size == again_size && memcmp(first_state, again_state, first_size) == 0;
        const bool same_events = logs_equal(&first, &again);
        printf("  continued state %016llx, after the restore %016llx; events %s\n",
               (unsigned long long)hash_of(first_state, first_size),
               (unsigned long long)hash_of(again_state, again_size),
               same_events ? "the same (ids, codes, times)" : "DIFFERENT");
        ok = same_state && same_events;
        if (ok) {
            printf("world: after the restore the continuation matched the first bit for bit\n");
        } else {
            fprintf(stderr, "mote-demo: world scene: the continuation after the restore differs "
                            "from the first\n");
        }
    }
    free(saved);
    free(first_state);
    free(again_state);
    return ok;
}

bool demo_world_run(void) {
    demo_world_scene scene;
    if (demo_world_create(&scene) != MOTE_OK) {
        return false;
    }
    printf("world: %zu pools, one of every kind, %u elements each, one world step a frame; "
           "events:\n",
           mote_world_pool_count(scene.world), DEMO_WORLD_ELEMENTS);
    printf("    (the step's start, pool, element id slot:generation, event, time within the "
           "step)\n");
    static event_log before, during;
    before.count = during.count = 0;
    bool ok = frames(&scene, FRAMES, true, &before);
    if (ok) {
        print_phase(&scene, "2 s at 60 Hz:", &before);
        ok = hitch(&scene, &during) && save_and_restore(&scene);
    }
    demo_world_destroy(&scene);
    return ok;
}
