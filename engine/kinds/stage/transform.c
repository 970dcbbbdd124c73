/* World and local transforms: compose, inverse and reparent (mote/stage.h). */
#include "mote/stage.h"

mote_transform mote_transform_identity(void) {
    mote_transform t = {{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 1.0f}, {1.0f, 1.0f, 1.0f}};
    return t;
}

static mote_vec3 mul3(mote_vec3 a, mote_vec3 b) {
    mote_vec3 r = {a.x * b.x, a.y * b.y, a.z * b.z};
    return r;
}

mote_transform mote_transform_compose(const mote_transform *parent, const mote_transform *child) {
    mote_transform w;
    w.position =
        mote_vec3_add(parent->position,
                      mote_quat_rotate(parent->orientation, mul3(parent->scale, child->position)));
    w.orientation = mote_quat_mul(parent->orientation, child->orientation);
    w.scale = mul3(parent->scale, child->scale);
    return w;
}

mote_transform mote_transform_inverse(const mote_transform *t) {
    mote_transform inv;
    inv.scale = (mote_vec3){1.0f / t->scale.x, 1.0f / t->scale.y, 1.0f / t->scale.z};
    inv.orientation = mote_quat_conjugate(t->orientation);
    mote_vec3 back = mote_quat_rotate(inv.orientation, t->position);
    inv.position = mote_vec3_scale(mul3(inv.scale, back), -1.0f);
    return inv;
}

static bool is_identity(const mote_transform *t) {
    return t->position.x == 0.0f && t->position.y == 0.0f && t->position.z == 0.0f &&
           t->orientation.x == 0.0f && t->orientation.y == 0.0f && t->orientation.z == 0.0f &&
           t->orientation.w == 1.0f && t->scale.x == 1.0f && t->scale.y == 1.0f &&
           t->scale.z == 1.0f;
}

mote_transform mote_transform_reparent(const mote_transform *world, const mote_transform *parent) {
    if (is_identity(parent)) {
        return *world; /* the scene root: the local transform is the world one */
    }
    mote_transform inv = mote_transform_inverse(parent);
    return mote_transform_compose(&inv, world);
}
