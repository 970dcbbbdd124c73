/* Seeded, plausible springs for the benchmarks, one set kept alive at a time. */
#include "bench_springs.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench_buffers.h"

/* splitmix64: a small deterministic generator. */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi). */
static float random_range(uint64_t *state, float lo, float hi) {
    float unit = (float)(next_random(state) >> 40) / (float)(1u << 24);
    return lo + (hi - lo) * unit;
}

/* A plausible spring; a kind ignores the fields it does not use. The ranges keep every state
 * clear of subnormal floats for the BENCH_RESTORE_PERIOD (256) steps between restores:
 * half-lives of at least 0.1 s (0.05 s for each spring of a double kind) and decay rates of
 * at most 10/s halve a state at most about 85 times in 256 steps of 1/60 s. */
static mote_spring_desc plausible_spring(uint64_t *rng) {
    mote_spring_desc d;
    d.x = random_range(rng, -3.0f, 3.0f); /* units, or radians for the angle kinds */
    d.v = random_range(rng, -2.0f, 2.0f);
    d.goal = random_range(rng, -3.0f, 3.0f);
    d.xi = random_range(rng, -3.0f, 3.0f);
    d.vi = random_range(rng, -2.0f, 2.0f);
    d.halflife = random_range(rng, 0.1f, 1.0f);
    d.stiffness = random_range(rng, 4.0f, 100.0f);
    /* 0.2 to 1.5 times critical damping: under-, critically and over-damped springs mixed. */
    d.damping = 2.0f * sqrtf(d.stiffness) * random_range(rng, 0.2f, 1.5f);
    d.rate = random_range(rng, 1.0f, 10.0f);
    /* inertialize: from the draws above, so the other kinds' springs stay as they were */
    d.incoming_v = d.vi;
    d.offset_x = d.xi - d.goal;
    d.offset_v = d.v - d.vi;
    /* the Spring-It-On kinds: from the draws above too. Goals due in 0.5 to 2 s, speeds of 1
     * to 3 units/s, blends of 2 to 5 s (running for most of a restore period) */
    d.goal_time = 0.5f + 0.5f * fabsf(d.xi);
    d.speed = 1.0f + fabsf(d.vi);
    d.incoming_a = 3.0f * d.v;
    d.v_halflife = 0.5f * d.halflife;
    d.a_halflife = d.halflife;
    d.ext_x = d.xi;
    d.ext_v = d.vi;
    d.ext_t = 0.0f;
    d.blend_time = 2.0f + fabsf(d.x);
    return d;
}

/* Floats for count elements, 64-byte aligned, on the pools' kind of memory (bench_buffers.h). */
static float *aligned_floats(size_t count) {
    return bench_buffer_alloc(count * sizeof(float));
}

static void free_floats(float *floats, size_t count) {
    bench_buffer_free(floats, count * sizeof(float));
}

/* Frees the baselines' arrays and clears them. */
static void free_soa(bench_soa *soa, size_t count) {
    free_floats(soa->x, count);
    free_floats(soa->v, count);
    free_floats(soa->goal, count);
    free_floats(soa->halflife, count);
    free_floats(soa->cache_key, count);
    free_floats(soa->cache_factor, count);
    memset(soa, 0, sizeof *soa);
}

static void free_springs(bench_springs *springs) {
    mote_spring_pool_destroy(springs->pool);
    free(springs->initial);
    bench_buffer_free(springs->structs, springs->count * sizeof(mote_spring_desc));
    free_soa(&springs->soa, springs->count);
    memset(springs, 0, sizeof *springs);
}

static bench_springs current;
static bool current_live;

bench_springs *bench_springs_acquire(mote_spring_kind kind, mote_backend backend, size_t count) {
    if (current_live && current.kind == kind && current.backend == backend &&
        current.count == count) {
        return &current;
    }
    bench_springs_release();
    current.kind = kind;
    current.backend = backend;
    current.count = count;
    current.initial = malloc(count * sizeof(mote_spring_desc));
    if (current.initial == NULL) {
        free_springs(&current);
        return NULL;
    }
    uint64_t rng = 0x6d6f746562656e63u + (uint64_t)kind; /* "motebenc" */
    for (size_t i = 0; i < count; ++i) {
        current.initial[i] = plausible_spring(&rng);
    }
    current_live = true;
    return &current;
}

void bench_springs_release(void) {
    if (current_live) {
        free_springs(&current);
        current_live = false;
    }
}

/* Writes element i's state (x, v, xi, vi, offset_x, offset_v, goal_time, ext_x, ext_v, ext_t)
 * into the view's arrays the kind has. */
static void write_state(const mote_spring_view *view, size_t i, const mote_spring_desc *d) {
    view->x[i] = d->x;
    if (view->v != NULL) {
        view->v[i] = d->v;
    }
    if (view->xi != NULL) {
        view->xi[i] = d->xi;
    }
    if (view->vi != NULL) {
        view->vi[i] = d->vi;
    }
    if (view->offset_x != NULL) {
        view->offset_x[i] = d->offset_x;
        view->offset_v[i] = d->offset_v;
    }
    if (view->goal_time != NULL) {
        view->goal_time[i] = d->goal_time;
    }
    if (view->ext_x != NULL) {
        view->ext_x[i] = d->ext_x;
        view->ext_v[i] = d->ext_v;
        view->ext_t[i] = d->ext_t;
    }
}

