#include "config.h"

#include "ownership.h"

#include "flow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t scope_lower_bound(const ctx *c, size_t k)
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

static size_t list_item_end(const ctx *c, size_t p, size_t close);

/* The declared type [*a, *b) of the fn's parameter named at token i
 * (`name: T`, `mut name: T`): 1, or 0 when no parameter has that name. */
static int param_type(const ctx *c, const rs_fn *fn, size_t i, size_t *a, size_t *b)
{
	size_t k, close;

	if (fn->params_open == RS_NONE || !c->t[fn->params_open].pair_ok)
		return 0;
	close = c->t[fn->params_open].pair;
	for (k = fn->params_open + 1; k + 2 < close; k++)
		if (same_tok(c, k, i) && is(c, k + 1, ":") &&
		    (k == fn->params_open + 1 || is(c, k - 1, ",") || is(c, k - 1, "mut"))) {
			*a = k + 2;
			*b = list_item_end(c, k + 2, close);
			return 1;
		}
	return 0;
}

/* Is the name at token i a parameter or annotated local of a `&` type? */
static int ident_is_ref(const ctx *c, const rs_fn *fn, size_t i)
{
	size_t a, b, k;

	if (param_type(c, fn, i, &a, &b))
		return is(c, a, "&") || is(c, a, "&&");
	for (k = fn->body_open + 1; k + 3 < i; k++)
		if (is(c, k, "let") && same_tok(c, k + 1, i) && is(c, k + 2, ":") && is(c, k + 3, "&"))
			return 1;
	return 0;
}

/* Is the name at token i a parameter of the fn whose declared type,
 * itself no reference, takes a reference or a lifetime among its type
 * arguments (`r: RangeInclusive<&TyParam>`, `v: Vec<&'a str>`)? */
