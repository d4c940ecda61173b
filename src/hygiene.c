#include "config.h"

#include "hygiene.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "cargotoml.h"
#include "finding.h"
#include "packscan.h"
#include "pyunicode.h"
#include "parallel.h"
#include "rulefinding.h"
#include "textfind.h"

/* ---- one file ---------------------------------------------------------- */

static int tok_is(const rustlex_result *lx, size_t i, const char *s)
{
	return i < lx->count && rustlex_is(lx, &lx->tokens[i], s);
}

/* The first token that starts at or after byte `off`. */
static size_t token_at(const rustlex_result *lx, size_t off)
{
	size_t lo = 0, hi = lx->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (lx->tokens[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The text of line `line` around byte `off`: [*s, *s + *n). */
static void line_around(const char *text, size_t len, size_t off, const char **s, size_t *n)
{
	size_t a = off, b = off;

	while (a > 0 && text[a - 1] != '\n')
		a--;
	while (b < len && text[b] != '\n')
		b++;
	*s = text + a;
	*n = b - a;
}

/* Does s[0..n) hold a comment that says `SAFETY:` (any case)? */
static int says_safety(const char *s, size_t n)
{
	const char *c = memmem(s, n, "//", 2), *b = memmem(s, n, "/*", 2), *k;

	if (!c || (b && b < c))
		c = b;
	if (!c) { /* the inside of a block comment: ` * SAFETY: ...` */
		for (k = s; k < s + n && (*k == ' ' || *k == '\t'); k++)
			;
		if (k == s + n || *k != '*')
			return 0;
		c = k;
	}
	for (k = c; k + 7 <= s + n; k++)
		if (strncasecmp(k, "safety:", 7) == 0)
			return 1;
	return 0;
}

/* Is the unsafe at `off` explained by a `// SAFETY:` comment -- on its line
 * before it, or in the comment lines just above it (or above the start of
 * the statement it is in, when that began on an earlier line)?  A blank
 * line or the end of another statement ends the search, so a comment above
 * a neighbour does not count.  Comments are not tokens: this reads the
 * text. */
static int has_safety_comment(const char *text, size_t off)
{
	size_t a = off, b;
	int code_lines = 0;

	while (a > 0 && text[a - 1] != '\n')
		a--;
	if (says_safety(text + a, off - a))
		return 1;
	while (a > 0) {
		const char *s, *e;
		b = a - 1; /* the previous line's '\n' */
		a = b;
		while (a > 0 && text[a - 1] != '\n')
			a--;
		for (s = text + a; s < text + b && (*s == ' ' || *s == '\t'); s++)
			;
		for (e = text + b; e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'); e--)
			;
		if (s == e)
			return 0; /* a blank line */
		if (*s == '/' || *s == '*') {
			if (says_safety(s, (size_t)(e - s)))
				return 1;
			continue; /* more comment above */
		}
		if (*s == '#')
			continue; /* an attribute */
		/* `unsafe impl Send ..` just above `unsafe impl Sync ..`: one comment
		 * above the pair explains both */
		if ((size_t)(e - s) > 12 && memcmp(s, "unsafe impl ", 12) == 0 && (e[-1] == ';' || e[-1] == '}') &&
		    ++code_lines <= 3)
			continue;
		/* the header of the unsafe fn the block is the body of: its comment counts */
		if (e[-1] == '{' && memmem(s, (size_t)(e - s), "unsafe fn", 9) && ++code_lines <= 3)
			continue;
		/* code: the statement goes on from here unless this line ends one */
		if (e[-1] == ';' || e[-1] == '}' || e[-1] == '{' || ++code_lines > 3)
			return 0;
		if (says_safety(s, (size_t)(e - s)))
			return 1;
	}
	return 0;
}

static json_t *shown(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	if (n > 200) {
		n = 200;
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--; /* on a character boundary */
	}
	return json_stringn(s, n);
}

/* `pub use a::{b, c::{d, e}};`: the items it re-exports (4 here: every
 * leaf of the tree; a glob counts as one). */
static size_t use_items(const rustlex_result *lx, size_t from, size_t *end)
{
	size_t i, items = 1;

	for (i = from; i < lx->count && !tok_is(lx, i, ";"); i++)
		if (tok_is(lx, i, ",") && !tok_is(lx, i + 1, "}"))
			items++;
	*end = i;
	return items;
}

/* KEY_line and KEY_text of the line holding token tok - 1 (line 1 when
 * tok is 0: none). */
static void line_fact(json_t *f, const char *key, const rustlex_result *lx, size_t tok)
{
	char k[32];
	const char *s = "";
	size_t n = 0;

	if (tok)
		line_around(lx->text, lx->text_len, lx->tokens[tok - 1].off, &s, &n);
	snprintf(k, sizeof(k), "%s_line", key);
	json_object_set_new(f, k, json_integer(tok ? (json_int_t)lx->tokens[tok - 1].line : 1));
	snprintf(k, sizeof(k), "%s_text", key);
	json_object_set_new(f, k, shown(s, n));
}

int hygiene_is_crate_root(const char *path)
{
	size_t n = strlen(path);
	return (n >= 10 && strcmp(path + n - 10, "src/lib.rs") == 0 && (n == 10 || path[n - 11] == '/')) ||
	       (n >= 11 && strcmp(path + n - 11, "src/main.rs") == 0 && (n == 11 || path[n - 12] == '/'));
}

/* Lines, counting a last one without '\n': every file of a tree is
 * counted, 16 bytes a step with SSE2 -- each byte's match (0 or -1)
 * subtracted into 16 byte counters, summed by psadbw before they can
 * overflow (a memchr() call a line, or a popcount a step, cost more). */
static size_t count_lines(const char *text, size_t len)
{
	size_t lines = 0, i = 0;

#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();

	while (len >= 16 && i <= len - 16) {
		__m128i counts = zero, sums;
		size_t steps = 0;
		for (; steps < 255 && i <= len - 16; steps++, i += 16)
			counts = _mm_sub_epi8(counts, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(text + i)), nl));
		sums = _mm_sad_epu8(counts, zero);
		lines += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums));
	}
#endif
	for (; i < len; i++)
		lines += text[i] == '\n';
	return lines + (len && text[len - 1] != '\n');
}

