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

#endif
