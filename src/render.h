/* render: the report model to text, through templates.
 *
 * JSON is the model itself.  Markdown and HTML go through the Mustache
 * templates in the template directory (report.md.mustache,
 * report.html.mustache and their partials), fed a *view* of the model:
 * findings grouped by bucket, the eight fields as a list, and, for HTML,
 * prose rendered by cmark (safe mode: no raw HTML) and the chart's
 * geometry.  Templates hold the layout; nothing here writes markup except
 * cmark's. */
#ifndef HPA_RENDER_H
#define HPA_RENDER_H

#include <jansson.h>

#include "buf.h"
#include "report.h"

/* GitHub's limit for one comment. */
#define RENDER_MD_LIMIT 65536

typedef struct {
	size_t md_limit;          /* 0: RENDER_MD_LIMIT */
	const char *full_report;  /* where the full report is, for a cut Markdown report */
	/* when set, the HTML page is handed to write() in pieces of about a
	 * MB as it is made (out holds the rest at the end): a page of tens of
	 * MB is never held whole */
	int (*write)(void *ctx, const char *s, size_t n);
	void *write_ctx;
	/* set (when not NULL) if a template printed a list of findings whole
	 * ({{findings}}): it was made in memory at once, for that tag */
	int *whole_list;
} render_options;

/* Append the report in `format` ("md" or "html": the JSON report is
 * report_write_json()'s) to out.  The findings are read from the doc's
 * tapes, or from its model's array when it has none (a saved report):
 * each finding's view is built when a template reaches it and released
 * after, so memory does not grow with the report.  On error -1 and a
 * message in err ("file:line:col: ..." for a template error). */
int render_report(buf *out, const report_doc *doc, const char *format, const char *template_dir,
                  const render_options *opt, buf *err);

#endif
