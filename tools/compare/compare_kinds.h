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

/* Family f's name (0 <= f < the count compare_families gives): its row's name in the registry
 * (engine/kinds/kinds.h: spring, mover, ..., orientation); NULL past the last. */
const char *compare_family_name(size_t family);

/* Family f's kinds, in order, and their number in *count (NULL and 0 past the last family). */
const compare_kind *const *compare_family_kinds(size_t family, size_t *count);

/* What --kind name runs: the compare kind of that name (one), else every kind of the family of
 * that name (a family is named as the registry names it, e.g. orientation: its four kinds),
 * their number in *count; NULL and 0 when nothing has that name. */
const compare_kind *const *compare_kinds_named(const char *name, size_t *count);

#endif
