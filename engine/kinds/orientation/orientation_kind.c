/* Orientation pools: the orientation kind's record for the shared pool layer (its fields, the
 * kind and sub-step settings a pool's def chooses, its kernels) and the public names. */
#include <math.h>
#include <string.h>

#include "orientation_fields.h"
#include "kind_record.h"

/* What mote_default_orientation_pool_def() writes to internal_cookie. */
#define ORIENTATION_POOL_COOKIE 0x4f524e54 /* "ORNT" */

_Static_assert(MOTE_KERNEL_orientation_inertialize - MOTE_KERNEL_orientation_control ==
                   MOTE_ORIENTATION_INERTIALIZE - MOTE_ORIENTATION_CONTROL,
               "the orientation kernels are listed in mote_orientation_kind order");
MOTE_KIND_TYPE_CHECKS(orientation, ORIENTATION_FIELD_COUNT, mote_orientation_constants);

typedef struct orientation_settings {
    mote_orientation_kind kind;
    float substep;
    int max_substeps;
} orientation_settings;

static const char *const kind_names[MOTE_ORIENTATION_KIND_COUNT] = {
    [MOTE_ORIENTATION_CONTROL] = "control",
    [MOTE_ORIENTATION_SPRING] = "spring",
    [MOTE_ORIENTATION_DAMPER] = "damper",
    [MOTE_ORIENTATION_INERTIALIZE] = "inertialize",
};

const char *mote_orientation_kind_name(mote_orientation_kind kind) {
    if ((int)kind < 0 || kind >= MOTE_ORIENTATION_KIND_COUNT) {
        return "unknown";
    }
    return kind_names[kind];
}

bool mote_orientation_kind_parse(const char *name, mote_orientation_kind *out) {
    if (name == NULL || out == NULL) {
        return false;
    }
    for (int k = 0; k < MOTE_ORIENTATION_KIND_COUNT; ++k) {
        if (strcmp(name, kind_names[k]) == 0) {
            *out = (mote_orientation_kind)k;
            return true;
        }
    }
    return false;
}

mote_orientation_pool_def mote_default_orientation_pool_def(void) {
    mote_orientation_pool_def def = {
        .kind = MOTE_ORIENTATION_CONTROL,
        .substep = MOTE_ORIENTATION_SUBSTEP,
        .max_substeps = MOTE_ORIENTATION_MAX_SUBSTEPS,
        MOTE_DEFAULT_POOL_DEF_COMMON(ORIENTATION_POOL_COOKIE),
    };
    return def;
}

mote_orientation_desc mote_default_orientation_desc(void) {
    mote_orientation_control_params gains = mote_orientation_control_gains(0.1f, 1.0f, INFINITY);
    mote_orientation_desc desc = {
        .orientation = mote_quat_identity(),
        .angular_velocity = {0.0f, 0.0f, 0.0f},
        .target = mote_quat_identity(),
        .halflife = 0.1f,
        .stiffness = gains.stiffness,
        .damping = gains.damping,
        .max_speed = 0.0f,
        .incoming_angular_velocity = {0.0f, 0.0f, 0.0f},
        .offset = mote_quat_identity(),
        .offset_angular_velocity = {0.0f, 0.0f, 0.0f},
    };
    return desc;
}

static const orientation_settings *settings_of(const mote_pool *pool) {
    return mote_pool_settings_const(pool);
}

static mote_field_mask stored_fields(const mote_pool *pool) {
    static const mote_field_mask reads[MOTE_ORIENTATION_KIND_COUNT] = {
        [MOTE_ORIENTATION_CONTROL] = ORIENTATION_CONTROL_READS,
        [MOTE_ORIENTATION_SPRING] = ORIENTATION_SPRING_READS,
        [MOTE_ORIENTATION_DAMPER] = ORIENTATION_DAMPER_READS,
        [MOTE_ORIENTATION_INERTIALIZE] = ORIENTATION_INERTIALIZE_READS,
    };
    return reads[settings_of(pool)->kind];
}

static mote_kernel_id kernel(const mote_pool *pool) {
    return (mote_kernel_id)(MOTE_KERNEL_orientation_control + (int)settings_of(pool)->kind);
}

