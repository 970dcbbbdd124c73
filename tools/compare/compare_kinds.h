/* mote-compare's registry: every compare kind, in the order a run without --kind runs them
 * (the families of COMPARE_FAMILIES in compare_kinds.c, each kind of a family in its order). */
#ifndef MOTE_COMPARE_KINDS_H
#define MOTE_COMPARE_KINDS_H

#include <stddef.h>

#include "compare_kind.h"

/* Every registered family. */
const compare_family *const *compare_families(size_t *count);

/* Every compare kind of every family, in order. */
const compare_kind *const *compare_kinds(size_t *count);

/* The compare kind called name (as --kind names it), or NULL. */
const compare_kind *compare_kind_find(const char *name);

#endif
