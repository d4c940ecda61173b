/* report: the report model, one JSON document (schema: docs/report-schema.md).
 *
 * It is the `--format json` output, the input of every template, and what
 * a later run reads as a baseline.  Built once per run from the audit's
 * findings; renderers only read it. */
#ifndef HPA_REPORT_H
#define HPA_REPORT_H

#include <jansson.h>

#include "audit.h"
#include "buf.h"
#include "jsontape.h"
#include "jsonwrite.h"
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
	const char *const *crates;  /* the crates a bare audit found (scope.h), or NULL when --paths chose */
	size_t ncrates;
} report_scope;

/* Build the model; takes its own references to the audit's arrays.
 * Returns a new reference, or NULL when memory ran out. */
/* A report: the model, one JSON document -- with its clone findings kept
 * as tapes (jsontape.h).  `findings` holds the findings the report keeps
 * (borrowed from the audit_result, which must outlive the report);
 * baselines and gates read and mark them there.  While `tapes` is set the
 * model's "findings" is an empty placeholder; report_materialize() puts
 * their JSON values in, for templates and exports. */
typedef struct {
	json_t *model;              /* owned */
	jsontape_list findings;     /* the findings the report keeps, in order (the list is owned, the tapes are not) */
	int tapes;                  /* the model's "findings" is still the placeholder */
} report_doc;

/* Build the report of an audit.  0, or -1 when memory ran out. */
int report_build(report_doc *doc, const audit_result *a, const report_scope *scope);

/* Put the findings into the model as JSON values, for templates and
 * exports (on every core: tens of thousands of findings).  0, or -1. */
int report_materialize(report_doc *doc);

/* The JSON report (without its final newline): the model, with the
 * findings written straight from their tapes when not materialized.
 * With `flush`, the text is handed to it in pieces as the findings are
 * written, and `out` holds what is left at the end (the caller writes
 * it): a report of tens of MB is never held whole. */
int report_write_json(buf *out, const report_doc *doc, const jsonwrite_flush *flush);

/* The report's clone findings, one at a time: their number, and finding
 * i as a JSON value (a new reference; NULL when memory ran out) made from
 * its tape, or taken from the model once materialized.  Safe from several
 * threads at once. */
size_t report_finding_count(const report_doc *doc);
json_t *report_finding(const report_doc *doc, size_t i);

/* Finding i with only the members `keys` (NULL-ended) that are present,
 * for an export that reads a few: a finding's evidence and code window
 * are most of its values.  A new reference; once materialized, the whole
 * finding. */
json_t *report_finding_part(const report_doc *doc, size_t i, const char *const *keys);

void report_doc_free(report_doc *doc);

/* "2026-11-22T03:04:05Z": $SOURCE_DATE_EPOCH when set (reproducible
 * builds' convention), else now. */
void report_timestamp(char out[32]);

#endif
