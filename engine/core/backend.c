/* Backend names, CPU detection and the MOTE_BACKEND override. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_table.h"
#include "mote/backend.h"

static const char *const backend_names[MOTE_BACKEND_COUNT] = {
    [MOTE_BACKEND_SCALAR] = "scalar", [MOTE_BACKEND_PORTABLE] = "portable",
    [MOTE_BACKEND_AVX2] = "avx2",     [MOTE_BACKEND_AVX512] = "avx512",
    [MOTE_BACKEND_NEON] = "neon",
};

const char *mote_backend_name(mote_backend backend) {
    if (backend == MOTE_BACKEND_AUTO) {
        return "auto";
    }
    if ((int)backend < 0 || backend >= MOTE_BACKEND_COUNT) {
        return "unknown";
    }
    return backend_names[backend];
}

bool mote_backend_parse(const char *name, mote_backend *out) {
    if (name == NULL || out == NULL) {
        return false;
    }
    if (strcmp(name, "auto") == 0) {
        *out = MOTE_BACKEND_AUTO;
        return true;
    }
    for (int b = 0; b < MOTE_BACKEND_COUNT; ++b) {
        if (strcmp(name, backend_names[b]) == 0) {
            *out = (mote_backend)b;
            return true;
        }
    }
    return false;
}

/* What the CPU itself supports (the OS-enabled state included: libgcc checks XCR0). */
static bool cpu_supports(mote_backend backend) {
    switch (backend) {
    case MOTE_BACKEND_SCALAR:
    case MOTE_BACKEND_PORTABLE:
        return true;
#if defined(__x86_64__) || defined(__i386__)
    case MOTE_BACKEND_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case MOTE_BACKEND_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") &&
               __builtin_cpu_supports("fma");
    case MOTE_BACKEND_NEON:
        /* SIMDe lowers NEON to SSE, and its fma to the x86 FMA the variant is built with. */
        __builtin_cpu_init();
        return __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx");
#else
    case MOTE_BACKEND_AVX2:
    case MOTE_BACKEND_AVX512:
        return false;
    case MOTE_BACKEND_NEON:
        return true; /* aarch64: Advanced SIMD is part of the base architecture */
#endif
    default:
        return false;
    }
}

bool mote_backend_available(mote_backend backend) {
    if ((int)backend < 0 || backend >= MOTE_BACKEND_COUNT) {
        return false;
    }
    return mote_kernel_table_for(backend) != NULL && cpu_supports(backend);
}

int mote_backend_lanes(mote_backend backend) {
    switch (backend) {
    case MOTE_BACKEND_AVX2:
        return 8;
    case MOTE_BACKEND_AVX512:
        return 16;
    case MOTE_BACKEND_NEON:
        return 4;
    default:
        return 1;
    }
}

mote_backend mote_backend_detect(void) {
    if (mote_backend_available(MOTE_BACKEND_AVX512)) {
        return MOTE_BACKEND_AVX512;
    }
    if (mote_backend_available(MOTE_BACKEND_AVX2)) {
        return MOTE_BACKEND_AVX2;
    }
#if !defined(__x86_64__) && !defined(__i386__)
    if (mote_backend_available(MOTE_BACKEND_NEON)) {
        return MOTE_BACKEND_NEON;
    }
#endif
    /* x86 without AVX2: NEON-through-SSE2 is a compatibility path, not tuned for speed. */
    return MOTE_BACKEND_PORTABLE;
}

mote_backend mote_backend_best(void) {
    static atomic_int chosen = -2; /* -2: not decided yet */
    int b = atomic_load_explicit(&chosen, memory_order_acquire);
    if (b != -2) {
        return (mote_backend)b;
    }
    mote_backend pick = mote_backend_detect();
    const char *env = getenv("MOTE_BACKEND");
    mote_backend requested;
    if (env != NULL && mote_backend_parse(env, &requested) && requested != MOTE_BACKEND_AUTO &&
        mote_backend_available(requested)) {
        pick = requested;
    }
    atomic_store_explicit(&chosen, (int)pick, memory_order_release);
    return pick;
}
