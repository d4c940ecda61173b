#include "config.h"

#include "ev_stmt.h"

#include <string.h>

size_t let_end(const ctx *c, size_t i, size_t limit)
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

size_t stmt_end(const ctx *c, size_t i, size_t limit)
{
	for (; i < limit; i++) {
		if (c->t[i].kind == TOK_OPEN)
			i = skip_pair(c, i);
		else if (c->t[i].kind == TOK_CLOSE || is(c, i, ";"))
			return i;
	}
	return limit;
}

int struct_literal_open(const ctx *c, size_t p)
{
	const char *name;

	if (!is_open(c, p, '{') || p == 0 || !is_ident(c, p - 1))
		return 0;
	name = c->text + c->t[p - 1].off;
	if (!(name[0] >= 'A' && name[0] <= 'Z'))
		return 0;
	/* `Name { field: ..`, `Name { field, ..`, `Name { ..base }`, `Name {}` */
	return (is_ident(c, p + 1) && (is(c, p + 2, ":") || is(c, p + 2, ",") || is(c, p + 2, "}"))) || is(c, p + 1, "..") ||
	       is(c, p + 1, "}");
}

size_t full_stmt_end(const ctx *c, size_t i, size_t limit, int *in_struct)
{
	*in_struct = 0;
	for (; i < limit; i++) {
		if (c->t[i].kind == TOK_OPEN) {
			/* a block (`if cond {`, a closure's body): the expression
			 * before it ends there */
			if (is_open(c, i, '{') && !struct_literal_open(c, i))
				return i;
			i = skip_pair(c, i);
		} else if (c->t[i].kind == TOK_CLOSE) {
			if (!c->t[i].pair_ok || (is(c, i, "}") && !struct_literal_open(c, c->t[i].pair)))
				return i; /* the block the statement is in ends */
			if (is(c, i, "}"))
				*in_struct = 1;
		} else if (is(c, i, ";")) {
			return i;
		}
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

size_t stmt_start(const ctx *c, size_t i, size_t limit)
{
	return start_back(c, i, limit, 0);
}

size_t outer_stmt_start(const ctx *c, size_t i, size_t limit)
{
	return start_back(c, i, limit, 1);
}

size_t block_end(const ctx *c, size_t i, size_t limit)
{
	for (; i < limit; i++) {
		if (c->t[i].kind == TOK_OPEN)
			i = skip_pair(c, i);
		else if (c->t[i].kind == TOK_CLOSE)
			return i;
	}
	return limit;
}

int names_root(const ctx *c, size_t i, const char *root)
{
	const rustlex_token *t;

	/* asked of every token of a fn for every site in it: the kind and the
	 * first byte dismiss almost all before any length is taken */
	if (i >= c->n || (t = &c->t[i])->kind != TOK_IDENT || t->first != (unsigned char)root[0] || t->len != strlen(root) ||
	    memcmp(c->text + t->off, root, t->len) != 0)
		return 0;
	return !(i > 0 && (is(c, i - 1, ".") || is(c, i - 1, "::")));
}

int field_label(const ctx *c, size_t i)
{
	return is(c, i + 1, ":") && i > 0 && (is(c, i - 1, "{") || is(c, i - 1, ","));
}

int in_format_macro(const ctx *c, size_t k, size_t floor)
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
			/* an index (`self.raw[r.clone()]`): Index::index takes it by
			 * value, an array literal `[x]` is input (laurel, E0277) */
			if (is_open(c, p, '[') && p > 0 && (is_ident(c, p - 1) || c->t[p - 1].kind == TOK_CLOSE))
				return 0;
			k = p;
			continue;
		}
		if (is(c, p, ";"))
			return 0;
		k = p;
	}
	return 0;
}

int std_method_reads(const ctx *c, size_t m)
{
	return in_list(c, &c->ar->borrow_method, m) && !typelib_takes_self(c->tl, c->text + c->t[m].off, c->t[m].len);
}

size_t method_args_open(const ctx *c, size_t m)
{
	size_t q;
	int depth = 0;

	if (is_open(c, m + 1, '('))
		return m + 1;
	if (!(is(c, m + 1, "::") && is(c, m + 2, "<")))
		return 0;
	/* `.downcast::<T>()`, `.collect::<Vec<_>>()`: past the turbofish */
	for (q = m + 2; q < c->n; q++) {
		if (c->t[q].kind == TOK_OPEN && c->t[q].pair_ok)
			q = c->t[q].pair;
		else if (is(c, q, "<"))
			depth++;
		else if (is(c, q, ">") && --depth == 0)
			return is_open(c, q + 1, '(') ? q + 1 : 0;
		else if (is(c, q, ";") || c->t[q].kind == TOK_CLOSE)
			return 0;
	}
	return 0;
}

enum use_kind use_at(const ctx *c, size_t k, size_t floor)
{
	size_t n = k + 1;
	int indexed = 0;

