/* The spring benchmarks: every kind on every runnable backend, and the baselines. */
#ifndef MOTE_BENCH_CASES_H
#define MOTE_BENCH_CASES_H

/* Registers every benchmark this build and CPU can run, named spring/<kind>/<what>/<count>,
 * where <what> is a backend (scalar, portable, avx2, avx512, neon), a baseline (naive,
 * gcc_avx2, gcc_native, memory) or, for the critical spring, a peer (highway, sleef_avx2,
 * sleef_avx512: peers/peers.h), each where this build has it and this CPU runs it. */
void bench_register_spring_cases(void);

/* Adds the backends this CPU runs to the benchmark context. */
void bench_add_backend_context(void);

#endif
