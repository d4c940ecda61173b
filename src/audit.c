#include "config.h"

#include "audit.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cargotoml.h"
#include "classify.h"
#include "crateof.h"
#include "evidence.h"
#include "fileio.h"
#include "finding.h"
#include "asynccalls.h"
#include "deferred.h"
#include "hotpaths.h"
#include "pyhot.h"
#include "hygiene.h"
#include "packscan.h"
#include "parallel.h"
#include "pylex.h"
#include "pyunicode.h"
#include "rulefinding.h"
#include "rustlex.h"
#include "rustscan.h"
#include "testmod.h"
#include "textfind.h"
#include "typelib.h"

/* ---- where a file sits: crate, module, hot path --------------------------- */

/* The path as reports show it: `report`, or, for a file name that is not
 * UTF-8, a copy in `own` with U+FFFD for each ill-formed sequence (what a
 * clone finding's tape shows).  Files are still opened, crates looked up
 * and fingerprints taken by the name itself. */
static const char *shown_path(const char *report, buf *own)
{
	size_t n = strlen(report);

	if (py_utf8_valid(report, n))
		return report;
	buf_clear(own);
	if (py_utf8_repair(own, report, n) < 0)
		return report; /* out of memory: the report's JSON fails on it, loudly */
	return buf_cstr(own);
}

static void add_problem(json_t *problems, const char *path, uint32_t line, const char *message)
{
	json_t *p = json_object();

	json_object_set_new(p, "path", json_string(path));
	json_object_set_new(p, "line", line ? json_integer(line) : json_null());
	json_object_set_new(p, "message", json_string(message));
	json_array_append_new(problems, p);
}

/* Where each line of a file starts, so that a line is found in O(1): the
 * Rust lexer's record of them, or our own for a Python file. */
typedef struct {
	const uint32_t *starts;
	size_t count;
	uint32_t *own;       /* for Python files (owned) */
	size_t cap;
	signed char *marker; /* per line: -1 unknown, 0 no allow marker, 1 one (owned) */
	size_t marker_cap;
} line_index;

/* The lexer's lines of the file it lexed. */
static void lexed_lines(line_index *ix, const rustlex_result *lx)
{
	ix->starts = lx->line_starts;
	ix->count = lx->line_count;
	ix->marker_cap = 0; /* invalidate the marker cache of the last file */
}

static int index_lines(line_index *ix, const char *text, size_t len)
{
	size_t pos = 0, count = 0;

	ix->marker_cap = 0; /* invalidate the marker cache of the last file */
	for (;;) {
		const char *nl;
		if (count == ix->cap) {
			size_t cap = ix->cap ? ix->cap * 2 : 1024;
			uint32_t *v = realloc(ix->own, cap * sizeof(*v));
			if (!v)
				return -1;
			ix->own = v;
			ix->cap = cap;
		}
		ix->own[count++] = (uint32_t)pos;
		nl = pos < len ? memchr(text + pos, '\n', len - pos) : NULL;
		if (!nl)
			break;
		pos = (size_t)(nl - text) + 1;
	}
	ix->starts = ix->own;
	ix->count = count;
	return 0;
}

/* Line `line` (1-based) without its line break: start and length. */
static void line_at(const line_index *ix, size_t len, uint32_t line, size_t *start, size_t *n)
{
	size_t e;

	if (line == 0 || line > ix->count) {
		*start = len;
		*n = 0;
		return;
	}
	*start = ix->starts[line - 1];
	e = line < ix->count ? ix->starts[line] - 1 : len;
	*n = e - *start;
}

/* The source line `line` (1-based, '\n' lines) of text, stripped. */
static void source_line(const line_index *ix, const char *text, size_t len, uint32_t line, const char **s, size_t *n)
{
	size_t start, end;

	line_at(ix, len, line, &start, &end);
	end += start;
	while (start < end && (text[start] == ' ' || text[start] == '\t'))
		start++;
	while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r'))
		end--;
	*s = text + start;
	*n = end - start;
}

/* `// hotpath-audit: allow(WHAT) reason` on line `line` of text: WHAT (a
 * bucket or rule) and the reason, else 0.  A marker with no reason gives
 * *reason_len 0. */
static int allow_marker(line_index *ix, const char *text, size_t len, uint32_t line, const char **what,
                        size_t *what_len, const char **reason, size_t *reason_len)
{
	static const char mark[] = "hotpath-audit: allow(";
	const char *s, *e, *m, *close;
	size_t n;

	if (line == 0 || line > ix->count)
		return 0;
	/* many findings can share one (long) line: remember which lines have
	 * no marker at all */
	if (ix->marker_cap < ix->count) {
		signed char *v = realloc(ix->marker, ix->count);
		if (v) {
			memset(v, -1, ix->count);
			ix->marker = v;
			ix->marker_cap = ix->count;
		}
	}
	if (ix->marker_cap >= ix->count && ix->marker[line - 1] == 0)
		return 0;
	source_line(ix, text, len, line, &s, &n);
	e = s + n;
	m = n >= sizeof(mark) - 1 ? memmem(s, n, mark, sizeof(mark) - 1) : NULL;
	if (ix->marker_cap >= ix->count)
		ix->marker[line - 1] = m != NULL;
	if (!m)
		return 0;
	m += sizeof(mark) - 1;
	close = memchr(m, ')', (size_t)(e - m));
	if (!close || close == m)
		return 0;
	*what = m;
	*what_len = (size_t)(close - m);
	m = close + 1;
	while (m < e && (*m == ' ' || *m == '\t' || *m == ':' || *m == '-'))
		m++;
	while (e > m && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '/' || e[-1] == '*'))
		e--; /* a closing block comment is not part of the reason */
	*reason = m;
	*reason_len = (size_t)(e - m);
	return 1;
}

/* Lines longer than this are cut for display (a 1 MB minified line must
 * not be copied into every finding on it). */
#define SHOWN_LINE_MAX 400

/* n cut to SHOWN_LINE_MAX bytes at a character boundary; *cut set when cut. */
static size_t shown_len(const char *s, size_t n, int *cut)
{
	*cut = n > SHOWN_LINE_MAX;
	if (!*cut)
		return n;
	n = SHOWN_LINE_MAX;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return n;
}

/* Line l as a report shows it: CR dropped, cut to SHOWN_LINE_MAX with an
 * ellipsis (the cut copy made in `cut`).  Sets *s and *n. */
static void shown_line(const line_index *ix, const char *text, size_t len, uint32_t l, buf *cut, const char **s,
                       size_t *n)
{
	size_t start, k;
	int was_cut;

	line_at(ix, len, l, &start, n);
	while (*n && text[start + *n - 1] == '\r')
		(*n)--;
	*s = text + start;
	k = shown_len(*s, *n, &was_cut);
	if (!was_cut)
		return;
	buf_clear(cut);
	buf_append(cut, *s, k);
	buf_puts(cut, " \xe2\x80\xa6"); /* an ellipsis: the line goes on */
	*s = buf_cstr(cut);
	*n = cut->len;
}

/* Lines first..last (1-based, '\n' lines) as a JSON array: the code
 * window a report shows around a site. */
static json_t *window(const line_index *ix, const char *text, size_t len, uint32_t first, uint32_t last)
{
	json_t *lines = json_array();
	buf cut = BUF_INIT;
	uint32_t l;

	for (l = first; l <= last && l <= ix->count; l++) {
		const char *s;
		size_t n;
		shown_line(ix, text, len, l, &cut, &s, &n);
		json_array_append_new(lines, json_stringn(s, n));
	}
	buf_free(&cut);
	return lines;
}

/* The same window as members of a finding's tape: "window": {first, lines}. */
static void window_members(jsontape *f, const line_index *ix, const char *text, size_t len, uint32_t first,
                           uint32_t last)
{
	buf cut = BUF_INIT;
	uint32_t l;

	jsontape_key(f, "window");
	jsontape_open(f, '{');
	jsontape_set_int(f, "first", first);
	jsontape_key(f, "lines");
	jsontape_open(f, '[');
	for (l = first; l <= last && l <= ix->count; l++) {
		const char *s;
		size_t n;
		shown_line(ix, text, len, l, &cut, &s, &n);
		jsontape_stringn(f, s, n);
	}
	jsontape_close(f, ']');
	jsontape_close(f, '}');
	buf_free(&cut);
}

struct audit_scratch {
	size_t tokens, evidence_work; /* work done, summed over files */
	rustlex_result lx;  /* tokens, reused */
	pylex_result py;    /* Python tokens, reused */
	line_index lines;
	buf fixed;          /* the file with ill-formed UTF-8 replaced */
	buf parent;         /* a parent module's file (testmod) */
	buf shown;          /* a path that is not UTF-8, as reports show it */
	buf slashed;        /* "/" and a path, for the test markers */
	buf code;           /* the code view, for rule packs */
	pcre2_match_data *md;  /* for rule packs' patterns */
	pack_hits hits;
	crate_index *crates;     /* where files' crates are looked up: own_crates, or the run's shared one */
	crate_index *own_crates; /* for a scratch used alone */
	evidence_memo memo; /* what evidence remembers between a file's sites */
	jsontape building;  /* the finding being built, its room reused; kept by a copy (jsontape_keep) */
};

