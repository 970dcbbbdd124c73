/* Orientation pools: the orientation kind's record for the shared pool layer (its fields, the
 * kind and sub-step settings a pool's def chooses, its kernels) and the public names. */
#include <math.h>
#include <string.h>

#include "kind_record.h"
#include "orientation_fields.h"
#include "refuse.h"

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
        .max_speed = INFINITY,
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

/* |v| in double (no overflow) for the three values from first. */
static double speed_at(const float *values, int first) {
    double sum = 0.0;
    for (int c = 0; c < 3; ++c) {
        sum += (double)values[first + c] * values[first + c];
    }
    return sqrt(sum);
}

/* max_speed's two spellings of no cap: INFINITY is stored as 0 (a stored field is finite). */
static mote_status desc_to_values(const mote_pool *pool, const void *desc, float *values) {
    (void)desc;
    if ((stored_fields(pool) & ORIENTATION_BIT(ORIENTATION_MAX_SPEED)) != 0 &&
        values[ORIENTATION_MAX_SPEED] == INFINITY) {
        values[ORIENTATION_MAX_SPEED] = 0.0f;
    }
    return MOTE_OK;
}

/* get speaks the public spelling of no cap: a control pool's stored 0 comes back INFINITY. */
static void values_to_desc(const mote_pool *pool, const float *values, void *desc) {
    mote_orientation_desc *d = desc;
    if (settings_of(pool)->kind == MOTE_ORIENTATION_CONTROL &&
        values[ORIENTATION_MAX_SPEED] == 0.0f) {
        d->max_speed = INFINITY;
    }
}

/* The domain (mote/orientation.h) of the values the kind reads: angular velocities within
 * MOTE_ORIENTATION_MAX_ANGULAR_SPEED (an inertialize pool's output angular velocity is only
 * written by its steps, never read: finite is enough), the control's cap within it and its
 * gains stable at the pool's longest sub-step. */
static mote_status check_domain(const mote_pool *pool, const float *values) {
    const mote_field_mask stored = stored_fields(pool);
    const orientation_settings *s = settings_of(pool);
    static const struct {
        mote_field_mask mask;
        int first;
        const char *name;
    } speeds[] = {
        {ORIENTATION_W_MASK, ORIENTATION_WX, "angular_velocity"},
        {ORIENTATION_IW_MASK, ORIENTATION_IWX, "incoming_angular_velocity"},
        {ORIENTATION_OW_MASK, ORIENTATION_OWX, "offset_angular_velocity"},
    };
    for (size_t k = 0; k < sizeof speeds / sizeof speeds[0]; ++k) {
        bool output = speeds[k].first == ORIENTATION_WX && s->kind == MOTE_ORIENTATION_INERTIALIZE;
        double speed = speed_at(values, speeds[k].first);
        if ((stored & speeds[k].mask) != 0 && !output &&
            speed > MOTE_ORIENTATION_MAX_ANGULAR_SPEED) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                               "%s: its length must be <= %g rad/s (got %g)", speeds[k].name,
                               (double)MOTE_ORIENTATION_MAX_ANGULAR_SPEED, speed);
        }
    }
    if (s->kind != MOTE_ORIENTATION_CONTROL) {
        return MOTE_OK;
    }
    const float cap = values[ORIENTATION_MAX_SPEED];
    if (cap > MOTE_ORIENTATION_MAX_ANGULAR_SPEED) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "max_speed: must be <= %g rad/s, or 0 or INFINITY for no cap (got %g)",
                           (double)MOTE_ORIENTATION_MAX_ANGULAR_SPEED, (double)cap);
    }
    const float k = values[ORIENTATION_STIFFNESS], c = values[ORIENTATION_DAMPING];
    if (!mote_orientation_control_stable(k, c, s->substep)) {
        double h = mote_orientation_longest_substep(s->substep);
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "stiffness, damping: stiffness h^2 + 2 damping h must be < 4 for the "
                           "pool's longest sub-step h = %g s (got %g; a smaller def.substep "
                           "takes stiffer gains)",
                           h, (double)k * h * h + 2.0 * (double)c * h);
    }
    return MOTE_OK;
}

/* add/set's (and restore's) check across fields: the domain, then orientation and target (and
 * an inertialize pool's offset) non-zero, stored normalised (all checked before any is
 * rewritten, so a refused desc leaves values as they were). */
static mote_status check_values(const mote_pool *pool, float *values) {
    mote_status status = check_domain(pool, values);
    if (status != MOTE_OK) {
        return status;
    }
    const bool offset = (stored_fields(pool) & ORIENTATION_OQ_MASK) != 0;
    float q[4], t[4], o[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    memcpy(q, &values[ORIENTATION_QX], sizeof q);
    memcpy(t, &values[ORIENTATION_TX], sizeof t);
    if (offset) {
        memcpy(o, &values[ORIENTATION_OQX], sizeof o);
    }
    const char *zero = normalize_at(q, 0) != MOTE_OK   ? "orientation"
                       : normalize_at(t, 0) != MOTE_OK ? "target"
                       : normalize_at(o, 0) != MOTE_OK ? "offset"
                                                       : NULL;
    if (zero != NULL) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "%s: must not be the zero quaternion",
                           zero);
    }
    memcpy(&values[ORIENTATION_QX], q, sizeof q);
    memcpy(&values[ORIENTATION_TX], t, sizeof t);
    if (offset) {
        memcpy(&values[ORIENTATION_OQX], o, sizeof o);
    }
    return MOTE_OK;
}

