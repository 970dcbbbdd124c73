/* The accepted-calls property over every pool kind (accepted_calls.h). */
#include "accepted_calls.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"
#include "pool_snapshot.h"

bool accepted_kind_pending(const pool_adapter *a) {
    static const char *const pending[] = {ACCEPTED_PENDING_KINDS NULL};
    const size_t gate = strlen(a->probe->gate);
    for (size_t k = 0; pending[k] != NULL; ++k) {
        if (strcmp(pending[k], a->name) == 0 ||
            (strlen(pending[k]) == gate && strncmp(pending[k], a->name, gate) == 0)) {
            return true;
        }
    }
    return false;
}

size_t accepted_final_steps(const pool_adapter *a, size_t steps) {
    static const char *const substepping[] = {ACCEPTED_SUBSTEPPING_KINDS NULL};
    for (size_t k = 0; substepping[k] != NULL; ++k) {
        if (strcmp(substepping[k], a->name) == 0) {
            const size_t share = steps / ACCEPTED_SUBSTEPPING_SHARE;
            return share > 64 ? share : (steps < 64 ? steps : 64);
        }
    }
    return steps;
}

/* ------------------------------------------------------------------------------------------ */
/* The desc's float members: where the probe's desc_from_values puts value i, found once per
 * adapter by handing it distinct marks. Members it converts (an enum, a bool) are not among
 * them, so only floats are ever replaced. */

typedef struct desc_members {
    const pool_adapter *adapter;
    size_t count;
    size_t offset[POOL_MAX_FIELDS];
    int value_index[POOL_MAX_FIELDS]; /* the probe's value index of each member */
} desc_members;

typedef struct desc_bytes {
    _Alignas(16) unsigned char bytes[MOTE_MAX_DESC_BYTES];
} desc_bytes;

static float mark(size_t i) {
    return 3000017.0f + 7.0f * (float)i; /* exact, distinct, found in no ordinary desc */
}

static const desc_members *members_of(const pool_adapter *a, const void *pool) {
    static desc_members known[128];
    static size_t known_count;
    for (size_t k = 0; k < known_count; ++k) {
        if (known[k].adapter == a) {
            return &known[k];
        }
    }
    desc_members *m = &known[known_count < 128 ? known_count++ : 127];
    memset(m, 0, sizeof *m);
    m->adapter = a;
    float values[POOL_MAX_FIELDS];
    for (size_t i = 0; i < POOL_MAX_FIELDS; ++i) {
        values[i] = mark(i);
    }
    desc_bytes desc;
    memset(&desc, 0, sizeof desc);
    a->probe->desc_from_values(a->variant, pool, values, POOL_MAX_FIELDS, desc.bytes);
    const size_t size = a->probe->record->desc_size;
    for (size_t i = 0; i < POOL_MAX_FIELDS; ++i) {
        for (size_t at = 0; at + 4 <= size; at += 4) {
            float f;
            memcpy(&f, desc.bytes + at, 4);
            if (f == mark(i)) {
                m->offset[m->count] = at;
                m->value_index[m->count] = (int)i;
                m->count++;
                break;
            }
        }
    }
    return m;
}

/* ------------------------------------------------------------------------------------------ */
/* Values. */

static const float extremes[] = {
    0.0f,    -0.0f,   1.0f,     -1.0f,    0.5f,      2.0f,     1e-45f,      -1e-45f, 1e-40f,
    FLT_MIN, 1e-30f,  1e-6f,    1e-3f,    0.0167f,   3.14159f, 10.0f,       100.0f,  1e3f,
    -1e3f,   1e6f,    7.1e11f,  6.1e12f,  1.8e19f,   -1.8e19f, 1e20f,       1e30f,   -1e30f,
    1e38f,   FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, NAN,      16777216.0f, 0x1p31f,
};
#define EXTREMES (sizeof extremes / sizeof extremes[0])

static const float dt_values[] = {
    FLT_MAX,      1e38f,        1e30f,         1e20f, 1e12f, 1e6f,   3600.0f, 60.0f,  1.0f, 0.1f,
    1.0f / 30.0f, 1.0f / 60.0f, 1.0f / 240.0f, 1e-3f, 1e-6f, 1e-20f, 1e-38f,  1e-45f, 0.0f,
};
#define DT_VALUES (sizeof dt_values / sizeof dt_values[0])