static int add_file(hygiene_files *fs, const char *path, size_t lines, json_t *more)
{
	hygiene_file *v = fs->n < fs->cap ? fs->v : buf_grow_array(fs->v, &fs->cap, sizeof(*v), 256);
	char *copy = v ? strdup(path) : NULL;

	if (v)
		fs->v = v;
	if (!copy) {
		json_decref(more);
		return -1;
	}
	fs->v[fs->n].path = copy;
	fs->v[fs->n].lines = lines;
	fs->v[fs->n].more = more;
	fs->n++;
	return 0;
}

int hygiene_needs_lexing(const char *report, const char *text, size_t len)
{
	return hygiene_is_crate_root(report) || textfind(text, len, "unsafe", 6) != NULL;
}

int hygiene_file_lines(const char *report, const char *text, size_t len, hygiene_files *facts)
{
	return add_file(facts, report, count_lines(text, len), NULL);
}

int hygiene_file_facts(const rustlex_result *lx, const char *report, int says_unsafe, hygiene_files *facts)
{
	json_t *f = NULL, *unsafe = NULL;
	/* the lexer's lines are the newlines + 1; a last line without one counts */
	size_t i, lines = lx->line_count - (lx->text_len == 0 || lx->text[lx->text_len - 1] == '\n');
	const char *at = says_unsafe ? lx->text : NULL;

	/* each `unsafe` of the text, and the token there if it is one: a few
	 * lookups, not a look at every token (most files never say it) */
	while (at && (at = textfind(at, (size_t)(lx->text + lx->text_len - at), "unsafe", 6))) {
		const char *kind = NULL, *s;
		size_t n, off = (size_t)(at - lx->text);
		at += 6;
		i = token_at(lx, off);
		if (i >= lx->count || lx->tokens[i].off != off || lx->tokens[i].len != 6 || lx->tokens[i].kind != TOK_IDENT)
			continue; /* in a comment, a literal or a longer word */
		if (tok_is(lx, i + 1, "{"))
			kind = "block";
		else if (tok_is(lx, i + 1, "impl"))
			kind = "impl";
		if (!kind || has_safety_comment(lx->text, lx->tokens[i].off))
			continue;
		line_around(lx->text, lx->text_len, lx->tokens[i].off, &s, &n);
		if ((!unsafe && !(unsafe = json_array())) ||
		    json_array_append_new(unsafe, json_pack("{s:I, s:I, s:s, s:o}", "line", (json_int_t)lx->tokens[i].line,
		                                            "column", (json_int_t)lx->tokens[i].col, "kind", kind, "text",
		                                            shown(s, n))) < 0) {
			json_decref(unsafe);
			return -1;
		}
	}
	if (unsafe || hygiene_is_crate_root(report)) {
		if (!(f = json_object()) || json_object_set_new(f, "unsafe", unsafe ? unsafe : json_array()) < 0) {
			json_decref(f);
			return -1;
		}
	}
	if (f && hygiene_is_crate_root(report)) {
		json_t *allows = json_array();
		size_t reexports = 0, first_use = 0, first_allow = 0, end;
		for (i = 0; i < lx->count; i++) {
			if (tok_is(lx, i, "pub") && tok_is(lx, i + 1, "use")) {
				if (!first_use)
					first_use = i + 1; /* a token index + 1: 0 is none */
				reexports += use_items(lx, i + 2, &end);
				i = end;
			} else if (tok_is(lx, i, "#") && tok_is(lx, i + 1, "!") && tok_is(lx, i + 2, "[") &&
			           tok_is(lx, i + 3, "allow") && tok_is(lx, i + 4, "(") && lx->tokens[i + 4].pair_ok) {
				size_t k, close = lx->tokens[i + 4].pair;
				if (!first_allow)
					first_allow = i + 1;
				for (k = i + 5; k < close; k++)
					if (lx->tokens[k].kind == TOK_IDENT && !tok_is(lx, k + 1, "::")) {
						/* clippy::foo is one lint: its last segment names it */
						size_t a = k;
						while (a >= 2 && tok_is(lx, a - 1, "::"))
							a -= 2;
						json_array_append_new(allows, json_stringn(lx->text + lx->tokens[a].off,
						                                           lx->tokens[k].off + lx->tokens[k].len -
						                                               lx->tokens[a].off));
					}
				i = close;
			}
		}
		json_object_set_new(f, "reexports", json_integer((json_int_t)reexports));
		json_object_set_new(f, "allows", allows);
		/* where a finding about them would point, with that line's text:
		 * the file is not read again for it */
		line_fact(f, "reexports", lx, first_use);
		line_fact(f, "allows", lx, first_allow);
	}
	return add_file(facts, report, lines, f);
}

