/* The launch and stage benchmarks: launch/<backend>/<count> and stages/<backend>/<count> for
 * every runnable backend (scalar is the reference) at 1024, 16384, 65536 and 1048576. */
#ifndef MOTE_BENCH_LAUNCH_H
#define MOTE_BENCH_LAUNCH_H

/* Registers the launch and stage benchmarks. */
void bench_register_launch_cases(void);

/* Frees the pools the launch and stage benchmarks keep alive, if any. */
void bench_launch_release(void);

#endif
