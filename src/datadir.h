/* datadir: where the installed data (patterns/, templates/) lives.
 *
 * In order: $HOTPATH_AUDIT_DATADIR; the directory of the running executable
 * when it holds the data (an uninstalled build in the source tree); the
 * configured $(pkgdatadir). */
#ifndef HPA_DATADIR_H
#define HPA_DATADIR_H

#include "buf.h"

/* Append to `out` the path of DATADIR/sub (sub is "patterns" or
 * "templates"). */
int datadir_find(buf *out, const char *sub);

/* Append to `out` the path of a rules file ("inventory.rules",
 * "audit.rules"): in `patterns` when the user named that directory
 * (--patterns), else in the installed patterns/. */
int datadir_rules_file(buf *out, const char *patterns, const char *name);

#endif
