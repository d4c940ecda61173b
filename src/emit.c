#include "config.h"

#include "emit.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "export.h"
#include "faultpoint.h"
#include "fileio.h"
#include "jsonwrite.h"
#include "parallel.h"
#include "render.h"
#include "report.h"

static const struct {
	const char *name, *ext;
} formats[] = {
	{ "md", "md" }, { "html", "html" }, { "json", "json" }, { "sarif", "sarif" }, { "gitlab", "gitlab.json" },
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

int emit_output_arg(const char *value, const char **out, buf *err)
{
	if (!value[0]) {
		buf_puts(err, "argument --output: an empty file name (use - for standard output)");
		return -1;
	}
	*out = strcmp(value, "-") == 0 ? NULL : value;
	return 0;
}

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

typedef struct {
	report_doc *doc;
	const emit_options *o;
	buf *err;
	buf paths[NFORMATS];     /* where format k goes (files[k].path) */
	fileio_atomic files[NFORMATS];
	int opened[NFORMATS];    /* files[k] holds a report not yet committed */
	int whole_list;          /* a template printed a list of findings whole */
} emit_ctx;

/* Standard output's failure, with the reason (a full disk behind a
 * redirection, a pipe whose reader is gone when SIGPIPE is ignored). */
static int stdout_failed(buf *err)
{
	buf_printf(err, "writing the report to standard output failed: %s", strerror(errno ? errno : EIO));
	return -1;
}

static int write_stdout(const char *text, size_t n, buf *err)
{
	errno = 0;
	if (n && fwrite(text, 1, n, stdout) != n)
		return stdout_failed(err);
	return 0;
}

/* Where a report goes as it is made: a temporary file committed with the
 * others, or standard output. */
typedef struct {
	fileio_atomic *file;  /* NULL: standard output */
	buf *err;
} dest;

static int dest_write(void *ctx, const char *text, size_t n)
{
	dest *d = ctx;

	if (d->file)
		return fileio_atomic_write(d->file, text, n, d->err);
	return write_stdout(text, n, d->err);
}

/* Format k, made and written to d: the JSON straight from the findings'
 * tapes, the templates' formats one finding at a time (render.h), the
 * exports from the model with its findings as JSON values. */
static int produce(emit_ctx *e, int k, dest *d, int *whole_list)
{
	jsonwrite_flush flush = { dest_write, d };
	render_options ro = { 0, e->o->full_report, dest_write, d, whole_list };
	buf rest = BUF_INIT;
	int rc;

	switch (k) {
	case 2: /* json */
		rc = report_write_json(&rest, e->doc, &flush);
		if (rc < 0 && !d->err->len)
			buf_puts(d->err, "out of memory");
		if (rc == 0 && buf_putc(&rest, '\n') < 0)
			rc = -1;
		break;
	case 3: /* sarif */
	case 4: /* gitlab */
		rc = k == 3 ? export_sarif(&rest, e->doc, &flush) : export_gitlab(&rest, e->doc, &flush);
		if (rc < 0 && !d->err->len)
			buf_puts(d->err, "out of memory");
		break;
	default:
		rc = render_report(&rest, e->doc, formats[k].name, e->o->templates, &ro, d->err);
		break;
	}
	if (rc == 0)
		rc = dest_write(d, rest.ptr, rest.len);
	buf_free(&rest);
	return rc;
}

/* Write format k to its temporary file (committed later, with the
 * others) or to standard output; failures into err.  Touches only the
 * slots of k in e, so formats may be made at once on several threads. */
static int write_format(emit_ctx *e, int k, buf *err, int *whole_list)
{
	int rc;
	const char *path = e->o->output;
	dest d = { NULL, err };

	if (e->o->output_dir) {
		if (buf_printf(&e->paths[k], "%s/audit.%s", e->o->output_dir, formats[k].ext) < 0) {
			buf_puts(err, "out of memory");
			return -1;
		}
		path = e->paths[k].ptr;
	}
	if (!path) {
		rc = produce(e, k, &d, whole_list);
		errno = 0;
		if (rc == 0 && fflush(stdout) != 0)
			rc = stdout_failed(err);
		return rc;
	}
	if (fileio_atomic_open(&e->files[k], path, err) < 0)
		return -1;
	e->opened[k] = 1;
	d.file = &e->files[k];
	return produce(e, k, &d, whole_list);
}

/* The formats asked for, in the order they are made: those read from the
 * findings' tapes first, the exports (which turn every finding into JSON
 * values) last. */
typedef struct {
	emit_ctx *e;
	int order[NFORMATS];
	size_t n;
	atomic_size_t next;       /* the next format to make */
	int rc[NFORMATS];         /* per position in order */
	buf err[NFORMATS];
	int whole[NFORMATS];
} format_jobs;

static int by_tapes_first(void *ctx, const char *s, size_t n)
{
	format_jobs *j = ctx;

	if (known(s, n) < 3)
		j->order[j->n++] = known(s, n);
	return 0;
}

static int exports_last(void *ctx, const char *s, size_t n)
{
	format_jobs *j = ctx;

	if (known(s, n) >= 3)
		j->order[j->n++] = known(s, n);
	return 0;
}

/* A thread making formats, the next one in order each time: the report
 * model and the findings' tapes are only read while reports are made (the
 * templates' views are copies, the exports' values new), and each format
 * has its own file, error and flag. */
static void *format_worker(void *arg)
{
	format_jobs *j = arg;
	size_t i;

	while ((i = atomic_fetch_add(&j->next, 1)) < j->n)
		j->rc[i] = write_format(j->e, j->order[i], &j->err[i], &j->whole[i]);
	return NULL;
}

/* Every report is complete on disk before the first one replaces its old
 * file, and the renames follow each other with nothing slow in between:
 * a run that fails or is killed before this point leaves all the old
 * reports as they were. */
static int commit_all(emit_ctx *e)
{
	size_t k;

	for (k = 0; k < NFORMATS; k++)
		if (e->opened[k] && fileio_atomic_sync(&e->files[k], e->err) < 0)
			return -1;
	faultpoint("reports-written");
	for (k = 0; k < NFORMATS; k++)
		if (e->opened[k]) {
			if (fileio_atomic_commit(&e->files[k], e->err) < 0)
				return -1;
			e->opened[k] = 0;
		}
	return 0;
}

int emit_reports(report_doc *doc, const emit_options *o, buf *err)
{
	emit_ctx e;
	size_t i;
	int rc = 0;

	memset(&e, 0, sizeof(e));
	e.doc = doc;
	e.o = o;
	e.err = err;
	/* every report is made into a temporary file, and none replaces its
	 * old one until all are complete (commit_all): a template error or a
	 * full disk in the last format leaves all the old reports in place */
	if (o->output_dir)
		rc = fileio_make_dirs(o->output_dir, err);
	if (rc == 0) {
		/* several formats (into a directory) are made two at a time: on
		 * the dense tree, all five took 2.1-2.6 times the JSON run one
		 * after the other */
		format_jobs j;
		memset(&j, 0, sizeof(j));
		j.e = &e;
		atomic_init(&j.next, 0);
		each_format(o->formats, by_tapes_first, &j);
		each_format(o->formats, exports_last, &j);
		if (j.n > 1 && o->output_dir)
			parallel_run(parallel_cpus() > 1 ? 2 : 1, format_worker, &j, 0);
		else
			format_worker(&j);
		for (i = 0; i < j.n; i++) { /* the first failure in the order, as one thread would have met it */
			if (j.rc[i] < 0 && rc == 0) {
				rc = -1;
				buf_append(err, j.err[i].ptr ? j.err[i].ptr : "", j.err[i].len);
			}
			e.whole_list |= j.whole[i];
			buf_free(&j.err[i]);
		}
	}
	if (rc == 0)
		rc = commit_all(&e);
	if (e.whole_list) /* said once: the memory bound does not hold for it */
		fprintf(stderr, "hotpath-audit: note: a template prints a list of findings whole ({{findings}}), "
		                "so that list was made in memory at once\n");
	for (i = 0; i < NFORMATS; i++) {
		if (e.opened[i])
			fileio_atomic_abort(&e.files[i]);
		buf_free(&e.paths[i]);
	}
	return rc;
}
