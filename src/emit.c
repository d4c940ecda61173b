#include "config.h"

#include "emit.h"

#include <stdio.h>
#include <string.h>

#include "export.h"
#include "fileio.h"
#include "jsonwrite.h"
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
	int streamed[NFORMATS];  /* written as it is made, at write time */
} emit_ctx;

static int render_into(void *ctx, const char *s, size_t n)
{
	emit_ctx *e = ctx;
	int k = known(s, n);

	e->rendered[k] = 1;
	if (strcmp(formats[k].name, "json") == 0) {
		/* straight from the findings' tapes, when the files are written:
		 * nothing can go wrong in it that a template could */
		if (e->doc->tapes) {
			e->streamed[k] = 1;
			return 0;
		}
		if (report_write_json(&e->outs[k], e->doc, NULL) < 0 || buf_putc(&e->outs[k], '\n') < 0) {
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

/* Where a streamed report goes: a temporary file renamed at the end, or
 * standard output. */
typedef struct {
	fileio_atomic *file;  /* NULL: standard output */
	buf *err;
} stream_dest;

static int stream_write(void *ctx, const char *text, size_t n)
{
	stream_dest *d = ctx;

	if (d->file)
		return fileio_atomic_write(d->file, text, n, d->err);
	if (n && fwrite(text, 1, n, stdout) != n) {
		buf_puts(d->err, "writing the report to standard output failed");
		return -1;
	}
	return 0;
}

/* The JSON report written to `path` (or standard output) as it is made:
 * a nightly report of tens of MB is never held whole, and a file is
 * replaced only once all of it is written. */
static int stream_json(emit_ctx *e, const char *path)
{
	fileio_atomic file;
	stream_dest d = { path ? &file : NULL, e->err };
	jsonwrite_flush flush = { stream_write, &d };
	buf rest = BUF_INIT;
	int rc;

	if (path && fileio_atomic_open(&file, path, e->err) < 0)
		return -1;
	rc = report_write_json(&rest, e->doc, &flush);
	if (rc < 0 && !e->err->len)
		buf_puts(e->err, "out of memory");
	if (rc == 0 && (buf_putc(&rest, '\n') < 0 || stream_write(&d, rest.ptr, rest.len) < 0))
		rc = -1;
	if (rc == 0 && path)
		rc = fileio_atomic_commit(&file, e->err);
	else if (rc == 0 && fflush(stdout) != 0) {
		buf_puts(e->err, "writing the report to standard output failed");
		rc = -1;
	}
	if (rc < 0 && path && file.fd >= 0)
		fileio_atomic_abort(&file);
	buf_free(&rest);
	return rc;
}

static int write_one(void *ctx, const char *s, size_t n)
{
	emit_ctx *e = ctx;
	int k = known(s, n), rc;
	const buf *out = &e->outs[k];
	buf path = BUF_INIT;

	if (e->streamed[k]) {
		if (e->o->output_dir)
			buf_printf(&path, "%s/audit.%s", e->o->output_dir, formats[k].ext);
		rc = stream_json(e, e->o->output_dir ? path.ptr : e->o->output);
		buf_free(&path);
		return rc;
	}
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