static int cmp_file_paths(const void *pa, const void *pb)
{
	return strcmp(((const hygiene_file *)pa)->path, ((const hygiene_file *)pb)->path);
}

int hygiene_files_take(hygiene_files *out, hygiene_files *part)
{
	if (out->n + part->n > out->cap) {
		size_t cap = out->n + part->n;
		hygiene_file *v = realloc(out->v, (cap ? cap : 1) * sizeof(*v));
		if (!v)
			return -1;
		out->v = v;
		out->cap = cap;
	}
	if (part->n)
		memcpy(out->v + out->n, part->v, part->n * sizeof(*out->v));
	out->n += part->n;
	free(part->v);
	memset(part, 0, sizeof(*part));
	return 0;
}

void hygiene_files_sort(hygiene_files *facts)
{
	size_t i, k;

	if (facts->n)
		qsort(facts->v, facts->n, sizeof(*facts->v), cmp_file_paths);
	for (i = 0, k = 0; i < facts->n; i++) {
		hygiene_file *f = &facts->v[i];
		/* a symlinked file and its target give the same figures: once */
		if (k > 0 && strcmp(facts->v[k - 1].path, f->path) == 0 && facts->v[k - 1].lines == f->lines &&
		    (facts->v[k - 1].more == f->more || json_equal(facts->v[k - 1].more, f->more))) {
			free(f->path);
			json_decref(f->more);
			continue;
		}
		facts->v[k++] = *f;
	}
	facts->n = k;
}

void hygiene_files_free(hygiene_files *facts)
{
	size_t i;

	for (i = 0; i < facts->n; i++) {
		free(facts->v[i].path);
		json_decref(facts->v[i].more);
	}
	free(facts->v);
	memset(facts, 0, sizeof(*facts));
}

/* ---- per crate -------------------------------------------------------------- */

typedef struct {
	const pack_set *ps;
	source_set *src;
	const rules *r;
	struct spec_list *specs;  /* where add_finding() puts them */
	json_t *crate_of_dir;     /* dir -> crate dir (string) or null: cached lookups */
	json_t *workspaces;       /* dir -> workspace manifest (string) or null: cached lookups */
	json_t *seen;             /* fingerprint keys already used */
	buf text, value;
} ctx;

/* A finding to make: what rulefinding_build() needs.  Making it is most
 * of crate hygiene's time, so it is done apart, on every core. */
typedef struct {
	pack_hit hit;
	char *path, *crate, *text; /* owned */
	char fingerprint[17];
	char *once;               /* owned: the manifest whose release profile it is about, else NULL */
	json_t *made;             /* the finding (owned), once made */
} finding_spec;

typedef struct spec_list {
	finding_spec *v;
	size_t n, cap;
} spec_list;