	if (k > 0 && is(c, k - 1, "mut") && k > 1 && is(c, k - 2, "&"))
		return USE_MUT;
	if (k > 0 && is(c, k - 1, "&"))
		return USE_READ;
	if (k > 0 && (is(c, k - 1, "==") || is(c, k - 1, "!=")))
		return USE_READ;
	/* fields and indexes, then maybe a method: x.a.b.len(), x[1..].iter_mut()
	 * (ketos' `args[1..].iter_mut()` while `&args[0]` is lent, E0502),
	 * x.downcast::<T>() */
	while ((is(c, n, ".") && is_ident(c, n + 1) && !method_args_open(c, n + 1)) ||
	       (is_open(c, n, '[') && c->t[n].pair_ok && n > k)) {
		indexed |= is_open(c, n, '[');
		n = is_open(c, n, '[') ? c->t[n].pair + 1 : n + 2;
	}
	if (is(c, n, ".") && is_ident(c, n + 1) && method_args_open(c, n + 1)) {
		/* a method std's list says only reads (and no workspace method of
		 * that name takes `self`), or one every workspace method of that
		 * name takes by `&self` -- unless std has a method of that name
		 * that takes or consumes (`take`, `pop`, `into_*`) */
		const char *m = c->text + c->t[n + 1].off;
		size_t mn = c->t[n + 1].len;
		int std_takes = in_list(c, &c->ar->take_method, n + 1) || in_list(c, &c->ar->owned_method, n + 1) ||
		                (mn > 5 && memcmp(m, "into_", 5) == 0);
		if (std_method_reads(c, n + 1) || (!std_takes && typelib_reads_self(c->tl, m, mn)))
			return USE_READ;
		/* out of an index only a Copy element moves -- a copy, not a use
		 * of the container (`args["format"].as_str()` where some
		 * workspace `as_str` takes `self`: bionic-gpt's tool arguments);
		 * what changes the element in place changes the container */
		if (indexed && !std_takes && !typelib_changes_self(c->tl, m, mn) && !(mn > 4 && memcmp(m + mn - 4, "_mut", 4) == 0))
			return USE_READ;
		return USE_MOVE;
	}
	if (n > k + 1) /* a field or an element read -- or written */
		return is(c, n, "=") || is(c, n, "+=") || is(c, n, "-=") || is(c, n, "*=") || is(c, n, "/=") ||
		               is(c, n, "|=") || is(c, n, "&=")
		           ? USE_MUT
		           : USE_READ;
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

/* Does the string literal at token k name root as a format argument,
 * `{root}` or `{root:?}` (inline arguments of `format!`, `warn!`, ...)?
 * Any string so written counts: a false hit keeps a clone, a miss moves
 * a value a log line still reads (ruma's `warn!("{path}")`, E0382). */
static int string_names(const ctx *c, size_t k, const char *root)
{
	const char *s = c->text + c->t[k].off, *end = s + c->t[k].len, *p;
	size_t n = strlen(root);

	for (p = s; n && (p = memchr(p, '{', (size_t)(end - p))) != NULL; p++) {
		if (p + 1 < end && p[1] == '{') { /* `{{`: an escaped brace */
			p++;
			continue;
		}
		if ((size_t)(end - p) > n + 1 && memcmp(p + 1, root, n) == 0 && (p[n + 1] == '}' || p[n + 1] == ':'))
			return 1;
	}
	return 0;
}

/* Is token k inside a closure that starts at or after token from, in a
 * crate of edition 2018 or before (or of no known edition)?  Such a
 * closure captures a variable whole, so reading `args.margin` in it
 * borrows all of `args`, a field of which may have moved out before
 * (gping's `terminal.draw(|f| .. args.vertical_margin ..)` after
 * `args.hosts_or_commands` moved: E0382); from 2021 on, a closure
 * captures the fields it uses. */
static int in_closure_from(const ctx *c, size_t k, size_t from)
{
	size_t s;

	if (c->memo && c->memo->edition >= 2021)
		return 0;

	for (s = 0; s < c->rs->scope_count; s++) {
		const rs_scope *sc = &c->rs->scopes[s];
		if (sc->kind == RS_CLOSURE && sc->head >= from && sc->start <= k && k < sc->end)
			return 1;
	}
	return 0;
}

uint32_t later_use(const ctx *c, const char *root, const char *field, size_t from, size_t until,
                   const flow_skip *skips, size_t nskips)
{
	size_t k;

	for (k = from; k < until; k++) {
		if (c->t[k].kind == TOK_STRING && !flow_skipped(skips, nskips, k) && string_names(c, k, root))
			return c->t[k].line;
		if (!names_root(c, k, root) || flow_skipped(skips, nskips, k))
			continue; /* not the name, or code that cannot run after the clone (flow.h) */
		if (field_label(c, k))
			continue; /* `Foo { root: x }` */
		if (k > 0 && (is(c, k - 1, "let") || (is(c, k - 1, "mut") && k > 1 && is(c, k - 2, "let")))) {
			/* shadowed: only its initializer can still read the old value */
			size_t end = let_end(c, k + 1, until), q, e = end, close;
			if (is(c, end, "=")) {
				e = stmt_end(c, end + 1, until);
				for (q = end + 1; q < e; q++)
					if (names_root(c, q, root))
						return c->t[q].line;
			}
			/* until the block the new name lives in ends: a `let messages
			 * = inside.clone();` in a spawned closure leaves the outer
			 * `messages` to the code after it (tiny_http: E0382) */
			close = block_end(c, e, until);
			if (close >= until)
				return 0;
			k = close;
			continue;
		}
		/* assigned, not read -- unless it is `#name` in a quote! macro's
		 * tokens (`quote_spanned!(span=> #name = #value)`), which reads it */
		if (is(c, k + 1, "=") && !(k > 0 && (is(c, k - 1, "*") || is(c, k - 1, "#"))))
			continue;
		if (field && field[0] && is(c, k + 1, ".") && is_ident(c, k + 2) && !method_args_open(c, k + 2) &&
		    !is(c, k + 2, field) && !in_closure_from(c, k, from))
			continue; /* another field: unaffected by moving this one */
		return c->t[k].line;
	}
	return 0;
}
