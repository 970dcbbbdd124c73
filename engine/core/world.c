/* A world's life and its list of pools: create, destroy, join and leave (mote/world.h). The
 * step is world_step.c's. */
#include <math.h>
#include <string.h>

#include "allocator.h"
#include "kinds.h"
#include "refuse.h"
#include "world_internal.h"

#define WORLD_DEF_COOKIE 0x574f524c /* "WORL" */

mote_world_def mote_default_world_def(void) {
    return (mote_world_def){
        .max_dt = MOTE_DEFAULT_MAX_DT,
        .max_substeps = 256,
        .tasks = NULL,
        .pool_capacity = 16,
        .internal_cookie = WORLD_DEF_COOKIE,
    };
}

/* The def's checks, the cookie first. */
static mote_status check_def(const mote_world_def *def) {
    if (def->internal_cookie != WORLD_DEF_COOKIE) {
        return mote_refuse(MOTE_ERROR_UNINITIALIZED_DEF,
                           "def must start from mote_default_world_def() (a zeroed or hand-built "
                           "def)");
    }
    if (!(def->max_dt > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "def.max_dt must be > 0 (got %g)",
                           (double)def->max_dt);
    }
    if (def->max_substeps < 1 || def->max_substeps > MOTE_WORLD_MAX_SUBSTEPS) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "def.max_substeps must be in [1, %d] (got %u)", MOTE_WORLD_MAX_SUBSTEPS,
                           def->max_substeps);
    }
    if (def->pool_capacity > ((size_t)1 << 20)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "def.pool_capacity must be <= 1048576 (got %zu)", def->pool_capacity);
    }
    if (def->tasks != NULL && (def->tasks->enqueue == NULL || def->tasks->worker_count == 0)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "def.tasks must have an enqueue function and worker_count >= 1 (got "
                           "%s, %u)",
                           def->tasks->enqueue == NULL ? "NULL" : "a function",
                           def->tasks->worker_count);
    }
    return MOTE_OK;
}

/* The bytes of the per-member arrays for capacity members. */
static size_t members_bytes(size_t capacity) {
    return capacity * sizeof(mote_world_member);
}
static size_t plans_bytes(size_t capacity) {
    return capacity * sizeof(mote_step_plan);
}
static size_t running_bytes(size_t capacity) {
    return capacity * sizeof(const mote_step_plan *);
}
static size_t offsets_bytes(size_t capacity) {
    return (capacity + 1) * sizeof(size_t);
}

/* Frees the per-member arrays of room capacity. */
static void release_arrays(const mote_allocator *allocator, mote_world_member *members,
                           mote_step_plan *plans, const mote_step_plan **running, size_t *offsets,
                           size_t capacity) {
    mote_release(allocator, members, members_bytes(capacity));
    mote_release(allocator, plans, plans_bytes(capacity));
    mote_release(allocator, (void *)running, running_bytes(capacity));
    mote_release(allocator, offsets, offsets_bytes(capacity));
}

/* Room for capacity members and a step's scratch for them (the world as it was on
 * failure). */
static bool grow(mote_world *world, size_t capacity) {
    if (capacity <= world->capacity) {
        return true;
    }
    mote_world_member *members = mote_allocate(&world->allocator, members_bytes(capacity));
    mote_step_plan *plans = mote_allocate(&world->allocator, plans_bytes(capacity));
    const mote_step_plan **running = mote_allocate(&world->allocator, running_bytes(capacity));
    size_t *offsets = mote_allocate(&world->allocator, offsets_bytes(capacity));
    if (members == NULL || plans == NULL || running == NULL || offsets == NULL) {
        release_arrays(&world->allocator, members, plans, running, offsets, capacity);
        return false;
    }
    if (world->count > 0) {
        memcpy(members, world->members, world->count * sizeof *members);
    }
    release_arrays(&world->allocator, world->members, world->plans, world->running, world->offsets,
                   world->capacity);
    world->members = members;
    world->plans = plans;
    world->running = running;
    world->offsets = offsets;
    world->capacity = capacity;
    return true;
}

