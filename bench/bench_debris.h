/* The debris benchmarks: debris/<backend>/<count> for every runnable backend (scalar is the
 * reference) at 1024, 16384, 65536 and 1048576 pieces. */
#ifndef MOTE_BENCH_DEBRIS_H
#define MOTE_BENCH_DEBRIS_H

/* Registers the debris benchmarks. */
void bench_register_debris_cases(void);

/* Frees the pool the debris benchmarks keep alive, if any. */
void bench_debris_release(void);

#endif
