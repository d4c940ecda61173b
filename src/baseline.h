/* baseline: what changed since an earlier report.
 *
 * A nightly job keeps last night's JSON report; `--baseline FILE` marks
 * every finding `new` or `unchanged` by its fingerprint (which survives line
 * shifts) and lists the baseline's findings that are gone as `resolved`.
 * (The run log, `--history`, is history.c's.) */
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

#endif
