/* Internal: a test's handle on mote_workers (mote/tasks.h). */
#ifndef MOTE_WORKER_THREADS_H
#define MOTE_WORKER_THREADS_H

#include <stdbool.h>

#include "mote/tasks.h"

/* While held, the threads take no range, so the calling thread steps every range of a step
 * itself: the path a worker the OS has not run takes (tests). */
void mote_workers_hold(mote_workers *workers, bool held);

#endif
