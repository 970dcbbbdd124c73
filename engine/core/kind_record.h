/* Internal: what every kind's file (engine/kinds/<k>/<k>_kind.c) says alike, written once: the
 * checks of its public types against the pool layer, its field table and the head of its kind
 * record, the defaults of a def's shared part, its settings' accessors, and the public names
 * that only forward to the generic pool. What a kind's file keeps is its own: its settings and
 * their checks, its conversions between desc and values, its hooks and its extra names.
 *
 * Every macro takes the kind's one word k (its folder and registry row, kinds.h) and reaches
 * the kind's names through it: mote_<k>_view, mote_<k>_desc, mote_<k>_pool_def, mote_<k>_pool
 * (the public header), MOTE_KIND_<k> (kinds.h), <k>_fields and <k>_setting_members (the
 * kind's tables) and mote_<k>_pool_kind_record (its record). */
#ifndef MOTE_KIND_RECORD_H
#define MOTE_KIND_RECORD_H

#include <math.h> /* INFINITY */
#include <stddef.h>

#include "kernel_table.h"
#include "pool_api.h"

/* The public view holds a count and one pointer per field of the list; the desc fits the
 * pool's generic buffer, and so do the kind's per-step constants (constants_type). */
#define MOTE_KIND_TYPE_CHECKS(k, field_count, constants_type)                                      \
    _Static_assert(sizeof(mote_##k##_view) == sizeof(size_t) + (field_count) * sizeof(float *),    \
                   "the field list names every pointer of mote_" #k "_view");                      \
    _Static_assert(sizeof(mote_##k##_desc) <= MOTE_MAX_DESC_BYTES,                                 \
                   "desc fits the generic buffer");                                                \
    _Static_assert(sizeof(constants_type) <= MOTE_MAX_CONSTANTS_BYTES,                             \
                   "constants fit the generic buffer")

/* The designators of a mote_default_<k>_pool_def() for the def's shared part (what
 * mote_pool_common_def holds): 1024 elements reserved, at most 2^26, the best backend, a step
 * clamped to MOTE_DEFAULT_MAX_DT (the same for every kind), and the kind's cookie. */
#define MOTE_DEFAULT_POOL_DEF_COMMON(cookie)                                                       \
    .capacity = 1024, .max_count = (size_t)1 << 26, .backend = MOTE_BACKEND_AUTO,                  \
    .max_dt = MOTE_DEFAULT_MAX_DT, .internal_cookie = (cookie)

/* settings_of(pool) and settings_of_const(pool): the pool's settings as the kind's
 * settings_type (what its settings_of_def built at create). A kind may use only one. */
#define MOTE_KIND_SETTINGS_ACCESS(settings_type)                                                   \
    static inline __attribute__((unused)) settings_type *settings_of(mote_pool *pool) {            \
        return mote_pool_settings(pool);                                                           \
    }                                                                                              \
    static inline __attribute__((unused)) const settings_type *settings_of_const(                  \
        const mote_pool *pool) {                                                                   \
        return mote_pool_settings_const(pool);                                                     \
    }

/* One row of the field table (MOTE_FIELD_ROW) for the view and desc of the file's kind, which
 * MOTE_KIND_FIELD_TABLE names mote_kind_view and mote_kind_desc. */
#define MOTE_KIND_FIELD_ROW(e, view_member, desc_member, role, check, how)                         \
    MOTE_FIELD_ROW(mote_kind_view, mote_kind_desc, e, view_member, desc_member, role, check, how)

/* static const mote_field_info <k>_fields[]: a row per entry of the kind's field list
 * (LIST(X), <k>_fields.h), in its order. */
#define MOTE_KIND_FIELD_TABLE(k, LIST, field_count)                                                \
    typedef mote_##k##_view mote_kind_view;                                                        \
    typedef mote_##k##_desc mote_kind_desc;                                                        \
    static const mote_field_info k##_fields[field_count] = {LIST(MOTE_KIND_FIELD_ROW)}

/* The designators of a kind record that follow from the kind's names: its name, number,
 * cookie, field table (MOTE_KIND_FIELD_TABLE), the sizes of its view, desc and settings, its
 * setting members (static const mote_setting_info <k>_setting_members[]), and the hooks every
 * kind has, under the names its file gives them: advance, prepare and check_settings
 * (pool_kind.h). The record adds the rest: its kernel, its optional hooks, its tuning. */
#define MOTE_KIND_RECORD_COMMON(k, cookie_value, settings_type)                                    \
    .name = #k, .number = MOTE_KIND_##k, .cookie = (cookie_value),                                 \
    .field_count = (int)(sizeof k##_fields / sizeof k##_fields[0]), .fields = k##_fields,          \
    .view_size = sizeof(mote_##k##_view), .desc_size = sizeof(mote_##k##_desc),                    \
    .settings_size = sizeof(settings_type),                                                        \
    .setting_count = (int)(sizeof k##_setting_members / sizeof k##_setting_members[0]),            \
    .setting_members = k##_setting_members, .advance = advance, .prepare = prepare,                \
    .check_settings = check_settings

/* mote_<k>_pool_create and the typed names every pool has (pool_api.h), over the kind record.
 * Create keeps, as the pool's settings_type settings, the expression that follows, of the
 * def `def` (const mote_<k>_pool_def *): `def->profile`, `(mover_settings){def->params, ...}`. */
#define MOTE_KIND_POOL_API(k, settings_type, ...)                                                  \
    static settings_type settings_of_def(const mote_##k##_pool_def *def) {                         \
        return __VA_ARGS__;                                                                        \
    }                                                                                              \
    MOTE_POOL_CREATE_API(k, &mote_##k##_pool_kind_record, settings_type)                           \
    MOTE_POOL_API(k, &mote_##k##_pool_kind_record)

/* The step functions of a kind whose step reports the elements that reached a state in the
 * step: field `field` became `value` (mote_step_report). Each takes the caller's report_type
 * (ids, capacity, count: the ids and how many, count 0 when nothing stepped), NULL for none. */
#define MOTE_KIND_REPORTING_STEP_API(k, report_type, field, value)                                 \
    static mote_status k##_step_and_report(mote_##k##_pool *pool, mote_step_span span, float dt,   \
                                           const mote_task_system *tasks, report_type *out,        \
                                           float *out_advanced) {                                  \
        const mote_step_report report = {(field), (value), out != NULL ? out->ids : NULL,          \
                                         out != NULL ? out->capacity : 0,                          \
                                         out != NULL ? &out->count : NULL};                        \
        return mote_pool_step_span(MOTE_AS_POOL(pool), &mote_##k##_pool_kind_record, span, dt,     \
                                   tasks, &report, out_advanced);                                  \
    }                                                                                              \
    mote_status mote_##k##_pool_step(mote_##k##_pool *pool, float dt, report_type *out) {          \
        return k##_step_and_report(pool, mote_step_whole(), dt, NULL, out, NULL);                  \
    }                                                                                              \
    mote_status mote_##k##_pool_advance(mote_##k##_pool *pool, float dt, report_type *out,         \
                                        float *out_advanced) {                                     \
        return k##_step_and_report(pool, mote_step_whole(), dt, NULL, out, out_advanced);          \
    }                                                                                              \
    mote_status mote_##k##_pool_step_range(mote_##k##_pool *pool, size_t begin, size_t end,        \
                                           float dt, report_type *out) {                           \
        return k##_step_and_report(pool, mote_step_range(begin, end), dt, NULL, out, NULL);        \
    }                                                                                              \
    mote_status mote_##k##_pool_step_parallel(mote_##k##_pool *pool, float dt,                     \
                                              const mote_task_system *tasks, report_type *out) {   \
        return k##_step_and_report(pool, mote_step_whole(), dt, tasks, out, NULL);                 \
    }

#endif
