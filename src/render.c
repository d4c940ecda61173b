#include "config.h"

#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "finding.h"
#include "inline_html.h"
#include "mustache.h"
#include "parallel.h"

/* The buckets in the order a reader wants them: what to do first. */
static const struct {
	const char *bucket, *title, *description;
	int actionable;
} sections[] = {
	{ "removable_move", "Removable: move", "The value is owned and not used after the clone: move it instead.", 1 },
	{ "removable_borrow", "Removable: borrow", "The copy is only read: borrow the original instead.", 1 },
	{ "structural_refactor", "Structural refactor", "Avoiding the copy needs a data-layout or API change: a patch of its own.", 1 },
	{ "semantic_required", "Semantic required", "An owned copy is needed (later use, fan-out, task, guard), or the evidence is incomplete.", 0 },
	{ "cheap_required", "Cheap required", "A shared handle's clone (refcount or handle copy) that shares ownership.", 0 },
	{ "cold_test_only", "Cold / test only", "Test, bench or example code, outside production hot paths.", 0 },
};
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))

static const struct {
	const char *key, *label;
} field_order[] = {
	{ "file_line", "File:line" },
	{ "hot_path_rationale", "Hot path" },
	{ "cloned_value", "Cloned value and cost" },
	{ "bucket_and_change", "Bucket and change" },
	{ "removal_rationale", "Removal rationale" },
	{ "required_clone_check", "Required-clone check" },
	{ "correctness_proof", "Correctness proof" },
	{ "validation_command", "Validation" },
};
#define NFIELDS (sizeof(field_order) / sizeof(field_order[0]))

static const char *str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* A finding's code window as numbered lines, its own line marked. */
static json_t *window_lines(json_t *f)
{
	json_t *w = json_object_get(f, "window"), *lines = json_object_get(w, "lines"), *out = json_array();
	json_int_t first = json_integer_value(json_object_get(w, "first")), line = json_integer_value(json_object_get(f, "line"));
	size_t i;

	for (i = 0; i < json_array_size(lines); i++)
		json_array_append_new(out, json_pack("{s:I, s:O, s:b}", "number", first + (json_int_t)i, "code",
		                                     json_array_get(lines, i), "mark", first + (json_int_t)i == line));
	return out;
}

/* A Markdown code fence for a line: longer than any run of backticks in
 * it, three at least (a new reference). */
