/* Refusals that say why: every path that refuses an input returns through mote_refuse, which
 * records the field and the rule for mote_error_detail() and hands the status back. */
#ifndef MOTE_CORE_REFUSE_H
#define MOTE_CORE_REFUSE_H

#include "mote/base.h"

#if defined(__GNUC__) || defined(__clang__)
#define MOTE_PRINTF_FORMAT(format_index, first_arg)                                                \
    __attribute__((format(printf, format_index, first_arg)))
#else
#define MOTE_PRINTF_FORMAT(format_index, first_arg)
#endif

/* Records the detail (printf format: the field or argument, then the rule it broke, e.g.
 * "desc.max_speed must be finite and > 0 (got -1)") for this thread and returns status.
 * The text is cut at MOTE_ERROR_DETAIL_CAPACITY - 1 bytes. */
mote_status mote_refuse(mote_status status, const char *format, ...) MOTE_PRINTF_FORMAT(2, 3);

/* How many refusals this thread has recorded (wrapping): a caller that compares it before and
 * after a hook knows whether the hook recorded a detail of its own. */
unsigned mote_refusal_serial(void);

/* For a caller that answers a check's refusal with a status of its own (a profile's
 * MOTE_ERROR_NON_FINITE refused as MOTE_ERROR_INVALID_ARGUMENT): records the detail the check
 * recorded again, its rule kept and its status name replaced by status's, and returns
 * status, so the detail always begins with the status the caller returns. */
mote_status mote_refuse_as(mote_status status);

#endif
