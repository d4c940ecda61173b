/* ev_tokens: the view of one file's tokens that the evidence modules
 * share (ev_types, ev_stmt, ownership, evidence) -- the file, the run's type
 * library beside it, and small questions about single tokens.  Internal to
 * the evidence step; nothing outside src/ev_*.c, ownership.c and
 * evidence.c includes it. */
#ifndef HPA_EV_TOKENS_H
#define HPA_EV_TOKENS_H

#include <stddef.h>
#include <string.h>

#include "audit_rules.h"
#include "evidence.h"
#include "rustlex.h"
#include "rustscan.h"
#include "strlist.h"
#include "typelib.h"

/* The tokens of one file; `lib` is the type library of the whole run
 * (NULL when there is none). */
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

#define TR_NONE ((trange){ NULL, 0, 0 })

static inline trange tr(const ctx *c, size_t a, size_t b)
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

static inline int is_ident(const ctx *c, size_t i)
{
	return i < c->n && c->t[i].kind == TOK_IDENT;
}

static inline int is_open(const ctx *c, size_t i, char ch)
{
	return i < c->n && c->t[i].kind == TOK_OPEN && c->t[i].first == (unsigned char)ch;
}

static inline int in_list(const ctx *c, const strlist *l, size_t i)
{
	return i < c->n && strlist_has(l, c->text + c->t[i].off, c->t[i].len);
}

/* Does the method named at token m return a value of its own, as every
 * fn of the workspace by that name does?  Not for the names of std's
 * lookups on a container (the rules' lookup_method: `get`, `first`,
 * `last`..): whatever a workspace type's `get` returns, `self.ids.get(i)`
 * on a Vec lends (rustc-perf's `let r = self.ids.get(self.idx)?;
 * Some(r.clone())`, held-out sample 43: E0308 without the clone). */
static inline int method_owned_in_workspace(const ctx *c, size_t m)
{
	return !in_list(c, &c->ar->lookup_method, m) && typelib_fn_owned(c->tl, c->text + c->t[m].off, c->t[m].len);
}

static inline int same_tok(const ctx *c, size_t i, size_t j)
{
	return c->t[i].len == c->t[j].len && memcmp(c->text + c->t[i].off, c->text + c->t[j].off, c->t[i].len) == 0;
}

static inline size_t skip_pair(const ctx *c, size_t i)
{
	return c->t[i].pair_ok ? c->t[i].pair : i;
}

/* Copy tokens [a, b) as text: a space only between two words and around
 * `=` and after `,`. */
static inline void range_text(const ctx *c, size_t a, size_t b, char *out, size_t size)
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

static inline void tok_text(const ctx *c, size_t i, char *out, size_t size)
{
	range_text(c, i, i + 1, out, size);
}

static inline int tok_eq_text(const ctx *c, size_t i, const char *s, size_t n)
{
	return i < c->n && c->t[i].len == n && memcmp(c->text + c->t[i].off, s, n) == 0;
}

#endif
