/* mote-demo's wall clock. */
#ifndef MOTE_DEMO_CLOCK_H
#define MOTE_DEMO_CLOCK_H

/* Seconds on a monotonic clock (only differences mean anything). */
double demo_clock_seconds(void);

#endif
