/* mustache.c: compile Mustache templates to a flat node list, render them
 * against jansson data.
 *
 * Compilation is one forward pass over the source: text between tags and
 * the tags themselves become nodes in one array, and a section node records
 * where its body ends, so rendering never re-scans source text.  Standalone
 * lines (a section, comment, partial or set-delimiter tag alone on its line)
 * are resolved at compile time by trimming the neighbouring text nodes.
 *
 * Partials are loaded through the caller's callback while rendering, since
 * only then is it known which ones are needed; each is compiled once per
 * render call and kept in a small hash table. */
#include "config.h"

#include "mustache.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOT_FOUND SIZE_MAX

enum node_kind { K_TEXT, K_ESCAPED, K_RAW, K_SECTION, K_INVERTED, K_PARTIAL };

struct node {
	enum node_kind kind;
	int standalone;          /* the tag's line was removed: no indentation */
	unsigned line, col;      /* where the tag starts, for render errors */
	size_t off, len;         /* K_TEXT: the text; tags: the name (in src) */
	size_t key;              /* tags: the name in `names`, see add_key() */
	size_t nparts;           /* lookups: parts of a dotted name; 0 for "." */
	size_t end;              /* sections: index of the node after the body */
	size_t ind_off, ind_len; /* standalone partials: indentation (in src) */
};

struct mustache_template {
	char *name;              /* owned */
	char *src;               /* owned copy of the source, NUL-terminated */
	size_t len;
	struct node *nodes;      /* owned */
	size_t n, cap;
	buf names;               /* NUL-terminated names and name parts */
};

/* strdup() is POSIX, not C11. */
static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	return d ? memcpy(d, s, n) : NULL;
}

/* ---- errors ---------------------------------------------------------- */

void mustache_error_clear(mustache_error *err)
{
	if (!err)
		return;
	free(err->file);
	free(err->message);
	err->file = err->message = NULL;
	err->line = err->col = 0;
}

/* Fill *err (if any) with "file:line:col: message"; always returns -1 so
 * callers can `return set_error(...)`. */
static int set_error(mustache_error *err, const char *file, unsigned line,
                     unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int set_error(mustache_error *err, const char *file, unsigned line,
                     unsigned col, const char *fmt, ...)
{
	buf msg = BUF_INIT;
	va_list ap;

	if (!err)
		return -1;
	mustache_error_clear(err);
	if (line)
		buf_printf(&msg, "%s:%u:%u: ", file, line, col);
	else
		buf_printf(&msg, "%s: ", file);
	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	err->file = dup_str(file);
	err->line = line;
	err->col = col;
	err->message = msg.ptr;  /* NULL if even this ran out of memory */
	return -1;
}

/* ---- compiling -------------------------------------------------------- */

struct tag {
	size_t start, end;       /* the whole tag, delimiters included */
	char sigil;              /* '#', '^', '/', '>', '!', '=', '&', '{'...; 0 */
	size_t name, nlen;       /* the content, whitespace trimmed */
	unsigned line, col;
};

struct parser {
	mustache_template *t;
	mustache_error *err;
	const char *s;           /* t->src */
	size_t len;
	size_t pos;              /* first byte not yet turned into nodes */
	const char *otag, *ctag; /* current delimiters */
	size_t olen, clen;
	size_t lc_pos, lc_bol;   /* line counting only moves forward: linear */
	unsigned lc_line;
	size_t *open;            /* owned: indices of unclosed sections */
	size_t nopen, capopen;
};

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int oom(mustache_error *err, const char *file)
{
	return set_error(err, file, 0, 0, "out of memory");
}

/* Line and column of byte `at`; `at` never decreases between calls. */
static void position(struct parser *p, size_t at, unsigned *line,
                     unsigned *col)
{
	for (; p->lc_pos < at; p->lc_pos++) {
		if (p->s[p->lc_pos] == '\n') {
			p->lc_line++;
			p->lc_bol = p->lc_pos + 1;
		}
	}
	*line = p->lc_line;
	*col = (unsigned)(at - p->lc_bol + 1);
}

/* First occurrence of d[0..dn) in s[from..len), or NOT_FOUND. */
static size_t find(const char *s, size_t len, size_t from, const char *d,
                   size_t dn)
{
	while (from < len && dn <= len - from) {
		const char *hit = memchr(s + from, d[0], len - from - dn + 1);

		if (!hit)
			break;
		if (memcmp(hit, d, dn) == 0)
			return (size_t)(hit - s);
		from = (size_t)(hit - s) + 1;
	}
	return NOT_FOUND;
}

static struct node *add_node(struct parser *p, enum node_kind kind)
{
	mustache_template *t = p->t;
	struct node *nd;

	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		struct node *nodes = realloc(t->nodes, cap * sizeof *nodes);

		if (!nodes)
			return NULL;
		t->nodes = nodes;
		t->cap = cap;
	}
	nd = &t->nodes[t->n++];
	memset(nd, 0, sizeof *nd);
	nd->kind = kind;
	return nd;
}

