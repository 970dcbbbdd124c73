/* mote: SIMD-batched, data-oriented motion. Include this one header. */
#ifndef MOTE_H
#define MOTE_H

#include "mote/base.h"
#include "mote/backend.h"
#include "mote/pool_common.h"
#include "mote/debris.h"
#include "mote/debris_pool.h"
#include "mote/math3d.h"
#include "mote/random.h"
#include "mote/spring.h"
#include "mote/spring_pool.h"
#include "mote/movement.h"
#include "mote/mover_pool.h"
#include "mote/orientation.h"
#include "mote/orientation_pool.h"
#include "mote/tasks.h"
#include "mote/flight.h"
#include "mote/flight_pool.h"
#include "mote/docking.h"
#include "mote/docking_pool.h"
#include "mote/launch.h"
#include "mote/stage.h"
#include "mote/launch_pool.h"
#include "mote/stage_pool.h"
#include "mote/pose.h"
#include "mote/world.h"
#include "mote/events.h"

#endif
