/* libFuzzer target: drives every pool kind (the adapter registry, tests/pools) through
 * arbitrary sequences of create, add (valid and arbitrary descs), set, remove with live,
 * stale, forged and other pools' ids (MOTE_ERROR_WRONG_POOL), direct writes of arbitrary floats
 * into the view (NaN, infinities, denormals, huge), reserve, steps with arbitrary dt, range steps
 * with arbitrary bounds, backend switches and validate. Checked after every call, on top of
 * ASan/UBSan:
 *   - count and ids agree with a model of the live ids; id_at/contains are consistent;
 *   - a call that fails returns the error its input calls for, and leaves every stored bit
 *     (and the capacity) as it was;
 *   - a step refuses an input written through the view outside its limit (the detail names
 *     "view.<field>[i]") and changes nothing;
 *   - a step changes only [begin, end), and each stepped element ends exactly as it does
 *     when stepped alone in a pool of one: no element's data (non-finite or not) reaches
 *     another element (but in a variant whose elements see each other, ranges_differ);
 *   - validate counts exactly the elements holding a non-finite float;
 *   - with a flaky allocator (every n-th allocation of the pool fails, n from the input),
 *     create, add and reserve may fail with MOTE_ERROR_OUT_OF_MEMORY, changing nothing, and
 *     LeakSanitizer sees every block freed.
 * A broken invariant prints what broke and aborts (libFuzzer then saves the input). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool_adapter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OPS     512
#define MAX_LIVE    256
#define CHECK_LIMIT 64 /* largest pool whose steps are checked element by element */

/* The input, read front to back; zeros once it runs out. */
typedef struct reader {
    const uint8_t *data;
    size_t size;
    size_t at;
} reader;

static uint8_t u8(reader *r) {
    return r->at < r->size ? r->data[r->at++] : 0;
}

static uint32_t u32(reader *r) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
        v |= (uint32_t)u8(r) << (8 * i);
    }
    return v;
}

