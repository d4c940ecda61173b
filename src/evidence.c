#include "config.h"

#include "evidence.h"

#include "flow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tokens of one file, for the helpers below; `lib` is the type library
 * of the whole run (NULL when there is none). */
typedef struct ev_ctx {
	const rustscan_result *rs;
	const rustlex_token *t;
	const char *text;
	size_t n;
	const audit_rules *ar;
	const struct ev_ctx *lib;
	const typelib *tl;     /* the library's index (with lib) */
	evidence_memo *memo;   /* this file's, or NULL (the library's tokens have none) */
} ctx;

/* A type, as the tokens that spell it: [a, b) of file `src`; a == b is
 * unknown. */
typedef struct {
	const ctx *src;
	size_t a, b;
} trange;

static const trange TR_NONE = { NULL, 0, 0 };

static trange tr(const ctx *c, size_t a, size_t b)
{
	trange t = { c, a, b };
	return t;
}

/* inlined everywhere, so that the literal's length is a constant: this is
 * asked for every token, several times */
static inline __attribute__((always_inline)) int is(const ctx *c, size_t i, const char *s)
{
	return i < c->n && rustlex_is(c->rs->lex, &c->t[i], s);
}

static int is_ident(const ctx *c, size_t i)
{
	return i < c->n && c->t[i].kind == TOK_IDENT;
}

static int is_open(const ctx *c, size_t i, char ch)
{
	return i < c->n && c->t[i].kind == TOK_OPEN && c->t[i].first == (unsigned char)ch;
}

static int in_list(const ctx *c, const strlist *l, size_t i)
{
	return i < c->n && strlist_has(l, c->text + c->t[i].off, c->t[i].len);
}

static int same_tok(const ctx *c, size_t i, size_t j)
{
	return c->t[i].len == c->t[j].len && memcmp(c->text + c->t[i].off, c->text + c->t[j].off, c->t[i].len) == 0;
}

static size_t skip_pair(const ctx *c, size_t i)
{
	return c->t[i].pair_ok ? c->t[i].pair : i;
}

/* Copy tokens [a, b) as text: a space only between two words and around
 * `=` and after `,`. */
static void range_text(const ctx *c, size_t a, size_t b, char *out, size_t size)
{
	size_t len = 0, i;

	out[0] = '\0';
	for (i = a; i < b && i < c->n; i++) {
		const rustlex_token *t = &c->t[i];
		int word = t->kind == TOK_IDENT || t->kind == TOK_NUMBER || t->kind == TOK_LIFETIME;
		int prev_word = i > a && (c->t[i - 1].kind == TOK_IDENT || c->t[i - 1].kind == TOK_NUMBER ||
		                          c->t[i - 1].kind == TOK_LIFETIME);
		int space = i > a && ((word && prev_word) || is(c, i, "=") || is(c, i - 1, "=") || is(c, i - 1, ",") ||
		                      is(c, i, "=>") || is(c, i - 1, "=>"));
		if (len + t->len + (size_t)space + 4 >= size) {
			memcpy(out + len, "...", 4);
			return;
		}
		if (space)
			out[len++] = ' ';
		memcpy(out + len, c->text + t->off, t->len);
		len += t->len;
		out[len] = '\0';
	}
}

static void tok_text(const ctx *c, size_t i, char *out, size_t size)
{
	range_text(c, i, i + 1, out, size);
}

/* ---- types ---------------------------------------------------------------- */

/* Every function here reads the type's tokens from its own file (t.src),
 * which may be the type library rather than the file of the site. */

static int tok_eq_text(const ctx *c, size_t i, const char *s, size_t n)
{
	return i < c->n && c->t[i].len == n && memcmp(c->text + c->t[i].off, s, n) == 0;
}

static trange strip_refs(trange t, int *is_ref)
{
	const ctx *c = t.src;

	while (c && t.a < t.b && (is(c, t.a, "&") || is(c, t.a, "&&") || is(c, t.a, "mut") || is(c, t.a, "dyn") ||
	                          is(c, t.a, "impl") || c->t[t.a].kind == TOK_LIFETIME)) {
		if (is_ref && (is(c, t.a, "&") || is(c, t.a, "&&")))
			*is_ref = 1;
		t.a++;
	}
	return t;
}

/* The type's name (last path segment before `<`) and its `<`, if any. */
static size_t type_head(trange t, size_t *lt)
{
	const ctx *c = t.src;
	size_t i, name = RS_NONE;

	*lt = RS_NONE;
	if (!c)
		return RS_NONE;
	for (i = t.a; i < t.b && (is_ident(c, i) || is(c, i, "::")); i++)
		if (is_ident(c, i))
			name = i;
	if (i < t.b && is(c, i, "<"))
		*lt = i;
	return name;
}

/* The k-th type argument of `Name<A, B>`. */
static trange type_arg(trange t, int k)
{
	const ctx *c = t.src;
	size_t lt, i, start;
	int depth = 0, index = 0;

	if (type_head(t, &lt) == RS_NONE || lt == RS_NONE)
		return TR_NONE;
	start = lt + 1;
	for (i = lt; i < t.b; i++) {
		if (c->t[i].kind == TOK_OPEN) {
			i = skip_pair(c, i);
			continue;
		}
		if (is(c, i, "<"))
			depth++;
		else if (is(c, i, ">") && --depth == 0)
			return index == k ? tr(c, start, i) : TR_NONE;
		else if (depth == 1 && is(c, i, ",")) {
			if (index == k)
				return tr(c, start, i);
			index++;
			start = i + 1;
		}
	}
	return TR_NONE;
}

/* `type Name = Target;` (or `use ..::Target as Name;`) for the name at
 * token `name` of file c: in c, else in the type library (aliases only). */
static trange find_alias(const ctx *c, size_t name, const ctx *site)
{
	const char *n = c->text + c->t[name].off;
	size_t len = c->t[name].len, a;
	const typelib_entry *e;

	/* the type library holds every file's aliases: its sorted index, not a
	 * walk through thousands of them for every lookup */
	for (a = 0; c != site->lib && a < c->rs->alias_count; a++)
		if (tok_eq_text(c, c->rs->aliases[a].name, n, len))
			return tr(c, c->rs->aliases[a].type_start, c->rs->aliases[a].type_end);
	for (a = 0; c != site->lib && a < c->rs->rename_count; a++) /* `use std::rc::Weak as RcWeak;` */
		if (tok_eq_text(c, c->rs->renames[a].name, n, len))
			return tr(c, c->rs->renames[a].type_start, c->rs->renames[a].type_end);
	if (site->lib && (e = typelib_alias(site->tl, n, len))) {
		const rs_alias *al = &site->lib->rs->aliases[e->first];
		return tr(site->lib, al->type_start, al->type_end);
	}
	return TR_NONE;
}

/* Follow type aliases. */
static trange resolve_alias(trange t, const ctx *site)
{
	size_t lt, name, hops;

	for (hops = 0; hops < 8 && t.src; hops++) {
		trange target;
		name = type_head(strip_refs(t, NULL), &lt);
		if (name == RS_NONE)
			return t;
		target = find_alias(t.src, name, site);
		if (!target.src)
			return t;
		t = target;
	}
	return t;
}

/* Auto-deref: through references and Arc/Rc/Box/Cow to what they hold. */
static trange deref(trange t, const ctx *site)
{
	size_t lt, name, hops;

	for (hops = 0; hops < 16 && t.src && t.a < t.b; hops++) {
		t = strip_refs(resolve_alias(t, site), NULL);
		name = type_head(t, &lt);
		if (name == RS_NONE || !in_list(t.src, &site->ar->deref_type, name))
			break;
		t = type_arg(t, 0);
	}
	return t;
}

/* What one `*` makes of a value of type t: a reference's referent, a
 * smart pointer's content (deref_type); TR_NONE when unknown (a type with
 * its own Deref impl). */
static trange deref_once(trange t, const ctx *site)
{
	size_t lt, name;

	t = resolve_alias(t, site);
	if (!t.src || t.a >= t.b)
		return TR_NONE;
	if (is(t.src, t.a, "&") || is(t.src, t.a, "&&")) {
		t.a++;
		while (t.a < t.b && (is(t.src, t.a, "mut") || t.src->t[t.a].kind == TOK_LIFETIME))
			t.a++;
		return t;
	}
	name = type_head(t, &lt);
	if (name == RS_NONE || !in_list(t.src, &site->ar->deref_type, name) || lt == RS_NONE)
		return TR_NONE;
	return type_arg(t, 0);
}

/* What indexing or a lookup on a container of type t yields. */
static trange element(trange t, const ctx *site)
{
	size_t lt, name;
	int k;

	t = deref(t, site);
	if (!t.src)
		return TR_NONE;
	if (t.a < t.b && is_open(t.src, t.a, '[')) { /* [T] or [T; N] */
		trange r = tr(t.src, t.a + 1, skip_pair(t.src, t.a));
		size_t i;
		for (i = r.a; i < r.b; i++)
			if (is(t.src, i, ";"))
				r.b = i;
		return r;
	}
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return TR_NONE;
	k = audit_rules_element_arg(site->ar, t.src->text + t.src->t[name].off, t.src->t[name].len);
	return k < 0 ? TR_NONE : type_arg(t, k);
}

/* Where the struct named by token `name` of file c is declared: that file
 * (fields [*first, *first + *count) of its scan) or the type library. */
static const ctx *struct_home(const ctx *c, size_t name, const ctx *site, size_t *first, size_t *count)
{
	const char *n = c->text + c->t[name].off;
	size_t len = c->t[name].len, i;
	const typelib_entry *e;

	/* one comparison a struct of this file; its fields are found by
	 * binary search (they are in source order, so sorted by struct).
	 * A type met inside the library is looked up in its index instead. */
	for (i = 0; c != site->lib && i < c->rs->struct_count; i++) {
		uint32_t sn = c->rs->structs[i].name;
		size_t lo = 0, hi = c->rs->field_count, k;
		if (!tok_eq_text(c, sn, n, len))
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (c->rs->fields[mid].strukt < sn)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (k = lo; k < c->rs->field_count && c->rs->fields[k].strukt == sn; k++)
			;
		if (k > lo) {
			*first = lo;
			*count = k - lo;
			return c;
		}
	}
	if (site->lib && (e = typelib_struct(site->tl, n, len)) && e->count) {
		*first = e->first;
		*count = e->count;
		return site->lib;
	}
	return NULL;
}

/* The type of field `f` of the struct that type t names. */
static trange field_type(trange t, const char *f, size_t fn, const ctx *site)
{
	const ctx *home;
	size_t lt, name, i, first, count;

	t = deref(t, site);
	name = type_head(t, &lt);
	if (name == RS_NONE || !(home = struct_home(t.src, name, site, &first, &count)))
		return TR_NONE;
	for (i = first; i < first + count; i++) {
		const rs_field *fd = &home->rs->fields[i];
		if (tok_eq_text(home, fd->name, f, fn))
			return tr(home, fd->type_start, fd->type_end);
	}
	return TR_NONE;
}

