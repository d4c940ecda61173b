#include "config.h"

#include "rustscan.h"

#include <stdlib.h>
#include <string.h>

/* A region of tokens that carries context to the sites inside it. */
enum region_kind { REG_FN, REG_IMPL, REG_MOD, REG_LOOP, REG_CLOSURE, REG_ASYNC };

typedef struct {
	uint32_t start, end;   /* tokens [start, end) */
	uint8_t kind;          /* enum region_kind */
	uint8_t test, allow;   /* flags the region gives what is inside */
	uint32_t index;        /* into fns / impls / scopes */
} region;

typedef struct {
	rustscan_result *r;
	const rustlex_result *lx;
	const rustlex_token *t;
	size_t n;
	region *regions;
	size_t region_count, region_cap;
	/* attributes seen since the last item: they apply to the next one */
	uint8_t attr_test, attr_test_fn, attr_allow;
	uint8_t types_only;    /* rustscan_scan_types(): structs and aliases */
	/* the last alias in_impl_or_trait() placed (its token + 1, 0 for none)
	 * and its answer: a later one reaching it going back is in the same
	 * block (a thousand aliases in one `cfg_if!` stay linear) */
	size_t alias_seen;
	uint8_t alias_in_impl;
} scanner;

#define GROW(arr, count, cap)                                               \
	do {                                                                    \
		if ((count) == (cap)) {                                             \
			size_t ncap_ = (cap) ? (cap) * 2 : 32;                          \
			void *p_ = realloc((arr), ncap_ * sizeof(*(arr)));              \
			if (!p_)                                                        \
				return -1;                                                  \
			(arr) = p_;                                                     \
			(cap) = ncap_;                                                  \
		}                                                                   \
	} while (0)

/* inlined everywhere, so that the literal's length is a constant: this is
 * asked for every token, several times */
static inline __attribute__((always_inline)) int is(const scanner *s, size_t i, const char *text)
{
	return i < s->n && rustlex_is(s->lx, &s->t[i], text);
}

static int kind_at(const scanner *s, size_t i)
{
	return i < s->n ? s->t[i].kind : -1;
}

static int is_open(const scanner *s, size_t i, char c)
{
	return i < s->n && s->t[i].kind == TOK_OPEN && s->t[i].first == (unsigned char)c;
}

/* The matching bracket of an opener, or the opener itself when unmatched. */
static size_t skip_pair(const scanner *s, size_t i)
{
	return s->t[i].pair_ok ? s->t[i].pair : i;
}

static const char *const keywords[] = {
	"as", "break", "const", "continue", "else", "enum", "extern", "fn", "for", "if", "impl", "in",
	"let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct",
	"trait", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "yield", NULL,
};

static int is_keyword(const scanner *s, size_t i)
{
	const char *const *k;

	for (k = keywords; *k; k++)
		if (is(s, i, *k))
			return 1;
	return 0;
}

/* From a construct's head, the `{` of its body: the first one at this
 * bracket level, skipping () and [] groups; RS_NONE at a `;` or a closer
 * (a declaration, or broken code). */
static uint32_t find_body(const scanner *s, size_t i)
{
	for (; i < s->n; i++) {
		if (s->t[i].kind == TOK_OPEN) {
			if (is_open(s, i, '{'))
				return s->t[i].pair_ok ? (uint32_t)i : RS_NONE;
			i = skip_pair(s, i);
		} else if (s->t[i].kind == TOK_CLOSE || is(s, i, ";"))
			return RS_NONE;
	}
	return RS_NONE;
}

static int add_region(scanner *s, uint32_t start, uint32_t end, enum region_kind kind, uint32_t index,
                      int test, int allow)
{
	region *g;

	GROW(s->regions, s->region_count, s->region_cap);
	g = &s->regions[s->region_count++];
	g->start = start;
	g->end = end;
	g->kind = (uint8_t)kind;
	g->index = index;
	g->test = (uint8_t)test;
	g->allow = (uint8_t)allow;
	if (test) { /* for the rule packs: where test code is */
		rs_span *t;
		GROW(s->r->tests, s->r->test_count, s->r->test_cap_);
		t = &s->r->tests[s->r->test_count++];
		t->start = start;
		t->end = end;
	}
	return 0;
}

/* `#[...]` or `#![...]` at i: note what the attribute says. */
static size_t attribute(scanner *s, size_t i)
{
	size_t open = i + 1, close, k;
	int inner = 0, has_cfg = 0, test = 0, allow = 0, test_fn = 0;
	size_t last_ident = RS_NONE, first_ident = RS_NONE;

	if (is(s, open, "!")) {
		inner = 1;
		open++;
	}
	close = skip_pair(s, open);
	for (k = open + 1; k < close; k++) {
		if (s->t[k].kind != TOK_IDENT)
			continue;
		if (first_ident == RS_NONE)
			first_ident = k;
		if (is(s, k, "cfg"))
			has_cfg = 1;
		if (has_cfg && is(s, k, "test"))
			test = 1;
		if (is(s, k, "redundant_clone") && is(s, first_ident, "allow"))
			allow |= RS_ALLOW_REDUNDANT_CLONE;
		if (is(s, k, "clone_on_copy") && is(s, first_ident, "allow"))
			allow |= RS_ALLOW_CLONE_ON_COPY;
	}
	/* #[test], #[bench], #[tokio::test], #[rstest]: the path's last segment */
	for (k = open + 1; k < close && (s->t[k].kind == TOK_IDENT || is(s, k, "::")); k++)
		if (s->t[k].kind == TOK_IDENT)
			last_ident = k;
	if (last_ident != RS_NONE && (is(s, last_ident, "test") || is(s, last_ident, "bench") || is(s, last_ident, "rstest")))
		test_fn = 1;
	if (inner) {
		if (test)
			s->r->file_is_test = 1;
	} else {
		s->attr_test |= (uint8_t)test;
		s->attr_test_fn |= (uint8_t)test_fn;
		s->attr_allow |= (uint8_t)allow;
	}
	return close;
}