/* A float: usually one of the hostile values, else arbitrary bits. */
static float any_float(reader *r) {
    static const float special[] = {
        0.0f,      -0.0f,  1.0f,         -1.0f,   NAN,     -NAN,        INFINITY,
        -INFINITY, 1e-40f, -1e-45f,      FLT_MIN, FLT_MAX, -FLT_MAX,    1e30f,
        -1e30f,    1e-20f, 1.0f / 60.0f, 0.05f,   1e6f,    3.14159265f,
    };
    uint8_t pick = u8(r);
    if (pick < 2 * sizeof special / sizeof special[0]) {
        return special[pick % (sizeof special / sizeof special[0])];
    }
    uint32_t bits = u32(r);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_pool_ops: %s: ", a->name);                                       \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* What the harness knows independently of the pool. */
typedef struct model {
    mote_id live[MAX_LIVE];
    size_t live_count;
    mote_id dead[MAX_LIVE]; /* removed ids, most recent last (ring) */
    size_t dead_count;
    size_t max_count;
    uint32_t tag; /* the pool's id tag, once an add has shown it (0 before) */
} model;

/* A tag no pool has: kind 255 is never registered. */
#define FOREIGN_TAG 0xff000001u

/* What a call with an id the model does not hold must return: the id's tag says whether
 * another pool issued it (MOTE_ERROR_WRONG_POOL) or no pool did, or this one did and it is
 * dead (MOTE_ERROR_STALE_ID). */
static mote_status dead_id_status(const model *m, mote_id id) {
    return id.pool != 0 && id.pool != m->tag ? MOTE_ERROR_WRONG_POOL : MOTE_ERROR_STALE_ID;
}

/* Records an id the pool issued. */
static void model_add(model *m, mote_id id) {
    m->live[m->live_count++] = id;
    m->tag = id.pool;
}

static bool model_find(const model *m, mote_id id, size_t *at) {
    for (size_t i = 0; i < m->live_count; ++i) {
        if (mote_id_equal(m->live[i], id)) {
            *at = i;
            return true;
        }
    }
    return false;
}

/* An id to aim a call at: a live one, a removed one, one of another pool, or forged bits. */
static mote_id pick_id(reader *r, const model *m) {
    uint8_t how = u8(r) % 5;
    if (how == 0 && m->live_count > 0) {
        return m->live[u8(r) % m->live_count];
    }
    if (how == 1 && m->dead_count > 0) {
        return m->dead[u8(r) % (m->dead_count < MAX_LIVE ? m->dead_count : MAX_LIVE)];
    }
    if (how == 2 && m->live_count > 0) {
        mote_id id = m->live[u8(r) % m->live_count];
        id.generation += 1 + u8(r) % 3; /* a live slot, the wrong generation */
        return id;
    }
    if (how == 3 && m->live_count > 0) {
        mote_id id = m->live[u8(r) % m->live_count];
        id.pool ^= 1u << (u8(r) % 32); /* a live slot and generation, another pool's tag */
        return id;
    }
    const uint32_t tags[3] = {0u, m->tag, FOREIGN_TAG};
    mote_id forged = {u32(r) % 300, u32(r) % 5, tags[u8(r) % 3]};
    return forged;
}

static bool same_bits(float x, float y) {
    return (isnan(x) && isnan(y)) || memcmp(&x, &y, sizeof x) == 0;
}

/* Copies every float field's [0, count) out of the pool. */
static size_t copy_fields(const pool_adapter *a, void *pool, float *out, size_t count) {
    pool_field fields[POOL_MAX_FIELDS];
    size_t n = a->fields(pool, fields);
    for (size_t f = 0; f < n; ++f) {
        memcpy(out + f * count, fields[f].data, count * 4);
    }
    return n;
}

static void check_consistent(const pool_adapter *a, void *pool, const model *m) {
    CHECK(a->count(pool) == m->live_count, "count %zu, model %zu", a->count(pool), m->live_count);
    CHECK(pool_adapter_ids_consistent(a, pool), "ids inconsistent");
    for (size_t i = 0; i < m->live_count; ++i) {
        CHECK(a->contains(pool, m->live[i]), "live id {%u,%u} not contained", m->live[i].slot,
              m->live[i].generation);
    }
    for (size_t i = 0; i < m->dead_count && i < MAX_LIVE; ++i) {
        CHECK(!a->contains(pool, m->dead[i]), "removed id {%u,%u} still contained", m->dead[i].slot,
              m->dead[i].generation);
    }
}

/* After a step of [begin, end) by dt from the field copy `before`: outside the range nothing
 * changed; inside, each element equals itself stepped alone, unless the variant's elements see
 * each other (the probe's ranges_differ). */
static void check_step(const pool_adapter *a, void *pool, const float *before, size_t begin,
                       size_t end, float dt) {
    size_t count = a->count(pool);
    pool_field fields[POOL_MAX_FIELDS];
    size_t n = a->fields(pool, fields);
    for (size_t f = 0; f < n; ++f) {
        const float *now = fields[f].data;
        for (size_t i = 0; i < count; ++i) {
            if (i < begin || i >= end) {
                CHECK(memcmp(&now[i], &before[f * count + i], 4) == 0,
                      "element %zu outside [%zu, %zu) changed (field %s)", i, begin, end,
                      fields[f].name);
            }
        }
    }
    if (a->probe->ranges_differ != NULL && a->probe->ranges_differ(a->variant)) {
        return; /* elements that see each other (the movers' avoidance): none steps alone */
    }
    pool_adapter_def def = {1, 1, a->backend(pool)};
    for (size_t i = begin; i < end; ++i) {
        void *alone = NULL;
        CHECK(a->create(a, &def, &alone) == MOTE_OK, "scratch pool");
        test_rng rng = {1};
        CHECK(a->add_random(a, alone, &rng, NULL) == MOTE_OK, "scratch add");
        pool_field one[POOL_MAX_FIELDS];
        a->fields(alone, one);
        for (size_t f = 0; f < n; ++f) {
            memcpy(one[f].data, &before[f * count + i], 4);
        }
        CHECK(a->step(alone, dt) == MOTE_OK, "scratch step");
        for (size_t f = 0; f < n; ++f) {
            float got = ((const float *)fields[f].data)[i];
            float want = ((const float *)one[f].data)[0];
            CHECK(!fields[f].is_float || same_bits(got, want),
                  "element %zu field %s: %a in the pool, %a stepped alone (dt %a, backend %s)", i,
                  fields[f].name, (double)got, (double)want, (double)dt,
                  mote_backend_name(a->backend(pool)));
        }
        a->destroy(alone);
    }
}

static void check_validate(const pool_adapter *a, void *pool) {
    size_t count = a->count(pool);
    pool_field fields[POOL_MAX_FIELDS];
    size_t n = a->fields(pool, fields);
    size_t bad = 0, first = count;
    for (size_t i = 0; i < count; ++i) {
        bool finite = true;
        for (size_t f = 0; f < n; ++f) {
            finite =
                finite && (!fields[f].is_float || isfinite(((const float *)fields[f].data)[i]));
        }
        if (!finite) {
            first = bad == 0 ? i : first;
            ++bad;
        }
    }
    mote_validation v = {12345, 12345};
    mote_status status = a->validate(pool, &v);
    CHECK(status == (bad ? MOTE_ERROR_NON_FINITE : MOTE_OK), "validate returned %s with %zu bad",
          mote_status_name(status), bad);
    CHECK(v.bad_count == bad && v.first_bad_index == first,
          "validate: %zu bad first %zu, expected %zu first %zu", v.bad_count, v.first_bad_index,
          bad, first);
}

/* The allocator the fuzzed pool is created with: fails every `every`-th call (0: never). */
static struct {
    uint32_t every;
    uint32_t calls;
} flaky;

static void *flaky_alloc(size_t size, size_t alignment, void *user) {
    (void)user;
    flaky.calls += 1;
    if (flaky.every != 0 && flaky.calls % flaky.every == 0) {
        return NULL;
    }
    return aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

static void flaky_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

static bool valid_dt(float dt) {
    return dt >= 0.0f && isfinite(dt);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size, 0};
    size_t adapter_count;
    const pool_adapter *const *all = pool_adapters_all(&adapter_count);
    const pool_adapter *a = all[u8(&r) % adapter_count];

    static model m;
    memset(&m, 0, sizeof m);
    pool_adapter_def def;
    def.capacity = u8(&r) % 40;
    def.max_count = 1 + u8(&r) % (MAX_LIVE - 1);
    def.backend = (mote_backend)((int)(u8(&r) % (MOTE_BACKEND_COUNT + 1)) - 1);
    flaky.every = u8(&r) % 8;
    flaky.calls = 0;
    /* the pool keeps the allocator it was created with; scratch pools get the default */
    const mote_allocator hooks = {flaky_alloc, flaky_free, NULL};
    mote_set_allocator(&hooks);
    void *pool = NULL;
    mote_status status = a->create(a, &def, &pool);
    mote_set_allocator(NULL);
    if (status == MOTE_ERROR_OUT_OF_MEMORY && flaky.every != 0) {
        CHECK(pool == NULL, "failed create returned a pool");
        return 0;
    }
    if (def.capacity > def.max_count) {
        CHECK(status == MOTE_ERROR_INVALID_ARGUMENT, "create with capacity > max_count: %s",
              mote_status_name(status));
        return 0;
    }
    if (def.backend != MOTE_BACKEND_AUTO && !mote_backend_available(def.backend)) {
        CHECK(status == MOTE_ERROR_BACKEND_UNAVAILABLE, "create on %s: %s",
              mote_backend_name(def.backend), mote_status_name(status));
        return 0;
    }
    CHECK(status == MOTE_OK && pool != NULL, "create: %s", mote_status_name(status));
    m.max_count = def.max_count;
    static float before[POOL_MAX_FIELDS * MAX_LIVE];

    for (int op = 0; op < MAX_OPS && r.at < r.size; ++op) {
        size_t count = a->count(pool);
        uint64_t hash = pool_adapter_hash(a, pool);
        size_t capacity = a->capacity(pool);
        bool expect_unchanged = false;
        switch (u8(&r) % 11) {
        case 0: { /* add a valid element */
            test_rng rng = {u32(&r)};
            mote_id id = mote_null_id();
            status = a->add_random(a, pool, &rng, &id);
            if (count >= m.max_count) {
                CHECK(status == MOTE_ERROR_FULL, "add past max_count: %s",
                      mote_status_name(status));
                expect_unchanged = true;
            } else if (status == MOTE_ERROR_OUT_OF_MEMORY && flaky.every != 0) {
                expect_unchanged = true;
            } else {
                CHECK(status == MOTE_OK, "add: %s", mote_status_name(status));
                model_add(&m, id);
            }
            break;
        }
        case 1: { /* add arbitrary values: accepted or rejected, never half-done */
            float values[POOL_MAX_FIELDS];
            size_t n = u8(&r) % POOL_MAX_FIELDS;
            for (size_t i = 0; i < n; ++i) {
                values[i] = any_float(&r);
            }
            mote_id id = mote_null_id();
            status = a->add_values(a, pool, values, n, &id);
            if (status == MOTE_OK) {
                CHECK(count < m.max_count, "add past max_count succeeded");
                model_add(&m, id);
            } else {
                CHECK(status != MOTE_ERROR_FULL || count >= m.max_count, "FULL below max_count");
                expect_unchanged = true;
            }
            break;
        }
        case 2: { /* set with any id and arbitrary values */
            mote_id id = pick_id(&r, &m);
            float values[POOL_MAX_FIELDS];
            size_t n = u8(&r) % POOL_MAX_FIELDS;
            for (size_t i = 0; i < n; ++i) {
                values[i] = any_float(&r);
            }
            size_t at;
            status = a->set_values(a, pool, id, values, n);
            if (!model_find(&m, id, &at)) {
                CHECK(status == dead_id_status(&m, id), "set with a dead id: %s",
                      mote_status_name(status));
            }
            expect_unchanged = status != MOTE_OK;
            break;
        }
        case 3: { /* remove any id */
            mote_id id = pick_id(&r, &m);
            size_t at;
            bool live = model_find(&m, id, &at);
            status = a->remove(pool, id);
            if (live) {
                CHECK(status == MOTE_OK, "remove of a live id: %s", mote_status_name(status));
                m.live[at] = m.live[--m.live_count];
                m.dead[m.dead_count++ % MAX_LIVE] = id;
            } else {
                CHECK(status == dead_id_status(&m, id), "remove of a dead id {%u,%u,%x}: %s",
                      id.slot, id.generation, id.pool, mote_status_name(status));
                expect_unchanged = true;
            }
            break;
        }
        case 4:
        case 5: { /* write an arbitrary float straight into the view */
            if (count == 0) {
                break;
            }
            pool_field fields[POOL_MAX_FIELDS];
            size_t n = a->fields(pool, fields);
            size_t f = u8(&r) % n;
            size_t i = u8(&r) % count;
            float value = any_float(&r);
            if (fields[f].is_float) {
                ((float *)fields[f].data)[i] = value;
            }
            break;
        }
        case 6:
        case 7: { /* step, whole or a range, with arbitrary dt and bounds */
            bool whole = u8(&r) % 2 == 0;
            size_t begin = whole ? 0 : u8(&r) % (count + 3);
            size_t end = whole ? count : u8(&r) % (count + 3);
            float dt = any_float(&r);
            if (count <= CHECK_LIMIT) {
                copy_fields(a, pool, before, count);
            }
            mote_clear_error_detail();
            status = whole ? a->step(pool, dt) : a->step_range(pool, begin, end, dt);
            if (!valid_dt(dt)) {
                CHECK(status == MOTE_ERROR_INVALID_DT, "step with dt %a: %s", (double)dt,
                      mote_status_name(status));
                expect_unchanged = true;
            } else if (begin > end || end > count) {
                CHECK(status == MOTE_ERROR_RANGE, "step of [%zu, %zu) of %zu: %s", begin, end,
                      count, mote_status_name(status));
                expect_unchanged = true;
            } else if (strstr(mote_error_detail(), ": view.") != NULL &&
                       (status == MOTE_ERROR_NON_FINITE || status == MOTE_ERROR_INVALID_ARGUMENT)) {
                expect_unchanged = true; /* an input written above, outside its step limit */
            } else {
                CHECK(status == MOTE_OK, "step: %s", mote_status_name(status));
                if (count <= CHECK_LIMIT) {
                    check_step(a, pool, before, begin, end, dt);
                }
            }
            break;
        }
        case 8:
            check_validate(a, pool);
            expect_unchanged = true;
            break;
        case 9: { /* reserve */
            size_t want = u8(&r) * 2u;
            status = a->reserve(pool, want);
            bool oom = status == MOTE_ERROR_OUT_OF_MEMORY && flaky.every != 0;
            CHECK(oom || status == (want > m.max_count ? MOTE_ERROR_FULL : MOTE_OK),
                  "reserve %zu: %s", want, mote_status_name(status));
            CHECK(status != MOTE_OK || a->capacity(pool) >= want, "reserve left capacity %zu",
                  a->capacity(pool));
            CHECK(pool_adapter_hash(a, pool) == hash, "reserve changed the elements");
            expect_unchanged = status != MOTE_OK;
            break;
        }
        default: { /* switch backend, to anything */
            mote_backend b = (mote_backend)((int)(u8(&r) % (MOTE_BACKEND_COUNT + 3)) - 2);
            mote_backend was = a->backend(pool);
            status = a->set_backend(pool, b);
            bool ok = b == MOTE_BACKEND_AUTO || mote_backend_available(b);
            CHECK((status == MOTE_OK) == ok, "set_backend(%d): %s", (int)b,
                  mote_status_name(status));
            CHECK(ok || a->backend(pool) == was, "failed set_backend changed the backend");
            CHECK(pool_adapter_hash(a, pool) == hash, "set_backend changed the elements");
            break;
        }
        }
        if (expect_unchanged) {
            CHECK(pool_adapter_hash(a, pool) == hash && a->capacity(pool) == capacity,
                  "a call that returned %s changed the pool", mote_status_name(status));
        }
        check_consistent(a, pool, &m);
    }
    check_validate(a, pool);
    a->destroy(pool);
    return 0;
}
