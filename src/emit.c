#include "config.h"

#include "emit.h"

#include <stdio.h>
#include <string.h>

#include "export.h"
#include "fileio.h"
#include "render.h"
#include "report.h"

static const struct {
	const char *name, *ext;
} formats[] = {
	{ "md", "md" }, { "html", "html" }, { "json", "json" }, { "sarif", "sarif" }, { "gitlab", "gitlab.json" },
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

/* Call fn for each format of the list; stops at the first failure. */
static int each_format(const char *list, int (*fn)(void *, const char *, size_t), void *ctx)
{
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		if (fn(ctx, p, n) < 0)
			return -1;
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

static int known(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < NFORMATS; i++)
		if (strlen(formats[i].name) == n && strncmp(formats[i].name, s, n) == 0)
			return (int)i;
	return -1;
}

typedef struct {
	buf *err;
	unsigned seen, count;
} check_ctx;

static int check_one(void *ctx, const char *s, size_t n)
{
	check_ctx *c = ctx;
	int k = known(s, n);

	if (k < 0) {
		buf_printf(c->err, "argument --format: invalid choice: '%.*s' (choose from md, html, json, sarif, gitlab, "
		                   "or a comma list of them)", (int)n, s);
		return -1;
	}
	if (c->seen & (1u << k)) {
		buf_printf(c->err, "argument --format: '%.*s' given twice", (int)n, s);
		return -1;
	}
	c->seen |= 1u << k;
	c->count++;
	return 0;
}

int emit_check(const emit_options *o, buf *err)
{
	check_ctx c = { err, 0, 0 };

	if (each_format(o->formats, check_one, &c) < 0)
		return -1;
	if (c.count > 1 && !o->output_dir) {
		buf_puts(err, "several formats need --output-dir DIR");
		return -1;
	}
	if (o->output && o->output_dir) {
		buf_puts(err, "--output and --output-dir do not go together");
		return -1;
	}
	return 0;
}

static int render_one(json_t *model, int k, const emit_options *o, buf *out, buf *err)
{
	render_options ro = { 0, o->full_report };

	switch (k) {
	case 3: return export_sarif(out, model) < 0 ? (buf_puts(err, "out of memory"), -1) : 0;
	case 4: return export_gitlab(out, model) < 0 ? (buf_puts(err, "out of memory"), -1) : 0;
	default: return render_report(out, model, formats[k].name, o->templates, &ro, err);
	}
}

typedef struct {
	report_doc *doc;
	const emit_options *o;
	buf *err;
	buf outs[NFORMATS];
	int rendered[NFORMATS];
} emit_ctx;

static int render_into(void *ctx, const char *s, size_t n)
{
	emit_ctx *e = ctx;
	int k = known(s, n);

	e->rendered[k] = 1;
	if (strcmp(formats[k].name, "json") == 0) {
		/* straight from the findings' tapes: nothing to make first */
		if (report_write_json(&e->outs[k], e->doc) < 0 || buf_putc(&e->outs[k], '\n') < 0) {
			buf_puts(e->err, "out of memory");
			return -1;
		}
		return 0;
	}
	if (report_materialize(e->doc) < 0) {
		buf_puts(e->err, "out of memory");
		return -1;
	}
	return render_one(e->doc->model, k, e->o, &e->outs[k], e->err);
}

static int write_one(void *ctx, const char *s, size_t n)
{
	emit_ctx *e = ctx;
	int k = known(s, n), rc;
	const buf *out = &e->outs[k];
	buf path = BUF_INIT;

	if (e->o->output_dir) {
		buf_printf(&path, "%s/audit.%s", e->o->output_dir, formats[k].ext);
		rc = fileio_write_atomic(path.ptr, buf_cstr(out), out->len, e->err);
	} else if (e->o->output)
		rc = fileio_write_atomic(e->o->output, buf_cstr(out), out->len, e->err);
	else {
		rc = ((out->len && fwrite(out->ptr, 1, out->len, stdout) != out->len) || fflush(stdout) != 0) ? -1 : 0;
		if (rc < 0)
			buf_puts(e->err, "writing the report to standard output failed");
	}
	buf_free(&path);
	return rc;
}

int emit_reports(report_doc *doc, const emit_options *o, buf *err)
{
	emit_ctx e;
	size_t i;
	int rc;

	memset(&e, 0, sizeof(e));
	e.doc = doc;
	e.o = o;
	e.err = err;
	/* every format is rendered before any file is written: a template
	 * error leaves all the old reports in place */
	rc = each_format(o->formats, render_into, &e);
	if (rc == 0 && o->output_dir)
		rc = fileio_make_dirs(o->output_dir, err);
	if (rc == 0)
		rc = each_format(o->formats, write_one, &e);
	for (i = 0; i < NFORMATS; i++)
		buf_free(&e.outs[i]);
	return rc;
}