static json_t *fence_for(const char *line)
{
	size_t run = 0, longest = 0, k;
	buf fence = BUF_INIT;
	json_t *v;

	for (k = 0; line[k]; k++) {
		run = line[k] == '`' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	for (k = 0; k < (longest >= 3 ? longest + 1 : 3); k++)
		buf_putc(&fence, '`');
	v = json_string(buf_cstr(&fence));
	buf_free(&fence);
	return v;
}

/* A finding as the templates see it. */
static json_t *finding_view(json_t *f, int html)
{
	/* a shallow copy: the view only adds keys of its own */
	json_t *v = json_copy(f), *list = json_array(), *fields = json_object_get(f, "fields");
	size_t i;
	buf b = BUF_INIT;

	for (i = 0; i < NFIELDS; i++) {
		const char *val = str(fields, field_order[i].key);
		json_t *item;
		buf md = BUF_INIT;
		/* the location and the command are code, not prose */
		if (strcmp(field_order[i].key, "file_line") == 0 || strcmp(field_order[i].key, "validation_command") == 0) {
			md_code(&md, val, strlen(val));
			val = buf_cstr(&md);
		}
		item = json_pack("{s:s, s:s, s:s}", "key", field_order[i].key, "label", field_order[i].label, "value", val);
		if (html)
			json_object_set_new(item, "value_html", inline_html(val));
		buf_free(&md); /* val points into it */
		json_array_append_new(list, item);
	}
	{ /* the compiler's word, after the eight fields (audit --verify) */
		json_t *ver = json_object_get(f, "verification");
		if (ver) {
			json_t *item;
			buf_printf(&b, "%s: %s (%s)", str(ver, "status"), str(ver, "detail"), str(ver, "by"));
			item = json_pack("{s:s, s:s, s:s}", "key", "verification", "label", "Compiler check", "value", buf_cstr(&b));
			if (html)
				json_object_set_new(item, "value_html", inline_html(buf_cstr(&b)));
			json_array_append_new(list, item);
			buf_clear(&b);
		}
	}
	json_object_set_new(v, "fields_list", list);
	if (html)
		json_object_set_new(v, "change_html", inline_html(str(f, "change")));
	/* the one-line summary: fn, clone, change -- as HTML, since a forge
	 * renders no Markdown inside <summary>: code in <code>, all escaped */
	if (json_is_string(json_object_get(f, "fn"))) {
		buf_puts(&b, "fn ");
		md_code(&b, str(f, "fn"), strlen(str(f, "fn")));
		buf_puts(&b, ": ");
	}
	md_code(&b, str(f, "receiver"), strlen(str(f, "receiver")));
	buf_printf(&b, " — %s", str(f, "change"));
	{
		buf h = BUF_INIT;
		json_object_set_new(v, "summary_html", inline_code_spans_html(&h, buf_cstr(&b)) < 0 ? NULL : json_string(buf_cstr(&h)));
		buf_free(&h);
	}
	buf_clear(&b);
	buf_printf(&b, "%s:%lld", str(f, "path"), (long long)json_integer_value(json_object_get(f, "line")));
	json_object_set_new(v, "location", json_string(buf_cstr(&b)));
	json_object_set_new(v, "location_md", md_code_json(buf_cstr(&b)));
	buf_free(&b);
	{ /* the clone's own line, for a review comment: in a fence longer
	   * than any run of backticks in it */
		json_t *w = json_object_get(f, "window");
		json_int_t at = json_integer_value(json_object_get(f, "line")) - json_integer_value(json_object_get(w, "first"));
		const char *line = at >= 0 ? json_string_value(json_array_get(json_object_get(w, "lines"), (size_t)at)) : NULL;
		if (line) {
			json_object_set_new(v, "code_line", json_string(line));
			json_object_set_new(v, "code_fence", fence_for(line));
		}
	}
	json_object_set_new(v, "actionable", json_boolean(strncmp(str(f, "bucket"), "removable", 9) == 0 ||
	                                                   strcmp(str(f, "bucket"), "structural_refactor") == 0));
	if (html) /* the code window, the clone's line marked */
		json_object_set_new(v, "window_lines", window_lines(f));
	return v;
}

/* Byte offset of code point `col` (1-based) in s, or -1 past its end. */
static long byte_of_column(const char *s, json_int_t col)
{
	long i = 0;

	for (; col > 1; col--) {
		if (!s[i])
			return -1;
		i++;
		while (((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
	}
	return i;
}

/* For a pull-request comment: a removal the compiler verified, on one
 * line, as a forge's suggestion -- the line as it would be -- so that a
 * reviewer commits it from the page.  Adds `suggestion` and the fence
 * that holds it to the view v (returned). */
static json_t *suggestion(json_t *v, json_t *f)
{
	json_t *ver = json_object_get(f, "verification"), *e = json_object_get(ver, "edit");
	json_t *w = json_object_get(f, "window");
	json_int_t line = json_integer_value(json_object_get(e, "line")), first = json_integer_value(json_object_get(w, "first"));
	const char *text;
	long a, b;
	buf out = BUF_INIT;

	if (!e || strcmp(str(ver, "status"), "verified") != 0 || line != json_integer_value(json_object_get(e, "end_line")) ||
	    line < first || !(text = json_string_value(json_array_get(json_object_get(w, "lines"), (size_t)(line - first)))))
		return v;
	a = byte_of_column(text, json_integer_value(json_object_get(e, "column")));
	b = byte_of_column(text, json_integer_value(json_object_get(e, "end_column")));
	if (a < 0 || b < a)
		return v;
	buf_append(&out, text, (size_t)a);
	buf_puts(&out, str(e, "replacement"));
	buf_puts(&out, text + b);
	json_object_set_new(v, "suggestion", json_string(buf_cstr(&out)));
	json_object_set_new(v, "suggestion_fence", fence_for(buf_cstr(&out)));
	buf_free(&out);
	return v;
}

/* What the views are sorted, grouped and filtered by, read once per
 * finding (a tape is read member by member). */
typedef struct {
	const char *path, *bucket, *status, *hot_path;
} finding_facts;

/* Where the findings come from: an audit's tapes (report.h), or the
 * model's array when a saved report is rendered again. */
typedef struct {
	const report_doc *doc;
	const jsontape_list *tapes;  /* when not NULL */
	json_t *array;               /* else */
	size_t n;
	finding_facts *facts;        /* owned; NULL when memory ran out (then read each time) */
	int *whole_list;             /* set when a template prints a list whole (or NULL) */
} finding_src;

static const char **fact_slot(finding_facts *f, const char *key)
{
	switch (key[0]) { /* a finding has thirty members: one compare for most */
	case 'p': return strcmp(key, "path") == 0 ? &f->path : NULL;
	case 'b': return strcmp(key, "bucket") == 0 ? &f->bucket : NULL;
	case 's': return strcmp(key, "status") == 0 ? &f->status : NULL;
	case 'h': return strcmp(key, "hot_path") == 0 ? &f->hot_path : NULL;
	}
	return NULL;
}

static void fsrc_init(finding_src *fs, const report_doc *doc)
{
	size_t i;

	memset(fs, 0, sizeof(*fs));
	fs->doc = doc;
	if (doc->tapes) {
		fs->tapes = &doc->findings;
		fs->n = doc->findings.n;
	} else {
		fs->array = json_object_get(doc->model, "findings");
		fs->n = json_array_size(fs->array);
	}
	fs->facts = calloc(fs->n ? fs->n : 1, sizeof(*fs->facts));
	for (i = 0; fs->facts && i < fs->n; i++) {
		finding_facts *f = &fs->facts[i];
		const char *key, **slot;
		if (fs->tapes) {
			jsontape_value v = NULL;
			while ((v = jsontape_next(fs->tapes->v[i], v, &key)) != NULL)
				if ((slot = fact_slot(f, key)) != NULL)
					*slot = jsontape_str(v);
		} else {
			json_t *o = json_array_get(fs->array, i), *v;
			json_object_foreach(o, key, v)
				if ((slot = fact_slot(f, key)) != NULL)
					*slot = json_string_value(v);
		}
		f->path = f->path ? f->path : "";
		f->bucket = f->bucket ? f->bucket : "";
		f->status = f->status ? f->status : "";
		f->hot_path = f->hot_path ? f->hot_path : "";
	}
}

static void fsrc_free(finding_src *fs)
{
	free(fs->facts);
	fs->facts = NULL;
}


/* A string member of finding i ("" when absent), without building it. */
static const char *fsrc_str(const finding_src *fs, size_t i, const char *key)
{
	const char *v, **slot;

	if (fs->facts && (slot = fact_slot(&fs->facts[i], key)) != NULL)
		return *slot;
	v = fs->tapes ? jsontape_str(jsontape_get(fs->tapes->v[i], key))
	                          : json_string_value(json_object_get(json_array_get(fs->array, i), key));
	return v ? v : "";
}

static long long fsrc_int(const finding_src *fs, size_t i, const char *key)
{
	return fs->tapes ? jsontape_integer(jsontape_get(fs->tapes->v[i], key))
	                 : json_integer_value(json_object_get(json_array_get(fs->array, i), key));
}

/* A string member of an object member of finding i (NULL when absent). */
static const char *fsrc_sub(const finding_src *fs, size_t i, const char *object, const char *key)
{
	return fs->tapes ? jsontape_str(jsontape_member(jsontape_get(fs->tapes->v[i], object), key))
	                 : json_string_value(json_object_get(json_object_get(json_array_get(fs->array, i), object), key));
}

/* A member of finding i's eight fields ("" when absent). */
static const char *fsrc_field(const finding_src *fs, size_t i, const char *key)
{
	const char *v = fsrc_sub(fs, i, "fields", key);
	return v ? v : "";
}

static int is_actionable(const char *bucket)
{
	return strncmp(bucket, "removable", 9) == 0 || strcmp(bucket, "structural_refactor") == 0;
}

/* The view's finding lists are lazy (mustache_lists): a marker
 * {"$list": k} stands for lists[k], a run of finding numbers, whose views
 * are built one at a time as a template iterates them. */
enum list_kind { LIST_FINDINGS, LIST_VIEWS, LIST_VIEWS_SUGGESTED, LIST_ROWS, LIST_MD_ROWS };

typedef struct {
	enum list_kind kind;
	const size_t *idx;
	size_t n;
	size_t *owned;    /* idx, when the list made it */
} view_list;

/* Views are made a batch ahead, on every core, while the template is
 * rendered on one: at most VIEW_BATCH of them exist at a time. */
#define VIEW_BATCH 256

typedef struct {
	const finding_src *fs;
	int html;
	view_list *lists; /* owned */
	size_t nlists, cap;
	const view_list *batch_of;      /* the list the batch is of, or NULL */
	size_t batch_from, batch_n;
	json_t *batch[VIEW_BATCH];      /* owned until handed out (then NULL) */
} view_lists;

/* A list of the n findings idx[] (kept by the list when `owned`); its
 * marker (a new reference), or NULL. */
static json_t *list_new(view_lists *vl, enum list_kind kind, const size_t *idx, size_t n, size_t *owned)
{
	if (vl->nlists == vl->cap) {
		size_t c = vl->cap ? vl->cap * 2 : 16;
		view_list *p = realloc(vl->lists, c * sizeof(*p));
		if (!p) {
			free(owned);
			return NULL;
		}
		vl->lists = p;
		vl->cap = c;
	}
	vl->lists[vl->nlists].kind = kind;
	vl->lists[vl->nlists].idx = idx;
	vl->lists[vl->nlists].n = n;
	vl->lists[vl->nlists].owned = owned;
	return json_pack("{s:I}", "$list", (json_int_t)vl->nlists++);
}

static view_list *list_of(const view_lists *vl, const json_t *marker)
{
	return &vl->lists[json_integer_value(json_object_get(marker, "$list"))];
}

static void drop_batch(view_lists *vl);

static void lists_free(view_lists *vl)
{
	size_t i;

	drop_batch(vl);
	for (i = 0; i < vl->nlists; i++)
		free(vl->lists[i].owned);
	free(vl->lists);
	vl->lists = NULL;
	vl->nlists = vl->cap = 0;
}

static json_t *suggestion(json_t *v, json_t *f);

/* The kept findings whose `key` is `want`, as a list's marker. */
static json_t *list_where(view_lists *vl, const size_t *keep, size_t nkeep, const char *key, const char *want,
                          size_t *count)
{
	size_t *idx = malloc((nkeep ? nkeep : 1) * sizeof(*idx)), i, n = 0;

	if (!idx)
		return NULL;
	for (i = 0; i < nkeep; i++)
		if (strcmp(fsrc_str(vl->fs, keep[i], key), want) == 0)
			idx[n++] = keep[i];
	*count = n;
	return list_new(vl, LIST_VIEWS, idx, n, idx);
}

static size_t lazy_count(void *ctx, const json_t *marker)
{
	return list_of(ctx, marker)->n;
}

/* The end of the run of idx[from..n) in idx[from]'s file: report order is
 * by path, so a file's findings are one run. */
static size_t same_path_end(const finding_src *fs, const size_t *idx, size_t from, size_t n)
{
	const char *path = fsrc_str(fs, idx[from], "path");
	size_t end = from + 1;

	while (end < n && strcmp(fsrc_str(fs, idx[end], "path"), path) == 0)
		end++;
	return end;
}

/* Text for a cell of a GitHub table: a '|' would end the cell even inside
 * a code span (GFM reads the row's cells first), so each gets its
 * backslash; a line break would end the row. */
static json_t *table_cell(const char *md)
{
	buf b = BUF_INIT;
	json_t *v;

	for (; *md; md++) {
		if (*md == '|')
			buf_puts(&b, "\\|");
		else if (*md == '\n' || *md == '\r')
			buf_putc(&b, ' ');
		else
			buf_putc(&b, *md);
	}
	v = json_string(buf_cstr(&b));
	buf_free(&b);
	return v;
}

/* A row's one line: why the clone stays, or for an actionable finding
 * shown as a row, its change. */
static const char *row_reason(const finding_src *fs, size_t i)
{
	return fsrc_field(fs, i, is_actionable(fsrc_str(fs, i, "bucket")) ? "bucket_and_change" : "required_clone_check");
}

/* A finding as a row of a Markdown table: where, the bucket, why it stays
 * (or, for an actionable one, its change). */
static json_t *md_row_view(const finding_src *fs, size_t i)
{
	buf loc = BUF_INIT, code = BUF_INIT;
	const char *why = row_reason(fs, i);
	json_t *v;

	buf_printf(&loc, "%s:%lld", fsrc_str(fs, i, "path"), fsrc_int(fs, i, "line"));
	md_code(&code, loc.ptr, loc.len);
	{ /* and the compiler's word when it was asked (audit --verify) */
		const char *status = fsrc_sub(fs, i, "verification", "status");
		const char *detail = fsrc_sub(fs, i, "verification", "detail");
		buf_clear(&loc);
		buf_puts(&loc, why);
		if (status)
			buf_printf(&loc, " Compiler check: %s%s%s%s.", status, detail ? " (" : "", detail ? detail : "", detail ? ")" : "");
	}
	v = json_pack("{s:o, s:s, s:s, s:o}", "location_md", table_cell(buf_cstr(&code)), "bucket",
	              fsrc_str(fs, i, "bucket"), "tier", fsrc_str(fs, i, "tier"), "why_md", table_cell(buf_cstr(&loc)));
	buf_free(&loc);
	buf_free(&code);
	return v;
}

/* A kept finding as one compact row: where, the bucket, why. */
static json_t *row_view(const finding_src *fs, size_t i)
{
	return json_pack("{s:I, s:s, s:s, s:s, s:s, s:o}", "line", (json_int_t)fsrc_int(fs, i, "line"), "bucket",
	                 fsrc_str(fs, i, "bucket"), "tier", fsrc_str(fs, i, "tier"), "confidence",
	                 fsrc_str(fs, i, "confidence"), "fingerprint", fsrc_str(fs, i, "fingerprint"), "reason_html",
	                 inline_html(row_reason(fs, i)));
}

/* Item k of list l: a finding's view or row.  Called from several
 * threads at once (build_batch): it reads the findings and makes values
 * of its own. */
static json_t *make_item(const view_lists *vl, const view_list *l, size_t k)
{
	json_t *f, *v;

	if (l->kind == LIST_ROWS)
		return row_view(vl->fs, l->idx[k]);
	if (l->kind == LIST_MD_ROWS)
		return md_row_view(vl->fs, l->idx[k]);
	f = report_finding(vl->fs->doc, l->idx[k]);
	if (!f || l->kind == LIST_FINDINGS) /* the model's own, for a team's templates */
		return f;
	v = finding_view(f, vl->html);
	if (v && l->kind == LIST_VIEWS_SUGGESTED)
		v = suggestion(v, f);
	json_decref(f);
	return v;
}

typedef struct {
	view_lists *vl;
	const view_list *l;
	size_t from;
} batch_job;

static void build_batch(void *ctx, size_t a, size_t b)
{
	batch_job *j = ctx;

	for (; a < b; a++)
		j->vl->batch[a] = make_item(j->vl, j->l, j->from + a);
}

static void drop_batch(view_lists *vl)
{
	size_t i;

	for (i = 0; i < vl->batch_n; i++) {
		json_decref(vl->batch[i]);
		vl->batch[i] = NULL;
	}
	vl->batch_of = NULL;
	vl->batch_n = 0;
}

static json_t *lazy_item(void *ctx, const json_t *marker, size_t k)
{
	view_lists *vl = ctx;
	const view_list *l = list_of(vl, marker);
	json_t *v;

	/* a new batch when k is outside this one, or was handed out already
	 * (the list iterated again) */
	if (vl->batch_of != l || k < vl->batch_from || k >= vl->batch_from + vl->batch_n ||
	    !vl->batch[k - vl->batch_from]) {
		batch_job j = { vl, l, k };
		drop_batch(vl);
		vl->batch_n = l->n - k < VIEW_BATCH ? l->n - k : VIEW_BATCH;
		parallel_for(vl->batch_n, 32, build_batch, &j);
		vl->batch_of = l;
		vl->batch_from = k;
	}
	v = vl->batch[k - vl->batch_from];
	vl->batch[k - vl->batch_from] = NULL; /* the caller's now */
	return v;
}

static json_t *lazy_whole(void *ctx, const json_t *marker)
{
	view_lists *vl = ctx;
	view_list *l = list_of(vl, marker);
	json_t *all = json_array();
	size_t k;

	if (vl->fs->whole_list)
		*vl->fs->whole_list = 1;
	for (k = 0; all && k < l->n; k++)
		if (json_array_append_new(all, lazy_item(ctx, marker, k)) < 0) {
			json_decref(all);
			all = NULL;
		}
	return all;
}

/* An inline SVG's geometry: one bar per hot path, a segment per bucket. */
static json_t *chart(const finding_src *fs, const size_t *keep, size_t nkeep)
{
	json_t *rows = json_array(), *index = json_object();
	size_t i, k, nrows, maxtotal = 1;
	const double bar_w = 520, row_h = 22, left = 230;

	for (i = 0; i < nkeep; i++) {
		json_t *row;
		const char *hp = fsrc_str(fs, keep[i], "hot_path"), *bucket = fsrc_str(fs, keep[i], "bucket");
		row = json_object_get(index, hp);
		if (!row) {
			row = json_pack("{s:s, s:I, s:{}}", "label", hp, "total", (json_int_t)0, "counts");
			json_object_set_new(index, hp, row);
			json_array_append(rows, row);
		}
		json_object_set_new(row, "total", json_integer(json_integer_value(json_object_get(row, "total")) + 1));
		{
			json_t *counts = json_object_get(row, "counts"), *c = json_object_get(counts, bucket);
			json_object_set_new(counts, bucket, json_integer(c ? json_integer_value(c) + 1 : 1));
		}
	}
	nrows = json_array_size(rows);
	for (i = 0; i < nrows; i++) {
		size_t t = (size_t)json_integer_value(json_object_get(json_array_get(rows, i), "total"));
		if (t > maxtotal)
			maxtotal = t;
	}
	for (i = 0; i < nrows; i++) {
		json_t *row = json_array_get(rows, i), *segs = json_array(), *counts = json_object_get(row, "counts");
		double x = left, y = 10 + (double)i * row_h;
		for (k = 0; k < NSECTIONS; k++) {
			json_int_t c = json_integer_value(json_object_get(counts, sections[k].bucket));
			double w = (double)c / (double)maxtotal * bar_w;
			if (!c)
				continue;
			json_array_append_new(segs, json_pack("{s:s, s:I, s:f, s:f, s:f}", "bucket", sections[k].bucket, "count", c,
			                                      "x", x, "width", w, "y", y));
			x += w;
		}
		json_object_set_new(row, "segments", segs);
		json_object_set_new(row, "y", json_real(y));
		json_object_set_new(row, "text_y", json_real(y + 14));
		json_object_set_new(row, "total_x", json_real(x + 6));
		json_object_del(row, "counts");
	}
	json_decref(index);
	return json_pack("{s:o, s:f, s:f, s:b}", "rows", rows, "height", 20 + (double)nrows * row_h, "label_x", left - 8,
	                 "empty", nrows == 0);
}

/* The view: the model plus what logic-less templates need. */
/* In Markdown a rule lists its first few findings (the report must fit one
 * comment); HTML lists them all. */
#define MD_FINDINGS_PER_RULE 5
#define MD_CRATE_ROWS 40

/* A rule-pack finding as the templates see it. */
static json_t *rule_finding_view(json_t *f, int html)
{
	json_t *v = json_copy(f); /* shallow: the view only adds keys of its own */
	buf b = BUF_INIT;

	buf_printf(&b, "%s:%lld", str(f, "path"), (long long)json_integer_value(json_object_get(f, "line")));
	json_object_set_new(v, "location", json_string(buf_cstr(&b)));
	json_object_set_new(v, "location_md", md_code_json(buf_cstr(&b)));
	json_object_set_new(v, "validation_md", md_code_json(str(f, "validation")));
	buf_free(&b);
	if (html) {
		json_object_set_new(v, "message_html", inline_html(str(f, "message")));
		json_object_set_new(v, "window_lines", window_lines(f));
	}
	return v;
}

/* The rule packs' sections: per pack, its rules that gave findings, each
 * with its rationale, change and findings. */
static json_t *rule_pack_views(json_t *model, int html)
{
	json_t *packs = json_object_get(model, "packs"), *found = json_object_get(model, "rule_findings"), *out = json_array();
	size_t p, r, i;

	for (p = 0; p < json_array_size(packs); p++) {
		json_t *pk = json_array_get(packs, p), *rule_views = json_array(), *entry;
		json_t *defs[2] = { json_object_get(pk, "rules"), json_object_get(pk, "metrics") };
		size_t total = 0, d, checked = json_array_size(defs[0]) + json_array_size(defs[1]);
		if (strcmp(str(pk, "engine"), "rules") != 0) {
			json_decref(rule_views);
			continue;
		}
		for (d = 0; d < 2; d++)
			for (r = 0; r < json_array_size(defs[d]); r++) {
				json_t *rule = json_array_get(defs[d], r), *list = json_array();
				size_t n = 0;
				for (i = 0; i < json_array_size(found); i++) {
					json_t *f = json_array_get(found, i);
					if (strcmp(str(f, "pack"), str(pk, "name")) || strcmp(str(f, "rule"), str(rule, "id")))
						continue;
					if (html || n < MD_FINDINGS_PER_RULE)
						json_array_append_new(list, rule_finding_view(f, html));
					n++;
				}
				total += n;
				if (!n) {
					json_decref(list);
					continue;
				}
				entry = json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:o}", "id", str(rule, "id"), "title",
				                  str(rule, "title"), "severity", str(rule, "severity"), "rationale",
				                  str(rule, "rationale"), "change", str(rule, "change"), "count", (json_int_t)n,
				                  "findings", list);
				if (n > json_array_size(list))
					json_object_set_new(entry, "more", json_integer((json_int_t)(n - json_array_size(list))));
				if (html) {
					json_object_set_new(entry, "rationale_html", inline_html(str(rule, "rationale")));
					json_object_set_new(entry, "change_html", inline_html(str(rule, "change")));
				}
				json_array_append_new(rule_views, entry);
			}
		json_array_append_new(out, json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:o}", "name", str(pk, "name"), "title",
		                                     str(pk, "title"), "summary", str(pk, "summary"), "count",
		                                     (json_int_t)total, "checked", (json_int_t)checked, "with_findings",
		                                     (json_int_t)json_array_size(rule_views), "rules", rule_views));
	}
	return out;
}

