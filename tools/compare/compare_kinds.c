/* mote-compare's registry of compare kinds. */
#include <string.h>

#include "compare_kinds.h"
#include "kinds.h"

/* One family per kind of the registry (kinds.h), in its order: each kind's folder defines
 * `const compare_family compare_family_<kind>` in engine/kinds/<kind>/<kind>_compare.c. */
#define DECLARE_FAMILY(name, number, kernels) extern const compare_family compare_family_##name;
MOTE_KINDS(DECLARE_FAMILY, MOTE_KIND_NO_KERNEL)
#undef DECLARE_FAMILY

#define FAMILY_ADDRESS(name, number, kernels) &compare_family_##name,
static const compare_family *const families[] = {MOTE_KINDS(FAMILY_ADDRESS, MOTE_KIND_NO_KERNEL)};
#undef FAMILY_ADDRESS

/* Each family's name: its row's name in the registry. */
#define FAMILY_NAME(name, number, kernels) #name,
static const char *const family_names[] = {MOTE_KINDS(FAMILY_NAME, MOTE_KIND_NO_KERNEL)};
#undef FAMILY_NAME
_Static_assert(sizeof family_names / sizeof family_names[0] == sizeof families / sizeof families[0],
               "one name per family");

/* Most compare kinds all families have together. */
#define COMPARE_MAX_KINDS 64

const compare_family *const *compare_families(size_t *count) {
    *count = sizeof families / sizeof families[0];
    return families;
}

const char *compare_family_name(size_t family) {
    return family < sizeof family_names / sizeof family_names[0] ? family_names[family] : NULL;
}

/* Every kind of every family in order, and where each family's kinds start in it (family f's
 * are [first[f], first[f + 1])). */
static const compare_kind *all[COMPARE_MAX_KINDS];
static size_t first[sizeof families / sizeof families[0] + 1];
static size_t all_count = 0;

static void list_kinds(void) {
    if (all_count > 0) {
        return;
    }
    for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) {
        first[f] = all_count;
        size_t family_count = 1;
        const compare_kind *kinds =
            families[f]->kind != NULL ? families[f]->kind : families[f]->kinds(&family_count);
        for (size_t k = 0; k < family_count && all_count < COMPARE_MAX_KINDS; ++k) {
            all[all_count++] = &kinds[k];
        }
    }
    first[sizeof families / sizeof families[0]] = all_count;
}

const compare_kind *const *compare_kinds(size_t *count) {
    list_kinds();
    *count = all_count;
    return all;
}

const compare_kind *const *compare_family_kinds(size_t family, size_t *count) {
    list_kinds();
    if (family >= sizeof families / sizeof families[0]) {
        *count = 0;
        return NULL;
    }
    *count = first[family + 1] - first[family];
    return &all[first[family]];
}

const compare_kind *const *compare_kinds_named(const char *name, size_t *count) {
    list_kinds();
    for (size_t k = 0; k < all_count; ++k) {
        if (strcmp(all[k]->name, name) == 0) {
            *count = 1;
            return &all[k];
        }
    }
    for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) {
        if (strcmp(family_names[f], name) == 0) {
            return compare_family_kinds(f, count);
        }
    }
    *count = 0;
    return NULL;
}