/* Scale factors for a member replaced by a multiple of its own value. */
static const float factors[] = {-1.0f, 2.0f, 1e3f, 1e10f, 1e20f, 1e30f, 1e-10f, 1e-30f, 0.0f};
#define FACTORS (sizeof factors / sizeof factors[0])

/* A value for a replaced member: value[c] itself, or (SCALE_BIT in member) value[c] times the
 * member's own. */
#define SCALE_BIT 0x80u

static float bits_float(uint32_t bits) {
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static uint32_t float_bits(float f) {
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return bits;
}

static float wide_value(tool_rng *rng, bool *scale) {
    const uint64_t r = tool_rng_next(rng);
    *scale = false;
    switch (r % 8) {
    case 0:
    case 1:
    case 2:
        return extremes[(r >> 8) % EXTREMES];
    case 3: { /* any magnitude from the denormals to FLT_MAX */
        const int exponent = (int)((r >> 8) % 277) - 149;
        return ((r >> 20) & 1 ? -1.0f : 1.0f) *
               ldexpf(1.0f + (float)((r >> 21) % 1024) / 1024.0f, exponent > 127 ? 127 : exponent);
    }
    case 4:
    case 5:
        *scale = true;
        return factors[(r >> 8) % FACTORS];
    default:
        return tool_rng_range(rng, -20.0f, 20.0f);
    }
}

static float any_dt(tool_rng *rng) {
    const uint64_t r = tool_rng_next(rng);
    if (r % 16 == 0) {
        return tool_rng_range(rng, 0.0f, 0.1f);
    }
    if (r % 16 == 1) {
        return extremes[(r >> 8) % EXTREMES]; /* negative, NaN, infinite: refused */
    }
    return dt_values[(r >> 8) % DT_VALUES];
}

/* A settings word: a float's bits, or a small or extreme integer (an i32 or bool member). */
static uint32_t any_word(tool_rng *rng) {
    static const int32_t ints[] = {-1, 0,  1,  2,    3,       4,         7,
                                   16, 64, 65, 1024, 1 << 20, INT32_MAX, INT32_MIN};
    const uint64_t r = tool_rng_next(rng);
    if (r % 3 == 0) {
        return (uint32_t)ints[(r >> 8) % (sizeof ints / sizeof ints[0])];
    }
    bool scale;
    float f = wide_value(rng, &scale);
    return float_bits(scale ? f * 10.0f : f);
}

void accepted_run_random(accepted_run *run, const pool_adapter *a, mote_backend backend,
                         uint64_t seed, size_t op_count, size_t step_count) {
    memset(run, 0, sizeof *run);
    run->adapter = a;
    run->backend = backend;
    run->op_count = op_count < ACCEPTED_MAX_OPS ? op_count : ACCEPTED_MAX_OPS;
    run->step_count = step_count;
    tool_rng mix = {seed};
    tool_rng rng = {tool_rng_next(&mix)}; /* unrelated streams for neighbouring seeds */
    for (size_t i = 0; i < run->op_count; ++i) {
        accepted_op *op = &run->ops[i];
        const uint64_t r = tool_rng_next(&rng);
        /* adds most, then sets, settings and steps; removes and max_dt now and then */
        static const uint8_t kinds[16] = {
            ACCEPTED_ADD,     ACCEPTED_ADD,     ACCEPTED_ADD,     ACCEPTED_ADD,
            ACCEPTED_ADD,     ACCEPTED_SET,     ACCEPTED_SET,     ACCEPTED_SET,
            ACCEPTED_SETTING, ACCEPTED_SETTING, ACCEPTED_SETTING, ACCEPTED_STEP,
            ACCEPTED_STEP,    ACCEPTED_REMOVE,  ACCEPTED_MAX_DT,  ACCEPTED_SET};
        op->kind = kinds[r % 16];
        op->changes = (uint8_t)((r >> 8) % (ACCEPTED_MAX_CHANGES + 1));
        op->target = (uint16_t)(r >> 16);
        op->seed = tool_rng_next(&rng);
        for (int c = 0; c < ACCEPTED_MAX_CHANGES; ++c) {
            bool scale;
            op->value[c] = wide_value(&rng, &scale);
            op->member[c] = (uint8_t)((tool_rng_next(&rng) % 64) | (scale ? SCALE_BIT : 0u));
        }
        op->bits = op->kind == ACCEPTED_SETTING ? any_word(&rng) : float_bits(any_dt(&rng));
    }
    for (int k = 0; k < 4; ++k) {
        run->dts[k] = dt_values[tool_rng_next(&rng) % DT_VALUES];
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Reading a run from bytes (the fuzz target). */

typedef struct reader {
    const uint8_t *data;
    size_t size, at;
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

/* A float: one of the extremes, a dt, or raw bits. */
static float read_float(reader *r) {
    const uint8_t pick = u8(r);
    if (pick < 2 * EXTREMES) {
        return extremes[pick % EXTREMES];
    }
    if (pick < 2 * EXTREMES + 2 * DT_VALUES) {
        return dt_values[pick % DT_VALUES];
    }
    return bits_float(u32(r));
}

bool accepted_run_from_bytes(accepted_run *run, const uint8_t *data, size_t size,
                             size_t max_steps) {
    reader r = {data, size, 0};
    memset(run, 0, sizeof *run);
    size_t adapter_count;
    const pool_adapter *const *all = pool_adapters_all(&adapter_count);
    run->adapter = all[u8(&r) % adapter_count];
    run->backend = (mote_backend)((int)(u8(&r) % (MOTE_BACKEND_COUNT + 1)) - 1);
    run->step_count = (size_t)u8(&r) * max_steps / 255;
    for (int k = 0; k < 4; ++k) {
        run->dts[k] = read_float(&r);
    }
    while (r.at < r.size && run->op_count < ACCEPTED_MAX_OPS) {
        accepted_op *op = &run->ops[run->op_count++];
        op->kind = (uint8_t)(u8(&r) % ACCEPTED_OP_KINDS);
        op->changes = (uint8_t)(u8(&r) % (ACCEPTED_MAX_CHANGES + 1));
        op->target = (uint16_t)u8(&r);
        op->seed = u8(&r);
        for (int c = 0; c < op->changes; ++c) {
            op->member[c] = u8(&r);
            op->value[c] = read_float(&r);
        }
        op->bits =
            op->kind == ACCEPTED_SETTING && (u8(&r) & 1) ? u32(&r) : float_bits(read_float(&r));
    }
    return run->backend == MOTE_BACKEND_AUTO || mote_backend_available(run->backend);
}

/* ------------------------------------------------------------------------------------------ */
/* Playing a run. */

static const char *const op_names[ACCEPTED_OP_KINDS] = {"add",     "set",    "remove",
                                                        "setting", "max_dt", "step"};

/* Replaces the op's members of the desc (the probe's float members). */
static void change_members(const accepted_op *op, const desc_members *m, unsigned char *desc) {
    for (int c = 0; c < op->changes && m->count > 0; ++c) {
        const size_t at = m->offset[(op->member[c] & ~SCALE_BIT) % m->count];
        float value = op->value[c];
        if (op->member[c] & SCALE_BIT) {
            float own;
            memcpy(&own, desc + at, 4);
            value *= own;
        }
        memcpy(desc + at, &value, 4);
    }
}

/* Writes the op's word over settings word `word` of the pool's snapshot, re-seals it and
 * restores it: MOTE_ERROR_CORRUPT_SNAPSHOT when restore refuses it. */
static mote_status restore_with_setting(const pool_adapter *a, void *pool, size_t word,
                                        uint32_t bits) {
    const size_t size = a->snapshot_size(pool);
    unsigned char *blob = malloc(size);
    size_t written = 0;
    mote_status status =
        blob != NULL ? a->save(pool, blob, size, &written) : MOTE_ERROR_OUT_OF_MEMORY;
    if (status == MOTE_OK) {
        const size_t at = MOTE_SNAPSHOT_HEADER_BYTES + 4 * word;
        for (int i = 0; i < 4; ++i) {
            blob[at + (size_t)i] = (unsigned char)(bits >> (8 * i));
        }
        const uint64_t sum = mote_snapshot_checksum(blob, size - MOTE_SNAPSHOT_CHECKSUM_BYTES);
        for (int i = 0; i < 8; ++i) {
            blob[size - 8 + (size_t)i] = (unsigned char)(sum >> (8 * i));
        }
        status = a->restore(pool, blob, size);
    }
    free(blob);
    return status;
}

/* The op on the pool: its status, MOTE_OK where there was nothing to call (no live element,
 * no settings, a desc the probe could not draw) with *called false. */
static mote_status play_op(const accepted_op *op, const pool_adapter *a, mote_pool *pool,
                           bool *called) {
    const mote_pool_kind *record = a->probe->record;
    const size_t count = mote_pool_count(pool, record);
    *called = true;
    desc_bytes desc;
    memset(&desc, 0, sizeof desc);
    switch (op->kind) {
    case ACCEPTED_ADD: {
        tool_rng rng = {op->seed};
        if (a->probe->random_desc(a->variant, pool, &rng, desc.bytes) != MOTE_OK) {
            *called = false;
            return MOTE_OK;
        }
        change_members(op, members_of(a, pool), desc.bytes);
        return mote_pool_add(pool, record, desc.bytes, 1, NULL);
    }
    case ACCEPTED_SET: {
        if (count == 0) {
            break;
        }
        const mote_id id = mote_pool_id_at(pool, record, op->target % count);
        if (mote_pool_get(pool, record, id, desc.bytes) != MOTE_OK) {
            break;
        }
        change_members(op, members_of(a, pool), desc.bytes);
        return mote_pool_set(pool, record, id, desc.bytes);
    }
    case ACCEPTED_REMOVE:
        if (count == 0) {
            break;
        }
        return mote_pool_remove(pool, record, mote_pool_id_at(pool, record, op->target % count));
    case ACCEPTED_SETTING: {
        if (record->setting_count == 0) {
            break;
        }
        const size_t word = op->target % (size_t)record->setting_count;
        uint32_t bits = op->bits;
        if (record->setting_members[word].type == MOTE_SETTING_BOOL) {
            bits %= 3u; /* 0, 1, and 2 (not a bool: refused) */
        }
        return restore_with_setting(a, pool, word, bits);
    }
    case ACCEPTED_MAX_DT:
        return mote_pool_set_max_dt(pool, record, bits_float(op->bits));
    default:
        return a->step(pool, bits_float(op->bits));
    }
    *called = false;
    return MOTE_OK;
}

/* What a refused call must leave as it was: the elements (the state hash), the settings and
 * max_dt. */
typedef struct pool_state {
    uint64_t hash;
    float max_dt;
    unsigned char settings[512];
} pool_state;

static void state_of(const pool_adapter *a, mote_pool *pool, pool_state *s) {
    s->hash = pool_adapter_hash(a, pool);
    s->max_dt = mote_pool_max_dt(pool, a->probe->record);
    const size_t n = a->probe->record->settings_size;
    memcpy(s->settings, mote_pool_settings_const(pool),
           n < sizeof s->settings ? n : sizeof s->settings);
}

/* The settings compared member by member (mote_setting_info), never their padding, which
 * holds whatever the def's struct held there. */
static bool same_settings(const mote_pool_kind *record, const unsigned char *x,
                          const unsigned char *y) {
    for (int m = 0; m < record->setting_count; ++m) {
        const mote_setting_info *member = &record->setting_members[m];
        const size_t bytes = member->type == MOTE_SETTING_BOOL ? sizeof(bool) : 4;
        if (member->offset + bytes > sizeof((pool_state *)0)->settings ||
            memcmp(x + member->offset, y + member->offset, bytes) != 0) {
            return false;
        }
    }
    return true;
}

static bool same_state(const pool_adapter *a, const pool_state *x, const pool_state *y) {
    return x->hash == y->hash && memcmp(&x->max_dt, &y->max_dt, sizeof x->max_dt) == 0 &&
           same_settings(a->probe->record, x->settings, y->settings);
}

/* Prints one op (and its status) to trace. */
static void trace_op(FILE *trace, size_t i, const accepted_op *op, const desc_members *m,
                     const pool_adapter *a, mote_status status, bool called) {
    if (trace == NULL) {
        return;
    }
    fprintf(trace, "  %2zu %-7s", i, op_names[op->kind]);
    switch (op->kind) {
    case ACCEPTED_ADD:
    case ACCEPTED_SET:
        if (op->kind == ACCEPTED_ADD) {
            fprintf(trace, " probe desc (stream %#llx)", (unsigned long long)op->seed);
        } else {
            fprintf(trace, " element %u (modulo the count)", (unsigned)op->target);
        }
        for (int c = 0; c < op->changes && m->count > 0; ++c) {
            const int value = m->value_index[(op->member[c] & ~SCALE_BIT) % m->count];
            fprintf(trace, ", desc value #%d %s %.9g", value,
                    (op->member[c] & SCALE_BIT) ? "*=" : "=", (double)op->value[c]);
        }
        break;
    case ACCEPTED_REMOVE:
        fprintf(trace, " element %u (modulo the count)", (unsigned)op->target);
        break;
    case ACCEPTED_SETTING: {
        const mote_pool_kind *record = a->probe->record;
        if (record->setting_count > 0) {
            const mote_setting_info *s =
                &record->setting_members[op->target % record->setting_count];
            if (s->type == MOTE_SETTING_F32) {
                fprintf(trace, " %s = %.9g (restored)", s->name, (double)bits_float(op->bits));
            } else {
                fprintf(trace, " %s = %d (restored)", s->name, (int32_t)op->bits);
            }
        }
        break;
    }
    default:
        fprintf(trace, " %.9g", (double)bits_float(op->bits));
        break;
    }
    fprintf(trace, ": %s\n", called ? mote_status_name(status) : "nothing to call");
}

static void play(const accepted_run *run, accepted_result *result, FILE *trace) {
    memset(result, 0, sizeof *result);
    const pool_adapter *a = run->adapter;
    const mote_pool_kind *record = a->probe->record;
    pool_adapter_def def = {8, 16, run->backend};
    void *made = NULL;
    if (a->create(a, &def, &made) != MOTE_OK) {
        result->failed = true;
        snprintf(result->what, sizeof result->what, "create on %s failed",
                 mote_backend_name(run->backend));
        return;
    }
    mote_pool *pool = made;
    const desc_members *m = members_of(a, pool);
    mote_validation v;
    for (size_t i = 0; i < run->op_count && !result->failed; ++i) {
        const accepted_op *op = &run->ops[i];
        pool_state before, after;
        state_of(a, pool, &before);
        bool called;
        const mote_status status = play_op(op, a, pool, &called);
        trace_op(trace, i, op, m, a, status, called);
        if (!called) {
            continue;
        }
        if (status != MOTE_OK) {
            result->refused++;
            state_of(a, pool, &after);
            if (!same_state(a, &before, &after)) {
                result->failed = true;
                snprintf(result->what, sizeof result->what,
                         "call %zu (%s) returned %s and changed the pool", i, op_names[op->kind],
                         mote_status_name(status));
            }
        } else {
            result->accepted++;
            if (a->validate(pool, &v) != MOTE_OK) {
                result->failed = true;
                snprintf(result->what, sizeof result->what,
                         "call %zu (%s) was accepted and left %zu non-finite elements (the first "
                         "at %zu)",
                         i, op_names[op->kind], v.bad_count, v.first_bad_index);
            }
        }
    }
    if (trace != NULL && run->step_count > 0) {
        fprintf(trace, "  then %zu steps: a quarter each at dt %.9g, %.9g, %.9g, %.9g\n",
                run->step_count, (double)run->dts[0], (double)run->dts[1], (double)run->dts[2],
                (double)run->dts[3]);
    }
    for (size_t s = 0; s < run->step_count && !result->failed; ++s) {
        const float dt = run->dts[s * 4 / run->step_count];
        (void)a->step(pool, dt);
        if ((s + 1) % 64 == 0 || s + 1 == run->step_count) {
            if (a->validate(pool, &v) != MOTE_OK) {
                result->failed = true;
                snprintf(result->what, sizeof result->what,
                         "after final step %zu of %zu (dt %.9g) validate found %zu non-finite "
                         "elements (the first at %zu)",
                         s + 1, run->step_count, (double)dt, v.bad_count, v.first_bad_index);
            }
        }
    }
    (void)record;
    a->destroy(pool);
}

void accepted_run_play(const accepted_run *run, accepted_result *result) {
    play(run, result, NULL);
}

void accepted_run_minimise(accepted_run *run) {
    accepted_result result;
    while (run->step_count > 1) { /* fewer final steps first: every later replay is shorter */
        accepted_run fewer = *run;
        fewer.step_count /= 2;
        accepted_run_play(&fewer, &result);
        if (!result.failed) {
            break;
        }
        *run = fewer;
    }
    for (size_t i = run->op_count; i-- > 0;) {
        accepted_run shorter = *run;
        memmove(&shorter.ops[i], &shorter.ops[i + 1],
                (shorter.op_count - i - 1) * sizeof(accepted_op));
        shorter.op_count--;
        accepted_run_play(&shorter, &result);
        if (result.failed) {
            *run = shorter;
        }
    }
}

void accepted_run_print(const accepted_run *run, FILE *out) {
    fprintf(out, "%s on %s, %zu calls:\n", run->adapter->name, mote_backend_name(run->backend),
            run->op_count);
    accepted_result result;
    play(run, &result, out);
    fprintf(out, "  -> %s\n", result.failed ? result.what : "passes");
}