static int add_text(struct parser *p, size_t from, size_t to)
{
	struct node *nd;

	if (from >= to)
		return 0;
	nd = add_node(p, K_TEXT);
	if (!nd)
		return oom(p->err, p->t->name);
	nd->off = from;
	nd->len = to - from;
	return 0;
}

static int tag_error(struct parser *p, const struct tag *tg, const char *fmt,
                     ...) __attribute__((format(printf, 3, 4)));

static int tag_error(struct parser *p, const struct tag *tg, const char *fmt,
                     ...)
{
	buf msg = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	set_error(p->err, p->t->name, tg->line, tg->col, "%s",
	          msg.ptr ? msg.ptr : "out of memory");
	buf_free(&msg);
	return -1;
}

/* Find where the tag starting at `start` ends and what it holds. */
static int scan_tag(struct parser *p, size_t start, struct tag *tg)
{
	size_t i = start + p->olen, close;
	char lead;

	memset(tg, 0, sizeof *tg);
	position(p, start, &tg->line, &tg->col);
	tg->start = start;
	while (i < p->len && is_space(p->s[i]))
		i++;
	if (i < p->len && p->s[i] && strchr("#^/>!=&{<$", p->s[i]))
		tg->sigil = p->s[i++];
	/* {{{name}}} and {{=a b=}} end with one more character before the
	 * closing delimiter. */
	lead = tg->sigil == '{' ? '}' : tg->sigil == '=' ? '=' : 0;
	close = find(p->s, p->len, i + (lead != 0), p->ctag, p->clen);
	while (lead && close != NOT_FOUND && p->s[close - 1] != lead)
		close = find(p->s, p->len, close + 1, p->ctag, p->clen);
	if (close == NOT_FOUND)
		return tag_error(p, tg, "unclosed tag: no '%.*s%.*s' after it",
		                 lead ? 1 : 0, &lead, (int)p->clen, p->ctag);
	tg->end = close + p->clen;
	if (lead)
		close--;
	while (i < close && is_space(p->s[i]))
		i++;
	while (close > i && is_space(p->s[close - 1]))
		close--;
	tg->name = i;
	tg->nlen = close - i;
	return 0;
}

/* A standalone tag is alone on its line but for blanks; its line, newline
 * included, disappears from the output.  If `tg` is standalone, set *ls to
 * where its line's leading blanks start and *next to the start of the next
 * line, and return 1. */
static int standalone(const struct parser *p, const struct tag *tg,
                      size_t *ls, size_t *next)
{
	const char *s = p->s;
	size_t a = tg->start, b = tg->end;

	if (!tg->sigil || !strchr("#^/>!=", tg->sigil))
		return 0;
	/* Only text since the previous tag counts: a tag earlier on the same
	 * line ends in a delimiter, which is never blank or a newline. */
	while (a > p->pos && is_blank(s[a - 1]))
		a--;
	if (a > 0 && s[a - 1] != '\n')
		return 0;
	while (b < p->len && is_blank(s[b]))
		b++;
	if (b < p->len && s[b] == '\r' && b + 1 < p->len && s[b + 1] == '\n')
		b++;
	if (b < p->len && s[b] != '\n')
		return 0;
	*ls = a;
	*next = b < p->len ? b + 1 : b;
	return 1;
}

