/* mote-demo's wall clock: CLOCK_MONOTONIC. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "demo_clock.h"

double demo_clock_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