audit_scratch *audit_scratch_new(void)
{
	audit_scratch *s = calloc(1, sizeof(audit_scratch));

	/* 10 pairs: a rule's pattern may name an `at` group, and a few others */
	if (s && (!(s->md = pcre2_match_data_create(10, NULL)) || !(s->own_crates = crate_index_new()))) {
		pcre2_match_data_free(s->md);
		free(s);
		return NULL;
	}
	if (s)
		s->crates = s->own_crates;
	return s;
}

void audit_scratch_free(audit_scratch *s)
{
	if (!s)
		return;
	rustlex_free(&s->lx);
	pylex_free(&s->py);
	free(s->lines.own);
	free(s->lines.marker);
	buf_free(&s->fixed);
	buf_free(&s->parent);
	buf_free(&s->shown);
	buf_free(&s->slashed);
	buf_free(&s->code);
	evidence_memo_free(&s->memo);
	pcre2_match_data_free(s->md);
	pack_hits_free(&s->hits);
	crate_index_free(s->own_crates);
	jsontape_free(&s->building);
	free(s);
}

static int is_python(const char *path);

/* Does the source set hold a Python file? */
static int has_python(const source_set *src)
{
	size_t i;

	for (i = 0; i < src->count; i++)
		if (is_python(src->files[i].report))
			return 1;
	return 0;
}

static int is_python(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && strcmp(path + n - 3, ".py") == 0;
}

/* The hot path whose prefix `path` starts with (the first, in priority
 * order), or NULL. */
static const rules_hot_path *hot_path_of(const rules *r, const char *path)
{
	size_t i, n = strlen(path);

	for (i = 0; i < r->hot_path_count; i++)
		if (n >= r->hot_paths[i].prefix.len && memcmp(path, r->hot_paths[i].prefix.s, r->hot_paths[i].prefix.len) == 0)
			return &r->hot_paths[i];
	return NULL;
}

/* "/" and the path: what the test markers (`/tests/`) are looked for in. */
static void slashed_path(buf *out, const char *path)
{
	buf_clear(out);
	buf_putc(out, '/');
	buf_puts(out, path);
}

/* Where the file sits: hot path, test path, crate (read only when a
 * finding needs it). */
static void file_place(const audit_options *opt, const char *report, finding_file *ff, buf *slashed)
{
	const rules *r = opt->rules;
	const rules_hot_path *hp;
	size_t i;

	memset(ff, 0, sizeof(*ff));
	ff->path = report;
	ff->hot_label = r->default_label;
	ff->hot_score = r->default_score;
	if ((hp = hot_path_of(r, report))) {
		ff->hot_label = hp->label;
		ff->hot_prefix = hp->prefix.s;
		ff->hot_score = hp->score;
	}
	slashed_path(slashed, report);
	ff->test_path = !opt->include_tests && strlist_in(&r->test_markers, slashed->ptr, slashed->len);
	for (i = 0; ff->test_path && i < r->test_markers.count; i++)
		if (memmem(slashed->ptr, slashed->len, r->test_markers.items[i].s, r->test_markers.items[i].len)) {
			ff->test_marker = r->test_markers.items[i].s;
			break;
		}
	ff->tier_high = r->tier_high;
	ff->tier_medium = r->tier_medium;
}

/* Is the file test code by its path (the rules' test markers and the
 * packs')?  Then it can give no rule finding, and no crate-hygiene figure
 * (a crate review counts what ships: tests, benches, examples and their
 * fixture crates are left out), unless --include-tests: its patterns need
 * not run, nor its lines be counted. */
static int test_by_path(const audit_options *opt, const char *shown, buf *slashed)
{
	if (opt->include_tests)
		return 0;
	slashed_path(slashed, shown);
	return strlist_in(&opt->rules->test_markers, slashed->ptr, slashed->len) ||
	       (opt->packs && strlist_in(&opt->packs->test_markers, slashed->ptr, slashed->len));
}

/* test_by_path() as pycalls_collect() asks it, from any thread. */
static int python_test_code(const void *ctx, const char *report)
{
	buf slashed = BUF_INIT;
	int test = test_by_path(ctx, report, &slashed);

	buf_free(&slashed);
	return test;
}

/* The rule-pack hits of one file as findings; those that wait for every
 * file (hit->pending) into deferred, or dropped without one. */
static int add_rule_findings(audit_scratch *sc, const finding_file *ff, const char *text, size_t len, json_t *out,
                             deferred_list *deferred)
{
	json_t *seen = json_object();
	size_t i;
	int rc = -1;

	if (!seen)
		return -1;
	for (i = 0; i < sc->hits.n; i++) {
		const pack_hit *hit = &sc->hits.v[i];
		char key[320], hex[17];
		const char *line_text;
		size_t line_len, occurrence, rlen = strlen(ff->path);
		json_t *cnt, *f;
		uint64_t h;
		uint32_t first = hit->line > 3 ? hit->line - 3 : 1;

		/* fingerprint: path, pack, rule, fn, the matched code and which such
		 * match in the fn it is -- never the line */
		snprintf(key, sizeof(key), "%s\n%s\n%s\n%s", hit->pack->name, hit->rule->id, hit->fn, hit->matched);
		cnt = json_object_get(seen, key);
		occurrence = cnt ? (size_t)json_integer_value(cnt) : 0;
		json_object_set_new(seen, key, json_integer((json_int_t)occurrence + 1));
		h = finding_hash(FINDING_HASH_SEED, ff->path, rlen + 1);
		h = finding_hash(h, key, strlen(key) + 1);
		h = finding_hash(h, (const char *)&occurrence, sizeof(occurrence));
		snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
		source_line(&sc->lines, text, len, hit->line, &line_text, &line_len);
		if (!(f = rulefinding_build(ff, hit, line_text, line_len, hex)))
			goto done;
		json_object_set_new(f, "window", json_pack("{s:I, s:o}", "first", (json_int_t)first, "lines",
		                                           window(&sc->lines, text, len, first, hit->line + 3)));
		{ /* `hotpath-audit: allow(RULE) reason` on its line or the one above,
		   * RULE the rule's id, pack/id, or all */
			const char *what, *reason;
			size_t wl, rl, pl = strlen(hit->pack->name), il = strlen(hit->rule->id);
			uint32_t at;
			for (at = hit->line; at + 1 >= hit->line && at >= 1; at--) {
				if (!allow_marker(&sc->lines, text, len, at, &what, &wl, &reason, &rl))
					continue;
				if (!((wl == il && memcmp(what, hit->rule->id, il) == 0) ||
				      (wl == pl + 1 + il && memcmp(what, hit->pack->name, pl) == 0 && what[pl] == '/' &&
				       memcmp(what + pl + 1, hit->rule->id, il) == 0) ||
				      (wl == 3 && memcmp(what, "all", 3) == 0)))
					continue;
				if (rl)
					json_object_set_new(f, "suppression", json_pack("{s:s, s:I, s:s%}", "by", "comment", "line",
					                                                (json_int_t)at, "reason", reason, rl));
				break; /* without a reason it is not honoured (the clone audit reports that once) */
			}
		}
		if (hit->pending[0]) {
			if (!deferred)
				json_decref(f);
			else if (deferred_add(deferred, f, rulefinding_context(ff, hit), hit->rule, hit->pending_words,
			                      hit->pending_skip, hit->pending) < 0)
				goto done;
			continue;
		}
		if (json_array_append_new(out, f) < 0)
			goto done;
	}
	rc = 0;
done:
	json_decref(seen);
	return rc;
}

/* A Python file: rule packs only. */
static int audit_python(const audit_options *opt, audit_scratch *sc, const char *report, const char *shown,
                        const char *text, size_t len,
                        audit_sink *out)
{
	finding_file ff;
	buf slashed = BUF_INIT;
	pack_file pf;
	pyhot_map hot;
	char *crate = NULL, *filter = NULL;
	int rc = -1;

	memset(&pf, 0, sizeof(pf));
	memset(&hot, 0, sizeof(hot));
	pylex_reset(&sc->py);
	if (pylex_lex(&sc->py, text, len) < 0 || index_lines(&sc->lines, text, len) < 0)
		goto done;
	sc->tokens += sc->py.count;
	if (sc->py.problem)
		add_problem(out->problems, shown, sc->py.problem_line, sc->py.problem);
	file_place(opt, shown, &ff, &slashed);
	pf.hot = ff.hot_prefix != NULL;
	pf.test = 0; /* test code by its path never gets here (see audit_file()) */
	pf.path = shown;
	/* hot by what the code does, where no rule names the file: routes,
	 * request handlers, event loops (pyhot.h) */
	if (!pf.hot && opt->arules && opt->arules->inferred_hot_score) {
		if (pyhot_build(&hot, &sc->py, opt->arules, opt->py_calls, report) < 0)
			goto done;
		pf.infer = opt->arules;
		pf.py_hot_map = &hot;
	}
	sc->hits.n = 0;
	if (packscan_code_view_python(&sc->code, &sc->py) < 0 ||
	    packscan_python(opt->packs, &sc->py, sc->code.ptr, sc->code.len, &pf, sc->md, &sc->hits) < 0)
		goto done;
	if (sc->hits.n && opt->src)
		crate_index_of(sc->crates, opt->src, report, &crate, &filter, NULL, NULL);
	ff.crate = crate;
	ff.test_filter = filter;
	rc = add_rule_findings(sc, &ff, text, len, out->rule_findings, out->deferred);
done:
	pyhot_free(&hot);
	free(crate);
	free(filter);
	buf_free(&slashed);
	return rc;
}

