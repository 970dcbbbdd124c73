/* Restore checks every element as add does, for every pool kind (the pool adapter registry):
 * a blob tampered in one value of one element and re-sealed (a correct checksum written over
 * it, as a modded save or a peer would) is refused with MOTE_ERROR_CORRUPT_SNAPSHOT and a
 * detail naming the element and the field, and the pool is unchanged, exactly when add's
 * checks (each field's own check and the kind's checks across fields, under the blob's
 * settings) refuse those values; values they accept restore. Tried for every stored field of
 * one element with NaN, infinity, -1, a huge value of each sign and 0. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "test_support.h"

#include "pool.h"
#include "pool_adapter.h"
#include "pool_snapshot.h"
#include "refuse.h"

/* A pool of n ordinary elements with a removed one, stepped once. */
static void *build_pool(const pool_adapter *a, size_t n) {
    pool_adapter_def def = {16, 1024, MOTE_BACKEND_AUTO};
    void *pool = NULL;
    assert_int_equal(a->create(a, &def, &pool), MOTE_OK);
    test_rng rng = {0x5eed};
    mote_id first = mote_null_id();
    for (size_t i = 0; i < n; ++i) {
        assert_int_equal(a->add_random(a, pool, &rng, i == 0 ? &first : NULL), MOTE_OK);
    }
    assert_int_equal(a->remove(pool, first), MOTE_OK);
    assert_int_equal(a->step(pool, 1.0f / 60.0f), MOTE_OK);
    return pool;
}

/* Byte offset of element `element`'s value of field f in a blob of the pool (the header, the
 * settings words, then each stored field's count words in field-list order). */
static size_t field_offset(const mote_pool *pool, int f, size_t element) {
    const mote_pool_kind *kind = pool->kind;
    size_t at = MOTE_SNAPSHOT_HEADER_BYTES + 4 * (size_t)kind->setting_count;
    for (int g = 0; g < f; ++g) {
        if (pool->core.fields.field[g] != NULL) {
            at += 4 * pool->core.count;
        }
    }
    return at + 4 * element;
}

static void put_float(unsigned char *p, float value) {
    uint32_t w;
    memcpy(&w, &value, 4);
    for (int i = 0; i < 4; ++i) {
        p[i] = (unsigned char)(w >> (8 * i));
    }
}

/* Whether check_values moved a stored value by more than rounding (2^-10 of it, or of 1), as
 * restore's own test of the form add stores. */
static bool rewritten_beyond_rounding(const mote_pool *pool, const float *given,
                                      const float *checked) {
    for (int f = 0; f < pool->kind->field_count; ++f) {
        const float scale = fabsf(given[f]) > 1.0f ? fabsf(given[f]) : 1.0f;
        if (pool->core.fields.field[f] != NULL && fabsf(checked[f] - given[f]) > scale * 0x1p-10f) {
            return true;
        }
    }
    return false;
}

static void test_tampered_elements_are_refused_as_add_refuses_them(void **state) {
    (void)state;
    const float tampered[] = {NAN, INFINITY, -1.0f, 1e30f, -1e30f, 3e38f, 0.0f};
    size_t adapter_count;
    const pool_adapter *const *all = pool_adapters_all(&adapter_count);
    size_t refused_total = 0;
    for (size_t k = 0; k < adapter_count; ++k) {
        const pool_adapter *a = all[k];
        void *source = build_pool(a, 6);
        const mote_pool *sp = source;
        const size_t size = a->snapshot_size(source);
        unsigned char *saved = malloc(size);
        unsigned char *blob = malloc(size);
        assert_non_null(saved);
        assert_non_null(blob);
        assert_int_equal(a->save(source, saved, size, NULL), MOTE_OK);
        const size_t element = 2;
        float values[MOTE_MAX_FIELDS];
        void *target = build_pool(a, 9);
        const uint64_t hash = pool_adapter_hash(a, target);
        for (int f = 0; f < sp->kind->field_count; ++f) {
            if (sp->core.fields.field[f] == NULL) {
                continue;
            }
            for (size_t t = 0; t < sizeof tampered / sizeof tampered[0]; ++t) {
                memcpy(blob, saved, size);
                put_float(blob + field_offset(sp, f, element), tampered[t]);
                test_reseal_snapshot(blob, size);
                /* what add's checks say of these values (the source's settings are the blob's) */
                for (int g = 0; g < sp->kind->field_count; ++g) {
                    values[g] =
                        sp->core.fields.field[g] != NULL ? sp->core.fields.field[g][element] : 0.0f;
                }
                values[f] = tampered[t];
                float as_given[MOTE_MAX_FIELDS];
                memcpy(as_given, values, sizeof as_given);
                /* add refuses the values, or would store them in another form (a unit vector
                 * renormalised): restore refuses both, a blob holding only what add stores */
                const bool add_refuses =
                    mote_pool_check_values(sp, values, "element", element) != MOTE_OK ||
                    rewritten_beyond_rounding(sp, as_given, values);
                mote_clear_error_detail();
                const mote_status status = a->restore(target, blob, size);
                if (add_refuses) {
                    if (status != MOTE_ERROR_CORRUPT_SNAPSHOT) {
                        fail_msg("%s: %s = %g: add refuses it, restore gave %s", a->name,
                                 sp->kind->fields[f].name, (double)tampered[t],
                                 mote_status_name(status));
                    }
                    if (strstr(mote_error_detail(), "element[2]") == NULL) {
                        fail_msg("%s: %s = %g: detail %s", a->name, sp->kind->fields[f].name,
                                 (double)tampered[t], mote_error_detail());
                    }
                    if (!isfinite(tampered[t])) { /* finite values may break a rule across
                                                   * fields, named by the kind's detail */
                        assert_non_null(strstr(mote_error_detail(), sp->kind->fields[f].name));
                    }
                    assert_true(pool_adapter_hash(a, target) == hash);
                    refused_total += 1;
                } else {
                    if (status != MOTE_OK) {
                        fail_msg("%s: %s = %g: add accepts it, restore gave %s (%s)", a->name,
                                 sp->kind->fields[f].name, (double)tampered[t],
                                 mote_status_name(status), mote_error_detail());
                    }
                    /* back to the pool it was, for the next try's unchanged check */
                    void *fresh = build_pool(a, 9);
                    const size_t fresh_size = a->snapshot_size(fresh);
                    unsigned char *back = malloc(fresh_size);
                    assert_non_null(back);
                    assert_int_equal(a->save(fresh, back, fresh_size, NULL), MOTE_OK);
                    assert_int_equal(a->restore(target, back, fresh_size), MOTE_OK);
                    free(back);
                    a->destroy(fresh);
                }
            }
        }
        a->destroy(target);
        a->destroy(source);
        free(blob);
        free(saved);
    }
    /* NaN and infinity alone: every adapter's every stored field refused them */
    assert_true(refused_total >= 2 * adapter_count);
}

MOTE_TEST_MAIN(cmocka_unit_test(test_tampered_elements_are_refused_as_add_refuses_them))