/* The crate table's rows, with the release profile as text. */
static json_t *crate_views(json_t *model, int html, json_int_t *limit)
{
	json_t *crates = json_object_get(model, "crates"), *out = json_array();
	size_t i;

	for (i = 0; i < json_array_size(crates) && (html || i < MD_CRATE_ROWS); i++) {
		json_t *c = json_deep_copy(json_array_get(crates, i)), *rp = json_object_get(c, "release_profile");
		const char *k;
		json_t *val;
		buf b = BUF_INIT;
		if (json_object_get(c, "large_file_limit"))
			*limit = json_integer_value(json_object_get(c, "large_file_limit"));
		json_object_foreach(rp, k, val)
			buf_printf(&b, "%s%s = %s", b.len ? ", " : "", k, json_is_string(val) ? json_string_value(val) : "unset");
		json_object_set_new(c, "release_text", json_string(rp ? buf_cstr(&b) : "(workspace root)"));
		buf_free(&b);
		json_array_append_new(out, c);
	}
	return out;
}

/* Importance, for cutting a Markdown report: actionable first, then by
 * score; the least important is dropped first (ties: report order). */
typedef struct {
	size_t idx;
	int actionable;
	long long score;
} importance;

static int importance_cmp(const void *pa, const void *pb)
{
	const importance *a = pa, *b = pb;

	if (a->actionable != b->actionable)
		return b->actionable - a->actionable;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Which actionable findings the page shows in full: all of them up to
 * HTML_FULL_FINDINGS, else that many of the highest score (ties: report
 * order); full[i] is set for those.  Beyond a few thousand windows and
 * field lists a browser takes minutes to lay a page out. */
#define HTML_FULL_FINDINGS 2000

static size_t choose_full(const finding_src *fs, const size_t *keep, size_t nkeep, unsigned char *full)
{
	importance *act = malloc((nkeep ? nkeep : 1) * sizeof(*act));
	size_t na = 0, i;

	if (!act)
		return (size_t)-1;
	for (i = 0; i < nkeep; i++)
		if (is_actionable(fsrc_str(fs, keep[i], "bucket"))) {
			act[na].idx = keep[i];
			act[na].actionable = 1;
			act[na].score = fsrc_int(fs, keep[i], "score");
			na++;
		}
	if (na > HTML_FULL_FINDINGS)
		qsort(act, na, sizeof(*act), importance_cmp);
	for (i = 0; i < na && i < HTML_FULL_FINDINGS; i++)
		full[act[i].idx] = 1;
	free(act);
	return na;
}

/* For the HTML page: the actionable findings in full (`actionable_sections`),
 * the others as compact rows per file (`kept_files`: {path, count, rows}),
 * their eight fields left to the JSON report -- a page people can open
 * when a code base has tens of thousands of clones to keep. */
static int kept_view(json_t *v, view_lists *vl, const size_t *keep, size_t nkeep)
{
	const finding_src *fs = vl->fs;
	json_t *act = json_array(), *files = json_array(), *secs = json_object_get(v, "sections");
	size_t *kept = malloc((nkeep ? nkeep : 1) * sizeof(*kept)), nk = 0, i, na;
	unsigned char *full = calloc(fs->n ? fs->n : 1, 1);

	if (!act || !files || !kept || !full || (na = choose_full(fs, keep, nkeep, full)) == (size_t)-1) {
		json_decref(act);
		json_decref(files);
		free(kept);
		free(full);
		return -1;
	}
	for (i = 0; i < json_array_size(secs); i++) {
		json_t *sec = json_array_get(secs, i);
		const char *bucket = json_string_value(json_object_get(sec, "bucket"));
		size_t *idx, n = 0, k;
		if (!json_is_true(json_object_get(sec, "actionable")))
			continue;
		if (na <= HTML_FULL_FINDINGS) { /* every one: the section as it is */
			json_array_append(act, sec);
			continue;
		}
		idx = malloc(nkeep * sizeof(*idx));
		for (k = 0; idx && k < nkeep; k++)
			if (full[keep[k]] && strcmp(fsrc_str(fs, keep[k], "bucket"), bucket) == 0)
				idx[n++] = keep[k];
		sec = json_copy(sec);
		json_object_set_new(sec, "count", json_integer((json_int_t)n));
		json_object_set_new(sec, "findings", idx ? list_new(vl, LIST_VIEWS, idx, n, idx) : NULL);
		if (n)
			json_array_append(act, sec);
		json_decref(sec);
	}
	for (i = 0; i < nkeep; i++)
		if (!full[keep[i]] && (na > HTML_FULL_FINDINGS || !is_actionable(fsrc_str(fs, keep[i], "bucket"))))
			kept[nk++] = keep[i];
	free(full);
	if (na > HTML_FULL_FINDINGS)
		json_object_set_new(v, "actionable_more", json_integer((json_int_t)(na - HTML_FULL_FINDINGS)));
	{ /* the lists below point into kept: an empty list holds it */
		json_t *holder = list_new(vl, LIST_ROWS, kept, 0, kept); /* frees kept when it fails */
		if (!holder) {
			json_decref(act);
			json_decref(files);
			return -1;
		}
		json_decref(holder);
	}
	for (i = 0; i < nk;) {
		const char *path = fsrc_str(fs, kept[i], "path");
		size_t end = same_path_end(fs, kept, i, nk);
		json_array_append_new(files, json_pack("{s:s, s:I, s:o}", "path", path, "count", (json_int_t)(end - i), "rows",
		                                       list_new(vl, LIST_ROWS, kept + i, end - i, NULL)));
		i = end;
	}
	json_object_set_new(v, "actionable_sections", act);
	json_object_set_new(v, "has_actionable", json_boolean(json_array_size(act) > 0));
	json_object_set_new(v, "kept_files", files);
	json_object_set_new(v, "kept_count", json_integer((json_int_t)nk));
	return 0;
}

/* "s" when n is not 1. */
static const char *plural(json_int_t n)
{
	return n == 1 ? "" : "s";
}

/* The marker a CI job finds its earlier comment by: the repository and
 * the base the change is compared with -- kept to characters that cannot
 * end an HTML comment or start markup. */
static json_t *comment_marker(json_t *model)
{
	const char *repo = json_string_value(json_object_get(json_object_get(model, "source"), "repository"));
	const char *given = json_string_value(json_object_get(json_object_get(model, "diff"), "given"));
	const char *dots = given ? strstr(given, "..") : NULL, *p;
	buf b = BUF_INIT;
	json_t *v;

	buf_printf(&b, "%s#", repo ? repo : "");
	if (given)
		buf_append(&b, given, dots ? (size_t)(dots - given) : strlen(given));
	for (p = b.ptr; *p; p++) /* no "--", '>' or '<' can survive */
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/:@#~^+", *p) &&
		    !(*p == '-' && p[1] != '-' && (p == b.ptr || p[-1] != '-')))
			b.ptr[p - b.ptr] = '_';
	v = json_string(buf_cstr(&b));
	buf_free(&b);
	return v;
}