static void clear_attrs(scanner *s)
{
	s->attr_test = s->attr_test_fn = s->attr_allow = 0;
}

static int item_fn(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	rs_fn *f;
	size_t k, body;

	GROW(r->fns, r->fn_count, r->fn_cap_);
	f = &r->fns[r->fn_count];
	memset(f, 0, sizeof(*f));
	f->sig = (uint32_t)i;
	f->name = (uint32_t)(i + 1);
	f->impl = RS_NONE;
	f->params_open = RS_NONE;
	for (k = i + 2; k < s->n && !is_open(s, k, '(') && !is_open(s, k, '{') && !is(s, k, ";"); k++)
		;
	if (is_open(s, k, '('))
		f->params_open = (uint32_t)k;
	body = find_body(s, i + 2);
	f->body_open = (uint32_t)body;
	f->body_close = body == RS_NONE ? RS_NONE : s->t[body].pair;
	f->is_test = s->attr_test || s->attr_test_fn;
	f->allow_lints = s->attr_allow;
	/* qualifiers just before `fn`: pub, pub(crate), async, unsafe, const */
	for (k = i; k > 0; k--) {
		size_t p = k - 1;
		if (s->t[p].kind == TOK_CLOSE && s->t[p].pair_ok && is(s, s->t[p].pair - 1, "pub")) {
			k = s->t[p].pair;
			continue;
		}
		if (is(s, p, "async"))
			f->is_async = 1;
		else if (is(s, p, "pub"))
			f->is_pub = 1;
		else if (!is(s, p, "unsafe") && !is(s, p, "const") && !is(s, p, "extern") && s->t[p].kind != TOK_STRING)
			break;
	}
	r->fn_count++;
	if (body != RS_NONE &&
	    add_region(s, (uint32_t)body, f->body_close, REG_FN, (uint32_t)(r->fn_count - 1), f->is_test, f->allow_lints) < 0)
		return -1;
	clear_attrs(s);
	return 0;
}

/* The self type of `impl<..> [Trait for] Type<..> [where ..] {`; *is_ref
 * set when it is, or holds, a reference (`&'a T`, `(Ix, &'a E)`): then
 * `self` by value may be or hold a borrow. */
static uint32_t impl_self_type(const scanner *s, size_t i, size_t body, uint8_t *is_ref)
{
	size_t k = i + 1, start;
	int angle = 0;
	uint32_t name = RS_NONE;

	if (is(s, k, "<")) { /* the impl's own generics */
		for (; k < body; k++) {
			if (is(s, k, "<"))
				angle++;
			else if (is(s, k, ">") && --angle == 0) {
				k++;
				break;
			}
		}
	}
	start = k;
	for (angle = 0; k < body; k++) { /* `Trait for Type`: the type follows `for` */
		if (is(s, k, "<"))
			angle++;
		else if (is(s, k, ">"))
			angle--;
		else if (angle == 0 && is(s, k, "for") && !is(s, k + 1, "<"))
			start = k + 1;
	}
	*is_ref = 0;
	/* a tuple, an array or a slice names no type: `impl<I> Stream for (I,
	 * usize)` is not an impl for usize (winnow: `self.clone()` was taken for
	 * a Copy value, E0507) */
	if (is(s, start, "(") || is(s, start, "[")) {
		for (k = start; k < body && !is(s, k, "where"); k++)
			if (is(s, k, "&") || is(s, k, "&&"))
				*is_ref = 1;
		return RS_NONE;
	}
	for (k = start, angle = 0; k < body && !is(s, k, "where"); k++) {
		if (is(s, k, "&") || is(s, k, "&&")) /* `&'a T`, or a reference inside (`(Ix, Ix, &'a E)`) */
			*is_ref = 1;
		if (is(s, k, "<"))
			angle++;
		else if (is(s, k, ">"))
			angle--;
		else if (angle == 0 && s->t[k].kind == TOK_IDENT && !is(s, k, "dyn") && !is(s, k, "mut"))
			name = (uint32_t)k;
	}
	return name;
}

static int item_impl(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	size_t body = find_body(s, i + 1);
	rs_impl *im;

	if (body == RS_NONE) {
		clear_attrs(s);
		return 0;
	}
	GROW(r->impls, r->impl_count, r->impl_cap_);
	im = &r->impls[r->impl_count++];
	im->open = (uint32_t)body;
	im->close = s->t[body].pair;
	im->self_type = impl_self_type(s, i, body, &im->self_ref);
	if (add_region(s, (uint32_t)body, im->close, REG_IMPL, (uint32_t)(r->impl_count - 1), s->attr_test, s->attr_allow) < 0)
		return -1;
	clear_attrs(s);
	return 0;
}

/* `struct Name<..> { [#[..]] [pub[(..)]] field: Type, ... }` */
/* The end of a field's type from token `from`: the `,` at depth 0 (angle
 * brackets counted) or the struct's closer. */
static size_t field_type_end(const scanner *s, size_t from, size_t close)
{
	size_t e;
	int angle = 0;

	for (e = from; e < close; e++) {
		if (s->t[e].kind == TOK_OPEN)
			e = skip_pair(s, e);
		else if (is(s, e, "<"))
			angle++;
		else if (is(s, e, ">"))
			angle--;
		else if (angle <= 0 && is(s, e, ","))
			break;
	}
	return e;
}

