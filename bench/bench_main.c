/* mote-bench: the spring benchmarks (Google Benchmark flags apply, e.g.
 * --benchmark_filter=spring/critical/ --benchmark_min_time=0.05 --benchmark_format=json). */
#include "bench_cases.h"
#include "bench_ceiling.h"
#include "bench_pools.h"
#include "bench_shim.h"
#include "bench_snapshot.h"
#include "bench_springs.h"
#include "bench_tasks.h"

int main(int argc, char **argv) {
    bench_add_backend_context();
#define REGISTER_KIND_CASES(name, number, kernels) bench_register_##name##_cases();
    MOTE_KINDS(REGISTER_KIND_CASES, MOTE_KIND_NO_KERNEL)
#undef REGISTER_KIND_CASES
    bench_register_snapshot_cases();
    bench_register_ceiling_cases();
    int exit_code = mote_bench_main(argc, argv);
    bench_springs_release();
    bench_pools_release();
    bench_snapshot_release();
    bench_ceiling_release();
    bench_tasks_release();
    return exit_code;
}
