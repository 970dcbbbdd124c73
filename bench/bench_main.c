/* mote-bench: the spring benchmarks (Google Benchmark flags apply, e.g.
 * --benchmark_filter=spring/critical/ --benchmark_min_time=0.05 --benchmark_format=json). */
#include "bench_avoid.h"
#include "bench_cases.h"
#include "bench_ceiling.h"
#include "bench_pools.h"
#include "bench_predict.h"
#include "bench_shim.h"
#include "bench_snapshot.h"
#include "bench_springs.h"
#include "bench_tasks.h"
#include "bench_transforms.h"
#include "bench_world.h"

int main(int argc, char **argv) {
    bench_add_backend_context();
    bench_register_spring_cases();
    bench_register_pool_cases();
    bench_register_avoid_cases();
    bench_register_predict_cases();
    bench_register_snapshot_cases();
    bench_register_ceiling_cases();
    bench_register_transform_cases();
    bench_register_world_cases();
    int exit_code = mote_bench_main(argc, argv);
    bench_springs_release();
    bench_pools_release();
    bench_avoid_release();
    bench_predict_release();
    bench_snapshot_release();
    bench_ceiling_release();
    bench_tasks_release();
    bench_transforms_release();
    bench_world_release();
    return exit_code;
}
