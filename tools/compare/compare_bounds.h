/* mote-compare's pass/fail bounds, one row per spring kind. */
#ifndef MOTE_COMPARE_BOUNDS_H
#define MOTE_COMPARE_BOUNDS_H

#include <stdio.h>

#include "mote/spring_pool.h"
#include "spring_fields.h"

#include "spring_bounds.h"

/* Prints the table of bounds, one line per kind. */
void compare_print_bounds(FILE *stream);

#endif