/* `struct Name<..>(pub A, B);`: its fields by position. */
static int tuple_struct(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	size_t open = i + 2, k, close;
	int32_t position = 0;
	rs_struct *st;

	if (is(s, open, "<")) { /* generics: to the `(` */
		while (open < s->n && !is_open(s, open, '(') && !is(s, open, ";") && !is_open(s, open, '{'))
			open++;
	}
	if (!is_open(s, open, '(') || !s->t[open].pair_ok)
		return 0;
	close = s->t[open].pair;
	GROW(r->structs, r->struct_count, r->struct_cap_);
	st = &r->structs[r->struct_count++];
	st->keyword = (uint32_t)i;
	st->name = (uint32_t)(i + 1);
	/* its `;`, so that the type library's copy of the item ends where it does */
	st->close = (uint32_t)(is(s, close + 1, ";") ? close + 1 : close);
	for (k = open + 1; k < close; position++) {
		size_t e;
		rs_field *f;
		while (k < close && ((is(s, k, "#") && is_open(s, k + 1, '[')) || is(s, k, "pub")))
			k = is(s, k, "pub") ? (is_open(s, k + 1, '(') ? skip_pair(s, k + 1) + 1 : k + 1) : skip_pair(s, k + 1) + 1;
		e = field_type_end(s, k, close);
		if (e > k) {
			GROW(r->fields, r->field_count, r->field_cap_);
			f = &r->fields[r->field_count++];
			f->strukt = (uint32_t)(i + 1);
			f->name = (uint32_t)k;
			f->type_start = (uint32_t)k;
			f->type_end = (uint32_t)e;
			f->position = position;
		}
		k = e + 1;
	}
	return 0;
}

static int item_struct(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	size_t body = find_body(s, i + 2), k, close;

	clear_attrs(s);
	if (body == RS_NONE)
		return tuple_struct(s, i);
	close = s->t[body].pair;
	{
		rs_struct *st;
		GROW(r->structs, r->struct_count, r->struct_cap_);
		st = &r->structs[r->struct_count++];
		st->keyword = (uint32_t)i;
		st->name = (uint32_t)(i + 1);
		st->close = (uint32_t)close;
	}
	for (k = body + 1; k < close; k++) {
		size_t type_start, e;
		rs_field *f;
		if (is(s, k, "#") && is_open(s, k + 1, '[')) {
			k = skip_pair(s, k + 1);
			continue;
		}
		if (is(s, k, "pub")) {
			if (is_open(s, k + 1, '('))
				k = skip_pair(s, k + 1);
			continue;
		}
		if (s->t[k].kind != TOK_IDENT || !is(s, k + 1, ":"))
			continue;
		type_start = k + 2;
		e = field_type_end(s, type_start, close);
		GROW(r->fields, r->field_count, r->field_cap_);
		f = &r->fields[r->field_count++];
		f->strukt = (uint32_t)(i + 1);
		f->name = (uint32_t)k;
		f->type_start = (uint32_t)type_start;
		f->type_end = (uint32_t)e;
		f->position = -1;
		k = e;
	}
	return 0;
}

/* Is token i directly inside the block of an `impl` or a `trait`?  Back
 * over whole items (closed brackets skipped) to the `{` that encloses it,
 * then back over that block's header to its first word. */
static int block_is_impl_or_trait(const scanner *s, size_t i)
{
	size_t k = i, h;

	while (k-- > 0) {
		if (k + 1 == s->alias_seen)
			return s->alias_in_impl;
		if (s->t[k].kind == TOK_CLOSE && s->t[k].pair_ok) {
			k = s->t[k].pair;
			continue;
		}
		if (s->t[k].kind != TOK_OPEN)
			continue;
		if (!is_open(s, k, '{'))
			return 0; /* inside a ( or [: no item */
		for (h = k; h-- > 0 && !is(s, h, ";") && !is(s, h, "}") && !is(s, h, "{");) {
			if (s->t[h].kind == TOK_CLOSE && s->t[h].pair_ok)
				h = s->t[h].pair;
			else if (is(s, h, "impl") || is(s, h, "trait"))
				return 1;
		}
		return 0;
	}
	return 0;
}

static int in_impl_or_trait(scanner *s, size_t i)
{
	s->alias_in_impl = (uint8_t)block_is_impl_or_trait(s, i);
	s->alias_seen = i + 1;
	return s->alias_in_impl;
}

/* `type Name<..> = Target;` at item level.  Not an associated type: one
 * without `=` (a trait's), nor `type Handle = TokioHandle;` in an `impl`,
 * which names `<S as Trait>::Handle`, never a type `Handle` of the module. */
static int type_alias(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	size_t k, eq = RS_NONE;
	rs_alias *a;

	for (k = i + 2; k < s->n && !is(s, k, ";") && s->t[k].kind != TOK_CLOSE; k++) {
		if (s->t[k].kind == TOK_OPEN)
			k = skip_pair(s, k);
		else if (is(s, k, "=") && eq == RS_NONE)
			eq = k;
	}
	if (eq == RS_NONE || k >= s->n || !is(s, k, ";") || in_impl_or_trait(s, i))
		return 0;
	GROW(r->aliases, r->alias_count, r->alias_cap_);
	a = &r->aliases[r->alias_count++];
	a->keyword = (uint32_t)i;
	a->name = (uint32_t)(i + 1);
	a->type_start = (uint32_t)(eq + 1);
	a->type_end = (uint32_t)k;
	return 0;
}

