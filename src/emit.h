/* emit: write a report model in one or more formats.
 *
 * One format and no destination: standard output.  `--output FILE`: one
 * format to FILE.  `--output-dir DIR`: each format to DIR/audit.EXT
 * (md, html, json, sarif, gitlab.json).  Every file goes through a
 * temporary file renamed into place, so an earlier report is never
 * replaced by a partial one. */
#ifndef HPA_EMIT_H
#define HPA_EMIT_H

#include <jansson.h>

#include "buf.h"
#include "report.h"

typedef struct {
	const char *formats;      /* "md", or a comma list "md,html,json,sarif,gitlab" */
	const char *output;       /* a file, or NULL */
	const char *output_dir;   /* a directory, or NULL */
	const char *templates;    /* template directory */
	const char *full_report;  /* named when Markdown is cut to fit */
} emit_options;

/* --output's value into *out: `-` is standard output (NULL, as when the
 * option is not given); an empty name is refused.  0, or -1 with a usage
 * message in err. */
int emit_output_arg(const char *value, const char **out, buf *err);

/* Check the format list: 0, or -1 with a usage message in err. */
int emit_check(const emit_options *o, buf *err);

/* Render and write.  0, or -1 with err set. */
int emit_reports(report_doc *doc, const emit_options *o, buf *err);

#endif
