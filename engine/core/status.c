/* Names of status codes. */
#include "mote/base.h"

const char *mote_status_name(mote_status status) {
    switch (status) {
    case MOTE_OK:
        return "MOTE_OK";
    case MOTE_ERROR_INVALID_ARGUMENT:
        return "MOTE_ERROR_INVALID_ARGUMENT";
    case MOTE_ERROR_INVALID_DT:
        return "MOTE_ERROR_INVALID_DT";
    case MOTE_ERROR_FULL:
        return "MOTE_ERROR_FULL";
    case MOTE_ERROR_STALE_ID:
        return "MOTE_ERROR_STALE_ID";
    case MOTE_ERROR_OUT_OF_MEMORY:
        return "MOTE_ERROR_OUT_OF_MEMORY";
    case MOTE_ERROR_RANGE:
        return "MOTE_ERROR_RANGE";
    case MOTE_ERROR_NON_FINITE:
        return "MOTE_ERROR_NON_FINITE";
    case MOTE_ERROR_BACKEND_UNAVAILABLE:
        return "MOTE_ERROR_BACKEND_UNAVAILABLE";
    case MOTE_ERROR_WRONG_POOL:
        return "MOTE_ERROR_WRONG_POOL";
    case MOTE_ERROR_UNINITIALIZED_DEF:
        return "MOTE_ERROR_UNINITIALIZED_DEF";
    case MOTE_ERROR_CORRUPT_SNAPSHOT:
        return "MOTE_ERROR_CORRUPT_SNAPSHOT";
    case MOTE_ERROR_BUFFER_TOO_SMALL:
        return "MOTE_ERROR_BUFFER_TOO_SMALL";
    }
    return "MOTE_ERROR_UNKNOWN";
}