/* The verdict a reader sees first: what to act on, what stays, and, with
 * --fail-on, whether the check fails and why. */
static json_t *verdict_line(json_t *model)
{
	json_t *sum = json_object_get(model, "summary"), *gate = json_object_get(model, "gate");
	json_int_t total = json_integer_value(json_object_get(sum, "total"));
	json_int_t act = json_integer_value(json_object_get(sum, "actionable"));
	json_int_t nrules = json_integer_value(json_object_get(json_object_get(model, "rule_summary"), "total"));
	int diff = json_object_get(model, "diff") != NULL;
	buf b = BUF_INIT;
	json_t *v;

	if (!total)
		buf_puts(&b, diff ? "No clone sites on the lines this change adds or modifies" : "No clone sites in scope");
	else if (act)
		buf_printf(&b, "%lld clone%s to act on%s; %lld kept, with reasons", (long long)act, plural(act),
		           diff ? " in this change" : "", (long long)(total - act));
	else
		buf_printf(&b, "Nothing to act on%s; %lld clone%s kept, with reasons", diff ? " in this change" : "",
		           (long long)total, plural(total));
	if (nrules)
		buf_printf(&b, "; %lld rule-pack finding%s", (long long)nrules, plural(nrules));
	buf_puts(&b, ".");
	if (gate) {
		json_int_t over = json_integer_value(json_object_get(gate, "over"));
		const char *level = json_string_value(json_object_get(gate, "fail_on"));
		if (over)
			buf_printf(&b, " The check fails: %lld finding%s at or above `--fail-on %s`%s%s.", (long long)over,
			           plural(over), level, diff ? " on the changed lines" : "",
			           json_is_true(json_object_get(gate, "exit_zero")) ? " (reported only: `--exit-zero`)" : "");
		else
			buf_printf(&b, " The check passes: nothing reaches `--fail-on %s`.", level);
	}
	v = json_string(buf_cstr(&b));
	buf_free(&b);
	return v;
}