static int add_import(scanner *s, size_t use, size_t name, size_t root)
{
	rustscan_result *r = s->r;
	rs_alias *a;

	GROW(r->imports, r->import_count, r->import_cap_);
	a = &r->imports[r->import_count++];
	a->keyword = (uint32_t)use;
	a->name = (uint32_t)name;
	a->type_start = (uint32_t)root;
	a->type_end = (uint32_t)(root + 1);
	return 0;
}

/* `use std::rc::{Rc, Weak as RcWeak};`: each `B as C` (not `as _`) names
 * B by C in this file; and every name the item brings in is recorded
 * with the path's root (`std`), so that a name imported from another
 * crate is not taken for a workspace type of the same name. */
static int use_item(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	size_t k, root = i + 1;

	if (root < s->n && is(s, root, "::"))
		root++;
	if (root >= s->n || s->t[root].kind != TOK_IDENT)
		root = RS_NONE;
	for (k = i + 1; k < s->n && !is(s, k, ";"); k++) {
		if (k + 2 < s->n && is(s, k + 1, "as") && s->t[k].kind == TOK_IDENT && s->t[k + 2].kind == TOK_IDENT &&
		    !is(s, k + 2, "_")) {
			rs_alias *a;
			GROW(r->renames, r->rename_count, r->rename_cap_);
			a = &r->renames[r->rename_count++];
			a->keyword = (uint32_t)i;
			a->name = (uint32_t)(k + 2);
			a->type_start = (uint32_t)k;
			a->type_end = (uint32_t)(k + 1);
			if (root != RS_NONE && add_import(s, i, k + 2, root) < 0)
				return -1;
		}
		/* `fs::{self, remove_file}`: `self` names the module, `fs` (vector's
		 * `use tokio::{fs::{self, ..}}`, whose `fs::metadata` is tokio's) */
		if (root != RS_NONE && is(s, k, "self") && k >= 3 && is(s, k - 1, "{") && is(s, k - 2, "::") &&
		    s->t[k - 3].kind == TOK_IDENT && k - 3 != root && add_import(s, i, k - 3, root) < 0)
			return -1;
		/* a leaf: after `::`, `{` or `,`, before `,`, `}`, `;` or `as` */
		if (root != RS_NONE && k != root && s->t[k].kind == TOK_IDENT && k + 1 < s->n &&
		    (is(s, k - 1, "::") || is(s, k - 1, "{") || is(s, k - 1, ",")) &&
		    (is(s, k + 1, ",") || is(s, k + 1, "}") || is(s, k + 1, ";") || is(s, k + 1, "as")) &&
		    add_import(s, i, k, root) < 0)
			return -1;
	}
	return 0;
}

static int item_mod(scanner *s, size_t i)
{
	size_t body = find_body(s, i + 2);
	int rc = 0;

	if (body != RS_NONE)
		rc = add_region(s, (uint32_t)body, s->t[body].pair, REG_MOD, RS_NONE, s->attr_test, s->attr_allow);
	clear_attrs(s);
	return rc;
}

static int add_scope(scanner *s, enum rs_scope_kind kind, int is_move, size_t head, size_t start, size_t end)
{
	rustscan_result *r = s->r;
	rs_scope *sc;

	GROW(r->scopes, r->scope_count, r->scope_cap_);
	sc = &r->scopes[r->scope_count++];
	sc->kind = (uint8_t)kind;
	sc->is_move = (uint8_t)is_move;
	sc->head = (uint32_t)head;
	sc->start = (uint32_t)start;
	sc->end = (uint32_t)end;
	/* a `while` loop's condition runs on every pass too: `while let
	 * Some(e) = next(sig.clone())` clones once per iteration (zvariant,
	 * E0382), where a `for`'s iterable is made once */
	if (kind == RS_LOOP && is(s, head, "while"))
		start = head + 1;
	return add_region(s, (uint32_t)start, (uint32_t)end,
	                  kind == RS_LOOP ? REG_LOOP : kind == RS_CLOSURE ? REG_CLOSURE : REG_ASYNC,
	                  (uint32_t)(r->scope_count - 1), 0, 0);
}

static int loop_head(scanner *s, size_t i)
{
	size_t body;

	if (is(s, i, "for") && is(s, i + 1, "<"))
		return 0; /* for<'a> Fn(&'a T): a bound, not a loop */
	body = find_body(s, i + 1);
	if (body == RS_NONE)
		return 0;
	return add_scope(s, RS_LOOP, 0, i, body + 1, s->t[body].pair);
}

/* Could an operand end at token i?  Then a `|` after it is an operator. */
static int ends_operand(const scanner *s, size_t i)
{
	int k = kind_at(s, i);

	if (k == TOK_CLOSE || k == TOK_NUMBER || k == TOK_STRING || k == TOK_CHAR || is(s, i, "?"))
		return 1;
	return k == TOK_IDENT && !is_keyword(s, i);
}