/* One crate's share of the report, made on any thread. */
typedef struct {
	const char *dir;
	const hygiene_file **files; /* its files, by path */
	size_t nfiles;
	json_t *row;              /* its row of the table (owned) */
	spec_list specs;          /* its findings, in order */
	int failed;
} crate_job;

/* A Cargo.toml into c->text, ill-formed UTF-8 made U+FFFD: its names and
 * settings go into the report as they are.  0, or -1 (unreadable). */
static int read_manifest(ctx *c, const char *path, buf *text)
{
	if (sources_read_path(c->src, path, text) < 0)
		return -1;
	if (text->ptr && !py_utf8_valid(text->ptr, text->len)) {
		buf fixed = BUF_INIT;
		if (py_utf8_repair(&fixed, text->ptr, text->len) < 0) {
			buf_free(&fixed);
			return -1;
		}
		buf_free(text);
		*text = fixed;
	}
	return 0;
}

static char *parent_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? strndup(path, (size_t)(slash - path)) : strdup("");
}

static void manifest_of(buf *out, const char *dir)
{
	buf_clear(out);
	buf_printf(out, "%s%sCargo.toml", dir, *dir ? "/" : "");
}

/* The crate directory of a source file's directory: the nearest one up
 * whose Cargo.toml has a [package]; NULL when there is none. */
static const char *crate_dir(ctx *c, const char *dir)
{
	json_t *hit = json_object_get(c->crate_of_dir, dir);
	const char *found = NULL;
	buf manifest = BUF_INIT;

	if (hit)
		return json_string_value(hit);
	manifest_of(&manifest, dir);
	if (read_manifest(c, manifest.ptr, &c->text) == 0 && c->text.ptr &&
	    cargotoml_has_table(c->text.ptr, c->text.len, "package"))
		found = dir;
	else if (*dir) {
		char *up = parent_dir(dir);
		found = crate_dir(c, up);
		free(up);
	}
	buf_free(&manifest);
	json_object_set_new(c->crate_of_dir, dir, found ? json_string(found) : json_null());
	return json_string_value(json_object_get(c->crate_of_dir, dir));
}

/* The nearest manifest at or above `dir` with a [workspace] table, or
 * NULL (c->workspaces remembers every directory's answer: the crates of a
 * workspace share their parents). */
static const char *workspace_manifest(ctx *c, const char *dir)
{
	json_t *known = json_object_get(c->workspaces, dir);
	const char *found = NULL;
	buf m = BUF_INIT;

	if (known)
		return json_string_value(known); /* NULL for json null */
	manifest_of(&m, dir);
	if (read_manifest(c, m.ptr, &c->text) == 0 && c->text.ptr && cargotoml_has_table(c->text.ptr, c->text.len, "workspace"))
		found = m.ptr;
	else if (*dir) {
		char *up = parent_dir(dir);
		found = up ? workspace_manifest(c, up) : NULL;
		free(up);
	}
	json_object_set_new(c->workspaces, dir, found ? json_string(found) : json_null());
	buf_free(&m);
	return json_string_value(json_object_get(c->workspaces, dir));
}

/* The manifest whose [profile.release] cargo uses for a crate: the
 * nearest workspace root above it, or its own. */
static void profile_manifest(ctx *c, const char *dir, buf *out)
{
	const char *w = workspace_manifest(c, dir);

	if (w) {
		buf_clear(out);
		buf_puts(out, w);
	} else
		manifest_of(out, dir);
}

/* A metric's finding. */
static int add_finding(ctx *c, const pack *p, const pack_metric *m, const char *path, uint32_t line, uint32_t col,
                       const char *text, const char *crate, const char *value, const char *name)
{
	spec_list *l = c->specs;
	finding_spec *sp;
	char key[512];
	json_t *cnt;
	size_t occurrence;
	uint64_t h;

	if (l->n == l->cap) {
		finding_spec *v = buf_grow_array(l->v, &l->cap, sizeof(*v), 16);
		if (!v)
			return -1;
		l->v = v;
	}
	sp = &l->v[l->n];
	memset(sp, 0, sizeof(*sp));
	sp->hit.pack = p;
	sp->hit.rule = &m->w;
	sp->hit.line = line;
	sp->hit.col = col;
	pack_hit_text(sp->hit.name, sizeof(sp->hit.name), name ? name : "", name ? strlen(name) : 0);
	pack_hit_text(sp->hit.value, sizeof(sp->hit.value), value, strlen(value));
	pack_hit_text(sp->hit.matched, sizeof(sp->hit.matched), text, strlen(text));
	sp->path = strdup(path);
	sp->crate = crate ? strdup(crate) : NULL;
	sp->text = strdup(text);
	if (!sp->path || (crate && !sp->crate) || !sp->text) {
		free(sp->path);
		free(sp->crate);
		free(sp->text);
		return -1;
	}
	l->n++;
	/* fingerprint: path, pack, metric, what it is about -- not the line */
	snprintf(key, sizeof(key), "%s\n%s\n%s\n%s\n%s", path, p->name, m->w.id, name ? name : "", text);
	cnt = json_object_get(c->seen, key);
	occurrence = cnt ? (size_t)json_integer_value(cnt) : 0;
	json_object_set_new(c->seen, key, json_integer((json_int_t)occurrence + 1));
	h = finding_hash(FINDING_HASH_SEED, key, strlen(key) + 1);
	h = finding_hash(h, (const char *)&occurrence, sizeof(occurrence));
	snprintf(sp->fingerprint, sizeof(sp->fingerprint), "%016llx", (unsigned long long)h);
	return 0;
}

