// A C++ program outside the mote tree: mote.h's declarations are extern "C", so it links the C
// library libmote.a. Steps 20,000 critical springs for one half-life, serially and through
// mote_openmp_task_system() (above the 8192-element threshold, so OpenMP's threads run it in a
// build with OpenMP, and its runtime must be linked), and checks where the springs got to.
// Exit 0 when they are right.
#include <cmath>
#include <cstdio>
#include <vector>

#include <mote/mote.h>

namespace {

const int spring_count = 20000;

// x of the first and the last spring after one half-life; false when a call fails.
bool step_one_halflife(bool parallel, float *first, float *last) {
    mote_spring_pool *pool = nullptr;
    mote_spring_pool_def def = mote_default_spring_pool_def();
    def.kind = MOTE_SPRING_CRITICAL;
    if (mote_spring_pool_create(&def, &pool) != MOTE_OK) {
        return false;
    }
    mote_spring_desc desc = mote_default_spring_desc();
    desc.x = 0.0f;
    desc.v = 0.0f;
    desc.goal = 1.0f;
    desc.halflife = 0.1f;
    std::vector<mote_id> ids(spring_count);
    bool ok = true;
    for (int i = 0; ok && i < spring_count; ++i) {
        ok = mote_spring_pool_add(pool, &desc, &ids[i]) == MOTE_OK;
    }
    const mote_task_system tasks = mote_openmp_task_system();
    for (int frame = 0; ok && frame < 6; ++frame) { // 6 frames of 1/60 s: one half-life
        const float dt = 1.0f / 60.0f;
        ok = (parallel ? mote_spring_pool_step_parallel(pool, dt, &tasks)
                       : mote_spring_pool_step(pool, dt)) == MOTE_OK;
    }
    mote_spring_desc out_first;
    mote_spring_desc out_last;
    ok = ok && mote_spring_pool_get(pool, ids.front(), &out_first) == MOTE_OK &&
         mote_spring_pool_get(pool, ids.back(), &out_last) == MOTE_OK;
    mote_spring_pool_destroy(pool);
    if (ok) {
        *first = out_first.x;
        *last = out_last.x;
    }
    return ok;
}

} // namespace

int main() {
    // x(t) = goal - (goal - x0) e^-yt (1 + y t) at t = halflife, as in ../consumer/main.c.
    const double expected = 0.4033783683;
    float serial[2] = {0.0f, 0.0f};
    float parallel[2] = {0.0f, 0.0f};
    if (!step_one_halflife(false, &serial[0], &serial[1]) ||
        !step_one_halflife(true, &parallel[0], &parallel[1])) {
        std::fprintf(stderr, "consumer-cxx: a pool call failed\n");
        return 1;
    }
    std::printf("consumer-cxx: mote %d.%d.%d on %s, OpenMP %s: x = %.7f serial, %.7f parallel "
                "(expected %.7f)\n",
                MOTE_VERSION_MAJOR, MOTE_VERSION_MINOR, MOTE_VERSION_PATCH,
                mote_backend_name(mote_backend_best()), mote_openmp_available() ? "yes" : "no",
                serial[0], parallel[0], expected);
    if (std::fabs(serial[0] - expected) > 1e-5 || serial[1] != serial[0] ||
        parallel[0] != serial[0] || parallel[1] != serial[0]) {
        std::fprintf(stderr, "consumer-cxx: wrong value\n");
        return 1;
    }
    return 0;
}