/* The control advances at most substep * max_substeps per step, the exact kinds at most
 * MOTE_ORIENTATION_MAX_STEP (the domain, mote/orientation.h). */
static float advance(const mote_pool *pool, float dt) {
    const orientation_settings *s = settings_of(pool);
    float limit = s->kind == MOTE_ORIENTATION_CONTROL ? s->substep * (float)s->max_substeps
                                                      : MOTE_ORIENTATION_MAX_STEP;
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

/* The def's (and a restored snapshot's) settings: a known kind, a substep in
 * [MOTE_ORIENTATION_MIN_SUBSTEP, MOTE_ORIENTATION_MAX_SUBSTEP] and max_substeps in
 * [1, MOTE_MAX_SUBSTEPS], so no setting makes a step's work unbounded. */
static mote_status check_settings(const void *settings) {
    const orientation_settings *s = settings;
    if ((int)s->kind < 0 || s->kind >= MOTE_ORIENTATION_KIND_COUNT) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "kind: must be a mote_orientation_kind (got %d)", (int)s->kind);
    }
    if (!(s->substep >= MOTE_ORIENTATION_MIN_SUBSTEP &&
          s->substep <= MOTE_ORIENTATION_MAX_SUBSTEP)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "substep: must be in [%g, %g] s (got %g)",
                           (double)MOTE_ORIENTATION_MIN_SUBSTEP,
                           (double)MOTE_ORIENTATION_MAX_SUBSTEP, (double)s->substep);
    }
    if (s->max_substeps < 1 || s->max_substeps > MOTE_MAX_SUBSTEPS) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "max_substeps: must be in [1, %d] (got %d)",
                           MOTE_MAX_SUBSTEPS, s->max_substeps);
    }
    return MOTE_OK;
}

/* What a step accepts in the inputs written through the view (pool_kind.h): a target of unit
 * length within 2^-8 (add stores it normalised, restore keeps one within rounding of that; a
 * step that took any length would carry it into the spring and damper kinds' output), and
 * the incoming angular velocity's length within the domain, as check_domain judges it. */
static const mote_input_limit orientation_input_limits[] = {
    {ORIENTATION_TX, 4, 1.0f - 0x1p-8f, 1.0f + 0x1p-8f, "target"},
    {ORIENTATION_IWX, 3, 0.0f, MOTE_ORIENTATION_MAX_ANGULAR_SPEED, "incoming_angular_velocity"},
};

MOTE_KIND_FIELD_TABLE(orientation, ORIENTATION_FIELDS, ORIENTATION_FIELD_COUNT);

const mote_pool_kind mote_orientation_pool_kind_record = {
    MOTE_KIND_RECORD_COMMON(orientation, ORIENTATION_POOL_COOKIE, orientation_settings),
    MOTE_INPUT_LIMITS(orientation_input_limits),
    .parallel_min_elements = 1024, /* a control element is some sub-steps of log and exp */
    .stored_fields = stored_fields,
    .kernel = kernel,
    .desc_to_values = desc_to_values,
    .check_values = check_values,
    .values_to_desc = values_to_desc,
    .pose = MOTE_POSE_ROTATION(ORIENTATION_Q),
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
        return mote_refuse(MOTE_ERROR_NON_FINITE, "target: must be finite");
    }
    mote_status status = normalize_at(t, 0);
    if (status != MOTE_OK) {
        return mote_refuse(status, "target: must not be the zero quaternion");
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
        return mote_refuse(MOTE_ERROR_NON_FINITE, "forward, up: must be finite");
    }
    if (!(mote_vec3_length(forward) > 0.0f)) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT, "forward: must not be zero");
    }
    return mote_orientation_pool_set_target(pool, id, mote_quat_look_rotation(forward, up));
}

mote_status mote_orientation_pool_transition(mote_orientation_pool *pool, mote_id id,
                                             mote_quat incoming, mote_vec3 incoming_omega) {
    mote_pool *p = MOTE_AS_POOL(pool);
    if (!mote_pool_is(p, RECORD) || settings_of(p)->kind != MOTE_ORIENTATION_INERTIALIZE) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "pool: must be an orientation pool of kind inertialize");
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
        return mote_refuse(MOTE_ERROR_NON_FINITE, "incoming, incoming_omega: must be finite");
    }
    if (normalize_at(t, 0) != MOTE_OK) {
        return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                           "incoming: must not be the zero quaternion");
    }
    unit = (mote_quat){t[0], t[1], t[2], t[3]};
    mote_inertialize_quat_transition(&d.offset, &d.offset_angular_velocity, d.target,
                                     d.incoming_angular_velocity, unit, dst_omega);
    /* the domain: both angular velocities the steps read */
    const mote_vec3 checked[2] = {dst_omega, d.offset_angular_velocity};
    const char *names[2] = {"incoming_omega", "the offset angular velocity it leaves"};
    for (int k = 0; k < 2; ++k) {
        float v[3] = {checked[k].x, checked[k].y, checked[k].z};
        double speed = speed_at(v, 0);
        if (!(speed <= MOTE_ORIENTATION_MAX_ANGULAR_SPEED)) {
            return mote_refuse(MOTE_ERROR_INVALID_ARGUMENT,
                               "%s: its length must be <= %g rad/s (got %g)", names[k],
                               (double)MOTE_ORIENTATION_MAX_ANGULAR_SPEED, speed);
        }
    }
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
