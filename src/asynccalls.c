#include "config.h"

#include "asynccalls.h"

#include "packscan.h"
#include "textfind.h"

#include <stdlib.h>
#include <string.h>

/* Per token of a file: inside a loop of some fn, inside async code, inside
 * test code (a `#[cfg(test)]` item, a test fn). */
enum { IN_LOOP = 1, IN_ASYNC = 2, IN_TEST = 4 };

typedef struct {
	const rustscan_result *rs;
	const rustlex_token *t;
	const char *text;
	size_t n;
	/* the tokens naming the file's fns and the modules it declares (`mod
	 * NAME`), sorted by their text, once per file (index_tokens) */
	const uint32_t *fns, *mods;
	size_t nfns, nmods;
} file_view;

static int is(const file_view *f, size_t i, const char *s)
{
	return i < f->n && rustlex_is(f->rs->lex, &f->t[i], s);
}

static int ident(const file_view *f, size_t i)
{
	return i < f->n && f->t[i].kind == TOK_IDENT;
}

static int same(const file_view *f, size_t a, size_t b)
{
	return f->t[a].len == f->t[b].len && memcmp(f->text + f->t[a].off, f->text + f->t[b].off, f->t[a].len) == 0;
}

static int upper(const file_view *f, size_t i)
{
	return ident(f, i) && f->text[f->t[i].off] >= 'A' && f->text[f->t[i].off] <= 'Z';
}

static int lower(const file_view *f, size_t i)
{
	return ident(f, i) && ((f->text[f->t[i].off] >= 'a' && f->text[f->t[i].off] <= 'z') || f->text[f->t[i].off] == '_');
}