/* Writes element i's inputs into the view's arrays the kind has. The half-life kinds store
 * the damping their half-life implies; the force kinds (with stiffness) store damping as is. */
static void write_inputs(const mote_spring_view *view, mote_spring_kind kind, size_t i,
                         const mote_spring_desc *d) {
    if (view->goal != NULL) {
        view->goal[i] = d->goal;
    }
    if (view->stiffness != NULL) {
        view->stiffness[i] = d->stiffness;
    }
    if (view->damping != NULL) {
        view->damping[i] =
            view->stiffness != NULL ? d->damping : mote_spring_damping_for_kind(kind, d->halflife);
    }
    if (view->rate != NULL) {
        view->rate[i] = d->rate;
    }
    if (view->incoming_v != NULL) {
        view->incoming_v[i] = d->incoming_v;
    }
    if (view->speed != NULL) {
        view->speed[i] = d->speed;
    }
    if (view->incoming_a != NULL) {
        view->incoming_a[i] = d->incoming_a;
        view->v_damping[i] = mote_spring_damping_for_kind(kind, d->v_halflife);
        view->a_damping[i] = mote_spring_damping_for_kind(kind, d->a_halflife);
    }
    if (view->blend_time != NULL) {
        view->blend_time[i] = d->blend_time;
    }
}

mote_status bench_springs_make_pool(bench_springs *springs) {
    if (springs->pool != NULL) {
        return MOTE_OK;
    }
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = springs->kind;
    def.backend = springs->backend;
    def.capacity = springs->count;
    mote_status status = mote_spring_pool_create(&def, &springs->pool);
    mote_spring_desc rest = mote_default_spring_desc();
    for (size_t i = 0; i < springs->count && status == MOTE_OK; ++i) {
        status = mote_spring_pool_add(springs->pool, &rest, NULL);
    }
    if (status != MOTE_OK) {
        mote_spring_pool_destroy(springs->pool);
        springs->pool = NULL;
        return status;
    }
    springs->view = mote_spring_pool_view(springs->pool);
    for (size_t i = 0; i < springs->count; ++i) {
        write_state(&springs->view, i, &springs->initial[i]);
        write_inputs(&springs->view, springs->kind, i, &springs->initial[i]);
    }
    return mote_spring_pool_validate(springs->pool, NULL);
}

void bench_springs_restore_pool(bench_springs *springs) {
    for (size_t i = 0; i < springs->count; ++i) {
        write_state(&springs->view, i, &springs->initial[i]);
    }
}

bool bench_springs_make_structs(bench_springs *springs) {
    if (springs->structs == NULL) {
        springs->structs = bench_buffer_alloc(springs->count * sizeof(mote_spring_desc));
        if (springs->structs == NULL) {
            return false;
        }
        bench_springs_restore_structs(springs);
    }
    return true;
}

void bench_springs_restore_structs(bench_springs *springs) {
    memcpy(springs->structs, springs->initial, springs->count * sizeof(mote_spring_desc));
}

bool bench_springs_make_soa(bench_springs *springs) {
    bench_soa *soa = &springs->soa;
    if (soa->x != NULL) {
        return true;
    }
    soa->x = aligned_floats(springs->count);
    soa->v = aligned_floats(springs->count);
    soa->goal = aligned_floats(springs->count);
    soa->halflife = aligned_floats(springs->count);
    soa->cache_key = aligned_floats(springs->count);
    soa->cache_factor = aligned_floats(springs->count);
    if (soa->x == NULL || soa->v == NULL || soa->goal == NULL || soa->halflife == NULL ||
        soa->cache_key == NULL || soa->cache_factor == NULL) {
        free_soa(soa, springs->count);
        return false;
    }
    for (size_t i = 0; i < springs->count; ++i) {
        soa->goal[i] = springs->initial[i].goal;
        soa->halflife[i] = springs->initial[i].halflife;
        soa->cache_key[i] = soa->halflife[i];
        soa->cache_factor[i] = soa->halflife[i];
    }
    bench_springs_restore_soa(springs);
    return true;
}

void bench_springs_restore_soa(bench_springs *springs) {
    for (size_t i = 0; i < springs->count; ++i) {
        springs->soa.x[i] = springs->initial[i].x;
        springs->soa.v[i] = springs->initial[i].v;
    }
}

size_t bench_springs_pool_bytes_per_element(const bench_springs *springs) {
    const mote_spring_view *f = &springs->view;
    /* every stored array read (inertialize's output x, v only written, but its cache lines
     * still come in: write-allocate), and the state written back */
    const float *stored[] = {f->x,          f->v,         f->goal,    f->xi,
                             f->vi,         f->stiffness, f->damping, f->rate,
                             f->incoming_v, f->offset_x,  f->offset_v};
    const float *state[] = {f->x, f->v, f->xi, f->vi, f->offset_x, f->offset_v};
    size_t fields = 0;
    for (size_t i = 0; i < sizeof stored / sizeof stored[0]; ++i) {
        fields += stored[i] != NULL;
    }
    for (size_t i = 0; i < sizeof state / sizeof state[0]; ++i) {
        fields += state[i] != NULL;
    }
    return fields * sizeof(float);
}
