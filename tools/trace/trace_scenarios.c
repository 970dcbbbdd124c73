/* The table of mote-trace scenarios: one per kind, read from the registry. */
#include <string.h>

#include "kinds.h"
#include "trace_scenario.h"

/* One scenario per kind of the registry (kinds.h), in its order: each kind's folder defines
 * `const trace_scenario trace_scenario_<kind>` in engine/kinds/<kind>/<kind>_trace.c. */
#define DECLARE_SCENARIO(name, number, kernels) extern const trace_scenario trace_scenario_##name;
MOTE_KINDS(DECLARE_SCENARIO, MOTE_KIND_NO_KERNEL)
#undef DECLARE_SCENARIO

#define SCENARIO_ADDRESS(name, number, kernels) &trace_scenario_##name,
static const trace_scenario *const scenarios[] = {
    MOTE_KINDS(SCENARIO_ADDRESS, MOTE_KIND_NO_KERNEL)};
#undef SCENARIO_ADDRESS

const trace_scenario *const *trace_scenarios(size_t *count) {
    *count = sizeof scenarios / sizeof scenarios[0];
    return scenarios;
}

const trace_scenario *trace_scenario_find(const char *name) {
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; ++i) {
        if (strcmp(scenarios[i]->name, name) == 0) {
            return scenarios[i];
        }
    }
    return NULL;
}