/* Store name s[off..off+n) in the template's name pool, NUL-terminated.
 * With `split`, each '.' becomes a NUL too, so a dotted name is a sequence
 * of keys ready for json_object_get(); "." alone has no parts. */
static int add_key(struct parser *p, struct node *nd, int split)
{
	buf *names = &p->t->names;
	size_t i, start = names->len;

	nd->key = start;
	nd->nparts = 0;
	if (split && nd->len == 1 && p->s[nd->off] == '.')
		return buf_putc(names, '\0');
	if (buf_append(names, p->s + nd->off, nd->len) < 0 ||
	    buf_putc(names, '\0') < 0)
		return -1;
	nd->nparts = 1;
	for (i = start; split && i < names->len - 1; i++) {
		if (names->ptr[i] == '.') {
			names->ptr[i] = '\0';
			nd->nparts++;
		}
	}
	return 0;
}

/* Names are non-empty and have no whitespace (nor NUL, which would cut
 * them short as JSON keys); dotted names have no empty
 * parts ("a..b", ".a", "a." are mistakes, "." is the implicit iterator). */
static int check_name(struct parser *p, const struct tag *tg, int dotted)
{
	const char *n = p->s + tg->name;
	size_t i;

	if (!tg->nlen)
		return tag_error(p, tg, "tag has no name");
	for (i = 0; i < tg->nlen; i++)
		if (is_space(n[i]) || n[i] == '\0')
			return tag_error(p, tg, "invalid name '%.*s': contains "
			                 "whitespace", (int)tg->nlen, n);
	if (!dotted || (tg->nlen == 1 && n[0] == '.'))
		return 0;
	for (i = 0; i < tg->nlen; i++)
		if (n[i] == '.' && (i == 0 || i + 1 == tg->nlen || n[i + 1] == '.'))
			return tag_error(p, tg, "invalid name '%.*s': empty part",
			                 (int)tg->nlen, n);
	return 0;
}

static struct node *add_tag_node(struct parser *p, const struct tag *tg,
                                 enum node_kind kind, int split)
{
	struct node *nd = add_node(p, kind);

	if (!nd) {
		oom(p->err, p->t->name);
		return NULL;
	}
	nd->line = tg->line;
	nd->col = tg->col;
	nd->off = tg->name;
	nd->len = tg->nlen;
	if (add_key(p, nd, split) < 0) {
		oom(p->err, p->t->name);
		return NULL;
	}
	return nd;
}

static int open_section(struct parser *p, const struct tag *tg, int alone)
{
	struct node *nd = add_tag_node(p, tg, tg->sigil == '#' ? K_SECTION :
	                               K_INVERTED, 1);

	if (!nd)
		return -1;
	nd->standalone = alone;
	if (p->nopen == p->capopen) {
		size_t cap = p->capopen ? p->capopen * 2 : 16;
		size_t *open = realloc(p->open, cap * sizeof *open);

		if (!open)
			return oom(p->err, p->t->name);
		p->open = open;
		p->capopen = cap;
	}
	p->open[p->nopen++] = p->t->n - 1;
	return 0;
}

static int close_section(struct parser *p, const struct tag *tg)
{
	struct node *o;

	if (!p->nopen)
		return tag_error(p, tg, "closing tag '%.*s' without an open "
		                 "section", (int)tg->nlen, p->s + tg->name);
	o = &p->t->nodes[p->open[p->nopen - 1]];
	if (o->len != tg->nlen || memcmp(p->s + o->off, p->s + tg->name,
	                                 tg->nlen) != 0)
		return tag_error(p, tg, "closing tag '%.*s' does not match "
		                 "section '%.*s' opened at %u:%u",
		                 (int)tg->nlen, p->s + tg->name, (int)o->len,
		                 p->s + o->off, o->line, o->col);
	o->end = p->t->n;
	p->nopen--;
	return 0;
}