/* A closure whose first `|` (or `||`) is at i. */
static int closure(scanner *s, size_t i)
{
	size_t k = i, body;
	int is_move = i > 0 && is(s, i - 1, "move");

	if (is(s, i, "|")) {
		for (k = i + 1; k < s->n && !is(s, k, "|"); k++)
			if (s->t[k].kind == TOK_OPEN)
				k = skip_pair(s, k);
			else if (s->t[k].kind == TOK_CLOSE || is(s, k, ";"))
				return 0; /* not a closure after all */
		if (k >= s->n)
			return 0;
	}
	body = k + 1;
	if (is(s, body, "->")) /* a return type needs a block body */
		body = find_body(s, body);
	if (body != RS_NONE && is_open(s, body, '{') && s->t[body].pair_ok)
		return add_scope(s, RS_CLOSURE, is_move, i, body + 1, s->t[body].pair);
	if (body == RS_NONE)
		return 0;
	/* an expression body: up to the `,` `;` or closer that ends it */
	for (k = body; k < s->n; k++) {
		if (s->t[k].kind == TOK_OPEN)
			k = skip_pair(s, k);
		else if (s->t[k].kind == TOK_CLOSE || is(s, k, ",") || is(s, k, ";"))
			break;
	}
	return add_scope(s, RS_CLOSURE, is_move, i, body, k);
}

static int is_dot_or_path(const scanner *s, size_t i)
{
	return is(s, i, ".") || is(s, i, "::");
}

/* The keyword that starts the block expression whose (last) block opens
 * at open -- `match x {`, `if a { .. } else {`, `unsafe {`, `loop {`,
 * `async move {` -- or RS_NONE when the `{` opens a struct literal or is
 * no block of an expression that can be told so. */
static size_t block_expression_start(const scanner *s, size_t open)
{
	size_t k = open;
	int depth_guard = 0;

	while (k > 0 && depth_guard++ < 64) {
		size_t p = k - 1;
		if (is(s, p, "else")) { /* `} else {` or `} else if .. {`: back to the `if` */
			if (p == 0 || !(s->t[p - 1].kind == TOK_CLOSE && s->t[p - 1].pair_ok))
				return RS_NONE;
			k = s->t[p - 1].pair;
			continue;
		}
		if (is(s, p, "unsafe") || is(s, p, "loop") || is(s, p, "async"))
			return p;
		if (is(s, p, "move") && p > 0 && is(s, p - 1, "async"))
			return p - 1;
		break;
	}
	/* the head before the block: back over the scrutinee to `match`, `if`
	 * or `while`, in the same statement (brackets skipped whole) */
	for (k = open; k > 0;) {
		size_t p = k - 1;
		if (s->t[p].kind == TOK_CLOSE) {
			if (!s->t[p].pair_ok)
				return RS_NONE;
			k = s->t[p].pair;
			continue;
		}
		if (is(s, p, "match") || is(s, p, "if") || is(s, p, "while"))
			return p;
		if (is(s, p, ";") || is(s, p, "{") || is(s, p, "}") || is(s, p, "=") || is(s, p, "=>") || is(s, p, ",") ||
		    is(s, p, "(") || is(s, p, "[") || is(s, p, "let") || is(s, p, "return"))
			return RS_NONE;
		k = p;
	}
	return RS_NONE;
}

/* The receiver of the `.` at `dot`: the postfix chain that ends there. */
static size_t receiver_start(const scanner *s, size_t dot)
{
	size_t k = dot;

	while (k > 0) {
		size_t p = k - 1;
		if (s->t[p].kind == TOK_CLOSE) {
			if (!s->t[p].pair_ok)
				break;
			k = s->t[p].pair;
			/* a block's value, `match ty { .. }.clone()`, `if c { a } else
			 * { b }.clone()`, `unsafe { .. }.clone()`: the receiver is the
			 * whole expression, from its keyword -- not its scrutinee, nor a
			 * call before the block (koto's `match &item.self_ty.as_ref() {
			 * .. }.clone()` was read as a clone of `as_ref()`'s result and
			 * proposed as a borrow of it).  A struct literal, `P { a
			 * }.clone()`, is a chain's start as before. */
			if (is_open(s, k, '{')) {
				size_t b = block_expression_start(s, k);
				if (b != RS_NONE) {
					k = b;
					break;
				}
			}
			/* a call or index: the callee belongs to the chain too */
			if (k > 0 && (s->t[k - 1].kind == TOK_IDENT || s->t[k - 1].kind == TOK_CLOSE ||
			              is(s, k - 1, "!") || is(s, k - 1, ">")) &&
			    !(s->t[k - 1].kind == TOK_IDENT && is_keyword(s, k - 1)))
				continue;
			break;
		}
		if (is(s, p, "?")) {
			k = p;
			continue;
		}
		if (is(s, p, "!") && p > 0 && s->t[p - 1].kind == TOK_IDENT) { /* macro call: vec![..].clone() */
			k = p;
			continue;
		}
		if (s->t[p].kind == TOK_IDENT || s->t[p].kind == TOK_NUMBER || s->t[p].kind == TOK_STRING ||
		    s->t[p].kind == TOK_CHAR) {
			/* a chain member after `.`/`::`, or the chain's start */
			if (p > 0 && is_dot_or_path(s, p - 1)) {
				k = p - 1;
				continue;
			}
			if (s->t[p].kind == TOK_IDENT && is_keyword(s, p) && !is(s, p, "self"))
				break;
			k = p;
			break;
		}
		break;
	}
	return k;
}

