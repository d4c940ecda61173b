#include "config.h"

#include "inventory.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "parallel.h"
#include "pyunicode.h"

static const char *const category_names[INV_CATEGORY_COUNT] = {
	"cheap_shared", "clone_into_arc", "cold_or_test", "loop_clone", "needs_review", "suspicious_hotpath",
};
static const char *const tier_names[INV_TIER_COUNT] = { "high", "low", "medium" };

const char *inventory_category_name(enum inventory_category c)
{
	return category_names[c];
}

const char *inventory_tier_name(enum inventory_tier t)
{
	return tier_names[t];
}

void inventory_list_free(inventory_list *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->v[i].text);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

struct inventory_scratch {
	buf raw;            /* the file as read */
	buf fixed;          /* the same, ill-formed UTF-8 replaced */
	size_t *starts;     /* start of each line */
	size_t *ends;       /* end of each line, line break excluded */
	size_t line_cap;
	buf window;
	pcre2_match_data *md;
};

inventory_scratch *inventory_scratch_new(void)
{
	inventory_scratch *s = calloc(1, sizeof(*s));

	if (s && !(s->md = pyre_match_data_new())) {
		free(s);
		return NULL;
	}
	return s;
}

void inventory_scratch_free(inventory_scratch *s)
{
	if (!s)
		return;
	buf_free(&s->raw);
	buf_free(&s->fixed);
	buf_free(&s->window);
	free(s->starts);
	free(s->ends);
	pcre2_match_data_free(s->md);
	free(s);
}

static int contains(const char *hay, size_t n, const char *needle, size_t m)
{
	return memmem(hay, n, needle, m) != NULL;
}

#define CONTAINS_LIT(hay, n, lit) contains((hay), (n), (lit), sizeof(lit) - 1)

/* Split text into lines as str.splitlines() does; returns the count. */
static int split_lines(inventory_scratch *s, const char *text, size_t len, size_t *count)
{
	size_t pos = 0, n = 0;

	while (pos < len) {
		size_t next, end = py_line_end(text, len, pos, &next);
		if (n == s->line_cap) {
			size_t cap = s->line_cap ? s->line_cap * 2 : 1024;
			size_t *a = realloc(s->starts, cap * sizeof(*a));
			if (!a)
				return -1;
			s->starts = a;
			a = realloc(s->ends, cap * sizeof(*a));
			if (!a)
				return -1;
			s->ends = a;
			s->line_cap = cap;
		}
		s->starts[n] = pos;
		s->ends[n] = end;
		n++;
		pos = next;
	}
	*count = n;
	return 0;
}

/* The per-file half of scoring: which hot path, and is it a test path. */
typedef struct {
	int hot_path;
	int base_score;
	int cold;
} path_facts;

static path_facts facts_for(const rules *r, const char *report, int include_tests)
{
	path_facts f = { -1, r->default_score, 0 };
	size_t i, n = strlen(report);
	buf slashed = BUF_INIT;

	for (i = 0; i < r->hot_path_count; i++) {
		const rules_str *p = &r->hot_paths[i].prefix;
		if (n >= p->len && memcmp(report, p->s, p->len) == 0) {
			f.hot_path = (int)i;
			f.base_score = r->hot_paths[i].score;
			break;
		}
	}
	if (!include_tests) {
		/* is_test_path() looks at "/" + path */
		if (buf_putc(&slashed, '/') == 0 && buf_append(&slashed, report, n) == 0)
			f.cold = strlist_in(&r->test_markers, slashed.ptr, slashed.len);
		else
			f.cold = 0;
	}
	buf_free(&slashed);
	return f;
}

static int list_push(inventory_list *l, const inventory_candidate *c)
{
	if (l->count == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		inventory_candidate *v = realloc(l->v, cap * sizeof(*v));
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->count++] = *c;
	return 0;
}

