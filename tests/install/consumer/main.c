/* A program outside the mote tree: links an installed libmote, creates a critical spring pool,
 * steps it for one half-life and checks where the spring got to. Exit 0 when it is right. */
#include <stdio.h>

#include <mote/mote.h>

int main(void) {
    mote_spring_pool *pool = NULL;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = MOTE_SPRING_CRITICAL;
    if (mote_spring_pool_create(&def, &pool) != MOTE_OK) {
        fprintf(stderr, "consumer: pool creation failed\n");
        return 1;
    }
    mote_spring_desc desc = mote_default_spring_desc();
    desc.x = 0.0f;
    desc.v = 0.0f;
    desc.goal = 1.0f;
    desc.halflife = 0.1f;
    mote_id id;
    if (mote_spring_pool_add(pool, &desc, &id) != MOTE_OK || !mote_spring_pool_contains(pool, id)) {
        fprintf(stderr, "consumer: add failed\n");
        mote_spring_pool_destroy(pool);
        return 1;
    }
    for (int frame = 0; frame < 6; ++frame) { /* 6 frames of 1/60 s: one half-life */
        if (mote_spring_pool_step(pool, 1.0f / 60.0f) != MOTE_OK) {
            fprintf(stderr, "consumer: step failed\n");
            mote_spring_pool_destroy(pool);
            return 1;
        }
    }
    mote_spring_desc out;
    mote_status status = mote_spring_pool_get(pool, id, &out);
    mote_spring_pool_destroy(pool);

    /* Critically damped from rest: x(t) = goal - (goal - x0) e^-yt (1 + y t), with
     * y = 2 ln2 / (halflife + eps), worked out in double at t = halflife. No libm here, so
     * the link proves libmote brings its own dependencies along. */
    const double expected = 0.4033783683;
    double error = out.x > expected ? out.x - expected : expected - out.x;
    printf("consumer: mote %d.%d.%d on %s: x = %.7f after one half-life (expected %.7f)\n",
           MOTE_VERSION_MAJOR, MOTE_VERSION_MINOR, MOTE_VERSION_PATCH,
           mote_backend_name(mote_backend_best()), out.x, expected);
    if (status != MOTE_OK || error > 1e-5) {
        fprintf(stderr, "consumer: wrong value\n");
        return 1;
    }
    return 0;
}
