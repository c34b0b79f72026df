#ifndef TICK_CLIBICAL_SHIM_H
#define TICK_CLIBICAL_SHIM_H

// libical's recurrence iterator, the reference implementation of RFC 5545 RRULEs.
#include <libical/ical.h>

// icalerrno is a macro over a thread-local accessor; a function Swift can call.
static inline int clibical_errno(void) { return (int)icalerrno; }
static inline void clibical_clear_errno(void) { icalerror_clear_errno(); }

#endif