/* Token a against token b's text, as bytes. */
static int cmp_tokens(const file_view *f, uint32_t a, uint32_t b)
{
	const rustlex_token *x = &f->t[a], *y = &f->t[b];
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(f->text + x->off, f->text + y->off, n);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Is token k's text among the sorted name tokens v[0..n)? */
static int among(const file_view *f, const uint32_t *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_tokens(f, v[mid], (uint32_t)k);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Does the file define a fn named by token k? */
static int defined_here(const file_view *f, size_t k)
{
	return among(f, f->fns, f->nfns, k);
}

/* The root of a `use` that brings the name at k in (`use foo::bar;`: foo),
 * or RS_NONE. */
static size_t import_root(const file_view *f, size_t k)
{
	size_t i;

	for (i = 0; i < f->rs->import_count; i++)
		if (same(f, f->rs->imports[i].name, k))
			return f->rs->imports[i].type_start;
	return RS_NONE;
}

/* Roots that are this crate: no check needed later. */
static int own_root(const file_view *f, size_t root)
{
	return is(f, root, "crate") || is(f, root, "self") || is(f, root, "super");
}

/* Roots no workspace fn comes from. */
static int std_root(const file_view *f, size_t i)
{
	return is(f, i, "std") || is(f, i, "core") || is(f, i, "alloc");
}

/* The type a parameter or field type names, from its first token:
 * `&'a mut Store`, `Arc<Store>`, `Box<Store>`: Store.  RS_NONE for
 * anything else (a generic, `dyn Trait`, `impl Trait`). */
static size_t named_type(const file_view *f, size_t i, size_t end)
{
	while (i < end && (is(f, i, "&") || is(f, i, "mut") || f->t[i].kind == TOK_LIFETIME))
		i++;
	while (i + 2 < end && (is(f, i, "Arc") || is(f, i, "Rc") || is(f, i, "Box")) && is(f, i + 1, "<"))
		i += 2;
	while (i + 2 < end && ident(f, i) && is(f, i + 1, "::")) /* `crate::store::Store` */
		i += 2;
	if (i >= end || !upper(f, i) || f->t[i].len < 2 || is(f, i, "Self"))
		return RS_NONE;
	return i;
}

/* x's type at call token k in fn g, from its parameter `x: &Type` or its
 * `let x = Type { .. }` / `let x = Type::f(..)` before k; RS_NONE when
 * neither says. */
static size_t local_type(const file_view *f, const rs_fn *fn, size_t x, size_t k)
{
	size_t i, close, found = RS_NONE;

	if (fn->params_open != RS_NONE && f->t[fn->params_open].pair_ok) {
		close = f->t[fn->params_open].pair;
		for (i = fn->params_open + 1; i + 2 < close; i++)
			if (same(f, i, x) && ident(f, i) && is(f, i + 1, ":") && (is(f, i - 1, "(") || is(f, i - 1, ",") || is(f, i - 1, "mut"))) {
				size_t end = i + 2;
				while (end < close && !is(f, end, ","))
					end = f->t[end].kind == TOK_OPEN && f->t[end].pair_ok ? f->t[end].pair + 1 : end + 1;
				return named_type(f, i + 2, end);
			}
	}
	/* the last `let` of x before k wins (a shadowing rebinds it) */
	for (i = fn->body_open + 1; i + 3 < k; i++) {
		size_t at = i + 1, init;
		if (!is(f, i, "let"))
			continue;
		if (is(f, at, "mut"))
			at++;
		if (!same(f, at, x) || !ident(f, at))
			continue;
		if (is(f, at + 1, ":")) {
			found = named_type(f, at + 2, k);
			continue;
		}
		init = at + 2;
		found = RS_NONE;
		if (is(f, at + 1, "=") && upper(f, init) && (is(f, init + 1, "{") || is(f, init + 1, "::")) &&
		    !is(f, init, "Self") && !is(f, init, "Some") && !is(f, init, "Ok") && !is(f, init, "Arc") &&
		    !is(f, init, "Box") && !is(f, init, "Rc") && !is(f, init, "Vec") && !is(f, init, "String"))
			found = init;
	}
	return found;
}

/* The type of `self.field` in an impl of the type at self_type, from the
 * struct this file declares for it. */
static size_t field_type(const file_view *f, size_t self_type, size_t field)
{
	size_t i;

	for (i = 0; i < f->rs->field_count; i++) {
		const rs_field *fd = &f->rs->fields[i];
		if (fd->position < 0 && same(f, fd->strukt, self_type) && same(f, fd->name, field))
			return named_type(f, fd->type_start, fd->type_end);
	}
	return RS_NONE;
}

/* The calls whose arguments hold token k, within [floor, k): innermost
 * first, as "a,b", or "-". */
static int enclosing_calls(const file_view *f, size_t k, size_t floor, buf *out)
{
	size_t i = k, at = out->len;

	while (i > floor) {
		const rustlex_token *t = &f->t[--i];
		if (t->kind == TOK_CLOSE && t->pair_ok && t->pair < i)
			i = t->pair;
		else if (t->kind == TOK_OPEN && is(f, i, "(") && i > 0 && ident(f, i - 1)) {
			if (out->len > at && buf_putc(out, ',') < 0)
				return -1;
			/* `thread::spawn(..)` runs its closure on a thread of its own */
			if (i >= 3 && is(f, i - 2, "::") && is(f, i - 3, "thread") && buf_puts(out, "thread::") < 0)
				return -1;
			if (buf_append(out, f->text + f->t[i - 1].off, f->t[i - 1].len) < 0)
				return -1;
		}
	}
	return out->len > at ? 0 : buf_putc(out, '-');
}

/* The record's KEY and ROOT for the call whose name is token k in fn g,
 * into out; 0 when the call's form does not say which fn it is. */
static int call_key(const file_view *f, uint32_t g, size_t k, buf *out)
{
	const rs_fn *fn = &f->rs->fns[g];
	size_t self_type = fn->impl != RS_NONE ? f->rs->impls[fn->impl].self_type : RS_NONE, type = RS_NONE, root = RS_NONE;

	if (is(f, k - 1, ".")) {
		if (is(f, k - 2, "self") && !is(f, k - 3, "."))
			type = self_type;
		else if (ident(f, k - 2) && is(f, k - 3, ".") && is(f, k - 4, "self") && !is(f, k - 5, ".") &&
		         self_type != RS_NONE)
			type = field_type(f, self_type, k - 2);
		else if (lower(f, k - 2) && !is(f, k - 3, ".") && !is(f, k - 3, "::") && !is(f, k - 2, "self"))
			type = local_type(f, fn, k - 2, k);
		if (type == RS_NONE)
			return 0;
	} else if (is(f, k - 1, "::")) {
		size_t lead = k - 2;
		if (is(f, lead, "Self"))
			type = self_type;
		else if (upper(f, lead))
			type = lead;
		else if (lower(f, lead)) { /* a module path: by its first segment */
			while (lead >= 2 && is(f, lead - 1, "::") && ident(f, lead - 2))
				lead -= 2;
			if (std_root(f, lead))
				return 0;
			if (!own_root(f, lead)) {
				size_t from = import_root(f, lead);
				if (from == RS_NONE)
					root = lead; /* a crate's name, or a module this file declares (below) */
				else if (std_root(f, from))
					return 0;
				else if (!own_root(f, from))
					root = from;
			}
		} else
			return 0;
		if (type == RS_NONE && !lower(f, lead))
			return 0;
	} else {
		/* a bare `helper(..)`: not a closure or fn pointer the fn binds */
		size_t i;
		if (!lower(f, k))
			return 0;
		for (i = fn->body_open + 1; i + 1 < k; i++)
			if (is(f, i, "let") && same(f, is(f, i + 1, "mut") ? i + 2 : i + 1, k))
				return 0;
		if ((root = import_root(f, k)) != RS_NONE && (own_root(f, root)))
			root = RS_NONE;
		else if (root != RS_NONE && std_root(f, root))
			return 0;
	}
	if (type != RS_NONE) {
		if (buf_append(out, f->text + f->t[type].off, f->t[type].len) < 0 || buf_puts(out, "::") < 0)
			return -1;
	}
	if (buf_append(out, f->text + f->t[k].off, f->t[k].len) < 0 || buf_putc(out, '\t') < 0)
		return -1;
	if (root == RS_NONE)
		return buf_putc(out, '-') < 0 ? -1 : 1;
	/* a root this file declares as a module is this crate's */
	if (among(f, f->mods, f->nmods, root))
		return buf_putc(out, '-') < 0 ? -1 : 1;
	return buf_append(out, f->text + f->t[root].off, f->t[root].len) < 0 ? -1 : 1;
}

/* Does the innermost loop around the call at token k run it per interval
 * (a timer's loop) or once (a retry, a fallback that stops on the first
 * success: rustscan.h), not per item?  timers[i]: scope i's verdict on
 * the loop alone, 0 not yet known, 1 per item, 2 not. */
static int not_per_item_loop(const file_view *f, unsigned char *timers, size_t k)
{
	uint32_t best = rustscan_innermost_loop(f->rs, k);

	if (best == RS_NONE)
		return 0;
	if (!timers[best]) /* looked at once, when a call in it is recorded */
		timers[best] = rustscan_loop_per_item(f->rs, &f->rs->scopes[best]) ? 1 : 2;
	return timers[best] == 2 || rustscan_call_ends_loop(f->rs, (uint32_t)k);
}

/* A path as a reason shows it: inside a code span, so no backtick. */
static int put_path(buf *out, const char *path)
{
	for (; *path; path++)
		if (*path != '`' && buf_putc(out, *path) < 0)
			return -1;
	return 0;
}

/* The key of fn g itself, as a call of it would be recorded: "Type::f"
 * or "f".  0 when it has none (no name; an impl for a reference). */
static int own_key(const file_view *f, uint32_t g, buf *out)
{
	const rs_fn *fn = &f->rs->fns[g];

	if (fn->name == RS_NONE)
		return 0;
	if (fn->impl != RS_NONE) {
		const rs_impl *im = &f->rs->impls[fn->impl];
		if (im->self_type == RS_NONE || im->self_ref || buf_append(out, f->text + f->t[im->self_type].off, f->t[im->self_type].len) < 0 ||
		    buf_puts(out, "::") < 0)
			return im->self_type == RS_NONE || im->self_ref ? 0 : -1;
	}
	return buf_append(out, f->text + f->t[fn->name].off, f->t[fn->name].len) < 0 ? -1 : 1;
}

/* One record for the call named by token k of fn g onto out (async code)
 * or edges (a plain fn); nothing when its form names no fn.  0, or -1. */
static int record(const file_view *f, uint32_t g, size_t k, int async, const char *path, buf *out, buf *edges)
{
	const rs_fn *fn = &f->rs->fns[g];
	buf *to = async ? out : edges;
	size_t at = to->len;
	int r = call_key(f, g, k, to);

	if (r <= 0) {
		buf_truncate(to, at);
		return r;
	}
	if (buf_putc(to, '\t') < 0 || enclosing_calls(f, k, fn->body_open, to) < 0 || buf_putc(to, '\t') < 0)
		return -1;
	if (async) {
		if (buf_append(to, f->text + f->t[fn->name].off, f->t[fn->name].len) < 0 || buf_putc(to, '\t') < 0 ||
		    buf_puts(to, fn->is_async ? "async `" : "an async block of `") < 0 ||
		    buf_append(to, f->text + f->t[fn->name].off, f->t[fn->name].len) < 0 || buf_puts(to, "` (`") < 0 ||
		    put_path(to, path) < 0 || buf_printf(to, "`, line %u) calls `", f->t[k].line) < 0 ||
		    buf_append(to, f->text + f->t[k].off, f->t[k].len) < 0 || buf_puts(to, "` in a loop\n") < 0)
			return -1;
		return 0;
	}
	if ((r = own_key(f, g, to)) <= 0) {
		buf_truncate(to, at);
		return r;
	}
	if (buf_puts(to, "\t`") < 0 || buf_append(to, f->text + f->t[fn->name].off, f->t[fn->name].len) < 0 ||
	    buf_puts(to, "` (`") < 0 || put_path(to, path) < 0 || buf_puts(to, "`) calls `") < 0 ||
	    buf_append(to, f->text + f->t[k].off, f->t[k].len) < 0 || buf_printf(to, "` (line %u)\n", f->t[k].line) < 0)
		return -1;
	return 0;
}

/* What both steps know of every token: its innermost fn, whether it is in
 * a loop or in async code, and which loops sleep on every pass. */
typedef struct {
	unsigned char *flags, *timers;
	uint32_t *owner;
	uint32_t *fns, *mods;       /* name tokens, sorted by text */
} token_index;

static void index_free(token_index *ix)
{
	free(ix->flags);
	free(ix->timers);
	free(ix->owner);
	free(ix->fns);
	free(ix->mods);
}

static int cmp_sorted(const void *a, const void *b, void *view)
{
	return cmp_tokens(view, *(const uint32_t *)a, *(const uint32_t *)b);
}

static void sort_tokens(const file_view *f, uint32_t *v, size_t n)
{
	if (n > 1) /* (v is NULL for a file without a `mod`: qsort may not be handed it) */
		qsort_r(v, n, sizeof(*v), cmp_sorted, (void *)f);
}

/* ix for the file f views; f's name sets then point into it. */
static int index_tokens(file_view *f, token_index *ix)
{
	const rustscan_result *rs = f->rs;
	size_t i, k;

	memset(ix, 0, sizeof(*ix));
	ix->fns = malloc((rs->fn_count ? rs->fn_count : 1) * sizeof(*ix->fns));
	if (!ix->fns)
		return -1;
	f->nfns = f->nmods = 0;
	for (i = 0; i < rs->fn_count; i++)
		if (rs->fns[i].name != RS_NONE)
			ix->fns[f->nfns++] = rs->fns[i].name;
	for (k = 0, i = 0; k + 1 < f->n; k++)
		if (is(f, k, "mod") && ident(f, k + 1)) {
			if (f->nmods == i) {
				uint32_t *m = buf_grow_array(ix->mods, &i, sizeof(*m), 16);
				if (!m) {
					index_free(ix);
					return -1;
				}
				ix->mods = m;
			}
			ix->mods[f->nmods++] = (uint32_t)(k + 1);
		}
	sort_tokens(f, ix->fns, f->nfns);
	sort_tokens(f, ix->mods, f->nmods);
	f->fns = ix->fns;
	f->mods = ix->mods;
	ix->flags = calloc(f->n, 1);
	ix->owner = malloc(f->n * sizeof(*ix->owner));
	ix->timers = calloc(rs->scope_count ? rs->scope_count : 1, 1);
	if (!ix->flags || !ix->owner || !ix->timers) {
		index_free(ix);
		return -1;
	}
	for (k = 0; k < f->n; k++)
		ix->owner[k] = RS_NONE;
	/* each token's innermost fn: fns come in source order, inner ones later */
	for (i = 0; i < rs->fn_count; i++) {
		const rs_fn *fn = &rs->fns[i];
		if (fn->body_open == RS_NONE || fn->body_close == RS_NONE)
			continue;
		for (k = fn->body_open + 1; k < fn->body_close && k < f->n; k++) {
			ix->owner[k] = (uint32_t)i;
			ix->flags[k] = fn->is_async ? IN_ASYNC : 0;
		}
	}
	for (i = 0; i < rs->scope_count; i++) {
		const rs_scope *sc = &rs->scopes[i];
		unsigned char bit = sc->kind == RS_LOOP ? IN_LOOP : sc->kind == RS_ASYNC ? IN_ASYNC : 0;
		for (k = sc->start; bit && k < sc->end && k < f->n; k++)
			ix->flags[k] |= bit;
	}
	for (i = 0; i < rs->test_count; i++)
		for (k = rs->tests[i].start; k < rs->tests[i].end && k < f->n; k++)
			ix->flags[k] |= IN_TEST;
	return 0;
}

/* A call at token k: an identifier before `(`, in a fn that is no test,
 * not naming a fn of this file (the in-file predicates follow those). */
static int foreign_call(const file_view *f, const token_index *ix, size_t k)
{
	uint32_t g = ix->owner[k];

	if (g == RS_NONE || !ident(f, k) || !is(f, k + 1, "(") || is(f, k - 1, "fn") || f->rs->fns[g].is_test ||
	    (ix->flags[k] & IN_TEST) || f->rs->fns[g].name == RS_NONE)
		return 0;
	if (is(f, k - 1, ".") || is(f, k - 1, "::"))
		return !((is(f, k - 2, "self") || is(f, k - 2, "Self")) && defined_here(f, k));
	return !defined_here(f, k);
}

/* Split "Type::f" (or "f") at its last `::`. */
static void split_key(const char *key, size_t n, size_t *tn, const char **name, size_t *nn)
{
	size_t i;

	*tn = 0;
	*name = key;
	*nn = n;
	for (i = n; i >= 2; i--)
		if (key[i - 1] == ':' && key[i - 2] == ':') {
			*tn = i - 2;
			*name = key + i;
			*nn = n - i;
			return;
		}
}

/* The word of a key a caller's text is searched for: a type's fn is
 * called through something of that type, which the caller names (a
 * parameter's or field's type, `T::f`, its own impl); a free fn by its
 * name.  "Type::f" -> "Type", "f" -> "f" (key[0..n)). */
static void key_word(const char *key, size_t n, const char **word, size_t *wn)
{
	const char *name;
	size_t tn, nn;

	split_key(key, n, &tn, &name, &nn);
	*word = tn ? key : name;
	*wn = tn ? tn : nn;
}

/* A record's fields after its key, NUL-ended -- an async call's
 * "ROOT\tCALLS\tFN\tREASON", an edge's "ROOT\tCALLS\tCALLER\tNOTE": where
 * the second, third and fourth start, each just past its tab.  0 when the
 * record is cut short. */
static int record_fields(const char *root, const char **calls, const char **caller, const char **note)
{
	return (*calls = strchr(root, '\t')) && (*caller = strchr(++*calls, '\t')) && (*note = strchr(++*caller, '\t')) &&
	       ++*note;
}

/* Is the record (a NUL-ended line from its key on) a wanted one? */
static int key_wanted(const strlist *wanted, const char *rec)
{
	const char *tab = strchr(rec, '\t'), *w;
	size_t wn;

	if (!tab)
		return 0;
	key_word(rec, (size_t)(tab - rec), &w, &wn);
	return strlist_has(wanted, w, wn);
}

static int add_name(strlist *out, const char *s, size_t n)
{
	char tmp[128];

	if (!n || n >= sizeof(tmp) || strlist_has(out, s, n))
		return 0;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	return strlist_add(out, tmp);
}

static int word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

int asynccalls_wanted(const strlist *words, const char *text, size_t len)
{
	size_t i = 0, w;

	/* a few words: each searched for (vectorised), its hits checked for
	 * word boundaries -- many: one pass over the text's identifiers */
	if (words->count <= 32) {
		for (w = 0; w < words->count; w++) {
			const char *s = words->items[w].s, *p = text, *hit;
			size_t n = words->items[w].len;
			while ((hit = textfind(p, (size_t)(text + len - p), s, n)) != NULL) {
				if ((hit == text || !word_char((unsigned char)hit[-1])) &&
				    (hit + n == text + len || !word_char((unsigned char)hit[n])))
					return 1;
				p = hit + 1;
			}
		}
		return 0;
	}
	while (i < len) {
		size_t start;
		if (!word_char((unsigned char)text[i])) {
			i++;
			continue;
		}
		for (start = i; i < len && word_char((unsigned char)text[i]); i++)
			;
		if (strlist_has(words, text + start, i - start))
			return 1;
	}
	return 0;
}

/* The view of rs, for a file that may hold something to record (not
 * test code, a fn, a few tokens).  0 when it cannot. */
static int view_of(const rustscan_result *rs, file_view *f)
{
	memset(f, 0, sizeof(*f));
	f->rs = rs;
	f->t = rs->lex->tokens;
	f->text = rs->lex->text;
	f->n = rs->lex->count;
	return f->n >= 3 && rs->fn_count && !rs->file_is_test;
}

int asynccalls_out(const rustscan_result *rs, const char *path, const strlist *wanted, buf *out)
{
	file_view f;
	token_index ix;
	size_t k;
	int rc = 0;

	if (!view_of(rs, &f))
		return 0;
	{ /* async code and a loop, or nothing to record */
		size_t i;
		int async = 0, loop = 0;
		for (i = 0; i < rs->fn_count && !async; i++)
			async = rs->fns[i].is_async;
		for (i = 0; i < rs->scope_count; i++) {
			async |= rs->scopes[i].kind == RS_ASYNC;
			loop |= rs->scopes[i].kind == RS_LOOP;
		}
		if (!async || !loop)
			return 0;
	}
	if (index_tokens(&f, &ix) < 0)
		return -1;
	for (k = 2; k + 1 < f.n && rc == 0; k++) {
		/* async code in a loop calls it per item (not a poll's loop) */
		size_t at = out->len;
		if ((ix.flags[k] & (IN_ASYNC | IN_LOOP)) != (IN_ASYNC | IN_LOOP) || !foreign_call(&f, &ix, k) ||
		    not_per_item_loop(&f, ix.timers, k))
			continue;
		rc = record(&f, ix.owner[k], k, 1, path, out, NULL);
		if (rc == 0 && wanted && out->len > at && !key_wanted(wanted, out->ptr + at))
			buf_truncate(out, at);
	}
	index_free(&ix);
	return rc;
}

int asynccalls_edges(const rustscan_result *rs, const char *path, buf *edges)
{
	file_view f;
	token_index ix;
	size_t k;
	int rc = 0;

	if (!view_of(rs, &f))
		return 0; /* (the same opening as asynccalls_out's, less its test for async code) */
	if (index_tokens(&f, &ix) < 0)
		return -1;
	for (k = 2; k + 1 < f.n && rc == 0; k++)
		if (!(ix.flags[k] & IN_ASYNC) && foreign_call(&f, &ix, k))
			rc = record(&f, ix.owner[k], k, 0, path, NULL, edges);
	index_free(&ix);
	return rc;
}

int asynccalls_names(const char *names, size_t names_len, const char *edges, size_t edges_len, strlist *out)
{
	const char *p = names, *end = names + names_len, *w;
	size_t wn;
	int round;

	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		key_word(p, (size_t)(nl - p), &w, &wn);
		if (add_name(out, w, wn) < 0)
			return -1;
		p = nl + 1;
	}
	/* an edge into a wanted fn: its caller is reached through it */
	for (round = 0; round < 2; round++)
		for (p = edges, end = edges + edges_len; p && p < end;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p)), *f[4], *q = p;
			size_t i;
			if (!nl)
				break;
			for (i = 0; i < 4 && q && q < nl; i++) { /* CALLEE ROOT CALLS CALLER: the tabs after each */
				f[i] = memchr(q, '\t', (size_t)(nl - q));
				q = f[i] ? f[i] + 1 : NULL;
			}
			if (i == 4 && f[3]) {
				key_word(p, (size_t)(f[0] - p), &w, &wn);
				if (strlist_has(out, w, wn)) {
					key_word(f[2] + 1, (size_t)(f[3] - f[2] - 1), &w, &wn);
					if (add_name(out, w, wn) < 0)
						return -1;
				}
			}
			p = nl + 1;
		}
	return 0;
}