/* Normalises the quaternion at values[first..first + 4) in double (no underflow or overflow
 * for a tiny or huge one); a zero one is refused. */
static mote_status normalize_at(float *values, int first) {
    double sum = 0.0;
    for (int c = 0; c < 4; ++c) {
        sum += (double)values[first + c] * values[first + c];
    }
    double length = sqrt(sum);
    if (length == 0.0) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    for (int c = 0; c < 4; ++c) {
        values[first + c] = (float)(values[first + c] / length);
    }
    return MOTE_OK;
}

/* add/set's check across fields: orientation and target (and an inertialize pool's offset)
 * non-zero, stored normalised (all checked before any is rewritten, so a refused desc leaves
 * values as they were). */
static mote_status check_values(const mote_pool *pool, float *values) {
    const bool offset = (stored_fields(pool) & ORIENTATION_OQ_MASK) != 0;
    float q[4], t[4], o[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    memcpy(q, &values[ORIENTATION_QX], sizeof q);
    memcpy(t, &values[ORIENTATION_TX], sizeof t);
    if (offset) {
        memcpy(o, &values[ORIENTATION_OQX], sizeof o);
    }
    if (normalize_at(q, 0) != MOTE_OK || normalize_at(t, 0) != MOTE_OK ||
        normalize_at(o, 0) != MOTE_OK) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    memcpy(&values[ORIENTATION_QX], q, sizeof q);
    memcpy(&values[ORIENTATION_TX], t, sizeof t);
    if (offset) {
        memcpy(&values[ORIENTATION_OQX], o, sizeof o);
    }
    return MOTE_OK;
}

/* The control advances at most substep * max_substeps per step; the exact kinds take any dt. */
static float advance(const mote_pool *pool, float dt) {
    const orientation_settings *s = settings_of(pool);
    if (s->kind != MOTE_ORIENTATION_CONTROL) {
        return dt;
    }
    float limit = s->substep * (float)s->max_substeps;
    return dt > limit ? limit : dt;
}

static void prepare(const mote_pool *pool, float dt, void *constants) {
    const orientation_settings *s = settings_of(pool);
    int n = mote_orientation_substeps(dt, s->substep);
    mote_orientation_constants c = {dt, dt / (float)n, n};
    memcpy(constants, &c, sizeof c);
}

_Static_assert(sizeof(mote_orientation_kind) == 4, "the kind is stored as a 32-bit int");
static const mote_setting_info orientation_setting_members[] = {
    {"kind", offsetof(orientation_settings, kind), MOTE_SETTING_I32},
    {"substep", offsetof(orientation_settings, substep), MOTE_SETTING_F32},
    {"max_substeps", offsetof(orientation_settings, max_substeps), MOTE_SETTING_I32},
};

static mote_status check_settings(const void *settings) {
    const orientation_settings *s = settings;
    bool kind_ok = (int)s->kind >= 0 && s->kind < MOTE_ORIENTATION_KIND_COUNT;
    bool substep_ok = s->substep > 0.0f && isfinite(s->substep) && s->max_substeps >= 1;
    return kind_ok && substep_ok ? MOTE_OK : MOTE_ERROR_INVALID_ARGUMENT;
}

MOTE_KIND_FIELD_TABLE(orientation, ORIENTATION_FIELDS, ORIENTATION_FIELD_COUNT);

const mote_pool_kind mote_orientation_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(orientation, ORIENTATION_POOL_COOKIE, orientation_settings),
    .parallel_min_elements = 1024, /* a control element is some sub-steps of log and exp */
    .stored_fields = stored_fields,
    .kernel = kernel,
    .check_values = check_values,
};

#define RECORD (&mote_orientation_pool_kind_record)

MOTE_KIND_POOL_API(orientation, orientation_settings,
                   (orientation_settings){def->kind, def->substep, def->max_substeps})
MOTE_POOL_STEP_API(orientation, RECORD)

