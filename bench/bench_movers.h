/* The crowd benchmarks: a mover pool stepped on every runnable backend, the scalar reference
 * among them, named movers/<backend>/<count> (1024, 16384, 65536, 1048576). */
#ifndef MOTE_BENCH_MOVERS_H
#define MOTE_BENCH_MOVERS_H

/* Registers movers/<backend>/<count> for every backend this build and CPU run. */
void bench_register_mover_cases(void);

/* Frees the crowd kept alive between benchmarks. */
void bench_movers_release(void);

#endif