/* What pass 1 learnt of a file's text for pass 2 (bits; 0: nothing): whether
 * it says `clone`, and for a file without, whether a rule's pattern matches
 * its raw text (a file with `clone` is lexed whatever the rules say, so
 * pass 1 does not ask). */
enum file_hint {
	HINT_RULES_WANTED = 1,     /* a rule's pattern matches its raw text */
	HINT_RULES_NOT_WANTED = 2, /* none does */
	HINT_CLONE = 4,            /* it says `clone` */
	HINT_NO_CLONE = 8,         /* it does not */
};
#define SETTLED 255 /* nothing to do in pass 2 */

static int audit_file(const audit_options *opt, audit_scratch *scratch, const char *report, const char *data, size_t len,
                      audit_sink *out, unsigned hint);

/* For `explain`: the classification rules asked for this site, in order,
 * each with its answer (classify_traced: the same code that decided). */
static void trace_member(jsontape *f, const evidence *ev, int cold, int hot)
{
	buf t = BUF_INIT;
	const char *p, *nl;

	classify_traced(ev, cold, hot, &t);
	jsontape_key(f, "trace");
	jsontape_open(f, '[');
	for (p = buf_cstr(&t); (nl = strchr(p, '\n')); p = nl + 1)
		jsontape_stringn(f, p, (size_t)(nl - p));
	jsontape_close(f, ']');
	buf_free(&t);
}

int audit_buffer(const audit_options *opt, audit_scratch *scratch, const char *report, const char *data, size_t len,
                 audit_sink *out)
{
	return audit_file(opt, scratch, report, data, len, out, 0);
}

/* A `// hotpath-audit: allow(BUCKET|RULE|all) -- reason` on the finding's
 * line or the one above suppresses it (a reason is required); so does
 * `#[allow(clippy::redundant_clone)]` on an enclosing item, for removals,
 * and `#[allow(clippy::clone_on_copy)]` for a Copy value's. */
static void suppress_if_marked(jsontape *f, audit_scratch *sc, const char *text, size_t len, const finding_site *fs,
                               verdict v, const char *shown, audit_sink *out)
{
	const char *what, *reason, *bucket = bucket_name(v.bucket);
	size_t wl, rl;
	uint32_t at;
	char rule[16];

	snprintf(rule, sizeof(rule), "R%d", v.rule);
	for (at = fs->line; at + 1 >= fs->line && at >= 1; at--) {
		if (!allow_marker(&sc->lines, text, len, at, &what, &wl, &reason, &rl))
			continue;
		if (!((wl == strlen(bucket) && memcmp(what, bucket, wl) == 0) || (wl == strlen(rule) && memcmp(what, rule, wl) == 0) ||
		      (wl == 3 && memcmp(what, "all", 3) == 0)))
			continue;
		if (!rl) {
			char msg[160];
			snprintf(msg, sizeof(msg), "suppression without a reason is not honoured: allow(%.*s)", (int)wl, what);
			add_problem(out->problems, shown, at, msg);
			break;
		}
		finding_suppress(f, "comment", at, reason, rl);
		return;
	}
	if ((fs->allow_lints & RS_ALLOW_REDUNDANT_CLONE) && bucket_is_removable(v.bucket)) {
		static const char why[] = "#[allow(clippy::redundant_clone)] on an enclosing item";
		finding_suppress(f, "attribute", 0, why, sizeof(why) - 1);
	} else if ((fs->allow_lints & RS_ALLOW_CLONE_ON_COPY) && v.rule == 7) {
		/* the Copy rule's removal is the one clippy's clone_on_copy asks for */
		static const char why[] = "#[allow(clippy::clone_on_copy)] on an enclosing item";
		finding_suppress(f, "attribute", 0, why, sizeof(why) - 1);
	}
}

/* The fingerprint of a finding: path, fn, receiver, and which such clone
 * in the fn it is -- never the line, so it survives edits elsewhere.
 * `seen` counts the receivers met so far per fn. */
static void fingerprint(char hex[17], json_t *seen, const char *report, const rs_site *st, const evidence *ev)
{
	char key[224];
	json_t *cnt;
	size_t occurrence;
	uint64_t h;

	snprintf(key, sizeof(key), "%u\n%s", (unsigned)st->fn, ev->receiver);
	cnt = json_object_get(seen, key);
	occurrence = cnt ? (size_t)json_integer_value(cnt) : 0;
	json_object_set_new(seen, key, json_integer((json_int_t)occurrence + 1));
	h = FINDING_HASH_SEED;
	h = finding_hash(h, report, strlen(report) + 1);
	h = finding_hash(h, ev->fn_name, strlen(ev->fn_name) + 1);
	h = finding_hash(h, ev->receiver, strlen(ev->receiver) + 1);
	h = finding_hash(h, (const char *)&occurrence, sizeof(occurrence));
	snprintf(hex, 17, "%016llx", (unsigned long long)h);
}

/* The clone audit of one scanned file: for every site, its evidence
 * (evidence.c), its bucket (classify.c), its finding with the eight
 * fields (finding.c), then any suppression the code asks for. */
static int clone_findings(const audit_options *opt, audit_scratch *sc, const char *report, const char *shown,
                          const rustscan_result *rs, const finding_file *ff, const hotpaths_map *hot_map,
                          const char *text, size_t len, audit_sink *out)
{
	json_t *seen = json_object();
	size_t i, budget = 64 * sc->lx.count + 65536, start = budget;
	jsontape *f = NULL, *b = &sc->building;
	buf why = BUF_INIT;
	int rc = -1;

	if (!seen)
		return -1;
	evidence_memo_start(&sc->memo, sc->lx.count); /* without it, the same answers found again */
	sc->memo.edition = ff->edition;
	for (i = 0; i < rs->site_count; i++) {
		const rs_site *st = &rs->sites[i];
		finding_file sff = *ff; /* this site's: hot by what its code does, where no rule says */
		int cold = st->in_test || ff->test_path, hot = ff->hot_prefix != NULL;
		evidence ev;
		verdict v;
		finding_site fs;
		char hex[17];

		buf_clear(&why);
		if (!hot && !cold && hot_map) {
			int r = st->in_test ? 0 : hotpaths_reason_at(hot_map, st->tok, st->fn, &why);
			if (r < 0)
				goto done;
			if (r) {
				sff.hot_inferred = buf_cstr(&why);
				sff.hot_label = sff.hot_inferred;
				sff.hot_score = opt->arules->inferred_hot_score;
				hot = 1;
			}
		}
		evidence_gather(&ev, rs, opt->types, opt->arules, i, &budget, &sc->memo);
		v = classify(&ev, cold, hot);
		fingerprint(hex, seen, report, st, &ev);
		memset(&fs, 0, sizeof(fs));
		fs.line = sc->lx.tokens[st->tok].line;
		fs.col = sc->lx.tokens[st->tok].col;
		fs.method_form = st->form == RS_METHOD;
		fs.allow_lints = st->allow_lints;
		fs.in_test = st->in_test;
		fs.fingerprint = hex;
		source_line(&sc->lines, text, len, fs.line, &fs.text, &fs.text_len);
		jsontape_reset(b);
		if (finding_build(b, &sff, &fs, &ev, v) < 0)
			goto done;
		window_members(b, &sc->lines, text, len, fs.line > 3 ? fs.line - 3 : 1, fs.line + 3);
		if (opt->trace_path && fs.line == opt->trace_line && strcmp(report, opt->trace_path) == 0)
			trace_member(b, &ev, cold, hot);
		suppress_if_marked(b, sc, text, len, &fs, v, shown, out);
		jsontape_set_string(b, "pack", "clone");
		if (!(f = malloc(sizeof(*f))) || jsontape_keep(f, b, out->tapes) < 0 ||
		    jsontape_list_push(&out->findings, f) < 0)
			goto done;
		f = NULL;
	}
	rc = 0;
done:
	if (f)
		jsontape_free(f);
	free(f);
	sc->evidence_work += start - budget;
	json_decref(seen);
	buf_free(&why);
	return rc;
}

/* Does the text name one of the request types -- those whose name holds
 * no `Request`, which the caller looked for first (`HttpRequest` cannot
 * be there when `Request` is not)? */
static int request_type_named(const strlist *types, const char *text, size_t len)
{
	size_t i;

	for (i = 0; i < types->count; i++)
		if (!textfind(types->items[i].s, types->items[i].len, "Request", 7) &&
		    textfind(text, len, types->items[i].s, types->items[i].len))
			return 1;
	return 0;
}