/* Does a rule finding reach the --fail-on threshold (all of them without one)? */
static int rule_to_act_on(json_t *model, json_t *f)
{
	const char *level = json_string_value(json_object_get(json_object_get(model, "gate"), "fail_on"));
	const char *sev = str(f, "severity");

	if (!level || strcmp(level, "any") == 0 || strcmp(level, "new") == 0)
		return 1;
	return strcmp(level, "high") == 0 ? strcmp(sev, "high") == 0 : strcmp(sev, "low") != 0;
}

/* For the Markdown reports, act-on-first: the actionable findings in full
 * (`act_sections` by bucket; `act_findings` in report order, with the
 * compiler's suggestions), rule findings to act on (`rule_act`), and
 * everything left alone as one table (`kept_rows`), plus the verdict, the
 * title's code span and the comment marker. */
static int md_view(json_t *v, json_t *model, view_lists *vl, const size_t *keep, size_t nkeep)
{
	const finding_src *fs = vl->fs;
	size_t *act = malloc((nkeep ? nkeep : 1) * sizeof(*act)), *rest = malloc((nkeep ? nkeep : 1) * sizeof(*rest));
	size_t na = 0, nr = 0, i;
	json_t *secs = json_object_get(v, "sections"), *act_secs = json_array(), *rule_act = json_array();
	json_t *found = json_object_get(model, "rule_findings");

	if (!act || !rest || !act_secs || !rule_act) {
		free(act);
		free(rest);
		json_decref(act_secs);
		json_decref(rule_act);
		return -1;
	}
	for (i = 0; i < nkeep; i++) {
		if (is_actionable(fsrc_str(fs, keep[i], "bucket")))
			act[na++] = keep[i];
		else
			rest[nr++] = keep[i];
	}
	for (i = 0; i < json_array_size(secs); i++)
		if (json_is_true(json_object_get(json_array_get(secs, i), "actionable")))
			json_array_append(act_secs, json_array_get(secs, i));
	for (i = 0; i < json_array_size(found); i++) {
		json_t *f = json_array_get(found, i);
		buf loc = BUF_INIT;
		if (!rule_to_act_on(model, f))
			continue;
		buf_printf(&loc, "%s:%lld", str(f, "path"), (long long)json_integer_value(json_object_get(f, "line")));
		json_array_append_new(rule_act, json_pack("{s:o, s:s, s:s, s:s, s:O, s:o}", "location_md",
		                                          md_code_json(buf_cstr(&loc)), "pack", str(f, "pack"), "rule",
		                                          str(f, "rule"), "severity", str(f, "severity"), "message",
		                                          json_object_get(f, "message"), "validation_md",
		                                          md_code_json(str(f, "validation"))));
		buf_free(&loc);
	}
	json_object_set_new(v, "act_findings", list_new(vl, LIST_VIEWS_SUGGESTED, act, na, act));
	json_object_set_new(v, "act_count", json_integer((json_int_t)na));
	json_object_set_new(v, "act_sections", act_secs);
	json_object_set_new(v, "rule_act", rule_act);
	json_object_set_new(v, "rule_act_count", json_integer((json_int_t)json_array_size(rule_act)));
	json_object_set_new(v, "kept_rows", list_new(vl, LIST_MD_ROWS, rest, nr, rest));
	json_object_set_new(v, "kept_count", json_integer((json_int_t)nr));
	/* (Mustache takes 0 for true: sections test these) */
	json_object_set_new(v, "has_act", json_boolean(na > 0));
	json_object_set_new(v, "has_rule_act", json_boolean(json_array_size(rule_act) > 0));
	json_object_set_new(v, "has_kept", json_boolean(nr > 0));
	json_object_set_new(v, "verdict", verdict_line(model));
	if (json_object_get(model, "diff")) {
		json_object_set_new(v, "marker", comment_marker(model));
		json_object_set_new(v, "given_md",
		                    md_code_json(str(json_object_get(model, "diff"), "given")));
	}
	return 0;
}

