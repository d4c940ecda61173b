/* history: the run log behind the HTML report's trend.
 *
 * `--history FILE` keeps one JSON line per run (date, commit, counts).  A
 * run reads the log and puts it, with itself as the last run, into the
 * model (history_prepare), writes its reports, and only then appends its
 * line (history_commit): a log line always stands for reports that were
 * written.  Nightly jobs may share one log: appends are whole lines under
 * a lock and never rewrite the file, so concurrent runs all keep theirs,
 * and a line torn by someone's crash is skipped with a warning. */
#ifndef HPA_HISTORY_H
#define HPA_HISTORY_H

#include <jansson.h>

#include "buf.h"

/* Read the log at path (missing: empty) and set the model's `history` to
 * its runs followed by this one; this run's line (with its '\n') goes to
 * *line for history_commit().  Lines that are not a run are skipped, each
 * with a "path:N: ..." line added to warnings; a file where no line is a
 * run and one is whole is not a history at all: -1 with err set ("path:N:
 * not a history line: ..."), as for an unreadable file or memory. */
int history_prepare(json_t *model, const char *path, buf *line, buf *warnings, buf *err);

/* Append the line history_prepare() made.  On error -1 with err set, and
 * the log as it was. */
int history_commit(const char *path, const buf *line, buf *err);

#endif