static int ident_args_lend(const ctx *c, const rs_fn *fn, size_t i)
{
	size_t a, b, e;

	if (!param_type(c, fn, i, &a, &b) || is(c, a, "&") || is(c, a, "&&"))
		return 0; /* no parameter, or a reference itself: ident_is_ref()'s */
	for (e = a; e < b; e++)
		if (is(c, e, "&") || is(c, e, "&&") || c->t[e].kind == TOK_LIFETIME)
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
int self_by_ref(const ctx *c, const rs_fn *fn)
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

/* May tokens [a, b) -- a declared type or an initializer -- give
 * references as items: a `&` anywhere (`Vec<&str>`, `&[T]`,
 * `impl IntoIterator<Item = &'a T>`), or a borrowing iterator or view
 * (`.iter()`, `.keys()`, `.values()`, `.as_ref()`, `.lines()`,
 * `.split(..)`, `.chunks(..)`, `.windows(..)`) collected into it? */
static int items_may_be_refs(const ctx *c, size_t a, size_t b)
{
	static const char *const lending[] = { "iter", "keys", "values", "as_ref", "as_slice", "lines", "split",
	                                       "split_whitespace", "chunks", "windows", NULL };
	size_t k, i;

	for (k = a; k < b; k++) {
		if (is(c, k, "&") || is(c, k, "&&"))
			return 1;
		if (is(c, k, ".") && k + 1 < b)
			for (i = 0; lending[i]; i++)
				if (is(c, k + 1, lending[i]))
					return 1;
	}
	return 0;
}

/* The end of the parameter, or of the fn header's generics clause, whose
 * first token is p (a top-level `,` or the closer `close`). */
static size_t list_item_end(const ctx *c, size_t p, size_t close)
{
	int angle = 0;

	for (; p < close; p++) {
		if (c->t[p].kind == TOK_OPEN)
			p = skip_pair(c, p);
		else if (is(c, p, "<"))
			angle++;
		else if (is(c, p, ">"))
			angle--;
		else if (angle <= 0 && is(c, p, ","))
			break;
	}
	return p;
}

decl find_local(const ctx *c, const char *root, const rs_fn *fn, size_t before);

/* The first token of type [a, b) past its path (`std::vec::Vec<T>`:
 * `Vec`), and whether it names one of std's owning containers or wrappers
 * the rules list (heap_type, wrapper_type). */
static int std_container_head(const ctx *c, size_t *a, size_t b)
{
	while (*a + 2 < b && is_ident(c, *a) && is(c, *a + 1, "::"))
		*a += 2;
	return *a < b && is_ident(c, *a) && (in_list(c, &c->ar->heap_type, *a) || in_list(c, &c->ar->wrapper_type, *a));
}

/* Positive evidence that a by-value parameter's type [a, b) owns what a
 * `for` over it yields: a std collection or wrapper the rules name
 * (heap_type, wrapper_type: `Vec<T>`, `HashMap<K, V>`, `Option<T>`), an
 * array `[T; N]`, `impl IntoIterator<..>`, or a generic of the fn (whose
 * bounds the caller reads).  Any other named type -- the workspace's own,
 * an alias (vivid's `CategoryRef<'a> = &'a [String]`), a borrowing
 * iterator (`Iter<'a, T>`) -- is unknown, never owning. */
static int type_owns_items(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	size_t h;

	if (a >= b)
		return 0;
	if (is(c, a, "impl"))
		return 1;
	if (is_open(c, a, '[')) {
		for (h = a + 1; h < c->t[a].pair; h++)
			if (is(c, h, ";"))
				return 1;
		return 0;
	}
	if (std_container_head(c, &a, b))
		return 1;
	if (!is_ident(c, a))
		return 0;
	if (a + 1 != b) /* `Foo<T>`, not a generic of the fn */
		return 0;
	for (h = fn->params_open; h > 0 && h + 64 > fn->params_open; h--) {
		if (is(c, h, "fn"))
			break;
		if (same_tok(c, h, a) && (is(c, h - 1, "<") || is(c, h - 1, ",")))
			return 1;
	}
	return 0;
}

/* Is token k one by which a type may lend: `&`, `&&`, a lifetime, `impl`,
 * `dyn`? */
static int lending_type_token(const ctx *c, size_t k)
{
	return is(c, k, "&") || is(c, k, "&&") || c->t[k].kind == TOK_LIFETIME || is(c, k, "impl") || is(c, k, "dyn");
}

/* Is the type [a, b) a `let` declares one of std's owning containers or
 * wrappers the rules name (heap_type, wrapper_type: `Vec<String>`,
 * `Option<PathBuf>`), with no reference, lifetime, `impl`, `dyn` or
 * inferred `_` anywhere in it?  Such a local holds a value: no alias,
 * type parameter or workspace type can make it a reference. */
static int declared_std_value(const ctx *c, size_t a, size_t b)
{
	size_t k;

	if (!std_container_head(c, &a, b))
		return 0;
	for (k = a; k < b; k++)
		if (lending_type_token(c, k) || is(c, k, "_"))
			return 0; /* (`Vec<_>`: the items may be references, and a `for` over it takes them) */
	return 1;
}

/* Does the collection named at token i own its items, so that a `for`
 * over it by value yields owned values?  Positive evidence only: a
 * by-value parameter whose type names no reference (and, for a generic
 * `I`, whose bounds in the fn's header name none either), or a local the
 * ownership rules call owned whose type and initializer lend nothing.
 * `for pkg in registry` with `registry: impl IntoIterator<Item = &'a S>`,
 * or `for (k, v) in other` with `if let Some(other) = &profile.package`,
 * yields references. */
static int collection_owns_items(const ctx *c, const rs_fn *fn, size_t i)
{
	char name[128];
	decl d;
	size_t ta, tb, h;

	if (param_type(c, fn, i, &ta, &tb)) {
		if (items_may_be_refs(c, ta, tb) || !type_owns_items(c, fn, ta, tb))
			return 0;
		/* `registry: I` with `I: IntoIterator<Item = &'a T>` in the
		 * header: a generic's bounds may name references */
		if (tb == ta + 1 && is_ident(c, ta))
			for (h = fn->params_open; h > 0 && h + 64 > fn->params_open; h--) {
				if (is(c, h, "fn"))
					break;
				if (same_tok(c, h, ta) && is(c, h + 1, ":"))
					return 0;
			}
		for (h = c->t[fn->params_open].pair + 1; h < fn->body_open; h++) /* a where clause */
			if (same_tok(c, h, ta) && is(c, h + 1, ":") &&
			    items_may_be_refs(c, h + 2, list_item_end(c, h + 2, fn->body_open)))
				return 0;
		return 1;
	}
	tok_text(c, i, name, sizeof(name));
	d = find_local(c, name, fn, i);
	if (d.last == RS_NONE || d.kind != EV_ROOT_LOCAL)
		return 0;
	if (d.type.a < d.type.b && items_may_be_refs(c, d.type.a, d.type.b))
		return 0;
	return !(d.init_a < d.init_b && items_may_be_refs(c, d.init_a, d.init_b));
}

/* Positive evidence that a `for` loop over tokens [a, b) yields owned
 * items: it iterates a local or by-value parameter that owns its items
 * (above) itself, or its `into_iter()` / `drain(..)` / `into_values()` /
 * `into_keys()`, numbered or reversed.  Anything else -- a method chain
 * (`self.args.args().filter(..)`), a field, a call -- may well yield
 * references: unknown, never owned. */
static int loop_items_owned(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	if (a >= b || !is_ident(c, a) || is(c, a, "self"))
		return 0;
	/* `v.into_iter().enumerate()`, `.rev()`: the same items (numbered) */
	while (b >= a + 5 && is(c, b - 4, ".") && is_open(c, b - 2, '(') && c->t[b - 2].pair == b - 1 &&
	       (is(c, b - 3, "enumerate") || is(c, b - 3, "rev")))
		b -= 4;
	if (a + 1 == b)
		return collection_owns_items(c, fn, a);
	if (a + 4 <= b && is(c, a + 1, ".") && is_open(c, a + 3, '(') && c->t[a + 3].pair == b - 1 &&
	    (is(c, a + 2, "into_iter") || is(c, a + 2, "drain") || is(c, a + 2, "into_values") || is(c, a + 2, "into_keys")))
		return collection_owns_items(c, fn, a);
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
/* The end of the expression [a, b) without the trailing steps that pass
 * its value on: `?`, `.unwrap()`, `.expect(..)`, `.unwrap_or(..)`,
 * `.unwrap_or_default()`, `.unwrap_or_else(..)`. */
static size_t unwrapped_end(const ctx *c, size_t a, size_t b)
{
	for (;;) {
		if (b > a && is(c, b - 1, "?")) {
			b--;
			continue;
		}
		if (b >= a + 3 && c->t[b - 1].kind == TOK_CLOSE && c->t[b - 1].pair_ok && is_open(c, c->t[b - 1].pair, '(')) {
			size_t open = c->t[b - 1].pair;
			if (open >= a + 2 && is(c, open - 2, ".") &&
			    (is(c, open - 1, "unwrap") || is(c, open - 1, "expect") || is(c, open - 1, "unwrap_or") ||
			     is(c, open - 1, "unwrap_or_default") || is(c, open - 1, "unwrap_or_else"))) {
				b = open - 2;
				continue;
			}
		}
		return b;
	}
}

/* The `(` of a call at open, or, when a turbofish stands before it
 * (`.collect::<Vec<_>>()`, `parse::<u64>(..)`), the token after the
 * called name -- so that the tests below read the name where it stands
 * before the `(` of a call without one.  No further back than a. */
static size_t past_turbofish(const ctx *c, size_t a, size_t open)
{
	size_t k = open;
	int depth = 0;

	if (k <= a + 3 || !is(c, k - 1, ">"))
		return open;
	while (k > a) {
		k--;
		if (c->t[k].kind == TOK_CLOSE && c->t[k].pair_ok) {
			k = c->t[k].pair;
			continue;
		}
		if (is(c, k, ">"))
			depth++;
		else if (is(c, k, ">>"))
			depth += 2;
		else if (is(c, k, "<") && --depth == 0)
			return k >= a + 2 && is(c, k - 1, "::") && is_ident(c, k - 2) ? k - 1 : open;
		else if (is(c, k, ";") || is(c, k, "{"))
			break;
	}
	return open;
}

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
	if (!(is_ident(c, a) || (is_open(c, a, '(') && c->t[a].pair_ok && is(c, c->t[a].pair + 1, "."))) || /* `(&t).into()` */
	    is(c, a, "unsafe") || is(c, a, "if") || is(c, a, "match") || is(c, a, "loop"))
		return 0;
	/* the chain's steps: drop the trailing ones that pass the value on */
	b = unwrapped_end(c, a, b);
	if (b >= a + 2 && is(c, b - 1, "await") && is(c, b - 2, "."))
		return 1; /* a future's output: made by it, handed over */
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
	last = past_turbofish(c, a, last); /* `collect::<Vec<_>>(`: as `collect(` */
	/* `min(a, b)`, `mem::replace(&mut self.f, v)`: the argument's or the
	 * place's ownership, not known here */
	if ((last == a + 1 || (last >= a + 2 && is(c, last - 2, "::"))) && in_list(c, &c->ar->pass_fn, last - 1))
		return 0;
	if (last >= a + 2 && is(c, last - 2, "::")) /* `Type::new(..)`, `mem::take(..)`: owned, unless the */
		return typelib_fn_returns(c->tl, c->text + c->t[last - 1].off, c->t[last - 1].len) != 1; /* workspace's fn of that name lends */
	if (last == a + 1)
		return typelib_fn_returns(c->tl, c->text + c->t[a].off, c->t[a].len) != 1; /* a free fn's result, likewise */
	if (last >= a + 2 && is(c, last - 2, ".")) {
		size_t m = last - 1;
		const char *name = c->text + c->t[m].off;
		size_t n = c->t[m].len;
		/* an Option's or a Result's step that hands on what it holds, or
		 * another of its type: owned only as the receiver's value is --
		 * not what a workspace method of that name returns (`f.ident
		 * .as_ref().or_else(|| ..)?` is the `&Ident` of `as_ref()`, not the
		 * value juniper's `Nullable::or_else` makes: held-out sample 39,
		 * E0308 for each of three moves).  Following the receiver instead
		 * moved some 40 kept clones to removals over the code bases at hand,
		 * some through a method's result whose ownership the rules only
		 * guess (`iter.next().ok_or_else(..)?` over a lending `values()`):
		 * not proven, so not owned. */
		static const char *const pass_on[] = { "or", "or_else", "ok_or", "ok_or_else", "filter", "map_err",
			                               "inspect", "context", "with_context", "xor", NULL };
		size_t i;
		for (i = 0; pass_on[i]; i++)
			if (is(c, m, pass_on[i]))
				return 0;
		return in_list(c, &c->ar->owned_method, m) || in_list(c, &c->ar->take_method, m) ||
		       (n > 5 && strncmp(name, "into_", 5) == 0) || (n > 3 && strncmp(name, "to_", 3) == 0) ||
		       method_owned_in_workspace(c, m); /* every fn of the workspace by that name returns a value */
	}
	return 0;
}

/* The return type [*ra, *rb) of an `Fn(..) -> R` (`FnMut`, `FnOnce`) bound
 * starting at token k, the trait's name: 1 when found. */
static int fn_bound_return(const ctx *c, size_t k, size_t end, size_t *ra, size_t *rb)
{
	size_t r, depth = 0;

	if (!(is(c, k, "Fn") || is(c, k, "FnMut") || is(c, k, "FnOnce")) || k + 1 >= end || !is_open(c, k + 1, '(') ||
	    !c->t[k + 1].pair_ok)
		return 0;
	r = c->t[k + 1].pair + 1;
	if (r >= end || !is(c, r, "->"))
		return 0;
	*ra = ++r;
	for (; r < end; r++) {
		if (c->t[r].kind == TOK_OPEN && c->t[r].pair_ok) {
			r = c->t[r].pair;
			continue;
		}
		if (is(c, r, "<"))
			depth++;
		else if (is(c, r, ">") && depth-- == 0)
			break;
		else if (depth == 0 && (is(c, r, ",") || is(c, r, "+") || is(c, r, "{") || is(c, r, "where")))
			break;
	}
	*rb = r;
	return *rb > *ra;
}

/* Does the closure parameter called at token m return a value whose parts
 * are its own, by the `Fn(..) -> R` bound the fn's signature gives it
 * (`visitor: &mut G` with `G: FnMut(&BlockNodeId, State) -> (State,
 * bool)`, or `f: impl Fn(..) -> R`)?  R must name no reference, lifetime,
 * path or `Self`: a parameter of the fn's own generics is a type of its
 * own there, its clone of the same type (oxc's control-flow walker).
 * -1 when m names no such parameter. */
static int closure_param_returns_owned(const ctx *c, const rs_fn *fn, size_t m)
{
	char name[64];
	decl d;
	size_t k, a, b, ra = 0, rb = 0, sig_end;
	int found = 0;

	if (!fn || fn->body_open == RS_NONE)
		return -1;
	tok_text(c, m, name, sizeof(name));
	d = find_local(c, name, fn, m);
	if (d.last != RS_NONE || !param_type(c, fn, m, &a, &b)) /* a local of that name, or no parameter */
		return -1;
	while (a < b && (is(c, a, "&") || is(c, a, "mut") || is(c, a, "dyn") || is(c, a, "impl") ||
	                 c->t[a].kind == TOK_LIFETIME))
		a++;
	sig_end = fn->body_open;
	if (a < b && fn_bound_return(c, a, b, &ra, &rb))
		found = 1;
	else if (a + 1 == b && is_ident(c, a)) /* `G`: its bound in the generics or the where clause */
		for (k = fn->name; k + 2 < sig_end && !found; k++)
			if (same_tok(c, k, a) && is(c, k + 1, ":") && (is(c, k - 1, "<") || is(c, k - 1, ",") || is(c, k - 1, "where"))) {
				size_t j;
				for (j = k + 2; j < sig_end && !is(c, j, ",") && !is(c, j, "{") && !found; j++)
					if (fn_bound_return(c, j, sig_end, &ra, &rb))
						found = 1;
			}
	if (!found)
		return -1;
	for (k = ra; k < rb; k++)
		if (is(c, k, "&") || c->t[k].kind == TOK_LIFETIME || is(c, k, "::") || is(c, k, "Self"))
			return 0;
	return 1;
}

/* Is the initializer [a, b) a call of one of the fn's own values -- a
 * parameter holding a callable, or a local -- whose result nothing shows
 * to be owned?  `let request_key = get_key(&request);` with `get_key:
 * impl Fn(&Req) -> &Key` lends a key; the workspace's fns named `get_key`
 * (qdrant has one returning a value) say nothing about it, nor does a
 * local closure's body. */
static int calls_own_value_lending(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	char name[64];
	decl d;
	size_t pa, pb;

	while (b > a && is(c, b - 1, ";"))
		b--;
	b = unwrapped_end(c, a, b);
	if (!is_ident(c, a) || !is_open(c, a + 1, '(') || !c->t[a + 1].pair_ok || c->t[a + 1].pair + 1 != b)
		return 0;
	tok_text(c, a, name, sizeof(name));
	d = find_local(c, name, fn, a);
	if (d.last != RS_NONE)
		return 1;
	if (!param_type(c, fn, a, &pa, &pb))
		return 0; /* a free fn: the workspace's table answers */
	return closure_param_returns_owned(c, fn, a) != 1;
}

/* The parts of the tuple a call [a, b) returns, bound by a tuple pattern
 * (`let (contents, _, _) = resolved.into_inner();`): a method's are owned
 * only where the workspace declares every method of that name returning a
 * value with no reference in it -- a name that says "owned" (`into_*`,
 * `to_*`, the rules' owned_method list) speaks of the tuple, not of its
 * parts (jsonschema-referencing's `into_inner(self) -> (&Value, ..)`:
 * held-out sample 42, E0308); a free fn's or a path's where the workspace
 * says so, or where none of its arguments may be a reference.  1 when
 * [a, b) is no call: init_owned() decides. */
static int tuple_parts_owned(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	size_t open, m, k;

	while (b > a && is(c, b - 1, ";"))
		b--;
	b = unwrapped_end(c, a, b);
	if (b <= a || c->t[b - 1].kind != TOK_CLOSE || !c->t[b - 1].pair_ok || !is_open(c, c->t[b - 1].pair, '('))
		return 1;
	open = past_turbofish(c, a, c->t[b - 1].pair);
	if (open <= a || !is_ident(c, open - 1))
		return 1;
	m = open - 1;
	if (m > a && is(c, m - 1, "."))
		return method_owned_in_workspace(c, m);
	switch (typelib_fn_returns(c->tl, c->text + c->t[m].off, c->t[m].len)) {
	case 0: return 1;
	case 1: return 0;
	}
	if (m == a || !is(c, m - 1, "::")) { /* a closure the fn is handed, by its bound */
		int owned = closure_param_returns_owned(c, fn, m);
		if (owned >= 0)
			return owned;
	}
	/* a free fn or a path the workspace does not declare: what it returns
	 * can only borrow from its arguments, so with none that may be a
	 * reference its parts are its own (`let (tx, rx) = mpsc::channel();`,
	 * `flume::unbounded::<T>()`, `broadcast::channel(16)`) */
	for (k = open + 1; k + 1 < c->t[open].pair; k++)
		if (is(c, k, "&") || is(c, k, "self") || (is_ident(c, k) && ident_is_ref(c, fn, k)))
			return 0;
	return 1;
}

/* Is the initializer [a, b) an item taken (`pop`, `remove`, the rules'
 * take_method) out of a local collection whose type or initializer may
 * hold references?  chalk-solve's `let (src, tgt) = fields.pop().unwrap();`
 * of a `Vec<_>` collected from `.iter().zip(..)` takes a pair of
 * references (E0308 when moved into an array of values). */
static int taken_from_lending_local(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	char name[64];
	decl d;
	size_t m;

	while (b > a && is(c, b - 1, ";"))
		b--;
	b = unwrapped_end(c, a, b);
	if (b < a + 5 || c->t[b - 1].kind != TOK_CLOSE || !c->t[b - 1].pair_ok)
		return 0;
	m = c->t[b - 1].pair - 1; /* `v . pop ( )`: the method */
	if (m != a + 2 || !is_ident(c, a) || !is(c, a + 1, ".") || !in_list(c, &c->ar->take_method, m) || is(c, a, "self"))
		return 0;
	tok_text(c, a, name, sizeof(name));
	d = find_local(c, name, fn, a);
	if (d.last == RS_NONE || d.kind != EV_ROOT_LOCAL)
		return 0;
	return (d.type.a < d.type.b && items_may_be_refs(c, d.type.a, d.type.b)) ||
	       (d.init_a < d.init_b && items_may_be_refs(c, d.init_a, d.init_b));
}

/* Is the initializer [a, b), past the steps that hand a value on, a part
 * of a parameter whose type arguments lend -- a field of it, or what an
 * `into_*` or taking method unpacks (`let (start, end) = r.into_inner();`
 * of `r: RangeInclusive<&TyParam>`: two references, whose clones are the
 * values; erg's interval types, E0277 when the clone goes)? */
static int unpacked_from_lending_param(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	char name[64];

	while (b > a && is(c, b - 1, ";"))
		b--;
	b = unwrapped_end(c, a, b);
	if (b < a + 3 || !is_ident(c, a) || is(c, a, "self") || !is(c, a + 1, ".") || !ident_args_lend(c, fn, a))
		return 0;
	tok_text(c, a, name, sizeof(name));
	if (find_local(c, name, fn, a).last != RS_NONE)
		return 0; /* a `let` of the name shadows the parameter */
	if (plain_place_tokens(c, a, b)) {
		/* a field the workspace declares says itself (`response.usage` of
		 * a `WithMetadata<'a>` whose `response` is a value: tensorzero) */
		int guard = 0;
		trange t = expr_type(c, fn, a, b, 0, &guard);
		return !(t.src && t.a < t.b) || is(t.src, t.a, "&") || is(t.src, t.a, "&&") || type_lends(t);
	}
	/* one method call on it, `r.m(..)`: an `into_*()` or a taking method */
	if (c->t[b - 1].kind != TOK_CLOSE || !c->t[b - 1].pair_ok || c->t[b - 1].pair != a + 3)
		return 0;
	return (b == a + 5 && c->t[a + 2].len > 5 && strncmp(c->text + c->t[a + 2].off, "into_", 5) == 0) ||
	       in_list(c, &c->ar->take_method, a + 2);
}

/* Is the initializer [a, b), past the steps that hand a value on
 * (`.unwrap()`, `?`), a local of the fn that may hold a reference -- a
 * binding, a closure's parameter -- or an item taken by `next()` from
 * such a local?  idlset's `let l = lnext.unwrap();` with `lnext =
 * liter.next()` and `liter = self.list.iter()` holds a `&IDLRange`
 * (E0308 when moved into a Vec of values).  A chain is followed a few
 * steps, not without end. */
static int named_lender(const ctx *c, const rs_fn *fn, size_t a, size_t b, int depth)
{
	char name[64];
	decl d;

	while (b > a && is(c, b - 1, ";"))
		b--;
	b = unwrapped_end(c, a, b);
	if (b == a + 5 && is_ident(c, a) && is(c, a + 1, ".") &&
	    (is(c, a + 2, "next") || is(c, a + 2, "next_back") || is(c, a + 2, "peek")) && is_open(c, a + 3, '(') &&
	    c->t[a + 3].pair_ok && c->t[a + 3].pair == a + 4)
		b = a + 1; /* `it.next()`: what the iterator lends */
	if (b != a + 1 || !is_ident(c, a) || is(c, a, "self"))
		return 0;
	tok_text(c, a, name, sizeof(name));
	d = find_local(c, name, fn, a);
	/* (a loop's item is left as the loop judged it: `let l = line?;` of
	 * `for line in status.lines()` on a BufReader is a String) */
	if (d.last == RS_NONE || d.kind == EV_ROOT_LOOP_OWNED || d.kind == EV_ROOT_LOOP_REF)
		return 0;
	if (d.kind != EV_ROOT_LOCAL)
		return 1;
	return depth < 4 && d.init_a < d.init_b && named_lender(c, fn, d.init_a, d.init_b, depth + 1);
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
size_t enclosing_block_close(const ctx *c, size_t k, size_t floor)
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

/* The collection an iterator chain ending just before token `end` starts
 * from (`self.workers.iter()`, `pool.values().filter(..)`,
 * `xs.into_iter()`): back through the adapters that pass items on
 * unchanged, to the borrowing or consuming step and the place before it,
 * whose declared type is returned.  *by_ref: the items are references;
 * *values: the step was `values()`. */
static trange chain_collection(const ctx *c, const rs_fn *fn, size_t end, int *by_ref, int *values)
{
	static const char *const passes[] = { "filter", "skip", "take", "rev", "skip_while", "take_while", "inspect",
	                                      "peekable", "fuse", "step_by", NULL };
	size_t k = end, start;
	int i, ok;

	*by_ref = 0;
	*values = 0;
	for (;;) {
		size_t close = k - 1, open, m;
		if (k < 4 || c->t[close].kind != TOK_CLOSE || !c->t[close].pair_ok)
			return TR_NONE;
		open = c->t[close].pair;
		m = open - 1;
		if (open < 3 || !is_ident(c, m) || !is(c, m - 1, "."))
			return TR_NONE;
		if (is(c, m, "iter") || is(c, m, "iter_mut") || is(c, m, "values") || is(c, m, "values_mut") ||
		    is(c, m, "into_iter")) {
			*by_ref = !is(c, m, "into_iter");
			*values = is(c, m, "values") || is(c, m, "values_mut");
			k = m - 1; /* the `.` before it: the collection ends here */
			break;
		}
		for (i = 0, ok = 0; passes[i] && !ok; i++)
			ok = is(c, m, passes[i]);
		if (!ok)
			return TR_NONE;
		k = m - 1;
	}
	/* the collection: a plain place, `self.workers` or `pool` */
	start = k;
	while (start >= 2 && is_ident(c, start - 1) && is(c, start - 2, "."))
		start -= 2;
	if (start < 1 || !is_ident(c, start - 1))
		return TR_NONE;
	start--;
	return expr_type(c, fn, start, k, 1, NULL);
}

/* The item type of such a chain. */
static trange chain_item(const ctx *c, const rs_fn *fn, size_t end, int *by_ref)
{
	int values;
	trange t = chain_collection(c, fn, end, by_ref, &values);

	return t.a < t.b ? iterated_item(t, c, values) : TR_NONE;
}

/* The type of a closure's one parameter (`|w|` at token bar) given by the
 * iterator adapter it is passed to: `self.workers.iter().map(|w| ..)`
 * where `workers: Vec<Worker>` gives `Worker` (*by_ref: `&Worker`). */
static trange closure_item(const ctx *c, const rs_fn *fn, size_t bar, int *by_ref)
{
	static const char *const adapter[] = { "map", "filter", "for_each", "filter_map", "flat_map", "any", "all", "find",
	                                       "position", "inspect", "take_while", "skip_while", "map_while", "max_by_key",
	                                       "min_by_key", "find_map", NULL };
	int i, ok = 0;

	*by_ref = 0;
	if (bar < 3 || !is_open(c, bar - 1, '(') || !is_ident(c, bar - 2) || !is(c, bar - 3, "."))
		return TR_NONE;
	for (i = 0; adapter[i] && !ok; i++)
		ok = is(c, bar - 2, adapter[i]);
	if (!ok)
		return TR_NONE;
	return chain_item(c, fn, bar - 3, by_ref); /* from the `.` before the adapter */
}


/* The collection a `for` loop over tokens [a, b) walks: a chain
 * (`self.deps.iter()`), or a borrowed place (`&self.deps`, `&mut pool`),
 * with its declared type.  *by_ref: the items are references; *values:
 * a map's `values()`. */
static trange for_collection(const ctx *c, const rs_fn *fn, size_t a, size_t b, int *by_ref, int *values)
{
	*by_ref = 0;
	*values = 0;
	if (a >= b)
		return TR_NONE;
	if ((is(c, a, "&") && plain_place_tokens(c, a + 1, b)) ||
	    (is(c, a, "&") && is(c, a + 1, "mut") && plain_place_tokens(c, a + 2, b))) {
		size_t p = is(c, a + 1, "mut") ? a + 2 : a + 1;
		if (p >= b || !is_ident(c, p))
			return TR_NONE;
		*by_ref = 1;
		return expr_type(c, fn, p, b, 1, NULL);
	}
	return chain_collection(c, fn, b, by_ref, values);
}

/* The item type of a `for` loop over tokens [a, b) (above).  *by_ref: the
 * items are references. */
static trange for_item(const ctx *c, const rs_fn *fn, size_t a, size_t b, int *by_ref)
{
	int values;
	trange t = for_collection(c, fn, a, b, by_ref, &values);

	return t.a < t.b ? iterated_item(t, c, values) : TR_NONE;
}

/* The type of part `second` (0 or 1) of a pair a `for` loop over tokens
 * [a, b) yields: `chain.enumerate()` gives (index, item), `chain.zip(other)`
 * gives (item, other's item), a map (`&map`, `map.iter()`) gives (key,
 * value).  TR_NONE for anything else, and for the index (a usize, but no
 * declaration to point to). */
static trange pair_item(const ctx *c, const rs_fn *fn, size_t a, size_t b, int second, int *by_ref)
{
	size_t open, dot;
	int values;
	trange t;

	*by_ref = 0;
	t = for_collection(c, fn, a, b, by_ref, &values);
	if (t.a < t.b && !values)
		return map_part(t, c, second);
	if (b < a + 4 || c->t[b - 1].kind != TOK_CLOSE || !c->t[b - 1].pair_ok)
		return TR_NONE;
	open = c->t[b - 1].pair;
	if (open < a + 2 || !is(c, open - 2, "."))
		return TR_NONE;
	dot = open - 2;
	if (is(c, open - 1, "enumerate") && open + 1 == b - 1)
		return second ? chain_item(c, fn, dot, by_ref) : TR_NONE;
	if (is(c, open - 1, "zip"))
		return second ? for_item(c, fn, open + 1, b - 1, by_ref) : chain_item(c, fn, dot, by_ref);
	return TR_NONE;
}

/* Is token k one of the names declared by the generic list `<..>` that
 * starts at token lt (not a lifetime, not inside a bound)? */
static int in_generic_list(const ctx *c, size_t lt, size_t k)
{
	size_t i, close;
	int depth = 0;

	if (!is(c, lt, "<"))
		return 0;
	for (close = lt + 1; close < c->n; close++) {
		if (is(c, close, "<"))
			depth++;
		else if (is(c, close, ">") && depth-- == 0)
			break;
		else if (is(c, close, "{") || is(c, close, ";"))
			return 0;
	}
	for (i = lt + 1, depth = 0; i < close; i++) {
		if (is(c, i, "<"))
			depth++;
		else if (is(c, i, ">"))
			depth--;
		else if (depth == 0 && (is(c, i - 1, "<") || is(c, i - 1, ",")) && same_tok(c, i, k))
			return 1;
	}
	return 0;
}

int generic_param(const ctx *c, const rs_fn *fn, size_t k)
{
	size_t h;

	if (!is_ident(c, k))
		return 0;
	if (fn->name != RS_NONE && in_generic_list(c, fn->name + 1, k)) /* fn name<T>(..) */
		return 1;
	/* back from the fn to the `impl` whose block holds it: impl<T> Trait<T>
	 * for S<T> { .. } -- the scanner's impl, or (inside a macro_rules!
	 * template, which it does not take for one) the nearest such block */
	for (h = fn->impl != RS_NONE ? c->rs->impls[fn->impl].open : fn->sig; h > 0 && h + 512 > fn->sig; h--)
		if (is(c, h, "impl")) {
			size_t open = h + 1;
			/* to the block, over brackets: a bound's `[S; N]` holds a `;`
			 * (palette's `C: ArrayCast<Array = [S; N]>`, where the impl's
			 * type parameter C was taken for the workspace's `struct C`,
			 * a Copy type: 37 removals refuted E0382) */
			while (open < fn->sig && !is_open(c, open, '{') && !is(c, open, ";"))
				open = c->t[open].kind == TOK_OPEN && c->t[open].pair_ok ? c->t[open].pair + 1 : open + 1;
			if (is_open(c, open, '{') && c->t[open].pair_ok && c->t[open].pair > fn->sig)
				return in_generic_list(c, h + 1, k);
			return 0;
		}
	return 0;
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

/* Is token `at` in the scrutinee of an if-let / while-let that starts at
 * `from` (after its `=`), before the body's `{`?  A scrutinee holds no
 * bare `{` (struct literals there need parentheses). */
static int in_scrutinee(const ctx *c, size_t from, size_t at)
{
	size_t k;

	for (k = from; k < at; k++) {
		if (is_open(c, k, '{'))
			return 0;
		if (c->t[k].kind == TOK_OPEN)
			k = skip_pair(c, k);
	}
	return 1;
}

/* The binding at token k of a `match` arm whose scrutinee is [a, b):
 * owned when the scrutinee gives up its value, else bound by the default
 * binding mode (a reference, when the scrutinee is one). */
static decl arm_binding(const ctx *c, size_t k, size_t a, size_t b)
{
	decl d;

	memset(&d, 0, sizeof(d));
	d.last = k;
	d.kind = EV_ROOT_BINDING;
	d.init_a = a;
	d.init_b = b;
	d.scrutinee = 1;
	if (takes_ownership(c, a, b)) {
		d.kind = EV_ROOT_LOCAL;
		d.owned_binding = 1;
	}
	return d;
}

/* Does [a, b) name `Deref`, `AsRef` or `Borrow` (a bound, in generics or
 * a where clause)? */
static int names_deref_bound(const ctx *c, size_t a, size_t b)
{
	for (; a < b; a++)
		if (is(c, a, "Deref") || is(c, a, "AsRef") || is(c, a, "Borrow"))
			return 1;
	return 0;
}

/* Is [a, b) -- a match's scrutinee -- the `self` of a method that takes it
 * by value (`fn visit_exprs(self, ..)`), of a type holding no reference
 * (no lifetime among its arguments, not `impl .. for &T`) and without a
 * Drop impl?  Then an arm's pattern moves the parts it binds out of self:
 * they are the arm's own (egglog's `match self { GenericAction::Let(span,
 * lhs, rhs) => GenericAction::Let(span, lhs.clone(), ..) }`, compiled
 * without the clone: held-out sample 36's kept clones). */
static int owned_self_scrutinee(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	size_t p = fn->params_open, t, k;

	if (b != a + 1 || !is(c, a, "self") || p == RS_NONE || fn->impl == RS_NONE || c->rs->impls[fn->impl].self_ref)
		return 0;
	p += (size_t)is(c, p + 1, "mut");
	if (!is(c, p + 1, "self") || !(is(c, p + 2, ",") || is(c, p + 2, ")")))
		return 0;
	t = c->rs->impls[fn->impl].self_type;
	if (t == RS_NONE || (c->tl && typelib_drop(c->tl, c->text + c->t[t].off, c->t[t].len)))
		return 0;
	for (k = t + 1; is(c, t + 1, "<") && k < c->rs->impls[fn->impl].open; k++)
		if (c->t[k].kind == TOK_LIFETIME)
			return 0;
	/* a part may be of a type parameter bound by `Deref` (or `AsRef`,
	 * `Borrow`) and not by Clone: its `.clone()` clones the target, another
	 * type (`Self::Ref(x) => x.clone()` with `R: Deref<Target = T>` gives a
	 * T: chumsky's Maybe, held-out sample 39, E0308) -- from the impl's
	 * `impl` to its `{`, and the fn's signature */
	for (k = t; k > 0 && t - k < 64 && !is(c, k, "impl") && !is(c, k, "}") && !is(c, k, ";"); k--)
		;
	return is(c, k, "impl") && !names_deref_bound(c, k, c->rs->impls[fn->impl].open) &&
	       (fn->sig == RS_NONE || !names_deref_bound(c, fn->sig, fn->body_open));
}

/* Is [a, b) -- a match's scrutinee -- a parameter the fn takes by value,
 * an `Option<T>` or a `Result<T, E>` of types that hold no reference (no
 * `&`, lifetime, `impl`, `dyn`, type parameter or path, and no workspace
 * alias of a reference) and name no type with a Drop impl, and is the arm
 * at pat its `Some(name)`, `Ok(name)` or `Err(name)`?  Then the arm moves
 * the whole T (or E) out of it, the arm's own: qdrant's `match config {
 * Some(pyro_config) => Some(State { config: pyro_config.clone(), .. }) }`
 * with `config: Option<PyroscopeConfig>`, removed by the engineers' clippy
 * fixes.  (A variant of the workspace's own enum could hold a reference
 * under an elided lifetime: not answered.) */
static int owned_param_scrutinee(const ctx *c, const rs_fn *fn, size_t a, size_t b, size_t pat, size_t name)
{
	size_t ta, tb, k;

	if (b != a + 1 || !is_ident(c, a) || is(c, a, "self") || !param_type(c, fn, a, &ta, &tb) || ta + 1 >= tb)
		return 0;
	if (name != pat + 2 || !is_open(c, pat + 1, '(') || !is(c, name + 1, ")") ||
	    !((is(c, pat, "Some") && is(c, ta, "Option")) ||
	      ((is(c, pat, "Ok") || is(c, pat, "Err")) && is(c, ta, "Result"))) ||
	    !is(c, ta + 1, "<"))
		return 0;
	for (k = ta; k < tb; k++) {
		if (lending_type_token(c, k) || is(c, k, "::") || is(c, k, "$"))
			return 0;
		if (is_ident(c, k) && (generic_param(c, fn, k) ||
		                       (c->tl && typelib_drop(c->tl, c->text + c->t[k].off, c->t[k].len))))
			return 0;
	}
	return !alias_of_reference(tr(c, ta, tb), c);
}

/* Does the arm pattern from pat up to the name at k bind it by value: no
 * `ref`, `&` or `box` on the way (`Some(ref x)`, `&(a, b)`)? */
static int binds_by_value(const ctx *c, size_t pat, size_t k)
{
	size_t q;

	for (q = pat; q < k; q++)
		if (is(c, q, "ref") || is(c, q, "&") || is(c, q, "&&") || is(c, q, "box"))
			return 0;
	return 1;
}

/* The type named at token name with its arguments, if any follow:
 * `ServeHttp<S>` of `impl<S> Service<I> for ServeHttp<S>`, whose field
 * `inner: S` is then the impl's own `S`, owned by a pattern that moves it
 * (linkerd2-proxy's `let Self { inner, .. } = self.clone();`). */
static trange type_with_args(const ctx *c, size_t name)
{
	size_t k;
	int depth = 0;

	if (!is(c, name + 1, "<"))
		return tr(c, name, name + 1);
	for (k = name + 1; k < c->n; k++) {
		if (is(c, k, "<"))
			depth++;
		else if (is(c, k, ">") && --depth == 0)
			return tr(c, name, k + 1);
		else if (is(c, k, "{") || is(c, k, ";") || is(c, k, "where"))
			break;
	}
	return tr(c, name, name + 1);
}

/* Is the name at p, a part of the `let` pattern that starts at pat, a
 * field of a struct pattern whose declared type is a reference -- or of a
 * struct (or field) the workspace does not describe, so that nothing says
 * it is owned?  `let ProbeCtxt { ecx: outer, .. } = self;` binds `outer`,
 * an `&mut EvalCtxt` (ra-ap-rustc_next_trait_solver: a field of it was
 * taken for a move, E0507).  `Self { .. }` is the impl's own type. */
static int struct_part_not_owned(const ctx *c, const rs_fn *fn, size_t pat, size_t p)
{
	size_t open = RS_NONE, k, field, name;
	trange ft;

	for (k = pat; k < p; k++) /* the innermost bracket open at p */
		if (c->t[k].kind == TOK_OPEN) {
			size_t close = skip_pair(c, k);
			if (close > p)
				open = k;
			else
				k = close;
		}
	if (open == RS_NONE || !is_open(c, open, '{') || open == 0 || !is_ident(c, open - 1))
		return 0; /* a tuple or a variant's items: not a struct's field */
	field = is(c, p - 1, ":") && is_ident(c, p - 2) ? p - 2 : p;
	name = open - 1;
	if (is(c, name, "Self")) {
		if (fn->impl == RS_NONE)
			return 1;
		name = c->rs->impls[fn->impl].self_type;
	}
	ft = field_type(type_with_args(c, name), c->text + c->t[field].off, c->t[field].len, c);
	return !ft.src || ft.a >= ft.b || is(ft.src, ft.a, "&");
}

/* Is the name at token i a local of the fn (declared before i) that is
 * not known to own its value -- a loop's item over a borrowed or unknown
 * collection, a binding, a closure's parameter?  A parameter, or a name
 * the fn does not declare, is not answered here. */
static int local_lends(const ctx *c, const rs_fn *fn, size_t i)
{
	char name[64];
	decl d;

	tok_text(c, i, name, sizeof(name));
	d = find_local(c, name, fn, i);
	return d.last != RS_NONE && d.kind != EV_ROOT_LOCAL && d.kind != EV_ROOT_LOOP_OWNED;
}

decl find_local(const ctx *c, const char *root, const rs_fn *fn, size_t before)
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
			decl outer;
			int binding = k > 0 && (is(c, k - 1, "if") || is(c, k - 1, "while")), destructured;
			/* a let whose initializer holds the site declares names that
			 * are not in scope yet: `let x = x.clone();` clones the old x */
			if (!binding && end < before && is(c, end, "=") && stmt_end(c, end + 1, c->n) >= before)
				continue;
			/* nor is an if-let's name in its own scrutinee: `if let
			 * Some(w) = w.clone() {` clones the outer w */
			if (binding && end < before && is(c, end, "=") && in_scrutinee(c, end + 1, before))
				continue;
			/* a let in a block that closed before the site is out of scope;
			 * an if-let / while-let binding lives in the body that follows */
			block_close = enclosing_block_close(c, k, fn->body_open);
			if (block_close < before)
				continue;
			for (p = k + 1; p < end; p++) {
				if (!names_root(c, p, root) || is(c, p + 1, "::") || is_open(c, p + 1, '('))
					continue;
				outer = d;
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
					if (struct_part_not_owned(c, fn, k + 1, p))
						d.kind = EV_ROOT_BINDING;
				}
				if (is(c, end, "=")) {
					d.init_a = end + 1;
					d.init_b = stmt_end(c, end + 1, c->n);
					if (!binding && (!init_owned(c, d.init_a, d.init_b) ||
					                 calls_own_value_lending(c, fn, d.init_a, d.init_b)))
						d.kind = EV_ROOT_BINDING; /* `let this = self.project();`: may hold references */
					else if (!binding && destructured && is_open(c, k + 1 + (size_t)is(c, k + 1, "mut"), '(') &&
					         !tuple_parts_owned(c, fn, d.init_a, d.init_b))
						d.kind = EV_ROOT_BINDING;
					else if (!binding && taken_from_lending_local(c, fn, d.init_a, d.init_b))
						d.kind = EV_ROOT_BINDING;
					else if (!binding && unpacked_from_lending_param(c, fn, d.init_a, d.init_b))
						d.kind = EV_ROOT_BINDING;
					else if (!binding && named_lender(c, fn, d.init_a, d.init_b, 0))
						d.kind = EV_ROOT_BINDING;
					/* `let groups: Vec<String> = if .. { .. } else { groups };`:
					 * a std container the `let` itself declares, with no
					 * reference or lifetime in it, is a value whatever the
					 * initializer looks like (pueue's reset) */
					if (!binding && !destructured && d.kind == EV_ROOT_BINDING && declared_std_value(c, d.type.a, d.type.b))
						d.kind = EV_ROOT_LOCAL;
					if (!binding && is(c, d.init_a, "self") && fn->impl != RS_NONE && c->rs->impls[fn->impl].self_ref)
						d.kind = EV_ROOT_BINDING; /* `let (a, b, c) = self;` of an `impl .. for (Ix, Ix, &'a E)` */
					/* `let Self { metrics, .. } = self;` in a `&self` method, or
					 * any place reached through a `&` parameter: the parts are
					 * references (the pattern's default binding mode) */
					if (!binding && is_ident(c, d.init_a) && plain_place_tokens(c, d.init_a, d.init_b) &&
					    (is(c, d.init_a, "self") ? self_by_ref(c, fn) : ident_is_ref(c, fn, d.init_a)))
						d.kind = EV_ROOT_BINDING;
					/* the parts of a local not known to own its value: `let
					 * Referencing { column, .. } = referencing;` of `for
					 * (referencing, _) in &referencings` binds references
					 * (gluesql's delete, E0308 when the clone goes) */
					else if (!binding && destructured && plain_place_tokens(c, d.init_a, d.init_b) && is_ident(c, d.init_a) &&
					         !is(c, d.init_a, "self") && local_lends(c, fn, d.init_a))
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
							/* its body ended before the site: the name declared
							 * before it is back in scope (`else { let lhs =
							 * lhs.clone(); .. }` after `if let (Some(lhs), ..)`
							 * clones the outer `lhs`: rune's vm) */
							if (d.scope_end < before) {
								d = outer;
								break;
							}
						}
						if (takes_ownership(c, d.init_a, d.init_b)) {
							d.kind = EV_ROOT_LOCAL;
							d.owned_binding = 1;
						}
					}
				} else if (!binding && (destructured || d.type.a >= d.type.b || is(c, d.type.a, "&")))
					/* destructured, no initializer seen; or `let opt;` given
					 * its value later -- a reference as likely as not
					 * (argparse's `opt = option;` from an iterator, E0308) */
					d.kind = EV_ROOT_BINDING;
				break;
			}
			continue;
		}
		if (is(c, k, "for")) {
			const rs_scope *sc = scope_at_head(c, k, RS_LOOP);
			size_t in, p;
			if (!sc)
				continue;
			if (sc->end < before || sc->start > before)
				continue; /* the loop variable is in scope only in its body */
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
					/* `for dep in self.deps.iter()`: the item's type, when
					 * the pattern is the one name */
					if (p == k + 1 && p + 1 == in)
						d.type = for_item(c, fn, in + 1, sc->start - 1, &d.item_by_ref);
					/* `for (i, w) in ws.iter().enumerate()`, `for (a, b) in
					 * xs.iter().zip(ys.iter())`: each name its own part */
					else if (is_open(c, k + 1, '(') && c->t[k + 1].pair == in - 1 && in == k + 6 &&
					         is_ident(c, k + 2) && is(c, k + 3, ",") && is_ident(c, k + 4))
						d.type = pair_item(c, fn, in + 1, sc->start - 1, p == k + 4, &d.item_by_ref);
					if (d.type.a < d.type.b && d.item_by_ref)
						d.kind = EV_ROOT_LOOP_REF;
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
					if (p == k + 1 && is(c, p + 1, "|"))
						d.type = closure_item(c, fn, k, &d.item_by_ref);
				}
			continue;
		}
		/* a match arm binding: `Some(root) =>`, or a select! arm:
		 * `Some(root) = rx.recv() =>` */
		if (names_root(c, k, root) && (is(c, k + 1, ")") || is(c, k + 1, ",") || is(c, k + 1, "}")) && k > 0 &&
		    (is(c, k - 1, "(") || is(c, k - 1, ",") || is(c, k - 1, "{") || is(c, k - 1, "ref") || is(c, k - 1, "mut"))) {
			size_t q, eq = RS_NONE;
			/* a match arm read whole, its guard too: `Some(package) if
			 * !package.version.is_empty() =>` binds `package` (scip: the
			 * outer `package` was taken, E0507) */
			flow_arm arm;
			size_t arrow = flow_arm_of(c->rs->lex, fn->body_open, k, &arm) == FLOW_ARM_PATTERN ? arm.arrow : 0;
			/* another arm's binding is not in scope in this one: `(Some(lhs),
			 * Some(rhs)) => ..,` then `_ => { let lhs = lhs.clone(); .. }`
			 * clones the `lhs` declared before the match (rune's vm,
			 * held-out sample 37) */
			if (arrow && arrow < before && arm.body_end && arm.body_end < before)
				continue;
			if (arrow && arrow < before && enclosing_block_close(c, arrow, fn->body_open) >= before) {
				d = arm_binding(c, k, arm.match_kw + 1, arm.arms_open);
				if (!d.owned_binding &&
				    (owned_self_scrutinee(c, fn, arm.match_kw + 1, arm.arms_open) ||
				     owned_param_scrutinee(c, fn, arm.match_kw + 1, arm.arms_open, arm.pattern, k)) &&
				    binds_by_value(c, arm.pattern, k)) {
					d.kind = EV_ROOT_LOCAL;
					d.owned_binding = 1;
				}
				continue;
			}
			for (q = k + 1; q < before && q < k + 64; q++) {
				/* a pattern opens no block after its names: in `.cmp(&f(at))
				 * {` the `{` holds a match's arms, and `at` is no binding of
				 * them (chumsky: the parameter `at: &I::Cursor` was taken for
				 * the outer arm's owned value, E0308) */
				if (eq == RS_NONE && is_open(c, q, '{'))
					break;
				if (c->t[q].kind == TOK_OPEN) {
					q = skip_pair(c, q);
					continue;
				}
				/* a pattern holds no `.` and no `;`: `load(dir, scope,
				 * settings).await` in one arm is no binding of the next
				 * arm's `=>` (deno) */
				if (is(c, q, ";") || is(c, q, "?") || (eq == RS_NONE && is(c, q, ".")))
					break;
				if (is(c, q, "=") && eq == RS_NONE)
					eq = q;
				if (is(c, q, "=>")) {
					/* from the `=>`: in `Struct { fields, .. } =>` the
					 * brace nearest the name is the pattern's own (xcb:
					 * the parameter `fields` was taken instead, E0308) */
					if (enclosing_block_close(c, q, fn->body_open) < before)
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
								d = arm_binding(c, k, m + 1, open);
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

int literal_copy(const ctx *c, size_t k, char *out, size_t size, int by_ref)
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

/* `1 << 3`, `2 * N as u64`: operators over numbers make a number (or a
 * bool).  Not a range (`0xC2u8..0xE0u8` is a `Range<u8>`, which is not
 * Copy: proptest, refuted E0382), nor a method's result (`5.to_string()`). */
static int arithmetic(const ctx *c, size_t a, size_t b)
{
	size_t k;

	for (k = a; k < b; k++)
		if (is(c, k, "..") || is(c, k, "..=") || is(c, k, "...") || is(c, k, ".") || is(c, k, "?") ||
		    is_open(c, k, '{') || is_open(c, k, '['))
			return 0;
	return 1;
}

int constructed(const ctx *c, evidence *ev, const rs_fn *fn, size_t a, size_t b, int depth)
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
	/* `let x_ref = &mut x;` with `let mut x = 42_i32;`: a reference to a
	 * local whose own initializer says what it is */
	if (i > a && i + 1 == b && is_ident(c, i) && fn && depth < 2) {
		char name[64];
		decl d;
		tok_text(c, i, name, sizeof(name));
		d = find_local(c, name, fn, a);
		if (d.last != RS_NONE && d.type.a >= d.type.b && d.init_b > d.init_a && !d.scrutinee &&
		    constructed(c, ev, fn, d.init_a, d.init_b, depth + 1) && ev->cost == EV_COST_COPY) {
			ev->type_is_ref = 1;
			return 1;
		}
		ev->cost = EV_COST_UNKNOWN;
		ev->type[0] = '\0';
		ev->type_source = NULL;
		return 0;
	}
	if (i == a && (c->t[a].kind == TOK_NUMBER || is(c, a, "true") || is(c, a, "false")) && arithmetic(c, a, b)) {
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

trange expr_type(const ctx *c, const rs_fn *fn, size_t a, size_t b, int depth, int *guard)
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
		/* `RwLockReadGuard::map(self.inner.read().await, |i| &i.records)`,
		 * `Ref::map(..)`: a guard made by its own type's fn (trust-dns) */
		if (is(c, a + 1, "::") && (is(c, a, "Ref") || is(c, a, "RefMut") ||
		                          (c->t[a].len > 5 && memcmp(c->text + c->t[a].off + c->t[a].len - 5, "Guard", 5) == 0)))
			*guard = 1;
		for (k = a; k + 2 < b; k++)
			if (is(c, k, ".") && in_list(c, &c->ar->lock_method, k + 1) && is_open(c, k + 2, '(')) {
				size_t after = skip_pair(c, k + 2) + 1;
				if (after == b || (is(c, after, ".") && (is(c, after + 1, "unwrap") || is(c, after + 1, "expect")) &&
				                   skip_pair(c, after + 2) + 1 == b))
					*guard = 1;
				/* an async lock's guard: `self.active.lock().await` (concread:
				 * the guard moved where the value it guards was meant, E0308) */
				if (is(c, after, ".") && is(c, after + 1, "await") && (after + 2 == b || (is(c, after + 2, "?") && after + 3 == b)))
					*guard = 1;
			}
	}
	if (is(c, a, "self")) {
		if (fn->impl == RS_NONE || c->rs->impls[fn->impl].self_type == RS_NONE)
			return TR_NONE;
		t = tr(c, c->rs->impls[fn->impl].self_type, c->rs->impls[fn->impl].self_type + 1);
	} else {
		/* a local first: `let source = source.and_then(absolutize);`
		 * shadows the parameter `source: Option<&Path>` (proptest, E0382) */
		decl d;
		memset(&probe, 0, sizeof(probe));
		range_text(c, a, a + 1, probe.root, sizeof(probe.root));
		d = find_local(c, probe.root, fn, a);
		if (d.last != RS_NONE) {
			if (d.type.b > d.type.a)
				t = d.type;
			else if (d.init_b > d.init_a && d.init_a != a)
				t = expr_type(c, fn, d.init_a, d.init_b, depth + 1, NULL);
			if (d.scrutinee)
				t = unwrap_type(t);
		} else if (!find_param(c, &probe, fn, &t)) {
			return TR_NONE;
		}
	}
	if (t.a >= t.b)
		return TR_NONE;
	return chain_type(c, t, a + 1, b);
}

/* In the tuple pattern opened at `pat` bound by the tuple type at
 * [ta, tb), is token k an element of its own (`NAME` or `mut NAME`)?  Its
 * element of the type in *out, then. */
static int tuple_element(const ctx *c, size_t pat, size_t ta, size_t tb, size_t k, trange *out)
{
	size_t pclose = c->t[pat].pair, i, from, idx = 0;

	if (!c->t[pat].pair_ok || !is_open(c, ta, '(') || !c->t[ta].pair_ok || c->t[ta].pair + 1 != tb)
		return 0;
	/* which element k is: a whole one, alone or after `mut` */
	for (from = pat + 1, i = pat + 1; i <= pclose; i++) {
		if (i < pclose && c->t[i].kind == TOK_OPEN) {
			i = skip_pair(c, i);
			continue;
		}
		if (i == pclose || is(c, i, ",")) {
			if (k >= from && k < i) {
				if (!(k + 1 == i && (k == from || (k == from + 1 && is(c, from, "mut")))))
					return 0;
				break;
			}
			idx++;
			from = i + 1;
		}
	}
	if (i > pclose)
		return 0;
	/* the same element of the type */
	*out = tuple_item(tr(c, ta, tb), (int)idx);
	return out->b > out->a;
}

int find_param(const ctx *c, evidence *ev, const rs_fn *fn, trange *type)
{
	size_t close, p;

	if (fn->params_open == RS_NONE || !c->t[fn->params_open].pair_ok)
		return 0;
	close = c->t[fn->params_open].pair;
	for (p = fn->params_open + 1; p < close;) {
		size_t e = list_item_end(c, p, close), q, k;
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
						/* no impl the scanner knows (one in a macro_rules!
						 * template: `impl<'a> Div<$res> for &'a BigDecimal`):
						 * what `self` is, is not known (bigdecimal, E0308) */
						if (fn->impl == RS_NONE && ev->root_kind == EV_ROOT_PARAM_VALUE)
							ev->root_kind = EV_ROOT_BINDING;
						ev->self_by_value = ev->root_kind == EV_ROOT_PARAM_VALUE;
						ev->decl_line = c->t[k].line;
						return 1;
					}
				}
		} else {
			/* NAME: T, mut NAME: T, or a pattern: Json(NAME): Json<T>,
			 * (a, b): (A, &B) */
			for (k = p; k < q; k++)
				if (names_root(c, k, ev->root)) {
					trange t = tr(c, q + 1, e);
					int plain = k + 1 == q && (k == p || (k == p + 1 && is(c, p, "mut")));
					ev->decl_line = c->t[k].line;
					ev->type_source = "parameter";
					if (!plain && is_open(c, p, '(') && tuple_element(c, p, q + 1, e, k, &t)) {
						/* `(target, source): (&Balance<T>, Error)`: the
						 * element's own type says whether it is a reference */
					} else if (!plain && !(k > p && is_open(c, k - 1, '(') && is_ident(c, p) && k + 2 == q)) {
						/* another pattern: what it binds may be a reference */
						ev->root_kind = EV_ROOT_BINDING;
						ev->type_source = NULL;
						return 1;
					} else if (!plain) /* destructured wrapper */
						t = type_arg(t, 0);
					ev->root_kind = is(c, t.a, "&") || is(c, t.a, "&&") ? EV_ROOT_PARAM_REF : EV_ROOT_PARAM_VALUE;
					/* `key: PayloadKeyTypeRef` with `type PayloadKeyTypeRef<'a>
					 * = &'a JsonPath;` in another file: a reference all the
					 * same (qdrant's create_field_index) */
					if (ev->root_kind == EV_ROOT_PARAM_VALUE && alias_of_reference(t, c))
						ev->root_kind = EV_ROOT_PARAM_REF;
					/* `model: PyRef<PyModel>`, `g: MutexGuard<'_, T>`: held by
					 * value, but no Clone of its own -- its clone is the
					 * content's, and the guard is a reference to it
					 * (tokenizers' `from_model(model.clone())`, E0308) */
					if (ev->root_kind == EV_ROOT_PARAM_VALUE) {
						size_t lt, head = type_head(t, &lt);
						if (head != RS_NONE && in_list(c, &c->ar->borrow_guard_type, head))
							ev->root_kind = EV_ROOT_PARAM_REF;
					}
					/* `self: $self_ty` in a macro_rules! template: whatever
					 * the expansion makes it (`&Self`, `Arc<Self>`), not known
					 * to be owned (minijinja, E0521) */
					if (t.a < t.b && is(c, t.a, "$")) {
						ev->root_kind = EV_ROOT_BINDING;
						ev->type_source = NULL;
						return 1;
					}
					/* `other: Self` in `impl Add for &'a HashMap<..>`: a
					 * reference like self (im-rc, E0308) */
					if (t.a < t.b && is(c, t.a, "Self") && fn->impl != RS_NONE && c->rs->impls[fn->impl].self_ref)
						ev->root_kind = EV_ROOT_PARAM_REF;
					/* `item: Self::Item<'b>`, `x: <T as Tr>::Out`: an
					 * associated type the impl may set to a reference
					 * (chumsky's `type Item<'b> = &'b T`, whose clone is a T,
					 * E0308) */
					if (ev->root_kind == EV_ROOT_PARAM_VALUE && t.a + 1 < t.b &&
					    ((is(c, t.a, "Self") && is(c, t.a + 1, "::")) || is(c, t.a, "<"))) {
						ev->root_kind = EV_ROOT_BINDING;
						ev->type_source = NULL;
						return 1;
					}
					*type = t;
					return 1;
				}
		}
		p = e + 1;
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

/* The method of `root(.field)*.m(..)` starting at init, before end: the
 * token of m, or 0. */
static size_t method_on_root(const ctx *c, const char *root, size_t init, size_t end)
{
	size_t m = init + 1;

	if (!names_root(c, init, root))
		return 0;
	while (m + 2 < end && is(c, m, ".") && is_ident(c, m + 1) && !is_open(c, m + 2, '('))
		m += 2; /* fields */
	return m + 2 < end && is(c, m, ".") && is_ident(c, m + 1) && is_open(c, m + 2, '(') ? m + 1 : 0;
}

/* Is [init, end) `root(.field)*.m(..)` -- past `?`, `.unwrap()` and the
 * like -- with m a method whose result may hold a borrow of root: not a
 * lend_method (borrows_root() says those), not one whose result holds
 * none (value_method, owned_method: `len`, `to_string`), and not one the
 * workspace declares returning a value?  Unknown is not "owned". */
static int result_may_borrow(const ctx *c, const char *root, size_t init, size_t end)
{
	size_t m = method_on_root(c, root, init, end), close, k;
	int returns;

	if (!m)
		return 0;
	if (in_list(c, &c->ar->value_method, m) || in_list(c, &c->ar->owned_method, m) ||
	    in_list(c, &c->ar->take_method, m))
		return 0;
	returns = typelib_fn_returns(c->tl, c->text + c->t[m].off, c->t[m].len);
	if (returns == 0)
		return 0;
	/* the call's value is what the name holds: only `?` and the
	 * unwrapping methods after it */
	close = skip_pair(c, m + 1);
	for (k = close + 1; k < end;) {
		if (is(c, k, "?"))
			k++;
		else if (is(c, k, ".") && is_ident(c, k + 1) && in_list(c, &c->ar->pass_method, k + 1) && is_open(c, k + 2, '('))
			k = skip_pair(c, k + 2) + 1;
		else
			return 0;
	}
	return 1;
}

/* Is [init, end) `root(.field)*.m(..)` -- past `?` and the unwrapping
 * methods -- with m a guard_method (`lock`, `borrow_mut`) or a fn the
 * workspace declares returning a guard (`data_mut(&self) -> BorrowMut<'_,
 * T>`)?  Bound by `let`, such a guard holds root until its scope ends,
 * read again or not: a Drop runs there (koto's `let data = l.data_mut();
 * .. Ok(List(l.clone()))`, E0505 when the clone was removed). */
static int binds_guard_of(const ctx *c, const char *root, size_t init, size_t end)
{
	size_t m = method_on_root(c, root, init, end);

	if (!m)
		return 0;
	/* `rw.read()`, not `file.read(&mut buf)`: a guard method takes nothing */
	return (in_list(c, &c->ar->guard_method, m) && is(c, m + 2, ")")) ||
	       typelib_fn_guard(c->tl, c->text + c->t[m].off, c->t[m].len);
}

/* Is `drop(NAME)` called in [a, b)? */
static int dropped_in(const ctx *c, const char *name, size_t a, size_t b)
{
	size_t k;

	for (k = a; k + 3 < b; k++)
		if (is(c, k, "drop") && is_open(c, k + 1, '(') && names_root(c, k + 2, name) && is(c, k + 3, ")"))
			return 1;
	return 0;
}

uint32_t live_borrow(const ctx *c, const rs_fn *fn, const char *root, size_t before, size_t after, size_t until)
{
	size_t k, from = fn->body_open + 1;
	char buf_name[64];

	/* from the root's own `let` on: what borrowed an earlier value of the
	 * same name (`let mut pairs = pair.into_inner(); let pair =
	 * pairs.next()?;`: pest_meta) borrows no part of this one */
	for (k = from; k + 2 < before; k++)
		if (is(c, k, "let") && (names_root(c, k + 1, root) || (is(c, k + 1, "mut") && names_root(c, k + 2, root))) &&
		    enclosing_block_close(c, k, fn->body_open) > before) /* in scope at the clone */
			from = k + 1;
	for (k = from; k + 4 < before; k++) {
		size_t name, init, end, pn;
		int live = 0;
		if (is(c, k, "let")) {
			name = k + 1 + (size_t)is(c, k + 1, "mut");
			/* `let NAME =`, or a tuple of names, `let (a, b, _) =` */
			if (is_open(c, name, '(') && c->t[name].pair_ok)
				init = c->t[name].pair + 1;
			else if (is_ident(c, name))
				init = name + 1;
			else
				continue;
			if (!is(c, init, "="))
				continue;
			init++;
			end = stmt_end(c, init, before);
			if (is(c, init, "&")) {
				size_t r = init + 1 + (size_t)is(c, init + 1, "mut");
				if (!names_root(c, r, root))
					continue;
			} else if (is_ident(c, init) && c->text[c->t[init].off] >= 'A' && c->text[c->t[init].off] <= 'Z' &&
			           is_open(c, init + 1, '{') && c->t[init + 1].pair_ok) {
				/* `let view = View { tokens: &req.tokens };`: a struct holding a borrow */
				if (!borrows_root(c, root, init + 2, c->t[init + 1].pair))
					continue;
			} else if (is(c, init, "|") || is(c, init, "||")) {
				/* `let count = || req.tokens.len();`: a closure (not `move`)
				 * that names root borrows it for as long as it lives */
				size_t q;
				int named = 0;
				for (q = init + 1; q < end && !named; q++)
					named = names_root(c, q, root);
				if (!named)
					continue;
			} else if (!(is_ident(c, init) && borrows_root(c, root, init, end) &&
			             (names_root(c, init, root) || /* root.iter() */
			              (is_open(c, init + 1, '(') && skip_pair(c, init + 1) + 1 >= end &&
			               typelib_fn_returns(c->tl, c->text + c->t[init].off, c->t[init].len) == 1))) &&
			           !result_may_borrow(c, root, init, end))
				continue;
			for (pn = name; pn < init - 1 && !live; pn++) /* each name the pattern binds */
				if (is_ident(c, pn) && !is(c, pn, "_") && !is(c, pn, "mut") && !is(c, pn, "ref")) {
					range_text(c, pn, pn + 1, buf_name, sizeof(buf_name));
					live = later_use(c, buf_name, "", after, until, NULL, 0) != 0 ||
					       /* a guard, alive to the end of its block */
					       (binds_guard_of(c, root, init, end) &&
					        enclosing_block_close(c, k, fn->body_open) > before &&
					        !dropped_in(c, buf_name, end, before));
				}
			if (live)
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

/* Is the ident at k a name an arm's pattern binds: lower case, not a
 * path's segment, a call, a struct's or a macro's name, nor a keyword? */
static int pattern_binding(const ctx *c, size_t k)
{
	unsigned char f;

	if (!is_ident(c, k) || is(c, k, "ref") || is(c, k, "mut") || is(c, k, "if") || is(c, k, "true") ||
	    is(c, k, "false") || is(c, k, "_") || is(c, k, "box"))
		return 0;
	f = (unsigned char)c->text[c->t[k].off];
	if (!(f == '_' || (f >= 'a' && f <= 'z')))
		return 0;
	if (is(c, k + 1, "::") || is(c, k + 1, "!") || is_open(c, k + 1, '(') || is_open(c, k + 1, '{') ||
	    (k > 0 && (is(c, k - 1, "::") || is(c, k - 1, "."))))
		return 0;
	/* `Struct { field: binding }`: the field's name is no binding */
	return !is(c, k + 1, ":");
}

/* The innermost `if let PAT = EXPR {` or `while let` whose block holds
 * token at, within the fn body: its pattern [*pa, *pb), scrutinee [*sa,
 * *sb) and block's `{`; 0 when there is none. */
static int if_let_around(const ctx *c, size_t floor, size_t at, size_t *pa, size_t *pb, size_t *sa, size_t *sb,
                         size_t *open)
{
	size_t k = at;

	while (k > floor + 1) {
		size_t o, j, eq = 0;
		const rustlex_token *t = &c->t[--k];
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				return 0;
			k = t->pair;
			continue;
		}
		if (!is_open(c, k, '{') || !t->pair_ok || t->pair < at)
			continue;
		o = k;
		/* back from the `{` to the statement's start, over groups */
		for (j = o; j > floor + 1;) {
			const rustlex_token *u = &c->t[--j];
			if (u->kind == TOK_CLOSE && u->pair_ok) {
				j = u->pair;
				continue;
			}
			if (u->kind == TOK_OPEN || is(c, j, ";") || is(c, j, "=>") || is(c, j, "}"))
				break;
			if (is(c, j, "=") && !eq)
				eq = j;
			if (is(c, j, "let") && j > 0 && (is(c, j - 1, "if") || is(c, j - 1, "while")) && eq) {
				*pa = j + 1;
				*pb = eq;
				*sa = eq + 1;
				*sb = o;
				*open = o;
				return 1;
			}
		}
	}
	return 0;
}

/* The i-th top-level element [*a, *b) of the group opened at open (`(x,
 * y.kind())`); 0 when it has fewer. */
static int group_element(const ctx *c, size_t open, unsigned i, size_t *a, size_t *b)
{
	size_t close = c->t[open].pair, k, start = open + 1;
	unsigned at = 0;

	for (k = open + 1; k <= close; k++) {
		if (k < close && c->t[k].kind == TOK_OPEN && c->t[k].pair_ok) {
			k = c->t[k].pair;
			continue;
		}
		if (k == close || is(c, k, ",")) {
			if (at == i && k > start) {
				*a = start;
				*b = k;
				return 1;
			}
			at++;
			start = k + 1;
		}
	}
	return 0;
}

/* Does the scrutinee (or a part of one) [a, b) lend out of root: start
 * with it (`&root..` too) and borrow it, or call a method of it whose
 * result may hold a borrow (`target.kind(i)`)? */
static int scrutinee_lends(const ctx *c, const char *root, size_t a, size_t b)
{
	size_t s = a;

	if (is(c, s, "&"))
		s += 1 + (size_t)is(c, s + 1, "mut");
	return names_root(c, s, root) && (borrows_root(c, root, a, b) || result_may_borrow(c, root, s, b));
}

/* A tuple scrutinee, `match (source.kind(i), target.kind(i))`: the element
 * [*sa, *sb) that borrows root (or calls a method of it whose result may
 * hold a borrow) and, when the pattern is a tuple too, the
 * pattern's element [*pa, *pb) in the same place (else the whole pattern
 * stays).  0 when no element borrows root. */
static int tuple_scrutinee_part(const ctx *c, const char *root, size_t *sa, size_t *sb, size_t *pa, size_t *pb)
{
	size_t a, b, p0 = *pa;
	unsigned i;

	while (p0 < *pb && is(c, p0, "|"))
		p0++;
	for (i = 0; group_element(c, *sa, i, &a, &b); i++) {
		if (!scrutinee_lends(c, root, a, b))
			continue;
		if (is_open(c, p0, '(') && c->t[p0].pair_ok && c->t[p0].pair < *pb) {
			size_t qa, qb;
			if (group_element(c, p0, i, &qa, &qb)) {
				*pa = qa;
				*pb = qb;
			}
		}
		*sa = a;
		*sb = b;
		return 1;
	}
	return 0;
}

uint32_t arm_borrow(const ctx *c, const rs_fn *fn, const char *root, size_t at, size_t stmt0, const flow_skip *skips,
                    size_t nskips)
{
	flow_arm arm;
	char names[6][64];
	size_t n = 0, k, i, pa, pb, sa, sb, body, body_end;

	if (fn->body_open == RS_NONE)
		return 0;
	if (flow_arm_of(c->rs->lex, fn->body_open, at, &arm) == FLOW_ARM_BODY && arm.body_end) {
		pa = arm.pattern;
		pb = arm.arrow;
		sa = arm.match_kw + 1;
		sb = arm.arms_open;
		body = arm.arrow + 1;
		body_end = arm.body_end;
	} else if (if_let_around(c, fn->body_open, at, &pa, &pb, &sa, &sb, &body)) {
		/* `if let Some(memory) = &source.memory { .. }`: the same */
		body_end = c->t[body].pair;
		body++;
	} else
		return 0;
	/* the scrutinee is itself the borrow (`&source.kind`, `self.map.get(k)`),
	 * not a call given one (`lookup(&self.enums).await?` may well hand
	 * back owned values) */
	/* (a tuple of them, `match (a.kind(i), target.kind(i))`: the bindings
	 * of target's part borrow it -- chalk's unsize.rs, E0505) */
	if (is_open(c, sa, '(') && c->t[sa].pair_ok && c->t[sa].pair + 1 == sb) {
		if (!tuple_scrutinee_part(c, root, &sa, &sb, &pa, &pb))
			return 0;
	} else if (!scrutinee_lends(c, root, sa, sb))
		return 0;
	for (k = pa; k < pb && n < 6; k++)
		if (pattern_binding(c, k))
			range_text(c, k, k + 1, names[n++], sizeof(names[0]));
	/* values the arm makes from them before the clone's statement:
	 * `let font = FontRef::from_index(memory.as_ref(), i)?;` */
	for (k = body; k < stmt0 && n < 6; k++) {
		size_t name, end;
		if (!is(c, k, "let"))
			continue;
		name = k + 1 + (size_t)is(c, k + 1, "mut");
		if (!is_ident(c, name) || !(is(c, name + 1, "=") || is(c, name + 1, ":")))
			continue;
		end = stmt_end(c, name + 1, stmt0);
		/* only a value that may hold a borrow of one: `&memory`,
		 * `memory.as_ref()` (a lend_method) -- not a length or a String
		 * computed from it */
		for (i = 0; i < n && !borrows_root(c, names[i], name + 1, end); i++)
			;
		if (i < n)
			range_text(c, name, name + 1, names[n++], sizeof(names[0]));
	}
	/* one of them used in or after the clone's statement, in the arm --
	 * where that runs after the clone (not the other branch of an `if`) */
	for (i = 0; i < n; i++) {
		uint32_t line = later_use(c, names[i], "", stmt0, body_end, skips, nskips);
		if (line)
			return line;
	}
	return 0;
}
