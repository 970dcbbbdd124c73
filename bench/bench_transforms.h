/* transforms/<layout>/<backend|naive|memcpy>/<count>: the pose writer beside a game's scalar
 * packing and a memcpy of the bytes it writes (bench_transforms.c). */
#ifndef MOTE_BENCH_TRANSFORMS_H
#define MOTE_BENCH_TRANSFORMS_H

#include "bench_shim.h"

void bench_register_transform_cases(void);
void bench_transforms_release(void);

#endif