/* Option<T>/Result<T, E> -> T; anything else unchanged. */
static trange unwrap_type(trange t)
{
	size_t lt, name = type_head(strip_refs(t, NULL), &lt);

	if (name != RS_NONE && (is(t.src, name, "Option") || is(t.src, name, "Result")))
		return type_arg(strip_refs(t, NULL), 0);
	return t;
}

static enum ev_cost type_cost_depth(trange t, const ctx *site, int depth);

/* A struct: what cloning it costs, from its fields.  Only handles (and
 * Copy fields beside them) make a cheap clone; any heap field makes it a
 * heap copy; otherwise unknown. */
static enum ev_cost struct_cost(trange t, size_t name, const ctx *site, int depth)
{
	size_t i, first, count;
	const ctx *home = struct_home(t.src, name, site, &first, &count);
	int handles = 0, heap = 0, unknown = 0;

	if (!home || !count)
		return EV_COST_UNKNOWN;
	for (i = first; i < first + count; i++) {
		const rs_field *fd = &home->rs->fields[i];
		switch (type_cost_depth(tr(home, fd->type_start, fd->type_end), site, depth + 1)) {
		case EV_COST_REFCOUNT: handles++; break;
		case EV_COST_HEAP: heap++; break;
		case EV_COST_COPY: break;
		default: unknown++; break;
		}
	}
	if (heap)
		return EV_COST_HEAP;
	if (handles && !unknown)
		return EV_COST_REFCOUNT;
	return EV_COST_UNKNOWN;
}

/* The cost of cloning a value of type t. */
static enum ev_cost type_cost(trange t, const ctx *site)
{
	return type_cost_depth(t, site, 0);
}

static enum ev_cost type_cost_depth(trange t, const ctx *site, int depth)
{
	const ctx *c;
	size_t lt, name;
	int is_ref = 0;

	if (depth > 4 || !t.src)
		return EV_COST_UNKNOWN;
	t = strip_refs(resolve_alias(t, site), &is_ref);
	c = t.src;
	if (t.a < t.b && is_open(c, t.a, '['))
		return is_ref ? EV_COST_COPY : EV_COST_HEAP;
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return EV_COST_UNKNOWN;
	if (is_ref && (is(c, name, "str") || is(c, name, "Path") || is(c, name, "OsStr"))) {
		size_t first, count;
		/* &str is Copy and str is not Clone: the reference is copied.  A
		 * struct of the workspace by the same name (clap's OsStr) is
		 * Clone, and `.clone()` on a reference to it copies the struct */
		if (!struct_home(t.src, name, site, &first, &count))
			return EV_COST_COPY;
	}
	if (in_list(c, &site->ar->wrapper_type, name) && lt != RS_NONE)
		return type_cost_depth(type_arg(t, 0), site, depth + 1);
	if (in_list(c, &site->ar->cheap_type, name))
		return EV_COST_REFCOUNT;
	if (in_list(c, &site->ar->copy_type, name) ||
	    typelib_copy(site->tl, c->text + c->t[name].off, c->t[name].len)) /* `#[derive(Copy)]` in the workspace */
		return EV_COST_COPY;
	if (in_list(c, &site->ar->heap_type, name))
		return EV_COST_HEAP;
	return struct_cost(t, name, site, depth);
}

/* Walk the receiver's chain (tokens [k, end) of the site's file c) after
 * its root, from the root's type: fields, indexing, lookups, unwraps and
 * guards.  TR_NONE when a step is unknown. */
static trange chain_type(const ctx *c, trange t, size_t k, size_t end)
{
	while (k < end && t.src && t.a < t.b) {
		if (is(c, k, ".") && is_ident(c, k + 1)) {
			size_t m = k + 1;
			if (is_open(c, m + 1, '(')) {
				if (in_list(c, &c->ar->lock_method, m)) {
					trange d = deref(t, c);
					size_t lt, name = type_head(d, &lt);
					if (name == RS_NONE || !in_list(d.src, &c->ar->guard_type, name))
						return TR_NONE;
					t = unwrap_type(type_arg(d, 0));
				} else if (in_list(c, &c->ar->lookup_method, m)) {
					t = element(t, c);
				} else if (in_list(c, &c->ar->pass_method, m)) {
					if (!is(c, m, "entry"))
						t = unwrap_type(t);
				} else
					return TR_NONE;
				k = skip_pair(c, m + 1) + 1;
				continue;
			}
			t = field_type(t, c->text + c->t[m].off, c->t[m].len, c);
			k += 2;
			continue;
		}
		if (is_open(c, k, '[')) {
			t = element(t, c);
			k = skip_pair(c, k) + 1;
			continue;
		}
		if (is(c, k, "?")) {
			t = unwrap_type(t);
			k++;
			continue;
		}
		return TR_NONE;
	}
	return t;
}

/* ---- statements ---------------------------------------------------------- */

/* The end of a `let` pattern / type: the `=` or `;` at depth 0. */
static size_t let_end(const ctx *c, size_t i, size_t limit)
{
	int angle = 0;

	for (; i < limit; i++) {
		if (c->t[i].kind == TOK_OPEN)
			i = skip_pair(c, i);
		else if (is(c, i, "<"))
			angle++;
		else if (is(c, i, ">"))
			angle--;
		else if (angle <= 0 && (is(c, i, "=") || is(c, i, ";")))
			return i;
	}
	return limit;
}

/* The end of an expression statement from i: its `;` at depth 0, or the
 * closer of the block it is in. */
static size_t stmt_end(const ctx *c, size_t i, size_t limit)
{
	for (; i < limit; i++) {
		if (c->t[i].kind == TOK_OPEN)
			i = skip_pair(c, i);
		else if (c->t[i].kind == TOK_CLOSE || is(c, i, ";"))
			return i;
	}
	return limit;
}

/* Where the statement or expression around token i starts, going back
 * over whole bracket groups: at a `;`, a `{`, a `}` or a `=>` -- and, unless
 * `outward`, at any opening bracket (the innermost expression). */
static size_t start_back(const ctx *c, size_t i, size_t limit, int outward)
{
	while (i > limit) {
		size_t p = i - 1;
		if (c->t[p].kind == TOK_CLOSE) {
			if (is(c, p, "}"))
				return i;
			i = skip_pair(c, p);
			continue;
		}
		if (is(c, p, ";") || is(c, p, "=>") || (c->t[p].kind == TOK_OPEN && (!outward || is_open(c, p, '{'))))
			return i;
		i = p;
	}
	return limit;
}

static size_t stmt_start(const ctx *c, size_t i, size_t limit)
{
	return start_back(c, i, limit, 0);
}

/* The start of the whole statement around token i: out through the
 * parentheses and brackets it sits in (`return f(x)`: from x, the
 * `return`). */
static size_t outer_stmt_start(const ctx *c, size_t i, size_t limit)
{
	return start_back(c, i, limit, 1);
}

/* The `}` that ends the block containing token i. */
static size_t block_end(const ctx *c, size_t i, size_t limit)
{
	for (; i < limit; i++) {
		if (c->t[i].kind == TOK_OPEN)
			i = skip_pair(c, i);
		else if (c->t[i].kind == TOK_CLOSE)
			return i;
	}
	return limit;
}

static int names_root(const ctx *c, size_t i, const char *root)
{
	const rustlex_token *t;

	/* asked of every token of a fn for every site in it: the kind and the
	 * first byte dismiss almost all before any length is taken */
	if (i >= c->n || (t = &c->t[i])->kind != TOK_IDENT || t->first != (unsigned char)root[0] || t->len != strlen(root) ||
	    memcmp(c->text + t->off, root, t->len) != 0)
		return 0;
	return !(i > 0 && (is(c, i - 1, ".") || is(c, i - 1, "::")));
}

/* Is token k an argument of a format-family macro (directly)? */
static int in_format_macro(const ctx *c, size_t k, size_t floor)
{
	while (k > floor) {
		size_t p = k - 1;
		if (c->t[p].kind == TOK_CLOSE) {
			k = skip_pair(c, p);
			continue;
		}
		if (c->t[p].kind == TOK_OPEN) {
			if (p > 1 && is(c, p - 1, "!") && in_list(c, &c->ar->format_macro, p - 2))
				return 1;
			/* json!({"a": x}) and json!([x]): object and array literals
			 * inside the macro are still its input; a call is not */
			if (is_open(c, p, '(') && p > 0 && (is_ident(c, p - 1) || c->t[p - 1].kind == TOK_CLOSE))
				return 0;
			if (is_open(c, p, '{') && p > 0 && (is(c, p - 1, ")") || is_ident(c, p - 1)))
				return 0; /* a block or struct literal */
			k = p;
			continue;
		}
		if (is(c, p, ";"))
			return 0;
		k = p;
	}
	return 0;
}

enum use_kind { USE_READ, USE_MUT, USE_MOVE };

/* How the occurrence of a name at k uses it. */
static enum use_kind use_at(const ctx *c, size_t k, size_t floor)
{
	size_t n = k + 1;

	if (k > 0 && is(c, k - 1, "mut") && k > 1 && is(c, k - 2, "&"))
		return USE_MUT;
	if (k > 0 && is(c, k - 1, "&"))
		return USE_READ;
	if (k > 0 && (is(c, k - 1, "==") || is(c, k - 1, "!=")))
		return USE_READ;
	/* fields, then maybe a method: x.a.b.len() */
	while (is(c, n, ".") && is_ident(c, n + 1) && !is_open(c, n + 2, '('))
		n += 2;
	if (is(c, n, ".") && is_ident(c, n + 1) && is_open(c, n + 2, '('))
		return in_list(c, &c->ar->borrow_method, n + 1) ? USE_READ : USE_MOVE;
	if (n > k + 1) /* a field read */
		return is(c, n, "=") ? USE_MUT : USE_READ;
	if (is_open(c, n, '[') || is(c, n, "==") || is(c, n, "!=") || is(c, n, "<") || is(c, n, ">") ||
	    is(c, n, "<=") || is(c, n, ">="))
		return USE_READ;
	if (is(c, n, "=") || is(c, n, "+=") || is(c, n, "-=") || is(c, n, "*=") || is(c, n, "/=") || is(c, n, "|=") ||
	    is(c, n, "&="))
		return USE_MUT;
	if (in_format_macro(c, k, floor))
		return USE_READ;
	return USE_MOVE;
}

/* ---- declarations ------------------------------------------------------- */

/* The index of the first scope whose head is at or after token k: the
 * scanner adds scopes in token order, so they are sorted by head. */