/* Does the record's CALLS field (up to its tab) name none of words? */
static int outside_calls(const char *calls, const strlist *words)
{
	const char *end = strchr(calls, '\t'), *p = calls;

	if (!end)
		return 0;
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		if (strlist_has(words, p, (size_t)(stop - p)))
			return 0;
		p = stop + 1;
	}
	return 1;
}

/* May a record's key be taken for the fn named so?  A free fn only when
 * it is the only fn of that name in the workspace; a type's fn when the
 * workspace declares the type and brings no other crate's in by that
 * name. */
static int key_ok(const typelib *lib, const char *type, size_t tn, const char *name, size_t n)
{
	if (!tn)
		return typelib_fn_defs(lib, name, n) == 1;
	return typelib_declares(lib, type, tn) && !typelib_foreign(lib, type, tn);
}

/* Is a record's ROOT (up to its tab) this workspace's? */
static int root_ok(const typelib *lib, const char *root)
{
	const char *tab = strchr(root, '\t');

	return tab && ((root[0] == '-' && root + 1 == tab) || typelib_crate(lib, root, (size_t)(tab - root)));
}

/* The direct reason for key[0..n), or NULL: a record whose async fn is
 * not named as skip says (start-up, shutdown). */
static const char *direct(const typelib *lib, const char *key, size_t n, const strlist *off_executor,
                          const strlist *skip)
{
	size_t count, i;
	const typelib_entry *e = typelib_async_calls(lib, key, n, &count);

	for (i = 0; e && i < count; i++) {
		const char *root = lib->async_text.ptr + e[i].first, *calls, *fn, *reason;
		if (!record_fields(root, &calls, &fn, &reason) || !root_ok(lib, root) ||
		    (skip && packscan_name_matches(skip, fn, (size_t)(reason - 1 - fn))))
			continue;
		if (outside_calls(calls, off_executor))
			return reason;
	}
	return NULL;
}

