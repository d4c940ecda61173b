#include "config.h"

#include "flow.h"

#include <string.h>

static int is_tok(const rustlex_result *lx, size_t i, const char *s)
{
	return i < lx->count && rustlex_is(lx, &lx->tokens[i], s);
}

static int is_open_brace(const rustlex_result *lx, size_t i)
{
	return i < lx->count && lx->tokens[i].kind == TOK_OPEN && lx->tokens[i].pair_ok && is_tok(lx, i, "{");
}

/* The keyword that introduces the block opening at `o`, looking back at
 * the same bracket level to the start of the expression: the token of
 * its `match` or `if`, or 0.  An `if let PAT = EXPR {` (and a chain, `if
 * a && let PAT = EXPR {`) is an `if` too: its `else` cannot run after its
 * block either (apollo-router's `if let Some(parent) = .. { ..
 * x.clone().into() .. } else { .. x .. }`, the engineers' removal). */
static size_t block_head(const rustlex_result *lx, size_t o, size_t floor)
{
	size_t j = o;
	int in_let = 0; /* past an `=`: only an `if let`'s pattern may come */

	while (j > floor + 1) {
		const rustlex_token *t = &lx->tokens[--j];
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				return 0;
			j = t->pair; /* over a group: `match f(x) {`, `if a[i] {` */
			continue;
		}
		if (is_tok(lx, j, "=") && !in_let) {
			in_let = 1;
			continue;
		}
		if (in_let && is_tok(lx, j, "let")) {
			if (j > floor + 1 && is_tok(lx, j - 1, "if"))
				return j - 1;
			if (!(j > floor + 1 && is_tok(lx, j - 1, "&&")))
				return 0; /* `while let`, or a `let` statement */
			in_let = 0; /* a chain: on to its `if` */
			continue;
		}
		if (t->kind == TOK_OPEN || is_tok(lx, j, ";") || is_tok(lx, j, "=>") || is_tok(lx, j, "="))
			return 0; /* the expression's start, and no keyword */
		if (in_let)
			continue; /* the pattern and the value: no keyword of ours */
		if (is_tok(lx, j, "match") || is_tok(lx, j, "if"))
			return j;
		if (is_tok(lx, j, "else") || is_tok(lx, j, "while") || is_tok(lx, j, "for") || is_tok(lx, j, "loop") ||
		    is_tok(lx, j, "fn"))
			return 0;
	}
	return 0;
}

/* In the match block [o, close], the last token of the arm that holds
 * `at`, or 0 when the arms do not parse plainly. */
static size_t arm_end(const rustlex_result *lx, size_t o, size_t close, size_t at)
{
	size_t j;

	for (j = o + 1; j < close; j++) {
		const rustlex_token *t = &lx->tokens[j];
		if (t->kind == TOK_OPEN) {
			size_t g;
			if (!t->pair_ok)
				return 0;
			g = t->pair;
			if (is_tok(lx, j, "{") && j > 0 && is_tok(lx, j - 1, "=>")) { /* an arm's block body */
				if (at > j && at < g)
					return is_tok(lx, g + 1, ",") ? g + 1 : g;
			}
			j = g;
			continue;
		}
		if (is_tok(lx, j, ",") && at < j)
			return j; /* the arm holding `at` (an expression body) ends here */
	}
	return 0; /* the last arm: nothing after it in this match */
}

/* The `match` keyword before the block opening at `o`, or 0. */
static size_t match_keyword(const rustlex_result *lx, size_t o, size_t floor)
{
	size_t k = block_head(lx, o, floor);

	return k && is_tok(lx, k, "match") ? k : 0;
}

/* The body of the match arm that starts at token j (just past its `=>`),
 * in the arms' block closing at close: a block (and the comma after it),
 * or everything to the next comma at its level.  One past the body's last
 * token in *end; the first token of the next arm returned, 0 when a group
 * in the body is unpaired. */
static size_t arm_body(const rustlex_result *lx, size_t j, size_t close, size_t *end)
{
	if (is_open_brace(lx, j)) {
		*end = lx->tokens[j].pair + 1;
		return *end + (size_t)is_tok(lx, *end, ",");
	}
	while (j < close && !is_tok(lx, j, ",")) {
		if (lx->tokens[j].kind == TOK_OPEN) {
			if (!lx->tokens[j].pair_ok)
				return 0;
			j = lx->tokens[j].pair;
		}
		j++;
	}
	*end = j;
	return j + 1;
}