/* Could code of this Rust text be hot by what it does (hotpaths.h)?  Only
 * if it names a request type, registers routes or service fns, or holds a
 * `while let` that awaits: the rest
 * need not be lexed for the packs' in_hot_path rules.  The rules to ask,
 * or NULL. */
static const audit_rules *infers_hot(const audit_options *opt, const char *text, size_t len)
{
	const audit_rules *ar = opt->arules;

	if (!ar || !ar->inferred_hot_score)
		return NULL;
	/* (one pass for the request types -- `Request` among them finds every
	 * `..Request`; the other tests only when that fails) */
	if (textfind(text, len, "Request", 7) || request_type_named(&ar->request_type, text, len) ||
	    textfind(text, len, ".route(", 7) || textfind(text, len, "service_fn", 10) ||
	    (textfind(text, len, "while let", 9) && textfind(text, len, ".await", 6)))
		return ar;
	return NULL;
}

/* Does the text declare a parameter of a request type (`: Json<..>`,
 * `req: &ChatRequest`, `r: http::Request<B>`) or register a route or a
 * service fn?  What makes a file's fns entry points (hotpaths.h), asked of
 * the raw text: of two million lines of real Rust, 94 of 5,939 files say
 * so, where 1,248 merely mention a `Request`. */
static int declares_entry(const audit_rules *ar, const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	if (textfind(text, len, ".route(", 7) || textfind(text, len, "service_fn", 10))
		return 1;
	while ((p = memchr(p, ':', (size_t)(end - p))) != NULL) {
		const char *q = p + 1, *word = NULL;
		size_t wl = 0;
		if ((p > text && p[-1] == ':') || (q < end && *q == ':')) { /* a path's `::` */
			p = q + 1;
			continue;
		}
		p = q;
		while (q < end && (*q == ' ' || *q == '&' || *q == '\t'))
			q++;
		if (end - q > 4 && memcmp(q, "mut ", 4) == 0)
			q += 4;
		for (;;) { /* `a::b::Name`: the last segment */
			const char *w = q;
			while (q < end && (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			if (q == w)
				break;
			word = w;
			wl = (size_t)(q - w);
			if (end - q > 2 && q[0] == ':' && q[1] == ':')
				q += 2;
			else
				break;
		}
		if (word && ((wl >= 7 && memcmp(word + wl - 7, "Request", 7) == 0) || strlist_has(&ar->request_type, word, wl)))
			return 1;
	}
	return 0;
}

/* May the file's async code call other files' fns per item, as far as
 * its text says -- `async` and a loop, not test code by its path, and a
 * rule asks (asynccalls.h)?  Then the files pass 2 does not lex are read
 * for it afterwards (resolve_waiting). */
static int async_caller_of(const audit_options *opt, audit_scratch *sc, const char *shown, const char *text, size_t len)
{
	return opt->packs && opt->packs->async_callers && textfind(text, len, "async", 5) &&
	       (textfind(text, len, "for ", 4) || textfind(text, len, "while ", 6) || textfind(text, len, "loop", 4)) &&
	       !test_by_path(opt, shown, &sc->slashed);
}

/* Pass 1: the calls per-request code of this file makes to free fns of
 * other files, into its piece of the type library (hotpaths.h).  Only a
 * file that declares an entry point, on no configured hot path, is lexed
 * whole for it: 0.02 s more of 0.38 s on two million lines, off unless
 * audit.rules' hot_calls_across_files asks.  0, or -1. */
static int hot_calls_of(const audit_options *opt, audit_scratch *sc, const char *shown, const char *text, size_t len,
                        typelib *piece)
{
	rustscan_result rs;
	hotpaths_map m;
	buf out = BUF_INIT;
	int rc = 0;

	if (!opt->arules || !opt->arules->hot_calls_across_files || !opt->arules->inferred_hot_score ||
	    hot_path_of(opt->rules, shown) || !declares_entry(opt->arules, text, len))
		return 0;
	rustlex_reset(&sc->lx);
	if (rustlex_lex(&sc->lx, text, len) < 0 || rustscan_scan(&rs, &sc->lx) < 0)
		return -1;
	if (hotpaths_build(&m, &rs, opt->arules, NULL) < 0 || hotpaths_calls_out(&m, shown, &out) < 0 ||
	    (out.len && typelib_add_hot_calls(piece, out.ptr, out.len) < 0))
		rc = -1;
	hotpaths_free(&m);
	rustscan_free(&rs);
	buf_free(&out);
	return rc;
}

/* After pass 2, for a file with async code and a loop that pass 2 did not
 * lex: if it names one of the words, its async code's calls in loops
 * (asynccalls.h), onto out.  0, or -1. */
static int async_calls_of(audit_scratch *sc, const strlist *wanted, const char *shown, const char *text, size_t len,
                          buf *out)
{
	rustscan_result rs;
	int rc;

	if (!asynccalls_wanted(wanted, text, len))
		return 0;
	rustlex_reset(&sc->lx);
	if (rustlex_lex(&sc->lx, text, len) < 0 || rustscan_scan(&rs, &sc->lx) < 0)
		return -1;
	rc = asynccalls_out(&rs, shown, wanted, out);
	rustscan_free(&rs);
	return rc;
}

/* A file as the packs' prefilter sees it: hot by its path, or (Rust, on
 * no hot path) perhaps by what its code does. */
static pack_file prefilter_file(const audit_options *opt, const char *shown, const char *text, size_t len, int python)
{
	pack_file pf = { hot_path_of(opt->rules, shown) != NULL, 0, NULL, NULL, NULL, NULL, shown };

	if (!pf.hot && !python)
		pf.infer = infers_hot(opt, text, len);
	else if (!pf.hot && opt->arules && opt->arules->inferred_hot_score &&
	         (textfind(text, len, "@", 1) || textfind(text, len, "async def", 9) ||
	          strlist_in_text(&opt->arules->py_handler_call, text, len) || pycalls_has_path(opt->py_calls, shown)))
		pf.infer = opt->arules; /* a route, a handler, an event loop or a def other files' handlers call may be here (pyhot.h) */
	return pf;
}

/* What a file is read for: its clone sites, the rule packs' patterns, crate
 * hygiene's figures.  Decided from the raw text where that suffices, so
 * most files are never lexed. */
typedef struct {
	int clone, rules, facts, says_unsafe, test_file;
} file_wants;

static int wants_of(const audit_options *opt, audit_scratch *sc, const char *shown, const char *text, size_t len,
                    unsigned hint, int python, audit_sink *out, buf *slashed, file_wants *w)
{
	/* every clone site spells `clone`, and a rule matches the raw text if it
	 * matches its code: most files end here, unlexed */
	w->clone = !python && (!opt->packs || opt->packs->clone) && !(hint & HINT_NO_CLONE) &&
	           ((hint & HINT_CLONE) || textfind(text, len, "clone", 5));
	/* test code by its path gives no rule finding and no hygiene figure */
	w->test_file = opt->packs && test_by_path(opt, shown, slashed);
	w->rules = opt->packs && (opt->packs->languages & (python ? PACK_PYTHON : PACK_RUST)) && !w->test_file;
	/* the patterns over the raw text only decide whether to lex: a file
	 * lexed for its clones goes straight to its code view, and pass 1 may
	 * have asked already */
	if (w->rules && !w->clone && (hint & HINT_RULES_NOT_WANTED))
		w->rules = 0;
	else if (w->rules && !w->clone && !(hint & HINT_RULES_WANTED)) {
		pack_file pf = prefilter_file(opt, shown, text, len, python);
		w->rules = packscan_wanted(opt->packs, python ? PACK_PYTHON : PACK_RUST, text, len, &pf, sc->md);
	}
	w->facts = !python && opt->packs && opt->packs->hygiene && out->file_facts && !w->test_file;
	w->says_unsafe = w->facts && textfind(text, len, "unsafe", 6) != NULL;
	if (w->facts && !w->says_unsafe && !hygiene_is_crate_root(shown)) {
		/* a line count is all crate hygiene needs of most files */
		if (hygiene_file_lines(shown, text, len, out->file_facts) < 0)
			return -1;
		w->facts = 0;
	}
	return 0;
}

/* One file, start to end: read (binary files skipped, invalid UTF-8
 * repaired) -> what it is wanted for -> lex -> the analysers: crate
 * hygiene, the rule packs, the clone audit. */
static int audit_file(const audit_options *opt, audit_scratch *scratch, const char *report, const char *data, size_t len,
                      audit_sink *out, unsigned hint)
{
	audit_scratch *own = scratch ? NULL : audit_scratch_new();
	audit_scratch *sc = scratch ? scratch : own;
	buf slashed = BUF_INIT;
	rustscan_result rs;
	finding_file ff;
	file_wants want;
	hotpaths_map hot_map;
	char *crate = NULL, *filter = NULL;
	const char *text = data, *shown;
	int rc = -1, python = is_python(report), repaired = 0, have_map = 0;

	memset(&rs, 0, sizeof(rs));
	memset(&hot_map, 0, sizeof(hot_map));
	if (!sc)
		return -1;
	shown = shown_path(report, &sc->shown);
	if (memchr(data, '\0', len)) {
		add_problem(out->problems, shown, 0, "binary file, skipped");
		audit_scratch_free(own);
		return 0;
	}
	if (!py_utf8_valid(data, len)) {
		buf_clear(&sc->fixed);
		if (py_utf8_repair(&sc->fixed, data, len) < 0)
			goto done;
		text = sc->fixed.ptr;
		len = sc->fixed.len;
		repaired = 1;
	}
	if (wants_of(opt, sc, shown, text, len, hint, python, out, &slashed, &want) < 0)
		goto done;
	if (!want.clone && !want.rules && !want.facts) {
		rc = 0;
		goto done;
	}
	if (repaired)
		add_problem(out->problems, shown, 0, "invalid UTF-8 replaced with U+FFFD");
	if (python) {
		rc = want.rules ? audit_python(opt, sc, report, shown, text, len, out) : 0;
		goto done;
	}

	/* lex, once */
	rustlex_reset(&sc->lx);
	if (rustlex_lex(&sc->lx, text, len) < 0)
		goto done;
	lexed_lines(&sc->lines, &sc->lx);
	if (sc->lx.problem)
		add_problem(out->problems, shown, sc->lx.problem_line, sc->lx.problem);
	sc->tokens += sc->lx.count;

	/* crate hygiene */
	if (want.facts && hygiene_file_facts(&sc->lx, shown, want.says_unsafe, out->file_facts) < 0)
		goto done;
	if (!want.clone && !want.rules) {
		rc = 0; /* the figures were all it was lexed for */
		goto done;
	}

	/* items, scopes and clone sites; where the file sits */
	if (rustscan_scan(&rs, &sc->lx) < 0)
		goto done;
	file_place(opt, shown, &ff, &slashed);
	/* `#[cfg(test)] mod test_support;` in the parent: all of it test code */
	if (!rs.file_is_test && !opt->include_tests && opt->src && testmod_declared_test(opt->src, report, &sc->parent)) {
		size_t i;
		rs.file_is_test = 1;
		for (i = 0; i < rs.site_count; i++)
			rs.sites[i].in_test = 1;
	}

	/* hot by what the code does, where no rule names the file: its own
	 * handlers and loops, or fns that per-request code elsewhere calls */
	if (!ff.hot_prefix && opt->arules && opt->arules->inferred_hot_score &&
	    (infers_hot(opt, text, len) || hotpaths_called_here(&rs, opt->types))) {
		if (hotpaths_build(&hot_map, &rs, opt->arules, opt->types) < 0)
			goto done;
		have_map = 1;
	}

	/* the rule packs */
	sc->hits.n = 0;
	if (want.rules && !rs.file_is_test) { /* #![cfg(test)]: all test code, no finding */
		pack_file pf = { ff.hot_prefix != NULL, want.test_file, have_map ? opt->arules : NULL,
		                 have_map ? &hot_map : NULL, NULL, opt->types, shown };
		if (packscan_code_view_rust(&sc->code, &sc->lx) < 0 ||
		    packscan_rust(opt->packs, &rs, sc->code.ptr, sc->code.len, &pf, sc->md, &sc->hits) < 0)
			goto done;
	}
	if (!want.clone)
		rs.site_count = 0; /* the clone pack is not chosen */
	if ((rs.site_count || sc->hits.n) && opt->src)
		crate_index_of(sc->crates, opt->src, report, &crate, &filter, rs.site_count ? &ff.no_std : NULL,
		               rs.site_count ? &ff.edition : NULL);
	ff.crate = crate;
	ff.test_filter = filter;
	if (sc->hits.n && add_rule_findings(sc, &ff, text, len, out->rule_findings, out->deferred) < 0)
		goto done;
	/* what findings of other files may wait on (asynccalls.h): the calls of
	 * its async code, and where a finding here waits, its plain fns' */
	if (out->async_calls && !want.test_file && !rs.file_is_test) {
		size_t i;
		int waits = 0;
		for (i = 0; i < sc->hits.n; i++)
			waits |= sc->hits.v[i].pending[0] != '\0';
		if (asynccalls_out(&rs, shown, NULL, out->async_calls) < 0)
			goto done;
		out->recorded = 1;
		if (waits && asynccalls_edges(&rs, shown, out->async_edges) < 0)
			goto done;
	}

	/* the clone audit */
	rc = rs.site_count ? clone_findings(opt, sc, report, shown, &rs, &ff, have_map ? &hot_map : NULL, text, len, out) : 0;
done:
	hotpaths_free(&hot_map);
	free(crate);
	free(filter);
	rustscan_free(&rs);
	buf_free(&slashed);
	audit_scratch_free(own);
	return rc;
}

/* Pass 1: the crate a file belongs to, for the library's list of the
 * workspace's crates (a `use` from any other crate names a type the
 * audit has not read). */
static int add_crate_of(const audit_options *opt, audit_scratch *sc, const char *report, typelib *piece)
{
	char *crate = NULL, *filter = NULL;
	int rc = 0;

	if (!opt->src)
		return 0;
	crate_index_of(sc->crates, opt->src, report, &crate, &filter, NULL, NULL);
	if (crate)
		rc = typelib_add_crate(piece, crate);
	free(crate);
	free(filter);
	return rc;
}

/* ---- threads over files ------------------------------------------------- */

/* Seconds since *t0 (wall clock). */
static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

typedef struct {
	const audit_options *opt;
	source_set *src;
	atomic_size_t next;
	atomic_int failed;
	int collecting;          /* pass 1: collect type declarations only */
	/* pass 1 -> pass 2: SETTLED when the file was read, is text and has no
	 * `clone` and nothing for the rules, so pass 2 does not read it again;
	 * else what pass 1 learnt of it (enum file_hint) */
	unsigned char *settled;
	/* asynccalls.h: the file has async code and a loop (pass 1); pass 2
	 * recorded its calls; the words the files it did not are searched for */
	unsigned char *async_caller, *async_recorded;
	const strlist *async_wanted;
	int collected;           /* the first pass ran (the library and the files' hints are from it) */
	/* Pass 2 begins while the first worker builds the type library: the
	 * others take the files pass 1 found without `clone`, which do not need
	 * it, from next_early; then every worker takes files from next.  A file
	 * is audited by whoever claims it first. */
	atomic_size_t next_early;
	atomic_uchar *claimed;
	atomic_int library_ready;
	pthread_mutex_t ready_lock;
	pthread_cond_t ready_cond;
	/* for the first worker: the library to build from pass 1's pieces */
	typelib *lib, *per_file;
	audit_options *opt_copy;  /* sh->opt: its types are set when built */
	/* the options for files audited before the library is built: no type
	 * library, and never the one being written (sh->opt's types) */
	const audit_options *opt_early;
	const struct timespec *t0;
	double seconds_merged, seconds_built;
	crate_index *crates;      /* every file's crate, looked up once for both passes */
} shared_state;

typedef struct {
	shared_state *sh;
	size_t tokens, evidence_work;
	audit_sink out;          /* this thread's findings, problems and facts */
	hygiene_files facts;     /* out.file_facts, when crate hygiene is chosen */
	arena tapes;             /* out.tapes: the bytes of this thread's clone findings */
	typelib *types;          /* pass 1: one library per file, merged in order */
	int builds_library;      /* the first worker, at the start of pass 2 */
	/* out.deferred, out.async_calls and out.async_edges, when a rule asks
	 * what other files' async code calls (asynccalls.h, deferred.h) */
	deferred_list deferred;
	buf async_calls, async_edges;
} worker;

/* Pass 1 for one file (`shown`: its path as reports show it): may pass 2
 * leave it unread?  Yes when it has no `clone` and either is test code by
 * its path (no rule finding, no hygiene figure) or no rule could match it
 * and crate hygiene needs only its line count -- which is then taken here
 * (*count_lines). */
static int settled_file(const audit_options *opt, audit_scratch *sc, const char *shown, const char *data, size_t len,
                        int *count_lines, unsigned *hint)
{
	*count_lines = 0;
	*hint = 0;
	if (!opt->packs || opt->packs->clone) {
		if (textfind(data, len, "clone", 5)) {
			*hint = HINT_CLONE;
			return 0;
		}
		*hint = HINT_NO_CLONE;
	}
	if (opt->packs && test_by_path(opt, shown, &sc->slashed))
		return 1; /* no rule finding, no hygiene figure: nothing for pass 2 */
	if (opt->packs && (opt->packs->languages & PACK_RUST)) {
		pack_file pf = prefilter_file(opt, shown, data, len, 0);
		int wanted = packscan_wanted(opt->packs, PACK_RUST, data, len, &pf, sc->md);
		*hint |= wanted ? HINT_RULES_WANTED : HINT_RULES_NOT_WANTED;
		if (wanted)
			return 0;
	}
	if (opt->packs && opt->packs->hygiene) {
		if (hygiene_needs_lexing(shown, data, len))
			return 0;
		*count_lines = 1;
	}
	return 1;
}

static void *work(void *arg);

/* The library of a run without a first pass, made after pass 2 only for
 * the findings that wait (resolve_waiting): every file's crate, and the
 * types, fns and imports of the files that name one of the words (the
 * waiting findings' keys': which fns of a name the workspace defines, which
 * types it declares or imports, is all the lookups ask), merged in file
 * order into lib.  0, or -1. */
static int library_after(shared_state *sh, const strlist *words, worker *ws, unsigned n, typelib *lib)
{
	typelib *pieces = arena_calloc_huge(sh->src->count ? sh->src->count : 1, sizeof(*pieces));
	unsigned w;
	int rc = 0;

	if (!pieces)
		return -1;
	for (w = 0; w < n; w++)
		ws[w].types = pieces;
	sh->async_wanted = words;
	sh->collecting = 3;
	atomic_store(&sh->next, 0);
	parallel_run(n, work, ws, sizeof(*ws));
	sh->collecting = 0;
	sh->async_wanted = NULL;
	if (atomic_load(&sh->failed))
		rc = -1;
	if (typelib_merge_all(lib, pieces, sh->src->count) < 0)
		rc = -1;
	free(pieces);
	return rc == 0 && typelib_finish(lib) == 0 ? 0 : -1;
}

/* The workers' records of async calls and plain fns' calls into lib. */
static int add_records(typelib *lib, worker *ws, unsigned n)
{
	unsigned w;

	for (w = 0; w < n; w++)
		if ((ws[w].async_calls.len && typelib_add_async_calls(lib, ws[w].async_calls.ptr, ws[w].async_calls.len) < 0) ||
		    (ws[w].async_edges.len && typelib_add_async_edges(lib, ws[w].async_edges.ptr, ws[w].async_edges.len) < 0))
			return -1;
	return typelib_index_async(lib);
}

/* After pass 2, the findings that wait for the whole workspace
 * (deferred.h): the files with async code that pass 2 did not lex are
 * read for their calls when they name a fn such a finding may be reached
 * through (none waiting: nothing read), every file's records go into the
 * library, and each waiting finding is kept, with its caller, or dropped.
 * A run without a first pass (no clone pack) makes the library only when
 * some waiting finding's fn is named by a record at all.  0, or -1. */
static int resolve_waiting(shared_state *sh, typelib *lib, worker *ws, unsigned n)
{
	buf keys = BUF_INIT, edges = BUF_INIT;
	strlist wanted = { 0 }, needed = { 0 };
	typelib own, recs;
	typelib *use = lib;
	unsigned w;
	int rc = 0, waiting = 0;

	memset(&own, 0, sizeof(own));
	memset(&recs, 0, sizeof(recs));
	for (w = 0; w < n && rc == 0; w++) {
		waiting |= ws[w].deferred.n > 0;
		if (deferred_keys(&ws[w].deferred, &keys) < 0 ||
		    (ws[w].async_edges.len && buf_append(&edges, ws[w].async_edges.ptr, ws[w].async_edges.len) < 0))
			rc = -1;
	}
	if (rc == 0 && waiting && asynccalls_names(buf_cstr(&keys), keys.len, buf_cstr(&edges), edges.len, &wanted) < 0)
		rc = -1;
	if (rc == 0 && wanted.count) {
		sh->async_wanted = &wanted;
		sh->collecting = 2;
		atomic_store(&sh->next, 0);
		parallel_run(n, work, ws, sizeof(*ws));
		sh->collecting = 0;
		sh->async_wanted = NULL;
		rc = atomic_load(&sh->failed) ? -1 : 0;
	}
	if (rc == 0 && waiting && !sh->collected) {
		/* a record for some waiting finding's fn, a name whose fns must
		 * all return a Result, or no library needed */
		if (add_records(&recs, ws, n) < 0 || asynccalls_named(&recs, buf_cstr(&keys), keys.len, &needed) < 0)
			rc = -1;
		for (w = 0; w < n && rc == 0; w++)
			if (deferred_names(&ws[w].deferred, &needed) < 0)
				rc = -1;
		if (rc == 0 && needed.count) {
			use = &own;
			if (library_after(sh, &needed, ws, n, &own) < 0)
				rc = -1;
		} else if (rc == 0)
			waiting = 0;
	}
	if (rc == 0 && waiting && use->finished && add_records(use, ws, n) < 0)
		rc = -1;
	for (w = 0; w < n; w++)
		if (rc == 0 && waiting && use->finished && deferred_resolve(&ws[w].deferred, use, ws[w].out.rule_findings) < 0)
			rc = -1;
	typelib_free(&own);
	typelib_free(&recs);
	strlist_free(&needed);
	strlist_free(&wanted);
	buf_free(&keys);
	buf_free(&edges);
	return rc;
}

static void wait_for_library(shared_state *sh)
{
	pthread_mutex_lock(&sh->ready_lock);
	while (!atomic_load(&sh->library_ready))
		pthread_cond_wait(&sh->ready_cond, &sh->ready_lock);
	pthread_mutex_unlock(&sh->ready_lock);
}

/* The type library from pass 1's pieces, merged in file order so that it
 * (and so every verdict) is the same for any thread count; then the other
 * workers may audit files with clones. */
static void build_library(shared_state *sh)
{
	if (sh->per_file && typelib_merge_all(sh->lib, sh->per_file, sh->src->count) < 0)
		atomic_store(&sh->failed, 1);
	sh->seconds_merged = seconds_since(sh->t0);
	if (!atomic_load(&sh->failed) && typelib_finish(sh->lib) < 0)
		atomic_store(&sh->failed, 1);
	sh->lib->whole = sh->collected;
	sh->opt_copy->types = sh->lib->finished ? sh->lib : NULL;
	sh->seconds_built = seconds_since(sh->t0);
	pthread_mutex_lock(&sh->ready_lock);
	atomic_store(&sh->library_ready, 1);
	pthread_cond_broadcast(&sh->ready_cond);
	pthread_mutex_unlock(&sh->ready_lock);
}


/* Pass 2 on one worker; the first builds the type library before. */
static void *pass2(void *arg)
{
	worker *w = arg;

	if (w->builds_library)
		build_library(w->sh);
	return work(arg);
}

static void *work(void *arg)
{
	worker *w = arg;
	shared_state *sh = w->sh;
	buf data = BUF_INIT, msg = BUF_INIT, shown = BUF_INIT;
	audit_scratch *scratch = audit_scratch_new();
	int library_seen = sh->collecting; /* pass 1 does not use it */

	if (scratch && sh->crates)
		scratch->crates = sh->crates; /* one index for the run */

	for (;;) {
		size_t i;
		const source_file *f;
		const char *name;
		unsigned hint;
		int count;

		if (atomic_load(&sh->failed))
			break;
		if (!library_seen && atomic_load(&sh->library_ready)) {
			/* through the lock it was announced under: everything the
			 * builder wrote is seen (and so a thread checker sees it too) */
			wait_for_library(sh);
			library_seen = 1;
		}
		if (!library_seen) {
			i = atomic_fetch_add(&sh->next_early, 1);
			if (i >= sh->src->count) { /* none left that can go without the library */
				wait_for_library(sh);
				library_seen = 1;
				continue;
			}
			if (sh->settled[i] == SETTLED || !(sh->settled[i] & HINT_NO_CLONE))
				continue;
		} else if ((i = atomic_fetch_add(&sh->next, 1)) >= sh->src->count)
			break;
		f = &sh->src->files[i];
		buf_clear(&msg);
		if (sh->collecting == 2) { /* after pass 2: async code pass 2 did not lex (asynccalls.h) */
			if (!sh->async_caller[i] || sh->async_recorded[i] || !scratch || sources_read(sh->src, i, &data, &msg) < 0 ||
			    !data.ptr)
				continue;
			if (async_calls_of(scratch, sh->async_wanted, shown_path(f->report, &shown), data.ptr, data.len,
			                   &w->async_calls) < 0) {
				atomic_store(&sh->failed, 1);
				break;
			}
			continue;
		}
		if (sh->collecting) {
			if (is_python(f->report) || !scratch || sources_read(sh->src, i, &data, &msg) < 0 || !data.ptr ||
			    memchr(data.ptr, '\0', data.len))
				continue; /* pass 2 reads it, and says what is wrong with it */
			/* ill-formed UTF-8 is repaired, and reported, by pass 2 */
			if (!py_utf8_valid(data.ptr, data.len))
				continue;
			if (sh->collecting == 3) { /* the library alone, after pass 2 (resolve_waiting) */
				/* only a file that names one of the words can declare, import
				 * or define what the waiting findings ask about */
				if ((asynccalls_wanted(sh->async_wanted, data.ptr, data.len) &&
				     typelib_collect(&w->types[i], &scratch->lx, data.ptr, data.len) < 0) ||
				    add_crate_of(sh->opt, scratch, f->report, &w->types[i]) < 0) {
					atomic_store(&sh->failed, 1);
					break;
				}
				continue;
			}
			name = shown_path(f->report, &shown);
			if (settled_file(sh->opt, scratch, name, data.ptr, data.len, &count, &hint)) {
				if (count && hygiene_file_lines(name, data.ptr, data.len, w->out.file_facts) < 0) {
					atomic_store(&sh->failed, 1);
					break;
				}
				sh->settled[i] = SETTLED;
			} else
				sh->settled[i] = (unsigned char)hint;
			sh->async_caller[i] = (unsigned char)async_caller_of(sh->opt, scratch, name, data.ptr, data.len);
			/* the library copies what it keeps */
			if (typelib_collect(&w->types[i], &scratch->lx, data.ptr, data.len) < 0 ||
			    hot_calls_of(sh->opt, scratch, name, data.ptr, data.len, &w->types[i]) < 0 ||
			    add_crate_of(sh->opt, scratch, f->report, &w->types[i]) < 0) {
				atomic_store(&sh->failed, 1);
				break;
			}
			continue;
		}
		if (sh->settled[i] == SETTLED || atomic_exchange(&sh->claimed[i], 1))
			continue;
		if (sources_read(sh->src, i, &data, &msg) < 0) {
			add_problem(w->out.problems, shown_path(f->report, &shown), 0, buf_cstr(&msg));
			continue;
		}
		/* no first pass: which files have async code, seen here */
		if (!sh->collected && data.ptr)
			sh->async_caller[i] =
			    (unsigned char)async_caller_of(sh->opt, scratch, shown_path(f->report, &shown), data.ptr, data.len);
		w->out.recorded = 0;
		if (audit_file(library_seen ? sh->opt : sh->opt_early, scratch, f->report, data.ptr ? data.ptr : "", data.len,
		               &w->out, sh->settled[i]) < 0) {
			atomic_store(&sh->failed, 1);
			break;
		}
		if (w->out.recorded)
			sh->async_recorded[i] = 1;
	}
	buf_free(&msg);
	buf_free(&shown);
	if (scratch) {
		w->tokens += scratch->tokens;
		w->evidence_work += scratch->evidence_work;
	}
	audit_scratch_free(scratch);
	buf_free(&data);
	return NULL;
}

static int cmp_findings(const void *pa, const void *pb)
{
	json_t *a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
	int c = strcmp(json_string_value(json_object_get(a, "path")), json_string_value(json_object_get(b, "path")));
	json_int_t la, lb;

	if (c)
		return c;
	la = json_integer_value(json_object_get(a, "line"));
	lb = json_integer_value(json_object_get(b, "line"));
	if (la != lb)
		return la < lb ? -1 : 1;
	la = json_integer_value(json_object_get(a, "column"));
	lb = json_integer_value(json_object_get(b, "column"));
	return la < lb ? -1 : la > lb;
}

/* Clone findings in order: by path, line and column, read from each tape
 * once (a sort compares each some thirty times).  The path is compared as
 * its rank among the paths: a file's findings come out of a worker one
 * after another, so the texts are compared once per file and once per
 * neighbour, not thirty times per finding (a dense tree's 42,000 findings
 * took 28 ms to sort, one core working). */
typedef struct {
	jsontape *t;
	const char *path;
	size_t rank; /* the path's place among the distinct paths */
	long long line, column;
} tape_key;

static int cmp_tape_keys(const void *pa, const void *pb)
{
	const tape_key *a = pa, *b = pb;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->column < b->column ? -1 : a->column > b->column;
}

static int cmp_path_of_key(const void *pa, const void *pb)
{
	return strcmp((*(tape_key *const *)pa)->path, (*(tape_key *const *)pb)->path);
}

/* keys[i].rank for every key: equal paths the same rank, ranks in path
 * order.  -1 when memory ran out. */
static int rank_paths(tape_key *keys, size_t total)
{
	tape_key **runs; /* the first key of each run of one path */
	size_t nruns = 0, i, r, rank = 0;

	if (!(runs = malloc((total ? total : 1) * sizeof(*runs))))
		return -1;
	for (i = 0; i < total; i++) {
		keys[i].rank = SIZE_MAX; /* the rest of a run: its first key's, below */
		if (i == 0 || strcmp(keys[i].path, keys[i - 1].path) != 0)
			runs[nruns++] = &keys[i];
	}
	qsort(runs, nruns, sizeof(*runs), cmp_path_of_key);
	for (r = 0; r < nruns; r++) {
		if (r > 0 && strcmp(runs[r]->path, runs[r - 1]->path) != 0)
			rank++;
		runs[r]->rank = rank;
	}
	for (i = 1; i < total; i++)
		if (keys[i].rank == SIZE_MAX)
			keys[i].rank = keys[i - 1].rank;
	free(runs);
	return 0;
}

/* The workers' clone findings, moved into one sorted list. */
static int merge_tapes(worker *ws, unsigned n, jsontape_list *out)
{
	size_t total = 0, i, k = 0;
	tape_key *keys;
	unsigned w;

	for (w = 0; w < n; w++)
		total += ws[w].out.findings.n;
	keys = malloc((total ? total : 1) * sizeof(*keys));
	out->v = malloc((total ? total : 1) * sizeof(*out->v));
	if (!keys || !out->v) {
		free(keys);
		free(out->v);
		out->v = NULL;
		return -1;
	}
	out->cap = total ? total : 1;
	for (w = 0; w < n; w++) {
		for (i = 0; i < ws[w].out.findings.n; i++) {
			jsontape *t = ws[w].out.findings.v[i];
			keys[k].t = t;
			keys[k].path = jsontape_str(jsontape_get(t, "path"));
			keys[k].line = jsontape_integer(jsontape_get(t, "line"));
			keys[k].column = jsontape_integer(jsontape_get(t, "column"));
			k++;
		}
		jsontape_list_free(&ws[w].out.findings); /* the tapes are out's now */
	}
	if (rank_paths(keys, total) < 0) {
		free(keys);
		free(out->v);
		out->v = NULL;
		return -1;
	}
	qsort(keys, total, sizeof(*keys), cmp_tape_keys);
	for (i = 0, k = 0; i < total; i++) {
		jsontape *t = keys[i].t;
		/* a symlinked file and its target report the same sites: once */
		if (k > 0 && cmp_tape_keys(&keys[k - 1], &keys[i]) == 0 && keys[k - 1].t->b.len == t->b.len &&
		    memcmp(keys[k - 1].t->b.ptr, t->b.ptr, t->b.len) == 0) {
			jsontape_free(t);
			free(t);
			continue;
		}
		keys[k++] = keys[i];
	}
	for (i = 0; i < k; i++)
		out->v[i] = keys[i].t;
	out->n = k;
	free(keys);
	return 0;
}

/* Rule findings: two rules may fire at one place; the pack and rule order them. */
static int cmp_rule_findings(const void *pa, const void *pb)
{
	json_t *a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
	int c = cmp_findings(pa, pb);

	if (c)
		return c;
	c = strcmp(json_string_value(json_object_get(a, "pack")), json_string_value(json_object_get(b, "pack")));
	return c ? c : strcmp(json_string_value(json_object_get(a, "rule")), json_string_value(json_object_get(b, "rule")));
}

static int cmp_problems(const void *pa, const void *pb)
{
	json_t *a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
	int c = strcmp(json_string_value(json_object_get(a, "path")), json_string_value(json_object_get(b, "path")));

	if (c)
		return c;
	return (int)(json_integer_value(json_object_get(a, "line")) - json_integer_value(json_object_get(b, "line")));
}

/* The array of a sink at `offset` (offsetof(audit_sink, ...)). */
#define SINK_ARRAY(w, offset) (*(json_t **)((char *)&(w)->out + (offset)))

/* Concatenate the workers' arrays, then `extra` (may be NULL), into one
 * sorted array. */
static json_t *merge(worker *ws, unsigned n, size_t offset, const json_t *extra,
                     int (*cmp)(const void *, const void *))
{
	json_t *out = json_array(), **v;
	size_t total = json_array_size(extra), k = 0, i;
	unsigned w;

	for (w = 0; w < n; w++)
		total += json_array_size(SINK_ARRAY(&ws[w], offset));
	v = malloc((total ? total : 1) * sizeof(*v));
	if (!out || !v) {
		free(v);
		json_decref(out);
		return NULL;
	}
	for (w = 0; w < n; w++) {
		json_t *a = SINK_ARRAY(&ws[w], offset);
		for (i = 0; i < json_array_size(a); i++)
			v[k++] = json_array_get(a, i);
	}
	for (i = 0; i < json_array_size(extra); i++)
		v[k++] = json_array_get(extra, i);
	qsort(v, total, sizeof(*v), cmp);
	for (i = 0; i < total; i++) {
		/* a symlinked file and its target report the same sites: once */
		if (i > 0 && cmp(&v[i - 1], &v[i]) == 0 && json_equal(v[i - 1], v[i]))
			continue;
		json_array_append(out, v[i]);
	}
	free(v);
	return out;
}

/* After pass 2: the workers' findings put together. */
enum tail_part { TAIL_RULES, TAIL_CLONES };

typedef struct {
	enum tail_part part;
	worker *ws;
	unsigned n;
	audit_result *out;
	const audit_options *opt;
	source_set *files;
	const struct timespec *t0;
	int rc, ran;
	buf err;
} tail_job;

/* TAIL_CLONES: the clone findings in order.  TAIL_RULES: the problems, the
 * crate hygiene figures with their findings, and the rule findings in
 * order (sorted once, the crates' findings with the rest). */
static void *tail_run(void *arg)
{
	tail_job *j = arg;
	audit_result *out = j->out;
	json_t *crate_findings = NULL;
	unsigned i;

	j->ran = 1;
	j->rc = -1;
	if (j->part == TAIL_CLONES) {
		j->rc = merge_tapes(j->ws, j->n, &out->findings);
		return NULL;
	}
	if (!(out->problems = merge(j->ws, j->n, offsetof(audit_sink, problems), NULL, cmp_problems)))
		return NULL;
	for (i = 0; i < j->n; i++)
		if (hygiene_files_take(&out->file_facts, &j->ws[i].facts) < 0)
			return NULL;
	hygiene_files_sort(&out->file_facts);
	if (j->opt->packs && j->opt->packs->hygiene) {
		out->seconds_hygiene = seconds_since(j->t0);
		if (!(crate_findings = json_array()) ||
		    hygiene_report(j->opt->packs, j->files, j->opt->rules, &out->file_facts, &out->crates, crate_findings,
		                   &j->err) < 0) {
			json_decref(crate_findings);
			return NULL;
		}
		out->seconds_hygiene = seconds_since(j->t0) - out->seconds_hygiene;
	}
	out->rule_findings = merge(j->ws, j->n, offsetof(audit_sink, rule_findings), crate_findings, cmp_rule_findings);
	json_decref(crate_findings);
	j->rc = out->rule_findings ? 0 : -1;
	return NULL;
}

int audit_files(const audit_options *opt_in, audit_result *out, buf *err)
{
	source_set *files = opt_in->src;
	audit_options opt_copy = *opt_in, opt_early = *opt_in;
	const audit_options *opt = &opt_copy;
	typelib lib, *per_file = NULL;
	pycalls *py_calls = NULL;
	struct timespec t0;
	shared_state sh;
	worker *ws;
	unsigned n = opt->jobs ? opt->jobs : parallel_cpus(), i;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	memset(&lib, 0, sizeof(lib));
	if (n > files->count)
		n = files->count ? (unsigned)files->count : 1;
	json_object_seed(0); /* before threads create objects */
	memset(&sh, 0, sizeof(sh));
	sh.opt = opt;
	opt_early.types = NULL;
	sh.opt_early = &opt_early;
	sh.src = files;
	atomic_init(&sh.next, 0);
	/* with calls followed into other files, a file without a clone may
	 * still have fns that per-request code calls (the library says which):
	 * then no file is audited before the library is built, so that every
	 * verdict is the same whatever the threads do */
	atomic_init(&sh.next_early, opt->arules && opt->arules->hot_calls_across_files ? files->count : 0);
	atomic_init(&sh.library_ready, 0);
	atomic_init(&sh.failed, 0);
	if (!(ws = calloc(n, sizeof(*ws)))) {
		buf_puts(err, "out of memory");
		return -1;
	}
	pthread_mutex_init(&sh.ready_lock, NULL);
	pthread_cond_init(&sh.ready_cond, NULL);
	for (i = 0; i < n; i++) {
		audit_sink *o = &ws[i].out;
		ws[i].sh = &sh;
		o->tapes = &ws[i].tapes;
		o->rule_findings = json_array();
		o->problems = json_array();
		o->file_facts = opt->packs && opt->packs->hygiene ? &ws[i].facts : NULL;
		if (opt->packs && opt->packs->waits)
			o->deferred = &ws[i].deferred;
		if (opt->packs && opt->packs->async_callers) {
			o->async_calls = &ws[i].async_calls;
			o->async_edges = &ws[i].async_edges;
		}
		if (!o->rule_findings || !o->problems)
			atomic_store(&sh.failed, 1);
	}
	/* pass 1: every file's type declarations (the library is made of them
	 * when pass 2 starts) */
	per_file = arena_calloc_huge(files->count ? files->count : 1, sizeof(*per_file));
	sh.settled = calloc(files->count ? files->count : 1, 1);
	sh.async_caller = calloc(files->count ? files->count : 1, 1);
	sh.async_recorded = calloc(files->count ? files->count : 1, 1);
	sh.crates = crate_index_new();
	if (!per_file || !sh.settled || !sh.async_caller || !sh.async_recorded || !sh.crates)
		atomic_store(&sh.failed, 1);
	for (i = 0; i < n; i++)
		ws[i].types = per_file;
	/* Python code followed into the files it calls, before any file is
	 * audited: every worker's files may need it */
	if (!atomic_load(&sh.failed) && opt->packs && opt->packs->python_hot && opt->arules &&
	    opt->arules->inferred_hot_score && opt->arules->py_calls_across_files && has_python(files)) {
		if (!(py_calls = pycalls_collect(files, opt->arules, n, python_test_code, opt)))
			atomic_store(&sh.failed, 1);
		opt_copy.py_calls = opt_early.py_calls = py_calls;
	}
	sh.collecting = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* the type library serves the clone classifier (the rules that ask what
	 * other files' async code calls build it afterwards when they need it:
	 * resolve_waiting) */
	if (!atomic_load(&sh.failed) && (!opt->packs || opt->packs->clone)) {
		parallel_run(n, work, ws, sizeof(*ws));
		sh.collected = 1;
	}

	/* pass 2: the audit, the type library built by its first worker */
	sh.collecting = 0;
	atomic_store(&sh.next, 0);
	sh.lib = &lib;
	sh.per_file = per_file;
	sh.opt_copy = &opt_copy;
	sh.t0 = &t0;
	if (!(sh.claimed = calloc(files->count ? files->count : 1, sizeof(*sh.claimed))))
		atomic_store(&sh.failed, 1);
	ws[0].builds_library = 1;
	if (!atomic_load(&sh.failed))
		parallel_run(n, pass2, ws, sizeof(*ws));
	else
		build_library(&sh); /* frees the pieces */
	if (!atomic_load(&sh.failed) && opt->packs && opt->packs->waits && resolve_waiting(&sh, &lib, ws, n) < 0)
		atomic_store(&sh.failed, 1);
	free(per_file);
	crate_index_free(sh.crates); /* the workers are done with it */
	sh.crates = NULL;
	out->seconds_library = sh.seconds_built - sh.seconds_merged;
	out->seconds_types = sh.seconds_built; /* pass 1, and the library made of it */
	out->seconds_pass2 = seconds_since(&t0) - out->seconds_types;
	if (atomic_load(&sh.failed)) {
		buf_puts(err, "out of memory");
		rc = -1;
	} else {
		/* the clone findings sorted on one core while crate hygiene sums
		 * its crates on the other: both wait for nothing else */
		tail_job tails[2] = { { TAIL_RULES, ws, n, out, opt, files, &t0, 0, 0, BUF_INIT },
		                      { TAIL_CLONES, ws, n, out, opt, files, &t0, 0, 0, BUF_INIT } };
		parallel_run(n > 1 ? 2 : 1, tail_run, tails, sizeof(tails[0]));
		if (!tails[1].ran) /* one job, or its thread could not start */
			tail_run(&tails[1]);
		out->files_audited = files->count;
		out->jobs = n;
		for (i = 0; i < 2; i++) {
			if (tails[i].rc < 0 && rc == 0) {
				buf_puts(err, tails[i].err.len ? buf_cstr(&tails[i].err) : "out of memory");
				rc = -1;
			}
			buf_free(&tails[i].err);
		}
	}
	out->seconds_merge = seconds_since(&t0) - out->seconds_types - out->seconds_pass2 - out->seconds_hygiene;
	for (i = 0; i < n; i++) {
		out->tokens += ws[i].tokens;
		out->evidence_work += ws[i].evidence_work;
		jsontape_list_free_all(&ws[i].out.findings); /* none, unless the merge failed */
		arena_adopt(&out->tapes, &ws[i].tapes);      /* the merged tapes' bytes */
		json_decref(ws[i].out.rule_findings);
		json_decref(ws[i].out.problems);
		hygiene_files_free(&ws[i].facts);
		deferred_free(&ws[i].deferred);
		buf_free(&ws[i].async_calls);
		buf_free(&ws[i].async_edges);
	}
	free(ws);
	free(sh.settled);
	free(sh.async_caller);
	free(sh.async_recorded);
	free(sh.claimed);
	pthread_cond_destroy(&sh.ready_cond);
	pthread_mutex_destroy(&sh.ready_lock);
	typelib_free(&lib);
	pycalls_free(py_calls);
	if (rc < 0)
		audit_result_free(out);
	return rc;
}

void audit_result_free(audit_result *r)
{
	jsontape_list_free_all(&r->findings);
	arena_free(&r->tapes);
	json_decref(r->rule_findings);
	hygiene_files_free(&r->file_facts);
	json_decref(r->crates);
	json_decref(r->problems);
	memset(r, 0, sizeof(*r));
}