static void spec_list_free(spec_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].path);
		free(l->v[i].crate);
		free(l->v[i].text);
		free(l->v[i].once);
		json_decref(l->v[i].made);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* The text of line `line` of a file read into c->text. */
static void text_line(ctx *c, size_t line, buf *out)
{
	const char *p = c->text.ptr, *end = c->text.ptr + c->text.len;
	size_t no = 1;

	buf_clear(out);
	while (p && p < end && no < line) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
		no++;
	}
	if (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		while (n && (*p == ' ' || *p == '\t')) {
			p++;
			n--;
		}
		while (n && (p[n - 1] == '\r' || p[n - 1] == ' '))
			n--;
		buf_append(out, p, n > 200 ? 200 : n);
	}
	if (!out->ptr)
		buf_puts(out, "");
}

/* Does the release profile hold `want` (KEY=V1|V2...)?  The value as
 * found goes to `found` ("" when the key is not set). */
static int profile_has(const char *manifest, size_t len, const char *want, buf *found)
{
	const char *eq = strchr(want, '=');
	char key[64];
	const char *alt;
	size_t n = (size_t)(eq - want);

	if (n >= sizeof(key))
		return 0;
	memcpy(key, want, n);
	key[n] = '\0';
	if (cargotoml_get(manifest, len, "profile.release", key, found, NULL) != 1)
		return 0;
	for (alt = eq + 1; *alt;) {
		size_t k = strcspn(alt, "|");
		if (k == found->len && memcmp(alt, found->ptr, k) == 0)
			return 1;
		alt += k + (alt[k] == '|');
	}
	return 0;
}

/* Does the crate build a binary (src/main.rs, src/bin/)? */
static int has_binary(const hygiene_file *const *files, size_t nfiles)
{
	size_t i;

	for (i = 0; i < nfiles; i++) {
		const char *p = files[i]->path;
		if (strstr(p, "src/main.rs") || strstr(p, "src/bin/"))
			return 1;
	}
	return 0;
}

/* One crate: its row, and the findings of every metric over threshold
 * (into c->specs).  A release profile belongs to a workspace, whose
 * crates share it: its finding is marked `once`, and the caller keeps the
 * first crate's. */