/* The view of the report keeping the findings keep[0..nkeep) (numbers in
 * the finding source, in report order); its finding lists are vl's. */
static json_t *view_build(json_t *model, view_lists *vl, const size_t *keep, size_t nkeep, int html)
{
	/* a shallow copy: the view adds its own keys beside the model's values,
	 * which it shares and never changes (a deep copy doubled the memory of
	 * a large report, once per render of the Markdown bisection) */
	json_t *v = json_copy(model), *secs = json_array(), *rows = json_array();
	json_t *by = json_object_get(json_object_get(model, "summary"), "by_bucket");
	const finding_src *fs = vl->fs;
	size_t i, k;

	for (k = 0; k < NSECTIONS; k++) {
		size_t count = 0;
		json_t *list = list_where(vl, keep, nkeep, "bucket", sections[k].bucket, &count);
		json_array_append_new(rows, json_pack("{s:s, s:s, s:O, s:b}", "bucket", sections[k].bucket, "title",
		                                      sections[k].title, "count", json_object_get(by, sections[k].bucket),
		                                      "actionable", sections[k].actionable));
		if (count)
			json_array_append_new(secs, json_pack("{s:s, s:s, s:s, s:I, s:b, s:o}", "bucket", sections[k].bucket,
			                                      "title", sections[k].title, "description", sections[k].description,
			                                      "count", (json_int_t)count, "actionable",
			                                      sections[k].actionable, "findings", list));
		else
			json_decref(list);
	}
	{
		json_t *batches = json_deep_copy(json_object_get(model, "batches")); /* these it annotates */
		json_object_set_new(v, "batches", batches);
		json_object_set_new(v, "command_md", md_code_json(str(json_object_get(model, "scope"), "command")));
		for (i = 0; i < json_array_size(batches); i++) {
			json_t *b = json_array_get(batches, i);
			json_object_set_new(b, "validation_md", md_code_json(str(b, "validation")));
		}
	}
	json_object_set_new(v, "sections", secs);
	json_object_set_new(v, "bucket_rows", rows);
	{ /* the model's `findings`, all of them as the JSON has them (a
	   * team's template may list them), made one at a time too */
		size_t *all = malloc((fs->n ? fs->n : 1) * sizeof(*all));
		for (i = 0; all && i < fs->n; i++)
			all[i] = i;
		json_object_set_new(v, "findings", all ? list_new(vl, LIST_FINDINGS, all, fs->n, all) : NULL);
	}
	json_object_set_new(v, "shown", json_integer((json_int_t)nkeep));
	json_object_set_new(v, "has_findings", json_boolean(nkeep > 0));
	{ /* findings grouped by file, for the pull-request report: runs of
	   * one path in report order */
		json_t *files = json_array();
		for (i = 0; i < nkeep;) {
			const char *path = fsrc_str(fs, keep[i], "path");
			size_t end = same_path_end(fs, keep, i, nkeep);
			json_array_append_new(files, json_pack("{s:s, s:o, s:o}", "path", path, "path_md", md_code_json(path),
			                                       "findings",
			                                       list_new(vl, LIST_VIEWS_SUGGESTED, keep + i, end - i, NULL)));
			i = end;
		}
		json_object_set_new(v, "files", files);
	}
	{ /* New since the baseline */
		size_t count = 0;
		json_t *news = list_where(vl, keep, nkeep, "status", "new", &count);
		json_object_set_new(v, "has_new", json_boolean(count > 0));
		json_object_set_new(v, "new_findings", news);
		json_object_set_new(v, "has_resolved", json_boolean(json_array_size(json_object_get(model, "resolved")) > 0));
	}
	if (html && json_array_size(json_object_get(model, "history")) > 0) { /* the trend's bars */
		json_t *h = json_object_get(model, "history"), *bars = json_array();
		size_t nruns = json_array_size(h), maxt = 1;
		const double height = 120, w = nruns > 60 ? 8 : 14;
		for (i = 0; i < nruns; i++) {
			size_t t = (size_t)json_integer_value(json_object_get(json_array_get(h, i), "total"));
			if (t > maxt)
				maxt = t;
		}
		for (i = 0; i < nruns; i++) {
			json_t *r = json_array_get(h, i);
			double t = (double)json_integer_value(json_object_get(r, "total"));
			double a = (double)json_integer_value(json_object_get(r, "actionable"));
			double ht = t / (double)maxt * height, ha = a / (double)maxt * height;
			json_array_append_new(bars, json_pack("{s:f, s:f, s:f, s:f, s:f, s:f, s:O, s:O, s:O}", "x",
			                                      10 + (double)i * (w + 4), "w", w, "y_total", 10 + height - ht,
			                                      "h_total", ht, "y_act", 10 + height - ha, "h_act", ha, "date",
			                                      json_object_get(r, "date"), "total", json_object_get(r, "total"),
			                                      "actionable", json_object_get(r, "actionable")));
		}
		json_object_set_new(v, "trend", json_pack("{s:o, s:f, s:f, s:I}", "bars", bars, "width",
		                                          20 + (double)nruns * (w + 4), "height", height + 20, "runs",
		                                          (json_int_t)nruns));
	}
	{
		json_int_t limit = 0;
		json_t *packs = json_object_get(model, "packs"), *crates = crate_views(model, html, &limit);
		int clone_ran = json_array_size(packs) == 0; /* a model from before packs: the clone audit */
		int rules_ran = 0; /* a rule pack ran: its count is news even at 0, and none is no count */
		for (i = 0; i < json_array_size(packs); i++) {
			int is_clone = strcmp(str(json_array_get(packs, i), "engine"), "clone") == 0;
			clone_ran |= is_clone;
			rules_ran |= !is_clone;
		}
		json_object_set_new(v, "clone_ran", json_boolean(clone_ran));
		json_object_set_new(v, "rules_ran", json_boolean(rules_ran));
		json_object_set_new(v, "rule_packs", rule_pack_views(model, html));
		json_object_set_new(v, "has_crates", json_boolean(json_array_size(crates) > 0));
		if (json_array_size(json_object_get(model, "crates")) > json_array_size(crates))
			json_object_set_new(v, "crates_more", json_integer((json_int_t)(json_array_size(json_object_get(model, "crates")) -
			                                                                  json_array_size(crates))));
		json_object_set_new(v, "crates_limit", json_integer(limit));
		json_object_set_new(v, "crate_rows", crates);
	}
	json_object_set_new(v, "has_suppressed", json_boolean(json_array_size(json_object_get(model, "suppressed")) > 0));
	json_object_set_new(v, "has_problems", json_boolean(json_array_size(json_object_get(model, "problems")) > 0));
	json_object_set_new(v, "has_batches", json_boolean(json_array_size(json_object_get(model, "batches")) > 0));
	json_object_set_new(v, "has_left_alone", json_boolean(json_array_size(json_object_get(model, "left_alone")) > 0));
	if (html) {
		json_object_set_new(v, "chart", chart(fs, keep, nkeep));
		if (kept_view(v, vl, keep, nkeep) < 0) {
			json_decref(v);
			return NULL;
		}
	} else if (md_view(v, model, vl, keep, nkeep) < 0) {
		json_decref(v);
		return NULL;
	}
	return v;
}

