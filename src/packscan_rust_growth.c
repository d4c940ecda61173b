/* packscan_rust_growth.c: a buffer kept on `self`, grown by a method with
 * what its caller hands it and parsed whole by that same method
 * (parsed_as_grown).  Called once per chunk of a stream, such a method
 * parses everything received so far on every call: the work is quadratic
 * in the stream's length.  The misses of held-out recall sample 36:
 * text-generation-inference's `ChatState::push`, per streamed token of a
 * tool call, `self.text.push_str(token_text)` and then
 * `serde_json::from_str::<Call>(&self.text)` (and, while buffering, of
 * `format!("{}}}}}", partial)` with `partial` a trimmed `&self.text`). */
#include <string.h>

#include "packscan_rust.h"

/* How many `let`s a read is followed back through to the field it reads
 * (`let partial = &self.text; let partial = partial.trim_end_matches(..);`). */
#define MAX_HOPS 4

/* Does fn def take `&mut self` (or `mut self`)?  Only a method that
 * changes self keeps a buffer between calls. */
static int r_takes_mut_self(const rust_file *f, const rs_fn *def)
{
	size_t k = def->params_open;

	if (k == RS_NONE || !f->t[k].pair_ok)
		return 0;
	k++;
	if (r_is(f, k, "&"))
		k++;
	if (r_kind(f, k) == TOK_LIFETIME)
		k++;
	return r_is(f, k, "mut") && r_is(f, k + 1, "self");
}

/* Is the identifier at tok one of def's parameters (`name: Type`)? */
static int r_is_param(const rust_file *f, const rs_fn *def, size_t tok)
{
	size_t k, close;

	if (def->params_open == RS_NONE || !f->t[def->params_open].pair_ok)
		return 0;
	close = f->t[def->params_open].pair;
	for (k = def->params_open + 1; k + 1 < close; k++)
		if (r_kind(f, k) == TOK_IDENT && r_is(f, k + 1, ":") && same_text(f, k, tok) &&
		    (r_is(f, k - 1, "(") || r_is(f, k - 1, ",") || r_is(f, k - 1, "mut")))
			return 1;
	return 0;
}

/* The name of the field of self that [from, to) reads -- `self.F` there,
 * or a local there whose `let` (followed back up to `hops` times) reads
 * one: the token of F, or 0.  A method called on self (`self.f(..)`) is
 * no field. */
static size_t r_self_field_read(const rust_file *f, size_t from, size_t to, size_t floor, int hops)
{
	size_t k, let, name, field;

	for (k = from; k < to; k++) {
		if (r_is(f, k, "self") && r_is(f, k + 1, ".") && r_kind(f, k + 2) == TOK_IDENT && !r_is(f, k + 3, "(") &&
		    !r_is(f, k + 3, "::"))
			return k + 2;
		if (hops <= 0 || r_kind(f, k) != TOK_IDENT || r_is(f, k - 1, ".") || r_is(f, k + 1, "(") ||
		    r_is(f, k + 1, "::") || r_is(f, k + 1, "!"))
			continue;
		/* a local: the `let` that binds it, before this statement */
		if (!(let = r_binding_let(f, k, floor)) || !(name = r_let_name(f, let)))
			continue;
		if (k < r_statement_end(f, let)) /* read in the `let` that binds it: the binding it shadows */
			let = r_binding_let(f, name, floor);
		if (let && (name = r_let_name(f, let)) &&
		    (field = r_self_field_read(f, name + 1, r_statement_end(f, let), floor, hops - 1)))
			return field;
	}
	return 0;
}

/* Does [from, to) name a parameter of def, or a local whose `let` reads
 * one (`let token_text = &stream_token.token.text;`)?  What the caller
 * handed in, not a literal the method adds itself. */
static int r_brings_argument(const rust_file *f, const rs_fn *def, size_t from, size_t to)
{
	size_t k, let, name;

	for (k = from; k < to; k++) {
		if (r_kind(f, k) != TOK_IDENT || r_is(f, k - 1, ".") || r_is(f, k + 1, "(") || r_is(f, k + 1, "::"))
			continue;
		if (r_is_param(f, def, k))
			return 1;
		if ((let = r_binding_let(f, k, def->body_open)) && (name = r_let_name(f, let))) {
			size_t j, end = r_statement_end(f, let);
			for (j = name + 1; j < end; j++)
				if (r_kind(f, j) == TOK_IDENT && !r_is(f, j - 1, ".") && r_is_param(f, def, j))
					return 1;
		}
	}
	return 0;
}

static const char *const growers[] = { "push_str", "push", "extend", "extend_from_slice", "insert_str", NULL };

/* The first token of a statement of def's body before `before` that grows
 * self's field (the token field names it) with what the caller handed
 * in: `self.F.push_str(x)`, `.push(x)`, `.extend(..)`, `self.F += x`,
 * `write!(self.F, ..)`.  0 when there is none. */
static size_t r_grown_before(const rust_file *f, const rs_fn *def, size_t field, size_t before)
{
	size_t k;

	for (k = def->body_open + 1; k + 4 < before; k++) {
		if (!(r_is(f, k, "self") && r_is(f, k + 1, ".") && same_text(f, k + 2, field)))
			continue;
		if (r_is(f, k + 3, ".") && r_is_among(f, k + 4, growers) && r_is(f, k + 5, "(") && f->t[k + 5].pair_ok &&
		    r_brings_argument(f, def, k + 6, f->t[k + 5].pair))
			return k;
		if (r_is(f, k + 3, "+=") && r_brings_argument(f, def, k + 4, r_statement_end(f, k)))
			return k;
		if (k >= 3 && r_is(f, k - 1, "(") && r_is(f, k - 2, "!") && (r_is(f, k - 3, "write") || r_is(f, k - 3, "writeln")) &&
		    f->t[k - 1].pair_ok && r_brings_argument(f, def, k + 3, f->t[k - 1].pair))
			return k;
	}
	return 0;
}

/* parsed_as_grown: `serde_json::from_str(..)` (or `from_slice`) in a
 * method taking `&mut self`, whose argument reads a field of self --
 * directly or through `let`s -- that the method grew earlier in its body
 * with what its caller handed it.  The field's name goes to the hit, the
 * growing statement's line to its related line. */
int r_parsed_as_grown(const rust_file *f, size_t tok, pack_hit *hit)
{
	size_t open = r_call_open(f, tok), field, grown;
	uint32_t fn = r_fn_of(f, tok);
	const rs_fn *def;

	if (!open || fn == RS_NONE || !f->t[open].pair_ok)
		return 0;
	def = &f->rs->fns[fn];
	if (def->body_open == RS_NONE || !r_takes_mut_self(f, def))
		return 0;
	if (!(field = r_self_field_read(f, open + 1, f->t[open].pair, def->body_open, MAX_HOPS)))
		return 0;
	if (!(grown = r_grown_before(f, def, field, r_statement_start(f, tok))))
		return 0;
	memcpy(hit->name, "self.", 6); /* the field as the method reads it */
	r_name(f, field, hit->name + 5, sizeof(hit->name) - 5);
	hit->related_line = f->t[grown].line;
	return 1;
}