static int crate_row(ctx *c, crate_job *job)
{
	const char *dir = job->dir;
	const hygiene_file *const *files = job->files;
	size_t nfiles = job->nfiles;
	buf manifest = BUF_INIT, name = BUF_INIT, line_text = BUF_INIT, default_text = BUF_INIT, pm = BUF_INIT,
	    found = BUF_INIT;
	strlist defaults = { 0 };
	json_t *row = json_object(), *allow_list = json_array(), *missing = json_array(), *large = json_array();
	size_t i, p, m, lines = 0, unsafe_count = 0, default_line = 0;
	long reexports = -1, allows = -1, reexports_line = 1, allows_line = 1;
	const char *root_path = NULL, *reexports_text = "", *allows_text = "";
	int rc = -1;

	if (!row || !allow_list || !missing || !large)
		goto done;
	manifest_of(&manifest, dir);
	if (read_manifest(c, manifest.ptr, &c->text) < 0 || !c->text.ptr)
		goto done;
	cargotoml_get(c->text.ptr, c->text.len, "package", "name", &name, NULL);
	if (cargotoml_get(c->text.ptr, c->text.len, "features", "default", &c->value, &default_line) == 1 &&
	    cargotoml_strings(c->value.ptr, &defaults) < 0)
		goto done;
	text_line(c, default_line, &default_text); /* while the manifest is at hand */
	for (i = 0; i < nfiles; i++) {
		const json_t *f = files[i]->more;
		const char *path = files[i]->path;
		lines += files[i]->lines;
		unsafe_count += json_array_size(json_object_get(f, "unsafe"));
		if (json_object_get(f, "reexports") && (!root_path || strstr(path, "src/lib.rs"))) {
			root_path = path;
			reexports = (long)json_integer_value(json_object_get(f, "reexports"));
			reexports_line = (long)json_integer_value(json_object_get(f, "reexports_line"));
			reexports_text = json_string_value(json_object_get(f, "reexports_text"));
			allows = (long)json_array_size(json_object_get(f, "allows"));
			allows_line = (long)json_integer_value(json_object_get(f, "allows_line"));
			allows_text = json_string_value(json_object_get(f, "allows_text"));
			json_array_extend(allow_list, json_object_get(f, "allows"));
		}
	}
	json_object_set_new(row, "crate", json_string(name.len ? name.ptr : (*dir ? dir : ".")));
	json_object_set_new(row, "path", json_string(*dir ? dir : "."));
	json_object_set_new(row, "manifest", json_string(manifest.ptr));
	json_object_set_new(row, "files", json_integer((json_int_t)nfiles));
	json_object_set_new(row, "lines", json_integer((json_int_t)lines));
	{
		json_t *d = json_array();
		for (i = 0; i < defaults.count; i++)
			json_array_append_new(d, json_string(defaults.items[i].s));
		json_object_set_new(row, "default_features", json_integer((json_int_t)defaults.count));
		json_object_set_new(row, "default_feature_list", d);
	}
	json_object_set_new(row, "reexports", reexports >= 0 ? json_integer(reexports) : json_null());
	json_object_set_new(row, "crate_allows", allows >= 0 ? json_integer(allows) : json_null());
	json_object_set_new(row, "allow_list", json_incref(allow_list));
	json_object_set_new(row, "unsafe_without_safety", json_integer((json_int_t)unsafe_count));
	profile_manifest(c, dir, &pm);
	json_object_set_new(row, "profile_manifest", json_string(pm.ptr));

	for (p = 0; p < c->ps->n; p++)
		for (m = 0; m < c->ps->v[p].nmetrics; m++) {
			const pack *pk = &c->ps->v[p];
			const pack_metric *mt = &pk->metrics[m];
			char value[160];
			switch (mt->kind) {
			case METRIC_DEFAULT_FEATURES:
				if ((long)defaults.count <= mt->threshold)
					break;
				snprintf(value, sizeof(value), "%zu", defaults.count);
				if (add_finding(c, pk, mt, manifest.ptr, (uint32_t)default_line, 1, default_text.ptr,
				                name.len ? name.ptr : NULL, value, NULL) < 0)
					goto done;
				break;
			case METRIC_REEXPORTS:
			case METRIC_CRATE_ALLOWS: {
				long v = mt->kind == METRIC_REEXPORTS ? reexports : allows;
				long at = mt->kind == METRIC_REEXPORTS ? reexports_line : allows_line;
				const char *text = mt->kind == METRIC_REEXPORTS ? reexports_text : allows_text;
				if (!root_path || v <= mt->threshold)
					break;
				snprintf(value, sizeof(value), "%ld", v);
				if (add_finding(c, pk, mt, root_path, (uint32_t)at, 1, text ? text : "", name.len ? name.ptr : NULL, value,
				                NULL) < 0)
					goto done;
				break;
			}
			case METRIC_UNSAFE_WITHOUT_SAFETY:
				if ((long)unsafe_count <= mt->threshold)
					break;
				snprintf(value, sizeof(value), "%zu", unsafe_count);
				for (i = 0; i < nfiles; i++) {
					json_t *u = json_object_get(files[i]->more, "unsafe");
					size_t k;
					for (k = 0; k < json_array_size(u); k++) {
						json_t *site = json_array_get(u, k);
						if (add_finding(c, pk, mt, files[i]->path,
						                (uint32_t)json_integer_value(json_object_get(site, "line")),
						                (uint32_t)json_integer_value(json_object_get(site, "column")),
						                json_string_value(json_object_get(site, "text")), name.len ? name.ptr : NULL,
						                value, json_string_value(json_object_get(site, "kind"))) < 0)
							goto done;
					}
				}
				break;
			case METRIC_LARGE_FILES: {
				size_t over = 0;
				for (i = 0; i < nfiles; i++)
					if ((long)files[i]->lines > mt->limit)
						over++;
				if (!json_object_get(row, "large_files")) {
					json_object_set_new(row, "large_files", json_integer((json_int_t)over));
					json_object_set_new(row, "large_file_limit", json_integer(mt->limit));
				}
				if ((long)over <= mt->threshold)
					break;
				for (i = 0; i < nfiles; i++) {
					long long n = (long long)files[i]->lines;
					if (n <= mt->limit)
						continue;
					snprintf(value, sizeof(value), "%lld", n);
					json_array_append_new(large, json_string(files[i]->path));
					buf_clear(&line_text);
					buf_printf(&line_text, "(%lld lines)", n);
					if (add_finding(c, pk, mt, files[i]->path, 1, 1, line_text.ptr,
					                name.len ? name.ptr : NULL, value, NULL) < 0)
						goto done;
				}
				break;
			}
			case METRIC_RELEASE_PROFILE: {
				size_t k, profile_line = 1;
				json_t *settings;
				/* cargo reads [profile.release] from the workspace root; a
				 * lone library crate's own profile builds only its tests */
				if (read_manifest(c, pm.ptr, &c->text) < 0 || !c->text.ptr ||
				    !(cargotoml_has_table(c->text.ptr, c->text.len, "workspace") || has_binary(files, nfiles)))
					break;
				settings = json_object();
				for (k = 0; k < mt->expect.count; k++) {
					const char *want = mt->expect.items[k].s;
					char key[64];
					snprintf(key, sizeof(key), "%.*s", (int)(strchr(want, '=') - want), want);
					if (!profile_has(c->text.ptr, c->text.len, want, &found))
						json_array_append_new(missing, json_string(want));
					json_object_set_new(settings, key, found.len ? json_string(found.ptr) : json_null());
				}
				json_object_set_new(row, "release_profile", settings);
				json_object_set(row, "release_missing", missing);
				if ((long)json_array_size(missing) <= mt->threshold)
					break;
				{ /* at the [profile.release] header, or the top of the manifest */
					const char *h = strstr(c->text.ptr, "[profile.release]");
					if (h)
						for (profile_line = 1; h > c->text.ptr; h--)
							profile_line += h[-1] == '\n';
				}
				text_line(c, profile_line, &line_text);
				buf_clear(&c->value);
				for (k = 0; k < json_array_size(missing); k++)
					buf_printf(&c->value, "%s%s", k ? ", " : "", json_string_value(json_array_get(missing, k)));
				if (add_finding(c, pk, mt, pm.ptr, (uint32_t)profile_line, 1, line_text.ptr, NULL, c->value.ptr, NULL) < 0 ||
				    !(c->specs->v[c->specs->n - 1].once = strdup(pm.ptr)))
					goto done;
				break;
			}
			default:
				break;
			}
		}
	if (json_array_size(large))
		json_object_set(row, "large_file_list", large);
	job->row = json_incref(row);
	rc = 0;
done:
	json_decref(row);
	json_decref(allow_list);
	json_decref(missing);
	json_decref(large);
	strlist_free(&defaults);
	buf_free(&manifest);
	buf_free(&name);
	buf_free(&line_text);
	buf_free(&default_text);
	buf_free(&pm);
	buf_free(&found);
	return rc;
}