/* Partials come from the template directory: {{> name}} is name.mustache. */
typedef struct {
	const char *dir;
} partial_ctx;

static char *load_partial(void *ctx, const char *name, size_t *len)
{
	partial_ctx *pc = ctx;
	buf path = BUF_INIT, text = BUF_INIT;
	int errnum;

	if (strchr(name, '/') || name[0] == '.') { /* templates name partials, never paths */
		buf_free(&path);
		return NULL;
	}
	buf_printf(&path, "%s/%s.mustache", pc->dir, name);
	if (fileio_read_into(path.ptr, &text, &errnum) < 0) {
		buf_free(&path);
		buf_free(&text);
		return NULL;
	}
	buf_free(&path);
	*len = text.len;
	return buf_detach(&text);
}

static int render_template(buf *out, json_t *view, view_lists *vl, const mustache_flush *flush, const char *dir,
                           const char *name, mustache_escape_fn esc, buf *err)
{
	buf path = BUF_INIT, src = BUF_INIT;
	mustache_template *t = NULL;
	mustache_error merr = MUSTACHE_ERROR_INIT;
	partial_ctx pc = { dir };
	mustache_lists lists = { lazy_count, lazy_item, lazy_whole, vl };
	mustache_options o = { esc, load_partial, &pc, &lists, flush };
	int rc = -1;

	buf_printf(&path, "%s/%s", dir, name);
	if (fileio_read_all(path.ptr, &src, err) < 0)
		goto done;
	if (mustache_compile(&t, path.ptr, buf_cstr(&src), src.len, &merr) < 0 ||
	    mustache_render_with(t, view, &o, out, &merr) < 0) {
		buf_puts(err, merr.message ? merr.message : "template error");
		goto done;
	}
	rc = 0;
done:
	mustache_error_clear(&merr);
	mustache_free(t);
	buf_free(&path);
	buf_free(&src);
	return rc;
}