mote_status mote_world_create(const mote_world_def *def, mote_world **out) {
    if (def == NULL || out == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s must not be NULL",
                           def == NULL ? "def" : "out");
    }
    const mote_status status = check_def(def);
    if (status != MOTE_OK) {
        return status;
    }
    mote_allocator allocator = mote_get_allocator();
    mote_world *world = mote_allocate(&allocator, sizeof *world);
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY, "the allocator refused the world (%zu bytes)",
                           sizeof *world);
    }
    memset(world, 0, sizeof *world);
    world->max_dt = def->max_dt;
    world->max_substeps = def->max_substeps;
    world->has_tasks = def->tasks != NULL;
    if (world->has_tasks) {
        world->tasks = *def->tasks;
    }
    world->allocator = allocator;
    world->allocation_bytes = sizeof *world;
    if (def->pool_capacity > 0 && !grow(world, def->pool_capacity)) {
        mote_release(&allocator, world, sizeof *world);
        return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                           "the allocator refused room for %zu pools in the world",
                           def->pool_capacity);
    }
    *out = world;
    return MOTE_OK;
}

void mote_world_destroy(mote_world *world) {
    if (world == NULL) {
        return;
    }
    for (size_t i = 0; i < world->count; ++i) {
        world->members[i].pool->world = NULL;
    }
    mote_allocator allocator = world->allocator;
    release_arrays(&allocator, world->members, world->plans, world->running, world->offsets,
                   world->capacity);
    mote_release(&allocator, world, world->allocation_bytes);
}

size_t mote_world_find(const mote_world *world, const mote_pool *pool) {
    for (size_t i = 0; i < world->count; ++i) {
        if (world->members[i].pool == pool) {
            return i;
        }
    }
    return SIZE_MAX;
}

mote_status mote_world_join_pool(mote_world *world, mote_pool *pool, const mote_pool_kind *kind) {
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world must not be NULL");
    }
    if (!mote_pool_is(pool, kind)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a live %s pool (got NULL)",
                           kind->name);
    }
    if (pool->world == world) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool: this %s pool has already joined this world (a pool joins "
                           "once)",
                           kind->name);
    }
    if (pool->world != NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool: this %s pool belongs to another world (leave it first)",
                           kind->name);
    }
    if (world->count == world->capacity) {
        const size_t capacity = world->capacity < 8 ? 16 : world->capacity * 2;
        if (!grow(world, capacity)) {
            return mote_refuse(MOTE_ERROR_OUT_OF_MEMORY,
                               "the allocator refused room for %zu pools in the world", capacity);
        }
    }
    world->members[world->count++] = (mote_world_member){pool, kind, NULL, 0, 0.0f};
    pool->world = world;
    return MOTE_OK;
}

mote_status mote_world_leave_pool(mote_world *world, mote_pool *pool, const mote_pool_kind *kind) {
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world must not be NULL");
    }
    if (!mote_pool_is(pool, kind)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "pool must be a live %s pool (got NULL)",
                           kind->name);
    }
    const size_t at = pool->world == world ? mote_world_find(world, pool) : SIZE_MAX;
    if (at == SIZE_MAX) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool: this %s pool is not in this world (%s)", kind->name,
                           pool->world == NULL ? "it is in none" : "it is in another");
    }
    memmove(&world->members[at], &world->members[at + 1],
            (world->count - at - 1) * sizeof *world->members);
    world->count--;
    pool->world = NULL;
    return MOTE_OK;
}

void mote_world_forget_pool(mote_pool *pool) {
    if (pool->world != NULL) {
        (void)mote_world_leave_pool(pool->world, pool, pool->kind);
    }
}

size_t mote_world_pool_count(const mote_world *world) {
    return world != NULL ? world->count : 0;
}

float mote_world_max_dt(const mote_world *world) {
    return world != NULL ? world->max_dt : 0.0f;
}

mote_status mote_world_set_max_dt(mote_world *world, float max_dt) {
    if (world == NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "world must not be NULL");
    }
    if (!(max_dt > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "max_dt must be > 0 (got %g)",
                           (double)max_dt);
    }
    world->max_dt = max_dt;
    return MOTE_OK;
}

/* The typed join and leave functions, one pair per kind of the registry. */
#define WORLD_KIND_API(k, number, kernels)                                                         \
    extern const mote_pool_kind mote_##k##_pool_kind_record;                                       \
    mote_status mote_world_join_##k##_pool(mote_world *world, mote_##k##_pool *pool) {             \
        return mote_world_join_pool(world, (mote_pool *)(void *)pool,                              \
                                    &mote_##k##_pool_kind_record);                                 \
    }                                                                                              \
    mote_status mote_world_leave_##k##_pool(mote_world *world, mote_##k##_pool *pool) {            \
        return mote_world_leave_pool(world, (mote_pool *)(void *)pool,                             \
                                     &mote_##k##_pool_kind_record);                                \
    }
MOTE_KINDS(WORLD_KIND_API, MOTE_KIND_NO_KERNEL)
#undef WORLD_KIND_API