/* {{=<% %>=}}: two delimiters without whitespace or '=' in them. */
static int set_delimiters(struct parser *p, const struct tag *tg)
{
	const char *c = p->s + tg->name;
	size_t n = tg->nlen, a = 0, b, i;

	while (a < n && !is_space(c[a]))
		a++;
	for (b = a; b < n && is_space(c[b]); b++)
		;
	for (i = b; i < n && !is_space(c[i]); i++)
		;
	if (!a || b == n || i != n || memchr(c, '=', n))
		return tag_error(p, tg, "invalid set-delimiter tag '%.*s': want "
		                 "two delimiters separated by whitespace, "
		                 "without '='", (int)n, c);
	p->otag = c;
	p->olen = a;
	p->ctag = c + b;
	p->clen = n - b;
	return 0;
}

static int add_partial(struct parser *p, const struct tag *tg, int alone,
                       size_t ls)
{
	struct node *nd;

	if (check_name(p, tg, 0) < 0)
		return -1;
	nd = add_tag_node(p, tg, K_PARTIAL, 0);
	if (!nd)
		return -1;
	nd->standalone = alone;
	if (alone) {
		nd->ind_off = ls;
		nd->ind_len = tg->start - ls;
	}
	return 0;
}

static int add_tag(struct parser *p, const struct tag *tg, int alone,
                   size_t ls)
{
	switch (tg->sigil) {
	case '!':
		return 0;
	case '=':
		return set_delimiters(p, tg);
	case '<':
	case '$':
		return tag_error(p, tg, "template inheritance ('%c' tags) is "
		                 "not supported", tg->sigil);
	case '>':
		return add_partial(p, tg, alone, ls);
	}
	if (check_name(p, tg, 1) < 0)
		return -1;
	switch (tg->sigil) {
	case '#':
	case '^':
		return open_section(p, tg, alone);
	case '/':
		return close_section(p, tg);
	case '&':
	case '{':
		return add_tag_node(p, tg, K_RAW, 1) ? 0 : -1;
	default:
		return add_tag_node(p, tg, K_ESCAPED, 1) ? 0 : -1;
	}
}

/* Turn the text before the tag at `start`, and the tag, into nodes. */
static int parse_tag(struct parser *p, size_t start)
{
	struct tag tg;
	size_t ls, next;
	int alone;

	if (scan_tag(p, start, &tg) < 0)
		return -1;
	alone = standalone(p, &tg, &ls, &next);
	if (!alone) {
		ls = start;
		next = tg.end;
	}
	if (add_text(p, p->pos, ls) < 0)
		return -1;
	p->pos = next;
	return add_tag(p, &tg, alone, ls);
}

static int parse(struct parser *p)
{
	while (p->pos < p->len) {
		size_t start = find(p->s, p->len, p->pos, p->otag, p->olen);

		if (start == NOT_FOUND)
			break;
		if (parse_tag(p, start) < 0)
			return -1;
	}
	if (add_text(p, p->pos, p->len) < 0)
		return -1;
	if (p->nopen) {
		const struct node *o = &p->t->nodes[p->open[p->nopen - 1]];

		return set_error(p->err, p->t->name, o->line, o->col,
		                 "unclosed section '%.*s'", (int)o->len,
		                 p->s + o->off);
	}
	return 0;
}

static mustache_template *new_template(const char *name, const char *src,
                                       size_t len)
{
	mustache_template *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	t->name = dup_str(name);
	t->src = malloc(len + 1);
	if (!t->name || !t->src) {
		mustache_free(t);
		return NULL;
	}
	if (len)
		memcpy(t->src, src, len);
	t->src[len] = '\0';
	t->len = len;
	return t;
}

int mustache_compile(mustache_template **out, const char *name,
                     const char *src, size_t len, mustache_error *err)
{
	struct parser p;
	int rc;

	*out = NULL;
	if (!name)
		name = "<template>";
	memset(&p, 0, sizeof p);
	p.t = new_template(name, src, len);
	if (!p.t)
		return oom(err, name);
	p.err = err;
	p.s = p.t->src;
	p.len = len;
	p.otag = "{{";
	p.ctag = "}}";
	p.olen = p.clen = 2;
	p.lc_line = 1;
	rc = parse(&p);
	free(p.open);
	if (rc < 0) {
		mustache_free(p.t);
		return -1;
	}
	*out = p.t;
	return 0;
}