/* A file of a crate: the crate's directory (owned by the ctx's cache) and
 * the file's index in the facts. */
typedef struct {
	const char *dir;
	size_t file;
} crate_file;

static int cmp_crate_files(const void *pa, const void *pb)
{
	const crate_file *a = pa, *b = pb;
	int c = strcmp(a->dir, b->dir);

	return c ? c : (a->file > b->file) - (a->file < b->file);
}

typedef struct {
	const pack_set *ps;
	source_set *src;
	const rules *r;
	crate_job *jobs;
	size_t njobs;
	finding_spec **specs;     /* every job's, in order */
	atomic_size_t next;       /* the next crate to take */
} rows_run;

/* Crates one at a time, as threads come for them (one crate may have a
 * third of the findings): no two threads share anything but the
 * (read-only) packs and sources. */
static void *crate_rows(void *arg)
{
	rows_run *run = arg;
	ctx c = { run->ps, run->src, run->r, NULL, NULL, json_object(), json_object(), BUF_INIT, BUF_INIT };
	size_t k;

	while ((k = atomic_fetch_add(&run->next, 1)) < run->njobs) {
		crate_job *job = &run->jobs[k];
		c.specs = &job->specs;
		job->failed = !c.seen || !c.workspaces || crate_row(&c, job) < 0;
	}
	json_decref(c.seen);
	json_decref(c.workspaces);
	buf_free(&c.text);
	buf_free(&c.value);
	return NULL;
}

