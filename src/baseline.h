/* baseline: what changed since an earlier report, and the run history.
 *
 * A nightly job keeps last night's JSON report; `--baseline FILE` marks
 * every finding `new` or `unchanged` by its fingerprint (which survives line
 * shifts) and lists the baseline's findings that are gone as `resolved`.
 * `--history FILE` keeps one JSON line per run (date, commit, counts), from
 * which the HTML draws the trend. */
#ifndef HPA_BASELINE_H
#define HPA_BASELINE_H

#include <jansson.h>

#include "buf.h"
#include "report.h"

/* Read a report written by `audit --format json`.  On error -1 with one
 * line in err naming the file and what is wrong (not JSON, not a report, a
 * finding without a fingerprint, ...).  The caller owns *out. */
int baseline_load(json_t **out, const char *path, buf *err);

/* The same, from text[0..len) named `name` in messages. */
int baseline_parse(json_t **out, const char *name, const char *text, size_t len, buf *err);

/* Mark model's findings new/unchanged against the baseline and add
 * `resolved` and the summary's `new`/`resolved` counts.  0, or -1 (memory). */
int baseline_apply(report_doc *doc, json_t *baseline, const char *baseline_path);

/* Append this run to the history file (created when missing; rewritten
 * whole through a temporary file, so a crash never truncates it) and put
 * the history into the model as `history`.  On error -1 with err set. */
int history_update(json_t *model, const char *path, buf *err);

#endif
