#include "config.h"

#include "cmd_render.h"

#include <stdio.h>
#include <string.h>

#include "baseline.h"
#include "cli.h"
#include "datadir.h"
#include "emit.h"

#define PROG "hotpath-audit render"

static const cli_opt options[] = {
	{ "format", CLI_VALUE, 0, "FMT", "md, html, json, sarif or gitlab, or a comma list (default: md)" },
	{ "output", CLI_VALUE, 0, "FILE", "write the report to FILE (atomically) instead of standard output (`-`: standard output)" },
	{ "output-dir", CLI_VALUE, 0, "DIR", "write each format to DIR/audit.EXT (atomically; DIR is created)" },
	{ "templates", CLI_VALUE, 0, "DIR", "read report templates from DIR" },
	{ "full-report", CLI_VALUE, 0, "WHERE", "where the full report is, named when a Markdown report is cut to fit" },
};
#define NOPTIONS (sizeof(options) / sizeof(options[0]))

typedef struct {
	emit_options e;
} render_args;

static int on_option(void *ctx, const cli_opt *o, const char *const *v, size_t n, buf *err)
{
	render_args *a = ctx;

	(void)n;
	if (strcmp(o->name, "format") == 0)
		a->e.formats = v[0];
	else if (strcmp(o->name, "output") == 0)
		return emit_output_arg(v[0], &a->e.output, err);
	else if (strcmp(o->name, "output-dir") == 0)
		a->e.output_dir = v[0];
	else if (strcmp(o->name, "templates") == 0)
		a->e.templates = v[0];
	else if (strcmp(o->name, "full-report") == 0)
		a->e.full_report = v[0];
	return 0;
}

int cmd_render(int argc, char **argv)
{
	render_args a;
	buf err = BUF_INIT, tdir = BUF_INIT;
	json_t *model = NULL;
	const char *file;
	int rc = 2;

	memset(&a, 0, sizeof(a));
	a.e.formats = "md";
	if (argc >= 1 && (strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0)) {
		buf b = BUF_INIT;
		buf_puts(&b, "Usage: " PROG " FILE.json [OPTION]...\n"
		             "Render a saved report (hotpath-audit audit --format json) again.\n\nOptions:\n");
		cli_help(&b, options, NOPTIONS);
		fputs(buf_cstr(&b), stdout);
		buf_free(&b);
		return 0;
	}
	if (argc < 1 || argv[0][0] == '-') {
		fprintf(stderr, PROG ": error: name the JSON report to render\nTry '" PROG " --help' for more information.\n");
		return 2;
	}
	file = argv[0];
	if (cli_parse(options, NOPTIONS, argc - 1, argv + 1, on_option, &a, &err) != CLI_OK ||
	    emit_check(&a.e, &err) < 0) {
		fprintf(stderr, PROG ": error: %s\nTry '" PROG " --help' for more information.\n", buf_cstr(&err));
		goto done;
	}
	if (a.e.templates)
		buf_puts(&tdir, a.e.templates);
	else
		datadir_find(&tdir, "templates");
	a.e.templates = tdir.ptr;
	if (baseline_load(&model, file, &err) < 0) {
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		goto done;
	}
	{ /* a saved report: its findings are JSON values already */
		report_doc doc = { model, { NULL, 0, 0 }, 0 };
		if (emit_reports(&doc, &a.e, &err) < 0) {
			fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
			goto done;
		}
	}
	rc = 0;
done:
	json_decref(model);
	buf_free(&err);
	buf_free(&tdir);
	return rc;
}