static void make_findings(void *arg, size_t from, size_t to)
{
	rows_run *run = arg;
	size_t i;

	for (i = from; i < to; i++) {
		finding_spec *sp = run->specs[i];
		finding_file ff;
		memset(&ff, 0, sizeof(ff));
		ff.path = sp->path;
		ff.crate = sp->crate;
		ff.hot_label = run->r->default_label;
		ff.hot_score = run->r->default_score;
		sp->made = rulefinding_build(&ff, &sp->hit, sp->text, strlen(sp->text), sp->fingerprint);
	}
}

int hygiene_report(const pack_set *ps, source_set *src, const rules *r, const hygiene_files *file_facts,
                   json_t **crates, json_t *findings, buf *err)
{
	ctx c = { ps, src, r, NULL, json_object(), NULL, NULL, BUF_INIT, BUF_INIT };
	json_t *profiles_done = json_object();
	size_t n = file_facts->n ? file_facts->n : 1, ncf = 0, njobs = 0, nspecs = 0, i, j, k;
	crate_file *cf = malloc(n * sizeof(*cf));
	const hygiene_file **list = malloc(n * sizeof(*list));
	crate_job *jobs = calloc(n, sizeof(*jobs));
	rows_run run;
	buf last = BUF_INIT;          /* the last file's directory */
	const char *last_crate = NULL; /* and its crate's */
	int rc = -1;

	memset(&run, 0, sizeof(run));
	run.ps = ps;
	run.src = src;
	run.r = r;
	run.jobs = jobs;
	*crates = json_array();
	if (!c.crate_of_dir || !profiles_done || !cf || !list || !jobs || !*crates)
		goto oom;
	for (i = 0; i < file_facts->n; i++) {
		const char *path = file_facts->v[i].path, *cd, *slash = strrchr(path, '/');
		size_t dl = slash ? (size_t)(slash - path) : 0;
		if (last.ptr && last.len == dl && memcmp(last.ptr, path, dl) == 0) {
			cd = last_crate; /* files come by path: most share the last one's directory */
		} else {
			buf_clear(&last);
			buf_append(&last, path, dl);
			cd = last_crate = last.ptr ? crate_dir(&c, last.ptr) : NULL;
		}
		if (cd) { /* else not in a crate */
			cf[ncf].dir = cd;
			cf[ncf++].file = i;
		}
	}
	/* crates by path, each with its files in path order (facts come sorted) */
	qsort(cf, ncf, sizeof(*cf), cmp_crate_files);
	for (i = 0; i < ncf; i = j, njobs++) {
		jobs[njobs].dir = cf[i].dir;
		jobs[njobs].files = list + i;
		for (j = i; j < ncf && strcmp(cf[j].dir, cf[i].dir) == 0; j++)
			list[j] = &file_facts->v[cf[j].file];
		jobs[njobs].nfiles = j - i;
	}
	/* the rows on every core, then their findings (which take the time),
	 * then put together in crate order: what one thread would have made */
	run.njobs = njobs;
	{ /* every thread is given the same run (stride 0) and takes crates from its counter */
		unsigned ncpu = parallel_cpus();
		parallel_run(njobs < ncpu ? (unsigned)(njobs ? njobs : 1) : ncpu, crate_rows, &run, 0);
	}
	for (k = 0; k < njobs; k++) {
		if (jobs[k].failed)
			goto oom;
		nspecs += jobs[k].specs.n;
	}
	if (!(run.specs = malloc((nspecs ? nspecs : 1) * sizeof(*run.specs))))
		goto oom;
	for (k = 0, i = 0; k < njobs; k++)
		for (j = 0; j < jobs[k].specs.n; j++)
			run.specs[i++] = &jobs[k].specs.v[j];
	parallel_for(nspecs, 64, make_findings, &run);
	for (k = 0; k < njobs; k++) {
		if (json_array_append(*crates, jobs[k].row) < 0)
			goto oom;
		for (i = 0; i < jobs[k].specs.n; i++) {
			const finding_spec *sp = &jobs[k].specs.v[i];
			if (!sp->made)
				goto oom;
			if (sp->once) { /* a workspace's release profile: with its first crate */
				if (json_object_get(profiles_done, sp->once))
					continue;
				json_object_set_new(profiles_done, sp->once, json_true());
			}
			if (json_array_append(findings, sp->made) < 0)
				goto oom;
		}
	}
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
	json_decref(*crates);
	*crates = NULL;
done:
	for (k = 0; jobs && k < njobs; k++) {
		json_decref(jobs[k].row);
		spec_list_free(&jobs[k].specs);
	}
	free(jobs);
	free(run.specs);
	buf_free(&last);
	free(cf);
	free(list);
	json_decref(c.crate_of_dir);
	json_decref(profiles_done);
	buf_free(&c.text);
	buf_free(&c.value);
	return rc;
}