static int site(scanner *s, size_t i)
{
	rustscan_result *r = s->r;
	rs_site *st;
	size_t open = i + 1, close;

	if (!is_open(s, open, '(') || !s->t[open].pair_ok || i == 0)
		return 0;
	close = s->t[open].pair;
	if (is(s, i - 1, ".")) {
		if (close != open + 1)
			return 0; /* clone() takes no arguments: not our clone */
		GROW(r->sites, r->site_count, r->site_cap_);
		st = &r->sites[r->site_count];
		memset(st, 0, sizeof(*st));
		st->form = RS_METHOD;
		st->path_type = RS_NONE;
		st->recv_start = (uint32_t)receiver_start(s, i - 1);
		st->recv_end = (uint32_t)(i - 1);
		if (st->recv_start == st->recv_end)
			return 0;
	} else if (is(s, i - 1, "::")) {
		size_t a = open + 1;
		if (close == open + 1)
			return 0;
		GROW(r->sites, r->site_count, r->site_cap_);
		st = &r->sites[r->site_count];
		memset(st, 0, sizeof(*st));
		st->form = RS_PATH;
		st->path_type = i >= 2 && s->t[i - 2].kind == TOK_IDENT ? (uint32_t)(i - 2) : RS_NONE;
		if (is(s, a, "&"))
			a++;
		if (is(s, a, "mut"))
			a++;
		st->recv_start = (uint32_t)a;
		st->recv_end = (uint32_t)close;
	} else
		return 0;
	st->tok = (uint32_t)i;
	st->call_close = (uint32_t)close;
	st->fn = st->loop = st->closure = RS_NONE;
	r->site_count++;
	return 0;
}

/* Pass 1: items, scopes and sites, in token order. */
/* `struct NAME` and `type NAME` (not `Self::type` paths): the items the
 * type library keeps, in both scanning modes */
static int struct_head(const scanner *s, size_t i)
{
	return is(s, i, "struct") && kind_at(s, i + 1) == TOK_IDENT;
}

static int alias_head(const scanner *s, size_t i)
{
	return is(s, i, "type") && kind_at(s, i + 1) == TOK_IDENT && !(i > 0 && is(s, i - 1, "::"));
}

/* The first letters of the words collect() looks for (a table: it is
 * asked of every short identifier). */
static const unsigned char keyword_head[256] = {
	['a'] = 1, ['c'] = 1, ['e'] = 1, ['f'] = 1, ['i'] = 1, ['l'] = 1, ['m'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['w'] = 1,
};

static int collect(scanner *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const rustlex_token *t = &s->t[i];
		char first = (char)t->first;
		if (t->kind == TOK_PUNCT) {
			if (first == '#' && t->len == 1 &&
			    (is_open(s, i + 1, '[') || (is(s, i + 1, "!") && is_open(s, i + 2, '[')))) {
				i = attribute(s, i);
				continue;
			}
			if ((is(s, i, "|") || is(s, i, "||")) && !(i > 0 && ends_operand(s, i - 1))) {
				if (closure(s, i) < 0)
					return -1;
				continue;
			}
		}
		if (is(s, i, ";") || (t->kind == TOK_CLOSE && is(s, i, "}")))
			clear_attrs(s);
		/* every word below is 2 to 6 letters and starts with one of
		 * these: most identifiers are dismissed here, in one look */
		if (t->kind != TOK_IDENT || t->len < 2 || t->len > 6 || !keyword_head[(unsigned char)first])
			continue;
		if (s->types_only) {
			if (struct_head(s, i)) {
				if (item_struct(s, i) < 0)
					return -1;
			} else if (alias_head(s, i)) {
				if (type_alias(s, i) < 0)
					return -1;
			}
			continue;
		}
		if (is(s, i, "fn") && kind_at(s, i + 1) == TOK_IDENT) {
			if (item_fn(s, i) < 0)
				return -1;
		} else if (is(s, i, "impl") && !(i > 0 && (is(s, i - 1, "->") || is(s, i - 1, ":") || is(s, i - 1, "<") ||
		                                           is(s, i - 1, ",") || is(s, i - 1, "&") || s->t[i - 1].kind == TOK_OPEN))) {
			size_t body = find_body(s, i + 1);
			if (item_impl(s, i) < 0)
				return -1;
			if (body != RS_NONE)
				i = body; /* past the header: its `for` is no loop */
		} else if (struct_head(s, i)) {
			if (item_struct(s, i) < 0)
				return -1;
		} else if (is(s, i, "mod") && kind_at(s, i + 1) == TOK_IDENT) {
			if (item_mod(s, i) < 0)
				return -1;
		} else if ((is(s, i, "for") || is(s, i, "while") || is(s, i, "loop")) && !(i > 0 && is(s, i - 1, "."))) {
			if (loop_head(s, i) < 0)
				return -1;
		} else if (is(s, i, "async")) {
			size_t b = i + 1;
			int mv = is(s, b, "move");
			if (mv)
				b++;
			if (is_open(s, b, '{') && s->t[b].pair_ok && add_scope(s, RS_ASYNC, mv, i, b + 1, s->t[b].pair) < 0)
				return -1;
		} else if (is(s, i, "clone")) {
			if (site(s, i) < 0)
				return -1;
		} else if (alias_head(s, i)) {
			if (type_alias(s, i) < 0)
				return -1;
			clear_attrs(s);
		} else if (is(s, i, "use") && !(i > 0 && (is(s, i - 1, "::") || is(s, i - 1, "."))) && use_item(s, i) < 0) {
			return -1;
		} else if (is(s, i, "enum") || is(s, i, "trait") || is(s, i, "use") || is(s, i, "const") ||
		           is(s, i, "static") || is(s, i, "type")) {
			if (!(is(s, i, "const") && is(s, i + 1, "fn")))
				clear_attrs(s);
		}
	}
	return 0;
}

static int cmp_region(const void *pa, const void *pb)
{
	const region *a = pa, *b = pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1; /* the outer one first */
	return a->kind < b->kind ? -1 : a->kind > b->kind;
}

