/* The learnt shares of the ready task system's workers (worker_shares.h). */
#include "worker_shares.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

/* Each worker's speed relative to the average worker, as float bits; 0: not learnt yet. */
static _Atomic uint32_t learnt[MOTE_SHARES_MAX_WORKERS];

/* The weight of the newest step in the average (the last eight steps count most). */
#define LEARN_RATE 0.125

static double load_share(int w) {
    uint32_t bits = atomic_load_explicit(&learnt[w], memory_order_relaxed);
    float f;
    memcpy(&f, &bits, sizeof f);
    return bits == 0 ? 1.0 : (double)f;
}

static void store_share(int w, double share) {
    float f = (float)share;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    atomic_store_explicit(&learnt[w], bits, memory_order_relaxed);
}

int mote_shares_worker_count(size_t item_count, size_t min_range, int workers) {
    const size_t fit = min_range > 0 ? item_count / min_range : item_count; /* whole ranges */
    size_t count = workers > 1 ? (size_t)workers : 1;
    count = count < fit ? count : fit;
    count = count < MOTE_SHARES_MAX_WORKERS ? count : MOTE_SHARES_MAX_WORKERS;
    /* cppcheck follows the OpenMP-less call (workers 1) into this line and calls the condition
     * always false; with workers > 1 it is not */
    /* cppcheck-suppress knownConditionTrueFalse */
    return count > 1 ? (int)count : 1; /* fewer items than one range: still one */
}

void mote_shares_split(size_t item_count, size_t min_range, int workers, size_t *bounds) {
    double weight[MOTE_SHARES_MAX_WORKERS];
    const int learnt_workers = workers <= MOTE_SHARES_MAX_WORKERS ? workers : 0;
    double total = 0.0;
    for (int w = 0; w < learnt_workers; ++w) {
        weight[w] = load_share(w);
        total += weight[w];
    }
    bounds[0] = 0;
    const size_t equal = (item_count + (size_t)workers - 1) / (size_t)workers;
    size_t taken = 0;
    double cumulative = 0.0;
    for (int w = 0; w + 1 < workers; ++w) {
        size_t end;
        if (learnt_workers == 0) {
            end = taken + equal < item_count ? taken + equal : item_count;
        } else {
            cumulative += weight[w];
            end = (size_t)((double)item_count * (cumulative / total) + 0.5);
        }
        /* at least min_range for this worker, and min_range left for each one after it */
        const size_t later = (size_t)(workers - 1 - w) * min_range;
        if (end < taken + min_range) {
            end = taken + min_range;
        }
        if (item_count >= later && end > item_count - later) {
            end = item_count - later;
        }
        end = end < taken ? taken : (end > item_count ? item_count : end);
        bounds[w + 1] = end;
        taken = end;
    }
    bounds[workers] = item_count;
}

void mote_shares_learn(int workers, const size_t *bounds, const double *seconds) {
    if (workers < 2 || workers > MOTE_SHARES_MAX_WORKERS) {
        return;
    }
    /* speed[w]: items per second; relative to the mean of the workers that were measured */
    double speed[MOTE_SHARES_MAX_WORKERS];
    double sum = 0.0;
    int measured = 0;
    for (int w = 0; w < workers; ++w) {
        const size_t items = bounds[w + 1] - bounds[w];
        speed[w] = items > 0 && seconds[w] > 0.0 ? (double)items / seconds[w] : 0.0;
        if (speed[w] > 0.0) {
            sum += speed[w];
            ++measured;
        }
    }
    if (measured < 2) {
        return;
    }
    const double mean = sum / measured;
    for (int w = 0; w < workers; ++w) {
        if (speed[w] > 0.0) {
            double relative = speed[w] / mean;
            double share = load_share(w) + LEARN_RATE * (relative - load_share(w));
            store_share(w, share > MOTE_SHARES_FLOOR ? share : MOTE_SHARES_FLOOR);
        }
    }
}

void mote_shares_reset(void) {
    for (int w = 0; w < MOTE_SHARES_MAX_WORKERS; ++w) {
        atomic_store_explicit(&learnt[w], 0u, memory_order_relaxed);
    }
}
