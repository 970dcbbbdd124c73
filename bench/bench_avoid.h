/* The avoidance benchmarks (bench_avoid.c): movers/avoid/<backend>/<n> on the square scene. */
#ifndef MOTE_BENCH_AVOID_H
#define MOTE_BENCH_AVOID_H

void bench_register_avoid_cases(void);
void bench_avoid_release(void);

#endif
