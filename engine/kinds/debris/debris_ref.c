/* The debris scalar reference: one piece at a time, straight from the seed's formulas, libm
 * sinf/cosf/expf. It is the specification the wide kernel (engine/kinds/debris/debris_kernels.c)
 * is held to, and it uses the same operation order so that only the libm calls differ. */
#include <math.h>

#include "mote/debris.h"

mote_debris_ship mote_default_debris_ship(void) {
    mote_debris_ship ship = {
        .position = {0.0f, 0.0f, 0.0f},
        .orientation = {0.0f, 0.0f, 0.0f, 1.0f},
        .axis = {0.0f, 0.0f, 1.0f},
        .spin_rate = 0.0f,
    };
    return ship;
}

mote_debris_desc mote_default_debris_desc(void) {
    mote_debris_desc d = {
        .time = 0.0f,
        .phase = MOTE_DEBRIS_ATTACHED,
        .orientation = {0.0f, 0.0f, 0.0f, 1.0f},
        .outward = {1.0f, 0.0f, 0.0f},
        .base = {0.0f, 0.0f, 0.0f, 1.0f},
        .peel_start = 0.0f,
        .detach_time = 1.0f,
        .max_distance = 1.0f,
        .twist = 1.57079637f,
        .outward_speed = 2.0f,
        .axial_speed = 0.0f,
    };
    return d;
}

mote_debris_settings mote_default_debris_settings(void) {
    mote_debris_settings s = {
        .speed_cap = 95.0f,
        .gravity = {0.0f, 0.0f, 0.0f},
        .linear_damping = 0.0f,
    };
    return s;
}

mote_debris_frame mote_debris_frame_make(const mote_debris_ship *ship,
                                         const mote_debris_settings *settings, float dt) {
    mote_debris_frame f;
    f.dt = dt;
    f.half_dt = dt * 0.5f;
    f.ship_position = ship->position;
    /* normalised in double, so that tiny or huge (but non-zero, finite) inputs work too */
    mote_quat q = ship->orientation;
    double qn = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
    f.ship_orientation =
        (mote_quat){(float)(q.x / qn), (float)(q.y / qn), (float)(q.z / qn), (float)(q.w / qn)};
    mote_quat_to_mat3(f.ship_orientation, f.rotation);
    mote_vec3 a = ship->axis;
    double an = sqrt((double)a.x * a.x + (double)a.y * a.y + (double)a.z * a.z);
    f.axis = (mote_vec3){(float)(a.x / an), (float)(a.y / an), (float)(a.z / an)};
    f.spin = (mote_vec3){f.axis.x * ship->spin_rate, f.axis.y * ship->spin_rate,
                         f.axis.z * ship->spin_rate};
    f.gravity_dt =
        (mote_vec3){settings->gravity.x * dt, settings->gravity.y * dt, settings->gravity.z * dt};
    f.velocity_decay = expf(-settings->linear_damping * dt);
    f.speed_cap = settings->speed_cap;
    f.cap_target = settings->speed_cap * (1.0f - 0x1p-20f);
    return f;
}

/* rotation * v */
static mote_vec3 rotate(const mote_debris_frame *f, mote_vec3 v) {
    const float *m = f->rotation;
    mote_vec3 r = {
        m[0] * v.x + m[1] * v.y + m[2] * v.z,
        m[3] * v.x + m[4] * v.y + m[5] * v.z,
        m[6] * v.x + m[7] * v.y + m[8] * v.z,
    };
    return r;
}

mote_vec3 mote_debris_ship_point(const mote_debris_frame *frame, mote_vec3 local) {
    mote_vec3 o = rotate(frame, local);
    mote_vec3 p = {frame->ship_position.x + o.x, frame->ship_position.y + o.y,
                   frame->ship_position.z + o.z};
    return p;
}

float mote_debris_peel_t(const mote_debris_desc *piece, float time) {
    return mote_smoothstep(piece->peel_start, piece->detach_time, time);
}

/* anchor + outward * max_distance * peelT^2, and peelT^2. */
static mote_vec3 peel_local(const mote_debris_desc *piece, float time, float *peel2) {
    float s = mote_debris_peel_t(piece, time);
    *peel2 = s * s;
    float d = piece->max_distance * *peel2;
    mote_vec3 l = {piece->anchor.x + piece->outward.x * d, piece->anchor.y + piece->outward.y * d,
                   piece->anchor.z + piece->outward.z * d};
    return l;
}

