/* report: the report model, one JSON document (schema: docs/report-schema.md).
 *
 * It is the `--format json` output, the input of every template, and what
 * a later run reads as a baseline.  Built once per run from the audit's
 * findings; renderers only read it. */
#ifndef HPA_REPORT_H
#define HPA_REPORT_H

#include <jansson.h>

#include "audit.h"
#include "pack.h"

#define REPORT_SCHEMA_VERSION 1

typedef struct {
	const char *command_line;   /* as the user typed it (for reproducing the run) */
	const char *root;           /* as given */
	const char *const *paths;
	size_t npaths;
	int include_tests;
	int only_actionable;        /* keep removable and structural findings only */
	const char *rules_file;     /* inventory.rules used */
	const char *audit_rules_file;
	const char *rules_version;  /* a hash of both rules files' contents */
	json_t *source;             /* where the files came from (borrowed): {kind, repository, branch, commit, ...} */
	json_t *skipped;            /* [{path, reason}] (borrowed) */
	const pack_set *packs;      /* the packs that ran, or NULL (the clone audit alone) */
} report_scope;

/* Build the model; takes its own references to the audit's arrays.
 * Returns a new reference, or NULL when memory ran out. */
json_t *report_build(const audit_result *a, const report_scope *scope);

/* "2026-11-22T03:04:05Z": $SOURCE_DATE_EPOCH when set (reproducible
 * builds' convention), else now. */
void report_timestamp(char out[32]);

#endif