int asynccalls_named(const typelib *lib, const char *keys, size_t len, strlist *words)
{
	const char *p = keys, *end = keys + len, *w;
	size_t wn;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t count, i;
		const typelib_entry *e;
		if (!nl)
			break;
		if (typelib_async_calls(lib, p, (size_t)(nl - p), &count) && count) {
			key_word(p, (size_t)(nl - p), &w, &wn);
			if (add_name(words, w, wn) < 0)
				return -1;
		}
		e = typelib_async_edges(lib, p, (size_t)(nl - p), &count);
		for (i = 0; e && i < count; i++) {
			const char *calls, *caller, *note;
			size_t c2;
			if (!record_fields(lib->edge_text.ptr + e[i].first, &calls, &caller, &note) ||
			    !typelib_async_calls(lib, caller, (size_t)(note - 1 - caller), &c2) || !c2)
				continue;
			key_word(p, (size_t)(nl - p), &w, &wn);
			if (add_name(words, w, wn) < 0)
				return -1;
			key_word(caller, (size_t)(note - 1 - caller), &w, &wn);
			if (add_name(words, w, wn) < 0)
				return -1;
		}
		p = nl + 1;
	}
	return 0;
}

const char *asynccalls_reason_key(const typelib *lib, const char *key, size_t kn, const strlist *off_executor,
                                  const strlist *skip, buf *why)
{
	const char *reason, *name;
	size_t tn, n, count, i;
	const typelib_entry *e;

	buf_clear(why);
	split_key(key, kn, &tn, &name, &n);
	if (!lib || !key_ok(lib, key, tn, name, n))
		return NULL;
	if ((reason = direct(lib, key, kn, off_executor, skip)))
		return buf_puts(why, reason) < 0 ? NULL : buf_cstr(why);
	/* one plain fn of another file between: `store_file` (src/paste.rs),
	 * which the upload handler calls per field, calls `get_dir_size` */
	e = typelib_async_edges(lib, key, kn, &count);
	for (i = 0; e && i < count; i++) {
		const char *root = lib->edge_text.ptr + e[i].first, *calls, *caller, *note, *cname;
		size_t ctn, cn, ckn;
		if (!record_fields(root, &calls, &caller, &note) || !root_ok(lib, root) || !outside_calls(calls, off_executor))
			continue;
		ckn = (size_t)(note - 1 - caller);
		split_key(caller, ckn, &ctn, &cname, &cn);
		if (!key_ok(lib, caller, ctn, cname, cn) || !(reason = direct(lib, caller, ckn, off_executor, skip)))
			continue;
		if (buf_puts(why, reason) < 0 || buf_puts(why, ", and ") < 0 || buf_puts(why, note) < 0)
			return NULL;
		return buf_cstr(why);
	}
	return NULL;
}

const char *asynccalls_reason(const typelib *lib, const char *type, size_t tn, const char *name, size_t n,
                              const strlist *off_executor, const strlist *skip, buf *why)
{
	char key[256];
	size_t kn = (tn ? tn + 2 : 0) + n;

	buf_clear(why);
	if (kn >= sizeof(key))
		return NULL;
	if (tn) {
		memcpy(key, type, tn);
		memcpy(key + tn, "::", 2);
	}
	memcpy(key + (tn ? tn + 2 : 0), name, n);
	return asynccalls_reason_key(lib, key, kn, off_executor, skip, why);
}
