// The critical spring with Highway (peers.h): the formula of mote_spring in Highway's
// portable vectors, Highway's own Exp (1 ULP, hwy/contrib/math), compiled by foreach_target
// for every target this Highway knows and picked at run time by HWY_DYNAMIC_DISPATCH, as a
// user of Highway would write it. Built with the baseline flags (bench/peers/peers.cmake).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "peers/highway_critical.cc" // this file, again per target
#include <hwy/foreach_target.h>                        // must come before highway.h

#include <cstring>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "mote/spring.h"
#include "peers/peers.h"

HWY_BEFORE_NAMESPACE();
namespace mote_bench {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Steps one vector of elements at x + i, ...
template <class D, class V = hn::Vec<D>>
HWY_INLINE void StepVector(D d, float *HWY_RESTRICT x, float *HWY_RESTRICT v,
                           const float *HWY_RESTRICT goal, const float *HWY_RESTRICT halflife,
                           V dt) {
    const V zero = hn::Zero(d);
    V h = hn::LoadU(d, halflife);
    h = hn::IfThenElse(hn::Lt(h, zero), zero, h); // NaN stays NaN
    const V damping = hn::Div(hn::Set(d, 4.0f * MOTE_LN2), hn::Add(h, hn::Set(d, MOTE_SPRING_EPS)));
    const V y = hn::Div(damping, hn::Set(d, 2.0f));
    const V ydt = hn::Mul(y, dt);
    const V g = hn::LoadU(d, goal);
    const V vv = hn::LoadU(d, v);
    const V j0 = hn::Sub(hn::LoadU(d, x), g);
    const V j1 = hn::Add(vv, hn::Mul(j0, y));
    const V e = hn::Exp(d, hn::Neg(ydt));
    hn::StoreU(hn::Add(hn::Mul(e, hn::Add(j0, hn::Mul(j1, dt))), g), d, x);
    hn::StoreU(hn::Mul(e, hn::Sub(vv, hn::Mul(j1, ydt))), d, v);
}

// Steps count elements; the last partial vector through a padded copy.
void CriticalStep(float *HWY_RESTRICT x, float *HWY_RESTRICT v, const float *HWY_RESTRICT goal,
                  const float *HWY_RESTRICT halflife, size_t count, float dt) {
    const hn::ScalableTag<float> d;
    const size_t lanes = hn::Lanes(d);
    const auto vdt = hn::Set(d, dt);
    size_t i = 0;
    for (; i + lanes <= count; i += lanes) {
        StepVector(d, x + i, v + i, goal + i, halflife + i, vdt);
    }
    if (i < count) {
        HWY_ALIGN float px[HWY_MAX_BYTES / sizeof(float)] = {};
        HWY_ALIGN float pv[HWY_MAX_BYTES / sizeof(float)] = {};
        HWY_ALIGN float pgoal[HWY_MAX_BYTES / sizeof(float)] = {};
        HWY_ALIGN float phalflife[HWY_MAX_BYTES / sizeof(float)];
        hn::Store(hn::Set(d, 1.0f), d, phalflife); // the padding: resting springs
        const size_t rest = count - i;
        std::memcpy(px, x + i, rest * sizeof(float));
        std::memcpy(pv, v + i, rest * sizeof(float));
        std::memcpy(pgoal, goal + i, rest * sizeof(float));
        std::memcpy(phalflife, halflife + i, rest * sizeof(float));
        StepVector(d, px, pv, pgoal, phalflife, vdt);
        std::memcpy(x + i, px, rest * sizeof(float));
        std::memcpy(v + i, pv, rest * sizeof(float));
    }
}

// The target this copy was compiled for.
int64_t Target() {
    return HWY_TARGET;
}

} // namespace HWY_NAMESPACE
} // namespace mote_bench
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace mote_bench {
HWY_EXPORT(CriticalStep);
HWY_EXPORT(Target);
} // namespace mote_bench

extern "C" void bench_highway_critical(float *x, float *v, const float *goal, const float *halflife,
                                       size_t count, float dt) {
    HWY_DYNAMIC_DISPATCH(mote_bench::CriticalStep)(x, v, goal, halflife, count, dt);
}

extern "C" const char *bench_highway_target(void) {
    return hwy::TargetName(HWY_DYNAMIC_DISPATCH(mote_bench::Target)());
}
#endif