int flow_arm_of(const rustlex_result *lx, size_t body_open, size_t at, flow_arm *arm)
{
	size_t i;

	memset(arm, 0, sizeof(*arm));
	for (i = at; i > body_open + 1;) {
		const rustlex_token *t = &lx->tokens[--i];
		size_t close, j, start, guard = 0, kw, next;
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				return 0;
			i = t->pair;
			continue;
		}
		if (t->kind != TOK_OPEN || !t->pair_ok || !is_tok(lx, i, "{") || !(kw = match_keyword(lx, i, body_open)))
			continue;
		/* the arms, one by one, from the match's `{` */
		close = t->pair;
		for (start = j = i + 1; j < close; j++) {
			const rustlex_token *u = &lx->tokens[j];
			size_t arrow;
			if (u->kind == TOK_OPEN) {
				if (!u->pair_ok)
					return 0;
				j = u->pair; /* a group of the pattern, the guard or the body */
				continue;
			}
			if (is_tok(lx, j, "if") && !guard)
				guard = j;
			if (!is_tok(lx, j, "=>"))
				continue;
			arrow = j;
			arm->match_kw = kw;
			arm->arms_open = i;
			arm->pattern = start;
			arm->arrow = arrow;
			if (!(next = arm_body(lx, j + 1, close, &arm->body_end)))
				return 0;
			if (at >= start && at < (guard ? guard : arrow))
				return FLOW_ARM_PATTERN;
			if (at >= start && at < arrow)
				return FLOW_ARM_GUARD;
			if (at < next && at > arrow)
				return FLOW_ARM_BODY;
			start = next;
			j = next - 1; /* the loop's step lands on the next arm */
			guard = 0;
		}
		memset(arm, 0, sizeof(*arm));
		return 0; /* the innermost match around `at`: nothing beyond it */
	}
	return 0;
}

/* The end (last token) of an `else` chain starting at token e, or 0. */
static size_t else_chain_end(const rustlex_result *lx, size_t e, size_t floor_close)
{
	while (is_tok(lx, e, "else")) {
		size_t b = e + 1;
		if (is_tok(lx, b, "if")) /* `else if COND {`: its block is the first `{` at this level */
			for (b++; b < floor_close && !is_open_brace(lx, b); b++)
				if (lx->tokens[b].kind == TOK_OPEN) {
					if (!lx->tokens[b].pair_ok)
						return 0;
					b = lx->tokens[b].pair;
				}
		if (!is_open_brace(lx, b))
			return 0;
		e = lx->tokens[b].pair + 1;
		if (!is_tok(lx, e, "else"))
			return e - 1;
	}
	return 0;
}

size_t flow_unreachable(const rustlex_result *lx, size_t body_open, size_t at, size_t return_end,
                        size_t return_close, flow_skip *out, size_t max)
{
	size_t n = 0, i, body_close;

	if (!lx->tokens[body_open].pair_ok || at <= body_open)
		return 0;
	body_close = lx->tokens[body_open].pair;
	if (return_end && return_end < return_close && return_close <= body_close && n < max) {
		out[n].a = (uint32_t)return_end;
		out[n++].b = (uint32_t)return_close;
	}
	/* the brackets around `at`, innermost first */
	for (i = at; i > body_open + 1 && n < max;) {
		const rustlex_token *t = &lx->tokens[--i];
		size_t close;
		size_t head;
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				break;
			i = t->pair;
			continue;
		}
		if (t->kind != TOK_OPEN || !t->pair_ok || !is_tok(lx, i, "{"))
			continue;
		close = t->pair;
		head = block_head(lx, i, body_open);
		if (head && is_tok(lx, head, "match")) { /* the other arms after ours */
			size_t e = arm_end(lx, i, close, at);
			if (e && e + 1 < close) {
				out[n].a = (uint32_t)(e + 1);
				out[n++].b = (uint32_t)close;
			}
		} else if (head && is_tok(lx, head, "if")) { /* the else branches */
			size_t e = else_chain_end(lx, close + 1, body_close);
			if (e) {
				out[n].a = (uint32_t)(close + 1);
				out[n++].b = (uint32_t)(e + 1);
			}
		}
	}
	return n;
}