/* score_candidate() of the reference, for line `li` of the file. */
static int score_line(const rules *r, inventory_scratch *s, const path_facts *pf, const char *text,
                      size_t nlines, size_t li, const char *st, size_t sn, inventory_candidate *c, buf *err)
{
	size_t first = li >= 5 ? li - 5 : 0, last = li + 3 < nlines ? li + 3 : nlines, k;
	int cheap, into_arc, loop, has_call;
	int score = pf->base_score;
	unsigned reasons = 0;

	buf_clear(&s->window);
	for (k = first; k < last; k++) {
		if (k > first && buf_putc(&s->window, '\n') < 0)
			goto oom;
		if (buf_append(&s->window, text + s->starts[k], s->ends[k] - s->starts[k]) < 0)
			goto oom;
	}
	cheap = strlist_in(&r->cheap_hints, st, sn);
	loop = pyre_search(r->loop_re, s->md, buf_cstr(&s->window), s->window.len);
	into_arc = CONTAINS_LIT(st, sn, "Arc::new(") && CONTAINS_LIT(st, sn, ".clone");
	has_call = CONTAINS_LIT(st, sn, ".clone()");
	if (loop < 0)
		goto match_error;

#define APPLY(w) (score += r->weights[w].delta, reasons |= 1u << (w))
	if (pf->cold)
		APPLY(RULES_W_COLD);
	if (cheap)
		APPLY(RULES_W_CHEAP);
	if (strlist_in(&r->deep_hints, st, sn))
		APPLY(RULES_W_DEEP);
	if (loop)
		APPLY(RULES_W_LOOP);
	if (into_arc)
		APPLY(RULES_W_INTO_ARC);
	if (has_call && strlist_in(&r->boundary_hints, buf_cstr(&s->window), s->window.len))
		APPLY(RULES_W_BOUNDARY);
	switch (pyre_search(r->assign_re, s->md, st, sn)) {
	case 1: APPLY(RULES_W_ASSIGN); break;
	case 0: break;
	default: goto match_error;
	}
	if (CONTAINS_LIT(st, sn, ".clone().") || (has_call && CONTAINS_LIT(st, sn, "unwrap_or_else")))
		APPLY(RULES_W_CHAIN);
#undef APPLY

	if (pf->cold)
		c->category = INV_COLD_OR_TEST;
	else if (cheap)
		c->category = INV_CHEAP_SHARED;
	else if (into_arc)
		c->category = INV_CLONE_INTO_ARC;
	else if (loop)
		c->category = INV_LOOP_CLONE;
	else if (score >= r->suspicious_score)
		c->category = INV_SUSPICIOUS_HOTPATH;
	else
		c->category = INV_NEEDS_REVIEW;
	c->tier = score >= r->tier_high ? INV_HIGH : score >= r->tier_medium ? INV_MEDIUM : INV_LOW;
	c->score = score;
	c->reasons = reasons;
	c->hot_path = pf->hot_path;
	c->line = li + 1;
	return 0;
oom:
	buf_puts(err, "out of memory");
	return -1;
match_error:
	buf_puts(err, "pattern matching failed (PCRE2 resource limit)");
	return -1;
}

int inventory_scan_buffer(const rules *r, inventory_scratch *s, const char *report, size_t file_index,
                          const char *data, size_t len, int include_tests, inventory_list *out, buf *err)
{
	const rules_str *lit = &r->clone_literal;
	const char *text = data, *hit;
	size_t nlines, li = 0, pos = 0;
	path_facts pf;

	/* Every clone_pattern match holds the literal: most files end here. */
	if (!memmem(data, len, lit->s, lit->len))
		return 0;
	if (!py_utf8_valid(data, len)) {
		buf_clear(&s->fixed);
		if (py_utf8_repair(&s->fixed, data, len) < 0)
			goto oom;
		text = s->fixed.ptr;
		len = s->fixed.len;
	}
	if (split_lines(s, text, len, &nlines) < 0)
		goto oom;
	pf = facts_for(r, report, include_tests);

	while (pos < len && (hit = memmem(text + pos, len - pos, lit->s, lit->len))) {
		size_t off = (size_t)(hit - text), start, sn;
		const char *line;
		inventory_candidate c;
		int m;

		while (li + 1 < nlines && s->starts[li + 1] <= off)
			li++;
		line = text + s->starts[li];
		pos = li + 1 < nlines ? s->starts[li + 1] : len;
		sn = py_strip(line, s->ends[li] - s->starts[li], &start);
		if (sn == 0 || (sn >= 2 && line[start] == '/' && line[start + 1] == '/')) {
			li++;
			continue;
		}
		m = pyre_search(r->clone_re, s->md, line, s->ends[li] - s->starts[li]);
		if (m < 0) {
			buf_puts(err, "pattern matching failed (PCRE2 resource limit)");
			return -1;
		}
		if (m) {
			memset(&c, 0, sizeof(c));
			if (score_line(r, s, &pf, text, nlines, li, line + start, sn, &c, err) < 0)
				return -1;
			c.file = file_index;
			c.text_len = sn;
			if (!(c.text = malloc(sn + 1)))
				goto oom;
			memcpy(c.text, line + start, sn);
			c.text[sn] = '\0';
			if (list_push(out, &c) < 0) {
				free(c.text);
				goto oom;
			}
		}
		li++;
	}
	return 0;
oom:
	buf_puts(err, "out of memory");
	return -1;
}

/* ---- threads over files -------------------------------------------------- */

typedef struct {
	const inventory_scan_options *opt;
	const discover_result *files;
	atomic_size_t next;     /* next file index to take */
	atomic_size_t first_bad; /* lowest index of an unreadable file */
	atomic_int failed;       /* an internal error: stop early */
} shared_state;