/* Pass 2: sweep the sites through the properly nested regions. */
static int assign(scanner *s)
{
	rustscan_result *r = s->r;
	region **stack = NULL;
	size_t depth = 0, cap = 0, next = 0, k;
	uint32_t si;

	/* regions are added as their heads are met, so they nearly always come
	 * in order already: a check is linear, the sort n log n (a sixth of
	 * the scan's time) */
	for (k = 1; k < s->region_count; k++)
		if (cmp_region(&s->regions[k - 1], &s->regions[k]) > 0) {
			qsort(s->regions, s->region_count, sizeof(*s->regions), cmp_region);
			break;
		}
	for (si = 0; si < r->site_count; si++) {
		rs_site *st = &r->sites[si];
		uint32_t at = st->tok;
		int test = 0, allow = 0, in_fn = 0;

		while (depth && stack[depth - 1]->end <= at)
			depth--;
		while (next < s->region_count && s->regions[next].start <= at) {
			region *g = &s->regions[next++];
			while (depth && stack[depth - 1]->end <= g->start)
				depth--;
			if (g->end <= at)
				continue;
			GROW(stack, depth, cap);
			stack[depth++] = g;
		}
		for (k = depth; k > 0; k--) {
			region *g = stack[k - 1];
			if (g->start > at || g->end <= at)
				continue;
			test |= g->test;
			allow |= g->allow;
			if (in_fn)
				continue;
			switch (g->kind) {
			case REG_FN:
				st->fn = g->index;
				in_fn = 1;
				break;
			case REG_LOOP:
				if (st->loop == RS_NONE)
					st->loop = g->index;
				st->loop_depth++;
				break;
			case REG_CLOSURE:
			case REG_ASYNC:
				if (st->closure == RS_NONE)
					st->closure = g->index;
				break;
			default:
				break;
			}
		}
		st->in_test = (uint8_t)(test || r->file_is_test);
		st->allow_lints = (uint8_t)allow;
	}
	free(stack);
	return 0;
}

static int link_impls(scanner *s)
{
	rustscan_result *r = s->r;
	size_t f, m, depth = 0;
	uint32_t *open = NULL;
	int sorted = 1;

	/* a fn inside an impl's braces is its method (innermost impl wins).
	 * Both lists are in token order and impl bodies are bracket pairs, so
	 * properly nested: one sweep with a stack of the impls open at each
	 * fn, linear where a pair of loops was quadratic (a generated file of
	 * thousands of impls and fns). */
	for (f = 1; f < r->fn_count && sorted; f++)
		sorted = r->fns[f - 1].sig < r->fns[f].sig;
	for (m = 1; m < r->impl_count && sorted; m++)
		sorted = r->impls[m - 1].open < r->impls[m].open;
	if (r->impl_count && !(open = malloc(r->impl_count * sizeof(*open))))
		return -1;
	for (f = 0, m = 0; sorted && f < r->fn_count; f++) {
		uint32_t sig = r->fns[f].sig;
		while (m < r->impl_count && r->impls[m].open < sig)
			open[depth++] = (uint32_t)m++;
		while (depth && r->impls[open[depth - 1]].close <= sig)
			depth--; /* closed before this fn */
		if (depth && r->impls[open[depth - 1]].open < sig && sig < r->impls[open[depth - 1]].close)
			r->fns[f].impl = open[depth - 1];
	}
	free(open);
	for (f = 0; !sorted && f < r->fn_count; f++) /* not met in practice: the plain way */
		for (m = 0; m < r->impl_count; m++)
			if (r->fns[f].sig > r->impls[m].open && r->fns[f].sig < r->impls[m].close &&
			    (r->fns[f].impl == RS_NONE || r->impls[m].open > r->impls[r->fns[f].impl].open))
				r->fns[f].impl = (uint32_t)m;
	return 0;
}

/* `mod registry;` then `use registry::Info;`: a path from a module of
 * this file is the crate's own, not another crate's -- drop such imports
 * (the list is for names from outside). */
static int drop_local_imports(scanner *s)
{
	rustscan_result *r = s->r;
	size_t i, k, kept = 0, nmods = 0, cap = 0, *mods = NULL;

	for (k = 0; k + 1 < s->n; k++) /* the file's `mod NAME`s, once */
		if (is(s, k, "mod") && s->t[k + 1].kind == TOK_IDENT) {
			if (nmods == cap) {
				size_t *m = realloc(mods, (cap = cap ? cap * 2 : 16) * sizeof(*mods));
				if (!m) {
					free(mods);
					return -1;
				}
				mods = m;
			}
			mods[nmods++] = k + 1;
		}
	for (i = 0; i < r->import_count; i++) {
		const rustlex_token *root = &s->t[r->imports[i].type_start];
		int local = 0;
		for (k = 0; k < nmods && !local; k++)
			local = s->t[mods[k]].len == root->len &&
			        memcmp(s->lx->text + s->t[mods[k]].off, s->lx->text + root->off, root->len) == 0;
		if (!local)
			r->imports[kept++] = r->imports[i];
	}
	r->import_count = kept;
	free(mods);
	return 0;
}

static int scan(rustscan_result *out, const rustlex_result *lex, int types_only)
{
	scanner s;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	out->lex = lex;
	s.r = out;
	s.lx = lex;
	s.t = lex->tokens;
	s.n = lex->count;
	s.types_only = (uint8_t)types_only;
	rc = collect(&s);
	if (rc == 0 && !types_only)
		rc = assign(&s);
	if (rc == 0 && !types_only)
		rc = link_impls(&s);
	if (rc == 0 && out->import_count)
		rc = drop_local_imports(&s);
	free(s.regions);
	return rc;
}

int rustscan_scan(rustscan_result *out, const rustlex_result *lex)
{
	return scan(out, lex, 0);
}