/* Does the pattern in [a, b) bind a name?  A lower-case identifier that is
 * not a path's segment, a call or a struct's name: `Some(caps)`, `ref x`,
 * `Point { x, .. }`; not `None`, `Kind::A`, `_`, a literal. */
static int pattern_binds(const rustlex_result *lx, size_t a, size_t b)
{
	size_t j;

	for (j = a; j < b; j++) {
		const rustlex_token *t = &lx->tokens[j];
		char c0;
		if (t->kind != TOK_IDENT || t->len == 0)
			continue;
		c0 = (char)t->first;
		if (!(c0 == '_' || (c0 >= 'a' && c0 <= 'z')) || (t->len == 1 && c0 == '_'))
			continue;
		if (is_tok(lx, j, "ref") || is_tok(lx, j, "mut") || is_tok(lx, j, "true") || is_tok(lx, j, "false") ||
		    is_tok(lx, j, "box"))
			continue;
		if ((j > a && (is_tok(lx, j - 1, "::") || is_tok(lx, j - 1, "."))) || is_tok(lx, j + 1, "::") ||
		    is_tok(lx, j + 1, "(") || is_tok(lx, j + 1, "!") || is_open_brace(lx, j + 1))
			continue;
		return 1;
	}
	return 0;
}

/* Does a pattern of the match arms in the block [o, close] bind a name?
 * Each arm's pattern runs from the arm's start to its guard's `if` or its
 * `=>`; arms that do not parse plainly count as binding. */
static int arms_bind(const rustlex_result *lx, size_t o, size_t close)
{
	size_t j = o + 1, start = o + 1, end = 0, body_end;

	while (j < close) {
		const rustlex_token *t = &lx->tokens[j];
		if (t->kind == TOK_OPEN) {
			if (!t->pair_ok)
				return 1;
			j = t->pair + 1;
			continue;
		}
		if (!end && (is_tok(lx, j, "if") || is_tok(lx, j, "=>")))
			end = j;
		if (!is_tok(lx, j, "=>")) {
			j++;
			continue;
		}
		if (pattern_binds(lx, start, end))
			return 1;
		if (!(j = arm_body(lx, j + 1, close, &body_end)))
			return 1;
		start = j;
		end = 0;
	}
	return 0;
}

int flow_scrutinee_of(const rustlex_result *lx, size_t body_open, size_t at, flow_scrutinee *s)
{
	size_t j = at, eq = 0, kw = 0, o;

	memset(s, 0, sizeof(*s));
	if (!lx->tokens[body_open].pair_ok || at <= body_open)
		return 0;
	/* back, out through the calls the value sits in, to the keyword */
	while (j > body_open + 1 && !kw) {
		const rustlex_token *t = &lx->tokens[--j];
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok || is_tok(lx, j, "}"))
				return 0;
			j = t->pair;
			continue;
		}
		if (t->kind == TOK_OPEN) {
			if (is_tok(lx, j, "{"))
				return 0; /* in a block: no scrutinee around `at` */
			continue;
		}
		if (is_tok(lx, j, "|") || is_tok(lx, j, "||") || is_tok(lx, j, "move"))
			return 0; /* in a closure the scrutinee calls: what it lends ends with each call */
		if (is_tok(lx, j, ";") || is_tok(lx, j, "=>") || is_tok(lx, j, "if") || is_tok(lx, j, "while") ||
		    is_tok(lx, j, "for") || is_tok(lx, j, "loop") || is_tok(lx, j, "else") || is_tok(lx, j, "return") ||
		    is_tok(lx, j, "fn"))
			return 0;
		if (is_tok(lx, j, "=")) {
			if (eq)
				return 0;
			eq = j;
		} else if (is_tok(lx, j, "match"))
			kw = j;
		else if (is_tok(lx, j, "let")) {
			if (!eq || !(is_tok(lx, j - 1, "if") || is_tok(lx, j - 1, "while") || is_tok(lx, j - 1, "&&")))
				return 0; /* a `let` statement */
			kw = j;
		}
	}
	if (!kw)
		return 0;
	/* forward from the keyword to its block: the first `{` at its level */
	for (o = kw + 1; o < lx->count && !is_open_brace(lx, o); o++) {
		if (is_tok(lx, o, ";"))
			return 0;
		if (lx->tokens[o].kind == TOK_OPEN) {
			if (!lx->tokens[o].pair_ok)
				return 0;
			o = lx->tokens[o].pair;
		}
	}
	if (o >= lx->count || o <= at)
		return 0;
	s->keyword = kw;
	s->open = o;
	s->close = lx->tokens[o].pair;
	s->binds = is_tok(lx, kw, "match") ? arms_bind(lx, o, s->close) : pattern_binds(lx, kw + 1, eq);
	return 1;
}