/* normalize(ship * base * rotation(outward, twist * peelT^2)) */
static mote_quat peel_orientation(const mote_debris_frame *frame, const mote_debris_desc *piece,
                                  float peel2) {
    mote_quat twist = mote_quat_axis_angle(piece->outward, piece->twist * peel2);
    mote_quat q = mote_quat_mul(mote_quat_mul(frame->ship_orientation, piece->base), twist);
    return mote_quat_normalize(q);
}

void mote_debris_peel(const mote_debris_frame *frame, const mote_debris_desc *piece, float time,
                      mote_vec3 *position, mote_quat *orientation) {
    float peel2;
    *position = mote_debris_ship_point(frame, peel_local(piece, time, &peel2));
    *orientation = peel_orientation(frame, piece, peel2);
}

mote_vec3 mote_debris_cap_speed(const mote_debris_frame *frame, mote_vec3 v) {
    float speed = sqrtf(v.x * v.x + v.y * v.y + v.z * v.z);
    if (speed > frame->speed_cap) {
        float k = frame->cap_target / speed;
        v.x *= k;
        v.y *= k;
        v.z *= k;
    }
    return v;
}

/* cross(spin, offset) + R outward * outward_speed + axis * axial_speed, before the cap. */
static mote_vec3 release_velocity_uncapped(const mote_debris_frame *frame,
                                           const mote_debris_desc *piece, mote_vec3 offset) {
    const mote_vec3 w = frame->spin;
    mote_vec3 ow = rotate(frame, piece->outward);
    float os = piece->outward_speed, as = piece->axial_speed;
    mote_vec3 v = {
        (w.y * offset.z - w.z * offset.y) + ow.x * os + frame->axis.x * as,
        (w.z * offset.x - w.x * offset.z) + ow.y * os + frame->axis.y * as,
        (w.x * offset.y - w.y * offset.x) + ow.z * os + frame->axis.z * as,
    };
    return v;
}

mote_vec3 mote_debris_release_velocity(const mote_debris_frame *frame,
                                       const mote_debris_desc *piece, mote_vec3 offset) {
    return mote_debris_cap_speed(frame, release_velocity_uncapped(frame, piece, offset));
}

mote_quat mote_debris_tumble(mote_quat q, mote_vec3 omega, float dt) {
    float w = sqrtf(omega.x * omega.x + omega.y * omega.y + omega.z * omega.z);
    float half_dt = dt * 0.5f;
    float h = w * half_dt;
    float k = w > 0.0f ? sinf(h) / w : half_dt;
    mote_quat dq = {omega.x * k, omega.y * k, omega.z * k, cosf(h)};
    return mote_quat_normalize(mote_quat_mul(dq, q));
}

bool mote_debris_step(mote_debris_desc *piece, const mote_debris_frame *frame) {
    const float dt = frame->dt;
    piece->time += dt;
    if (piece->phase != MOTE_DEBRIS_ATTACHED) {
        mote_vec3 v = piece->velocity;
        const float decay = frame->velocity_decay;
        v.x = (v.x + frame->gravity_dt.x) * decay;
        v.y = (v.y + frame->gravity_dt.y) * decay;
        v.z = (v.z + frame->gravity_dt.z) * decay;
        v = mote_debris_cap_speed(frame, v);
        piece->velocity = v;
        piece->position.x += v.x * dt;
        piece->position.y += v.y * dt;
        piece->position.z += v.z * dt;
        piece->orientation = mote_debris_tumble(piece->orientation, piece->angular_velocity, dt);
        piece->phase = MOTE_DEBRIS_FREE;
        return false;
    }
    float peel2;
    mote_vec3 local = peel_local(piece, piece->time, &peel2);
    mote_vec3 offset = rotate(frame, local);
    piece->position =
        (mote_vec3){frame->ship_position.x + offset.x, frame->ship_position.y + offset.y,
                    frame->ship_position.z + offset.z};
    piece->orientation = peel_orientation(frame, piece, peel2);
    piece->velocity = mote_debris_release_velocity(frame, piece, offset);
    if (piece->time >= piece->detach_time) {
        piece->phase = MOTE_DEBRIS_RELEASED;
        return true;
    }
    return false;
}
