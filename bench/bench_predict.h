/* The mover trajectory-prediction benchmarks: movers/predict/<backend>/<count>, one
 * mote_mover_pool_predict of every mover at 0.33, 0.67 and 1 s per iteration, on the same
 * probe pools (seed, sizes) as the movers/<backend>/<count> step rows, so the two compare
 * element for element in one run. */
#ifndef MOTE_BENCH_PREDICT_H
#define MOTE_BENCH_PREDICT_H

/* Registers movers/predict/<backend>/<count> for every runnable backend at 1024, 16384, 65536
 * and 1048576 movers. */
void bench_register_predict_cases(void);

/* Frees the pool and output arrays kept alive between benchmarks. */
void bench_predict_release(void);

#endif