int rustscan_scan_types(rustscan_result *out, const rustlex_result *lex)
{
	return scan(out, lex, 1);
}

void rustscan_free(rustscan_result *r)
{
	free(r->fns);
	free(r->impls);
	free(r->fields);
	free(r->aliases);
	free(r->renames);
	free(r->imports);
	free(r->structs);
	free(r->scopes);
	free(r->sites);
	free(r->tests);
	memset(r, 0, sizeof(*r));
}

int rustscan_tok_is(const rustscan_result *r, uint32_t i, const char *s)
{
	return i < r->lex->count && rustlex_is(r->lex, &r->lex->tokens[i], s);
}

int rustscan_loop_waits(const rustscan_result *r, const rs_scope *loop)
{
	const rustlex_token *t = r->lex->tokens;
	size_t i;

	for (i = loop->start; i + 3 < loop->end && i + 3 < r->lex->count; i++)
		if ((rustscan_tok_is(r, (uint32_t)i, "sleep") || rustscan_tok_is(r, (uint32_t)i, "sleep_until") ||
		     rustscan_tok_is(r, (uint32_t)i, "tick")) &&
		    rustscan_tok_is(r, (uint32_t)i + 1, "(") && t[i + 1].pair_ok &&
		    ((rustscan_tok_is(r, t[i + 1].pair + 1, ".") && rustscan_tok_is(r, t[i + 1].pair + 2, "await")) ||
		     rustscan_tok_is(r, t[i + 1].pair + 1, "=>")))
			return 1;
	return 0;
}

int rustscan_call_ends_loop(const rustscan_result *r, uint32_t call)
{
	const rustlex_token *t = r->lex->tokens;
	size_t n = r->lex->count, k = call, i, end;

	while (k > 0 && (t[k - 1].kind == TOK_IDENT || rustscan_tok_is(r, (uint32_t)k - 1, ".") ||
	                 rustscan_tok_is(r, (uint32_t)k - 1, "::") || rustscan_tok_is(r, (uint32_t)k - 1, "&")) &&
	       !rustscan_tok_is(r, (uint32_t)k - 1, "match"))
		k--;
	if (k == 0 || !rustscan_tok_is(r, (uint32_t)k - 1, "match") || call + 1 >= n ||
	    !rustscan_tok_is(r, call + 1, "(") || !t[call + 1].pair_ok)
		return 0;
	i = t[call + 1].pair + 1;
	for (;;) { /* past `.await` and `?` */
		if (i + 1 < n && rustscan_tok_is(r, (uint32_t)i, ".") && rustscan_tok_is(r, (uint32_t)i + 1, "await"))
			i += 2;
		else if (i < n && rustscan_tok_is(r, (uint32_t)i, "?"))
			i++;
		else
			break;
	}
	if (i >= n || !rustscan_tok_is(r, (uint32_t)i, "{") || !t[i].pair_ok)
		return 0;
	end = t[i].pair;
	for (k = i + 1; k + 3 < end; k++) {
		size_t arrow, body;
		if (!(rustscan_tok_is(r, (uint32_t)k, "Ok") || rustscan_tok_is(r, (uint32_t)k, "Some")) ||
		    !rustscan_tok_is(r, (uint32_t)k + 1, "(") || !t[k + 1].pair_ok)
			continue;
		arrow = t[k + 1].pair + 1;
		if (arrow + 1 >= end || !rustscan_tok_is(r, (uint32_t)arrow, "=>"))
			continue;
		body = arrow + 1;
		if (rustscan_tok_is(r, (uint32_t)body, "{"))
			body++;
		if (rustscan_tok_is(r, (uint32_t)body, "return") || rustscan_tok_is(r, (uint32_t)body, "break"))
			return 1;
	}
	return 0;
}

int rustscan_loop_retries(const rustscan_result *r, const rs_scope *loop)
{
	static const char *const takes[] = { "recv", "next", "accept", "pop", "pop_front", "try_recv",
		                             "recv_timeout", "changed", "notified", "read_line", NULL };
	const rustlex_token *t = r->lex->tokens;
	size_t i, w;
	int returns = 0;

	if (loop->kind != RS_LOOP || !rustscan_tok_is(r, loop->head, "loop"))
		return 0;
	for (i = loop->start; i < loop->end && i < r->lex->count; i++) {
		if (rustscan_tok_is(r, (uint32_t)i, "return"))
			returns = 1;
		else if (rustscan_tok_is(r, (uint32_t)i, "select") && i + 1 < loop->end && rustscan_tok_is(r, (uint32_t)i + 1, "!"))
			return 0;
		else if (t[i].kind == TOK_IDENT && i > 0 && rustscan_tok_is(r, (uint32_t)i - 1, ".") &&
		         i + 1 < loop->end && rustscan_tok_is(r, (uint32_t)i + 1, "("))
			for (w = 0; takes[w]; w++)
				if (rustscan_tok_is(r, (uint32_t)i, takes[w]))
					return 0;
	}
	return returns;
}

uint32_t rustscan_innermost_loop(const rustscan_result *r, size_t k)
{
	uint32_t i, best = RS_NONE;

	for (i = 0; i < r->scope_count; i++) {
		const rs_scope *sc = &r->scopes[i];
		if (sc->kind == RS_LOOP && sc->start <= k && k < sc->end &&
		    (best == RS_NONE || sc->start > r->scopes[best].start))
			best = i;
	}
	return best;
}

int rustscan_loop_per_item(const rustscan_result *r, const rs_scope *loop)
{
	return !rustscan_loop_waits(r, loop) && !rustscan_loop_retries(r, loop);
}