typedef struct {
	shared_state *sh;
	inventory_list found;
	int bad_errno;           /* errno of this worker's lowest unreadable file */
	size_t bad_index;
	buf err;
} worker;

static void note_bad(worker *w, size_t i, int errnum)
{
	size_t cur = atomic_load(&w->sh->first_bad);

	if (i < w->bad_index) {
		w->bad_index = i;
		w->bad_errno = errnum;
	}
	while (i < cur && !atomic_compare_exchange_weak(&w->sh->first_bad, &cur, i))
		;
}

static void *work(void *arg)
{
	worker *w = arg;
	shared_state *sh = w->sh;
	inventory_scratch *s = inventory_scratch_new();

	if (!s) {
		buf_puts(&w->err, "out of memory");
		atomic_store(&sh->failed, 1);
		return NULL;
	}
	for (;;) {
		size_t i = atomic_fetch_add(&sh->next, 1);
		const discover_file *f;
		int errnum = 0;

		if (i >= sh->files->count || atomic_load(&sh->failed))
			break;
		/* the reference stops at the first unreadable file in path
		 * order: nothing after it matters any more */
		if (i > atomic_load(&sh->first_bad))
			continue;
		f = &sh->files->files[i];
		if (fileio_read_into(f->path, &s->raw, &errnum) < 0) {
			note_bad(w, i, errnum);
			continue;
		}
		if (inventory_scan_buffer(sh->opt->rules, s, f->report, i, s->raw.ptr ? s->raw.ptr : "", s->raw.len,
		                          sh->opt->include_tests, &w->found, &w->err) < 0) {
			atomic_store(&sh->failed, 1);
			break;
		}
	}
	inventory_scratch_free(s);
	return NULL;
}

static int cmp_candidates(const void *pa, const void *pb, void *ctx)
{
	const discover_result *files = ctx;
	const inventory_candidate *a = pa, *b = pb;
	const discover_file *fa = &files->files[a->file], *fb = &files->files[b->file];
	int c;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (a->file != b->file) {
		c = py_path_cmp(fa->report, fa->report_len, fb->report, fb->report_len);
		if (c)
			return c;
	}
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	/* equal keys: the same file twice (a symlink and its target); keep
	 * the collection order so the output never depends on threads */
	return a->file < b->file ? -1 : a->file > b->file;
}

int inventory_scan_files(const inventory_scan_options *opt, const discover_result *files,
                         inventory_list *out, buf *err)
{
	shared_state sh;
	worker *ws;
	unsigned n = opt->jobs ? opt->jobs : parallel_cpus(), i;
	int rc = 0;
	size_t total = 0;

	memset(out, 0, sizeof(*out));
	if (n > files->count)
		n = files->count ? (unsigned)files->count : 1;
	sh.opt = opt;
	sh.files = files;
	atomic_init(&sh.next, 0);
	atomic_init(&sh.first_bad, (size_t)-1);
	atomic_init(&sh.failed, 0);
	if (!(ws = calloc(n, sizeof(*ws)))) {
		buf_puts(err, "out of memory");
		return 2;
	}
	for (i = 0; i < n; i++) {
		ws[i].sh = &sh;
		ws[i].bad_index = (size_t)-1;
	}
	parallel_run(n, work, ws, sizeof(*ws));

	if (atomic_load(&sh.failed)) {
		for (i = 0; i < n; i++)
			if (ws[i].err.len) {
				buf_printf(err, "%s", ws[i].err.ptr);
				break;
			}
		rc = 2;
	} else if (atomic_load(&sh.first_bad) != (size_t)-1) {
		size_t bad = atomic_load(&sh.first_bad);
		for (i = 0; i < n; i++)
			if (ws[i].bad_index == bad)
				buf_printf(err, "%s: %s", files->files[bad].path, strerror(ws[i].bad_errno));
		rc = 1;
	}
	for (i = 0; i < n && rc == 0; i++)
		total += ws[i].found.count;
	if (rc == 0 && total) {
		if (!(out->v = malloc(total * sizeof(*out->v)))) {
			buf_puts(err, "out of memory");
			rc = 2;
		}
	}
	for (i = 0; i < n; i++) {
		if (rc == 0 && ws[i].found.count) {
			memcpy(out->v + out->count, ws[i].found.v, ws[i].found.count * sizeof(*out->v));
			out->count += ws[i].found.count;
			free(ws[i].found.v);
		} else
			inventory_list_free(&ws[i].found);
		buf_free(&ws[i].err);
	}
	out->cap = out->count;
	free(ws);
	if (rc == 0 && out->count)
		qsort_r(out->v, out->count, sizeof(*out->v), cmp_candidates, (void *)files);
	return rc;
}