/* One render of the report keeping keep[0..nkeep); with `omitted`, the
 * note that the rest was left out. */
static int render_kept(buf *out, json_t *model, const finding_src *fs, const size_t *keep, size_t nkeep, int html,
                       json_t *omitted, const mustache_flush *flush, const char *dir, const char *tname,
                       mustache_escape_fn esc, buf *err)
{
	view_lists vl;
	json_t *view;
	int rc;

	memset(&vl, 0, sizeof(vl));
	vl.fs = fs;
	vl.html = html;
	view = view_build(model, &vl, keep, nkeep, html);
	if (!view) {
		lists_free(&vl);
		json_decref(omitted);
		buf_puts(err, "out of memory");
		return -1;
	}
	if (omitted)
		json_object_set_new(view, "omitted", omitted);
	rc = render_template(out, view, &vl, flush, dir, tname, esc, err);
	json_decref(view);
	lists_free(&vl);
	return rc;
}

static json_t *omitted_note(size_t count, const render_options *opt)
{
	return json_pack("{s:I, s:s}", "count", (json_int_t)count, "where",
	                 opt && opt->full_report ? opt->full_report : "the JSON or HTML report of the same run");
}

/* The k most important of n findings (rank[i]: finding i's place in
 * importance) into keep[], in report order; their number. */
static size_t most_important(const size_t *rank, size_t n, size_t k, size_t *keep)
{
	size_t i, nkeep = 0;

	for (i = 0; i < n; i++)
		if (rank[i] < k)
			keep[nkeep++] = i;
	return nkeep;
}

/* The Markdown report: all of it when it fits one comment, else the k most
 * important findings for the largest k that fits (in report order), with
 * a note of how many were left out.  The renders grow k from 64 by
 * doubling and then bisect, so a report of tens of thousands of findings
 * is rendered a few times with a few hundred, never whole. */
static int render_md(buf *out, json_t *model, const finding_src *fs, const char *dir, const char *tname,
                     const render_options *opt, buf *err)
{
	size_t limit = opt && opt->md_limit ? opt->md_limit : RENDER_MD_LIMIT;
	size_t n = fs->n, i, lo = 0, hi, k, *rank = NULL, *keep = NULL, nkeep;
	importance *order = NULL;
	buf attempt = BUF_INIT, try = BUF_INIT;
	int rc = -1;

	order = malloc((n ? n : 1) * sizeof(*order));
	rank = malloc((n ? n : 1) * sizeof(*rank));
	keep = malloc((n ? n : 1) * sizeof(*keep));
	if (!order || !rank || !keep)
		goto oom;
	for (i = 0; i < n; i++) {
		order[i].idx = i;
		order[i].actionable = is_actionable(fsrc_str(fs, i, "bucket"));
		order[i].score = fsrc_int(fs, i, "score");
	}
	qsort(order, n, sizeof(*order), importance_cmp);
	for (i = 0; i < n; i++) /* each finding's place in importance */
		rank[order[i].idx] = i;
	/* grow k while the report fits */
	hi = n;
	for (k = 64; k < n; k *= 2) {
		nkeep = most_important(rank, n, k, keep);
		buf_clear(&try);
		if (render_kept(&try, model, fs, keep, nkeep, 0, omitted_note(n - k, opt), NULL, dir, tname,
		                mustache_escape_markdown, err) < 0)
			goto done;
		if (try.len > limit) {
			hi = k - 1;
			break;
		}
		lo = k;
		buf_swap(&attempt, &try);
	}
	if (hi == n) { /* every finding, when that fits */
		nkeep = most_important(rank, n, n, keep);
		buf_clear(&try);
		if (render_kept(&try, model, fs, keep, nkeep, 0, NULL, NULL, dir, tname, mustache_escape_markdown, err) < 0)
			goto done;
		if (try.len <= limit) {
			rc = buf_append(out, try.ptr, try.len) < 0 ? -1 : 0;
			if (rc < 0)
				goto oom;
			goto done;
		}
		hi = n;
	}
	/* the largest k in lo..hi that fits */
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;
		nkeep = most_important(rank, n, mid, keep);
		buf_clear(&try);
		if (render_kept(&try, model, fs, keep, nkeep, 0, omitted_note(n - mid, opt), NULL, dir, tname,
		                mustache_escape_markdown, err) < 0)
			goto done;
		if (try.len <= limit) {
			lo = mid;
			buf_swap(&attempt, &try);
		} else
			hi = mid - 1;
	}
	if (lo == 0 && !attempt.len) {
		/* not even the summary fits: render it with no findings */
		if (render_kept(&attempt, model, fs, keep, 0, 0, omitted_note(n, opt), NULL, dir, tname,
		                mustache_escape_markdown, err) < 0)
			goto done;
	}
	if (buf_append(out, attempt.ptr, attempt.len) < 0)
		goto oom;
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
	rc = -1;
done:
	free(order);
	free(rank);
	free(keep);
	buf_free(&attempt);
	buf_free(&try);
	return rc;
}

int render_report(buf *out, const report_doc *doc, const char *format, const char *dir, const render_options *opt,
                  buf *err)
{
	finding_src fs;
	size_t *all, i;
	int rc;

	if (strcmp(format, "md") != 0 && strcmp(format, "html") != 0) {
		buf_printf(err, "unknown format '%s'", format);
		return -1;
	}
	fsrc_init(&fs, doc);
	fs.whole_list = opt ? opt->whole_list : NULL;
	if (strcmp(format, "md") == 0) {
		rc = render_md(out, doc->model, &fs, dir,
		               json_object_get(doc->model, "diff") ? "report-pr.md.mustache" : "report.md.mustache", opt, err);
		fsrc_free(&fs);
		return rc;
	}
	/* every finding, its view built when the page reaches it; the page
	 * handed on as it is made when the caller takes it in pieces */
	all = malloc((fs.n ? fs.n : 1) * sizeof(*all));
	if (!all) {
		fsrc_free(&fs);
		buf_puts(err, "out of memory");
		return -1;
	}
	for (i = 0; i < fs.n; i++)
		all[i] = i;
	{
		mustache_flush flush = { opt ? opt->write : NULL, opt ? opt->write_ctx : NULL, 1 << 20 };
		rc = render_kept(out, doc->model, &fs, all, fs.n, 1, NULL, flush.write ? &flush : NULL, dir,
		                 "report.html.mustache", mustache_escape_html, err);
	}
	free(all);
	fsrc_free(&fs);
	return rc;
}
