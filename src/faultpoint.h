/* faultpoint: named places where the fault-injection suite
 * (tests/audit-faults.sh) kills a run.
 *
 * With HOTPATH_AUDIT_FAULT=NAME in the environment, a run sends itself
 * SIGKILL when it reaches the point of that name -- exactly as an
 * operator's kill -9 or the OOM killer would land there, with no handler
 * and no clean-up run -- so that the suite can prove what a kill at that
 * moment leaves behind.  The points:
 *   reports-written    every report complete on disk, none in place yet
 *   reports-committed  every report in place, the history line not added
 *   append-locked      the history file locked for the append, nothing
 *                      written
 * Unset, a point costs one getenv(); there are three in a run. */
#ifndef HPA_FAULTPOINT_H
#define HPA_FAULTPOINT_H

#include <signal.h>
#include <stdlib.h>
#include <string.h>

static inline void faultpoint(const char *name)
{
	const char *want = getenv("HOTPATH_AUDIT_FAULT");

	if (want && strcmp(want, name) == 0)
		raise(SIGKILL);
}

#endif
