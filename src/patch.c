#include "config.h"

#include "patch.h"

#include <stdlib.h>
#include <string.h>

#include "clone_edit.h"

#define CONTEXT 3

typedef struct {
	const jsontape *f;
	const char *path;
	long batch;      /* index into the model's batches; LONG_MAX none */
	long line, col;
} pick;

typedef struct {
	size_t *v;       /* offsets of line starts */
	size_t n;        /* lines (a last line without '\n' counts) */
	int last_open;   /* the text does not end with '\n' */
	size_t len;
} lines;

static int lines_of(lines *l, const char *t, size_t len)
{
	size_t i, cap = 0;

	memset(l, 0, sizeof(*l));
	l->len = len;
	for (i = 0; i <= len; i++) {
		if (i == len && (len == 0 || t[len - 1] == '\n'))
			break;
		if (i == 0 || t[i - 1] == '\n') {
			if (l->n == cap) {
				void *g = buf_grow_array(l->v, &cap, sizeof(*l->v), 64);
				if (!g)
					return -1;
				l->v = g;
			}
			l->v[l->n++] = i;
		}
	}
	l->last_open = len > 0 && t[len - 1] != '\n';
	return 0;
}

/* the line (0-based) holding byte `off` */
static size_t line_at(const lines *l, size_t off)
{
	size_t lo = 0, hi = l->n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->v[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void put_line(buf *out, char mark, const char *t, const lines *l, size_t k)
{
	size_t a = l->v[k], b = k + 1 < l->n ? l->v[k + 1] : l->len;

	if (b > a && t[b - 1] == '\n')
		b--;
	buf_putc(out, mark);
	buf_append(out, t + a, b - a);
	buf_putc(out, '\n');
	if (k + 1 == l->n && l->last_open)
		buf_puts(out, "\\ No newline at end of file\n");
}

typedef struct {
	size_t oa, ob, na, nb; /* old lines [oa, ob] become new lines [na, nb] */
} block;

/* The unified diff of one file's edits (sorted, not overlapping). */
static int diff_file(buf *out, const char *path, const char *old, size_t len, const clone_edit *const *edits, size_t n)
{
	buf neu = BUF_INIT;
	size_t *starts = calloc(n + 1, sizeof(*starts)), i, nb = 0;
	block *b = calloc(n + 1, sizeof(*b));
	lines lo, ln;
	int rc = -1;

	memset(&lo, 0, sizeof(lo));
	memset(&ln, 0, sizeof(ln));
	if (!starts || !b || clone_edit_apply(&neu, old, len, edits, n, starts) < 0 || lines_of(&lo, old, len) < 0 ||
	    lines_of(&ln, buf_cstr(&neu), neu.len) < 0)
		goto done;
	for (i = 0; i < n; i++) {
		block x = { line_at(&lo, edits[i]->start), line_at(&lo, edits[i]->end),
		            line_at(&ln, starts[i]), line_at(&ln, starts[i] + edits[i]->replacement.len) };
		if (nb && x.oa <= b[nb - 1].ob) { /* on a line the last edit changed */
			b[nb - 1].ob = x.ob;
			b[nb - 1].nb = x.nb;
		} else
			b[nb++] = x;
	}
	buf_printf(out, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", path, path, path, path);
	for (i = 0; i < nb;) {
		size_t j = i, k, os, oe, ns, ne;
		while (j + 1 < nb && b[j + 1].oa <= b[j].ob + 1 + 2 * CONTEXT)
			j++;
		os = b[i].oa >= CONTEXT ? b[i].oa - CONTEXT : 0;
		oe = b[j].ob + CONTEXT < lo.n ? b[j].ob + CONTEXT : lo.n - 1;
		ns = b[i].na - (b[i].oa - os);
		ne = b[j].nb + (oe - b[j].ob);
		buf_printf(out, "@@ -%zu,%zu +%zu,%zu @@\n", os + 1, oe - os + 1, ns + 1, ne - ns + 1);
		for (k = os; k < b[i].oa; k++)
			put_line(out, ' ', old, &lo, k);
		for (; i <= j; i++) {
			for (k = b[i].oa; k <= b[i].ob; k++)
				put_line(out, '-', old, &lo, k);
			for (k = b[i].na; k <= b[i].nb; k++)
				put_line(out, '+', buf_cstr(&neu), &ln, k);
			for (k = b[i].ob + 1; k < (i < j ? b[i + 1].oa : oe + 1); k++)
				put_line(out, ' ', old, &lo, k);
		}
	}
	rc = 0;
done:
	free(lo.v);
	free(ln.v);
	free(starts);
	free(b);
	buf_free(&neu);
	return rc;
}

static int selected(const jsontape *f, const patch_options *o)
{
	const char *bucket = jsontape_str(jsontape_get(f, "bucket"));

	if (!bucket || strncmp(bucket, "removable_", 10) != 0 || jsontape_get(f, "suppression"))
		return 0;
	if (o->verified) {
		const char *st = jsontape_str(jsontape_member(jsontape_get(f, "verification"), "status"));
		return st && strcmp(st, "verified") == 0;
	}
	return jsontape_str(jsontape_get(f, "confidence")) && strcmp(jsontape_str(jsontape_get(f, "confidence")), "high") == 0;
}

static int by_path(const void *a, const void *b)
{
	const pick *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	return x->line < y->line ? -1 : x->line > y->line ? 1 : (x->col > y->col) - (x->col < y->col);
}

typedef struct {
	size_t first, n; /* picks [first, first + n) */
	long batch;      /* the earliest batch of its removals */
} file_group;

static int by_batch(const void *a, const void *b)
{
	const file_group *x = a, *y = b;

	return x->batch < y->batch ? -1 : x->batch > y->batch ? 1 : (x->first > y->first) - (x->first < y->first);
}

int patch_make(buf *out, size_t *count, const report_doc *doc, source_set *src, const patch_options *o, buf *err)
{
	json_t *batches = json_object_get(doc->model, "batches"), *index = json_object();
	pick *p = calloc(doc->findings.n + 1, sizeof(*p));
	file_group *g = calloc(doc->findings.n + 1, sizeof(*g));
	size_t np = 0, ng = 0, i, k;
	long last_batch = -1;
	buf text = BUF_INIT, body = BUF_INIT, why = BUF_INIT;
	int rc = -1;

	*count = 0;
	if (!index || !p || !g)
		goto oom;
	for (i = 0; i < json_array_size(batches); i++) {
		json_t *fs = json_object_get(json_array_get(batches, i), "findings");
		for (k = 0; k < json_array_size(fs); k++) {
			const char *fp = json_string_value(json_object_get(json_array_get(fs, k), "fingerprint"));
			if (fp && !json_object_get(index, fp))
				json_object_set_new(index, fp, json_integer((json_int_t)i));
		}
	}
	for (i = 0; i < doc->findings.n; i++) {
		const jsontape *f = doc->findings.v[i];
		json_t *bi;
		if (!selected(f, o) || clone_edit_kind_of(f) == CLONE_EDIT_NONE)
			continue;
		bi = json_object_get(index, jsontape_str(jsontape_get(f, "fingerprint")) ? jsontape_str(jsontape_get(f, "fingerprint")) : "");
		p[np].f = f;
		p[np].path = jsontape_str(jsontape_get(f, "path"));
		p[np].batch = bi ? (long)json_integer_value(bi) : (long)json_array_size(batches);
		p[np].line = (long)jsontape_integer(jsontape_get(f, "line"));
		p[np].col = (long)jsontape_integer(jsontape_get(f, "column"));
		np++;
	}
	qsort(p, np, sizeof(*p), by_path);
	for (i = 0; i < np; i++) {
		if (!ng || strcmp(p[g[ng - 1].first].path, p[i].path) != 0) {
			g[ng].first = i;
			g[ng].n = 0;
			g[ng].batch = p[i].batch;
			ng++;
		}
		g[ng - 1].n++;
		if (p[i].batch < g[ng - 1].batch)
			g[ng - 1].batch = p[i].batch;
	}
	qsort(g, ng, sizeof(*g), by_batch);
	for (i = 0; i < ng; i++) {
		const clone_edit **ev = calloc(g[i].n + 1, sizeof(*ev));
		clone_edit *edits = calloc(g[i].n + 1, sizeof(*edits));
		size_t ne = 0;
		buf full = BUF_INIT;
		int bad = !ev || !edits;

		if (!bad && sources_read_path(src, p[g[i].first].path, &text) < 0)
			g[i].n = 0; /* unreadable now: left out */
		for (k = 0; !bad && k < g[i].n; k++) {
			const pick *x = &p[g[i].first + k];
			buf_clear(&why);
			if (clone_edit_make(&edits[ne], buf_cstr(&text), text.len, (uint32_t)x->line, (uint32_t)x->col,
			                    clone_edit_kind_of(x->f), &why) < 0) {
				clone_edit_free(&edits[ne]);
				memset(&edits[ne], 0, sizeof(edits[ne]));
				continue;
			}
			if (ne && edits[ne].start < edits[ne - 1].end) { /* overlaps the last: left out */
				clone_edit_free(&edits[ne]);
				memset(&edits[ne], 0, sizeof(edits[ne]));
				continue;
			}
			ev[ne] = &edits[ne];
			ne++;
		}
		if (!bad && ne) {
			if (g[i].batch != last_batch && g[i].batch < (long)json_array_size(batches)) {
				json_t *b = json_array_get(batches, (size_t)g[i].batch);
				buf_printf(&body, "# batch: %s, %s -- validate with: %s\n", json_string_value(json_object_get(b, "subsystem")),
				           json_string_value(json_object_get(b, "bucket")), json_string_value(json_object_get(b, "validation")));
				last_batch = g[i].batch;
			}
			buf_printf(&full, "%s%s", src->prefix ? src->prefix : "", p[g[i].first].path);
			bad = diff_file(&body, buf_cstr(&full), buf_cstr(&text), text.len, ev, ne) < 0;
			*count += ne;
		}
		for (k = 0; k < g[i].n; k++)
			clone_edit_free(&edits[k]);
		free(edits);
		free(ev);
		buf_free(&full);
		if (bad)
			goto oom;
	}
	if (o->verified)
		buf_printf(out, "# hotpath-audit: %zu removal%s verified by %s, in the report's patch batches.\n", *count,
		           *count == 1 ? "" : "s", o->by ? o->by : "the compiler");
	else
		buf_printf(out, "# hotpath-audit: %zu high-confidence removal%s, NOT verified by the compiler (audit --verify "
		                "checks them), in the report's patch batches.\n", *count, *count == 1 ? "" : "s");
	buf_puts(out, "# Apply with `git apply` at the repository's top, then run each batch's validation command.\n");
	buf_append(out, buf_cstr(&body), body.len);
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
done:
	json_decref(index);
	free(p);
	free(g);
	buf_free(&text);
	buf_free(&body);
	buf_free(&why);
	return rc;
}