static size_t scope_lower_bound(const ctx *c, size_t k)
{
	size_t lo = 0, hi = c->rs->scope_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->rs->scopes[mid].head < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const rs_scope *scope_at_head(const ctx *c, size_t k, enum rs_scope_kind kind)
{
	size_t s;

	for (s = scope_lower_bound(c, k); s < c->rs->scope_count && c->rs->scopes[s].head == k; s++)
		if (c->rs->scopes[s].kind == kind)
			return &c->rs->scopes[s];
	return NULL;
}

/* Does the expression [a, b) hand over an owned value (`rx.recv()`,
 * `queue.pop()`) rather than lend one (`&x`, `.iter()`, `.get(..)`)? */
static int takes_ownership(const ctx *c, size_t a, size_t b)
{
	size_t k;
	int takes = 0;

	for (k = a; k < b; k++) {
		if (is(c, k, "&") || (is(c, k, ".") && (in_list(c, &c->ar->lookup_method, k + 1) || is(c, k + 1, "iter") ||
		                                        is(c, k + 1, "as_ref") || is(c, k + 1, "as_mut"))))
			return 0;
		if (is(c, k, ".") && in_list(c, &c->ar->take_method, k + 1))
			takes = 1;
	}
	return takes;
}

typedef struct {
	size_t last;          /* the declaring token, RS_NONE when none */
	enum ev_root kind;
	trange type;          /* a declared type */
	size_t init_a, init_b;/* a `let`'s initializer, or a binding's scrutinee */
	int owned_binding;
	int scrutinee;        /* init is a match/if-let scrutinee: unwrap Some(..) */
	size_t scope_end;     /* where the binding's scope ends (a closer) */
} decl;

/* Is the name at token i a parameter or annotated local of a `&` type? */
static int ident_is_ref(const ctx *c, const rs_fn *fn, size_t i)
{
	size_t k, close;

	if (fn->params_open != RS_NONE && c->t[fn->params_open].pair_ok) {
		close = c->t[fn->params_open].pair;
		for (k = fn->params_open + 1; k + 2 < close; k++)
			if (same_tok(c, k, i) && is(c, k + 1, ":") && (is(c, k + 2, "&") || is(c, k + 2, "&&")))
				return 1;
	}
	for (k = fn->body_open + 1; k + 3 < i; k++)
		if (is(c, k, "let") && same_tok(c, k + 1, i) && is(c, k + 2, ":") && is(c, k + 3, "&"))
			return 1;
	return 0;
}

/* Are tokens [a, b) (a trailing `;` aside) a plain place: names and
 * fields, no call, index or operator? */
static int plain_place_tokens(const ctx *c, size_t a, size_t b)
{
	while (b > a && is(c, b - 1, ";"))
		b--;
	for (; a < b; a++)
		if (!(is_ident(c, a) || is(c, a, ".") || c->t[a].kind == TOK_NUMBER))
			return 0;
	return 1;
}

/* Does the fn take `self` by reference (`&self`, `&mut self`, `&'a self`),
 * or as `self` of an impl for a type holding a reference? */
static int self_by_ref(const ctx *c, const rs_fn *fn)
{
	size_t k, close;

	if (fn->params_open == RS_NONE || !c->t[fn->params_open].pair_ok)
		return 0;
	close = c->t[fn->params_open].pair;
	for (k = fn->params_open + 1; k < close && !is(c, k, ","); k++)
		if (is(c, k, "self"))
			return is(c, fn->params_open + 1, "&") || (fn->impl != RS_NONE && c->rs->impls[fn->impl].self_ref);
	return 0;
}

/* Positive evidence that a `for` loop over tokens [a, b) yields owned
 * items: it iterates a local or by-value parameter itself, or its
 * `into_iter()` / `drain(..)` / `into_values()` / `into_keys()`.  Anything
 * else -- a method chain (`self.args.args().filter(..)`), a field, a call
 * -- may well yield references: unknown, never owned. */
static int loop_items_owned(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	if (a >= b || !is_ident(c, a) || is(c, a, "self"))
		return 0;
	if (a + 1 == b)
		return !ident_is_ref(c, fn, a);
	if (a + 4 <= b && is(c, a + 1, ".") && is_open(c, a + 3, '(') && c->t[a + 3].pair == b - 1 &&
	    (is(c, a + 2, "into_iter") || is(c, a + 2, "drain") || is(c, a + 2, "into_values") || is(c, a + 2, "into_keys")))
		return !ident_is_ref(c, fn, a);
	return 0;
}

/* Positive evidence that a `let`'s initializer [a, b) makes a value the
 * local owns: a literal, an owning macro (`vec!`, `format!`), a path call
 * (`Type::new(..)`, `mem::take(..)`), a free fn's result, a struct
 * literal, an owning or taking method last in the chain (`to_string`,
 * `collect`, `pop`, `recv`, `into_*`, `to_*`, or one every fn of that name
 * in the workspace returns by value; before `?` or `unwrap`), a
 * future's output (`.await`), or a place moved in (`other`, `msg.body`).  A method that may
 * hand out a reference (`self.project()`, `cx.waker()`, `map.get(k)`),
 * `&..`, `*..`, an index, a block: unknown -- never owned. */
static int init_owned(const ctx *c, size_t a, size_t b)
{
	size_t last = b;

	while (b > a && is(c, b - 1, ";"))
		b--;
	if (a >= b)
		return 0;
	if (c->t[a].kind == TOK_NUMBER || c->t[a].kind == TOK_STRING || is(c, a, "true") || is(c, a, "false"))
		return 1;
	if (is_ident(c, a) && is(c, a + 1, "!"))
		return in_list(c, &c->ar->owned_macro, a);
	if (!is_ident(c, a) || is(c, a, "unsafe") || is(c, a, "if") || is(c, a, "match") || is(c, a, "loop"))
		return 0;
	/* the chain's steps: drop the trailing ones that pass the value on */
	for (;;) {
		if (b > a && is(c, b - 1, "?")) {
			b--;
			continue;
		}
		if (b >= a + 2 && is(c, b - 1, "await") && is(c, b - 2, "."))
			return 1; /* a future's output: made by it, handed over */
		if (b >= a + 3 && c->t[b - 1].kind == TOK_CLOSE && c->t[b - 1].pair_ok && is_open(c, c->t[b - 1].pair, '(')) {
			size_t open = c->t[b - 1].pair;
			if (open >= a + 2 && is(c, open - 2, ".") &&
			    (is(c, open - 1, "unwrap") || is(c, open - 1, "expect") || is(c, open - 1, "unwrap_or") ||
			     is(c, open - 1, "unwrap_or_default") || is(c, open - 1, "unwrap_or_else"))) {
				b = open - 2;
				continue;
			}
		}
		break;
	}
	if (b <= a)
		return 0;
	if (plain_place_tokens(c, a, b)) /* names and fields: moved in */
		return 1;
	if (c->t[b - 1].kind == TOK_CLOSE && c->t[b - 1].pair_ok && is_open(c, c->t[b - 1].pair, '{')) {
		size_t open = c->t[b - 1].pair; /* `Type { .. }` */
		return open == a + 1 && is_ident(c, a) && c->text[c->t[a].off] >= 'A' && c->text[c->t[a].off] <= 'Z';
	}
	if (c->t[b - 1].kind != TOK_CLOSE || !c->t[b - 1].pair_ok || !is_open(c, c->t[b - 1].pair, '('))
		return 0;
	last = c->t[b - 1].pair; /* the last call's `(` */
	if (last >= a + 2 && is(c, last - 2, "::")) /* `Type::new(..)`, `mem::take(..)`: owned, unless the */
		return typelib_fn_returns(c->tl, c->text + c->t[last - 1].off, c->t[last - 1].len) != 1; /* workspace's fn of that name lends */
	if (last == a + 1)
		return typelib_fn_returns(c->tl, c->text + c->t[a].off, c->t[a].len) != 1; /* a free fn's result, likewise */
	if (last >= a + 2 && is(c, last - 2, ".")) {
		size_t m = last - 1;
		const char *name = c->text + c->t[m].off;
		size_t n = c->t[m].len;
		return in_list(c, &c->ar->owned_method, m) || in_list(c, &c->ar->take_method, m) ||
		       (n > 5 && strncmp(name, "into_", 5) == 0) || (n > 3 && strncmp(name, "to_", 3) == 0) ||
		       typelib_fn_owned(c->tl, name, n); /* every fn of the workspace by that name returns a value */
	}
	return 0;
}

/* The `}` of the innermost block `{ .. }` around token k (within the fn). */
static size_t block_close_scan(const ctx *c, size_t k, size_t floor)
{
	while (k > floor) {
		k--;
		if (c->t[k].kind == TOK_CLOSE)
			k = skip_pair(c, k);
		else if (is_open(c, k, '{'))
			return skip_pair(c, k);
	}
	return skip_pair(c, floor);
}

/* block_close_scan(), each token's answer remembered for the file: asked
 * of every `let` before a site, for every site of a fn.  The floor is the
 * body `{` of a fn around k, so the answer is k's innermost enclosing
 * block whichever fn asks (brackets pair properly nested). */
static size_t enclosing_block_close(const ctx *c, size_t k, size_t floor)
{
	evidence_memo *m = c->memo;
	size_t close;

	if (m && k < m->cap && (uint32_t)(m->block_close[k] >> 32) == m->stamp)
		return (size_t)(uint32_t)m->block_close[k] - 1;
	close = block_close_scan(c, k, floor);
	if (m && k < m->cap && close < UINT32_MAX)
		m->block_close[k] = (uint64_t)m->stamp << 32 | (uint64_t)(close + 1);
	return close;
}

int evidence_memo_start(evidence_memo *m, size_t n)
{
	if (n > m->cap) {
		uint64_t *v = realloc(m->block_close, n * sizeof(*v));
		if (!v) {
			m->cap = 0; /* no memo for this file: m->block_close stays whole */
			return -1;
		}
		memset(v + m->cap, 0, (n - m->cap) * sizeof(*v)); /* stamp 0: unknown */
		m->block_close = v;
		m->cap = n;
	}
	if (++m->stamp == 0) { /* after 2^32 files: start the stamps again */
		memset(m->block_close, 0, m->cap * sizeof(*m->block_close));
		m->stamp = 1;
	}
	return 0;
}

void evidence_memo_free(evidence_memo *m)
{
	free(m->block_close);
	memset(m, 0, sizeof(*m));
}

/* The last declaration of `root` in the fn body before `before` that is
 * still in scope there. */
static decl find_local(const ctx *c, const char *root, const rs_fn *fn, size_t before)
{
	decl d;
	size_t k;

	memset(&d, 0, sizeof(d));
	d.last = RS_NONE;
	for (k = fn->body_open + 1; k < before; k++) {
		/* each test below needs one of these first bytes: the rest of a
		 * long fn body, asked of for every site in it, is passed over */
		unsigned char first = c->t[k].first;
		if (first != 'l' && first != 'f' && first != '|' && first != (unsigned char)root[0])
			continue;
		if (is(c, k, "let")) {
			size_t end = let_end(c, k + 1, before), p, block_close;
			int binding = k > 0 && (is(c, k - 1, "if") || is(c, k - 1, "while")), destructured;
			/* a let whose initializer holds the site declares names that
			 * are not in scope yet: `let x = x.clone();` clones the old x */
			if (!binding && end < before && is(c, end, "=") && stmt_end(c, end + 1, c->n) >= before)
				continue;
			/* a let in a block that closed before the site is out of scope;
			 * an if-let / while-let binding lives in the body that follows */
			block_close = enclosing_block_close(c, k, fn->body_open);
			if (block_close < before)
				continue;
			for (p = k + 1; p < end; p++) {
				if (!names_root(c, p, root) || is(c, p + 1, "::") || is_open(c, p + 1, '('))
					continue;
				memset(&d, 0, sizeof(d));
				d.last = p;
				d.kind = binding ? EV_ROOT_BINDING : EV_ROOT_LOCAL;
				d.scope_end = block_close;
				if (!binding && p + 1 < end && is(c, p + 1, ":")) {
					d.type = tr(c, p + 2, end);
				}
				destructured = !(p == k + 1 || (p == k + 2 && is(c, k + 1, "mut")));
				if (!binding && destructured) {
					/* a part of a destructured value: owned when the value is
					 * (below) and the pattern borrows nothing */
					size_t q;
					for (q = k + 1; q < end; q++)
						if (is(c, q, "&") || is(c, q, "ref"))
							d.kind = EV_ROOT_BINDING;
				}
				if (is(c, end, "=")) {
					d.init_a = end + 1;
					d.init_b = stmt_end(c, end + 1, c->n);
					if (!binding && !init_owned(c, d.init_a, d.init_b))
						d.kind = EV_ROOT_BINDING; /* `let this = self.project();`: may hold references */
					if (!binding && is(c, d.init_a, "self") && fn->impl != RS_NONE && c->rs->impls[fn->impl].self_ref)
						d.kind = EV_ROOT_BINDING; /* `let (a, b, c) = self;` of an `impl .. for (Ix, Ix, &'a E)` */
					/* `let Self { metrics, .. } = self;` in a `&self` method, or
					 * any place reached through a `&` parameter: the parts are
					 * references (the pattern's default binding mode) */
					if (!binding && is_ident(c, d.init_a) && plain_place_tokens(c, d.init_a, d.init_b) &&
					    (is(c, d.init_a, "self") ? self_by_ref(c, fn) : ident_is_ref(c, fn, d.init_a)))
						d.kind = EV_ROOT_BINDING;
					if (binding) {
						/* `while let Some(x) = rx.recv().await {`: up to the body */
						size_t q;
						for (q = end + 1; q < c->n && !is_open(c, q, '{'); q++)
							if (c->t[q].kind == TOK_OPEN)
								q = skip_pair(c, q);
						d.init_b = q;
						d.scrutinee = 1;
						if (q < c->n && is_open(c, q, '{')) {
							d.scope_end = skip_pair(c, q);
							if (d.scope_end < before) { /* its body ended before the site */
								d.last = RS_NONE;
								break;
							}
						}
						if (takes_ownership(c, d.init_a, d.init_b)) {
							d.kind = EV_ROOT_LOCAL;
							d.owned_binding = 1;
						}
					}
				} else if (!binding && destructured)
					d.kind = EV_ROOT_BINDING; /* destructured, no initializer seen */
				break;
			}
			continue;
		}
		if (is(c, k, "for")) {
			const rs_scope *sc = scope_at_head(c, k, RS_LOOP);
			size_t in, p;
			if (!sc)
				continue;
			if (sc->end < before)
				continue; /* the loop (and its variable) ended before the site */
			for (in = k + 1; in < sc->start && !is(c, in, "in"); in++)
				;
			for (p = k + 1; p < in; p++)
				if (names_root(c, p, root)) {
					size_t q;
					int by_ref = !loop_items_owned(c, fn, in + 1, sc->start - 1);
					for (q = k + 1; q < in; q++) /* `for &(a, ref b) in ..`: the pattern borrows */
						if (is(c, q, "&") || is(c, q, "ref"))
							by_ref = 1;
					memset(&d, 0, sizeof(d));
					d.last = p;
					d.kind = by_ref ? EV_ROOT_LOOP_REF : EV_ROOT_LOOP_OWNED;
					d.scope_end = sc->end;
				}
			continue;
		}
		if (is(c, k, "|") || is(c, k, "||")) {
			const rs_scope *sc = scope_at_head(c, k, RS_CLOSURE);
			size_t p;
			if (!sc)
				continue;
			for (p = k + 1; p < sc->start && p < before; p++)
				if (names_root(c, p, root) && sc->end > before) {
					memset(&d, 0, sizeof(d));
					d.last = p;
					d.kind = EV_ROOT_CLOSURE_PARAM;
					d.scope_end = sc->end;
				}
			continue;
		}
		/* a match arm binding: `Some(root) =>`, or a select! arm:
		 * `Some(root) = rx.recv() =>` */
		if (names_root(c, k, root) && (is(c, k + 1, ")") || is(c, k + 1, ",") || is(c, k + 1, "}")) && k > 0 &&
		    (is(c, k - 1, "(") || is(c, k - 1, ",") || is(c, k - 1, "{") || is(c, k - 1, "ref") || is(c, k - 1, "mut"))) {
			size_t q, eq = RS_NONE;
			for (q = k + 1; q < before && q < k + 64; q++) {
				if (c->t[q].kind == TOK_OPEN) {
					q = skip_pair(c, q);
					continue;
				}
				if (is(c, q, "=") && eq == RS_NONE)
					eq = q;
				if (is(c, q, "=>")) {
					if (enclosing_block_close(c, k, fn->body_open) < before)
						break; /* a match that ended before the site */
					memset(&d, 0, sizeof(d));
					d.last = k;
					d.kind = EV_ROOT_BINDING;
					if (eq != RS_NONE) { /* select! arm */
						d.init_a = eq + 1;
						d.init_b = q;
						d.scrutinee = 1;
						if (takes_ownership(c, eq + 1, q)) {
							d.kind = EV_ROOT_LOCAL;
							d.owned_binding = 1;
						}
					} else { /* match arm: the scrutinee after `match` */
						size_t open = k, m;
						while (open > fn->body_open) { /* the `{` holding the arms */
							open--;
							if (c->t[open].kind == TOK_CLOSE)
								open = skip_pair(c, open);
							else if (is_open(c, open, '{'))
								break;
						}
						for (m = open; m > fn->body_open && m + 64 > open; m--)
							if (is(c, m, "match")) {
								d.init_a = m + 1;
								d.init_b = open;
								d.scrutinee = 1;
								if (takes_ownership(c, m + 1, open)) {
									d.kind = EV_ROOT_LOCAL;
									d.owned_binding = 1;
								}
								break;
							}
					}
					break;
				}
				if (is(c, q, ";") || is(c, q, "{"))
					break;
			}
		}
	}
	return d;
}

/* Is token k a literal of a Copy type (a number, a char, a bool)?  Its
 * type's name in out, after "&" when by_ref. */
static int literal_copy(const ctx *c, size_t k, char *out, size_t size, int by_ref)
{
	const char *what = c->t[k].kind == TOK_NUMBER ? "a number"
	                   : c->t[k].kind == TOK_CHAR ? "char"
	                   : is(c, k, "true") || is(c, k, "false") ? "bool" : NULL;

	if (!what || (c->t[k].kind == TOK_CHAR && c->text[c->t[k].off] == 'b')) /* b'x' is a u8: a number still */
		what = c->t[k].kind == TOK_CHAR ? "u8" : what;
	if (!what)
		return 0;
	snprintf(out, size, "%s%s", by_ref ? "&" : "", what);
	return 1;
}

/* `let x = <init>`: a type the initializer makes plain. */
static int constructed(const ctx *c, evidence *ev, size_t a, size_t b)
{
	size_t i;

	if (a >= b)
		return 0;
	while (b > a && is(c, b - 1, ";"))
		b--;
	/* `&&42_i32`, `&mut 43`: a reference to a literal */
	for (i = a; i < b && (is(c, i, "&") || is(c, i, "&&") || is(c, i, "mut")); i++)
		;
	if (i + 1 == b && literal_copy(c, i, ev->type, sizeof(ev->type), i > a)) {
		ev->type_source = "literal";
		ev->type_is_ref = i > a;
		ev->cost = EV_COST_COPY;
		return 1;
	}
	if (i == a && (c->t[a].kind == TOK_NUMBER || is(c, a, "true") || is(c, a, "false"))) { /* `1 << 3` */
		snprintf(ev->type, sizeof(ev->type), "%s", c->t[a].kind == TOK_NUMBER ? "a number" : "bool");
		ev->type_source = "literal";
		ev->cost = EV_COST_COPY;
		return 1;
	}
	/* `[0, 0]`, `[0u8; 32]`: an array of literals is Copy */
	if (i == a && is_open(c, a, '[') && skip_pair(c, a) + 1 == b) {
		size_t k;
		int lits = 0;
		for (k = a + 1; k + 1 < b; k++)
			if (c->t[k].kind == TOK_NUMBER || c->t[k].kind == TOK_CHAR || is(c, k, "true") || is(c, k, "false"))
				lits++;
			else if (!is(c, k, ",") && !is(c, k, ";"))
				return 0;
		if (lits) {
			snprintf(ev->type, sizeof(ev->type), "an array of literals");
			ev->type_source = "literal";
			ev->cost = EV_COST_COPY;
			return 1;
		}
	}
	if (c->t[a].kind == TOK_STRING && (a + 1 >= b || is(c, a + 1, ";"))) {
		snprintf(ev->type, sizeof(ev->type), "&str");
		ev->type_source = "literal";
		ev->cost = EV_COST_COPY;
		return 1;
	}
	if (is_ident(c, a) && is(c, a + 1, "!") && in_list(c, &c->ar->owned_macro, a)) {
		snprintf(ev->type, sizeof(ev->type), "%s", is(c, a, "vec") ? "Vec<_>" : "String");
		ev->type_source = "constructor";
		ev->cost = EV_COST_HEAP;
		return 1;
	}
	/* a channel: `let (tx, rx) = mpsc::channel(..)` -- both ends are handles */
	for (i = a; i < b && !is(c, i, ";"); i++)
		if (is_ident(c, i) && c->t[i].len >= 7 &&
		    memcmp(c->text + c->t[i].off + c->t[i].len - 7, "channel", 7) == 0 && is_open(c, i + 1, '(')) {
			snprintf(ev->type, sizeof(ev->type), "a channel end");
			ev->type_source = "constructor";
			ev->cost = EV_COST_REFCOUNT;
			return 1;
		}
	/* Type::new(..) and friends: the cost of Type */
	for (i = a; i + 3 < b && is_ident(c, i) && is(c, i + 1, "::"); i += 2)
		if (is_ident(c, i + 2) && is_open(c, i + 3, '(') &&
		    (is(c, i + 2, "new") || is(c, i + 2, "from") || is(c, i + 2, "with_capacity") || is(c, i + 2, "default") ||
		     is(c, i + 2, "clone") || is(c, i + 2, "current"))) {
			trange t = tr(c, i, i + 1);
			ev->cost = type_cost(t, c);
			if (ev->cost == EV_COST_UNKNOWN)
				return 0;
			range_text(c, i, i + 1, ev->type, sizeof(ev->type));
			ev->type_source = "constructor";
			return 1;
		}
	return 0;
}

static int find_param(const ctx *c, evidence *ev, const rs_fn *fn, trange *type);

/* The type of expression [a, b) when it is a chain from a name whose type
 * is known (a parameter, an annotated or inferable local, self): `x.a[i]`,
 * `m.lock().unwrap()`, `self.map.get(&k)`.  A trailing `.clone()` is
 * ignored; *guard is set when the chain ends in a lock's guard. */
static trange expr_type(const ctx *c, const rs_fn *fn, size_t a, size_t b, int depth, int *guard)
{
	evidence probe;
	trange t = TR_NONE;
	size_t k;

	if (depth > 3 || a >= b || !is_ident(c, a))
		return TR_NONE;
	while (b >= a + 4 && is(c, b - 4, ".") && is(c, b - 3, "clone") && is_open(c, b - 2, '('))
		b -= 4;
	if (is(c, b - 1, ";"))
		b--;
	if (guard) {
		*guard = 0;
		for (k = a; k + 2 < b; k++)
			if (is(c, k, ".") && in_list(c, &c->ar->lock_method, k + 1) && is_open(c, k + 2, '(')) {
				size_t after = skip_pair(c, k + 2) + 1;
				if (after == b || (is(c, after, ".") && (is(c, after + 1, "unwrap") || is(c, after + 1, "expect")) &&
				                   skip_pair(c, after + 2) + 1 == b))
					*guard = 1;
			}
	}
	if (is(c, a, "self")) {
		if (fn->impl == RS_NONE || c->rs->impls[fn->impl].self_type == RS_NONE)
			return TR_NONE;
		t = tr(c, c->rs->impls[fn->impl].self_type, c->rs->impls[fn->impl].self_type + 1);
	} else {
		memset(&probe, 0, sizeof(probe));
		range_text(c, a, a + 1, probe.root, sizeof(probe.root));
		if (!find_param(c, &probe, fn, &t)) {
			decl d = find_local(c, probe.root, fn, a);
			if (d.last == RS_NONE)
				return TR_NONE;
			if (d.type.b > d.type.a)
				t = d.type;
			else if (d.init_b > d.init_a && d.init_a != a)
				t = expr_type(c, fn, d.init_a, d.init_b, depth + 1, NULL);
			if (d.scrutinee)
				t = unwrap_type(t);
		}
	}
	if (t.a >= t.b)
		return TR_NONE;
	return chain_type(c, t, a + 1, b);
}

/* A fn parameter named root: kind, type, line. */
static int find_param(const ctx *c, evidence *ev, const rs_fn *fn, trange *type)
{
	size_t close, p;

	if (fn->params_open == RS_NONE || !c->t[fn->params_open].pair_ok)
		return 0;
	close = c->t[fn->params_open].pair;
	for (p = fn->params_open + 1; p < close;) {
		size_t e = p, q, k;
		int angle = 0;
		for (; e < close; e++) {
			if (c->t[e].kind == TOK_OPEN)
				e = skip_pair(c, e);
			else if (is(c, e, "<"))
				angle++;
			else if (is(c, e, ">"))
				angle--;
			else if (angle <= 0 && is(c, e, ","))
				break;
		}
		for (q = p; q < e && !is(c, q, ":"); q++)
			if (c->t[q].kind == TOK_OPEN)
				q = skip_pair(c, q);
		if (q == e) { /* self, &self, &mut self, &'a self */
			for (k = p; k < e; k++)
				if (is(c, k, "self")) {
					ev->fn_self_mut = is(c, k - 1, "mut") && k > p;
					if (strcmp(ev->root, "self") == 0) {
						/* `impl Trait for &'a T { fn f(self) }`: self is a reference */
						int self_ref = fn->impl != RS_NONE && c->rs->impls[fn->impl].self_ref;
						ev->root_kind = is(c, p, "&") || self_ref ? EV_ROOT_PARAM_REF : EV_ROOT_PARAM_VALUE;
						ev->decl_line = c->t[k].line;
						return 1;
					}
				}
		} else {
			/* NAME: T, mut NAME: T, or a pattern: Json(NAME): Json<T> */
			for (k = p; k < q; k++)
				if (names_root(c, k, ev->root)) {
					trange t = tr(c, q + 1, e);
					ev->root_kind = is(c, q + 1, "&") || is(c, q + 1, "&&") ? EV_ROOT_PARAM_REF : EV_ROOT_PARAM_VALUE;
					ev->decl_line = c->t[k].line;
					if (k > p && is_open(c, k - 1, '(') && is_ident(c, p)) /* destructured wrapper */
						t = type_arg(t, 0);
					*type = t;
					ev->type_source = "parameter";
					return 1;
				}
		}
		p = e + 1;
	}
	return 0;
}

/* ---- uses ---------------------------------------------------------------- */

/* First read of root after `from`; for a field root (root.field), only
 * reads that a partial move would break: root as a whole, a method call on
 * it, or the same field. */
static uint32_t later_use(const ctx *c, const char *root, const char *field, size_t from, size_t until,
                          const flow_skip *skips, size_t nskips)
{
	size_t k;

	for (k = from; k < until; k++) {
		if (!names_root(c, k, root) || flow_skipped(skips, nskips, k))
			continue; /* not the name, or code that cannot run after the clone (flow.h) */
		if (is(c, k + 1, ":") && k > 0 && (is(c, k - 1, "{") || is(c, k - 1, ",")))
			continue; /* a field label in a struct literal: `Foo { root: x }` */
		if (k > 0 && (is(c, k - 1, "let") || (is(c, k - 1, "mut") && k > 1 && is(c, k - 2, "let")))) {
			/* shadowed: only its initializer can still read the old value */
			size_t end = let_end(c, k + 1, until), q, e;
			if (!is(c, end, "="))
				return 0;
			e = stmt_end(c, end + 1, until);
			for (q = end + 1; q < e; q++)
				if (names_root(c, q, root))
					return c->t[q].line;
			return 0;
		}
		if (is(c, k + 1, "=") && !(k > 0 && is(c, k - 1, "*")))
			continue; /* assigned, not read */
		if (field && field[0] && is(c, k + 1, ".") && is_ident(c, k + 2) && !is_open(c, k + 3, '(') &&
		    !is(c, k + 2, field))
			continue; /* another field: unaffected by moving this one */
		return c->t[k].line;
	}
	return 0;
}

/* Does [a, b) take a borrow of root: `&root..`, `&mut root..`, or
 * `root(.field)*.m(..)` with m a lend_method (`root.iter()`,
 * `p.to_str()`)? */
static int borrows_root(const ctx *c, const char *root, size_t a, size_t b)
{
	size_t k, m;

	for (k = a; k < b; k++) {
		if (!names_root(c, k, root))
			continue;
		if (k > a && (is(c, k - 1, "&") || (is(c, k - 1, "mut") && k > a + 1 && is(c, k - 2, "&"))))
			return 1;
		for (m = k + 1; m + 2 < b && is(c, m, ".") && is_ident(c, m + 1); m += 2)
			if (is_open(c, m + 2, '('))
				break;
		if (m + 2 < b && is(c, m, ".") && is_open(c, m + 2, '(') && in_list(c, &c->ar->lend_method, m + 1))
			return 1;
	}
	return 0;
}

/* A borrow of root taken before the clone (token `before`) and still
 * used after it (tokens [after, until)): moving root would end it while it
 * is alive (E0505).  Seen in three shapes:
 *   `let y = &root..;` or `let it = root.iter();` with y, it read after;
 *   `let y = f(&root);` where every fn f of the workspace returns a borrow;
 *   `h.insert(k, p.to_str().unwrap());` where h is declared holding
 *   references (`let mut h: HashMap<&str, &str>`) and read after.
 * The line of the borrowing statement, or 0. */
static uint32_t live_borrow(const ctx *c, const rs_fn *fn, const char *root, size_t before, size_t after, size_t until)
{
	size_t k;
	char buf_name[64];

	for (k = fn->body_open + 1; k + 4 < before; k++) {
		size_t name, init, end;
		if (is(c, k, "let")) {
			name = k + 1 + (size_t)is(c, k + 1, "mut");
			init = name + 1;
			if (!is_ident(c, name) || !is(c, init, "="))
				continue;
			init++;
			end = stmt_end(c, init, before);
			if (is(c, init, "&")) {
				size_t r = init + 1 + (size_t)is(c, init + 1, "mut");
				if (!names_root(c, r, root))
					continue;
			} else if (!(is_ident(c, init) && borrows_root(c, root, init, end) &&
			             (names_root(c, init, root) || /* root.iter() */
			              (is_open(c, init + 1, '(') && skip_pair(c, init + 1) + 1 >= end &&
			               typelib_fn_returns(c->tl, c->text + c->t[init].off, c->t[init].len) == 1))))
				continue;
			range_text(c, name, name + 1, buf_name, sizeof(buf_name));
			if (later_use(c, buf_name, "", after, until, NULL, 0))
				return c->t[k].line;
			continue;
		}
		/* `h.insert(.., p.to_str()..)`: h holds a borrow of root */
		if (is_ident(c, k) && !names_root(c, k, root) && is(c, k + 1, ".") && is_ident(c, k + 2) && is_open(c, k + 3, '(') &&
		    !(k > 0 && (is(c, k - 1, ".") || is(c, k - 1, "::"))) && c->t[k + 3].pair_ok &&
		    borrows_root(c, root, k + 4, c->t[k + 3].pair)) {
			decl d;
			size_t q;
			int holds_refs = 0;
			range_text(c, k, k + 1, buf_name, sizeof(buf_name));
			d = find_local(c, buf_name, fn, k);
			for (q = d.type.a; d.last != RS_NONE && q < d.type.b; q++)
				holds_refs |= is(c, q, "&") || is(c, q, "&&") || c->t[q].kind == TOK_LIFETIME;
			if (holds_refs && later_use(c, buf_name, "", after, until, NULL, 0))
				return c->t[k].line;
		}
	}
	return 0;
}

/* How a `let NAME = <clone>;` binding is used until its block ends. */
static void bound_uses(const ctx *c, evidence *ev, int is_mut, size_t from, size_t until, size_t floor)
{
	size_t k, reads = 0;
	int blocked = 0;

	for (k = from; k < until; k++) {
		enum use_kind u;
		if (!names_root(c, k, ev->bound_to))
			continue;
		if (k > 0 && (is(c, k - 1, "let") || (is(c, k - 1, "mut") && is(c, k - 2, "let"))))
			break; /* shadowed */
		if (is(c, k + 1, ":") && k > 0 && (is(c, k - 1, "{") || is(c, k - 1, ",")))
			continue;
		u = use_at(c, k, floor);
		if (u == USE_READ) {
			if (!reads)
				ev->bound_first_read_line = c->t[k].line;
			ev->bound_last_read_line = c->t[k].line;
			reads++;
			continue;
		}
		blocked = 1;
		if (u == USE_MUT && !ev->bound_mutated_line)
			ev->bound_mutated_line = c->t[k].line;
		if (u == USE_MOVE && !ev->bound_moved_line) {
			ev->bound_moved_line = c->t[k].line;
			/* handed over as the block's value: returned */
			if (is(c, k + 1, "}") || is(c, k - 1, "return"))
				ev->bound_returned = 1;
			if (k > 1 && is_open(c, k - 1, '(') && (is(c, k - 2, "Ok") || is(c, k - 2, "Some")) &&
			    c->t[skip_pair(c, k - 1) + 1].kind == TOK_CLOSE)
				ev->bound_returned = 1;
		}
	}
	if (is_mut && !ev->bound_mutated_line)
		ev->bound_mutated_line = c->t[from > 0 ? from - 1 : 0].line;
	ev->bound_reads = blocked || is_mut ? 0 : (int)reads;
}

/* ---- the calls around the clone ------------------------------------------ */

static void surroundings(const ctx *c, evidence *ev, const rs_site *st, size_t floor)
{
	size_t k = st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : st->recv_start;
	int innermost = 1;

	while (k > floor) {
		size_t p = k - 1;
		if (c->t[p].kind == TOK_CLOSE) {
			k = skip_pair(c, p);
			continue;
		}
		if (c->t[p].kind != TOK_OPEN) {
			if (is(c, p, ";"))
				innermost = 0;
			k = p;
			continue;
		}
		if ((is_open(c, p, '(') || is_open(c, p, '[') || is_open(c, p, '{')) && p > 1 && is(c, p - 1, "!") &&
		    in_list(c, &c->ar->format_macro, p - 2)) {
			if (innermost && !ev->borrow_how) {
				ev->borrow_how = "format!";
				tok_text(c, p - 2, ev->borrow_text, sizeof(ev->borrow_text));
			}
		} else if (innermost && !ev->borrow_how && (is_open(c, p, '{') || is_open(c, p, '[')) &&
		           in_format_macro(c, k, floor)) {
			/* inside an object or array literal of json!(..) */
			size_t q = p;
			while (q > floor && !(is(c, q, "!") && in_list(c, &c->ar->format_macro, q - 1)))
				q--;
			ev->borrow_how = "format!";
			tok_text(c, q - 1, ev->borrow_text, sizeof(ev->borrow_text));
		} else if (is_open(c, p, '(') && p > 0) {
			size_t callee = p - 1;
			if (is_ident(c, callee) && callee > 0 && is(c, callee - 1, ".") && in_list(c, &c->ar->send_method, callee)) {
				if (!ev->boundary[0]) {
					snprintf(ev->boundary, sizeof(ev->boundary), ".%.*s()", (int)c->t[callee].len,
					         c->text + c->t[callee].off);
					ev->boundary_line = c->t[callee].line;
				}
			} else if (is_ident(c, callee) && in_list(c, &c->ar->spawn_call, callee)) {
				size_t a = callee;
				while (a >= 2 && is(c, a - 1, "::") && is_ident(c, a - 2))
					a -= 2;
				range_text(c, a, callee + 1, ev->boundary, sizeof(ev->boundary));
				ev->boundary_line = c->t[callee].line;
			}
		}
		innermost = 0;
		k = p;
	}
}

/* Is the original (root, or root.field) changed or moved while a borrow of
 * it would live, up to the last read of the bound name? */
static int root_disturbed(const ctx *c, const evidence *ev, size_t from, size_t until, size_t floor)
{
	size_t k, last_read = from;

	for (k = from; k < until; k++)
		if (names_root(c, k, ev->bound_to))
			last_read = k;
	for (k = from; k < last_read; k++) {
		if (!names_root(c, k, ev->root))
			continue;
		if (ev->field[0] && is(c, k + 1, ".") && is_ident(c, k + 2) && !is(c, k + 2, ev->field) &&
		    !is_open(c, k + 3, '('))
			continue; /* another field */
		if (use_at(c, k, floor) != USE_READ)
			return 1;
	}
	return 0;
}

/* Does the expression at token a sit directly in `Arc::new(` / `Rc::new(`? */
static int expr_start_into_arc(const ctx *c, size_t a)
{
	return a >= 4 && is_open(c, a - 1, '(') && is(c, a - 2, "new") && is(c, a - 3, "::") &&
	       (is(c, a - 4, "Arc") || is(c, a - 4, "Rc"));
}

/* ---- gather ----------------------------------------------------------------- */

/* Is the type's cost from the lists (not derived from a struct's fields)? */
static int listed_type(const ctx *c, trange t)
{
	size_t lt, name;

	t = strip_refs(resolve_alias(t, c), NULL);
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return 1;
	if (in_list(t.src, &c->ar->wrapper_type, name) && lt != RS_NONE)
		return listed_type(c, type_arg(t, 0));
	return in_list(t.src, &c->ar->cheap_type, name) || in_list(t.src, &c->ar->copy_type, name) ||
	       in_list(t.src, &c->ar->heap_type, name);
}

/* Is t a reference to a sized, Clone type (`&u32`, `&Option<i32>`), whose
 * `.clone()` copies the referent -- not `&str`, `&[T]`, `&Path`, `&dyn T`,
 * whose `.clone()` copies the reference? */
static int ref_to_sized(trange t, const ctx *site)
{
	int is_ref = 0;
	size_t lt, name, k;
	trange inner;

	if (!t.src || t.a >= t.b || !(is(t.src, t.a, "&") || is(t.src, t.a, "&&")))
		return 0;
	inner = resolve_alias(strip_refs(t, &is_ref), site);
	if (!inner.src)
		return 0;
	for (k = t.a; k < t.b && k < inner.a && t.src == inner.src; k++)
		if (is(t.src, k, "dyn") || is(t.src, k, "impl"))
			return 0; /* `&dyn Trait`: the reference is what is copied */
	if (inner.a >= inner.b || is_open(inner.src, inner.a, '['))
		return 0;
	name = type_head(inner, &lt);
	return name != RS_NONE && !is(inner.src, name, "str") && !is(inner.src, name, "Path") &&
	       !is(inner.src, name, "OsStr") && !is(inner.src, name, "CStr");
}

static void set_type(const ctx *c, evidence *ev, trange t, const char *source)
{
	if (!t.src || t.a >= t.b)
		return;
	range_text(t.src, t.a, t.b, ev->type, sizeof(ev->type));
	ev->type_source = source;
	ev->cost = type_cost(t, c);
	ev->type_is_ref = ref_to_sized(t, c);
	ev->cost_derived = ev->cost != EV_COST_UNKNOWN && !listed_type(c, t);
}

/* Does closure or async scope si run at most once?  An async block is a
 * future, polled to its end once; a closure is, when it is an argument of
 * a once_call (`thread::spawn(move || ..)`, `opt.unwrap_or_else(|| ..)`).
 * And no other closure around it -- one that could run it again -- may
 * hold it while the root (declared at token root_decl, RS_NONE: a parameter)
 * lies outside that one too. */
static int runs_once(const ctx *c, const rustscan_result *rs, size_t si, size_t root_decl)
{
	const rs_scope *sc = &rs->scopes[si];
	size_t i, k;

	if (sc->kind != RS_ASYNC) {
		k = sc->head;
		if (k > 0 && is(c, k - 1, "move"))
			k--;
		/* back to the `(` of the call that takes it */
		while (k > 0) {
			k--;
			if (c->t[k].kind == TOK_CLOSE) {
				if (!c->t[k].pair_ok)
					return 0;
				k = c->t[k].pair;
				continue;
			}
			if (c->t[k].kind == TOK_OPEN)
				break;
			if (is(c, k, ";") || is(c, k, "=") || is(c, k, "=>"))
				return 0;
		}
		if (!is_open(c, k, '(') || k == 0 || !is_ident(c, k - 1) || !in_list(c, &c->ar->once_call, k - 1))
			return 0;
	}
	for (i = 0; i < rs->scope_count; i++) {
		const rs_scope *o = &rs->scopes[i];
		if (i == si || o->kind == RS_LOOP || o->start > sc->start || o->end < sc->end)
			continue;
		if (root_decl == RS_NONE || root_decl < o->head)
			return 0; /* an outer closure the root is captured into may run this one again */
	}
	return 1;
}

void evidence_gather(evidence *ev, const rustscan_result *rs, const typelib *lib, const audit_rules *ar, size_t si,
                     size_t *budget, evidence_memo *memo)
{
	const rustscan_result *ls = lib && lib->finished ? &lib->scan : NULL;
	ctx libc = { ls, ls ? ls->lex->tokens : NULL, ls ? ls->lex->text : NULL, ls ? ls->lex->count : 0, ar, NULL, lib,
	             NULL };
	ctx c = { rs, rs->lex->tokens, rs->lex->text, rs->lex->count, ar, ls ? &libc : NULL, lib, memo };
	const rs_site *st = &rs->sites[si];
	const rs_fn *fn = st->fn == RS_NONE ? NULL : &rs->fns[st->fn];
	size_t after = st->call_close + 1, k, end, start, floor, rs0 = st->recv_start, vs, ve;
	int wrapped = 0, derefs = 0, amps = 0;
	size_t init_a = 0, init_b = 0; /* the root's `let` initializer */
	trange root_type = TR_NONE;
	int has_call = 0;
	size_t scope_end = 0;

	memset(ev, 0, sizeof(*ev));
	ev->decl_tok = RS_NONE;
	range_text(&c, st->recv_start, st->recv_end, ev->receiver, sizeof(ev->receiver));
	if (st->form == RS_PATH) {
		size_t a = st->tok;
		while (a >= 2 && is(&c, a - 1, "::") && is_ident(&c, a - 2))
			a -= 2;
		range_text(&c, a, st->tok + 1, ev->path_call, sizeof(ev->path_call));
	}

	/* The value whose type is asked: the receiver itself, or what it
	 * wraps -- `(&rc).clone()`, `Clone::clone(&*x)` -- which names the type
	 * but is no place a move could take (vs..ve; rs0 stays the expression's
	 * first token for the syntax around it). */
	vs = rs0;
	ve = st->recv_end;
	if (st->form == RS_METHOD && is_open(&c, vs, '(') && c.t[vs].pair_ok && c.t[vs].pair + 1 == ve) {
		ve--;
		vs++;
		wrapped = 1;
	}
	while (vs + 1 < ve && (is(&c, vs, "&") || is(&c, vs, "&&") || is(&c, vs, "*") || (wrapped && is(&c, vs, "mut")))) {
		derefs += is(&c, vs, "*");
		amps += is(&c, vs, "&") || is(&c, vs, "&&");
		vs++;
		wrapped = 1;
	}
	if (is_ident(&c, vs))
		tok_text(&c, vs, ev->root, sizeof(ev->root));
	if (is(&c, vs + 1, ".") && is_ident(&c, vs + 2) && vs + 2 < ve)
		tok_text(&c, vs + 2, ev->field, sizeof(ev->field));
	for (k = vs; k + 1 < ve; k++)
		if (is(&c, k, ".") && in_list(&c, &ar->lock_method, k + 1) && is_open(&c, k + 2, '(')) {
			snprintf(ev->lock_how, sizeof(ev->lock_how), ".%.*s()", (int)c.t[k + 1].len, c.text + c.t[k + 1].off);
			break;
		}
	for (k = vs + 1; k < ve; k++)
		if (is_open(&c, k, '('))
			has_call = 1;
	/* a plain place (root, root.field, root.0): the only receiver a move
	 * can take; an index, a lookup or a call hands out a reference */
	ev->plain_place = is_ident(&c, vs) && !wrapped;
	for (k = vs + 1; ev->plain_place && k < ve; k += 2)
		if (!(is(&c, k, ".") && k + 1 < ve &&
		      (is_ident(&c, k + 1) || c.t[k + 1].kind == TOK_NUMBER)))
			ev->plain_place = 0;

	if (fn) {
		tok_text(&c, fn->name, ev->fn_name, sizeof(ev->fn_name));
		ev->fn_first = c.t[fn->sig].line;
		ev->fn_last = fn->body_close != RS_NONE ? c.t[fn->body_close].line : ev->fn_first;
		ev->fn_is_pub = fn->is_pub;
		/* the scans below cost about the fn's length; a file's budget
		 * keeps the audit linear however many clones a fn holds */
		if (budget && fn->body_close != RS_NONE) {
			size_t cost = (size_t)(fn->body_close - fn->body_open) + 1;
			if (*budget < cost) {
				ev->budget_exhausted = 1;
				return;
			}
			*budget -= cost;
		}
	}

	/* what is cloned, and its type */
	if (!ev->root[0] || is_open(&c, vs + 1, '(') || is(&c, vs + 1, "::") || is(&c, vs + 1, "!")) {
		/* a call or macro at the start: a temporary, or a path call */
		ev->root_kind = EV_ROOT_CALL;
		if (is(&c, vs + 1, "!") && in_list(&c, &ar->owned_macro, vs))
			ev->root_kind = EV_ROOT_TEMP;
		if (is(&c, vs + 1, "::")) { /* Handle::current(), Type::new() */
			size_t q = vs;
			while (is_ident(&c, q) && is(&c, q + 1, "::"))
				q += 2;
			if (is_ident(&c, q) && is_open(&c, q + 1, '(') && q >= 2) {
				trange t = tr(&c, q - 2, q - 1);
				if (is(&c, q, "new") || is(&c, q, "current") || is(&c, q, "default") || is(&c, q, "from") ||
				    is(&c, q, "with_capacity")) {
					set_type(&c, ev, t, "constructor");
					if (ev->cost == EV_COST_UNKNOWN) {
						ev->type[0] = '\0';
						ev->type_source = NULL;
					}
					ev->root_kind = EV_ROOT_TEMP;
				}
			}
		}
	} else if (fn) {
		if (strcmp(ev->root, "self") == 0) {
			if (fn->impl != RS_NONE && rs->impls[fn->impl].self_type != RS_NONE) {
				root_type = tr(&c, rs->impls[fn->impl].self_type, rs->impls[fn->impl].self_type + 1);
			}
			find_param(&c, ev, fn, &root_type);
			if (ev->field[0])
				ev->root_kind = EV_ROOT_SELF_FIELD;
			if (fn->impl != RS_NONE && rs->impls[fn->impl].self_type != RS_NONE) {
				root_type = tr(&c, rs->impls[fn->impl].self_type, rs->impls[fn->impl].self_type + 1);
			}
		} else {
			decl d = find_local(&c, ev->root, fn, rs0);
			if (d.last != RS_NONE) {
				int guard = 0;
				init_a = d.init_a;
				init_b = d.init_b;
				ev->root_kind = d.kind;
				ev->decl_tok = (uint32_t)d.last;
				ev->decl_line = c.t[d.last].line;
				ev->owned_binding = d.owned_binding;
				scope_end = d.scope_end;
				if (d.type.b > d.type.a) {
					root_type = d.type;
					ev->type_source = "let annotation";
				} else if (d.init_b > d.init_a) {
					root_type = expr_type(&c, fn, d.init_a, d.init_b, 0, &guard);
					if (d.scrutinee)
						root_type = unwrap_type(root_type);
					if (root_type.b > root_type.a)
						ev->type_source = "inferred from its initializer";
					else if (!has_call && !ev->field[0] && !d.scrutinee)
						constructed(&c, ev, d.init_a, d.init_b);
					if (guard && !ev->lock_how[0])
						snprintf(ev->lock_how, sizeof(ev->lock_how), "guard `%s`", ev->root);
				}
			} else if (find_param(&c, ev, fn, &root_type)) {
				ev->decl_tok = RS_NONE;
			} else if (ev->root[0] >= 'A' && ev->root[0] <= 'Z') {
				ev->root_kind = EV_ROOT_STATIC;
			}
		}
		if (root_type.b > root_type.a) {
			size_t chain_start = vs + 1;
			trange t = chain_type(&c, root_type, chain_start, ve), place = t;
			for (k = 0; k < (size_t)derefs && t.b > t.a; k++) /* `(*self.labels)`: the Vec in the Arc */
				t = deref_once(t, &c);
			if (t.b > t.a) {
				const char *src = ev->type_source ? ev->type_source : "parameter";
				if (chain_start < ve) {
					ev->type_via_chain = 1;
					src = ev->root_kind == EV_ROOT_SELF_FIELD || strcmp(ev->root, "self") == 0 ? "struct field" : src;
				}
				set_type(&c, ev, t, src);
			} else {
				ev->type_source = NULL;
			}
			if (chain_start < ve && place.b > place.a) {
				/* the field's declaration line, for the report */
				size_t f;
				for (f = 0; place.src == &c && f < rs->field_count; f++)
					if (rs->fields[f].type_start == place.a && rs->fields[f].type_end == place.b)
						ev->decl_line = c.t[rs->fields[f].name].line;
			}
		}
		/* a value produced by a call in the chain (not a plain path) */
		if (has_call && ev->root_kind != EV_ROOT_SELF_FIELD) {
			size_t last_call = RS_NONE;
			for (k = vs + 1; k < ve; k++)
				if (is(&c, k, ".") && is_ident(&c, k + 1) && is_open(&c, k + 2, '('))
					last_call = k + 1;
			if (last_call != RS_NONE && in_list(&c, &ar->owned_method, last_call) &&
			    skip_pair(&c, last_call + 1) + 1 == ve)
				ev->root_kind = EV_ROOT_TEMP;
			else
				ev->root_kind = EV_ROOT_CALL;
		}
		if (ev->field[0] && !ev->type_source && (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE))
			ev->cost = EV_COST_UNKNOWN;
	}
	if (st->form == RS_PATH && st->path_type != RS_NONE) {
		trange t = tr(&c, st->path_type, st->path_type + 1);
		enum ev_cost named = type_cost(t, &c);
		if (named == EV_COST_REFCOUNT) {
			range_text(&c, t.a, t.b, ev->type, sizeof(ev->type));
			strcat(ev->type, "<_>");
			ev->type_source = "the call's path";
			ev->cost = EV_COST_REFCOUNT;
		} else if (named == EV_COST_COPY && !ev->type_source) /* `i32::clone(&*r)`, `char::clone(&c)` */
			set_type(&c, ev, t, "the call's path");
	} else if (st->form == RS_PATH && !ev->type_source && st->tok >= 4 && is(&c, st->tok - 2, ">")) {
		/* `<T as Clone>::clone(&x)`: T, named */
		size_t as = st->tok - 3, lt;
		while (as > 0 && !is(&c, as, "as") && !is(&c, as, ";") && !is_open(&c, as, '{'))
			as--;
		for (lt = as; lt > 0 && !is(&c, lt, "<") && as - lt < 16; lt--)
			;
		if (is(&c, as, "as") && is(&c, lt, "<") && lt + 1 < as && type_cost(tr(&c, lt + 1, as), &c) == EV_COST_COPY)
			set_type(&c, ev, tr(&c, lt + 1, as), "the call's path");
	}
	/* `rec.clone() as Weak<dyn Fn(u32) -> u32>`: a pointer cast (an unsizing
	 * one) keeps the pointer's kind, so a cheap target type was a cheap source */
	if (!ev->type_source && is(&c, after, "as") && is_ident(&c, after + 1) && in_list(&c, &ar->cheap_type, after + 1)) {
		range_text(&c, after + 1, after + 2, ev->type, sizeof(ev->type));
		strcat(ev->type, "<_>");
		ev->type_source = "the cast's type";
		ev->cost = EV_COST_REFCOUNT;
	}
	/* `42.clone()`, `Clone::clone(&'z')`: a literal */
	if (!ev->type_source && vs + 1 == ve && literal_copy(&c, vs, ev->type, sizeof(ev->type), 0)) {
		ev->type_source = "literal";
		ev->cost = EV_COST_COPY;
	}
	/* A Copy value reached through a reference: `r.clone()` (r: &u32) and
	 * `(&x).clone()` give the value, `r` and `(&x)` the reference;
	 * `Clone::clone(r)` likewise, unlike `Clone::clone(&x)` */
	if (ev->cost == EV_COST_COPY)
		ev->copy_behind_ref = st->form == RS_METHOD ? ev->type_is_ref || amps > 0
		                                           : !(st->recv_start > 0 && (is(&c, st->recv_start - 1, "&") ||
		                                                                      (is(&c, st->recv_start - 1, "mut") &&
		                                                                       is(&c, st->recv_start - 2, "&"))));
	if (ev->cost == EV_COST_UNKNOWN && !ev->type_source) {
		const char *name = ev->field[0] ? ev->field : ev->root;
		char lower[64];
		size_t i;
		for (i = 0; name[i] && i + 1 < sizeof(lower); i++)
			lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
		lower[i] = '\0';
		if (strlist_in(&ar->cheap_name, lower, i) || strlist_has(&ar->cheap_name_exact, lower, i)) {
			ev->cost = EV_COST_REFCOUNT;
			ev->cost_by_name = 1;
		}
	}

	if (!fn || fn->body_close == RS_NONE)
		return;
	floor = fn->body_open;

	/* the statement */
	end = stmt_end(&c, after, fn->body_close);
	ev->stmt_end_line = c.t[end < c.n ? end : c.n - 1].line;
	start = stmt_start(&c, st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0, floor + 1);
	{
		/* returned: `return ..` or the fn's tail expression, looking
		 * through calls that wrap it (Arc::new(x.clone()), Ok(..)) */
		size_t q = after, b = start;
		/* the value flows out only through closers of calls that wrap it
		 * and method chains on it; a `{` (match, if, for) consumes it */
		while (q < fn->body_close) {
			if (is(&c, q, ")") || is(&c, q, "]") || is(&c, q, "?"))
				q++;
			else if (is(&c, q, ".") && is_ident(&c, q + 1) && is_open(&c, q + 2, '('))
				q = skip_pair(&c, q + 2) + 1;
			else if (is(&c, q, ".") && is_ident(&c, q + 1))
				q += 2;
			else
				break;
		}
		while (b > floor + 1 && (is_open(&c, b - 1, '(') || is_open(&c, b - 1, '[') || is_ident(&c, b - 1) ||
		                         is(&c, b - 1, "::") || is(&c, b - 1, "&")))
			b--;
		if (is(&c, b, "return") || is(&c, start, "return") || (q == fn->body_close && is_open(&c, b - 1, '{') &&
		                                                        b - 1 == fn->body_open) ||
		    (q == fn->body_close && b - 1 > floor && is(&c, b - 1, ";")))
			ev->is_result = 1;
	}
	if (is_ident(&c, start) && is(&c, start + 1, "=") && is(&c, start, ev->root) && !ev->field[0])
		ev->reassigns_root = 1;
	if (is(&c, start, "let")) {
		int is_mut = is(&c, start + 1, "mut");
		size_t name = start + 1 + (size_t)is_mut, eq = let_end(&c, start + 1, end), tail = after;
		size_t expr = st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0;
		/* the copy may pass through unwrapping on its way to the name */
		while (is(&c, tail, ".") && in_list(&c, &ar->pass_method, tail + 1) && is_open(&c, tail + 2, '('))
			tail = skip_pair(&c, tail + 2) + 1;
		if (is_ident(&c, name) && is(&c, eq, "=") && eq + 1 == expr && tail == end &&
		    (eq == name + 1 || is(&c, name + 1, ":"))) {
			tok_text(&c, name, ev->bound_to, sizeof(ev->bound_to));
			if (eq > name + 2 && ev->cost == EV_COST_UNKNOWN) {
				trange t = tr(&c, name + 2, eq);
				if (type_cost(t, &c) != EV_COST_UNKNOWN)
				{
					set_type(&c, ev, t, "the copy's let annotation");
					ev->type_from_copy = 1; /* `let _: E = a.clone()` may clone through a Deref of a */
				}
			}
			bound_uses(&c, ev, is_mut, end + 1, block_end(&c, end + 1, fn->body_close), floor);
			if (ev->bound_reads > 0 && ev->root[0] && ev->root_kind != EV_ROOT_TEMP && ev->root_kind != EV_ROOT_CALL &&
			    root_disturbed(&c, ev, end + 1, block_end(&c, end + 1, fn->body_close), floor))
				ev->bound_reads = 0; /* the original changes while the name would borrow it */
		}
	}
	if (expr_start_into_arc(&c, st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0))
		ev->into_arc = 1;

	/* a `for` loop over the clone: `for PAT in <clone> {` */
	if (is_open(&c, after, '{') &&
	    is(&c, (st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0) - 1, "in")) {
		size_t r = scope_lower_bound(&c, rs0);
		while (r > 0) {
			const rs_scope *sc = &rs->scopes[--r];
			size_t in, p;
			if (sc->head < fn->body_open)
				break;
			if (sc->kind != RS_LOOP || !is(&c, sc->head, "for") || sc->start != after + 1)
				continue;
			for (in = sc->head + 1; in < sc->start && !is(&c, in, "in"); in++)
				;
			if (in + 1 != (st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0))
				continue;
			ev->for_head = 1;
			ev->for_line = c.t[sc->head].line;
			ev->for_items_read_only = 1;
			for (p = sc->head + 1; p < in; p++) {
				size_t q;
				char var[64];
				if (!is_ident(&c, p) || is(&c, p, "mut") || is(&c, p, "ref"))
					continue;
				tok_text(&c, p, var, sizeof(var));
				for (q = sc->start; q < sc->end; q++)
					if (names_root(&c, q, var) && use_at(&c, q, floor) != USE_READ)
						ev->for_items_read_only = 0;
			}
			break;
		}
	}

	/* read again? (fields of self cannot be moved out anyway) */
	if ((ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED ||
	     ev->root_kind == EV_ROOT_UNKNOWN || ev->root_kind == EV_ROOT_BINDING || ev->root_kind == EV_ROOT_LOOP_REF ||
	     ev->root_kind == EV_ROOT_CLOSURE_PARAM || ev->root_kind == EV_ROOT_PARAM_REF) && ev->root[0]) {
		size_t until = scope_end && scope_end < fn->body_close ? scope_end : fn->body_close;
		/* the other arms of a match, the else of an if, what follows a
		 * `return`: no read there runs after the clone */
		flow_skip skips[16];
		size_t nskips = fn->body_open != RS_NONE
		                    ? flow_unreachable(rs->lex, fn->body_open, st->tok,
		                                       is(&c, outer_stmt_start(&c, rs0, fn->body_open + 1), "return") ? end : 0,
		                                       skips, 16)
		                    : 0;
		if (!ev->reassigns_root && ev->bound_to[0] && strcmp(ev->bound_to, ev->root) == 0 && end < until) {
			/* `let dns = dns.resolver.clone();`: from its statement to the
			 * end of its block the name is the copy's; past that block
			 * (`{ let tx = tx.clone(); spawn(..) }` in a loop) it is the
			 * original's again */
			size_t shadow_end = block_end(&c, end + 1, fn->body_close);
			ev->later_use_line = later_use(&c, ev->root, ev->field, after, end, skips, nskips);
			if (!ev->later_use_line && shadow_end + 1 < until)
				ev->later_use_line = later_use(&c, ev->root, ev->field, shadow_end + 1, until, skips, nskips);
		} else if (!ev->reassigns_root)
			ev->later_use_line = later_use(&c, ev->root, ev->field, after, until, skips, nskips);
		/* `assert_eq!(x.clone(), None, "{}", x.unwrap())`, `x.0.clone().chars()
		 * .for_each(|_| x.m())`: the root used again within the statement,
		 * while a borrow in place of the copy would still be alive */
		if (!ev->reassigns_root && end > after)
			ev->later_use_in_stmt = later_use(&c, ev->root, "", after, end, skips, nskips);
		ev->partial_move = ev->field[0] != '\0';
		if (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED)
			ev->borrowed_line = live_borrow(&c, fn, ev->root, start, after, until); /* only an owned root could move */
		if (ev->partial_move && root_type.a >= root_type.b && init_b > init_a + 1 && is_ident(&c, init_a) &&
		    (is_open(&c, init_a + 1, '{') || (is(&c, init_a + 1, "::") && is_ident(&c, init_a + 2) && is_open(&c, init_a + 3, '('))))
			root_type = tr(&c, init_a, init_a + 1); /* `let s = TypeWithDrop { .. }` / `Conn::new(..)`: for the Drop test */
		if (ev->partial_move && root_type.b > root_type.a) { /* `impl Drop for Conn`: c.key cannot move out */
			size_t lt, name = type_head(strip_refs(root_type, NULL), &lt);
			if (name != RS_NONE)
				ev->root_drops = typelib_drop(c.tl, root_type.src->text + root_type.src->t[name].off,
				                              root_type.src->t[name].len);
		}
	}

	/* self.field cleared or replaced right after: take it instead */
	if (ev->root_kind == EV_ROOT_SELF_FIELD && ev->fn_self_mut && rs0 + 3 == st->recv_end) {
		for (k = after; k < fn->body_close; k++) {
			if (!(is(&c, k, "self") && is(&c, k + 1, ".") && is(&c, k + 2, ev->field)))
				continue;
			if ((is(&c, k + 3, ".") && (is(&c, k + 4, "clear") || is(&c, k + 4, "truncate"))) || is(&c, k + 3, "="))
				ev->taken_line = c.t[k].line;
			break;
		}
	}

	/* borrowed only? */
	/* (`&x.clone().into_iter()` borrows what the chain makes of the copy,
	 * not the copy) */
	if (rs0 > 0 && is(&c, rs0 - 1, "&") && st->form == RS_METHOD && !is(&c, rs0 - 1, "&&") && !is(&c, after, ".") &&
	    !is(&c, after, "?") && !is_open(&c, after, '[')) {
		ev->borrow_how = "&";
	} else if (st->form == RS_PATH && st->path_type != RS_NONE && st->path_type > 0 && is(&c, st->path_type - 1, "&") &&
	           !is(&c, after, ".") && !is(&c, after, "?") && !is_open(&c, after, '[')) {
		ev->borrow_how = "&";
	} else {
		size_t n = after;
		while (is(&c, n, ".") && is_ident(&c, n + 1) && !is_open(&c, n + 2, '('))
			n += 2; /* x.clone().field.len() */
		if (is(&c, n, ".") && in_list(&c, &ar->borrow_method, n + 1) && is_open(&c, n + 2, '(')) {
			ev->borrow_how = "method";
			tok_text(&c, n + 1, ev->borrow_text, sizeof(ev->borrow_text));
		} else if (is(&c, after, "==") || is(&c, after, "!=") ||
		           (rs0 > 0 && (is(&c, rs0 - 1, "==") || is(&c, rs0 - 1, "!=")))) {
			ev->borrow_how = "comparison";
		}
	}
	surroundings(&c, ev, st, floor);

	if (st->loop != RS_NONE) {
		const rs_scope *sc = &rs->scopes[st->loop];
		ev->in_loop = 1;
		ev->loop_kw = is(&c, sc->head, "for") ? "for" : is(&c, sc->head, "while") ? "while" : "loop";
		ev->loop_line = c.t[sc->head].line;
		ev->root_outside_loop = ev->root_kind != EV_ROOT_TEMP && ev->root_kind != EV_ROOT_CALL &&
		                        (ev->decl_tok == RS_NONE || ev->decl_tok < sc->head);
	}
	if (st->closure != RS_NONE) {
		const rs_scope *sc = &rs->scopes[st->closure];
		ev->in_closure = 1;
		ev->closure_move = sc->is_move;
		ev->closure_async = sc->kind == RS_ASYNC;
		ev->closure_line = c.t[sc->head].line;
		ev->root_outside_closure = ev->root_kind != EV_ROOT_TEMP && (ev->decl_tok == RS_NONE || ev->decl_tok < sc->head);
		ev->closure_once = runs_once(&c, rs, st->closure, ev->decl_tok);
		if (!ev->boundary[0] && sc->is_move) {
			snprintf(ev->boundary, sizeof(ev->boundary), "%s", sc->kind == RS_ASYNC ? "async move block" : "move closure");
			ev->boundary_line = c.t[sc->head].line;
		}
	}
}
