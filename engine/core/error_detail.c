/* The thread-local detail of the last refusal (mote_error_detail, mote_refuse). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "refuse.h"

static _Thread_local char error_detail[MOTE_ERROR_DETAIL_CAPACITY];
static _Thread_local unsigned refusals;

unsigned mote_refusal_serial(void) {
    return refusals;
}

const char *mote_error_detail(void) {
    return error_detail;
}

void mote_clear_error_detail(void) {
    error_detail[0] = '\0';
}

mote_status mote_refuse_as(mote_status status) {
    char rule[MOTE_ERROR_DETAIL_CAPACITY];
    const char *after_status = strstr(error_detail, ": ");
    (void)snprintf(rule, sizeof rule, "%s", after_status != NULL ? after_status + 2 : error_detail);
    return mote_refuse(status, "%s", rule);
}

mote_status mote_refuse(mote_status status, const char *format, ...) {
    refusals += 1;
    int prefix = snprintf(error_detail, sizeof error_detail, "%s: ", mote_status_name(status));
    if (prefix < 0 || (size_t)prefix >= sizeof error_detail) {
        return status;
    }
    va_list args;
    va_start(args, format);
    (void)vsnprintf(error_detail + prefix, sizeof error_detail - (size_t)prefix, format, args);
    va_end(args);
    return status;
}
