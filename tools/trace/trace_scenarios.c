/* The table of mote-trace scenarios: one line per scenario (name, summary, run, figure). */
#include <string.h>

#include "trace_scenario.h"

static const trace_scenario scenarios[] = {
    {"springs", "one spring of every kind chasing a goal that jumps twice", trace_scenario_springs,
     &trace_figure_springs},
    {"crowd", "agents on a circle each walking to the opposite point", trace_scenario_crowd,
     &trace_figure_crowd},
    {"debris", "a spinning hull shedding pieces: peel, release, tumble", trace_scenario_debris,
     &trace_figure_debris},
    {"flights", "a flock landing on a wire: Hermite approaches, braking, banking",
     trace_scenario_flights, &trace_figure_flights},
    {"launch", "a launch schedule: ascent over the limb, distance and speed, roll envelope",
     trace_scenario_launch, &trace_figure_launch},
    {"stages", "detached first stages: separation offsets, tilt then spin", trace_scenario_stages,
     &trace_figure_stages},
    {"docking", "chasers docking with spinning stations: corridor, frames, ramps, lock",
     trace_scenario_docking, &trace_figure_docking},
    {"orientation", "ships turning to a target: control (critical, under-damped, capped), spring",
     trace_scenario_orientation, &trace_figure_orientation},
};

const trace_scenario *trace_scenarios(size_t *count) {
    *count = sizeof scenarios / sizeof scenarios[0];
    return scenarios;
}

const trace_scenario *trace_scenario_find(const char *name) {
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; ++i) {
        if (strcmp(scenarios[i].name, name) == 0) {
            return &scenarios[i];
        }
    }
    return NULL;
}
