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

/* Most compare kinds all families have together. */
#define COMPARE_MAX_KINDS 64

const compare_family *const *compare_families(size_t *count) {
    *count = sizeof families / sizeof families[0];
    return families;
}

const compare_kind *const *compare_kinds(size_t *count) {
    static const compare_kind *all[COMPARE_MAX_KINDS];
    static size_t n = 0;
    if (n == 0) {
        for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) {
            size_t family_count = 1;
            const compare_kind *kinds =
                families[f]->kind != NULL ? families[f]->kind : families[f]->kinds(&family_count);
            for (size_t k = 0; k < family_count && n < COMPARE_MAX_KINDS; ++k) {
                all[n++] = &kinds[k];
            }
        }
    }
    *count = n;
    return all;
}

const compare_kind *compare_kind_find(const char *name) {
    size_t n = 0;
    const compare_kind *const *all = compare_kinds(&n);
    for (size_t k = 0; k < n; ++k) {
        if (strcmp(all[k]->name, name) == 0) {
            return all[k];
        }
    }
    return NULL;
}