/* From token j forward over whole groups: the `;` that ends the
 * statement, or the close of the group it is in; 0 when a group does not
 * pair. */
static size_t stmt_end_from(const rustlex_result *lx, size_t j, size_t limit)
{
	for (; j < limit; j++) {
		const rustlex_token *t = &lx->tokens[j];
		if (t->kind == TOK_OPEN) {
			if (!t->pair_ok)
				return 0;
			j = t->pair;
		} else if (t->kind == TOK_CLOSE || is_tok(lx, j, ";")) {
			return j;
		}
	}
	return 0;
}

/* Does the token before j end an operand -- a name (not `move` or
 * `return`), a literal, a closing bracket -- so that an operator at j
 * joins two operands? */
static int after_operand(const rustlex_result *lx, size_t j)
{
	const rustlex_token *p;

	if (j == 0)
		return 0;
	p = &lx->tokens[j - 1];
	if (p->kind == TOK_CLOSE)
		return 1;
	if (p->kind == TOK_IDENT)
		return !is_tok(lx, j - 1, "move") && !is_tok(lx, j - 1, "return");
	return p->kind == TOK_NUMBER || p->kind == TOK_STRING || p->kind == TOK_CHAR;
}

void flow_holders_of(const rustlex_result *lx, size_t body_open, size_t at, flow_holders *h)
{
	size_t j = at, body_close;
	int earlier = 0; /* in an earlier statement of the block: only its `{` matters */

	memset(h, 0, sizeof(*h));
	if (!lx->tokens[body_open].pair_ok || at <= body_open)
		return;
	body_close = lx->tokens[body_open].pair;
	while (j > body_open + 1) {
		const rustlex_token *t = &lx->tokens[--j];
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				break;
			j = t->pair;
			continue;
		}
		if (t->kind == TOK_OPEN) {
			earlier = 0;
			if (is_tok(lx, j, "{") && (is_tok(lx, j - 1, "|") || is_tok(lx, j - 1, "||") ||
			                           is_tok(lx, j - 1, "async") || is_tok(lx, j - 1, "move"))) {
				/* a closure's or an async block's body: a `return` in it
				 * leaves it, not the fn */
				if (h->return_kw)
					h->return_close = t->pair;
				return;
			}
			continue;
		}
		if (earlier)
			continue;
		if (is_tok(lx, j, ";") || is_tok(lx, j, "=>")) {
			earlier = 1;
			continue;
		}
		/* a closure's parameters (or an `|`: either way no holder is
		 * certain past it), a nested fn; an `||` after an operand is a
		 * logical or (`if a == "C" || a == "POSIX" { .. }` of an earlier
		 * statement: gettext-rs, whose removal after it was lost) */
		if (is_tok(lx, j, "|") || is_tok(lx, j, "fn") || (is_tok(lx, j, "||") && !after_operand(lx, j)))
			break;
		if (!h->return_kw && is_tok(lx, j, "return")) {
			h->return_kw = j;
			h->return_end = stmt_end_from(lx, j + 1, body_close);
			h->return_close = body_close;
		} else if (!h->let_kw && is_tok(lx, j, "let") &&
		           !(is_tok(lx, j - 1, "if") || is_tok(lx, j - 1, "while") || is_tok(lx, j - 1, "&&"))) {
			size_t e = stmt_end_from(lx, j + 1, body_close);
			if (e && is_tok(lx, e, ";")) {
				h->let_kw = j;
				h->let_end = e;
			}
		}
	}
	/* stopped at a closure's parameters or an unpaired group: where a
	 * `return` found on the way leads is not known -- a `let` found still
	 * names its own block's value */
	if (j > body_open + 1) {
		h->return_kw = 0;
		h->return_end = 0;
		h->return_close = 0;
	}
}

int flow_skipped(const flow_skip *v, size_t n, size_t k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (k >= v[i].a && k < v[i].b)
			return 1;
	return 0;
}