mote_orientation_kind mote_orientation_pool_kind(const mote_orientation_pool *pool) {
    const mote_pool *p = MOTE_AS_CONST_POOL(pool);
    return mote_pool_is(p, RECORD) ? settings_of(p)->kind : MOTE_ORIENTATION_KIND_COUNT;
}

mote_status mote_orientation_pool_set_target(mote_orientation_pool *pool, mote_id id,
                                             mote_quat target) {
    float t[4] = {target.x, target.y, target.z, target.w};
    if (!(isfinite(t[0]) && isfinite(t[1]) && isfinite(t[2]) && isfinite(t[3]))) {
        return MOTE_ERROR_NON_FINITE;
    }
    mote_status status = normalize_at(t, 0);
    if (status != MOTE_OK) {
        return status;
    }
    /* the first write checks the pool and the id; the others cannot fail after it */
    for (int c = 0; c < 4; ++c) {
        status = mote_pool_set_field(MOTE_AS_POOL(pool), RECORD, id, ORIENTATION_TX + c, t[c]);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}

mote_status mote_orientation_pool_set_target_look(mote_orientation_pool *pool, mote_id id,
                                                  mote_vec3 forward, mote_vec3 up) {
    bool finite = isfinite(forward.x) && isfinite(forward.y) && isfinite(forward.z) &&
                  isfinite(up.x) && isfinite(up.y) && isfinite(up.z);
    if (!finite) {
        return MOTE_ERROR_NON_FINITE;
    }
    if (!(mote_vec3_length(forward) > 0.0f)) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    return mote_orientation_pool_set_target(pool, id, mote_quat_look_rotation(forward, up));
}

mote_status mote_orientation_pool_transition(mote_orientation_pool *pool, mote_id id,
                                             mote_quat incoming, mote_vec3 incoming_omega) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || settings_of(p)->kind != MOTE_ORIENTATION_INERTIALIZE) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    mote_orientation_desc d;
    mote_status status = mote_orientation_pool_get(pool, id, &d);
    if (status != MOTE_OK) {
        return status;
    }
    mote_quat unit;
    const mote_vec3 dst_omega = incoming_omega;
    float t[4] = {incoming.x, incoming.y, incoming.z, incoming.w};
    bool finite = isfinite(t[0]) && isfinite(t[1]) && isfinite(t[2]) && isfinite(t[3]) &&
                  isfinite(dst_omega.x) && isfinite(dst_omega.y) && isfinite(dst_omega.z);
    if (!finite) {
        return MOTE_ERROR_NON_FINITE;
    }
    if (normalize_at(t, 0) != MOTE_OK) {
        return MOTE_ERROR_INVALID_ARGUMENT;
    }
    unit = (mote_quat){t[0], t[1], t[2], t[3]};
    mote_inertialize_quat_transition(&d.offset, &d.offset_angular_velocity, d.target,
                                     d.incoming_angular_velocity, unit, dst_omega);
    /* the incoming pose and the offset; the output (orientation, angular_velocity) is left as
     * the last step wrote it. The id was checked by get: these writes cannot fail. */
    const float values[14] = {unit.x,
                              unit.y,
                              unit.z,
                              unit.w,
                              dst_omega.x,
                              dst_omega.y,
                              dst_omega.z,
                              d.offset.x,
                              d.offset.y,
                              d.offset.z,
                              d.offset.w,
                              d.offset_angular_velocity.x,
                              d.offset_angular_velocity.y,
                              d.offset_angular_velocity.z};
    const int fields[14] = {ORIENTATION_TX,  ORIENTATION_TY,  ORIENTATION_TZ,  ORIENTATION_TW,
                            ORIENTATION_IWX, ORIENTATION_IWY, ORIENTATION_IWZ, ORIENTATION_OQX,
                            ORIENTATION_OQY, ORIENTATION_OQZ, ORIENTATION_OQW, ORIENTATION_OWX,
                            ORIENTATION_OWY, ORIENTATION_OWZ};
    for (int k = 0; k < 14; ++k) {
        status = mote_pool_set_field(p, RECORD, id, fields[k], values[k]);
        if (status != MOTE_OK) {
            return status;
        }
    }
    return MOTE_OK;
}