void mustache_free(mustache_template *t)
{
	if (!t)
		return;
	free(t->name);
	free(t->src);
	free(t->nodes);
	buf_free(&t->names);
	free(t);
}

/* ---- rendering -------------------------------------------------------- */

/* The context stack lives on the C stack: one link per pushed section. */
struct ctx {
	const json_t *v;
	const struct ctx *up;
};

/* Partials compiled during one render, by name (open addressing). */
struct slot {
	const char *name;        /* the template's own name */
	mustache_template *t;    /* owned */
};

struct cache {
	struct slot *slots;      /* owned */
	size_t used, cap;        /* cap: 0 or a power of two */
};

struct render {
	const mustache_lists *lists;
	const mustache_flush *flush;
	size_t start;            /* out's length on entry: cut back to it on error */
	mustache_escape_fn esc;
	mustache_partial_fn load;
	void *load_ctx;
	buf *out;
	mustache_error *err;
	buf indent;              /* owned: indentation of nested partials */
	size_t indent_from;      /* the active part is indent[from..len) */
	int bol;                 /* next output starts a partial's line */
	unsigned depth, partial_depth;
	buf scratch;             /* owned: non-string values as text */
	struct cache cache;
};

static size_t hash_name(const char *s)
{
	size_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* The slot holding `name`, or the empty slot where it belongs. */
static struct slot *cache_slot(const struct cache *c, const char *name)
{
	size_t i = hash_name(name) & (c->cap - 1);

	while (c->slots[i].name && strcmp(c->slots[i].name, name) != 0)
		i = (i + 1) & (c->cap - 1);
	return &c->slots[i];
}

static int cache_grow(struct cache *c)
{
	struct cache bigger = { NULL, c->used, c->cap ? c->cap * 2 : 16 };
	size_t i;

	bigger.slots = calloc(bigger.cap, sizeof *bigger.slots);
	if (!bigger.slots)
		return -1;
	for (i = 0; i < c->cap; i++)
		if (c->slots[i].name)
			*cache_slot(&bigger, c->slots[i].name) = c->slots[i];
	free(c->slots);
	*c = bigger;
	return 0;
}

/* Takes ownership of `t`, even on failure. */
static int cache_put(struct cache *c, mustache_template *t)
{
	struct slot *s;

	if ((c->used + 1) * 2 > c->cap && cache_grow(c) < 0) {
		mustache_free(t);
		return -1;
	}
	s = cache_slot(c, t->name);
	s->name = t->name;
	s->t = t;
	c->used++;
	return 0;
}

static void cache_free(struct cache *c)
{
	size_t i;

	for (i = 0; i < c->cap; i++)
		mustache_free(c->slots[i].t);
	free(c->slots);
}

static int node_error(struct render *r, const mustache_template *t,
                      const struct node *nd, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int node_error(struct render *r, const mustache_template *t,
                      const struct node *nd, const char *fmt, ...)
{
	buf msg = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	set_error(r->err, t->name, nd->line, nd->col, "%s",
	          msg.ptr ? msg.ptr : "out of memory");
	buf_free(&msg);
	return -1;
}

/* Resolve a name against the context stack: the first part in the nearest
 * context that has it, later parts only inside the previous result. */
static const json_t *lookup(const mustache_template *t, const struct node *nd,
                            const struct ctx *c)
{
	const char *key = t->names.ptr + nd->key;
	const json_t *v = NULL;
	size_t i;

	if (!nd->nparts)
		return c->v;
	for (; c && !v; c = c->up)
		if (json_is_object(c->v))
			v = json_object_get(c->v, key);
	for (i = 1; v && i < nd->nparts; i++) {
		key += strlen(key) + 1;
		v = json_is_object(v) ? json_object_get(v, key) : NULL;
	}
	return v;
}

/* A lazy list's marker (mustache_lists), when there are lazy lists. */
static int is_marker(const struct render *r, const json_t *v)
{
	return r->lists && json_is_object(v) && json_object_get(v, "$list");
}

static int truthy(const struct render *r, const json_t *v)
{
	if (is_marker(r, v))
		return r->lists->count(r->lists->ctx, v) > 0;
	return v && !json_is_null(v) && !json_is_false(v) &&
	       !(json_is_array(v) && json_array_size(v) == 0);
}

/* Shortest of %.15g..%.17g that reads back as the same double: 1.21 stays
 * "1.21" instead of "1.2099999999999999". */
static int format_real(buf *b, double d)
{
	char tmp[40];
	int prec;

	for (prec = 15; prec < 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, d);
		if (strtod(tmp, NULL) == d)
			return buf_puts(b, tmp);
	}
	snprintf(tmp, sizeof tmp, "%.17g", d);
	return buf_puts(b, tmp);
}

static int dump_to_buf(const char *s, size_t n, void *data)
{
	return buf_append(data, s, n);
}

/* Point *s, *n at v's text: a string's own bytes, anything else formatted
 * into r->scratch. */
static int value_text(struct render *r, const json_t *v, const char **s,
                      size_t *n)
{
	int rc = 0;

	buf_clear(&r->scratch);
	if (json_is_string(v)) {
		*s = json_string_value(v);
		*n = json_string_length(v);
		return 0;
	}
	if (json_is_integer(v))
		rc = buf_printf(&r->scratch, "%" JSON_INTEGER_FORMAT,
		                json_integer_value(v));
	else if (json_is_real(v))
		rc = format_real(&r->scratch, json_real_value(v));
	else if (json_is_boolean(v))
		rc = buf_puts(&r->scratch, json_is_true(v) ? "true" : "false");
	else if (is_marker(r, v)) {
		json_t *all = r->lists->whole(r->lists->ctx, v);
		rc = all ? json_dump_callback(all, dump_to_buf, &r->scratch, JSON_COMPACT | JSON_ENCODE_ANY) : -1;
		json_decref(all);
	} else if (json_is_object(v) || json_is_array(v))
		rc = json_dump_callback(v, dump_to_buf, &r->scratch,
		                        JSON_COMPACT | JSON_ENCODE_ANY);
	*s = buf_cstr(&r->scratch);
	*n = r->scratch.len;
	return rc;
}

/* Inside an indented partial, the first output on each of its lines gets
 * the indentation. */
static int put_indent(struct render *r)
{
	size_t n = r->indent.len - r->indent_from;

	if (!r->bol)
		return 0;
	r->bol = 0;
	return n ? buf_append(r->out, r->indent.ptr + r->indent_from, n) : 0;
}

static int put_text(struct render *r, const char *s, size_t n)
{
	if (r->indent.len == r->indent_from) {
		r->bol = s[n - 1] == '\n';
		return buf_append(r->out, s, n);
	}
	while (n) {
		const char *nl = memchr(s, '\n', n);
		size_t k = nl ? (size_t)(nl - s) + 1 : n;

		if (put_indent(r) < 0 || buf_append(r->out, s, k) < 0)
			return -1;
		r->bol = nl != NULL;
		s += k;
		n -= k;
	}
	return 0;
}

static int put_value(struct render *r, const mustache_template *t,
                     const struct node *nd, const struct ctx *c)
{
	const char *s;
	size_t n;

	if (put_indent(r) < 0 || value_text(r, lookup(t, nd, c), &s, &n) < 0)
		return oom(r->err, t->name);
	if (!n)
		return 0;
	if ((nd->kind == K_ESCAPED ? r->esc(r->out, s, n) :
	     buf_append(r->out, s, n)) < 0)
		return oom(r->err, t->name);
	return 0;
}

static int render_range(struct render *r, const mustache_template *t,
                        size_t from, size_t to, const struct ctx *c);

static int enter(struct render *r, const mustache_template *t,
                 const struct node *nd)
{
	if (++r->depth <= MUSTACHE_MAX_DEPTH)
		return 0;
	r->depth--;
	return node_error(r, t, nd, "sections and partials nested more than "
	                  "%d deep", MUSTACHE_MAX_DEPTH);
}

/* Render the body of section node i, with `v` pushed if not NULL. */
static int render_body(struct render *r, const mustache_template *t,
                       size_t i, const json_t *v, const struct ctx *c)
{
	struct ctx top = { v, c };
	int rc;

	if (enter(r, t, &t->nodes[i]) < 0)
		return -1;
	rc = render_range(r, t, i + 1, t->nodes[i].end, v ? &top : c);
	r->depth--;
	return rc;
}

/* Hand the output on once there is enough of it (mustache_flush). */
static int maybe_flush(struct render *r, const mustache_template *t, const struct node *nd)
{
	if (!r->flush || r->out->len < r->flush->every)
		return 0;
	if (r->flush->write(r->flush->ctx, r->out->ptr + r->start, r->out->len - r->start) < 0)
		return node_error(r, t, nd, "writing the output failed");
	r->out->len = r->start;
	r->out->ptr[r->start] = '\0';
	return 0;
}

/* A lazy list's section: each item built, rendered and released in turn. */
static int render_lazy(struct render *r, const mustache_template *t, size_t i, const json_t *marker,
                       const struct ctx *c)
{
	size_t k, n = r->lists->count(r->lists->ctx, marker);

	for (k = 0; k < n; k++) {
		json_t *item = r->lists->item(r->lists->ctx, marker, k);
		int rc;
		if (!item)
			return oom(r->err, t->name);
		rc = render_body(r, t, i, item, c);
		json_decref(item);
		if (rc < 0 || maybe_flush(r, t, &t->nodes[i]) < 0)
			return -1;
	}
	return 0;
}

static int render_section(struct render *r, const mustache_template *t,
                          size_t i, const struct ctx *c)
{
	const struct node *nd = &t->nodes[i];
	const json_t *v = lookup(t, nd, c);
	size_t k;

	if (!nd->standalone && put_indent(r) < 0)
		return oom(r->err, t->name);
	if (nd->kind == K_INVERTED)
		return truthy(r, v) ? 0 : render_body(r, t, i, NULL, c);
	if (!truthy(r, v))
		return 0;
	if (is_marker(r, v))
		return render_lazy(r, t, i, v, c);
	if (!json_is_array(v))
		return render_body(r, t, i, v, c);
	for (k = 0; k < json_array_size(v); k++)
		if (render_body(r, t, i, json_array_get(v, k), c) < 0)
			return -1;
	return 0;
}

/* The compiled partial a node names, loading it on first use. */
static int get_partial(struct render *r, const mustache_template *t,
                       const struct node *nd, const mustache_template **out)
{
	const char *name = t->names.ptr + nd->key;
	mustache_template *p;
	size_t len = 0;
	char *src;
	int rc;

	if (r->cache.cap && cache_slot(&r->cache, name)->name) {
		*out = cache_slot(&r->cache, name)->t;
		return 0;
	}
	src = r->load ? r->load(r->load_ctx, name, &len) : NULL;
	if (!src)
		return node_error(r, t, nd, "partial '%s' not found", name);
	rc = mustache_compile(&p, name, src, len, r->err);
	free(src);
	if (rc < 0)
		return -1;
	if (cache_put(&r->cache, p) < 0)
		return oom(r->err, t->name);
	*out = p;
	return 0;
}

/* A standalone partial is indented by its tag's indentation (on top of any
 * it is already in); an inline one starts mid-line and is not indented. */
static int render_partial(struct render *r, const mustache_template *t,
                          const struct node *nd, const struct ctx *c)
{
	size_t old_len = r->indent.len, old_from = r->indent_from;
	const mustache_template *p = NULL;
	int rc;

	if (r->partial_depth >= MUSTACHE_MAX_PARTIAL_DEPTH)
		return node_error(r, t, nd, "partial '%s' nested more than %d "
		                  "deep (recursive partial?)",
		                  t->names.ptr + nd->key,
		                  MUSTACHE_MAX_PARTIAL_DEPTH);
	if (get_partial(r, t, nd, &p) < 0 || enter(r, t, nd) < 0)
		return -1;
	if (nd->standalone) {
		rc = buf_append(&r->indent, t->src + nd->ind_off, nd->ind_len);
		r->bol = 1;
	} else {
		rc = put_indent(r);
		r->indent_from = r->indent.len;
	}
	r->partial_depth++;
	rc = rc < 0 ? oom(r->err, t->name) : render_range(r, p, 0, p->n, c);
	r->partial_depth--;
	r->depth--;
	r->indent.len = old_len;
	r->indent_from = old_from;
	if (!nd->standalone)
		r->bol = 0;
	return rc;
}

static int render_range(struct render *r, const mustache_template *t,
                        size_t from, size_t to, const struct ctx *c)
{
	size_t i = from;
	int rc;

	while (i < to) {
		const struct node *nd = &t->nodes[i];

		switch (nd->kind) {
		case K_TEXT:
			rc = put_text(r, t->src + nd->off, nd->len);
			if (rc < 0)
				oom(r->err, t->name);
			break;
		case K_ESCAPED:
		case K_RAW:
			rc = put_value(r, t, nd, c);
			break;
		case K_SECTION:
		case K_INVERTED:
			rc = render_section(r, t, i, c);
			i = nd->end - 1;
			break;
		default:
			rc = render_partial(r, t, nd, c);
			break;
		}
		if (rc < 0)
			return -1;
		i++;
	}
	return 0;
}

int mustache_render(const mustache_template *t, const json_t *data,
                    mustache_escape_fn esc, mustache_partial_fn partials,
                    void *partial_ctx, buf *out, mustache_error *err)
{
	mustache_options o = { esc, partials, partial_ctx, NULL, NULL };

	return mustache_render_with(t, data, &o, out, err);
}

int mustache_render_with(const mustache_template *t, const json_t *data, const mustache_options *o, buf *out,
                         mustache_error *err)
{
	struct render r;
	struct ctx root = { data, NULL };
	size_t start = out->len;
	int rc;

	memset(&r, 0, sizeof r);
	r.esc = o->esc ? o->esc : mustache_escape_html;
	r.load = o->partials;
	r.load_ctx = o->partial_ctx;
	r.lists = o->lists;
	r.flush = o->flush;
	r.start = start;
	r.out = out;
	r.err = err;
	r.bol = 1;
	rc = render_range(&r, t, 0, t->n, &root);
	cache_free(&r.cache);
	buf_free(&r.indent);
	buf_free(&r.scratch);
	if (rc < 0 && out->ptr) {
		out->len = start;
		out->ptr[start] = '\0';
	}
	return rc;
}

/* ---- escapers --------------------------------------------------------- */

/* Append s[0..n), replacing each byte for which repl() gives a string;
 * runs of unchanged bytes are appended in one go. */
static int escape_with(buf *out, const char *s, size_t n,
                       const char *(*repl)(const char *s, size_t i, size_t n))
{
	size_t i, run = 0;

	for (i = 0; i < n; i++) {
		const char *r = repl(s, i, n);

		if (!r)
			continue;
		if (buf_append(out, s + run, i - run) < 0 || buf_puts(out, r) < 0)
			return -1;
		run = i + 1;
	}
	return buf_append(out, s + run, n - run);
}

static const char *html_repl(const char *s, size_t i, size_t n)
{
	(void)n;
	switch (s[i]) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	}
	return NULL;
}

static const char *markdown_repl(const char *s, size_t i, size_t n)
{
	switch (s[i]) {
	case '\\': return "\\\\";
	case '`': return "\\`";
	case '*': return "\\*";
	case '_': return "\\_";
	case '[': return "\\[";
	case ']': return "\\]";
	case '|': return "\\|";
	case '#': return "\\#";
	case '~': return "\\~";
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '\n': return " ";
	case '\r': return i + 1 < n && s[i + 1] == '\n' ? "" : " ";
	}
	return NULL;
}

int mustache_escape_html(buf *out, const char *s, size_t n)
{
	return escape_with(out, s, n, html_repl);
}

int mustache_escape_markdown(buf *out, const char *s, size_t n)
{
	return escape_with(out, s, n, markdown_repl);
}

int mustache_escape_none(buf *out, const char *s, size_t n)
{
	return buf_append(out, s, n);
}
