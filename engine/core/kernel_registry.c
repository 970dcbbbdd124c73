/* The list of compiled kernel variants. CMake generates mote_variants.h, which lists the
 * variants this build compiled (MOTE_VARIANTS(X) calls X(suffix) once per variant). */
#include "kernel_table.h"
#include "mote_variants.h"

extern const mote_kernel_table mote_kernel_table_scalar;

#define DECLARE_TABLE(suffix) extern const mote_kernel_table mote_kernel_table_##suffix;
MOTE_VARIANTS(DECLARE_TABLE)
#undef DECLARE_TABLE

#define TABLE_ADDRESS(suffix) &mote_kernel_table_##suffix,
static const mote_kernel_table *const tables[] = {&mote_kernel_table_scalar,
                                                  MOTE_VARIANTS(TABLE_ADDRESS)};
#undef TABLE_ADDRESS

const mote_kernel_table *const *mote_kernel_tables(size_t *count) {
    if (count != NULL) {
        *count = sizeof tables / sizeof tables[0];
    }
    return tables;
}

const mote_kernel_table *mote_kernel_table_for(mote_backend backend) {
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; ++i) {
        if (tables[i]->backend == backend && !tables[i]->emulated) {
            return tables[i];
        }
    }
    return NULL;
}

bool mote_kernel_table_runnable(const mote_kernel_table *table) {
    return table != NULL && mote_backend_available(table->requires);
}
